import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Checks the quick fixes at the `⏩…⏪` range of `path`: their titles, and each one's edit applied to the files.
func checkQuickFixes(
  _ files: [String: String], in path: String, titles: [String], results: [[String: String?]],
  preferred: [Bool]? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
  let workspace = Fixture.workspace(files)
  let range = MarkedText(files[path] ?? "").ranges.first ?? 0..<0
  let fixes = workspace.quickFixes(in: path, range: range)
  #expect(fixes.map(\.title) == titles, sourceLocation: sourceLocation)
  for (fix, expected) in zip(fixes, results) {
    let after = ChangeFixture.applying(fix.change, to: files)
    #expect(ChangeFixture.changed(from: files, to: after) == expected, sourceLocation: sourceLocation)
    // Gloss never overwrites a file: every created path is new.
    for case .create(let created, _) in fix.change.operations {
      #expect(files[created] == nil, sourceLocation: sourceLocation)
    }
  }
  if let preferred { #expect(fixes.map(\.isPreferred) == preferred, sourceLocation: sourceLocation) }
}

@Suite struct QuickFixTests {
  static let bib = """
    @book{smith2020, title = {Un}}
    @book{smith2021, title = {Deux}}
    @book{smyth2020, title = {Trois}}
    @book{zhang2019, title = {Quatre}}

    """

  @Test func unknownSourceOffersTheNearestKeysThenAStub() {
    let files = ["refs.bib": Self.bib, "notes/à.md": "Ghi chú 🧠 [@⏩smith202⏪, p. 4]\n"]
    checkQuickFixes(
      files, in: "notes/à.md",
      titles: [
        "replace with 'smith2020'", "replace with 'smith2021'", "replace with 'smyth2020'",
        "create source document 'sources/smith202.md'",
      ],
      results: [
        ["notes/à.md": "Ghi chú 🧠 [@smith2020, p. 4]\n"],
        ["notes/à.md": "Ghi chú 🧠 [@smith2021, p. 4]\n"],
        ["notes/à.md": "Ghi chú 🧠 [@smyth2020, p. 4]\n"],
        ["sources/smith202.md": "---\nid: smith202\ntitle: smith202\n---\n\n"],
      ], preferred: [false, false, false, false])
  }

  @Test func theStubNeverOverwritesAndQuotesAWeirdKey() {
    let files = [
      "sources/a-b.md": "---\nid: ailleurs\n---\nDéjà là\n",
      "notes/x.md": "[@⏩a:b⏪]\n",
    ]
    checkQuickFixes(
      files, in: "notes/x.md", titles: ["create source document 'sources/a-b-2.md'"],
      results: [["sources/a-b-2.md": "---\nid: \"a:b\"\ntitle: \"a:b\"\n---\n\n"]])
  }

  @Test func brokenWikiLinkCreatesTheNoteInNewNoteDir() {
    let files = ["journal/ngày.md": "Voir [[⏩Ý tưởng mới⏪]].\n"]
    checkQuickFixes(
      files, in: "journal/ngày.md", titles: ["create note 'notes/Ý tưởng mới.md'"],
      results: [["notes/Ý tưởng mới.md": "---\ntitle: Ý tưởng mới\n---\n\n"]], preferred: [true])
  }

  @Test func brokenMarkdownLinkCreatesTheNoteWhereItPoints() {
    let files = ["journal/ngày.md": "Voir [idée](⏩../idées/neuve.md⏪).\n"]
    checkQuickFixes(
      files, in: "journal/ngày.md", titles: ["create note 'idées/neuve.md'"],
      results: [["idées/neuve.md": "---\ntitle: neuve\n---\n\n"]])
  }

  @Test func aBrokenLinkReferenceDefinitionCreatesTheNoteWhereItPoints() {
    let files = ["journal/ngày.md": "Voir [idée][🌱] et [🌱].\n\n[🌱]: ⏩../idées/mầm%20non.md⏪ \"Mầm\"\n"]
    checkQuickFixes(
      files, in: "journal/ngày.md", titles: ["create note 'idées/mầm non.md'"],
      results: [["idées/mầm non.md": "---\ntitle: mầm non\n---\n\n"]])
  }

  @Test func aBrokenAnchorInALinkReferenceDefinitionOffersTheNearestSlug() {
    let files = ["hub.md": "# Hub\n\n## Méthodes\n", "b.md": "Café [m] 東京\n\n[m]: hub.md#⏩méthode⏪\n"]
    let workspace = Fixture.workspace(files)
    let fix = workspace.quickFixes(in: "b.md", range: MarkedText(files["b.md"] ?? "").ranges[0]).first
    #expect(fix?.title == "replace with 'méthodes'")
    #expect(fix.map { ChangeFixture.applying($0.change, to: files)["b.md"] } == "Café [m] 東京\n\n[m]: hub.md#méthodes\n")
  }

  @Test func brokenLinkToAnImageHasNoFix() {
    checkQuickFixes(["a.md": "![x](⏩img/absente.png⏪)\n"], in: "a.md", titles: [], results: [])
  }

  @Test func brokenAnchorOffersTheNearestHeadingInTheLinkStyle() {
    let files = [
      "hub.md": "# Hub\n\n## Méthodes\n\n## Résultats\n",
      "a.md": "Café [[hub#⏩Méthode⏪]] et [m](hub.md#méthode)\n",
      "b.md": "Café [m](hub.md#⏩méthode⏪)\n",
    ]
    let workspace = Fixture.workspace(files)
    let wikiFix = workspace.quickFixes(in: "a.md", range: MarkedText(files["a.md"] ?? "").ranges[0]).first
    #expect(wikiFix?.title == "replace with 'Méthodes'")
    #expect(
      wikiFix.map { ChangeFixture.applying($0.change, to: files)["a.md"] }
        == "Café [[hub#Méthodes]] et [m](hub.md#méthode)\n")
    let markdownFix = workspace.quickFixes(in: "b.md", range: MarkedText(files["b.md"] ?? "").ranges[0]).first
    #expect(markdownFix?.title == "replace with 'méthodes'")
    #expect(markdownFix.map { ChangeFixture.applying($0.change, to: files)["b.md"] } == "Café [m](hub.md#méthodes)\n")
  }

  @Test func ambiguousLinkOffersEachCandidateAsAPath() {
    let files = [
      "a/idée.md": "A\n", "b/idée.md": "B\n",
      "c.md": "Voir [[⏩idée⏪|l'idée]]\n",
    ]
    checkQuickFixes(
      files, in: "c.md", titles: ["link to 'a/idée'", "link to 'b/idée'"],
      results: [["c.md": "Voir [[a/idée|l'idée]]\n"], ["c.md": "Voir [[b/idée|l'idée]]\n"]])
  }

  @Test func noFixOutsideTheDiagnosticRange() {
    let files = ["refs.bib": Self.bib, "a.md": "⏩Texte⏪ sans rien [@smith202]\n"]
    checkQuickFixes(files, in: "a.md", titles: [], results: [])
  }
}
