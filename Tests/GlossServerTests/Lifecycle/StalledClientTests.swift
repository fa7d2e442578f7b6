import Dispatch
import Foundation
import LanguageServerProtocol
import Testing

@testable import GlossServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A client that writes without reading, over real pipes. Both pipes full is the classic deadlock of a stdio server:
/// the server blocked writing an answer the client does not read, while the client is blocked writing to a server
/// that no longer reads. The server must keep reading its input while its output waits (see "Reading" in
/// docs/contributing/architecture.md).
@Suite struct StalledClientTests {
  /// A pipe's reading and writing ends.
  private func makePipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    try #require(pipe(&fds) == 0)
    return (fds[0], fds[1])
  }

  /// Writes `bytes` to the non-blocking `fd`; stops early when the reader takes nothing for `patience` seconds in a
  /// row (a deadlock, which would otherwise hang the test). Returns how many bytes were written.
  private func push(_ bytes: [UInt8], to fd: Int32, patience: Int32) -> Int {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    var offset = 0
    bytes.withUnsafeBytes { buffer in
      while offset < buffer.count {
        let count = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if count > 0 {
          offset += count
          continue
        }
        guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return }
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        if poll(&entry, 1, patience * 1000) == 0 { return }
      }
    }
    return offset
  }

  @Test func theServerKeepsReadingItsInputWhileNoOneReadsItsOutput() throws {
    let input = try makePipe()
    let output = try makePipe()
    let stopped = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      _ = runLanguageServer(Server(), transport: StdioTransport(input: input.read, output: output.write))
      close(output.write)
      stopped.signal()
    }
    // Requests before `initialize` are each refused with their id: long ids in Vietnamese make about 2 MB of input
    // and as much output, many times what a pipe holds, all written before a byte of the output is read.
    let ids = (0..<2_000).map { "\($0) " + String(repeating: "Tiếng Việt ", count: 60) }
    var bytes: [UInt8] = []
    for id in ids {
      let body = #"{"jsonrpc":"2.0","id":"\#(id)","method":"textDocument/hover","params":{}}"#
      bytes += Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }
    let written = push(bytes, to: input.write, patience: 30)
    #expect(written == bytes.count, "the server stopped reading while its output was full")
    close(input.write)
    // Now the client reads: every request is answered, in order.
    var answered: [String] = []
    StdioTransport(input: output.read, output: -1).readMessages { items in
      for case .message(let body) in items {
        let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        answered.append(object?["id"] as? String ?? "")
      }
    }
    stopped.wait()
    close(input.read)
    close(output.read)
    #expect(answered == ids)
  }
}
