import Foundation
import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// `gloss.find`: every place in the sources' text where a phrase occurs, with the citation that points there.
@Suite struct FindTests {
  /// The quotation-check sources, plus a Vietnamese source written decomposed (NFD) and a second English one.
  static let files = QuoteSources.files.merging([
    "sources/nguyễn2019.txt":
      "Trang 1\n\u{0C}Người kể chuyện nói: \("cộng đồng nhớ lại".decomposedStringWithCanonicalMapping)"
      + " những gì đã mất.\n",
    "sources/hunt2002.md": "# Memory\n\nIt is an imaginative reconstruction, as Bartlett said.\n",
  ]) { $1 }

  /// `path citation` of each place found for `phrase`.
  private func found(_ phrase: String, in files: [String: String] = files) -> [String] {
    Fixture.workspace(files).find(phrase).places.map { "\($0.path) \($0.citation ?? "-")" }
  }

  @Test(arguments: [
    // English, across a line break, in another case, with other quote and dash styles.
    ("innumerable fixed, lifeless", "sources/bartlett1932.md [@bartlett1932, l. 7]"),
    ("FRAGMENTARY traces", "sources/bartlett1932.md [@bartlett1932, l. 8]"),
    ("lifeless and fragmentary traces", "sources/bartlett1932.md [@bartlett1932, ll. 7-8]"),
    ("the re–excitation", "sources/bartlett1932.md [@bartlett1932, l. 7]"),
    // Pages where the source has them.
    ("the SAVINGS method", "sources/ebbinghaus1885.txt [@ebbinghaus1885, p. 2]"),
    ("Straße der Erinnerung", "sources/müller2001.txt [@müller2001, p. 1]"),
    // Vietnamese: NFC source and phrase, NFD phrase, upper case; NFD source, NFC phrase.
    ("sự tái tạo đầy tưởng tượng", "sources/trần2020.md [@trần2020, ll. 1-2]"),
    ("sự tái tạo đầy tưởng tượng".decomposedStringWithCanonicalMapping, "sources/trần2020.md [@trần2020, ll. 1-2]"),
    ("KÝ ỨC KHÔNG PHẢI", "sources/trần2020.md [@trần2020, l. 1]"),
    ("Cộng đồng nhớ lại", "sources/nguyễn2019.txt [@nguyễn2019, p. 2]"),
    // Chinese and Japanese in HTML: lines of the file.
    ("富有想象力的重建", "sources/liu1936.html [@liu1936, l. 2]"),
    ("再構成であり", "sources/liu1936.html [@liu1936, l. 3]"),
  ])
  func phraseIsFoundWithTheCitationThatPointsThere(phrase: String, expected: String) {
    #expect(found(phrase) == [expected])
  }

