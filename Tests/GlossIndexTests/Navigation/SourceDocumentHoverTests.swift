import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Hover on a source document's front-matter `id` (or its first line): the source's metadata and citation count.
@Suite struct SourceDocumentHoverTests {
  static let document = """
    ⏩-1️⃣--⏪
    title: Ký ức tập thể 🦉
    ⏩i2️⃣d: lê-2021⏪
    author: Lê, Thị Hoa
    year: 2021
    ---
    # Chương 1

    Trí 3️⃣nhớ là tái tạo.

    """

  static let note = "# Ghi chú\n\n[@lê-2021, p. 1] and again [@lê-2021].\n"

  private func workspace(_ files: [String: String]) -> Workspace {
    Fixture.workspace(files)
  }

  @Test(arguments: ["1", "2"])
  func theIDEntryAndTheFirstLineShowMetadataAndCitationCount(cursor: String) throws {
    let marked = MarkedText(Self.document)
    let workspace = workspace(["sources/ký ức.md": Self.document, "notes/ghi chú.md": Self.note])
    let offset = try #require(marked.cursors[cursor])
    let hover = try #require(workspace.hover(at: offset, in: "sources/ký ức.md"))
    #expect(hover.markdown == "**Ký ức tập thể 🦉** · `lê-2021`\n\nLê, Thị Hoa · 2021\n\ncited 2 times")
    #expect(hover.range == marked.ranges[cursor == "1" ? 0 : 1])
  }

  @Test func theBodyShowsNothing() throws {
    let marked = MarkedText(Self.document)
    let workspace = workspace(["sources/ký ức.md": Self.document])
    #expect(workspace.hover(at: try #require(marked.cursors["3"]), in: "sources/ký ức.md") == nil)
  }

  @Test func aPlainTextDocumentIsKeyedByItsFileNameOnItsFirstLine() throws {
    let text = "⏩Đà 1️⃣Lạt, 1930⏪\nSecond 2️⃣line 🌲.\n"
    let marked = MarkedText(text)
    let workspace = workspace(["sources/đà-lạt.txt": text, "n.md": "Xem [@đà-lạt, p. 1] 🌲\n"])
    let first = try #require(marked.cursors["1"])
    let hover = try #require(workspace.hover(at: first, in: "sources/đà-lạt.txt"))
    #expect(hover.markdown.hasPrefix("*untitled* · `đà-lạt`"))
    #expect(hover.markdown.hasSuffix("\n\ncited 1 time"))
    #expect(hover.range == marked.ranges[0])
    let second = try #require(marked.cursors["2"])
    #expect(workspace.hover(at: second, in: "sources/đà-lạt.txt") == nil)
  }
}
