import Foundation
import GlossSyntax
import Testing

/// A source document without its text resolves every passage exactly as with it, and takes its text back only from
/// the same bytes.
@Suite struct SourceDocumentReleaseTests {
  static let texts: [(String, SourceFormat)] = [
    ("---\nid: k\n---\n# 1 Intro\n\nĐoạn một.\n\n## 1.1 Détail 🦉\n\nZwei.\n\n# 2 Fin\n\n\n", .markdown),
    ("Page one.\n\u{0C}Page two 日本語.\n\u{0C}\n  \n", .plainText),
    ("INTRODUCTION\n\nFirst paragraph.\n\nMETHODS\n\nSecond one.\n\u{0C}Third page.\n", .plainText),
    ("", .plainText),
  ]

  static let locators: [Locator] = [
    "p. 1", "pp. 1-2", "p. 3", "p. 2", "l. 1", "ll. 2-5", "§ 1", "§ 1.1", "sec. 2",
    "sec. Methods", "para. 1", "para. 2-3", "§ 9",
  ].compactMap { Locator.first(in: $0) }

  @Test(arguments: 0..<texts.count)
  func passagesAreTheSameWithoutTheText(_ index: Int) throws {
    let (text, format) = Self.texts[index]
    let document = SourceDocument(parsing: Array(text.utf8), format: format)
    let released = try #require(document.releasingText())
    #expect(released.isTextReleased)
    #expect(released.text.isEmpty)
    #expect(released.textCount == document.textCount)
    for locator in Self.locators {
      #expect(released.passage(for: locator) == document.passage(for: locator), "\(locator)")
    }
    #expect(released.restoringText(Array(text.utf8)) == document)
  }

  @Test func otherBytesDoNotRestoreTheText() throws {
    let text = "# 1 Intro\n\nSome words here.\n"
    let released = try #require(SourceDocument(parsing: Array(text.utf8), format: .markdown).releasingText())
    #expect(released.restoringText(Array(text.replacingOccurrences(of: "Some", with: "Same").utf8)) == nil)
    #expect(released.restoringText(Array((text + " ").utf8)) == nil)
    #expect(released.restoringText([]) == nil)
  }

  /// Texts that are not the file: HTML's visible text, and a file whose invalid UTF-8 was replaced.
  static let extracted: [(bytes: [UInt8], format: SourceFormat)] = [
    (
      Array(
        "<html><head><title>Bartlett 🦉</title></head><body><h1>1 Intro</h1><p>Đoạn một &amp; đoạn hai.</p>\n"
          .utf8) + Array("<h2>1.1 Détail</h2><p>日本語の段落。</p><h1>2 Fin</h1><p>Zwei.</p></body></html>\n".utf8),
      .html
    ),
    (Array("# 1 Intro\n\nA".utf8) + [0xFF, 0xFE] + Array(" broken byte.\n\n# 2 Fin\n\nÉnd 🦉.\n".utf8), .markdown),
    (Array("Page one ".utf8) + [0xC3] + Array(".\n\u{0C}Page two 日本語.\n".utf8), .plainText),
  ]

  @Test(arguments: 0..<extracted.count)
  func anExtractedTextIsReleasedAndExtractedAgainFromTheSameBytes(_ index: Int) throws {
    let (bytes, format) = Self.extracted[index]
    let document = SourceDocument(parsing: bytes, format: format)
    #expect(!document.text.isEmpty)
    #expect(document.text != bytes)
    let released = try #require(document.releasingText())
    #expect(released.isTextReleased)
    #expect(released.text.isEmpty)
    for locator in Self.locators {
      #expect(released.passage(for: locator) == document.passage(for: locator), "\(locator)")
    }
    #expect(released.restoringText(bytes) == document)
    // Its text given as the file is not the file.
    #expect(released.restoringText(document.text) == nil)
  }

  @Test func otherMarkupWithTheSameTextAndLengthDoesNotRestoreAnHTMLText() throws {
    let html = Array("<p>One <b>two</b> three.</p>\n".utf8)
    let other = Array("<p>One <i>two</i> three.</p>\n".utf8)
    let document = SourceDocument(parsing: html, format: .html)
    #expect(SourceDocument(parsing: other, format: .html).text == document.text)
    let released = try #require(document.releasingText())
    #expect(released.restoringText(other) == nil)
    #expect(released.restoringText(html) == document)
  }

  @Test func aReleasedTextIsNotReleasedTwice() throws {
    let released = try #require(SourceDocument(parsing: Array("<p>Hi</p>".utf8), format: .html).releasingText())
    #expect(released.releasingText() == nil)
  }
}
