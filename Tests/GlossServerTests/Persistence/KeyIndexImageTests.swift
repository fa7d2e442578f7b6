import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import TestSupport
import Testing

/// The note image keeps the keys' search index (what completing `[@` searches: every key's author, year and title
/// words), with the fingerprint of exactly what it was built from. A restart takes it only for sources that give
/// that fingerprint, so completion after a restart answers what an index built then answers, and a bibliography or
/// source changed since, or damaged bytes, have it built again.
@Suite struct KeyIndexImageTests {
  /// A bibliography with accents, particles, `and others`, a key with parts, and a source document of its own.
  static let bibliography = """
    @book{nguyen2020, title = {Trí nhớ tập thể}, author = {Nguyễn, Văn An and van Gogh, Vincent}, year = 2020}
    @article{smith-jones_2019, title = {Rivers: a history}, author = {Smith, Ann and Jones, Bo and others}, year = 2019}
    @misc{tanaka, title = {東京の記憶}, author = {{Tanaka Hiroshi}}}
    """

  static func workspace(bibliography: String = Self.bibliography) -> Workspace {
    Workspace(loading: [
      WorkspaceFile(path: "references.bib", role: .bibliography, bytes: Array(bibliography.utf8)),
      WorkspaceFile(
        path: "sources/ponds.md", role: .sourceDocument, bytes: Array("---\ntitle: Ponds 🦆\n---\n\nStill.\n".utf8)),
      WorkspaceFile(path: "notes/a.md", role: .note, bytes: Array("# A\n\nSee [@nguyen2020].\n".utf8)),
    ])
  }

  /// What completion offers after each of these prefixes in a note.
  static func completions(in workspace: Workspace) -> [[String]] {
    ["", "n", "ng", "van", "gogh", "riv", "2019", "jones", "東", "tanaka", "pon", "zz"].map { prefix in
      let text = Array("[@\(prefix)".utf8)
      return workspace.completions(at: text.count, in: "notes/new.md", text: text).items.map {
        "\($0.label) \($0.detail ?? "") \($0.filterText ?? "")"
      }
    }
  }

  static func image(keeping index: KeptKeyIndex?) throws -> NoteImage {
    try #require(
      NoteImage(decoding: NoteImage.encode([], keyIndex: index, build: "build-1"), build: "build-1"))
  }

  @Test func theIndexReadsBackAndCompletesAsOneBuiltNow() throws {
    let built = KeptKeyIndex(building: Self.workspace())
    #expect(built.keys.count == 4)
    let read = try #require(try Self.image(keeping: built).keyIndex())
    #expect(read == built)
    let restarted = Self.workspace()
    #expect(restarted.prepareSourceSearch(kept: { read }))
    #expect(restarted.isSourceCompletionPrepared)
    let cold = Self.workspace()
    #expect(Self.completions(in: restarted) == Self.completions(in: cold))
    #expect(Self.completions(in: cold).last == [])
    #expect(Self.completions(in: cold)[1].contains { $0.hasPrefix("nguyen2020 ") }, "\(Self.completions(in: cold))")
  }

  @Test(arguments: [
    ("a title", "Rivers: a history", "Rivers: another history"),
    ("an author", "Smith, Ann and Jones, Bo", "Smith, Ann and Jonas, Bo"),
    ("a year", "year = 2020", "year = 2021"),
    ("a key", "@misc{tanaka,", "@misc{tanaka2,"),
  ])
  func anIndexOfOtherSourcesIsNotTaken(_ change: String, _ before: String, _ after: String) throws {
    let built = KeptKeyIndex(building: Self.workspace())
    let changed = Self.workspace(bibliography: Self.bibliography.replacingOccurrences(of: before, with: after))
    #expect(!built.fits(changed), "\(change)")
    #expect(!changed.prepareSourceSearch(kept: { built }), "\(change)")
    #expect(Self.completions(in: changed) != Self.completions(in: Self.workspace()), "\(change)")
  }

  @Test func aSourceDocumentTitledAgainIsNotTaken() throws {
    let built = KeptKeyIndex(building: Self.workspace())
    var changed = Self.workspace()
    _ = changed.setSourceDocument(
      path: "sources/ponds.md", bytes: Array("---\ntitle: Lakes 🦆\n---\n\nStill.\n".utf8))
    #expect(!built.fits(changed))
  }

  @Test func aChangedByteGivesNoIndex() throws {
    let built = KeptKeyIndex(building: Self.workspace())
    let encoded = NoteImage.encode([], keyIndex: built, build: "build-1")
    let empty = NoteImage.encode([], build: "build-1")
    // The key index's checksum, length and bytes come before the maps' (the last 8 + 1 + 17 bytes).
    let start = empty.count - 26 - 9
    var read = 0
    for offset in start..<encoded.count - 26 {
      var damaged = encoded
      damaged[offset] ^= 0x04
      guard let image = NoteImage(decoding: damaged, build: "build-1"), let index = image.keyIndex() else { continue }
      #expect(index == built, "byte \(offset)")
      read += 1
    }
    #expect(read == 0)
    #expect(try #require(NoteImage(decoding: encoded, build: "build-1")).keyIndex() == built)
  }
}
