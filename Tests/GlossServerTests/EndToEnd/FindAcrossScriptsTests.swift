import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// Finding a phrase in the sources, end to end, in every script against every kind of source: English, Vietnamese
/// written composed (NFC) and searched decomposed (NFD), the other way round, and Chinese/Japanese, each in a
/// Markdown, a plain-text, an HTML and a PDF source (extracted by the real `pdftotext`); through `gloss find`, the
/// `gloss.find` command, the quoted `workspace/symbol` query, the cite code action and completion after a quotation.
@Suite struct FindAcrossScriptsTests {
  /// A passage as the sources write it, what is searched for (the passage's words, normalised otherwise) and the same
  /// with one word changed.
  struct Passage: CustomTestStringConvertible, Sendable {
    let name: String
    let written: String
    let searched: String
    let changed: String
    var testDescription: String { name }
  }

  static let passages = [
    Passage(
      name: "english", written: "Remembering is an imaginative reconstruction, or construction.",
      searched: "AN IMAGINATIVE RECONSTRUCTION", changed: "is an imaginary reconstruction, or construction"),
    Passage(
      name: "vietnamese written NFC, searched NFD", written: "Ký ức là một sự tái tạo đầy tưởng tượng.",
      searched: "Một sự tái tạo đầy tưởng tượng".decomposedStringWithCanonicalMapping,
      changed: "là một sự tái hiện đầy tưởng tượng".decomposedStringWithCanonicalMapping),
    Passage(
      name: "vietnamese written NFD, searched NFC",
      written: "Người kể nói: cộng đồng nhớ lại những gì đã mất.".decomposedStringWithCanonicalMapping,
      searched: "cộng đồng nhớ lại những gì", changed: "cộng đồng quên lại những gì đã mất"),
    Passage(
      name: "chinese and japanese", written: "记忆不是录像，而是一种富有想象力的重建。記憶は再構成であり、写真ではない。",
      searched: "一种富有想象力的重建", changed: "而是一种富有想像力的重建"),
  ]

  /// Each source kind's key, and the locator of passage `k` in it: Markdown after a heading and blank lines, plain
  /// text one a line, HTML one a paragraph line, PDF one a page.
  static let sources: [(key: String, path: String, locator: @Sendable (Int) -> String)] = [
    ("h2020", "sources/h2020.html", { "l. \($0 + 2)" }),
    ("m2020", "sources/m2020.md", { "l. \(2 * $0 + 3)" }),
    ("p2020", "sources/p2020.pdf", { "p. \($0 + 1)" }),
    ("t2020", "sources/t2020.txt", { "l. \($0 + 1)" }),
  ]

  /// The citations of passage `k`, in path order.
  static func citations(_ k: Int) -> [String] { sources.map { "[@\($0.key), \($0.locator(k))]" } }

  /// A workspace on disk holding the four sources and a note quoting every passage without citation, with a server
  /// whose PDF text is extracted.
  final class Library {
    let fixture: WriteFixture
    let server: DiskServer
    static let note =
      "# Quotations\n\n" + FindAcrossScriptsTests.passages.map { "He wrote “\($0.searched)” here.\n\n" }.joined()

    init() throws {
      let written = FindAcrossScriptsTests.passages.map(\.written)
      fixture = try WriteFixture(files: [
        "sources/m2020.md": "# Sources\n\n" + written.joined(separator: "\n\n") + "\n",
        "sources/t2020.txt": written.joined(separator: "\n") + "\n",
        "sources/h2020.html": "<html><body>\n" + written.map { "<p>\($0)</p>\n" }.joined() + "</body></html>\n",
        "notes/quotes.md": Self.note,
      ])
      try Data(MinimalPDF.unicodeDocument(pages: written.map { [$0] }))
        .write(to: URL(fileURLWithPath: fixture.root + "/sources/p2020.pdf"))
      server = DiskServer(fixture)
      try server.start()
      server.client.server.extractions.waitUntilIdle()
      server.client.enqueue(event: .extracted)
      server.client.processQueue()
    }

    deinit { try? FileManager.default.removeItem(atPath: fixture.base) }
  }

