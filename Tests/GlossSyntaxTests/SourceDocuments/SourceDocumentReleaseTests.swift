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

  @Test func htmlAndRepairedTextsAreKept() {
    #expect(SourceDocument(parsing: Array("<p>Hi</p>".utf8), format: .html).releasingText() == nil)
    #expect(SourceDocument(parsing: [0x41, 0xFF, 0x42], format: .plainText).releasingText() == nil)
  }
}
