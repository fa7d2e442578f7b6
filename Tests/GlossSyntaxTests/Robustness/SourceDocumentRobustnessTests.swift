import Testing

@testable import GlossSyntax

@Suite struct SourceDocumentRobustnessTests {
  /// A small deterministic generator, so failures reproduce.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    mutating func bytes(_ count: Int, from alphabet: [UInt8]? = nil) -> [UInt8] {
      (0..<count).map { _ in
        let value = next()
        if let alphabet { return alphabet[Int(value % UInt64(alphabet.count))] }
        return UInt8(truncatingIfNeeded: value)
      }
    }
  }

  static let locators = [
    "p. 1", "pp. 2-3", "p. 999", "l. 1", "ll. 2-5", "l. 100000", "sec. 1", "§ a", "para. 1", "¶ 2-3", "chap. 1",
  ].compactMap { Locator.first(in: $0) }

  /// Every range a document gives is inside its text or file, and text decodes as valid UTF-8.
  static func checkInvariants(
    _ document: SourceDocument, fileLength: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let count = document.text.count
    #expect(UTF8Repair.isValid(document.text), sourceLocation: sourceLocation)
    func inText(_ range: Range<Int>) -> Bool { range.lowerBound >= 0 && range.upperBound <= count }
    func inFile(_ range: Range<Int>) -> Bool { range.lowerBound >= 0 && range.upperBound <= fileLength }
    #expect(document.headings.allSatisfy { inText($0.textRange) && inText($0.range) }, sourceLocation: sourceLocation)
    #expect(document.paragraphs.allSatisfy(inText), sourceLocation: sourceLocation)
    #expect(document.pageStarts.allSatisfy { $0 >= 0 && $0 <= count }, sourceLocation: sourceLocation)
    for locator in locators {
      if case .resolved(let passage) = document.passage(for: locator) {
        #expect(inText(passage.textRange) && inFile(passage.fileRange), sourceLocation: sourceLocation)
      }
    }
    for start in stride(from: 0, through: count, by: max(1, count / 7)) {
      let range = document.fileRange(ofText: start..<min(count, start + 5))
      #expect(inFile(range), sourceLocation: sourceLocation)
      #expect(inText(document.textRange(ofFile: range)), sourceLocation: sourceLocation)
    }
    #expect(inFile(document.fileRange(ofText: -5..<(count + 9))), sourceLocation: sourceLocation)
  }

  @Test(arguments: [SourceFormat.markdown, .plainText, .html])
  func randomBytesGiveInBoundsValues(format: SourceFormat) {
    var generator = Generator(state: 42)
    let markup = Array("<>&;#x/!-=\"' \n\r\u{0C}pre<script>h1 é中".utf8)
    for round in 0..<200 {
      let bytes = round % 2 == 0 ? generator.bytes(Int(generator.next() % 300)) : generator.bytes(300, from: markup)
      Self.checkInvariants(SourceDocument(parsing: bytes, format: format), fileLength: bytes.count)
    }
  }

  @Test func truncatedHTMLGivesInBoundsValues() {
    let bytes = Array(HTMLTextTests.page.utf8)
    for end in 0...bytes.count {
      Self.checkInvariants(SourceDocument(parsing: Array(bytes[0..<end]), format: .html), fileLength: end)
    }
    let end = HTMLTextTests.page.utf8Range(of: "</p>\n<h2>")?.lowerBound ?? 0
    let cut = SourceDocument(parsing: Array(bytes[0..<(end + 3)]), format: .html)
    #expect(String(decoding: cut.text, as: UTF8.self) == "Trí nhớ\n\nĐoạn một nói về trí nhớ.")
  }

  @Test(arguments: [SourceFormat.markdown, .plainText, .html])
  func invalidUTF8IsRepaired(format: SourceFormat) {
    let bytes: [UInt8] = [
      0x41, 0xC3, 0x28, 0xE2, 0x82, 0x0A, 0xF0, 0x9F, 0x98, 0x3C, 0xED, 0xA0, 0x80, 0x42, 0xC0, 0xAF,
    ]
    let document = SourceDocument(parsing: bytes, format: format)
    Self.checkInvariants(document, fileLength: bytes.count)
    #expect(document.text.first == 0x41)
    #expect(document.text.contains(0x42))
  }

  @Test(arguments: [SourceFormat.plainText, .markdown, .html])
  func fiveMegabyteLineResolvesWithoutSplitting(format: SourceFormat) {
    var line = [UInt8](repeating: UInt8(ascii: "a"), count: 5_000_000)
    for index in stride(from: 7, to: line.count, by: 11) { line[index] = 0x20 }
    let document = SourceDocument(parsing: line, format: format)
    #expect(document.lineCount == 1)
    #expect(document.paragraphs.count == 1)
    let passage = document.passage(for: Locator(term: .line, label: "l.", value: "1", range: 0..<4)).passage
    #expect(passage?.fileRange == 0..<line.count)
    Self.checkInvariants(document, fileLength: line.count)
  }
}

extension SourceDocumentRobustnessTests {
  /// Many block breaks: each is decided from the last two bytes, never by copying the text (which was quadratic).
  @Test func manyParagraphsOfHTMLAreEachFound() {
    let html = Array(String(repeating: "<p>Đoạn văn</p>\n", count: 50_000).utf8)
    let document = SourceDocument(parsing: html, format: .html)
    #expect(document.paragraphs.count == 50_000)
    #expect(document.string(document.paragraphs[49_999]) == "Đoạn văn")
  }
}
