import GlossSyntax
import Testing

@testable import GlossIndex

/// An edit of a note re-summarises and re-diagnoses only the blocks it re-parsed (`NoteRecord(updating:…)`,
/// `Workspace.setNote(path:bytes:after:)`): after every one of hundreds of random edits chained one after another,
/// the note's summary and every file's diagnostics must be exactly those of the same files loaded afresh.
@Suite struct NoteSplicingTests {
  static let files: [String: String] = [
    "refs.bib": """
    @book{k1, title = {Un}, author = {Lefèvre, Anne}}
    @book{k2, title = {Deux}}
    @book{doc, title = {Pages}}
    @book{doc2, title = {Sans texte}}

    """,
    "sources/doc.txt": "alpha beta gamma delta\nsecond line here\u{0C}epsilon zeta eta\u{0C}theta iota kappa lambda\n",
    "sources/k2.md": "---\nid: k2\n---\n# Méthodes\n\nmots de la méthode\n\n# Résultats\n\nrien\n",
    "notes/other.md": """
    # Other

    [[big]] [[big#Section un]] [b](big.md#section-deux) [[Big title]] [r] [s][]

    [r]: big.md#section-deux
    [s]: <big.md#Section un>

    """,
    "notes/big.md": NoteSplicingTests.big,
  ]

  /// A note with blocks of many kinds, citations known and unknown, locators that resolve and some that do not,
  /// quotations found and not found, links to its own headings and to other notes, and tags.
  static let big: String = {
    var parts = ["# Big title\n"]
    for k in 0..<24 {
      switch k % 8 {
      case 0:
        parts.append("## Section \(k == 0 ? "un" : "\(k)")\n\nText [@k1, p. 4] and @k2 [sec. Méthodes] #t\(k % 3).\n")
      case 1: parts.append("\"alpha beta gamma\" [@doc, p. 1] then \"not in it\" [@doc, p. 2] [@unknown\(k)]\n")
      case 2:
        parts.append("- item [@doc, p. 9] [[#Section un]]\n- two [see @k1; @nope, p. 3]\n\n  more (#section-deux)\n")
      case 3: parts.append("> theta iota kappa\n> — [@doc, p. 3]\n")
      case 4: parts.append("```\ncode [@notcited]\n```\n")
      case 5: parts.append("## Section deux\n\n[@doc, p. 2, \"zeta eta\"] [@doc2, p. 1] [[other]] [[missing\(k)]]\n")
      case 6: parts.append("| a | b |\n|---|---|\n| [@k2, sec. Résultats] | [@k2, sec. Nowhere] |\n")
      default: parts.append("Plain words @doc [l. 2] and \"mots de la\" [@k2] #Thème/sous [x](other.md#nope)\n")
      }
    }
    return parts.joined(separator: "\n")
  }()

  /// An example list with a reference to it, a LaTeX environment and a definition list: syntax read across blocks.
  static let acrossBlocks = """

    (@ex) An example citing [@k1].

    As (@ex) shows, and @k2 too.

    \\begin{figure}
    x [@k2]
    \\end{figure}

    Term

    :   a definition [@doc, p. 2]

    """

  /// A paragraph of 300 citations, which makes a note keep its summary.
  static let manyCitations = "\n" + (0..<300).map { "[@k\($0 % 2 + 1)] " }.joined() + "@doc\n"

  /// Link reference definitions and their uses (to its own headings, another note, a missing note, in a quote, and
  /// after an in-text key, where Pandoc reads a link rather than a suffix): each edit parses the note whole.
  static let references = """

    Xem [chương][ch] và [Other][] và [ch] @k1 [ch] và [bad] [🦉 Cú].

    [ch]: big.md#section-deux
    [Other]: other.md "Other"
    [bad]: <missing note.md#x>
    [🦉 cú]: #section-un

    > [q]: other.md#nope
    > [q] quoted

    """

