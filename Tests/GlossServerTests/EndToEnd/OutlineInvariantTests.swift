import GlossIndex
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import Testing

/// Odd notes through every outline query: the answers must stay inside the text and keep LSP's rules.
@Suite struct OutlineInvariantTests {
  static let notes: [String] = [
    "", "#", "# ", "---\n", "---\ntitle: x\n", "---\n---\n# A", "# A\r\n\r\n## B\r", "# A\r## B\r### C\r\ntext",
    "Setext 🦉\n===\n\nBody\n---\n", "> # Quoted\n> [@k, p. 1]\n", "- # In list\n  - [[a#b]]\n",
    "```\n# not a heading\n", "<!--\n# hidden\n", "[@k, pp. 1-\n2] #t\n[[a\n", "@k [p.\n4] [[x|y]] #a/b",
    "## Sâu\n# Nông\n#### Rất sâu\n## 二\n", String(repeating: "# H\n[@k] #t [[a]]\n", count: 50),
  ]

  @Test(arguments: notes)
  func answersStayInsideTheText(note: String) {
    let path = "notes/n.md"
    let workspace = Workspace(
      loading: [
        WorkspaceFile(path: path, role: .note, bytes: Array(note.utf8)),
        WorkspaceFile(path: "notes/a.md", role: .note, bytes: Array("# b\n".utf8)),
        WorkspaceFile(path: "refs.bib", role: .bibliography, bytes: Array("@misc{k, author={A}}\n".utf8)),
      ], config: Self.inlayHintsOn)
    let text = SourceText(note)
    let size = text.bytes.count

    func check(_ symbols: [OutlineSymbol]) {
      for symbol in symbols {
        #expect(symbol.range.lowerBound <= symbol.selectionRange.lowerBound)
        #expect(symbol.selectionRange.upperBound <= symbol.range.upperBound)
        #expect(symbol.range.upperBound <= size)
        for child in symbol.children {
          #expect(
            symbol.range.lowerBound <= child.range.lowerBound && child.range.upperBound <= symbol.range.upperBound)
        }
        check(symbol.children)
      }
    }
    check(workspace.documentSymbols(in: path))

    for fold in workspace.foldingRanges(in: path, text: text) {
      #expect(fold.startLine < fold.endLine)
      #expect(fold.endLine < text.lineCount)
    }
    for link in workspace.documentLinks(in: path) { #expect(link.range.upperBound <= size) }
    for hint in workspace.inlayHints(in: path, range: 0..<size) { #expect(hint.offset <= size) }

    let tokens = workspace.semanticTokens(in: path)
    for (a, b) in zip(tokens, tokens.dropFirst()) { #expect(a.range.upperBound <= b.range.lowerBound) }
    for encoding in [PositionEncoding.utf8, .utf16, .utf32] {
      let data = SemanticTokenLegend.encode(tokens, in: text, encoding: encoding)
      #expect(data.count % 5 == 0)
      #expect(!data.contains { $0 < 0 })
      // No zero-length tokens, and each stays on its line.
      var line = 0
      var column = 0
      for index in stride(from: 0, to: data.count, by: 5) {
        #expect(data[index + 2] > 0)
        line += data[index]
        column = data[index] == 0 ? column + data[index + 1] : data[index + 1]
        let lineEnd = text.units(in: text.lineRange(line), encoding: encoding)
        #expect(column + data[index + 2] <= lineEnd)
      }
    }
  }

  static var inlayHintsOn: WorkspaceConfig {
    var config = WorkspaceConfig()
    config.inlayHints = true
    return config
  }
}
