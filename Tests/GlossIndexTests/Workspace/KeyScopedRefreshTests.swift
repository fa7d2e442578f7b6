import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Texts arriving for a few sources re-diagnose the notes citing them only where they cite those sources' keys, and
/// give exactly what diagnosing every file from scratch gives.
@Suite struct KeyScopedRefreshTests {
  static let place = WorkspacePlace(root: "/home/me/notes", home: "/home/me")
  static let library = "/home/me/Zotero/library.bib"

  /// Keys of entries in the library outside the notes (`b6` and `b7` share one PDF, pages printed from 213), and of
  /// PDFs in the notes' `sources/` folder (the file name is the key).
  static let entryKeys = (0..<8).map { "b\($0)" }
  static let documentKeys = (0..<4).map { "k\($0)" }

  static func pdfPath(ofKey key: String) -> String {
    if key.hasPrefix("k") { return "sources/\(key).pdf" }
    return "/home/me/Zotero/storage/\(key == "b7" ? "b6" : key).pdf"
  }

  static var pdfPaths: [String] {
    Array(Set((entryKeys + documentKeys).map(pdfPath(ofKey:)))).sorted()
  }

  static var bibliography: String {
    entryKeys.map { key in
      let pages = key == "b2" || key == "b6" || key == "b7" ? "  pages = {213--216},\n" : ""
      return
        "@article{\(key),\n  title = {On \(key)},\n\(pages)  file = {Full Text PDF:\(pdfPath(ofKey: key)):application/pdf}\n}\n"
    }.joined(separator: "\n")
  }

  /// The sentence on page `page` (from 1) of the PDF at `path`: Vietnamese, Japanese and emoji among English.
  static func sentence(_ path: String, page: Int) -> String {
    let name = PathUtilities.fileName(path)
    return [
      "the river \(name) runs on page \(page)", "trí nhớ \(name) là tái tạo \(page)",
      "記憶は\(name)再構成である\(page)", "🦉 the owl \(name) at night \(page)",
    ][page % 4]
  }

  static func text(of path: String) -> String {
    (1...4).map { sentence(path, page: $0) + ".\n\u{0C}" }.joined()
  }

