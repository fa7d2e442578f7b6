import Foundation
import GlossServer
import TestSupport
import Testing

/// A restarted server takes its search over the sources' text from `gloss find`'s image when the image was made from
/// the sources it finds (each source file's stamp, the extracted texts' cache entries), signing again only the sources
/// whose text is their file's that changed, and builds the search whole otherwise: whatever changed between runs,
/// `gloss.find` answers what a cold start answers.
@Suite struct FindImageRestartTests {
  typealias Change = RestartSnapshotTests.Change

  /// What is looked for: in the text source (as it was, as one change rewrites it with as many bytes, as another
  /// replaces it), in the PDF's text, in the HTML page, and nowhere (the closest passages).
  static let questions = [
    "quiet water runs deep", "quiet river runs", "still water", "the flow of the river", "keep cold water", "zyxw qvut",
  ].map(RestartFixture.Question.find)

  /// The changes after which the image still holds the sources' search: notes, bibliographies and the config only.
  static let sourcesKept: Set<Change> = [
    .sameSizeAndModificationTimeRestored, .deleted, .renamed, .replacedByFolder, .bibliographyRewritten,
    .configCreated, .configChanged, .noteAdded,
  ]
  /// The changes after which the image's search is taken with one source signed again: a source whose text is its
  /// file's rewritten (a PDF's text, or the cache of extracted texts, changed has the search built whole).
  static let sourceSignedAgain: Set<Change> = [.sourceTextReplaced, .htmlPageRewritten, .sourceRewrittenSameLength]

  @Test func aRestartWithNothingChangedTakesTheSearchFromTheFindImage() throws {
    let fixture = try RestartFixture(files: RestartSnapshotTests.files)
    #expect(try fixture.run().saved)
    let before = try fixture.copyOfCache()
    let warm = try fixture.ask(Self.questions, askingEarly: false)
    let cold = try fixture.ask(Self.questions, restarts: false, cache: before, askingEarly: false)
    #expect(warm.run.logs.contains { $0.contains("took the search over the sources' text of") })
    #expect(!cold.run.logs.contains { $0.contains("find image of") && $0.contains("took") })
    #expect(warm.late == cold.late)
    // The answers say something: the source's words are found, with their citation.
    #expect(warm.late[0].contains("doc") && warm.late[0].contains("\"likeness\":1"))
  }

  @Test(arguments: Change.allCases)
  func aRestartAfterAChangeFindsWhatAColdStartFinds(_ change: Change) throws {
    let fixture = try RestartFixture(files: change.files)
    #expect(try fixture.run().saved)
    try change.apply(to: fixture)
    let before = try fixture.copyOfCache()
    let warm = try fixture.ask(Self.questions, askingEarly: false)
    let cold = try fixture.ask(Self.questions, restarts: false, cache: before, askingEarly: false)
    let taken = warm.run.logs.contains { $0.contains("took the search over the sources' text of") }
    let signedAgain = warm.run.logs.contains { $0.contains("find image, signing again 1 changed source") }
    // A bibliography named and missing is skipped: the server wrote no image then.
    #expect(taken == (Self.sourcesKept.contains(change) || Self.sourceSignedAgain.contains(change)))
    #expect(signedAgain == Self.sourceSignedAgain.contains(change))
    if !taken && change != .referencedFileAppeared {
      #expect(warm.run.logs.contains { $0.contains("find image of") && $0.contains("was not taken") })
    }
    for (question, (answer, expected)) in zip(Self.questions, zip(warm.late, cold.late)) {
      #expect(answer == expected, "\(question)")
    }
  }

  @Test func aDamagedFindImageIsNotTaken() throws {
    let fixture = try RestartFixture(files: RestartSnapshotTests.files)
    #expect(try fixture.run().saved)
    let realRoot = try LocalFileSystem().realPath(of: fixture.root)
    let file = FindImageCache(directory: fixture.cache, fileSystem: LocalFileSystem(), build: RestartFixture.build)
      .filePath(forRealRoot: realRoot)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    bytes[bytes.count - 9] ^= 0x5A
    try bytes.write(to: URL(fileURLWithPath: file))
    let before = try fixture.copyOfCache()
    let warm = try fixture.ask(Self.questions, askingEarly: false)
    let cold = try fixture.ask(Self.questions, restarts: false, cache: before, askingEarly: false)
    #expect(!warm.run.logs.contains { $0.contains("took the search over the sources' text of") })
    #expect(warm.late == cold.late)
  }
}
