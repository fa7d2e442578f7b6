import Foundation
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

/// `textDocument/documentLink` in a bibliography: `url`, `doi` and each path of a `file` field are links, over
/// the value as written, in UTF-16 columns.
@Suite struct BibliographyLinkTests {
  /// A Better BibTeX entry (two attachments, one in Zotero's storage outside the workspace), a JabRef entry (escaped
  /// drive colon, a path relative to the root as older exports write it) and a CSL-JSON file.
  static let bib = """
    @article{lê2020,
      title = {Trí nhớ 🦉},
      url = {⏩https://example.org/trí-nhớ⏪},
      doi = {⏩10.1000/xyz(1)<2>⏪},
      file = {Bản toàn văn:⏩/home/user/Zotero/storage/ABCD/Lê - 2020 - Trí nhớ.txt⏪:text/plain;Ảnh chụp:⏩snap/trang.html⏪:text/html;Thiếu:gone.pdf:application/pdf},
    }
    @book{jab, title = {JabRef}, file = {:C\\:/nowhere.pdf:PDF;:⏩papers/Đường cong.md⏪:Markdown}}
    @misc{inherited, crossref = {lê2020}}

    """
  static let csl = """
    [{"id": "tanaka", "type": "book", "title": "記憶", "URL": "⏩https:\\/\\/example.org\\/記憶⏪",
      "DOI": "⏩10.1000/ÿ⏪"}]
    """

  static func fixture() -> WorkspaceFixture {
    let fixture = WorkspaceFixture(files: [
      "refs/library.bib": MarkedText(bib).text, "refs/snap/trang.html": "<p>Trang</p>",
      "papers/Đường cong.md": "# Đường cong\n", "library.csl.json": MarkedText(csl).text,
      "notes/a.md": "[@lê2020]\n",
    ])
    fixture.fileSystem.setFile("/home/user/Zotero/storage/ABCD/Lê - 2020 - Trí nhớ.txt", "Văn bản.\n")
    return fixture
  }

  /// The LSP range of UTF-8 `range` in `text`, counted independently of the server: lines at LF, UTF-16 columns.
  static func lspRange(_ range: Range<Int>, in text: String) -> LSPRange {
    func position(_ offset: Int) -> Position {
      let before = String(decoding: Array(text.utf8)[..<offset], as: UTF8.self)
      let lines = before.components(separatedBy: "\n")
      return Position(line: lines.count - 1, character: lines.last?.utf16.count ?? 0)
    }
    return LSPRange(start: position(range.lowerBound), end: position(range.upperBound))
  }

  @Test func urlDoiAndExistingFilePathsOfABibTeXFileAreLinks() throws {
    let fixture = Self.fixture()
    try fixture.start()
    let links = try fixture.client.send(
      DocumentLinkRequest(textDocument: TextDocumentIdentifier(uri: fixture.uri("refs/library.bib"))))
    let marked = MarkedText(Self.bib)
    #expect(
      links.map(\.target) == [
        "https://example.org/trí-nhớ", "https://doi.org/10.1000/xyz(1)%3C2%3E",
        fixture.uri("/home/user/Zotero/storage/ABCD/Lê - 2020 - Trí nhớ.txt"), fixture.uri("refs/snap/trang.html"),
        fixture.uri("papers/Đường cong.md"),
      ])
    #expect(links.map(\.range) == marked.ranges.map { Self.lspRange($0, in: marked.text) })
    #expect(links.first?.tooltip == "Trí nhớ 🦉")
  }

  @Test func urlAndDoiOfACSLJSONFileAreLinks() throws {
    let fixture = Self.fixture()
    try fixture.start()
    let links = try fixture.client.send(
      DocumentLinkRequest(textDocument: TextDocumentIdentifier(uri: fixture.uri("library.csl.json"))))
    let marked = MarkedText(Self.csl)
    #expect(links.map(\.target) == ["https://example.org/記憶", "https://doi.org/10.1000/%C3%BF"])
    #expect(links.map(\.range) == marked.ranges.map { Self.lspRange($0, in: marked.text) })
  }

  @Test func linksFollowTheOpenBuffer() throws {
    let fixture = Self.fixture()
    try fixture.start()
    let text = "@misc{x, url = {https://example.org/mới}}\n"
    fixture.open("refs/library.bib", text)
    let links = try fixture.client.send(
      DocumentLinkRequest(textDocument: TextDocumentIdentifier(uri: fixture.uri("refs/library.bib"))))
    #expect(links.map(\.target) == ["https://example.org/mới"])
    #expect(
      links.first?.range == LSPRange(start: Position(line: 0, character: 16), end: Position(line: 0, character: 39)))
  }
}
