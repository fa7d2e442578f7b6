import Foundation
import GlossIndex
import GlossServer
import TestSupport
import Testing

/// `gloss find` on a workspace unchanged since its last run searches the image kept then, without indexing; sources
/// changed since are signed again alone; every other way a file can change between two runs (and every damage to the
/// kept file) makes it index again, and what it prints is exactly what a find without any kept image prints.
@Suite struct FindImageCacheTests {
  typealias Change = RestartSnapshotTests.Change

  /// The restart tests' workspace with a PDF of two pages, printed from page 213.
  static let files = RestartSnapshotTests.files.merging([
    "sources/paper.pdf": "The flow of the river is long.\n\u{0C}On the second page, the flow of the river is short.\n",
    ".gloss.json": #"{"pageOffsets": {"paper": 212}}"#,
  ]) { $1 }

  /// The changes that touch notes only (none naming a bibliography): the image is still the sources' search.
  static let notesOnly: Set<Change> = [.sameSizeAndModificationTimeRestored, .deleted, .renamed, .noteAdded]

  /// How a find after `change` has its search: a change of notes only keeps the image (with the notes' paths of the
  /// walk), a source whose text is its file's is signed again alone; any other change indexes again.
  static func expectedUse(after change: Change) -> FindImageUse {
    notesOnly.contains(change)
      ? .kept
      : [.sourceTextReplaced, .htmlPageRewritten, .sourceRewrittenSameLength].contains(change)
        ? .updated(sources: 1) : .indexed
  }

  /// What is looked for: in the plain-text source, in the PDF's text, nowhere (the closest passages), in notes.
  static let searches: [(phrase: String, notes: Bool)] = [
    ("quiet water runs deep", false), ("quiet river runs", false), ("the flow of the river", false),
    ("the flow of a river", false),
    ("still water", false), ("nothing here", true), ("Jones agrees", true), ("zyxw qvut", false),
  ]

  /// The environment of a run: the fixture's cache folder, a home folder without a Zotero library.
  private func environment(_ fixture: RestartFixture) -> [String: String] {
    ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": fixture.cache, "HOME": fixture.base]) { $1 }
  }

  /// The image cache of the fixture, by the build `build`.
  private func cache(_ fixture: RestartFixture, build: String = RestartFixture.build) -> FindImageCache {
    FindImageCache(directory: fixture.cache + "/gloss", fileSystem: LocalFileSystem(), build: build)
  }

  /// Every search of `searches` as `gloss find` prints it (text and JSON, and the skipped files), with how each had
  /// its search and whether it used the kept image.
  private func find(
    _ fixture: RestartFixture, build: String = RestartFixture.build,
    searches: [(phrase: String, notes: Bool)] = Self.searches
  ) -> (printed: [String], uses: [FindImageUse], reused: [Bool]) {
    var printed: [String] = []
    var uses: [FindImageUse] = []
    for (phrase, notes) in searches {
      let (report, use) = FindReport.keptOrIndexed(
        root: fixture.root, phrase: phrase, limit: 50, includingNotes: notes, cache: cache(fixture, build: build),
        fileSystem: LocalFileSystem(), extract: RestartFixture.extract, environment: environment(fixture))
      printed += Self.printed(report)
      uses.append(use)
    }
    return (printed, uses, uses.map(\.usedImage))
  }

  /// Every search of `searches` in the workspace indexed now, without any kept image.
  private func uncached(
    _ fixture: RestartFixture, searches: [(phrase: String, notes: Bool)] = Self.searches
  ) -> [String] {
    let indexed = IndexedRoot.forCommandLine(
      root: fixture.root, fileSystem: LocalFileSystem(), extract: RestartFixture.extract,
      environment: environment(fixture))
    return searches.flatMap { phrase, notes in
      Self.printed(
        FindReport(
          indexed: indexed, phrase: phrase, limit: 50, includingNotes: notes, fileSystem: LocalFileSystem()))
    }
  }

  /// What `gloss find` prints of `report`.
  static func printed(_ report: FindReport) -> [String] {
    report.textLines + [report.json] + report.skipped.map { "\($0.path): \($0.reason)" }
  }

