import Dispatch
import Foundation
import GlossIndex
import GlossMatching
import GlossSyntax
import Synchronization

/// `gloss-bench load <workspace-dir>`: times the bulk index load with and without quotation checks, and the
/// building of the per-source quotation indexes on all cores.
enum LoadBench {
  /// Runs the benchmark and prints its figures.
  static func run(_ arguments: [String]) {
    guard let root = arguments.first else {
      print("usage: gloss-bench load <workspace-dir>")
      return
    }
    let files = read(root)
    let sourceBytes = files.filter { $0.role == .sourceDocument }.reduce(0) { $0 + $1.bytes.count }
    print(
      String(
        format: "%d files (%d notes, %d sources, %.1f MB of source)", files.count,
        files.filter { $0.role == .note }.count, files.filter { $0.role == .sourceDocument }.count,
        Double(sourceBytes) / 1_048_576))
    if arguments.count >= 3, arguments[1] == "--dump" {
      var phases = Phases()
      dump(load(files, root: root, config: WorkspaceConfig(), phases: &phases), files: files, to: arguments[2])
    }
    var off = WorkspaceConfig()
    off.quoteCheck = false
    for (name, config) in [("quoteCheck false", off), ("quoteCheck true", WorkspaceConfig())] {
      for _ in 0..<2 {
        var phases = Phases()
        let (workspace, wall, cpu) = timed { load(files, root: root, config: config, phases: &phases) }
        let mismatches = workspace.diagnosticsByPath.values.reduce(0) { total, list in
          total + list.filter { $0.code == DiagnosticCode.quoteMismatch }.count
        }
        print(
          String(
            format: "load, %@: %.0f ms wall, %.0f ms CPU; quote-mismatch %d", name as NSString, wall, cpu,
            mismatches))
        print(
          String(
            format:
              "  parse and merge %.0f ms wall, %.0f ms CPU (%.0f ms of it on the merging thread); diagnose %.0f ms"
              + " wall, %.0f ms CPU", phases.indexWall, phases.indexCPU, phases.indexThreadCPU, phases.diagnoseWall,
            phases.diagnoseCPU))
      }
    }
    // The indexes alone, built as the workspace builds them: every source on all cores, one shared lexicon.
    let texts = files.filter { $0.role == .sourceDocument }.map {
      SourceDocument(
        parsing: $0.bytes, format: SourceFormat(pathExtension: ($0.path as NSString).pathExtension) ?? .plainText
      ).text
    }.sorted { $0.count > $1.count }
    let (_, wall, cpu) = timed { () -> Int in
      let lexicon = QuoteLexicon()
      let counter = Counter()
      DispatchQueue.concurrentPerform(iterations: texts.count) { k in
        counter.add(QuoteIndex(text: texts[k], lexicon: lexicon).indexByteCount)
      }
      return counter.total
    }
    print(String(format: "quotation indexes of every source, all cores: %.0f ms wall, %.0f ms CPU", wall, cpu))
  }

  /// The workspace as the server loads it: the files at once, then the texts that BibTeX `file` fields name, then
  /// every file diagnosed once.
  private static func load(
    _ files: [WorkspaceFile], root: String, config: WorkspaceConfig, phases: inout Phases
  ) -> Workspace {
    let threadStart = threadCPU()
    var (workspace, wall, cpu) = timed { Workspace(indexing: files, config: config) }
    (phases.indexWall, phases.indexCPU, phases.indexThreadCPU) = (wall, cpu, (threadCPU() - threadStart) * 1000)
    var extra: [WorkspaceFile] = []
    for path in workspace.unloadedEntryFiles.sorted() {
      guard let data = FileManager.default.contents(atPath: (root as NSString).appendingPathComponent(path)) else {
        continue
      }
      extra.append(WorkspaceFile(path: path, role: .sourceDocument, bytes: [UInt8](data)))
    }
    workspace.addFiles(extra)
    (_, phases.diagnoseWall, phases.diagnoseCPU) = timed { workspace.diagnoseAll() }
    return workspace
  }

  /// The wall-clock and CPU milliseconds of the load's two phases: parsing and merging every file, then diagnosing.
  private struct Phases {
    var indexWall = 0.0
    var indexCPU = 0.0
    /// The CPU of the calling thread alone while parsing and merging: every merge, and the parsing it did meanwhile.
    var indexThreadCPU = 0.0
    var diagnoseWall = 0.0
    var diagnoseCPU = 0.0
  }

  /// Seconds of CPU the calling thread has used.
  private static func threadCPU() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Writes every diagnostic as `path<TAB>line (0-based)<TAB>code<TAB>message`, one a line, sorted.
  private static func dump(_ workspace: Workspace, files: [WorkspaceFile], to output: String) {
    var bytesByPath: [String: [UInt8]] = [:]
    for file in files { bytesByPath[file.path] = file.bytes }
    var lines: [String] = []
    for (path, diagnostics) in workspace.diagnosticsByPath {
      let bytes = bytesByPath[path] ?? []
      for diagnostic in diagnostics {
        let line = bytes[..<min(diagnostic.range.lowerBound, bytes.count)].lazy.filter { $0 == 0x0A }.count
        lines.append("\(path)\t\(line)\t\(diagnostic.code)\t\(diagnostic.message)")
      }
    }
    let text = lines.sorted().joined(separator: "\n") + "\n"
    _ = FileManager.default.createFile(atPath: output, contents: Data(text.utf8))
  }

  /// A total added to from several threads.
  private final class Counter: Sendable {
    private let sum = Mutex(0)
    var total: Int { sum.withLock { $0 } }
    func add(_ value: Int) { sum.withLock { $0 += value } }
  }

  /// The result of `work`, with the wall-clock and process CPU milliseconds it took.
  private static func timed<T>(_ work: () -> T) -> (T, Double, Double) {
    let wallStart = DispatchTime.now().uptimeNanoseconds
    let cpuStart = processCPU()
    let result = work()
    let wall = Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e6
    return (result, wall, (processCPU() - cpuStart) * 1000)
  }

  /// Seconds of CPU the process has used (user and system, all threads).
  private static func processCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }

  /// The workspace's files with the roles of the generated layout, in path order: `sources/` holds source documents,
  /// `.bib` and `.json` files are bibliographies, other Markdown files are notes (`export/` and dot folders left out).
  private static func read(_ root: String) -> [WorkspaceFile] {
    let manager = FileManager.default
    var files: [WorkspaceFile] = []
    guard let walker = manager.enumerator(atPath: root) else { return [] }
    while let path = walker.nextObject() as? String {
      if path.hasPrefix(".") || path.hasPrefix("export") || path.contains("/.") { continue }
      let role: WorkspaceFile.Role
      if path.hasPrefix("sources/") {
        role = .sourceDocument
      } else if path.hasSuffix(".bib") || (path.hasSuffix(".json") && path.contains("csl")) {
        role = .bibliography
      } else if path.hasSuffix(".md") {
        role = .note
      } else {
        continue
      }
      guard let data = manager.contents(atPath: (root as NSString).appendingPathComponent(path)) else { continue }
      files.append(WorkspaceFile(path: path, role: role, bytes: [UInt8](data)))
    }
    // In path order, as the server's discovery hands them to the bulk load: the reverse maps then receive each
    // key's paths in order, and a walk's directory order would cost the merge work the server never does.
    return files.sorted { $0.path.utf8Precedes($1.path) }
  }
}