  @Test func everyPlaceIsFoundInPathOrder() {
    #expect(
      found("an imaginative reconstruction") == [
        "sources/bartlett1932.md [@bartlett1932, l. 8]", "sources/hunt2002.md [@hunt2002, l. 3]",
      ])
    let twice = Fixture.workspace(["sources/a.txt": "the cat sat.\nThe cat ran.\n"]).find("the cat")
    #expect(twice.places.map(\.citation) == ["[@a, l. 1]", "[@a, l. 2]"])
    #expect(
      Fixture.workspace(["sources/a.txt": "the cat sat.\nThe cat ran.\n"]).find("the cat", limit: 1).places.count == 1)
  }

  @Test func placeHasItsFileRangeAndContext() throws {
    let workspace = Fixture.workspace(Self.files)
    let place = try #require(workspace.find("lifeless and fragmentary").places.first)
    let source = Array(QuoteSources.bartlett.utf8)
    #expect(String(decoding: source[place.fileRange], as: UTF8.self) == "lifeless and\nfragmentary")
    #expect(place.context.contains("innumerable fixed, lifeless and fragmentary traces."), "\(place.context)")
    #expect(place.likeness == 1)
  }

  @Test func phraseFoundNowhereGivesTheClosestPassagesWithTheirLikeness() throws {
    let result = Fixture.workspace(Self.files).find("an imaginative reconstitution, or construction")
    #expect(result.places.isEmpty)
    let closest = try #require(result.closest.first)
    #expect(closest.path == "sources/bartlett1932.md")
    #expect(closest.citation == "[@bartlett1932, l. 8]")
    #expect((50..<100).contains(closest.percentAlike))
    #expect(Fixture.workspace(Self.files).find("zyxwvu qponm").closest.isEmpty)
  }

  @Test(arguments: [
    "the savimgs method measures", "the savings methd measures", "the savings method measure",
    "tthe savings method measures", "Relearning saves tim: the savings method",
  ])
  func phraseDifferingByOneLetterIsNotFoundButItsClosestPassageIs(phrase: String) throws {
    let result = Fixture.workspace(Self.files).find(phrase)
    #expect(result.places.isEmpty)
    let closest = try #require(result.closest.first)
    #expect(closest.citation == "[@ebbinghaus1885, p. 2]")
    #expect(closest.likeness < 1 && closest.likeness >= 0.5)
    #expect(closest.percentAlike < 100)
  }

  @Test(arguments: [
    // Case, a soft hyphen, other white space, punctuation at the edges: the normalisation makes them equal.
    "THE Savings Method", "the sav\u{AD}ings method", "the  savings\nmethod", "“the savings method.”",
  ])
  func phraseEqualOnceNormalisedIsFound(phrase: String) {
    #expect(found(phrase) == ["sources/ebbinghaus1885.txt [@ebbinghaus1885, p. 2]"])
  }

  @Test func sourceCitedThroughABibliographyFileFieldIsCitedByTheEntrysKey() {
    let files = [
      "refs.bib": "@book{binh2020, title = {Sông}, file = {sources/oral-binh.txt}}\n",
      "sources/oral-binh.txt": "the current is faster now\n",
    ]
    #expect(found("current is FASTER", in: files) == ["sources/oral-binh.txt [@binh2020, l. 1]"])
  }

  /// 6,000 numbered words, ten a line (`w0 … w9` is line 1), with `replaced` words put in at their positions: the
  /// search cuts it into six chunks of 1,024 words.
  static func numbered(_ replaced: [Int: String] = [:]) -> String {
    let words = (0..<6000).map { replaced[$0] ?? "w\($0)" }
    return stride(from: 0, to: words.count, by: 10).map { words[$0..<($0 + 10)].joined(separator: " ") }
      .joined(separator: "\n") + "\n"
  }

  @Test func longSourceIsSearchedInEveryChunkAndAcrossChunkEnds() throws {
    var phrase: [Int: String] = [:]
    // In the first chunk, across its end (words 1,023–1,025), and in the fifth.
    for start in [10, 1023, 5000] { for (k, word) in ["x", "y", "z"].enumerated() { phrase[start + k] = word } }
    let files = ["sources/long.txt": Self.numbered(phrase), "sources/short.txt": "w1022 w1023 w1024 w1025\n"]
    let workspace = Fixture.workspace(files)
    #expect(workspace.find("x y z").places.map(\.citation) == ["[@long, l. 2]", "[@long, l. 103]", "[@long, l. 501]"])
    #expect(workspace.find("w2046 w2047 w2048 w2049").places.map(\.citation) == ["[@long, l. 205]"])
    // Pieces far apart, in different chunks.
    #expect(workspace.find("w20 w21 … w5990 w5991").places.map(\.citation) == ["[@long, ll. 3-600]"])
    // One word changed, in the fourth chunk.
    let result = workspace.find("w3500 w3501 w3502 w3503 zz w3505 w3506 w3507")
    #expect(result.places.isEmpty)
    let closest = try #require(result.closest.first)
    #expect(closest.citation == "[@long, l. 351]")
    #expect((50..<100).contains(closest.percentAlike))
  }

  @Test func editedSourceIsSearchedAsItNowReads() {
    var workspace = Fixture.workspace(["sources/oral-binh.txt": "the current is faster now\n"])
    #expect(workspace.find("current is slower").places.isEmpty)
    workspace.setSourceDocument(path: "sources/oral-binh.txt", bytes: Array("the current is slower now\n".utf8))
    #expect(workspace.find("current is slower").places.map(\.citation) == ["[@oral-binh, l. 1]"])
    workspace.setSourceDocument(path: "sources/new.md", bytes: Array("# Sông\n\nthe current is slower\n".utf8))
    #expect(workspace.find("current is slower").places.map(\.path) == ["sources/new.md", "sources/oral-binh.txt"])
  }

  @Test func completionAfterAQuotationNeverBuildsTheWholeSearchIndexItself() throws {
    // Sources larger than a completion may index itself: until the background build, no quotation places (and no
    // build); after it, the source holding the quotation comes first with its locator.
    let filler = String(repeating: "Unrelated words fill this page of the archive. ", count: 2_000) + "\n"
    var files = ["sources/target.txt": "the current is faster now\n"]
    for k in 0..<50 { files["sources/filler\(k).txt"] = filler }
    let workspace = Fixture.workspace(files)
    let marked = MarkedText("# N\n\n\"the current is faster now\" [@1️⃣\n")
    let cursor = try #require(marked.cursors["1"])
    let emptyIndexBytes = workspace.textSearchByteCount
    let before = workspace.completions(at: cursor, in: "notes/n.md", text: Array(marked.text.utf8))
    #expect(!before.items.contains { $0.label == "target, l. 1" })
    #expect(workspace.textSearchByteCount == emptyIndexBytes)
    workspace.prepareFind()
    let after = workspace.completions(at: cursor, in: "notes/n.md", text: Array(marked.text.utf8))
    #expect(after.items.first?.label == "target, l. 1")
  }

  @Test(arguments: [(3, 3), (17, 0)])
  func completionAfterAQuotationOffersPlacesOnlyWhenFewSourcesMayHoldIt(sources: Int, offered: Int) throws {
    var files: [String: String] = [:]
    for k in 0..<sources { files["sources/s\(k).txt"] = "the current is faster now\n" }
    let marked = MarkedText("# N\n\n\"the current is faster now\" [@1️⃣\n")
    let cursor = try #require(marked.cursors["1"])
    let items = Fixture.workspace(files).completions(at: cursor, in: "notes/n.md", text: Array(marked.text.utf8)).items
    #expect(items.filter { $0.label.hasSuffix(", l. 1") }.count == offered)
  }

  @Test func notesAreSearchedWhenTheirTextsAreGiven() {
    let notes = ["notes/b.md": Array("# B\n\nAn imaginative\nreconstruction.\n".utf8), "notes/a.md": Array("x\n".utf8)]
    let places = Workspace.find("imaginative reconstruction", inNotes: notes)
    #expect(places.map(\.path) == ["notes/b.md"])
    #expect(places.first?.lines == 3...4)
    #expect(places.first?.citation == nil)
  }
}