  /// What an edit inserts: what changes how blocks, citations, quotations and links read, and plain text.
  static let pieces = [
    "Q", " ", "\n", "\n\n", "# ", "## ", "> ", "- ", "```", "\"", "[@", "@k1", "@doc", "]", ", p. 2", ", p. 7", "[[",
    "]]", "#tag", "[[#Section un]]", "[[big]]", "é", "漢字", "🦉", "\n# Section un\n", "\n## Big title\n",
    "\"alpha beta\" [@doc, p. 1]", "> — [@doc, p. 3]\n", "---", "|", "[^1]: ", "(#section-deux)", "[ch]",
    "[x][Other]", "[Other][]", "]: ", "\n[ch]: other.md\n", "\n\n[new]: big.md#section-un\n", "[new]",
  ]

  @Test(arguments: 0..<8)
  func editsMatchAFreshLoad(seed: Int) {
    var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(max(1, bound)))
    }
    let path = "notes/big.md"
    var files = Self.files
    // Every fourth run's note holds syntax read across blocks, and every fourth holds reference links, so each edit
    // parses it whole and the splice comes from comparing the two parses. Seed 4's note has enough citations to keep
    // its summary from the first load (`NoteRecord.keptSummary`); the others' summaries are found from the note
    // until an edit keeps them.
    let text =
      seed % 4 == 2
      ? Self.big + Self.acrossBlocks
      : seed % 4 == 3 ? Self.big + Self.references : seed == 4 ? Self.big + Self.manyCitations : Self.big
    files[path] = text
    var workspace = Fixture.workspace(files)
    var bytes = Array(text.utf8)
    var spliced = 0
    var mismatches = 0
    for step in 0..<150 {
      let lower = Self.scalarBoundary(next(bytes.count + 1), in: bytes)
      let length = next(3) == 0 ? next(30) : 0
      let upper = Self.scalarBoundary(min(bytes.count, lower + length), in: bytes)
      let inserted = next(4) == 0 ? [] : Array(Self.pieces[next(Self.pieces.count)].utf8)
      let before = workspace.note(at: path)?.note ?? Note()
      bytes.replaceSubrange(lower..<upper, with: inserted)
      let edit = TextEditSpan(range: lower..<upper, insertedCount: inserted.count)
      var splice: NoteSplice?
      _ = Note(reparsing: before, replacing: edit.range, insertedCount: edit.insertedCount, in: bytes, splice: &splice)
      if splice != nil { spliced += 1 }
      let deferring = next(2) == 0
      workspace.setNote(path: path, bytes: bytes, after: edit, deferringOthers: deferring)
      if deferring, next(2) == 0 { workspace.refreshPending() }
      files[path] = String(decoding: bytes, as: UTF8.self)
      let fresh = Fixture.workspace(files)
      let problems = Self.differences(workspace, fresh, path: path)
      if !problems.isEmpty {
        mismatches += 1
        Issue.record(
          "seed \(seed) step \(step): replacing \(lower)..<\(upper) with '\(String(decoding: inserted, as: UTF8.self))': \(problems.joined(separator: "; "))"
        )
        workspace = fresh
      }
      if mismatches > 3 { break }
    }
    // Most edits must have gone through the splice, or this test would test nothing.
    #expect(spliced > 75, "only \(spliced) of 150 edits were spliced")
  }

  /// What differs between the edited workspace and the fresh one: the note's summary, and the diagnostics of every
  /// file not waiting for `refreshPending()`.
  static func differences(_ edited: Workspace, _ fresh: Workspace, path: String) -> [String] {
    var out: [String] = []
    guard let a = edited.note(at: path), let b = fresh.note(at: path) else { return ["the note is missing"] }
    if a.note != b.note { out.append("note") }
    if a.title != b.title { out.append("title '\(a.title)' vs '\(b.title)'") }
    if a.aliases != b.aliases { out.append("aliases") }
    if a.quotations != b.quotations { out.append("quotations \(a.quotations.count) vs \(b.quotations.count)") }
    if a.locators != b.locators { out.append("locators \(a.locators.count) vs \(b.locators.count)") }
    if a.bibliographyPaths != b.bibliographyPaths { out.append("bibliography paths") }
    if a.byteCount != b.byteCount { out.append("byte count") }
    if a.nameKeys != b.nameKeys { out.append("names \(a.nameKeys.sorted()) vs \(b.nameKeys.sorted())") }
    if a.citedKeys != b.citedKeys { out.append("cited keys \(a.citedKeys.sorted()) vs \(b.citedKeys.sorted())") }
    if a.tagCounts != b.tagCounts { out.append("tags \(a.tagCounts) vs \(b.tagCounts)") }
    if a.linkKeys != b.linkKeys { out.append("link keys \(a.linkKeys.sorted()) vs \(b.linkKeys.sorted())") }
    if a.headingSignature != b.headingSignature { out.append("headings") }
    for file in fresh.diagnosedPaths where !edited.pendingPaths.contains(file) {
      let mine = edited.diagnostics(for: file)
      let theirs = fresh.diagnostics(for: file)
      if mine != theirs {
        let first = zip(mine, theirs).first { $0 != $1 }.map {
          "\($0.0.code) \($0.0.range) vs \($0.1.code) \($0.1.range)"
        }
        out.append("\(file): \(mine.count) diagnostics vs \(theirs.count)" + (first.map { ", first \($0)" } ?? ""))
      }
    }
    for key in ["k1", "k2", "doc", "nope"] where edited.citations(ofKey: key) != fresh.citations(ofKey: key) {
      out.append("citations of \(key)")
    }
    if edited.tagCounts != fresh.tagCounts { out.append("workspace tags") }
    if edited.backlinks(to: path) != fresh.backlinks(to: path) { out.append("backlinks") }
    return out
  }

  @Test func onlyNotesWithManyElementsKeepTheirSummaryUntilEdited() throws {
    var files = Self.files
    files["notes/many.md"] = Self.manyCitations
    var workspace = Fixture.workspace(files)
    #expect(workspace.note(at: "notes/many.md")?.keptSummary?.citedKeys == ["k1", "k2", "doc"])
    let path = "notes/big.md"
    #expect(workspace.note(at: path)?.keptSummary == nil)
    let fresh = try #require(workspace.note(at: path))
    var bytes = Array(Self.big.utf8)
    bytes.append(contentsOf: Array("\n[@k1] #new".utf8))
    let edit = TextEditSpan(
      range: Self.big.utf8.count..<Self.big.utf8.count, insertedCount: bytes.count - Self.big.utf8.count)
    workspace.setNote(path: path, bytes: bytes, after: edit)
    let edited = try #require(workspace.note(at: path))
    #expect(edited.keptSummary?.tagCounts["new"] == 1)
    #expect(edited.citedKeys == fresh.citedKeys)
    #expect(workspace.notes(withTag: "new") == [path: 1])
  }

  @Test func anEditFarFromTheOtherBlocksKeepsTheirDiagnosticsMoved() {
    var workspace = Fixture.workspace(Self.files)
    let path = "notes/big.md"
    var bytes = Array(Self.big.utf8)
    let before = workspace.diagnostics(for: path)
    // One character typed into the first paragraph's text moves every later diagnostic by one byte.
    let offset = Array(Self.big.utf8).firstIndex(of: UInt8(ascii: "T")) ?? 0
    bytes.insert(UInt8(ascii: "x"), at: offset)
    workspace.setNote(path: path, bytes: bytes, after: TextEditSpan(range: offset..<offset, insertedCount: 1))
    let after = workspace.diagnostics(for: path)
    #expect(after.count == before.count)
    #expect(
      after.map(\.range.lowerBound) == before.map { $0.range.lowerBound + ($0.range.lowerBound >= offset ? 1 : 0) })
    #expect(
      after
        == Fixture.workspace(Self.files.merging([path: String(decoding: bytes, as: UTF8.self)]) { $1 }).diagnostics(
          for: path))
  }

  private static func scalarBoundary(_ offset: Int, in bytes: [UInt8]) -> Int {
    var offset = min(offset, bytes.count)
    while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
    return offset
  }
}
