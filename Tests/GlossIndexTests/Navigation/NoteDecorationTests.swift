import GlossIndex
import GlossSyntax
import TestSupport
import Testing

@Suite struct NoteDecorationTests {
  static let files = [
    "refs.bib": """
    @book{bartlett1932, title = {Remembering}, author = {Bartlett, Frederic}, year = {1932},
      doi = {10.1017/CBO9780511759185}, url = {https://example.org/bartlett}}
    @article{smith2020, title = {Hai tác giả}, author = {Smith, Ann and Jones, Bo}, year = {2020},
      url = {https://example.org/smith}}
    @misc{nguyen2021, title = {Ký ức}, author = {Nguyễn, An and Trần, Bình and Lê, Chi}}
    @misc{who2019, title = {Report}, author = {{World Health Organization} and others}, year = {2019}}

    """,
    "sources/halbwachs.md": "---\ntitle: La mémoire collective\n---\nTexte\n",
    "notes/hub.md": "# Hub\n\n## Méthodes\n",
    "images/hình.png": "",
  ]

  static func workspace(note: String, config: WorkspaceConfig = WorkspaceConfig()) -> Workspace {
    var files = files
    files["notes/a.md"] = note
    return Fixture.workspace(files, config: config)
  }

  /// One string per link: `text at its range -> destination`.
  static func dumpLinks(_ marked: String) -> [String] {
    let text = MarkedText(marked).text
    let bytes = Array(text.utf8)
    return workspace(note: marked).documentLinks(in: "notes/a.md").map { link in
      let span = String(decoding: bytes[link.range], as: UTF8.self)
      switch link.destination {
      case .file(let path): return "\(span) -> file \(path)"
      case .url(let url): return "\(span) -> \(url)"
      case .pdfPage(let path, let page): return "\(span) -> file \(path)#page=\(page)"
      case .existingFile(let candidates): return "\(span) -> first existing of \(candidates)"
      }
    }
  }

  @Test func linksLeadToNotesFilesURLsAndCitedSources() {
    let note = """
      Học 🦉 [[hub#Méthodes]] 学习 [[nowhere]] [[#Local]] ![ảnh](../images/hình.png)
      Xem [hub](hub.md#méthodes) và <https://example.com/ký?q=1> 一 [@bartlett1932, p. 4; @smith2020]
      Cũng @halbwachs và [@nguyen2021] [@unknown]

      """
    #expect(
      Self.dumpLinks(note) == [
        "hub#Méthodes -> file notes/hub.md",
        "../images/hình.png -> file images/hình.png",
        "hub.md#méthodes -> file notes/hub.md",
        "https://example.com/ký?q=1 -> https://example.com/ký?q=1",
        "bartlett1932 -> https://doi.org/10.1017/CBO9780511759185",
        "smith2020 -> https://example.org/smith",
        "halbwachs -> file sources/halbwachs.md",
      ])
  }

  @Test(arguments: [
    ("10.1000/xyz", "https://doi.org/10.1000/xyz"),
    ("https://doi.org/10.1000/a b", "https://doi.org/10.1000/a%20b"),
    ("doi:10.1002/(SICI)1097<3>", "https://doi.org/10.1002/(SICI)1097%3C3%3E"),
  ])
  func doisBecomeDOIURLs(doi: String, url: String) {
    let workspace = Fixture.workspace([
      "refs.bib": "@misc{k, doi = {\(doi)}}\n", "a.md": "[@k]\n",
    ])
    #expect(workspace.documentLinks(in: "a.md").map(\.destination) == [.url(url)])
  }

  @Test func inlayHintsFollowKeysOnlyWhenEnabled() {
    let marked = "Ghi 🦉 [@bartlett1932⏩⏪, p. 4; -@smith2020⏩⏪] 学习 @nguyen2021⏩⏪ [@who2019⏩⏪] [@unknown]\n"
    let text = MarkedText(marked)
    #expect(Self.workspace(note: marked).inlayHints(in: "notes/a.md", range: 0..<text.text.utf8.count).isEmpty)
    var config = WorkspaceConfig()
    config.inlayHints = true
    let workspace = Self.workspace(note: marked, config: config)
    let hints = workspace.inlayHints(in: "notes/a.md", range: 0..<text.text.utf8.count)
    #expect(hints.map(\.offset) == text.ranges.map(\.lowerBound))
    #expect(
      hints.map(\.label) == [
        "Bartlett 1932", "Smith & Jones 2020", "Nguyễn et al.", "World Health Organization et al. 2019",
      ])
    #expect(hints.first?.title == "Remembering")
    // Only hints inside the requested range.
    let second = text.ranges[1].lowerBound
    #expect(workspace.inlayHints(in: "notes/a.md", range: second..<second + 1).map(\.key) == ["smith2020"])
  }

  @Test(
    arguments: [
      ([PersonName(family: "Bartlett")], "1932", "Bartlett 1932"),
      ([PersonName(family: "Lê"), .others], nil, "Lê et al."),
      ([], "2020", "2020"),
    ] as [([PersonName], String?, String)])
  func authorYearLabels(authors: [PersonName], year: String?, label: String) {
    #expect(Workspace.authorYearLabel(authors: authors, year: year) == label)
  }

  @Test func crossReferencesAndLabelsAreTheirOwnTokensNotCitedKeys() {
    let marked = """
      ![Đàn voi 🐘](a.png){#⏩fig-herd⏪}

      As @⏩fig-herd⏪, [-@⏩Fig-herd⏪; @⏩smith2020⏪], @⏩fig-hrd⏪ and @⏩cites:smith2020⏪ show.

      """
    let text = MarkedText(marked)
    let tokens = Self.workspace(note: marked).semanticTokens(in: "notes/a.md")
    #expect(tokens.map(\.range) == text.ranges)
    #expect(
      tokens.map { "\($0.kind)\($0.isUnresolved ? " unresolved" : "")\($0.isDeclaration ? " declaration" : "")" } == [
        "crossref declaration", "crossref", "crossref", "citationKey", "crossref unresolved", "citationKey",
      ])
  }

  @Test func semanticTokensCoverKeysLocatorsTagsAndWikiLinks() {
    let marked = """
      ---
      tags: [⏩việt⏪]
      ---
      Học 🦉 [@⏩bartlett1932⏪, ⏩p. 4⏪; @⏩unknown⏪] ⏩#ký-ức⏪ 学习 [[⏩hub⏪#⏩Méthodes⏪|nhãn]] [[⏩nowhere⏪]]
      [[⏩hub⏪#⏩Nope⏪]]

      """
    let text = MarkedText(marked)
    let tokens = Self.workspace(note: marked).semanticTokens(in: "notes/a.md")
    #expect(tokens.map(\.range) == text.ranges)
    #expect(
      tokens.map { "\($0.kind)\($0.isUnresolved ? " unresolved" : "")" } == [
        "tag", "citationKey", "locator", "citationKey unresolved", "tag", "wikiLinkTarget", "wikiLinkAnchor",
        "wikiLinkTarget unresolved", "wikiLinkTarget", "wikiLinkAnchor unresolved",
      ])
  }
}
