import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import TestSupport
import Testing

/// The note image keeps the reverse maps of its notes (cited keys, labels, tags, citekeys, links, names, path keys,
/// bibliographies), filed from exactly the records it holds: read back, they are the maps a full load files, and
/// damaged bytes give none.
@Suite struct NoteMapsImageTests {
  /// Workspaces with every kind of note the maps file: citations, wiki and Markdown links, tags, labels and
  /// cross-references, citekeys, aliases, front-matter bibliographies, Vietnamese, Japanese and emoji.
  static let workspaces = ["examples/research", "Tests/Fixtures/quarto-book", "Tests/Fixtures/pandoc-crossref"]

  /// The workspace at `folder` indexed with its notes stamped.
  static func indexed(_ folder: String) -> IndexedRoot {
    IndexedRoot(
      root: Repository.url(folder).path, editorSettings: nil, fileSystem: LocalFileSystem(), stampingNotes: true)
  }

  /// The image of the notes of `indexed` but those at `leftOut`, with `maps` (filed from its records without).
  static func image(of indexed: IndexedRoot, leavingOut leftOut: Set<String> = [], maps: NoteMaps? = nil) throws
    -> [UInt8]
  {
    let notes = try indexed.workspace.notes.values.filter { !leftOut.contains($0.path) }.map { record in
      let stamp = try #require(indexed.noteStamps[record.path])
      return (record: record, byteCount: stamp.count, fingerprint: stamp.fingerprint)
    }
    return NoteImage.encode(notes, maps: maps, build: "build-1")
  }

  /// The workspace at `folder` indexed with its notes stamped, and the image of its notes.
  static func indexedWithImage(_ folder: String) throws -> (IndexedRoot, [UInt8]) {
    let indexed = indexed(folder)
    return (indexed, try image(of: indexed))
  }

  @Test(arguments: workspaces)
  func theMapsReadBackAsAFullLoadFilesThem(_ folder: String) throws {
    let indexed = Self.indexed(folder)
    #expect(!indexed.workspace.notes.isEmpty)
    // Filed from the records written, or taken from the workspace that holds them: the same maps.
    for bytes in [try Self.image(of: indexed), try Self.image(of: indexed, maps: indexed.workspace.noteMaps)] {
      let image = try #require(NoteImage(decoding: bytes, build: "build-1"))
      let maps = try #require(image.noteMaps())
      #expect(maps == indexed.workspace.noteMaps)
      #expect(maps == NoteMaps(filing: indexed.workspace.notes.values))
      // Not empty: the workspace's notes cite and link.
      #expect(maps != NoteMaps())
    }
  }

  @Test(arguments: workspaces)
  func theMapsAskedForAreReadAndTheOthersLeftEmpty(_ folder: String) throws {
    let indexed = Self.indexed(folder)
    let image = try #require(NoteImage(decoding: try Self.image(of: indexed), build: "build-1"))
    let whole = indexed.workspace.noteMaps
    // Each map alone, every map but one, and those a restart's early answers read.
    var selections = NoteMaps.Member.allCases.map { Set([$0]) }
    selections += NoteMaps.Member.allCases.map { Set(NoteMaps.Member.allCases).subtracting([$0]) }
    selections.append(NoteMaps.readByNoteMapAnswers)
    for members in selections {
      let read = try #require(image.noteMaps(only: members))
      #expect(read == whole.keeping(members), "\(members)")
    }
    #expect(image.noteMaps(only: []) == NoteMaps())
    if folder == "examples/research" {
      // Its notes link and tag: the maps the early answers leave out are not empty.
      #expect(whole.keeping(NoteMaps.readByNoteMapAnswers) != whole)
    }
  }

  @Test(arguments: workspaces)
  func mapsOfMoreNotesAreWrittenAsTheMapsOfTheNotesKept(_ folder: String) throws {
    let indexed = Self.indexed(folder)
    // Every other note is left out of the image; the workspace's maps, given whole, name them too.
    let paths = indexed.workspace.notes.keys.sorted()
    let leftOut = Set(paths.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
    let bytes = try Self.image(of: indexed, leavingOut: leftOut, maps: indexed.workspace.noteMaps)
    let image = try #require(NoteImage(decoding: bytes, build: "build-1"))
    let kept = indexed.workspace.notes.values.filter { !leftOut.contains($0.path) }
    #expect(image.count == kept.count)
    #expect(image.noteMaps() == NoteMaps(filing: kept))
  }

  @Test func anImageOfNoNotesHoldsEmptyMaps() throws {
    let image = try #require(NoteImage(decoding: NoteImage.encode([], build: "build-1"), build: "build-1"))
    #expect(image.noteMaps() == NoteMaps())
  }

  @Test func damagedMapsAreNotRead() throws {
    let (_, bytes) = try Self.indexedWithImage("examples/research")
    // The maps are the image's last bytes: each of the last ones changed gives no maps, never other maps.
    for back in 1...40 {
      var damaged = bytes
      damaged[damaged.count - back] ^= 0x5A
      let image = NoteImage(decoding: damaged, build: "build-1")
      #expect(image?.noteMaps() == nil, "byte \(back) from the end")
      #expect(image?.noteMaps(only: NoteMaps.readByNoteMapAnswers) == nil, "byte \(back) from the end")
    }
  }

  @Test func theImageSaysWhichNotesItHolds() throws {
    let (indexed, bytes) = try Self.indexedWithImage("examples/research")
    let image = try #require(NoteImage(decoding: bytes, build: "build-1"))
    for (path, stamp) in indexed.noteStamps {
      #expect(image.holdsNote(at: path, count: stamp.count, fingerprint: stamp.fingerprint))
      #expect(!image.holdsNote(at: path, count: stamp.count + 1, fingerprint: stamp.fingerprint))
      #expect(!image.holdsNote(at: path, count: stamp.count, fingerprint: stamp.fingerprint &+ 1))
    }
    #expect(!image.holdsNote(at: "notes/absent.md", count: 0, fingerprint: 0))
  }
}
