#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading and writing file descriptors with `read(2)` and `write(2)`: interrupted calls are retried, a write goes on
/// until every byte is written, and a descriptor left non-blocking by another process is waited on with `poll`.
package enum FileDescriptorIO {
  /// Reads what `fd` has (waiting until it has something) into `buffer`: the number of bytes read, 0 at the end of
  /// the input or when it cannot be read.
  package static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    while true {
      let count = read(fd, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: waitUntil(fd, is: POLLIN)
      default: return 0
      }
    }
  }

  /// Writes all of `bytes` to `fd`; false when it cannot be written (a closed pipe, say), after which part of the bytes
  /// may have been written.
  @discardableResult
  package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if count >= 0 {
        offset += count
        continue
      }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: waitUntil(fd, is: POLLOUT)
      default: return false
      }
    }
    return true
  }

  /// Writes `text` (UTF-8) to `fd`; false when it cannot be written.
  @discardableResult
  package static func writeAll(_ fd: Int32, _ text: String) -> Bool {
    var text = text
    return text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
  }

  /// Writes `text` to the standard error output, if it can.
  package static func writeToStandardError(_ text: String) {
    writeAll(STDERR_FILENO, text)
  }

  /// Waits until `fd` is ready for `event` (`POLLIN`, `POLLOUT`) or has failed.
  private static func waitUntil(_ fd: Int32, is event: Int32) {
    var entry = pollfd(fd: fd, events: Int16(event), revents: 0)
    _ = poll(&entry, 1, -1)
  }
}