  @Test func aSecondFindWithNothingChangedSearchesTheKeptImageWithoutIndexing() throws {
    let fixture = try RestartFixture(files: Self.files)
    let first = find(fixture)
    // The first search indexed and kept the image; every later one used it.
    #expect(first.reused == [false] + Array(repeating: true, count: Self.searches.count - 1))
    let second = find(fixture)
    #expect(second.reused.allSatisfy { $0 })
    #expect(second.printed == first.printed)
    #expect(second.printed == uncached(fixture))
    #expect(second.printed.contains { $0.hasPrefix("sources/doc.txt:1:1: [@doc, l. 1] Quiet water runs deep.") })
    #expect(second.printed.contains { $0.hasPrefix("sources/paper.pdf:1:1: [@paper, p. 213] The flow") })
    #expect(second.printed.contains { $0.hasPrefix("sources/paper.pdf:2:22: [@paper, p. 214] ") })
    #expect(second.printed.contains("not found; closest:"))
    #expect(second.printed.contains { $0.hasPrefix("notes/b.md:") })
    let realRoot = try LocalFileSystem().realPath(of: fixture.root)
    #expect(FileManager.default.fileExists(atPath: cache(fixture).filePath(forRealRoot: realRoot)))
  }

  @Test(arguments: Change.allCases)
  func aFindAfterAChangePrintsWhatAFindWithoutImagePrints(_ change: Change) throws {
    let fixture = try RestartFixture(files: change.files)
    _ = find(fixture)
    if change == .extractedTextRemoved {
      // The extracted texts are in the cache folder of `$XDG_CACHE_HOME` here.
      try FileManager.default.removeItem(atPath: fixture.cache + "/gloss/texts")
    } else {
      try change.apply(to: fixture)
    }
    let warm = find(fixture)
    #expect(warm.uses.first == Self.expectedUse(after: change))
    #expect(warm.printed == uncached(fixture))
    // The find after the change kept its own image (or kept using it), and the next one uses it.
    let again = find(fixture)
    #expect(again.reused.allSatisfy { $0 })
    #expect(again.printed == warm.printed)
  }

  @Test func aSourceEditedAddedOrTouchedIsSignedAloneAndGivesTodaysAnswer() throws {
    let fixture = try RestartFixture(files: RestartSnapshotTests.files)
    _ = find(fixture)
    // Edited at the same length: only the stamp tells (the time moves).
    try fixture.write("sources/doc.txt", "Quiet water runs wide.\n")
    var warm = find(fixture)
    #expect(warm.uses.first == .updated(sources: 1))
    #expect(warm.printed == uncached(fixture))
    try fixture.write("sources/pond.md", "---\nid: pond\n---\nStill water runs deep in the pond.\n")
    warm = find(fixture)
    #expect(warm.uses.first == .updated(sources: 1))
    #expect(warm.printed == uncached(fixture))
    #expect(warm.printed.contains { $0.hasPrefix("sources/pond.md:4:1: [@pond, l. 4] --- id: pond --- Still water") })
    // Touched without a change: signed again (the stamp moved), the same answer.
    let before = warm.printed
    let status = try fixture.status("sources/pond.md")
    try fixture.write("sources/pond.md", try fixture.text("sources/pond.md"))
    #expect(try fixture.status("sources/pond.md").st_mtim.tv_nsec != status.st_mtim.tv_nsec)
    warm = find(fixture)
    #expect(warm.uses.first == .updated(sources: 1))
    #expect(warm.printed == before)
  }

  /// The image kept now, decoded.
  private func keptImage(_ fixture: RestartFixture) throws -> [UInt8] {
    let realRoot = try LocalFileSystem().realPath(of: fixture.root)
    let kept = try [UInt8](Data(contentsOf: URL(fileURLWithPath: cache(fixture).filePath(forRealRoot: realRoot))))
    let snapshot = try #require(RestartSnapshot(decoding: kept, build: RestartFixture.build))
    return [UInt8](snapshot.published[0].body)
  }