  @Test func pdfTextKeepsEveryScriptAsWritten() throws {
    let library = try Library()
    guard case .text(let bytes, _) = TextExtractor.extract(library.fixture.root + "/sources/p2020.pdf", format: .pdf)
    else {
      Issue.record("no text from pdftotext")
      return
    }
    let pages = String(decoding: bytes, as: UTF8.self).split(separator: "\u{0C}").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    // Compared scalar by scalar: the decomposed passage stays decomposed.
    #expect(
      Array(pages.prefix(4)).map { Array($0.unicodeScalars) } == Self.passages.map { Array($0.written.unicodeScalars) })
  }

  @Test func commandLineFindsEveryPassageInEverySource() throws {
    let library = try Library()
    var environment = GlossProcess.testEnvironment
    environment["XDG_CACHE_HOME"] = library.fixture.state + "/cache"
    for (k, passage) in Self.passages.enumerated() {
      let found = try GlossProcess.run(["find", passage.searched, library.fixture.root], environment: environment)
      #expect(found.status == 0, "\(passage.name): \(found.stdout)")
      let citations = found.stdout.split(separator: "\n").compactMap { line -> String? in
        guard let start = line.firstRange(of: "[@")?.lowerBound else { return nil }
        return String(line.suffix(from: start).prefix { $0 != "]" }) + "]"
      }
      #expect(citations == Self.citations(k), "\(passage.name)")
      let changed = try GlossProcess.run(["find", passage.changed, library.fixture.root], environment: environment)
      #expect(changed.status == 1, "\(passage.name)")
      #expect(changed.stdout.hasPrefix("not found; closest:"), "\(passage.name): \(changed.stdout)")
      #expect(changed.stdout.contains("% alike [@"), "\(passage.name): \(changed.stdout)")
    }
  }

  /// `citation likeness%` of each place `gloss.find` answers.
  private func find(_ phrase: String, _ library: Library) throws -> [String] {
    guard case .array(let places) = try library.server.run("gloss.find", ["text": .string(phrase)]) else { return [] }
    return places.map { place in
      // A likeness of 1 travels as the JSON number 1.
      var likeness = 0.0
      if case .double(let value)? = place["likeness"] { likeness = value }
      if case .int(let value)? = place["likeness"] { likeness = Double(value) }
      return "\(place["citation"]?.stringValue ?? "-") \(Int((likeness * 100).rounded()))%"
    }
  }

  @Test func commandAndSymbolSearchFindEveryPassageInEverySource() throws {
    let library = try Library()
    for (k, passage) in Self.passages.enumerated() {
      let found = try find(passage.searched, library)
      #expect(found == Self.citations(k).map { $0 + " 100%" }, "\(passage.name)")
      let closest = try find(passage.changed, library)
      // The same passage in all four sources, as alike in each.
      #expect(closest.map { $0.split(separator: " ").dropLast().joined(separator: " ") } == Self.citations(k))
      #expect(closest.allSatisfy { !$0.hasSuffix(" 100%") && !$0.hasSuffix(" 0%") }, "\(passage.name): \(closest)")
      let symbols = try library.server.client.send(WorkspaceSymbolRequest(query: "\"\(passage.searched)\""))
      #expect(
        symbols.map { String($0.name.prefix { $0 != "]" }) + "]" } == Self.citations(k), "\(passage.name)")
    }
  }

  @Test func quotationGetsACiteActionAndACompletionForEverySource() throws {
    let library = try Library()
    let note = Library.note
    library.server.open("notes/quotes.md", note)
    let text = SourceText(note)
    for (k, passage) in Self.passages.enumerated() {
      // Inside the quotation: a cite action for each source.
      let inside = try #require(note.range(of: passage.searched)).lowerBound
      let position = text.lspPosition(of: note.utf8.distance(from: note.startIndex, to: inside) + 1, in: .utf16)
      let actions =
        try library.server.client.send(
          CodeActionRequest(
            textDocument: TextDocumentIdentifier(uri: library.server.uri("notes/quotes.md")),
            range: LSPRange(at: position),
            context: CodeActionContext(diagnostics: []))) ?? []
      #expect(
        actions.map(\.title).filter { $0.hasPrefix("cite [@") } == Self.citations(k).map { "cite " + $0 },
        "\(passage.name)")
    }
    // After a quotation, `[@` offers the sources holding it first, the locator filled in.
    for (k, passage) in Self.passages.enumerated() {
      let typed = "# Typed\n\n“\(passage.searched)” [@"
      library.server.client.notify(
        DidChangeTextDocumentNotification(
          textDocument: VersionedTextDocumentIdentifier(uri: library.server.uri("notes/quotes.md"), version: k + 2),
          contentChanges: [TextDocumentContentChangeEvent(text: typed)]))
      let end = SourceText(typed).lspPosition(of: typed.utf8.count, in: .utf16)
      let list = try library.server.client.send(
        CompletionRequest(
          textDocument: TextDocumentIdentifier(uri: library.server.uri("notes/quotes.md")), position: end,
          context: CompletionContext(triggerKind: 2, triggerCharacter: "@")))
      #expect(
        list.items.prefix(4).map { "[@" + $0.label + "]" } == Self.citations(k), "\(passage.name)")
    }
  }
}
