import GlossIndex
import GlossSyntax
import TestSupport
import Testing

@Suite struct CompletionTests {
  static let library = """
    @book{bartlett1932, title = {Remembering: A Study in Experimental and Social Psychology},
      author = {Bartlett, Frederic C.}, year = {1932}, publisher = {Cambridge University Press},
      abstract = {An account of remembering as reconstruction.}}
    @article{loftus1974, title = {Reconstruction of Automobile Destruction}, author = {Loftus, Elizabeth and
      Palmer, John}, year = {1974}, journal = {Journal of Verbal Learning}}
    @article{nguyen2019, title = {Ký ức tập thể}, author = {Nguyễn, Văn An and Trần, Bình and Lê, Chi}, year = {2019}}
    @misc{team2020, title = {Open Notes}, author = {Smith, Ann and others}, year = {2020}}
    @misc{bart, title = {Short}}

    """

  static let files = [
    "refs.bib": library,
    "sources/halbwachs.md":
      "---\ntitle: La mémoire collective\nauthor: Maurice Halbwachs\nyear: 1950\n---\n# 1 Introduction\n\nTexte.\n\n"
      + "# 2 Méthodes\n\nPlus.\n",
    "notes/hub.md": "---\ntitle: Carrefour\naliases: [Centre]\n---\n# Hub\n\n## Méthodes ✨\n\n#mémoire/collective\n",
    "notes/cited.md": "[@loftus1974] [@loftus1974; @nguyen2019] #mémoire #Mémoire/individuelle\n",
    "notes/other.md": "[@loftus1974] #mémoire #projet\n",
  ]

