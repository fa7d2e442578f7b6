import Foundation
import GlossIndex
import GlossSyntax

/// `gloss-bench memory <workspace-dir>`: where the resident memory of an indexed workspace goes, stage by stage
/// (notes, bibliographies, source documents with their quotation indexes, diagnostics), as the growth of the
/// process's resident size after freed memory is handed back; plus the bytes of text each stage holds.
enum MemoryBench {
  /// Runs the benchmark and prints its figures.
  static func run(_ arguments: [String]) {
    guard let root = arguments.first else {
      print("usage: gloss-bench memory <workspace-dir>")
      return
    }
    if arguments.dropFirst().first == "--census" {
      census(root)
      return
    }
    trim()
    let start = residentMegabytes()
    var workspace = Workspace()
    var last = start
    func stage(_ name: String, _ detail: String = "") {
      trim()
      let now = residentMegabytes()
      print(String(format: "%@: +%.1f MB (resident %.1f MB)%@", name as NSString, now - last, now, detail as NSString))
      last = now
    }
    for role in [WorkspaceFile.Role.note, .bibliography, .sourceDocument] {
      var files = BenchWorkspace.files(in: root).filter { $0.role == role }
      let bytes = files.reduce(0) { $0 + $1.bytes.count }
      let count = files.count
      workspace.addFiles(files)
      files = []
      stage("\(role)s (\(count) files, \(String(format: "%.1f", Double(bytes) / 1_048_576)) MB of text)")
    }
    workspace.diagnoseAll()
    stage("diagnoseAll")
    var text = 0
    var lines = 0
    for record in workspace.sourceDocuments.values {
      text += record.document.textCount
      lines += record.document.lineCount
    }
    print(
      String(
        format: "source documents hold %.1f MB of text and %d line starts (%.1f MB)", Double(text) / 1_048_576, lines,
        Double(lines * 8) / 1_048_576))
    var citations = 0
    var items = 0
    var blocks = 0
    for record in workspace.notes.values {
      citations += record.note.citations.count
      items += record.note.citations.reduce(0) { $0 + $1.items.count }
      blocks += record.note.blocks.count
    }
    print(
      "notes hold \(citations) citations (\(items) items, \(MemoryLayout<CitationItem>.stride) bytes each + strings),"
        + " \(blocks) top-level blocks (\(MemoryLayout<Block>.stride) bytes each)")
    print(String(format: "total: %.1f MB over the %.1f MB at start", last - start, start))
    withExtendedLifetime(workspace) {}
  }

  /// `gloss-bench memory DIR --census`: each structure built on its own, its heap growth measured by the allocator
  /// (`mallinfo2`), beside counts × sizes of what it holds.
  private static func census(_ root: String) {
    var heap = HeapUse.allocated() ?? 0
    func measured(_ name: String) {
      let now = HeapUse.allocated() ?? 0
      print("heap \(name): \(MemoryCensus.megabytes(now - heap)) MB")
      heap = now
    }
    var notes: [WorkspaceFile] = []
    var sources: [WorkspaceFile] = []
    var bibliographies: [WorkspaceFile] = []
    for file in BenchWorkspace.files(in: root) {
      switch file.role {
      case .note: notes.append(file)
      case .sourceDocument: sources.append(file)
      case .bibliography: bibliographies.append(file)
      }
    }
    measured("file bytes read (\(notes.count + sources.count + bibliographies.count) files; freed once indexed)")
    print(
      "text: notes \(MemoryCensus.megabytes(notes.reduce(0) { $0 + $1.bytes.count })) MB, sources "
        + "\(MemoryCensus.megabytes(sources.reduce(0) { $0 + $1.bytes.count })) MB, bibliographies "
        + "\(MemoryCensus.megabytes(bibliographies.reduce(0) { $0 + $1.bytes.count })) MB")

    var trees: [Note] = notes.map { Note(parsing: $0.bytes) }
    measured("note parse trees alone ([Note])")
    var census = MemoryCensus()
    for note in trees { census.count(note) }
    print("census of the parse trees:\n\(census.report())")

    var records: [NoteRecord] = zip(notes, trees).map { NoteRecord(path: $0.path, note: $1, bytes: $0.bytes) }
    measured("note records beyond their trees (summaries, quotations, locators)")
    census = MemoryCensus()
    for record in records { census.count(record) }
    print("census of the records' visible fields:\n\(census.report())")
    records = []
    trees = []
    measured("records and trees dropped")

    var texts: [SourceText] = notes.map { SourceText(bytes: $0.bytes) }
    measured("note SourceTexts (bytes shared with the file; the line tables are new)")
    print("  note line starts: \(texts.reduce(0) { $0 + $1.lineCount }) ([Int], 8 bytes each)")
    texts = []
    measured("texts dropped")

    var workspace = Workspace()
    workspace.addFiles(notes)
    notes = []
    measured("workspace with the notes (trees + records + reverse maps; the notes' bytes freed)")
    workspace.addFiles(bibliographies)
    bibliographies = []
    measured("workspace + bibliographies (their bytes freed)")
    workspace.addFiles(sources)
    sources = []
    measured("workspace + source documents (every quotation index; the texts are the files' bytes)")
    census = MemoryCensus()
    for record in workspace.sourceDocuments.values { census.count(record.document) }
    print("census of the source documents:\n\(census.report())")
    workspace.diagnoseAll()
    measured("diagnoseAll (small quotation indexes dropped; diagnostics and checks cached)")
    workspace.releaseSourceTexts(
      readingWith: SourceTextProvider(
        canRead: { _ in true },
        read: { path in FileManager.default.contents(atPath: root + "/" + path).map { [UInt8]($0) } }))
    measured("source texts released")
    workspace.releaseNoteBlocks()
    measured("note blocks released")
    workspace.prepareCompletion()
    measured("completion's search indexes (built after the first publish)")
    withExtendedLifetime(workspace) {}
  }

  private static func trim() {
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "malloc_trim") else { return }
    let function = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    _ = function(0)
  }

  private static func residentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      let digits = line.filter(\.isNumber)
      return (Double(digits) ?? 0) / 1024
    }
    return 0
  }
}
