import GlossIndex
import GlossSyntax
import Testing

@Suite struct DiagnosticsTests {
  static let bib = """
    @book{bartlett1932,
      title = {Remembering},
      author = {Bartlett, Frederic},
      year = {1932}
    }

    """

  @Test func unknownSourceIsReportedOnTheKeyOnly() {
    checkDiagnostics(
      [
        "refs.bib": Self.bib,
        "notes/trí nhớ.md": "Trí nhớ — 記憶 🧠 [@⏩smith2020⏪, p. 4] and [@bartlett1932].\n",
      ],
      ["notes/trí nhớ.md": ["unknown-source"]])
  }

  @Test func unknownSourceMessageNamesTheKey() {
    let workspace = Fixture.workspace(["a.md": "Voilà [@smith2020].\n", "refs.bib": Self.bib])
    let messages = workspace.diagnostics(for: "a.md").map(\.message)
    #expect(messages == ["unknown source 'smith2020'"])
    #expect(workspace.diagnostics(for: "a.md").first?.severity == .error)
  }

  @Test func citationsOfEntriesAndDocumentsResolve() {
    checkDiagnostics(
      [
        "refs.bib": Self.bib,
        "sources/lévi-strauss1955.md": "Tristes tropiques\n",
        "a.md": "Vu [@bartlett1932] et [@lévi-strauss1955].\n",
      ], [:])
  }

  @Test func locatorPastTheTextIsUnresolved() {
    checkDiagnostics(
      [
        "sources/doc.txt": "première page\u{0C}seconde page\n",
        "a.md": "Ça [@doc, ⏩p. 40⏪] et [@doc, p. 2].\n",
      ],
      ["a.md": ["unresolved-locator"]])
  }

  @Test func locatorsOfInTextAndBareNumberCitationsAreMapped() {
    checkDiagnostics(
      [
        "sources/doc.txt": "première page\u{0C}seconde page\n",
        "a.md": "Ça — @doc [⏩p. 40⏪] puis [@doc, ⏩40⏪] et [see @doc, ⏩pp. 3-4⏪, \"⏩mots⏪\"] mais [@doc, p. 1].\n",
      ],
      ["a.md": ["unresolved-locator", "unresolved-locator", "unresolved-locator", "quote-mismatch"]])
  }

  @Test func unresolvedLocatorMessageGivesTheReason() {
    let workspace = Fixture.workspace(["sources/doc.txt": "un\u{0C}deux\n", "a.md": "[@doc, p. 40]\n"])
    let message = workspace.diagnostics(for: "a.md").first?.message ?? ""
    #expect(message.hasPrefix("cannot find 'p. 40' in 'doc': "))
    #expect(message.contains("40"))
  }

  @Test func locatorOnASourceWithoutTextIsAHint() {
    checkDiagnostics(
      ["refs.bib": Self.bib, "a.md": "Ñandú [@bartlett1932, ⏩p. 213⏪] [@bartlett1932, chap. 2].\n"],
      ["a.md": ["no-text"]])
    let workspace = Fixture.workspace(["refs.bib": Self.bib, "a.md": "Ñandú [@bartlett1932, p. 213].\n"])
    #expect(workspace.diagnostics(for: "a.md").map(\.severity) == [.hint])
  }

  @Test func quotationOnASourceWithoutTextIsAHint() {
    checkDiagnostics(
      ["refs.bib": Self.bib, "a.md": "Il dit « non » \"⏩an imaginative reconstruction⏪\" [@bartlett1932].\n"],
      ["a.md": ["no-text"]])
  }

  @Test func duplicateEntriesAreReportedAtEachDefinition() {
    checkDiagnostics(
      [
        "a.bib": "@book{⏩dup⏪, title = {Ä}}\n",
        "b.bib": "% Ω\n@article{⏩dup⏪, title = {B}}\n",
        "n.md": "[@dup]\n",
      ],
      ["a.bib": ["duplicate-source"], "b.bib": ["duplicate-source"]])
  }