  /// A note of random paragraphs: quotations right and wrong, page locators in and out of range (printed pages for
  /// the entries that have them), several items in one citation, unknown keys, and links.
  static func note(_ number: Int, using generator: inout SeededGenerator) -> String {
    let keys = entryKeys + documentKeys
    var lines = ["# Note \(number)", ""]
    for _ in 0..<Int.random(in: 4...14, using: &generator) {
      let key = keys.randomElement(using: &generator)!
      let page = Int.random(in: 1...5, using: &generator)
      let printed = key == "b2" || key == "b6" || key == "b7" ? page + 212 : page
      var quote = sentence(pdfPath(ofKey: key), page: min(page, 4))
      if Bool.random(using: &generator) { quote += " misquoted" }
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: lines.append("\"\(quote)\" [@\(key), p. \(printed)].")
      case 1:
        let other = keys.randomElement(using: &generator)!
        lines.append("As \"\(quote)\" [@\(key), p. \(printed); @\(other)] and [[note-\(number + 1)]] say.")
      case 2: lines.append("See [@\(key), p. \(printed)], [@unknown\(page)] and [[missing \(page)]].")
      case 3: lines.append("\"\(quote)\" [@\(key)] — \"\(quote)\" [@\(key), p. \(printed)].")
      case 4: lines.append("> \(quote)\n>\n> [@\(key), p. \(printed)]")
      default: lines.append("@\(key) [p. \(printed)] says \"\(quote)\".")
      }
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  /// What a PDF holds at some moment: nothing yet (being extracted), its text, or no text for a reason.
  enum Arrival { case pending, text, problem }

  static func files(notes: [String: String], pdfs: [String: Arrival]) -> ([WorkspaceFile], [String: String]) {
    var files = notes.map { WorkspaceFile(path: $0.key, role: .note, bytes: Array($0.value.utf8)) }
    files.append(WorkspaceFile(path: library, role: .bibliography, bytes: Array(bibliography.utf8)))
    var problems: [String: String] = [:]
    for (path, arrival) in pdfs {
      files.append(
        WorkspaceFile(path: path, role: .sourceDocument, bytes: arrival == .text ? Array(text(of: path).utf8) : []))
      switch arrival {
      case .pending: problems[path] = Workspace.pendingTextProblem
      case .problem: problems[path] = "the file is encrypted"
      case .text: break
      }
    }
    return (files, problems)
  }

  /// The workspace diagnosed from scratch with the texts as `pdfs` says.
  static func fromScratch(notes: [String: String], pdfs: [String: Arrival]) -> Workspace {
    let (files, problems) = Self.files(notes: notes, pdfs: pdfs)
    var workspace = Workspace(indexing: files, place: place)
    workspace.setTextProblems(problems)
    workspace.diagnoseAll()
    return workspace
  }

  static func expectSameDiagnostics(
    _ workspace: Workspace, _ expected: Workspace, _ context: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(workspace.diagnosedPaths == expected.diagnosedPaths, sourceLocation: sourceLocation)
    for path in expected.diagnosedPaths where workspace.diagnostics(for: path) != expected.diagnostics(for: path) {
      let got = workspace.diagnostics(for: path).map { "\($0.code)@\($0.range)" }
      let want = expected.diagnostics(for: path).map { "\($0.code)@\($0.range)" }
      Issue.record("\(context): \(path) has \(got), from scratch \(want)", sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: [1 as UInt64, 2, 3, 4, 5, 6])
  func textsArrivingInBatchesBetweenEditsGiveWhatDiagnosingFromScratchGives(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var notes: [String: String] = [:]
    for n in 0..<6 { notes["notes/note-\(n).md"] = Self.note(n, using: &generator) }
    var pdfs = Dictionary(uniqueKeysWithValues: Self.pdfPaths.map { ($0, Arrival.pending) })
    var workspace = Self.fromScratch(notes: notes, pdfs: pdfs)
    let scopedBefore = workspace.keyScopedDiagnoses
    var codes: Set<String> = []
    var waiting = Self.pdfPaths.shuffled(using: &generator)
    while !waiting.isEmpty {
      let batch = waiting.prefix(Int.random(in: 1...3, using: &generator))
      waiting.removeFirst(batch.count)
      let preparation = workspace.sourcePreparation
      var prepared: [PreparedSourceDocument] = []
      for path in batch {
        // One in three has no text (encrypted): now the only way to a `no-text` hint, none while a text is on its way.
        if Int.random(in: 0..<3, using: &generator) == 0 {
          pdfs[path] = .problem
          prepared.append(preparation.prepare(path: path, text: [], problem: "the file is encrypted"))
        } else {
          pdfs[path] = .text
          prepared.append(preparation.prepare(path: path, text: Array(Self.text(of: path).utf8)))
        }
      }
      workspace.setPreparedSourceDocuments(prepared)
      codes.formUnion(workspace.diagnosticsByPath.values.joined().map(\.code))
      Self.expectSameDiagnostics(workspace, Self.fromScratch(notes: notes, pdfs: pdfs), "after \(batch)")
      // An edit between batches, its other notes left waiting now and then (as the server does while typing).
      if Bool.random(using: &generator) {
        let path = "notes/note-\(Int.random(in: 0..<6, using: &generator)).md"
        notes[path] = Self.note(Int.random(in: 0..<9, using: &generator), using: &generator)
        workspace.setNote(path: path, bytes: Array(notes[path]!.utf8), deferringOthers: true)
        if Bool.random(using: &generator) { workspace.refreshPending() }
      }
    }
    workspace.refreshPending()
    Self.expectSameDiagnostics(workspace, Self.fromScratch(notes: notes, pdfs: pdfs), "at the end")
    // Not vacuous: the notes were re-diagnosed by key, and the texts changed what they say.
    #expect(workspace.keyScopedDiagnoses > scopedBefore)
    #expect(codes.isSuperset(of: ["quote-mismatch", "unresolved-locator", "no-text", "unknown-source", "broken-link"]))
  }

  @Test func aNoteCitingManySourcesIsReDiagnosedOnlyWhereItCitesTheTextsThatArrived() {
    var generator = SeededGenerator(seed: 7)
    let notes = ["notes/note-0.md": Self.note(0, using: &generator), "notes/other.md": "[[note-0]] [@unknown]\n"]
    let pdfs = Dictionary(uniqueKeysWithValues: Self.pdfPaths.map { ($0, Arrival.pending) })
    var workspace = Self.fromScratch(notes: notes, pdfs: pdfs)
    let cited = Set(workspace.note(at: "notes/note-0.md")!.note.citations.flatMap { $0.items.map(\.key) })
    let key = try! #require(Self.documentKeys.first { cited.contains($0) })
    let whole = workspace.wholeDiagnoses
    let scoped = workspace.keyScopedDiagnoses
    workspace.setPreparedSourceDocuments([
      workspace.sourcePreparation.prepare(
        path: Self.pdfPath(ofKey: key), text: Array(Self.text(of: Self.pdfPath(ofKey: key)).utf8))
    ])
    // The PDF itself is diagnosed whole; the note citing it only where it cites `key`; the other note not at all.
    #expect(workspace.wholeDiagnoses - whole == 1)
    #expect(workspace.keyScopedDiagnoses - scoped == 1)
    var pdfsAfter = pdfs
    pdfsAfter[Self.pdfPath(ofKey: key)] = .text
    Self.expectSameDiagnostics(workspace, Self.fromScratch(notes: notes, pdfs: pdfsAfter), "after \(key)")
  }
}