  /// The completions at `1️⃣` in `path` (marked in `files`), and the marked text.
  func complete(
    _ files: [String: String], in path: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (CompletionResult, MarkedText) {
    let marked = MarkedText(try #require(files[path], sourceLocation: sourceLocation))
    let cursor = try #require(marked.cursors["1"], sourceLocation: sourceLocation)
    let workspace = Fixture.workspace(files)
    return (workspace.completions(at: cursor, in: path, text: Array(marked.text.utf8)), marked)
  }

  /// The labels completed at `1️⃣` in the note `text` added to the standard files as `notes/test.md`.
  func labels(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
    var files = Self.files
    files["notes/test.md"] = text
    return try complete(files, in: "notes/test.md", sourceLocation: sourceLocation).0.items.map(\.label)
  }

  @Test func keysAfterAnOpeningBracketComeMostCitedFirst() throws {
    var files = Self.files
    files["notes/test.md"] = "Trí nhớ 🧠 là tái tạo [@1️⃣]\n"
    let (result, marked) = try complete(files, in: "notes/test.md")
    #expect(result.items.map(\.label) == ["loftus1974", "nguyen2019", "bart", "bartlett1932", "halbwachs", "team2020"])
    #expect(!result.isIncomplete)
    let cursor = try #require(marked.cursors["1"])
    #expect(result.items.allSatisfy { $0.replaceRange == cursor..<cursor && $0.newText == $0.label })
    #expect(result.items.first?.detail == "Loftus and Palmer 1974 — Reconstruction of Automobile Destruction")
  }

  @Test(arguments: [
    ("[@bart1️⃣", ["bart", "bartlett1932"]),
    ("Như [see @Nguy1️⃣", ["nguyen2019"]),
    ("văn bản [-@tran1️⃣]", ["nguyen2019"]),
    ("[@loftus1974; @rem1️⃣]", ["bartlett1932"]),
    ("Theo @halb1️⃣ thì", ["halbwachs"]),
    ("(@195 1️⃣", []),
    ("(@1951️⃣", ["halbwachs"]),
    ("[@destruc1️⃣", ["loftus1974"]),
    ("[@pal1️⃣", ["loftus1974"]),
    ("“@halb1️⃣”", ["halbwachs"]),
    ("Theo\u{00A0}@halb1️⃣", ["halbwachs"]),
    ("café@halb1️⃣", []),
    ("五@halb1️⃣", []),
  ])
  func aPrefixFindsKeysByKeyAuthorYearOrTitleWord(text: String, expected: [String]) throws {
    #expect(try labels(text) == expected)
  }

  @Test(arguments: [
    "email joe@1️⃣",
    "số 10@1️⃣",
    "`[@1️⃣`",
    "`code` and ``[@b1️⃣ ``",
    "<!-- [@1️⃣ -->",
    "```\n[@1️⃣\n```\n",
    "~~~bash\n---\ntags: [nottag]\n---\nCiting [@1️⃣\n~~~\n",
    "    [@1️⃣\n",
    "url https://example.com/@1️⃣",
    "@@1️⃣",
  ])
  func nothingIsCompletedOutsideCitationPosition(text: String) throws {
    #expect(try labels("Đoạn 🙂 trước.\n\n" + text) == [])
  }

  @Test func theEditReplacesThePrefixAndTheKeyRightOfTheCursor() throws {
    var files = Self.files
    files["notes/test.md"] = "日本語 ✨ [see @⏩loft1️⃣us19⏪, p. 4]\n"
    let (result, marked) = try complete(files, in: "notes/test.md")
    #expect(result.items.first?.label == "loftus1974")
    #expect(result.items.first?.replaceRange == marked.ranges.first)
    #expect(result.items.first?.newText == "loftus1974")
  }

  @Test func anExactKeyComesBeforeLongerKeysAndAuthorMatches() throws {
    #expect(try labels("[@bart1️⃣") == ["bart", "bartlett1932"])
    #expect(try labels("[@bartlett1️⃣") == ["bartlett1932"])
  }

  @Test func filterTextHoldsKeyAuthorsYearAndTitle() throws {
    var files = Self.files
    files["notes/test.md"] = "[@lof1️⃣"
    let (result, _) = try complete(files, in: "notes/test.md")
    #expect(result.items.first?.filterText == "loftus1974 Loftus Palmer 1974 Reconstruction of Automobile Destruction")
  }

  @Test func detailAbbreviatesPastTwoAuthorsAndForOthers() throws {
    var files = Self.files
    files["notes/test.md"] = "[@1️⃣"
    let details = Dictionary(
      uniqueKeysWithValues: try complete(files, in: "notes/test.md").0.items.map { ($0.label, $0.detail ?? "") })
    #expect(details["nguyen2019"] == "Nguyễn et al. 2019 — Ký ức tập thể")
    #expect(details["team2020"] == "Smith et al. 2020 — Open Notes")
    #expect(details["bartlett1932"] == "Bartlett 1932 — Remembering: A Study in Experimental and Social Psychology")
    #expect(details["halbwachs"] == "Halbwachs 1950 — La mémoire collective")
    #expect(details["bart"] == "Short")
  }

  @Test func aLongListIsCappedAndMarkedIncomplete() throws {
    var bib = ""
    for index in 0..<150 { bib += "@misc{k\(index), title = {Titre \(index)}}\n" }
    var files = ["many.bib": bib, "a.md": "[@k1 @k149] [@k149]\n", "test.md": "[@1️⃣"]
    var (result, _) = try complete(files, in: "test.md")
    #expect(result.items.count == Workspace.completionLimit)
    #expect(result.isIncomplete)
    #expect(Array(result.items.prefix(3).map(\.label)) == ["k1", "k149", "k0"])
    files["test.md"] = "[@k141️⃣"
    (result, _) = try complete(files, in: "test.md")
    #expect(
      result.items.map(\.label) == [
        "k14", "k149", "k140", "k141", "k142", "k143", "k144", "k145", "k146", "k147", "k148",
      ])
    #expect(!result.isIncomplete)
  }

  @Test func aChangedBibliographyIsSeenByTheNextCompletion() throws {
    var workspace = Fixture.workspace(Self.files)
    let marked = MarkedText("[@zz1️⃣")
    let cursor = try #require(marked.cursors["1"])
    workspace.setNote(path: "t.md", bytes: Array(marked.text.utf8))
    #expect(workspace.completions(at: cursor, in: "t.md", text: Array(marked.text.utf8)).items.isEmpty)
    workspace.setBibliography(path: "more.bib", bytes: Array("@misc{zzz, title = {Z}}".utf8))
    #expect(workspace.completions(at: cursor, in: "t.md", text: Array(marked.text.utf8)).items.map(\.label) == ["zzz"])
  }

  @Test func resolveDocumentsMetadataAndTheStartOfTheText() throws {
    let workspace = Fixture.workspace(Self.files)
    let bartlett = try #require(workspace.completionDocumentation(forKey: "bartlett1932"))
    #expect(
      bartlett.hasPrefix("**Remembering: A Study in Experimental and Social Psychology**\n\nFrederic C. Bartlett"))
    #expect(bartlett.contains("1932 · Cambridge University Press"))
    #expect(bartlett.hasSuffix("---\n\nAn account of remembering as reconstruction."))
    let halbwachs = try #require(workspace.completionDocumentation(forKey: "halbwachs"))
    #expect(halbwachs.contains("Maurice Halbwachs"))
    #expect(halbwachs.hasSuffix(##"\# 1 Introduction Texte. \# 2 Méthodes Plus."##))
    #expect(workspace.completionDocumentation(forKey: "inconnu") == nil)
  }

