import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// Texts arriving a few at a time while the user types in a note citing every source of a library leave each note
/// with exactly the diagnostics a cold start gives once every text is in the cache.
@Suite struct ExtractionWhileTypingTests {
  /// A stand-in for `pdftotext` letting extractions through as the test allows them; the "PDF" is its own text.
  final class MeteredExtractor: @unchecked Sendable {
    let fileSystem: InMemoryFileSystem
    private let permits = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var count = 0

    init(_ fileSystem: InMemoryFileSystem) { self.fileSystem = fileSystem }

    /// How many extractions ran.
    var runs: Int { lock.withLock { count } }

    func allow(_ extractions: Int) {
      for _ in 0..<extractions { permits.signal() }
    }

    func extract(_ path: String, _ format: ExtractedFormat) -> ExtractionOutcome {
      permits.wait()
      lock.withLock { count += 1 }
      guard let bytes = try? fileSystem.contents(of: path) else {
        return .noText(reason: "cannot open", isLasting: false)
      }
      if bytes.starts(with: Array("%PDF-encrypted".utf8)) {
        return .noText(reason: "the file is encrypted (Incorrect password)", isLasting: true)
      }
      return .text(bytes)
    }
  }

  static let root = "/home/user/notes"
  static let keys = (0..<24).map { "s\($0)" }

  static func pdfPath(_ key: String) -> String { "/home/user/Zotero/storage/\(key.uppercased())/\(key).pdf" }

  /// Keys with an even number have printed pages 213–216.
  static func firstPage(_ key: String) -> Int { Int(key.dropFirst())! % 2 == 0 ? 213 : 1 }

  static func sentence(_ key: String, page: Int) -> String {
    [
      "the river of \(key) runs on page \(page)", "trí nhớ của \(key) là tái tạo \(page)",
      "記憶は\(key)再構成である\(page)", "🦉 the owl of \(key) at night \(page)",
    ][page % 4]
  }

  static var library: String {
    keys.map { key in
      let pages = firstPage(key) == 1 ? "" : "  pages = {213--216},\n"
      return
        "@article{\(key),\n  title = {On \(key)},\n\(pages)  file = {Full Text PDF:\(pdfPath(key)):application/pdf}\n}\n"
    }.joined(separator: "\n")
  }

  /// A line citing `key`: its quotation right or wrong, its page in or out of the text.
  static func line(_ key: String, _ n: Int) -> String {
    let page = n % 5 + 1
    let quote = sentence(key, page: min(page, 4)) + (n % 3 == 0 ? " misquoted" : "")
    return
      "Reading [@\(key), p. \(page - 1 + firstPage(key))] again: \"\(quote)\" [@\(key), p. \(page - 1 + firstPage(key))]."
  }

  static var long: String {
    var lines = ["# Long", "", "The edited citation [@s0, p. 213] stays here.", ""]
    for n in 0..<120 {
      lines.append(line(keys[n % keys.count], n))
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  func makeFileSystem() -> InMemoryFileSystem {
    let fs = InMemoryFileSystem(
      root: Self.root,
      files: [
        ".gloss.json": #"{"bibliography": ["~/Zotero/library.bib"]}"#, "long.md": Self.long,
        "a.md": Self.line("s1", 1) + "\n\n" + Self.line("s2", 7) + "\n\n[[long]] [[missing]]\n",
        "b.md": Self.line("s5", 4) + "\n\n[@unknown]\n",
      ])
    fs.setFile("/home/user/Zotero/library.bib", Self.library)
    for key in Self.keys {
      let text = (0..<4).map { Self.sentence(key, page: $0 + 1) + ".\n\u{0C}" }.joined()
      fs.setFile(Self.pdfPath(key), key == "s7" ? "%PDF-encrypted" : text)
    }
    return fs
  }

  func start(_ fs: InMemoryFileSystem, _ extractor: MeteredExtractor) throws -> WorkspaceFixture {
    let fixture = WorkspaceFixture(root: Self.root, fileSystem: fs) { options in
      options.homeDirectory = "/home/user"
      options.cacheDirectory = "/home/user/.cache/gloss"
      options.restartCacheDirectory = nil
      options.extractText = { extractor.extract($0, $1) }
    }
    try fixture.start()
    return fixture
  }

  /// The diagnostics last published for each note.
  func lastPublished(_ fixture: WorkspaceFixture) -> [String: [LanguageServerProtocol.Diagnostic]] {
    var out: [String: [LanguageServerProtocol.Diagnostic]] = [:]
    for notification in fixture.published { out[notification.uri] = notification.diagnostics }
    return out.filter { $0.key.hasSuffix(".md") }
  }

  @Test func textsArrivingBetweenKeystrokesEndAsACachedColdStartBegins() throws {
    let fs = makeFileSystem()
    let extractor = MeteredExtractor(fs)
    let fixture = try start(fs, extractor)
    let server = fixture.client.server
    fixture.open("long.md", Self.long)
    // A one-character edit inside the cited key on line 3 (`@s0` ↔ `@s0x`), as a user typing.
    let edited = String(Self.long.split(separator: "\n")[1])
    let column = try #require(edited.range(of: "@s0")).upperBound.utf16Offset(in: edited)
    var version = 1
    func type() {
      version += 1
      let inserting = version % 2 == 0
      let range = LSPRange(
        start: Position(line: 2, character: column),
        end: Position(line: 2, character: column + (inserting ? 0 : 1)))
      fixture.client.notify(
        DidChangeTextDocumentNotification(
          textDocument: VersionedTextDocumentIdentifier(uri: fixture.uri("long.md"), version: version),
          contentChanges: [TextDocumentContentChangeEvent(range: range, text: inserting ? "x" : "")]))
    }
    var allowed = 0
    while allowed < Self.keys.count {
      extractor.allow(3)
      allowed += 3
      // Wait for those texts, so that they arrive between this keystroke and the next.
      let deadline = Date().addingTimeInterval(10)
      while extractor.runs < allowed, Date() < deadline { usleep(1_000) }
      type()
    }
    fixture.finishExtractions()
    if version % 2 == 0 { type() }
    let id = try #require(server.roots.first?.id)
    // Not vacuous: the long note was re-diagnosed by key while texts arrived.
    #expect((server.workspace(id)?.keyScopedDiagnoses ?? 0) > 0)
    let typed = lastPublished(fixture)
    let codes = Set(typed[fixture.uri("long.md")]?.compactMap(\.code) ?? [])
    #expect(codes == ["quote-mismatch", "unresolved-locator", "no-text"])

    // A cold start with every text in the cache (the typed note saved as it is: unchanged).
    let cached = MeteredExtractor(fs)
    cached.allow(Self.keys.count)
    let restarted = try start(fs, cached)
    #expect(cached.runs == 0)
    let cold = lastPublished(restarted)
    #expect(cold.keys.sorted() == typed.keys.sorted())
    for (uri, diagnostics) in cold where typed[uri] != diagnostics {
      Issue.record("\(uri): typed \(typed[uri]?.map(\.message) ?? []), cold \(diagnostics.map(\.message))")
    }
  }
}