  /// Sources edited (to more chunks, to fewer), added, removed and renamed between two finds, with notes changed
  /// too: each find signs only the changed sources, prints what a find without image prints, and keeps the very image
  /// a find that indexes the workspace keeps.
  @Test func sourcesChangedBetweenRunsGiveTheSameHitsAsAFreshRun() throws {
    var files = Self.files
    let long = (0..<3000).map { "Word\($0 % 97) runs by the river number \($0)." }.joined(separator: " ")
    files["sources/long.txt"] = long + " The long river ends here.\n"
    files["sources/pond.md"] = "---\nid: pond\n---\nStill water runs deep in the pond.\n"
    let fixture = try RestartFixture(files: files)
    let searches: [(phrase: String, notes: Bool)] =
      Self.searches + [("the long river", false), ("river number 2999", false), ("the pond", true)]
    _ = find(fixture, searches: searches)
    let steps: [(String, () throws -> Void, Int)] = [
      ("edited to fewer chunks", { try fixture.write("sources/long.txt", "The long river is short now.\n") }, 1),
      ("edited to more chunks", { try fixture.write("sources/doc.txt", long + " Quiet water runs deep.\n") }, 1),
      ("added", { try fixture.write("sources/lake.txt", "The long river ends in the lake.\n") }, 1),
      ("removed", { try fixture.remove("sources/pond.md") }, 1),
      ("renamed", { try fixture.move("sources/lake.txt", to: "sources/a-lake.txt") }, 2),
      (
        "with a note",
        {
          try fixture.write("sources/z.txt", "The pond is still.\n")
          try fixture.write("notes/c.md", "# C\n\nThe pond, in a note.\n")
        }, 1
      ),
    ]
    for (name, change, count) in steps {
      try change()
      let warm = find(fixture, searches: searches)
      #expect(warm.uses.first == .updated(sources: count), "\(name)")
      #expect(warm.uses.dropFirst().allSatisfy { $0 == .kept }, "\(name)")
      #expect(warm.printed == uncached(fixture, searches: searches), "\(name)")
      let updated = try keptImage(fixture)
      // The image a find that indexes the whole workspace keeps is the same, byte for byte.
      let fresh = try RestartFixture(files: [:])
      try FileManager.default.removeItem(atPath: fresh.root)
      try FileManager.default.copyItem(atPath: fixture.root, toPath: fresh.root)
      #expect(find(fresh, searches: searches).uses.first == .indexed, "\(name)")
      #expect(try keptImage(fresh) == updated, "\(name)")
    }
  }

  /// A source added can take a key from another: a bibliography entry gives its key to the text its `file` field
  /// names only when no source is that key's own, so the other source's places are cited with their own key.
  @Test func aSourceAddedThatTakesAKeyFromAnotherChangesItsCitations() throws {
    var files = RestartSnapshotTests.files
    files["references.bib"] =
      "@book{smith2020, title = {Rivers}, author = {Smith, Ann}, year = 2020, file = {sources/other.txt}}\n"
    files["sources/other.txt"] = "The long river runs to the sea.\n"
    let fixture = try RestartFixture(files: files)
    let searches: [(phrase: String, notes: Bool)] = [("the long river", false)]
    let first = find(fixture, searches: searches)
    #expect(first.printed.contains { $0.hasPrefix("sources/other.txt:1:1: [@smith2020, l. 1]") })
    try fixture.write("sources/smith2020.txt", "Nothing of note.\n")
    let warm = find(fixture, searches: searches)
    #expect(warm.uses == [.updated(sources: 1)])
    #expect(warm.printed == uncached(fixture, searches: searches))
    #expect(warm.printed.contains { $0.hasPrefix("sources/other.txt:1:1: [@other, l. 1]") })
    try fixture.remove("sources/smith2020.txt")
    let back = find(fixture, searches: searches)
    #expect(back.uses == [.updated(sources: 1)])
    #expect(back.printed == first.printed)
  }

  @Test func notesChangedSinceKeepTheImageUnlessOneMayNameABibliography() throws {
    var files = Self.files
    files["notes/biblio.md"] = "# Reading\n\nThe bibliography of the river.\n"
    let fixture = try RestartFixture(files: files)
    _ = find(fixture)
    try fixture.write("notes/c.md", "# C\n\nStill water, in a note.\n")
    try fixture.write("notes/b.md", "# B\n\nJones agrees, quiet water runs deep.\n")
    var warm = find(fixture)
    #expect(warm.reused.allSatisfy { $0 })
    #expect(warm.printed == uncached(fixture))
    #expect(warm.printed.contains { $0.hasPrefix("notes/b.md:3:1: ") && $0.contains("Jones agrees, quiet") })
    // A note that now holds the word (it may name a bibliography in its front matter): indexed again.
    try fixture.write("notes/c.md", "---\nbibliography: ../library/extra.bib\n---\n# C\n")
    warm = find(fixture)
    #expect(warm.reused.first == false)
    #expect(warm.printed == uncached(fixture))
    #expect(find(fixture).reused.allSatisfy { $0 })
    // A note that held the word, removed: indexed again.
    try fixture.remove("notes/biblio.md")
    warm = find(fixture)
    #expect(warm.reused.first == false)
    #expect(warm.printed == uncached(fixture))
  }

