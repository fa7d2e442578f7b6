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
      text += record.document.text.count
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
