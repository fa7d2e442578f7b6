import Foundation
import GlossIndex
import GlossSyntax
import Testing

@Suite struct OutlineTests {
  static let note = """
    ---
    title: Ghi chú 🦉
    tags: [việt]
    ---
    # Học tập 学习

    Đoạn 一 🦉 [@nguyen2020, p. 4] #ký-ức

    ## Phương pháp

    - a
      - b

    ```swift
    code
    ```

    ## Kết quả

    > quote
    > more

    <!--
    comment
    -->
    # Second
    text

    """

  /// One line per symbol, indented by depth: `name | selected text | first…last characters of the range` (`⏎`: LF).
  static func dump(_ symbols: [OutlineSymbol], in text: String, depth: Int = 0) -> [String] {
    let bytes = Array(text.utf8)
    return symbols.flatMap { symbol -> [String] in
      let selected = String(decoding: bytes[symbol.selectionRange], as: UTF8.self)
      let range = String(decoding: bytes[symbol.range], as: UTF8.self)
      let line =
        String(repeating: "  ", count: depth) + "\(symbol.name) | \(selected) | "
        + "\(range.prefix(8))…\(range.suffix(6))".replacingOccurrences(of: "\n", with: "⏎")
        + (symbol.detail.map { " | \($0)" } ?? "")
      return [line] + dump(symbol.children, in: text, depth: depth + 1)
    }
  }

  @Test func noteHeadingsFormATreeOfSections() {
    let workspace = Fixture.workspace(["notes/học.md": Self.note])
    #expect(
      Self.dump(workspace.documentSymbols(in: "notes/học.md"), in: Self.note) == [
        "Học tập 学习 | Học tập 学习 | # Học tậ…nt⏎-->",
        "  Phương pháp | Phương pháp | ## Phươn…de⏎```",
        "  Kết quả | Kết quả | ## Kết q…nt⏎-->",
        "Second | Second | # Second…d⏎text",
      ])
  }

  @Test func deeperHeadingsBeforeAShallowerOneNestUnderTheNearestParent() {
    let text = "### Sâu\n# 一\n### 三\n## 二\n"
    let workspace = Fixture.workspace(["a.md": text])
    #expect(
      Self.dump(workspace.documentSymbols(in: "a.md"), in: text) == [
        "Sâu | Sâu | ### Sâu…## Sâu",
        "一 | 一 | # 一⏎### …三⏎## 二",
        "  三 | 三 | ### 三…### 三",
        "  二 | 二 | ## 二…## 二",
      ])
  }

  @Test func bibliographyEntriesAreSymbolsNamedByKey() {
    let bib = "@book{nguyễn2020,\n  title = {Ký ức 🦉},\n}\n\n@article{li2019, title={记忆}}\n"
    let workspace = Fixture.workspace(["refs.bib": bib])
    #expect(
      Self.dump(workspace.documentSymbols(in: "refs.bib"), in: bib) == [
        "nguyễn2020 | nguyễn2020 | @book{ng… 🦉},⏎} | Ký ức 🦉",
        "li2019 | li2019 | @article…={记忆}} | 记忆",
      ])
  }

  @Test func sourceDocumentHeadingsAreMappedToTheFile() {
    let text = "---\ntitle: Nguồn\n---\n# Một\nchữ\n## Hai 二\nthêm\n"
    let workspace = Fixture.workspace(["sources/nguon.md": text])
    let symbols = workspace.documentSymbols(in: "sources/nguon.md")
    let bytes = Array(text.utf8)
    #expect(symbols.map(\.name) == ["Một"])
    #expect(symbols.first?.children.map(\.name) == ["Hai 二"])
    let child = symbols.first?.children.first
    #expect(child.map { String(decoding: bytes[$0.selectionRange], as: UTF8.self) } == "Hai 二")
  }

  @Test func foldingCoversFrontMatterSectionsCodeQuotesNestedListsAndComments() {
    let workspace = Fixture.workspace(["notes/học.md": Self.note])
    let folds = workspace.foldingRanges(in: "notes/học.md", text: SourceText(Self.note))
    #expect(
      folds.map { "\($0.startLine)-\($0.endLine) \($0.kind)" } == [
        "0-3 frontMatter", "4-24 section", "8-15 section", "10-11 list", "13-15 code", "17-24 section", "19-20 quote",
        "22-24 comment", "25-26 section",
      ])
  }

  @Test func foldingKeepsCRLFLinesAndSkipsOneLineSections() {
    let text = "# 一\r\n## 二\r\nchữ 🦉\r\n\r\n## 三\r\n"
    let workspace = Fixture.workspace(["a.md": text])
    let folds = workspace.foldingRanges(in: "a.md", text: SourceText(text))
    #expect(folds.map { "\($0.startLine)-\($0.endLine) \($0.kind)" } == ["0-4 section", "1-2 section"])
  }

  @Test func bibliographyEntriesFold() {
    let bib = "@book{a,\n  title = {Ký ức},\n}\n@misc{b, title={一}}\n"
    let workspace = Fixture.workspace(["refs.bib": bib])
    let folds = workspace.foldingRanges(in: "refs.bib", text: SourceText(bib))
    #expect(folds == [FoldRegion(startLine: 0, endLine: 2, kind: .entry)])
  }
}