  @Test func documentationEscapesMarkdownAsHoversDo() {
    #expect(Workspace.excerpt(Array("a ~b~ costs $5 *x* [y] #z".utf8)) == ##"a \~b\~ costs \$5 \*x\* \[y\] \#z"##)
  }

  @Test func aLongTextIsCutAtAWordNearTheLimit() {
    let text = Array(String(repeating: "mémoire ", count: 200).utf8)
    let excerpt = Workspace.excerpt(text)
    #expect(excerpt.hasSuffix("mémoire …"))
    #expect(excerpt.utf8.count <= Workspace.completionExcerptLimit + 4)
  }
}

extension CompletionTests {
  @Test func theKeyUnderTheCursorComesFirstEvenInACappedList() throws {
    var bib = ""
    for index in 0..<150 { bib += "@misc{k\(index), title = {Titre \(index)}}\n" }
    let files = ["many.bib": bib, "a.md": "[@k1 @k149] [@k149]\n", "test.md": "Ghi chú 🧾 [e.g., @1️⃣k77, pp. 3]"]
    let (result, _) = try complete(files, in: "test.md")
    #expect(Array(result.items.prefix(3).map(\.label)) == ["k77", "k1", "k149"])
    #expect(result.items.count == Workspace.completionLimit)
    #expect(result.isIncomplete)
  }
}

extension CompletionTests {
  @Test func theEmptyPrefixRankingFollowsNewCitations() throws {
    var workspace = Fixture.workspace(Self.files)
    let marked = MarkedText("[@1️⃣")
    let cursor = try #require(marked.cursors["1"])
    let bytes = Array(marked.text.utf8)
    #expect(workspace.completions(at: cursor, in: "t.md", text: bytes).items.first?.label == "loftus1974")
    for index in 0..<4 { workspace.setNote(path: "new\(index).md", bytes: Array("[@team2020]".utf8)) }
    #expect(workspace.completions(at: cursor, in: "t.md", text: bytes).items.first?.label == "team2020")
  }
}

extension CompletionTests {
  @Test func bibliographiesAndSourceDocumentsGetNoCompletion() throws {
    var files = Self.files
    files["refs.bib"] = Self.library + "@1️⃣"
    #expect(try complete(files, in: "refs.bib").0.items.isEmpty)
    files = Self.files
    files["sources/halbwachs.md"] = "Voir [@1️⃣"
    #expect(try complete(files, in: "sources/halbwachs.md").0.items.isEmpty)
  }

  @Test func aMarkdownFileOutsideTheIndexIsParsedForTheOccasion() throws {
    let workspace = Fixture.workspace(Self.files)
    let marked = MarkedText("```\n[@\n```\nCâu [@lof1️⃣")
    let cursor = try #require(marked.cursors["1"])
    let result = workspace.completions(at: cursor, in: "drafts/nháp.md", text: Array(marked.text.utf8))
    #expect(result.items.map(\.label) == ["loftus1974"])
    #expect(workspace.completions(at: 6, in: "drafts/nháp.md", text: Array(marked.text.utf8)).items.isEmpty)
  }
}
