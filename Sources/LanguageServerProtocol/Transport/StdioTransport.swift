import Synchronization

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads framed messages from one file descriptor and writes framed messages to another (stdin and stdout).
///
/// Reading takes whatever each `read(2)` returns into the framer's buffer. Writes are serialised by a lock so
/// messages from several threads never interleave.
package final class StdioTransport: Sendable {
  private let input: Int32
  private let output: Int32
  /// Whether a write failed (the client is gone: nothing more is written); held while writing, so that writes are
  /// serialised.
  private let writeFailed = Mutex(false)

  /// Creates a transport over the file descriptors `input` and `output`.
  package init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
    self.input = input
    self.output = output
  }

  /// Reads until end of input, handing the message bodies and framing errors of each read to `receive` in order.
  ///
  /// Everything framed from one read is handed over together, so a consumer can queue it atomically (a
  /// `$/cancelRequest` that arrived with its request is then always seen before that request is handled). Blocks
  /// the calling thread; returns when the input ends (or cannot be read), after reporting any unfinished frame.
  package func readMessages(maximumBodyLength: Int = 256 << 20, _ receive: ([MessageFramer.Output]) -> Void) {
    var framer = MessageFramer(maximumBodyLength: maximumBodyLength)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
    defer { buffer.deallocate() }
    while true {
      let count = FileDescriptorIO.readSome(input, into: UnsafeMutableRawBufferPointer(buffer))
      if count == 0 { break }
      framer.append(UnsafeBufferPointer(rebasing: buffer[0..<count]))
      var items: [MessageFramer.Output] = []
      while let item = framer.next() { items.append(item) }
      if !items.isEmpty { receive(items) }
    }
    if let rest = framer.finish() { receive([rest]) }
  }

  /// Writes one message body with its `Content-Length` header; returns false once the output is closed.
  @discardableResult
  package func send(_ body: Data) -> Bool {
    send(bodies: CollectionOfOne(body))
  }

  /// Writes message bodies, each with its `Content-Length` header, in one write (a run of many small messages costs
  /// one system call, and the client one wake-up, rather than one each); returns false once the output is closed.
  @discardableResult
  package func send(bodies: some Collection<Data>) -> Bool {
    var frame = Data()
    frame.reserveCapacity(bodies.reduce(0) { $0 + $1.count + 32 })
    for body in bodies {
      frame.append(contentsOf: "Content-Length: \(body.count)\r\n\r\n".utf8)
      frame.append(body)
    }
    return writeFailed.withLock { writeFailed in
      guard !writeFailed else { return false }
      let written = frame.withUnsafeBytes { FileDescriptorIO.writeAll(output, $0) }
      if !written { writeFailed = true }
      return written
    }
  }
}
