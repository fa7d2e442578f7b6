import Dispatch
import Foundation
import GlossIndex
import GlossSyntax

/// `gloss-bench literature <workspace-dir>`: times what docs/literature-notes.md adds to a request at the index
/// boundary: finding a source's literature note (hover, completion, definition, the code action), the key
/// fingerprints saved for the next run, and an unknown key traced to its new key.
enum LiteratureNoteBench {
  /// Runs the benchmark and prints its figures.
  static func run(_ arguments: [String]) {
    guard let root = arguments.first else {
      print("usage: gloss-bench literature <workspace-dir>")
      return
    }
    let files = BenchWorkspace.files(in: root)
    var workspace = Workspace(loading: files, otherFiles: [])
    let keys = Array(workspace.sourceKeys).sorted()
    print("\(workspace.notes.count) notes, \(keys.count) keys")
    let sample = keys.enumerated().filter { $0.offset % max(1, keys.count / 1000) == 0 }.map(\.element)
    let found = times(sample) { _ = workspace.literatureNote(forKey: $0) }
    print(summary("literature note of a key", found))

    var start = DispatchTime.now().uptimeNanoseconds
    let fingerprints = workspace.fingerprintsToRemember()
    print(String(format: "fingerprints of %d keys in %.2f ms", fingerprints.count, milliseconds(since: start)))

    // Every key known before, then one bibliography's keys renamed: each cited old key is traced.
    workspace.setRememberedKeys(fingerprints)
    guard let bibliography = files.first(where: { $0.role == .bibliography && $0.path.hasSuffix(".bib") }) else {
      return
    }
    let text = String(decoding: bibliography.bytes, as: UTF8.self)
    // Each entry's key gains a prefix; `@string` macros and the fields stay.
    let renamed = text.replacingOccurrences(
      of: "(?m)^(@(?!string)[A-Za-z]+\\{)", with: "$1x", options: .regularExpression)
    start = DispatchTime.now().uptimeNanoseconds
    workspace.setBibliography(path: bibliography.path, bytes: Array(renamed.utf8))
    print(String(format: "a bibliography with every key renamed, re-diagnosed in %.0f ms", milliseconds(since: start)))
    start = DispatchTime.now().uptimeNanoseconds
    let traced = workspace.renamedKeys
    print(String(format: "%d renamed keys traced in %.0f ms", traced.count, milliseconds(since: start)))
  }

  /// The time of `body` for each of `values`, in milliseconds.
  private static func times(_ values: [String], _ body: (String) -> Void) -> [Double] {
    values.map { value in
      let start = DispatchTime.now().uptimeNanoseconds
      body(value)
      return milliseconds(since: start)
    }
  }

  /// `name: p50 / p99 / max`.
  private static func summary(_ name: String, _ times: [Double]) -> String {
    let sorted = times.sorted()
    guard !sorted.isEmpty else { return name + ": no samples" }
    func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
    return String(
      format: "%@ (%d): p50 %.3f ms, p99 %.3f ms, max %.3f ms", name, sorted.count, percentile(0.5), percentile(0.99),
      sorted.last ?? 0)
  }

  private static func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
  }
}