  @Test func duplicateEntriesInOneFileNameTheFirstAsWinner() {
    let workspace = Fixture.workspace(["refs.bib": "@book{dup, title = {Un}}\n@book{dup, title = {Deux}}\n"])
    #expect(
      workspace.diagnostics(for: "refs.bib").map(\.message) == [
        "source 'dup' is also defined in 'refs.bib'; this definition wins",
        "source 'dup' is also defined in 'refs.bib'; the one in 'refs.bib' wins",
      ])
    #expect(workspace.source(forKey: "dup")?.title == "Un")
  }

  @Test func duplicateDocumentsAreReportedAtTheirIdOrFirstLine() {
    checkDiagnostics(
      [
        "sources/x.md": "---\nid: ⏩dup⏪\n---\nTexte\n",
        "sources/dup.txt": "⏩première ligne⏪\nseconde\n",
      ],
      ["sources/x.md": ["duplicate-source"], "sources/dup.txt": ["duplicate-source"]])
  }

  @Test func anEntryAndADocumentWithTheSameKeyAreOneSource() {
    checkDiagnostics(
      [
        "refs.bib": Self.bib,
        "sources/bartlett1932.txt": "page one\u{0C}page two\n",
        "a.md": "[@bartlett1932, p. 2]\n",
      ], [:])
  }

  @Test func aLibraryInTheHomeFolderIsNamedFromTilde() {
    let zotero = "/home/người dùng/Zotero/storage/ABCD1234/library exported by Better BibTeX.bib"
    let workspace = Workspace(
      loading: [
        WorkspaceFile(path: zotero, role: .bibliography, bytes: Array("@book{dup, title = {Z}}\n".utf8)),
        WorkspaceFile(path: "refs.bib", role: .bibliography, bytes: Array("@book{dup, title = {R}}\n".utf8)),
      ], place: WorkspacePlace(root: "/home/người dùng/notes", home: "/home/người dùng"))
    let messages =
      workspace.diagnostics(for: "refs.bib").map(\.message)
      + workspace.diagnostics(for: zotero)
      .map(\.message)
    #expect(messages.allSatisfy { !$0.contains("/home/") }, "\(messages)")
    #expect(
      messages.contains { $0.contains("'~/Zotero/storage/ABCD1234/library exported by Better BibTeX.bib'") },
      "\(messages)")
  }

  @Test func duplicateMessageNamesTheOtherFileAndTheWinner() {
    let workspace = Fixture.workspace(["a.bib": "@book{dup, title = {A}}\n", "b.bib": "@book{dup, title = {B}}\n"])
    #expect(
      workspace.diagnostics(for: "b.bib").map(\.message) == [
        "source 'dup' is also defined in 'a.bib'; the one in 'a.bib' wins"
      ])
    #expect(workspace.source(forKey: "dup")?.title == "A")
  }

  @Test func brokenWikiAndMarkdownLinksAreReportedOnTheTarget() {
    checkDiagnostics(
      [
        "notes/été.md": "# Été\n",
        "notes/a.md": "Liens 🔗 [[⏩nulle part⏪]] [[été]] [x](⏩absent.md⏪) [y](été.md) [z](https://example.com)\n",
      ],
      ["notes/a.md": ["broken-link", "broken-link"]])
  }

  @Test func brokenAnchorsAreReportedOnTheAnchor() {
    checkDiagnostics(
      [
        "b.md": "# Première partie\n\n## Suite\n",
        "a.md": """
        # Début
        [[b#⏩Missing⏪]] [[b#Suite]] [[#⏩Absent⏪]] [[#Début]]
        [b](b.md#⏩missing⏪) [b](b.md#première-partie) [s](#⏩nope⏪) [s](#début)

        """,
      ],
      ["a.md": ["broken-anchor", "broken-anchor", "broken-anchor", "broken-anchor"]])
  }

  @Test func wikiLinkMatchingSeveralNotesIsAmbiguous() {
    checkDiagnostics(
      [
        "x/memo.md": "un\n",
        "y/memo.md": "deux\n",
        "a.md": "日本 [[⏩memo⏪]] [[x/memo]]\n",
      ],
      ["a.md": ["ambiguous-link"]])
  }

  @Test func malformedFrontMatterIsReported() {
    let workspace = Fixture.workspace(["a.md": "---\ntitle: ok\n"])
    #expect(workspace.diagnostics(for: "a.md").map(\.code) == ["malformed-front-matter"])
  }

  @Test func malformedBibliographyIsReported() {
    let workspace = Fixture.workspace(["refs.bib": "@book{ok, title = {Déjà}}\n\n@book{\n"])
    let codes = workspace.diagnostics(for: "refs.bib").map(\.code)
    #expect(!codes.isEmpty && codes.allSatisfy { $0 == "malformed-bibliography" })
    #expect(workspace.diagnostics(for: "refs.bib").allSatisfy { $0.range.lowerBound >= 27 })
    #expect(workspace.source(forKey: "ok")?.title == "Déjà")
  }

  @Test func malformedConfigComesFromTheCallersProblems() {
    var workspace = Fixture.workspace(["a.md": "ok\n"])
    let changed = workspace.setConfig(
      WorkspaceConfig(), problems: [SyntaxProblem(range: 0..<1, message: "expected a JSON object")])
    #expect(changed.contains(".gloss.json"))
    #expect(workspace.diagnostics(for: ".gloss.json").map(\.code) == ["malformed-config"])
    #expect(workspace.diagnosedPaths.contains(".gloss.json"))
  }

  @Test func configTurnsCodesOffAndChangesSeverities() {
    var config = WorkspaceConfig()
    config.diagnostics = ["broken-link": "off", "unknown-source": "info"]
    let workspace = Fixture.workspace(["a.md": "[[nowhere]] [@nobody]\n", "refs.bib": Self.bib], config: config)
    #expect(workspace.diagnostics(for: "a.md").map(\.code) == ["unknown-source"])
    #expect(workspace.diagnostics(for: "a.md").map(\.severity) == [.info])
  }

  @Test func ignoredNotesGetNoDiagnostics() {
    var config = WorkspaceConfig()
    config.diagnosticsIgnore = ["drafts/**"]
    checkDiagnostics(
      ["drafts/deep/a.md": "[@nobody]\n", "b.md": "[@⏩nobody⏪]\n", "refs.bib": Self.bib], ["b.md": ["unknown-source"]],
      config: config)
  }

  @Test func changingTheIgnoreGlobsReDiagnosesTheNotes() {
    var workspace = Fixture.workspace(["drafts/a.md": "[@nobody]\n", "b.md": "[@nobody]\n", "refs.bib": Self.bib])
    var config = WorkspaceConfig()
    config.diagnosticsIgnore = ["{drafts,archive}/**"]
    let changed = workspace.setConfig(config)
    #expect(changed == ["drafts/a.md"])
    #expect(workspace.diagnostics(for: "drafts/a.md").isEmpty)
    #expect(workspace.diagnostics(for: "b.md").map(\.code) == ["unknown-source"])
  }

  @Test func linksFollowFoldersExtensionsCaseAndOtherFiles() {
    checkDiagnostics(
      [
        "notes/sub/x.md": "x\n",
        "notes/y.md": "y\n",
        "img/photo.png": "",
        "notes/a.md": """
        [up](../notes/y.md) [rel](sub/x.md) [noext](sub/x) [case](SUB/X.md) [root](/notes/y.md)
        ![p](../img/photo.png) ![q](⏩../img/missing.png⏪) [out](⏩../../escape.md⏪) [[Y]] [[notes/sub/x]]

        """,
      ],
      ["notes/a.md": ["broken-link", "broken-link"]])
  }

  @Test func wikiLinksResolveByTitleAndAlias() {
    checkDiagnostics(
      [
        "n1.md": "---\ntitle: Mémoire collective\naliases: [Halbwachs]\n---\n",
        "a.md": "[[mémoire collective]] [[HALBWACHS]] [[n1]] [[⏩n2⏪]]\n",
      ],
      ["a.md": ["broken-link"]])
  }
}
