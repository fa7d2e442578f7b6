import Foundation
import GlossIndex
import GlossServer
import GlossSyntax

/// `gloss-bench edit <workspace-dir> <note-path>`: a one-character edit in one note (typed, then removed) through
/// each step the server takes — the buffer's edit, the parse, the note's summary, the workspace update with its
/// diagnostics, the `publishDiagnostics` notification — timed in thread CPU time, so that a large note's cost shows step by step whatever the load.
enum EditBench {
  /// Runs the benchmark and prints its figures.
  static func run(_ arguments: [String]) {
    guard arguments.count >= 2 else {
      print("usage: gloss-bench edit <workspace-dir> <note-path relative to it> [iterations]")
      return
    }
    let root = arguments[0]
    let path = arguments[1]
    let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 20 : 20
    let files = BenchWorkspace.files(in: root)
    guard let file = files.first(where: { $0.path == path }) else {
      print("no note at '\(path)' in \(root)")
      return
    }
    var workspace = Workspace(indexing: files, config: WorkspaceConfig())
    workspace.diagnoseAll()
    var text = SourceText(bytes: file.bytes)
    let note = Note(parsing: text.bytes)
    print(
      String(
        format: "%@: %.1f MB, %d lines, %d citations, %d diagnostics", path as NSString,
        Double(text.count) / 1_000_000, text.lineCount, note.citations.reduce(0) { $0 + $1.items.count },
        workspace.diagnostics(for: path).count))
    var codes: [String: Int] = [:]
    for diagnostic in workspace.diagnostics(for: path) { codes[diagnostic.code, default: 0] += 1 }
    print(
      "diagnostics by code: \(codes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))"
    )
    // The edit: a character typed inside the middle citation key, then removed.
    let middle = note.citations[note.citations.count / 2].items[0].keyRange.lowerBound + 1
    var series: [String: [Double]] = [:]
    var bodyBytes = 0
    var wholeParse: [Double] = []
    for _ in 0..<3 {
      let begin = threadCPUNanoseconds()
      _ = Note(parsing: text.bytes)
      wholeParse.append(Double(threadCPUNanoseconds() - begin) / 1_000_000)
    }
    print(String(format: "parse, whole note (for comparison): median %.2f ms", wholeParse.sorted()[1]))
    for iteration in 0..<iterations {
      let typed = iteration % 2 == 0
      let range = typed ? middle..<middle : middle..<middle + 1
      var begin = threadCPUNanoseconds()
      func lap(_ name: String) {
        let now = threadCPUNanoseconds()
        series[name, default: []].append(Double(now - begin) / 1_000_000)
        begin = now
      }
      let total = threadCPUNanoseconds()
      text.replace(range, with: typed ? "Q" : "")
      lap("1 buffer edit")
      let before = workspace.note(at: path) ?? NoteRecord(path: path, bytes: [])
      let edit = TextEditSpan(range: range, insertedCount: typed ? 1 : 0)
      var splice: NoteSplice?
      let parsed = Note(
        reparsing: before.note, replacing: edit.range, insertedCount: edit.insertedCount, in: text.bytes,
        splice: &splice)
      lap("2 parse, around the edit")
      let record =
        splice.map { NoteRecord(updating: before, to: parsed, splice: $0, bytes: text.bytes) }
        ?? NoteRecord(path: path, note: parsed, bytes: text.bytes)
      lap(splice == nil ? "3 summary (whole)" : "3 summary, around the edit")
      workspace.setNote(record, deferringOthers: true, splice: splice)
      lap("4 index update + diagnostics")
      let body = DiagnosticJSON.publishBody(
        uri: "file:///bench/" + path, version: iteration, diagnostics: workspace.diagnostics(for: path), in: text,
        encoding: .utf16)
      bodyBytes = body.count
      lap("5 publishDiagnostics (LSP ranges, JSON)")
      series["total", default: []].append(Double(threadCPUNanoseconds() - total) / 1_000_000)
    }
    // As the server runs it: the index lets go of the note's arrays, so the re-parse moves the elements in place.
    for iteration in 0..<iterations {
      let typed = iteration % 2 == 0
      let range = typed ? middle..<middle : middle..<middle + 1
      text.replace(range, with: typed ? "Q" : "")
      let begin = threadCPUNanoseconds()
      workspace.setNote(
        path: path, bytes: text.bytes, after: TextEditSpan(range: range, insertedCount: typed ? 1 : 0),
        deferringOthers: true)
      series["6 steps 2-4 as the server runs them (in place)", default: []].append(
        Double(threadCPUNanoseconds() - begin) / 1_000_000)
    }
    print("publishDiagnostics body: \(bodyBytes) bytes")
    for (name, values) in series.sorted(by: { $0.key < $1.key }) {
      let sorted = values.sorted()
      print(
        String(
          format: "%@: median %.2f ms, max %.2f ms", name as NSString, sorted[sorted.count / 2], sorted.last ?? 0))
    }
  }

  private static func threadCPUNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }
}
