import Foundation
import GlossIndex
import GlossSyntax
import Synchronization
import TestSupport
import Testing

/// The search over the sources' text after sources change: brought up to date from the earlier state's (only the
/// changed sources signed and their columns rewritten, cleared or appended), never built whole again, and the same
/// search a fresh build makes.
@Suite struct FindIndexUpdateTests {
  /// Words of English, Vietnamese (some written decomposed) and runs of ideographs.
  static let words = [
    "the", "current", "is", "faster", "now", "memory", "river", "archive", "người", "kể", "chuyện",
    "cộng".decomposedStringWithCanonicalMapping, "đồng", "nhớ", "lại", "记忆不是录像", "記憶は再構成", "写真",
  ]

  /// `count` random words, ten a line.
  static func text(_ count: Int, _ random: inout SeededGenerator) -> String {
    (0..<count).map { k in words[random.next(words.count)] + (k % 10 == 9 ? "\n" : " ") }.joined()
  }

  /// A workspace above the size any request may build whole (so that only an update can answer on the loop).
  static let filler = String(repeating: "Unrelated words fill this page of the archive. ", count: 12_000) + "\n"

  @Test func searchAfterEditingASourceUpdatesItAndNeverBuildsItWhole() throws {
    var files = ["sources/target.txt": "the current is faster now\n"]
    for k in 0..<9 { files["sources/filler\(k).txt"] = Self.filler }
    var workspace = Fixture.workspace(files)
    // Before the background build, a search on the loop has nothing to answer with.
    #expect(workspace.findIfPrepared("current is slower") == nil)
    workspace.prepareFind()
    #expect(workspace.textSearchWasBuiltWhole == true)
    workspace.setSourceDocument(path: "sources/target.txt", bytes: Array("the current is slower now\n".utf8))
    let result = try #require(workspace.findIfPrepared("current is slower"))
    #expect(result.places.map(\.citation) == ["[@target, l. 1]"])
    #expect(workspace.textSearchWasBuiltWhole == false)
    // A new source, and one with more chunks: appended columns.
    workspace.setSourceDocument(path: "sources/new.txt", bytes: Array("the current is slower\n".utf8))
    workspace.setSourceDocument(
      path: "sources/filler3.txt", bytes: Array((Self.filler + Self.filler + "the current is slower\n").utf8))
    let more = try #require(workspace.findIfPrepared("current is slower"))
    #expect(
      more.places.map(\.path) == ["sources/filler3.txt", "sources/new.txt", "sources/target.txt"])
    #expect(workspace.textSearchWasBuiltWhole == false)
  }

  @Test func theFindPreparationHandedToAnotherThreadPreparesTheStateItCameFrom() async throws {
    var files = ["sources/target.txt": "the current is faster now\n", "notes/n.md": "# N\n"]
    for k in 0..<9 { files["sources/filler\(k).txt"] = Self.filler }
    let workspace = Fixture.workspace(files)
    let work = workspace.findPreparation
    #expect(workspace.findIfPrepared("current is faster") == nil)
    await Task.detached { work.run() }.value
    #expect(workspace.isFindPrepared)
    #expect(workspace.textSearchWasBuiltWhole == true)
    let result = try #require(workspace.findIfPrepared("current is faster"))
    #expect(result.places.map(\.citation) == ["[@target, l. 1]"])
  }

  /// A search on the loop that finds the search of a small workspace being built by another thread (the background
  /// preparation, the find image's writer) waits the milliseconds that build takes rather than answering that the
  /// search is still to be built.
  @Test func aSearchOfASmallWorkspaceWaitsForItsBuildUnderWay() async throws {
    var workspace = Fixture.workspace([
      "sources/target.txt": "the current is faster now\n", "sources/other.txt": "nothing of interest\n",
    ])
    // The build on the other thread blocks on reading a released text until the gate opens.
    let reading = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    let texts = [
      "sources/target.txt": "the current is faster now\n", "sources/other.txt": "nothing of interest\n",
    ]
    let first = Mutex(true)
    workspace.releaseSourceTexts(
      readingWith: SourceTextProvider(
        canRead: { _ in true },
        read: { path in
          if first.withLock({ was in
            defer { was = false }; return was
          }) {
            reading.signal()
            gate.wait()
          }
          return texts[path].map { Array($0.utf8) }
        }))
    let work = workspace.findPreparation
    let building = Task.detached { work.run() }
    reading.wait()
    #expect(workspace.isFindPrepared)
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { gate.signal() }
    let result = try #require(workspace.findIfPrepared("current is faster"))
    #expect(result.places.map(\.citation) == ["[@target, l. 1]"])
    await building.value
  }

  @Test func completionAfterAQuotationAfterASourceEditFindsTheEditedSource() throws {
    var files = ["sources/target.txt": "the current is faster now\n"]
    for k in 0..<9 { files["sources/filler\(k).txt"] = Self.filler }
    var workspace = Fixture.workspace(files)
    workspace.prepareFind()
    workspace.setSourceDocument(path: "sources/target.txt", bytes: Array("so the current is slower now\n".utf8))
    let marked = MarkedText("# N\n\n\"the current is slower now\" [@1️⃣\n")
    let cursor = try #require(marked.cursors["1"])
    let items = workspace.completions(at: cursor, in: "notes/n.md", text: Array(marked.text.utf8)).items
    #expect(items.first?.label == "target, l. 1")
    #expect(workspace.textSearchWasBuiltWhole == false)
  }

  @Test(arguments: [1, 2, 3])
  func searchAfterRandomEditsIsTheSearchAFreshBuildMakes(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    var files: [String: String] = [:]
    for k in 0..<6 { files["sources/s\(k).txt"] = Self.text(200 + random.next(3_000), &random) }
    var workspace = Fixture.workspace(files)
    workspace.prepareFind()
    var phrases = ["the current is", "cộng đồng nhớ", "记忆不是录像 写真"]
    for step in 0..<24 {
      let path = "sources/s\(random.next(8)).txt"
      switch (files[path] == nil, random.next(4)) {
      case (true, _):
        files[path] = Self.text(50 + random.next(2_500), &random)
      case (false, 0):
        files[path] = nil
        workspace.remove(path: path)
        phrases.append("faster now")
      case (false, 1):
        // More or fewer chunks.
        files[path] = Self.text(50 + random.next(4_000), &random)
      default:
        // As many words, some changed: as many chunks, the columns rewritten in place.
        var words = (files[path] ?? "").split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for _ in 0..<3 where !words.isEmpty {
          words[random.next(words.count)] = Self.words[random.next(Self.words.count)]
        }
        files[path] = words.joined(separator: " ")
      }
      if let text = files[path] { workspace.setSourceDocument(path: path, bytes: Array(text.utf8)) }
      // A phrase the sources now hold.
      if let text = files[path] {
        let words = text.split(whereSeparator: \.isWhitespace)
        if words.count > 8 {
          let first = random.next(words.count - 6)
          phrases.append(words[first..<(first + 5)].joined(separator: " "))
        }
      }
      guard step % 4 == 3 else { continue }
      let fresh = Fixture.workspace(files)
      for phrase in phrases.suffix(6) {
        #expect(workspace.find(phrase) == fresh.find(phrase), "step \(step): \(phrase)")
      }
      #expect(workspace.textSearchWasBuiltWhole == false)
      let filters = workspace.textSearchFilters
      #expect(filters == fresh.textSearchFilters, "step \(step)")
      #expect(Set(filters.keys) == Set(files.keys))
    }
  }
}
