package import Foundation
import Synchronization

/// Reads framed messages from one file handle and writes framed messages to another (stdin and stdout).
///
/// Reading uses `FileHandle.availableData` into the framer's buffer, because on Linux `read(upToCount:)` blocks
/// until the count is filled and `FileHandle.bytes` does not exist. Writes are serialised by a lock so messages
/// from several threads never interleave.
package final class StdioTransport: @unchecked Sendable {
  private let input: FileHandle
  private let output: FileHandle
  private let writeLock = Mutex(())
  private var writeFailed = false

  /// Creates a transport over `input` and `output`.
  package init(input: FileHandle = .standardInput, output: FileHandle = .standardOutput) {
    self.input = input
    self.output = output
  }

  /// Reads until end of input, handing the message bodies and framing errors of each read to `receive` in order.
  ///
  /// Everything framed from one read is handed over together, so a consumer can queue it atomically (a
  /// `$/cancelRequest` that arrived with its request is then always seen before that request is handled). Blocks
  /// the calling thread; returns when the input ends, after reporting any unfinished frame.
  package func readMessages(maximumBodyLength: Int = 256 << 20, _ receive: ([MessageFramer.Output]) -> Void) {
    var framer = MessageFramer(maximumBodyLength: maximumBodyLength)
    while true {
      let chunk = input.availableData
      if chunk.isEmpty { break }
      framer.append(chunk)
      var items: [MessageFramer.Output] = []
      while let item = framer.next() { items.append(item) }
      if !items.isEmpty { receive(items) }
    }
    if let rest = framer.finish() { receive([rest]) }
  }

  /// Writes one message body with its `Content-Length` header; returns false once the output is closed.
  @discardableResult
  package func send(_ body: Data) -> Bool {
    var frame = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
    frame.append(body)
    return writeLock.withLock { _ in
      guard !writeFailed else { return false }
      do {
        try output.write(contentsOf: frame)
        return true
      } catch {
        writeFailed = true
        return false
      }
    }
  }
}
