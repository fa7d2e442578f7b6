import Dispatch
import Foundation
import LanguageServerProtocol
import Testing

/// The transport over file descriptors (stdin and stdout in `gloss lsp`), here over pipes.
@Suite struct StdioTransportTests {
  private static let café = #"{"jsonrpc":"2.0","method":"café","params":{"t":"Tiếng Việt 漢字 🦉"}}"#

  /// A pipe's reading and writing ends.
  private func makePipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    try #require(pipe(&fds) == 0)
    return (fds[0], fds[1])
  }

  /// Everything left to read from `fd`, then closes it.
  private func readToEnd(_ fd: Int32) -> [UInt8] {
    var read: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while true {
      let count = chunk.withUnsafeMutableBytes { FileDescriptorIO.readSome(fd, into: $0) }
      if count == 0 { break }
      read += chunk[0..<count]
    }
    close(fd)
    return read
  }

  private func frame(_ body: String) -> [UInt8] {
    Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
  }

  @Test func messagesWrittenInPiecesAreReadWholeAndInOrderUntilTheEnd() throws {
    let pipe = try makePipe()
    // Larger than a pipe holds, so that reading and writing alternate; cut in the middle of a header and a body.
    let large = #"{"id":1,"text":""# + String(repeating: "ệ", count: 100_000) + #""}"#
    let bytes = frame(Self.café) + frame(large) + frame(#"{"id":2}"#) + Array("Content-Len".utf8)
    let writer = DispatchGroup()
    DispatchQueue.global().async(group: writer) {
      for piece in stride(from: 0, to: bytes.count, by: 7_001) {
        let end = min(piece + 7_001, bytes.count)
        _ = bytes[piece..<end].withUnsafeBytes { FileDescriptorIO.writeAll(pipe.write, $0) }
      }
      close(pipe.write)
    }
    var bodies: [String] = []
    var errors = 0
    StdioTransport(input: pipe.read, output: -1).readMessages { items in
      for item in items {
        switch item {
        case .message(let body): bodies.append(String(decoding: body, as: UTF8.self))
        case .error: errors += 1
        }
      }
    }
    writer.wait()
    close(pipe.read)
    #expect(bodies == [Self.café, large, #"{"id":2}"#])
    // The unfinished header at the end of the input.
    #expect(errors == 1)
  }

  @Test func sentMessagesAreFramedWithTheirLengthInBytes() throws {
    let pipe = try makePipe()
    let transport = StdioTransport(input: -1, output: pipe.write)
    #expect(transport.send(Data(Self.café.utf8)))
    #expect(transport.send(Data(#"{"id":2}"#.utf8)))
    close(pipe.write)
    let read = readToEnd(pipe.read)
    #expect(read == frame(Self.café) + frame(#"{"id":2}"#))
  }

  @Test func messagesSentTogetherAreEachFramedInOrder() throws {
    let pipe = try makePipe()
    let transport = StdioTransport(input: -1, output: pipe.write)
    #expect(transport.send(bodies: [Data(Self.café.utf8), Data(#"{"id":2}"#.utf8), Data("{}".utf8)]))
    close(pipe.write)
    let read = readToEnd(pipe.read)
    #expect(read == frame(Self.café) + frame(#"{"id":2}"#) + frame("{}"))
  }

  @Test func aFailedWriteMakesEveryLaterSendFail() {
    // A descriptor that is not open: the first write fails, and the transport gives up on its output.
    let transport = StdioTransport(input: -1, output: 987_654)
    #expect(!transport.send(Data("{}".utf8)))
    #expect(!transport.send(Data("{}".utf8)))
  }
}
