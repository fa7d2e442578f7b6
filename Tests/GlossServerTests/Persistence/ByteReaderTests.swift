import Testing

@testable import GlossServer

/// What the caches' byte readers give back: the strings written, in any script, and nothing for bytes that are not
/// UTF-8 (a damaged file), whether the string is short or long, ASCII or not.
@Suite struct ByteReaderTests {
  static let texts = [
    "", "smith2020", "notes/a.md", "Tiếng Việt", "記憶は再構成", "🎉 emoji", String(repeating: "x", count: 300),
  ]

  @Test func everyStringReadsBackAsWritten() {
    var out = ByteWriter()
    for text in Self.texts {
      out.appendShort(text)
      out.append(text)
    }
    var reader = ByteReader(out.bytes)
    for text in Self.texts {
      #expect(reader.shortString() == text)
      #expect(reader.string() == text)
    }
    #expect(reader.isAtEnd)
  }

  @Test(arguments: [[0xFF], [0x61, 0xC3], [0x61, 0x62, 0xE1, 0xBA], [0xED, 0xA0, 0x80], [0xC0, 0xAF]] as [[UInt8]])
  func bytesThatAreNotUTF8AreNoString(_ bad: [UInt8]) {
    var out = ByteWriter()
    out.appendVarint(bad.count)
    out.appendRaw(bad)
    out.append(bad.count)
    out.appendRaw(bad)
    var reader = ByteReader(out.bytes)
    #expect(reader.shortString() == nil)
    var second = ByteReader(out.bytes, offset: 1 + bad.count)
    #expect(second.string() == nil)
  }

  /// A reader of one record of a file ends where the record ends: what follows it is not read, and a length running
  /// past its end is a damaged record.
  @Test func aReaderOfARangeEndsWhereItEnds() {
    var out = ByteWriter()
    out.append("before")
    let start = out.bytes.count
    out.appendShort("Tiếng Việt")
    out.append(UInt64(7))
    let end = out.bytes.count
    out.append("after 記憶")
    let bytes = FileBytes(out.bytes)
    var reader = ByteReader(bytes, in: start..<end)
    #expect(reader.shortString() == "Tiếng Việt")
    #expect(!reader.isAtEnd)
    #expect(reader.uint64() == 7)
    #expect(reader.isAtEnd)
    #expect(reader.byte() == nil)
    var cut = ByteReader(bytes, in: start..<(end - 1))
    #expect(cut.shortString() == "Tiếng Việt")
    #expect(cut.uint64() == nil)
    var length = ByteReader(bytes, in: 0..<(start - 1))
    #expect(length.string() == nil)
  }
}
