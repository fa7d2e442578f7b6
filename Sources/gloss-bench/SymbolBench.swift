import Dispatch
import Foundation
import GlossIndex
import GlossSyntax

/// `gloss-bench symbols <workspace-dir>`: times the outline queries at the index boundary: the workspace-symbol
/// catalog's build and searches, and document symbols, folding and semantic tokens over every note.
enum SymbolBench {
  /// Runs the benchmark and prints its figures.
  static func run(_ arguments: [String]) {
    guard let root = arguments.first else {
      print("usage: gloss-bench symbols <workspace-dir>")
      return
    }
    let files = BenchWorkspace.files(in: root)
    var start = DispatchTime.now().uptimeNanoseconds
    let workspace = Workspace(loading: files, otherFiles: [])
    print(String(format: "%d files indexed in %.0f ms", files.count, milliseconds(since: start)))

    start = DispatchTime.now().uptimeNanoseconds
    let count = workspace.symbolCatalog.count
    print(String(format: "symbol catalog: %d symbols built in %.1f ms", count, milliseconds(since: start)))
    // After an edit, the next catalog reuses the prepared names of this one.
    if let edited = files.first(where: { $0.role == .note }) {
      var copy = workspace
      copy.setNote(path: edited.path, bytes: edited.bytes + Array("\n## Một tiêu đề mới\n".utf8))
      start = DispatchTime.now().uptimeNanoseconds
      let rebuilt = copy.symbolCatalog.count
      print(String(format: "symbol catalog after one edit: %d symbols in %.1f ms", rebuilt, milliseconds(since: start)))
    }

    // Queries a user types: growing prefixes of note titles, and a few fuzzy ones.
    let titles = workspace.notes.values.map(\.title).sorted().enumerated().filter { $0.offset % 500 == 0 }.map(
      \.element)
    var queries: [String] = ["", "a", "e", "mem", "xyz", "#", "@"]
    for title in titles { for length in 1...min(6, title.count) { queries.append(String(title.prefix(length))) } }
    var times: [Double] = []
    for query in queries {
      start = DispatchTime.now().uptimeNanoseconds
      _ = workspace.workspaceSymbols(matching: query)
      times.append(milliseconds(since: start))
    }
    report("workspace/symbol", times)

    var symbolTimes: [Double] = []
    var foldTimes: [Double] = []
    var tokenTimes: [Double] = []
    for file in files where file.role == .note {
      let text = SourceText(bytes: file.bytes)
      start = DispatchTime.now().uptimeNanoseconds
      _ = workspace.documentSymbols(in: file.path)
      symbolTimes.append(milliseconds(since: start))
      start = DispatchTime.now().uptimeNanoseconds
      _ = workspace.foldingRanges(in: file.path, text: text)
      foldTimes.append(milliseconds(since: start))
      start = DispatchTime.now().uptimeNanoseconds
      _ = workspace.semanticTokens(in: file.path)
      tokenTimes.append(milliseconds(since: start))
    }
    report("documentSymbol", symbolTimes)
    report("foldingRange", foldTimes)
    report("semanticTokens (index)", tokenTimes)
  }

  private static func report(_ name: String, _ times: [Double]) {
    let sorted = times.sorted()
    guard !sorted.isEmpty else { return }
    let p50 = sorted[sorted.count / 2]
    let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
    print(
      String(
        format: "%@: %d runs, p50 %.2f ms, p99 %.2f ms, max %.2f ms", name, sorted.count, p50, p99, sorted.last ?? 0))
  }

  private static func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
  }
}
