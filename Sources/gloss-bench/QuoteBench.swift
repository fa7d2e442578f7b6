import Dispatch
import Foundation
import GlossMatching
import GlossSyntax

/// `gloss-bench quotes <workspace-dir-or-file>`: times quotation checks (docs/benchmarks.md) over the source texts.
enum QuoteBench {
  /// One timed set of checks.
  struct Series {
    var name: String
    var micros: [Double] = []
    var wrong = 0

    func report() {
      let sorted = micros.sorted()
      guard !sorted.isEmpty else { return }
      func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
      let line = String(
        format: "%-44@ n=%5d  p50 %9.1f µs  p99 %9.1f µs  max %9.1f µs  wrong %d", name as NSString, sorted.count,
        percentile(0.5), percentile(0.99), sorted[sorted.count - 1], wrong)
      print(line)
    }
  }

  /// Runs the benchmark and prints its figures.
  static func run(_ arguments: [String]) {
    guard let path = arguments.first else {
      print("usage: gloss-bench quotes <workspace-dir-or-file>")
      return
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      print("no such file '\(path)'")
      return
    }
    var files: [(String, [UInt8])] = []
    if isDirectory.boolValue {
      let sourcesDir = (path as NSString).appendingPathComponent("sources")
      let dir = FileManager.default.fileExists(atPath: sourcesDir) ? sourcesDir : path
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
      for name in names where [".md", ".txt", ".html", ".htm", ".markdown"].contains(where: name.hasSuffix) {
        let full = (dir as NSString).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: full) else { continue }
        let isHTML = name.hasSuffix(".html") || name.hasSuffix(".htm")
        files.append(("sources/" + name, isHTML ? roughText(ofHTML: [UInt8](data)) : [UInt8](data)))
      }
    } else if let data = FileManager.default.contents(atPath: path) {
      files.append((path, [UInt8](data)))
    }
    let totalBytes = files.reduce(0) { $0 + $1.1.count }
    let megabytes = Double(totalBytes) / 1_048_576
    print(String(format: "%d source files, %.1f MB", files.count, megabytes))
    print(useWallClock ? "timing: wall clock" : "timing: thread CPU time (QUOTE_BENCH_WALL=1 for wall clock)")

    // One index per source, as the workspace would hold them.
    var start = cpuNanoseconds()
    var perSource: [String: QuoteIndex] = [:]
    var perSourceBytes = 0
    let lexicon = QuoteLexicon()
    for (name, bytes) in files {
      let index = QuoteIndex(text: bytes, lexicon: lexicon)
      perSourceBytes += index.indexByteCount
      perSource[name] = index
    }
    var elapsed = Double(cpuNanoseconds() - start) / 1e6
    perSourceBytes += lexicon.byteCount
    print(
      String(
        format:
          "per-source indexes: built in %.0f ms CPU, %.1f MB with the shared lexicon of %d tokens (%.1f MB)"
          + " (%.2f MB per MB of source)", elapsed, Double(perSourceBytes) / 1_048_576, lexicon.count,
        Double(lexicon.byteCount) / 1_048_576, Double(perSourceBytes) / Double(max(totalBytes, 1))))

    // All the text as one source: the "50 MB" case of docs/benchmarks.md.
    var all: [UInt8] = []
    all.reserveCapacity(totalBytes + files.count)
    for (_, bytes) in files {
      all.append(contentsOf: bytes)
      all.append(0x0A)
    }
    start = cpuNanoseconds()
    let bigLexicon = QuoteLexicon()
    let big = QuoteIndex(text: all, lexicon: bigLexicon)
    elapsed = Double(cpuNanoseconds() - start) / 1e6
    let bigBytes = big.indexByteCount + bigLexicon.byteCount
    print(
      String(
        format:
          "one index over all %.1f MB: built in %.0f ms CPU, %d tokens, %.1f MB with its lexicon (%.2f MB per MB)",
        megabytes, elapsed, big.tokenCount, Double(bigBytes) / 1_048_576, Double(bigBytes) / Double(max(all.count, 1))))

