import Foundation
import TestSupport
import Testing

@testable import GlossSyntax

/// `Note(reparsing:…)` must give exactly what parsing the edited text whole gives, whatever the edit: checked on
/// thousands of random edits (typed characters, Markdown markers, line breaks, deletions across blocks) chained one
/// after another, so that a wrong splice is carried into the next edit and shows.
@Suite struct NoteReparsingTests {
  /// Text an edit inserts: what changes how blocks are read, plus plain words and non-ASCII text.
  static let pieces = [
    "x", " ", "\n", "\n\n", "\r\n", "\r", "```", "~~~", "- ", "* ", "1. ", "2) ", "> ", "# ", "## ", "---", "===",
    "| a | b |", "|---|---|", "    ", "\t", "<div>", "</div>", "<!--", "-->", "[@", "@key", "]", "[", "[[", "]]",
    "#tag", "\"", "“quoted”", "[^1]: ", "é", "漢字", "🦉", "Tiếng Việt", "[see @smith2020, p. 4]", "\n- [ ] ",
    "word ", "\n# Heading\n", "\nSetext\n---\n", "\n```\ncode\n",
    // Syntax read across blocks: definition markers, example labels and references, LaTeX environments.
    ":   ", "\n:   def [@d]\n", "~ ", "(@ex) ", "(@ex)", "\\begin{figure}", "\\end{figure}", "\n\\begin{x}\n",
    // Link reference definitions and their uses, which the blocks around an edit read with the whole note's labels.
    "[ref]", "[x][Ref]", "[ref][]", "]: ", "\n[ref]: other.md#h\n", "\n\n[ref]: <b c.md>\n", "@key [ref]", "[Bản đồ]",
    // Cross-reference labels: attributes, divs (whose caption is read across blocks), code-cell options.
    "{#fig-x}", "\n::: {#fig-d}\n", "\n:::\n", "![cap](a.png){#fig-a}", "\n#| label: fig-c\n", "```{r fig-r}\n",
    "$$ {#eq-e}", "{#sec-s}", "@fig-x", " {.unnumbered}", " {-}", "\n# H {#sec-h}\n",
  ]

  /// A note with many blocks of every kind, so that edits land between, inside and across them.
  static var fixtures: [String] {
    let examples = ["consolidation.md", "schema-theory.md", "seven-sins.md"].compactMap { name in
      try? String(contentsOf: repositoryRoot.appendingPathComponent("examples/research/notes/" + name), encoding: .utf8)
    }
    let long = (0..<40).map { k in
      switch k % 8 {
      case 0: "## Section \(k)\n\nText citing [@a\(k), p. \(k)] and @b\(k) #t\(k).\n"
      case 1: "- item [@c\(k)]\n- item two\n\n  continued [[Note \(k)]]\n"
      case 2: "> quoted [@q\(k)]\n> more\n"
      case 3: "```\ncode [@notcited]\n\n```\n"
      case 4: "| h | i |\n|---|---|\n| [@t\(k)] | x |\n"
      case 5: "Setext \(k)\n===\n"
      case 6: "    indented [@no]\n\n    still\n"
      default: "<div>\n[@html\(k)]\n\n</div>\nPara \"quote\" [@z\(k)]\n"
      }
    }.joined(separator: "\n")
    let references = "\nSee [ref], [text][REF], [Bản  đồ][] and @k [ref].\n\n[ref]: a.md#x\n[bản đồ]: <b c.md>\n"
    let quarto =
      (try? String(
        contentsOf: repositoryRoot.appendingPathComponent("Tests/Fixtures/quarto-book/intro.qmd"), encoding: .utf8))
      ?? ""
    return [ParserRobustnessFixtures.note, long, "---\ntitle: t\n---\n\n" + long, long + references] + examples + [
      quarto
    ]
  }

