import Dispatch
import Foundation
import GlossSyntax

#if canImport(Glibc)
  import Glibc
#endif

/// `gloss-bench parse <workspace-dir>`: parser throughput (MB/s) over a workspace's notes, bibliographies and sources.
enum ParseBench {
  /// The files of one kind, read into memory before any timing.
  private struct Corpus {
    var name: String
    var files: [(path: String, bytes: [UInt8])] = []
    var byteCount: Int { files.reduce(0) { $0 + $1.bytes.count } }
  }

  /// Folders the default configuration ignores (docs/configuration.md).
  private static let ignoredFolders: Set<String> = [".git", ".obsidian", "node_modules", "export"]

  /// How many times each corpus is parsed; the best run is kept.
  private static let runs = 5

  /// Runs the benchmark and prints its figures.
  static func run(_ arguments: [String]) {
    if arguments.first == "--stress" {
      runStress()
      return
    }
    guard let root = arguments.first else {
      print("usage: gloss-bench parse <workspace-dir> | --stress")
      return
    }
    var notes = Corpus(name: "notes")
    var bibtex = Corpus(name: "BibTeX")
    var csl = Corpus(name: "CSL-JSON")
    var sources = Corpus(name: "source documents")
    var sourceFormats: [SourceFormat] = []
    for path in filePaths(under: root) {
      let lower = path.lowercased()
      let isInSources = path.hasPrefix("sources/")
      if isInSources, let format = SourceFormat(pathExtension: (lower as NSString).pathExtension) {
        guard let bytes = readFile(root + "/" + path) else { continue }
        sources.files.append((path, bytes))
        sourceFormats.append(format)
      } else if !isInSources, lower.hasSuffix(".md") || lower.hasSuffix(".markdown") {
        if let bytes = readFile(root + "/" + path) { notes.files.append((path, bytes)) }
      } else if lower.hasSuffix(".bib") {
        if let bytes = readFile(root + "/" + path) { bibtex.files.append((path, bytes)) }
      } else if lower.hasSuffix(".csl.json") {
        if let bytes = readFile(root + "/" + path) { csl.files.append((path, bytes)) }
      }
    }

    print("parser throughput, best of \(runs) runs, one thread: \(root)")
    measure(notes) { files in
      var citations = 0
      var items = 0
      var headings = 0
      var links = 0
      for file in files {
        let note = Note(parsing: file.bytes)
        citations += note.citations.count
        items += note.citations.reduce(0) { $0 + $1.items.count }
        headings += note.headings.count
        links += note.links.count
      }
      return "\(citations) citations, \(items) items, \(headings) headings, \(links) links"
    }
    measure(bibtex) { files in bibliographyTotals(files, parse: BibTeX.parse) }
    measure(csl) { files in bibliographyTotals(files, parse: CSLJSON.parse) }
    measure(sources) { files in
      var textBytes = 0
      var headings = 0
      var paragraphs = 0
      for (file, format) in zip(files, sourceFormats) {
        let document = SourceDocument(parsing: file.bytes, format: format)
        textBytes += document.text.count
        headings += document.headings.count
        paragraphs += document.paragraphs.count
      }
      return String(
        format: "%.1f MB of text, %d headings, %d paragraphs", Double(textBytes) / 1_048_576, headings, paragraphs)
    }
    printManifestCounts(root)
  }

  /// Prints what the generator's `manifest.json` expects, to compare with the totals above.
  private static func printManifestCounts(_ root: String) {
    guard let bytes = readFile(root + "/manifest.json"),
      let manifest = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
      let counts = manifest["counts"] as? [String: Any]
    else { return }
    let names = ["notes", "citations", "bib_in_bibtex", "bib_in_csl_json", "source_documents"]
    print("manifest expects: " + names.map { "\($0) \(counts[$0].map { "\($0)" } ?? "?")" }.joined(separator: ", "))
  }

  /// Parses `corpus` `runs` times and prints the best throughput with the totals `parse` reports.
  ///
  /// Throughput is per second of this thread's CPU time (the machine is shared, so wall time counts waiting for a
  /// core); the best wall time is printed beside it.
  private static func measure(_ corpus: Corpus, _ parse: ([(path: String, bytes: [UInt8])]) -> String) {
    var bestCPU = Double.infinity
    var bestWall = Double.infinity
    var totals = ""
    for _ in 0..<runs {
      let wallStart = DispatchTime.now().uptimeNanoseconds
      let cpuStart = threadCPUSeconds()
      totals = parse(corpus.files)
      bestCPU = min(bestCPU, threadCPUSeconds() - cpuStart)
      bestWall = min(bestWall, Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9)
    }
    let megabytes = Double(corpus.byteCount) / 1_048_576
    let name = corpus.name.padding(toLength: 16, withPad: " ", startingAt: 0)
    let line = String(
      format: "%@ %6d files %7.2f MB  cpu %8.1f ms %7.1f MB/s  (wall %8.1f ms)  %@", name as NSString,
      corpus.files.count, megabytes, bestCPU * 1e3, bestCPU > 0 ? megabytes / bestCPU : 0, bestWall * 1e3,
      totals as NSString)
    print(line)
  }

  /// The CPU time this thread has used, in seconds.
  static func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Every regular file under `root` outside the ignored folders, as sorted root-relative paths.
  private static func filePaths(under root: String) -> [String] {
    var paths: [String] = []
    var pending = [""]
    while let relative = pending.popLast() {
      let directory = relative.isEmpty ? root : root + "/" + relative
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
      for name in names where !ignoredFolders.contains(name) {
        let path = relative.isEmpty ? name : relative + "/" + name
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory) else { continue }
        if isDirectory.boolValue { pending.append(path) } else { paths.append(path) }
      }
    }
    return paths.sorted()
  }

  /// The file's bytes, read with POSIX `open`/`fstat`/`read` (nil when it cannot be read).
  private static func readFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return read(descriptor, base + filled, buffer.count - filled)
      }
      guard count > 0 else { break }
      filled += count
    }
    return filled == bytes.count ? bytes : Array(bytes[0..<filled])
  }

  /// The entries and problems a bibliography parser finds in `files`, so a parser that reads nothing shows.
  private static func bibliographyTotals(_ files: [(path: String, bytes: [UInt8])], parse: ([UInt8]) -> Bibliography)
    -> String
  {
    var entries = 0
    var problems = 0
    for file in files {
      let bibliography = parse(file.bytes)
      entries += bibliography.entries.count
      problems += bibliography.problems.count
    }
    return "\(entries) entries, \(problems) problems"
  }
}
