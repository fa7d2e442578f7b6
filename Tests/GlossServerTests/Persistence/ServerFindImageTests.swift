import Foundation
import GlossIndex
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

/// The language server writes `gloss find`'s image too, after a root is indexed: a find from the command line then
/// searches it without indexing and prints exactly what a find without any image prints; an image that the command
/// line would not have written (editor settings, an unsaved buffer) is never written, and a file changed since makes
/// the command line index again.
@Suite struct ServerFindImageTests {
  typealias Change = RestartSnapshotTests.Change

  /// What is looked for: in the plain-text source, in the PDF's text, nowhere (the closest passages), in notes.
  static let searches = FindImageCacheTests.searches

  /// Gloss's folder in the fixture's cache folder (`$XDG_CACHE_HOME/gloss`), shared by the server and the command line.
  private func folder(_ fixture: RestartFixture) -> String { fixture.cache + "/gloss" }

  /// The environment of a command-line run: the fixture's cache folder, the server's home folder.
  private func environment(_ fixture: RestartFixture) -> [String: String] {
    ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": fixture.cache, "HOME": fixture.base + "/home"]) {
      $1
    }
  }

  /// One run of a server on the fixture, with the command line's cache folder.
  private func serve(
    _ fixture: RestartFixture, settings: JSONValue? = nil, opening: [String: String] = [:],
    meanwhile: () throws -> Void = {}
  ) throws -> RestartFixture.Run {
    try fixture.run(settings: settings, cache: folder(fixture), opening: opening, meanwhile: meanwhile)
  }

  /// Every search as `gloss find` prints it, with how each had its search and whether it used a kept image; with
  /// `keeping` off, neither read nor written (a cold find).
  private func find(
    _ fixture: RestartFixture, keeping: Bool = true
  ) -> (printed: [String], uses: [FindImageUse], reused: [Bool]) {
    let cache = FindImageCache(directory: folder(fixture), fileSystem: LocalFileSystem(), build: RestartFixture.build)
    var printed: [String] = []
    var uses: [FindImageUse] = []
    for (phrase, notes) in Self.searches {
      let (report, use) = FindReport.keptOrIndexed(
        root: fixture.root, phrase: phrase, limit: 50, includingNotes: notes, cache: keeping ? cache : nil,
        fileSystem: LocalFileSystem(), extract: RestartFixture.extract, environment: environment(fixture))
      printed += FindImageCacheTests.printed(report)
      uses.append(use)
    }
    return (printed, uses, uses.map(\.usedImage))
  }

  /// Whether an image of the fixture's workspace is in the cache folder.
  private func imageExists(_ fixture: RestartFixture) throws -> Bool {
    let cache = FindImageCache(directory: folder(fixture), fileSystem: LocalFileSystem(), build: RestartFixture.build)
    let realRoot = try LocalFileSystem().realPath(of: fixture.root)
    return FileManager.default.fileExists(atPath: cache.filePath(forRealRoot: realRoot))
  }

  @Test func aFindAfterTheServerIndexedSearchesTheServersImage() throws {
    let fixture = try RestartFixture(files: FindImageCacheTests.files)
    let run = try serve(fixture)
    #expect(run.logs.contains { $0.contains("saved the find image") })
    #expect(try imageExists(fixture))
    let warm = find(fixture)
    #expect(warm.reused.allSatisfy { $0 })
    #expect(warm.printed == find(fixture, keeping: false).printed)
    #expect(warm.printed.contains { $0.hasPrefix("sources/paper.pdf:1:1: [@paper, p. 213] The flow") })
    #expect(warm.printed.contains { $0.hasPrefix("notes/b.md:") })
  }

  /// Empty settings are no settings: the config is the one the command line reads.
  @Test func emptyEditorSettingsStillWriteTheImage() throws {
    let fixture = try RestartFixture(files: FindImageCacheTests.files)
    _ = try serve(fixture, settings: .object([:]))
    #expect(find(fixture).reused.allSatisfy { $0 })
  }

  @Test func editorSettingsThatChangeTheConfigWriteNoImage() throws {
    let fixture = try RestartFixture(files: FindImageCacheTests.files)
    let run = try serve(fixture, settings: .object(["pageOffsets": .object(["paper": .int(100)])]))
    #expect(run.saved)
    #expect(!run.logs.contains { $0.contains("saved the find image") })
    #expect(try !imageExists(fixture))
    let warm = find(fixture)
    #expect(warm.reused.first == false)
    #expect(warm.printed == find(fixture, keeping: false).printed)
    #expect(warm.printed.contains { $0.hasPrefix("sources/paper.pdf:1:1: [@paper, p. 213] The flow") })
  }

  @Test func aBufferNotSavedWritesNoImage() throws {
    // Without a PDF to extract, the image is written once the workspace is indexed, before the buffer is opened.
    let fixture = try RestartFixture(files: RestartSnapshotTests.filesWithoutPDF)
    // The image written at start is made stale by a change on disk; the buffer keeps a new one from being written.
    let run = try serve(fixture, opening: ["notes/b.md": "# B\n\nUnsaved, naming bibliography: x.bib\n"]) {
      try fixture.write("sources/doc.txt", "Still water runs deep.\n")
    }
    #expect(run.logs.filter { $0.contains("saved the find image") }.count == 1)
    #expect(run.logs.contains { $0.contains("find image of") && $0.contains("a document has unsaved changes") })
    // The image written at start, with the changed source signed again.
    let warm = find(fixture)
    #expect(warm.uses.first == .updated(sources: 1))
    #expect(warm.printed == find(fixture, keeping: false).printed)
  }

  @Test(arguments: Change.allCases)
  func aFileChangedSinceTheServerRanGivesTodaysAnswer(_ change: Change) throws {
    let fixture = try RestartFixture(files: change.files)
    _ = try serve(fixture)
    // A bibliography named and missing is skipped: the server keeps no list of why, and writes no image then.
    #expect(try imageExists(fixture) == (change != .referencedFileAppeared))
    if change == .extractedTextRemoved {
      // The extracted texts are in Gloss's folder of `$XDG_CACHE_HOME` here.
      try FileManager.default.removeItem(atPath: folder(fixture) + "/texts")
    } else {
      try change.apply(to: fixture)
    }
    let warm = find(fixture)
    #expect(warm.uses.first == FindImageCacheTests.expectedUse(after: change))
    #expect(warm.printed == find(fixture, keeping: false).printed)
  }
}