  @Test func anEditThatLeavesTheDefinitionsReparsesOnlyTheBlocksAroundIt() {
    // The re-parse restarts at the block before the edit's, as in a note without definitions; a whole parse
    // compared with the old one would start the splice at that block's end instead.
    let before = Array("One [ref].\n\nTwo [x][ref].\n\nThree.\n\n[ref]: a.md\n".utf8)
    var after = before
    after.insert(contentsOf: Array("3".utf8), at: 29)
    var splice: NoteSplice?
    let note = Note(reparsing: Note(parsing: before), replacing: 29..<29, insertedCount: 1, in: after, splice: &splice)
    #expect(note == Note(parsing: after))
    #expect(splice?.start == 12)
    #expect(note.links.map(\.reference) == [.use, .use, .definition])
  }

  static let repositoryRoot = Repository.root

  @Test(arguments: 0..<8)
  func reparsingAroundAnEditGivesTheWholeParse(fixture: Int) {
    let texts = Self.fixtures
    guard fixture < texts.count else { return }
    var generator = SeededGenerator(seed: UInt64(fixture) + 1)
    var bytes = Array(texts[fixture].utf8)
    var note = Note(parsing: bytes)
    var mismatches = 0
    for step in 0..<400 {
      // Edits stay on scalar boundaries, as the server's buffer edits do.
      let lower = Self.scalarBoundary(Int(generator.next() % UInt64(bytes.count + 1)), in: bytes)
      let length = generator.next() % 3 == 0 ? Int(generator.next() % 40) : 0
      let upper = Self.scalarBoundary(min(bytes.count, lower + length), in: bytes)
      let inserted =
        generator.next() % 4 == 0 ? [] : Array(Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))].utf8)
      bytes.replaceSubrange(lower..<upper, with: inserted)
      var splice: NoteSplice?
      let reparsed = Note(
        reparsing: note, replacing: lower..<upper, insertedCount: inserted.count, in: bytes, splice: &splice)
      let whole = Note(parsing: bytes)
      if let splice, let problem = Self.outsideDifference(note, whole, splice) {
        mismatches += 1
        Issue.record("step \(step): replacing \(lower)..<\(upper): \(problem) differs outside \(splice)")
      }
      if reparsed != whole {
        mismatches += 1
        Issue.record(
          "step \(step): replacing \(lower)..<\(upper) with \(inserted.count) bytes differs from a whole parse")
        note = whole
      } else {
        note = reparsed
      }
      if mismatches > 3 { break }
    }
  }

  @Test func anEditInsideTheFrontMatterParsesTheWholeNote() {
    let before = Array("---\ntitle: a\ntags: [x]\n---\n\n# A\n\ntext [@k]\n".utf8)
    var after = before
    after.replaceSubrange(11..<12, with: Array("b, #y".utf8))
    let old = Note(parsing: before)
    #expect(Note(reparsing: old, replacing: 11..<12, insertedCount: 5, in: after) == Note(parsing: after))
  }

  @Test func closingAFenceAboveTheEditChangesEverythingAfterIt() {
    let before = Array("a\n\n```\ncode\n\n[@x]\n\nmore [@y]\n".utf8)
    var after = before
    // Closing the fence turns the citations after it from code into text.
    after.insert(contentsOf: Array("```\n".utf8), at: 12)
    let old = Note(parsing: before)
    let reparsed = Note(reparsing: old, replacing: 12..<12, insertedCount: 4, in: after)
    #expect(reparsed == Note(parsing: after))
    #expect(reparsed.citations.count == 2)
  }

  @Test func headingSlugsStayUniqueAcrossTheNote() {
    let before = Array("# A\n\ntext\n\n# B\n\nmore\n\n# A\n".utf8)
    var after = before
    after.replaceSubrange(13..<14, with: Array("A".utf8))
    let old = Note(parsing: before)
    let reparsed = Note(reparsing: old, replacing: 13..<14, insertedCount: 1, in: after)
    #expect(reparsed.headings.map(\.slug) == ["a", "a-1", "a-2"])
    #expect(reparsed == Note(parsing: after))
  }

  /// What differs between `old` and `new` outside the splice (blocks, citations, links and tags starting before it
  /// must be equal, those after it equal once moved), or nil.
  static func outsideDifference(_ old: Note, _ new: Note, _ splice: NoteSplice) -> String? {
    func check<T: Equatable>(_ name: String, _ a: [T], _ b: [T], _ start: (T) -> Int, _ move: (T) -> T) -> String? {
      let before = a.filter { start($0) < splice.start }
      let after = a.filter { start($0) >= splice.oldEnd }.map(move)
      if before != b.filter({ start($0) < splice.start }) { return name + " before" }
      if after != b.filter({ start($0) >= splice.newEnd }) { return name + " after" }
      return nil
    }
    // What the splice says it replaced is the old elements inside it.
    func inside<T>(_ items: [T], _ start: (T) -> Int) -> [T] {
      items.filter { start($0) >= splice.start && start($0) < splice.oldEnd }
    }
    if splice.replaced.citations != inside(old.citations, { $0.range.lowerBound }) { return "replaced citations" }
    if splice.replaced.links != inside(old.links, { $0.range.lowerBound }) { return "replaced links" }
    if splice.replaced.tags != inside(old.tags, { $0.range.lowerBound }) { return "replaced tags" }
    let d = splice.delta
    func moved(_ r: Range<Int>) -> Range<Int> { r.lowerBound + d..<r.upperBound + d }
    return check("blocks", old.blocks, new.blocks, { $0.range.lowerBound }, { $0.shifted(by: d) })
      ?? check("citations", old.citations, new.citations, { $0.range.lowerBound }) { c in
        var c = c
        c.range = moved(c.range)
        for i in c.items.indices {
          c.items[i].keyRange = moved(c.items[i].keyRange)
          c.items[i].suffixRange = moved(c.items[i].suffixRange)
          c.items[i].range = moved(c.items[i].range)
        }
        return c
      }
      ?? check("links", old.links, new.links, { $0.range.lowerBound }) { l in
        var l = l
        l.range = moved(l.range)
        l.targetRange = moved(l.targetRange)
        l.anchorRange = l.anchorRange.map(moved)
        return l
      }
      ?? check("tags", old.tags, new.tags, { $0.range.lowerBound }) { t in
        var t = t
        t.range = moved(t.range)
        return t
      }
  }

  private static func scalarBoundary(_ offset: Int, in bytes: [UInt8]) -> Int {
    var offset = min(offset, bytes.count)
    while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
    return offset
  }
}

/// Edits folded into one `TextEditSpan` describe the change from the first text to the last.
@Suite struct TextEditSpanTests {
  @Test(arguments: 0..<4)
  func foldedEditsCoverEveryChange(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed) + 100)
    let original = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)
    var text = original
    var span: TextEditSpan?
    for _ in 0..<30 {
      let lower = Int(generator.next() % UInt64(text.count + 1))
      let upper = min(text.count, lower + Int(generator.next() % 5))
      let inserted = [UInt8](repeating: UInt8(ascii: "X"), count: Int(generator.next() % 4))
      text.replaceSubrange(lower..<upper, with: inserted)
      let edit = TextEditSpan(range: lower..<upper, insertedCount: inserted.count)
      let folded = span.map { $0.followed(by: edit) } ?? edit
      span = folded
      // Outside the span, the text is the original's.
      #expect(folded.range.upperBound <= original.count)
      #expect(original.count + folded.delta == text.count)
      #expect(Array(original[..<folded.range.lowerBound]) == Array(text[..<folded.range.lowerBound]))
      #expect(
        Array(original[folded.range.upperBound...])
          == Array(text[(folded.range.lowerBound + folded.insertedCount)...]))
    }
  }
}
