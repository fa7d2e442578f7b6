import Foundation
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct MessageFramerTests {
  /// A compact dump of what the framer cuts from `chunks`, fed one chunk at a time.
  private func dump(_ chunks: [[UInt8]], finish: Bool = false) -> [String] {
    var framer = MessageFramer(maximumBodyLength: 1 << 20)
    var result: [String] = []
    func drain() {
      while let item = framer.next() {
        switch item {
        case .message(let body): result.append("message \(String(decoding: body, as: UTF8.self))")
        case .error(let error): result.append("error \(error.message)")
        }
      }
    }
    for chunk in chunks {
      framer.append(chunk)
      drain()
    }
    if finish, case .error(let error)? = framer.finish() { result.append("error \(error.message)") }
    return result
  }

  private static let café = #"{"jsonrpc":"2.0","method":"café","params":{"t":"Tiếng Việt 漢字 🦉"}}"#
  private static let two = #"{"id":2}"#

  @Test func oneMessageInOneRead() {
    #expect(dump([frame(Self.café)]) == ["message \(Self.café)"])
  }

  @Test(arguments: [1, 2, 5, 17, 20, 21, 22, 40])
  func messageSplitAcrossReadsAtAnyPoint(splitAt: Int) {
    let bytes = frame(Self.café)
    #expect(dump([Array(bytes[..<splitAt]), Array(bytes[splitAt...])]) == ["message \(Self.café)"])
  }

  @Test func messageFedByteByByte() {
    #expect(dump(frame(Self.café).map { [$0] }) == ["message \(Self.café)"])
  }

  @Test func twoMessagesInOneRead() {
    #expect(dump([frame(Self.café) + frame(Self.two)]) == ["message \(Self.café)", "message \(Self.two)"])
  }

  @Test(arguments: ["content-length", "CONTENT-LENGTH", "Content-length", "cOnTeNt-LeNgTh"])
  func headerNamesAreCaseInsensitive(name: String) {
    #expect(dump([Array("\(name): 8\r\n\r\n\(Self.two)".utf8)]) == ["message \(Self.two)"])
  }

  @Test func contentTypeIsAcceptedBeforeAndAfterLength() {
    let type = "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"
    let before = Array("\(type)Content-Length: 8\r\n\r\n\(Self.two)".utf8)
    let after = Array("Content-Length: 8\r\n\(type)\r\n\(Self.two)".utf8)
    #expect(dump([before, after]) == ["message \(Self.two)", "message \(Self.two)"])
  }

  @Test func bareLineFeedsAreAccepted() {
    #expect(dump([Array("Content-Length: 8\n\n\(Self.two)".utf8)]) == ["message \(Self.two)"])
  }

  @Test func garbageBeforeAFrameIsReportedAndSkipped() {
    let garbage: [UInt8] = [0x00, 0xFF, 0xFE] + Array("niệm garbage\r\n".utf8)
    #expect(
      dump([garbage + frame(Self.two)]) == [
        "error skipped 19 bytes that are not a message header", "message \(Self.two)",
      ])
  }

  @Test func headerWithoutContentLengthIsReportedThenNextFrameRead() {
    let bytes = Array("Content-Type: x\r\n\r\n".utf8) + frame(Self.two)
    #expect(dump([bytes]) == ["error message header without Content-Length", "message \(Self.two)"])
  }

  @Test(arguments: ["abc", "-3", "1e3", "８"])
  func invalidContentLengthIsReportedThenNextFrameRead(value: String) {
    let bytes = Array("Content-Length: \(value)\r\n\r\n".utf8) + frame(Self.two)
    #expect(dump([bytes]) == ["error invalid Content-Length '\(value)'", "message \(Self.two)"])
  }

  @Test func contentLengthTooLargeResynchronisesOnNextHeader() {
    let bytes = Array("Content-Length: 500\r\n\r\n{\"id\":1}".utf8) + frame(Self.two)
    #expect(
      dump([bytes]) == ["error Content-Length 500 is larger than the message (8 bytes came)", "message \(Self.two)"])
  }

  @Test func contentLengthTooLargeDetectedAcrossReads() {
    let first = Array("Content-Length: 500\r\n\r\n{\"id\":1}Content-Len".utf8)
    let second = Array("gth: 8\r\n\r\n\(Self.two)".utf8)
    #expect(
      dump([first, second]) == [
        "error Content-Length 500 is larger than the message (8 bytes came)", "message \(Self.two)",
      ])
  }

  /// Found by the `framer` fuzz target: a read ending inside the digits of the next header, exactly where the too
  /// large length ends, once gave the whole declared body (header included) instead of the resynchronisation that
  /// one read of the same bytes gives.
  @Test func headerCutByAReadAtTheDeclaredEndStillResynchronises() {
    // The declared body ends inside `000`, where the first read ends too.
    let first = Array("Content-Length: 26\r\n\r\n{\"id\":1}Content-Length: 000".utf8)
    let second = Array("8\r\n\r\n\(Self.two)".utf8)
    #expect(first.count == 22 + 26 + 1)
    let whole = dump([first + second])
    #expect(whole == ["error Content-Length 26 is larger than the message (8 bytes came)", "message \(Self.two)"])
    #expect(dump([first, second]) == whole)
  }

  /// Spaces after the header name, more than any fixed margin, do not hide a header line split across reads.
  @Test func headerWithManySpacesSplitAcrossReadsStillResynchronises() {
    let spaces = String(repeating: " ", count: 100)
    let first = Array("Content-Length: 500\r\n\r\n{\"id\":1}Content-Length:\(spaces)".utf8)
    let second = Array("8\r\n\r\n\(Self.two)".utf8)
    let whole = dump([first + second])
    #expect(whole == ["error Content-Length 500 is larger than the message (8 bytes came)", "message \(Self.two)"])
    #expect(dump([first, second]) == whole)
  }

  @Test func contentLengthTooSmallGivesAShortBodyThenSkipsTheRest() {
    let bytes = Array("Content-Length: 4\r\n\r\n{\"id\":1}".utf8) + frame(Self.two)
    #expect(
      dump([bytes]) == [
        #"message {"id"#, "error skipped 4 bytes that are not a message header", "message \(Self.two)",
      ])
  }

  @Test func bodyOverTheLimitIsReportedAndSkipped() {
    let bytes = Array("Content-Length: 2000000\r\n\r\n".utf8) + frame(Self.two)
    #expect(
      dump([bytes]) == ["error Content-Length 2000000 is over the limit of 1048576 bytes", "message \(Self.two)"])
  }

  @Test func longGarbageWithoutHeaderIsDroppedInsteadOfBuffered() {
    let garbage = [UInt8](repeating: UInt8(ascii: "x"), count: 10_000)
    var framer = MessageFramer()
    framer.append(garbage)
    #expect(framer.next() == .error(FramingError("skipped 9968 bytes that are not a message header")))
    #expect(framer.bufferedByteCount == 32)
    framer.append(frame(Self.two))
    #expect(framer.next() == .error(FramingError("skipped 32 bytes that are not a message header")))
    #expect(framer.next() == .message(Array(Self.two.utf8)))
  }

  @Test func garbageEndingInABlankLineIsSkippedAsOneBlock() {
    let bytes: [UInt8] = [0x00, 0xFF] + Array("rác 垃圾\r\n\r\n".utf8) + frame(Self.two)
    #expect(dump([bytes]) == ["error skipped 17 bytes that are not a message header", "message \(Self.two)"])
  }

  /// A stream with every kind of fault: garbage, a frame without length, too long and too short lengths.
  private static let faultyStream: [UInt8] =
    [0x00, 0xFF, 0xFE, 0x7B] + Array("rác 垃圾\r\n\r\n".utf8) + frame(#"{"id":7,"method":"#)
    + Array("Content-Type: application/vscode-jsonrpc\r\n\r\n{\"id\":8}".utf8)
    + Array("Content-Length: 900\r\n\r\n{\"method\":\"initialized\"}".utf8)
    + Array("Content-Length: 3\r\n\r\n{\"id\":1}".utf8) + frame(Self.café) + frame(Self.two)

  @Test func outputDoesNotDependOnHowTheStreamIsSplit() {
    let whole = dump([Self.faultyStream])
    #expect(
      whole == [
        "error skipped 19 bytes that are not a message header", #"message {"id":7,"method":"#,
        "error message header without Content-Length", "error skipped 8 bytes that are not a message header",
        "error Content-Length 900 is larger than the message (24 bytes came)", #"message {"i"#,
        "error skipped 5 bytes that are not a message header", "message \(Self.café)", "message \(Self.two)",
      ])
    #expect(dump(Self.faultyStream.map { [$0] }) == whole)
    for split in stride(from: 1, to: Self.faultyStream.count, by: 7) {
      let parts = [Array(Self.faultyStream[..<split]), Array(Self.faultyStream[split...])]
      #expect(dump(parts) == whole, "split at \(split)")
    }
  }

  @Test func unfinishedFrameIsReportedAtEndOfStream() {
    #expect(
      dump([Array("Content-Length: 10\r\n\r\n{}".utf8)], finish: true) == [
        "error stream ended inside a message: Content-Length 10 but 2 bytes came"
      ])
  }

  @Test func tenMegabyteBodyArrivingInChunksIsOneMessage() {
    let text = String(repeating: "Tiếng Việt 漢字 🦉 ", count: 400_000)
    let body = Array(#"{"text":"\#(text)"}"#.utf8)
    #expect(body.count > 10_000_000)
    let bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body + frame(Self.two)
    var framer = MessageFramer()
    var messages: [[UInt8]] = []
    var offset = 0
    while offset < bytes.count {
      let end = min(bytes.count, offset + 65_536)
      framer.append(bytes[offset..<end])
      offset = end
      while let item = framer.next() {
        if case .message(let message) = item { messages.append(message) }
      }
    }
    #expect(messages.count == 2)
    #expect(messages.first == body)
    #expect(messages.last == Array(Self.two.utf8))
  }
}