    if ProcessInfo.processInfo.environment["QUOTE_BENCH_BUILD_ONLY"] != nil { return }
    if ProcessInfo.processInfo.environment["QUOTE_BENCH_NOTES_ONLY"] != nil {
      runNotes(path: path)
      return
    }
    if ProcessInfo.processInfo.environment["QUOTE_BENCH_SYNTHETIC_ONLY"] == nil {
      runManifestProbes(path: path, isDirectory: isDirectory.boolValue, perSource: perSource, big: big)
      if isDirectory.boolValue {
        runCitationQuotations(path: path, files: files, perSource: perSource)
        runNotes(path: path)
      }
    }
    runSyntheticProbes(big: big)
  }

  /// This thread's CPU time in nanoseconds: on a machine shared with other builds, wall time mostly measures
  /// waiting for a core.
  private static func cpuNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  }

  /// Whether to time with wall clock rather than CPU time (`QUOTE_BENCH_WALL=1`).
  private static let useWallClock = ProcessInfo.processInfo.environment["QUOTE_BENCH_WALL"] != nil

  /// Times `check` (run `repeats` times) and keeps the median, in microseconds.
  static func time(_ repeats: Int, _ check: () -> QuoteMatch) -> (Double, QuoteMatch) {
    var best: [Double] = []
    var result = QuoteMatch.notFound(closest: nil, similarity: 0)
    for _ in 0..<repeats {
      let start = useWallClock ? DispatchTime.now().uptimeNanoseconds : cpuNanoseconds()
      result = check()
      let end = useWallClock ? DispatchTime.now().uptimeNanoseconds : cpuNanoseconds()
      best.append(Double(end - start) / 1e3)
    }
    return (best.sorted()[best.count / 2], result)
  }

  private static func isFound(_ match: QuoteMatch) -> Bool {
    if case .found = match { return true }
    return false
  }

  private static func runManifestProbes(
    path: String, isDirectory: Bool, perSource: [String: QuoteIndex], big: QuoteIndex
  ) {
    guard isDirectory,
      let data = FileManager.default.contents(atPath: (path as NSString).appendingPathComponent("manifest.json")),
      let manifest = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let probes = manifest["quote_probes"] as? [[String: Any]]
    else { return }
    var series = [
      Series(name: "manifest probes, own source, found"), Series(name: "manifest probes, own source, not found"),
      Series(name: "manifest probes, all text, found"), Series(name: "manifest probes, all text, not found"),
    ]
    for probe in probes {
      guard let quote = probe["quote"] as? String, let source = probe["source"] as? String,
        let expect = probe["expect"] as? String, let index = perSource[source]
      else { continue }
      let shouldFind = expect == "found"
      for (k, target) in [index, big].enumerated() {
        let (micros, result) = time(21) { target.match(quote, within: nil) }
        let slot = k * 2 + (shouldFind ? 0 : 1)
        series[slot].micros.append(micros)
        if isFound(result) != shouldFind { series[slot].wrong += 1 }
      }
    }
    series.forEach { $0.report() }
  }

  /// The visible text of an HTML page, roughly (`HTMLText` in GlossSyntax is the real extraction): scripts and
  /// styles dropped, block tags made line breaks, inline tags removed, the common entities decoded.
  private static func roughText(ofHTML bytes: [UInt8]) -> [UInt8] {
    var html = String(decoding: bytes, as: UTF8.self)
    for element in ["script", "style"] {
      while let open = html.range(of: "<\(element)"),
        let close = html.range(of: "</\(element)>", range: open.upperBound..<html.endIndex)
      {
        html.removeSubrange(open.lowerBound..<close.upperBound)
      }
    }
    var out = ""
    var rest = Substring(html)
    let blocks: Set<String> = [
      "p", "div", "br", "li", "h1", "h2", "h3", "h4", "h5", "h6", "title", "tr", "td", "blockquote",
    ]
    while let open = rest.firstIndex(of: "<") {
      out += rest[..<open]
      guard let close = rest[open...].firstIndex(of: ">") else { break }
      let name = rest[rest.index(after: open)..<close].drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
      if blocks.contains(name.lowercased()) { out += "\n" }
      rest = rest[rest.index(after: close)...]
    }
    out += rest
    for (entity, text) in [
      ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&"),
    ] {
      out = out.replacingOccurrences(of: entity, with: text)
    }
    return Array(out.utf8)
  }

  /// The key of each source file: front-matter `id:` or the file name without its extension.
  private static func keys(of files: [(String, [UInt8])]) -> [String: String] {
    var keys: [String: String] = [:]
    for (name, bytes) in files {
      var key = ((name as NSString).lastPathComponent as NSString).deletingPathExtension
      let head = String(decoding: bytes.prefix(2000), as: UTF8.self)
      if head.hasPrefix("---") {
        for line in head.split(separator: "\n").dropFirst() {
          if line.hasPrefix("---") { break }
          if line.hasPrefix("id:") {
            key = line.dropFirst(3).trimmingCharacters(in: .whitespaces).trimmingCharacters(
              in: CharacterSet(charactersIn: "\"'"))
          }
        }
      }
      if keys[key] == nil { keys[key] = name }
    }
    return keys
  }

  /// Every checked quotation of `citations.json` against its source's whole text: the generator's verdict
  /// (a `quote-mismatch` code or none) against the index's.
  private static func runCitationQuotations(
    path: String, files: [(String, [UInt8])], perSource: [String: QuoteIndex]
  ) {
    guard
      let data = FileManager.default.contents(atPath: (path as NSString).appendingPathComponent("citations.json")),
      let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let byFile = json["files"] as? [String: [[Any]]]
    else { return }
    let sourceOfKey = keys(of: files)
    var series = [Series(name: "citations.json quotations, found"), Series(name: "citations.json, not found")]
    var unknown = 0
    let verbose = ProcessInfo.processInfo.environment["QUOTE_BENCH_VERBOSE"] != nil
    for (_, records) in byFile.sorted(by: { $0.key < $1.key }) {
      for record in records where record.count >= 6 {
        guard let key = record[2] as? String, let quote = record[4] as? String, let codes = record[5] as? [String]
        else { continue }
        guard let name = sourceOfKey[key], let index = perSource[name] else {
          unknown += 1
          continue
        }
        let shouldFind = !codes.contains("quote-mismatch")
        let (micros, result) = time(3) { index.match(quote, within: nil) }
        let slot = shouldFind ? 0 : 1
        series[slot].micros.append(micros)
        if isFound(result) != shouldFind {
          series[slot].wrong += 1
          if verbose { print("disagree (\(key), \(name)): \(quote.debugDescription)") }
        }
      }
    }
    series.forEach { $0.report() }
    print("citations.json quotations on sources without a text file here: \(unknown)")
  }

  /// Quotations cut from the text at pseudo-random places: 30 words as they are, with one word changed, and
  /// 300 words with one word changed or drawn from all over the text.
  private static func runSyntheticProbes(big: QuoteIndex) {
    let text = big.text
    var words: [Range<Int>] = []
    var i = 0
    while i < text.count {
      while i < text.count, text[i] == 0x20 || text[i] == 0x0A || text[i] == 0x0C { i += 1 }
      let start = i
      while i < text.count, text[i] != 0x20, text[i] != 0x0A, text[i] != 0x0C { i += 1 }
      if start < i { words.append(start..<i) }
    }
    guard words.count > 1000 else { return }
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func random(_ n: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(n))
    }
    func word(_ k: Int) -> String { String(decoding: text[words[k]], as: UTF8.self) }
    func plain(_ s: String) -> Bool { !s.contains("[") && !s.contains("...") && !s.contains("…") }
    var series = [
      Series(name: "30 words, all text, found"), Series(name: "30 words, one changed, all text, not found"),
      Series(name: "300 words, one changed, all text, not found"),
      Series(name: "300 scattered words, all text, not found"),
    ]
    var similarity: [Double] = []
    for _ in 0..<400 {
      let first = random(words.count - 400)
      let thirty = (first..<first + 30).map(word)
      guard plain(thirty.joined(separator: " ")), !word(first - 1).hasSuffix("-"), !word(first + 29).hasSuffix("-")
      else { continue }
      let (m1, r1) = time(5) { big.match(thirty.joined(separator: " "), within: nil) }
      series[0].micros.append(m1)
      if !isFound(r1) {
        series[0].wrong += 1
        if ProcessInfo.processInfo.environment["QUOTE_BENCH_VERBOSE"] != nil {
          print("not found: \(thirty.joined(separator: " ").debugDescription)")
        }
      }
      var changed = thirty
      changed[15] = "zqx\(random(1000))q"
      let (m2, r2) = time(5) { big.match(changed.joined(separator: " "), within: nil) }
      series[1].micros.append(m2)
      if isFound(r2) { series[1].wrong += 1 }
      if case .notFound(_, let s) = r2 {
        similarity.append(s)
        if s < 0.5, ProcessInfo.processInfo.environment["QUOTE_BENCH_VERBOSE"] != nil {
          print("dissimilar \(s): \(changed.joined(separator: " ").debugDescription)")
        }
      }
    }
    for _ in 0..<60 {
      let first = random(words.count - 400)
      var long = (first..<first + 300).map(word)
      long[150] = "zqx\(random(1000))q"
      let quote = long.joined(separator: " ")
      guard plain(quote) else { continue }
      let (m3, r3) = time(3) { big.match(quote, within: nil) }
      series[2].micros.append(m3)
      if isFound(r3) { series[2].wrong += 1 }
      let scattered = (0..<300).map { _ in word(random(words.count)) }.joined(separator: " ")
      guard plain(scattered) else { continue }
      let (m4, r4) = time(3) { big.match(scattered, within: nil) }
      series[3].micros.append(m4)
      if isFound(r4) { series[3].wrong += 1 }
    }
    series.forEach { $0.report() }
    let sorted = similarity.sorted()
    if !sorted.isEmpty {
      print(
        String(
          format: "similarity of the closest passage, one word in 30 changed: p1 %.3f  p50 %.3f  p99 %.3f",
          sorted[sorted.count / 100], sorted[sorted.count / 2], sorted[sorted.count * 99 / 100]))
    }
  }
}