  @Test func anImageOfAnotherBuildIsNotUsed() throws {
    let fixture = try RestartFixture(files: RestartSnapshotTests.files)
    let first = find(fixture)
    let other = find(fixture, build: "another-build")
    #expect(other.reused.first == false)
    #expect(other.printed == first.printed)
  }

  @Test(arguments: RestartSnapshotTests.Damage.allCases)
  func aDamagedImageIsThrownAwayWhole(_ damage: RestartSnapshotTests.Damage) throws {
    let fixture = try RestartFixture(files: RestartSnapshotTests.files)
    let first = find(fixture)
    let realRoot = try LocalFileSystem().realPath(of: fixture.root)
    let path = cache(fixture).filePath(forRealRoot: realRoot)
    try damage.apply(toFile: path)
    let build = damage == .otherBuild ? "another-build" : RestartFixture.build
    let warm = find(fixture, build: build)
    #expect(warm.reused.first == false)
    #expect(warm.printed == first.printed)
  }

  /// A kept check report (a snapshot of the same files whose record is no image) put in the image's place, or an
  /// image of another format version inside a valid snapshot, is not read as an image.
  @Test func aForeignFileOrAnImageOfAnotherVersionIsNotUsed() throws {
    // Without the PDF: `gloss check` extracts with the real tool.
    let fixture = try RestartFixture(files: RestartSnapshotTests.files.filter { $0.key != "sources/paper.pdf" })
    let first = find(fixture)
    let realRoot = try LocalFileSystem().realPath(of: fixture.root)
    let imagePath = cache(fixture).filePath(forRealRoot: realRoot)
    let kept = try [UInt8](Data(contentsOf: URL(fileURLWithPath: imagePath)))
    let checks = CheckReportCache(
      directory: fixture.cache + "/gloss", fileSystem: LocalFileSystem(), build: RestartFixture.build)
    _ = CheckReport.keptOrIndexed(
      root: fixture.root, cache: checks, fileSystem: LocalFileSystem(), environment: environment(fixture))
    try FileManager.default.removeItem(atPath: imagePath)
    try FileManager.default.copyItem(atPath: checks.filePath(forRealRoot: realRoot), toPath: imagePath)
    let foreign = find(fixture)
    #expect(foreign.reused.first == false)
    #expect(foreign.printed == first.printed)
    // The image's own version, one past this build's, in a snapshot that is otherwise whole.
    var snapshot = try #require(RestartSnapshot(decoding: kept, build: RestartFixture.build))
    var body = [UInt8](snapshot.published[0].body)
    #expect(Array(body.prefix(8)) == Array("GLOSSFND".utf8))
    body[8] &+= 1
    snapshot.published[0].body = Data(body)
    try Data(snapshot.encoded).write(to: URL(fileURLWithPath: imagePath))
    let other = find(fixture)
    #expect(other.reused.first == false)
    #expect(other.printed == first.printed)
  }

  /// An image whose bytes were changed inside a snapshot that is otherwise whole (its checksum made again) is read
  /// as nothing, or as an image whose search never crashes: every length and offset is checked.
  @Test func anImageChangedInsideAWholeSnapshotNeverCrashes() throws {
    let fixture = try RestartFixture(files: Self.files)
    _ = find(fixture)
    let realRoot = try LocalFileSystem().realPath(of: fixture.root)
    let kept = try [UInt8](Data(contentsOf: URL(fileURLWithPath: cache(fixture).filePath(forRealRoot: realRoot))))
    let snapshot = try #require(RestartSnapshot(decoding: kept, build: RestartFixture.build))
    let body = [UInt8](snapshot.published[0].body)
    #expect(FindImage(decoding: body) != nil)
    var generator = SeededGenerator(seed: 29)
    for _ in 0..<300 {
      var damaged = body
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
      }
      if Bool.random(using: &generator) { damaged.removeLast(Int.random(in: 0..<64, using: &generator)) }
      guard let image = FindImage(decoding: damaged) else { continue }
      for (phrase, _) in Self.searches {
        _ = image.find.find(phrase, limit: 50) { path in
          try? LocalFileSystem().contents(of: fixture.root + "/" + path)
        }
      }
    }
  }
}
