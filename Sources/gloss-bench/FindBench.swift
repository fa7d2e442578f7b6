import Dispatch
import Foundation
import GlossIndex
import GlossSyntax

/// `gloss-bench find <workspace-dir> [--queries N] [--cjk] [--answers]`: building the search over every source's
/// text (time and memory), then `Workspace.find` of 30-word phrases taken from the sources (found), the same with
/// one word changed to another word of the sources (not found: the closest passages are searched), and with a word
/// no source has; p50, p99 and max of each. Phrases holding brackets or ellipses are not drawn: a phrase means by
/// them what a quotation does (an insertion, a gap), so they would not be the source's words. With `--cjk`, only
/// phrases of over 100 tokens (Chinese or Japanese: each ideograph a token), the slowest kind, to measure or
/// profile them alone; with `--answers`, every answer printed, to compare two builds.
enum FindBench {
  static func run(_ arguments: [String]) {
    guard let root = arguments.first else {
      say("usage: gloss-bench find <workspace-dir> [--queries N] [--cjk] [--answers]")
      return
    }
    var count = 200
    if let i = arguments.firstIndex(of: "--queries"), i + 1 < arguments.count, let n = Int(arguments[i + 1]) {
      count = n
    }
    let cjkOnly = arguments.contains("--cjk")
    // Every answer printed (`answer` lines: each place's path, range, lines, citation and likeness), to compare two
    // builds' answers.
    let printsAnswers = arguments.contains("--answers")
    let files = BenchWorkspace.files(in: root)
    say("\(files.count) files read")
    var workspace = Workspace(indexing: files, config: WorkspaceConfig())
    var extra: [WorkspaceFile] = []
    for path in workspace.unloadedEntryFiles.sorted() {
      guard let data = FileManager.default.contents(atPath: root + "/" + path) else { continue }
      extra.append(WorkspaceFile(path: path, role: .sourceDocument, bytes: [UInt8](data)))
    }
    workspace.addFiles(extra)
    // In path order, so that every run (and every binary) draws the same phrases (a dictionary's order changes from
    // one process to the next).
    let documents = workspace.sourceDocuments.keys.sorted().compactMap { workspace.sourceDocuments[$0]?.document.text }
      .filter { $0.count > 2_000 }
    let sourceBytes = workspace.sourceDocuments.values.reduce(0) { $0 + $1.document.text.count }
    say(
      String(
        format: "%d source documents, %.1f MB of source text; load average %@", workspace.sourceDocuments.count,
        Double(sourceBytes) / 1_048_576, loadAverage()))
    let before = residentMB()
    let start = DispatchTime.now().uptimeNanoseconds
    _ = workspace.find("warm up")
    let built = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    say(
      String(
        format: "search built in %.0f ms (all cores); it holds %.1f MB; resident %.0f → %.0f MB", built,
        Double(workspace.textSearchByteCount) / 1_048_576, before, residentMB()))
    var random = Random(seed: 15)
    var found: [String] = []
    var changed: [String] = []
    var unknown: [String] = []
    while found.count < count {
      let text = documents[random.next(documents.count)]
      let words = String(decoding: text, as: UTF8.self).split(whereSeparator: \.isWhitespace)
      guard words.count > 60 else { continue }
      let first = random.next(words.count - 31)
      var phrase = Array(words[first..<(first + 30)])
      if cjkOnly, Self.tokenEstimate(phrase.joined(separator: " ")) <= 100 { continue }
      let other = String(decoding: documents[random.next(documents.count)], as: UTF8.self)
        .split(whereSeparator: \.isWhitespace)
      let replacement = other.isEmpty ? "memory" : other[random.next(other.count)]
      // Brackets and ellipses mean in a phrase what they mean in a quotation (`[…]` any one word, `...` any
      // stretch): a phrase holding them (a front matter's `tags: [a, b]`) is not the source's words. Left out
      // after the same draws as before, so that the other phrases are those drawn before.
      guard phrase.allSatisfy(Self.isPlain) else { continue }
      // Nor one that starts or ends inside a word broken at a line end (`arc-` / `hivist`): the source's word is
      // `archivist`.
      guard first == 0 || words[first - 1].last != "-", phrase.last?.last != "-" else { continue }
      found.append(phrase.joined(separator: " "))
      phrase[15] = Self.isPlain(replacement) ? replacement : "memory"
      changed.append(phrase.joined(separator: " "))
      phrase[15] = "zqxwvj"
      unknown.append(phrase.joined(separator: " "))
    }
    for (name, phrases) in [("found", found), ("one word changed", changed), ("unknown word", unknown)] {
      var times: [Double] = []
      var cpu: [Double] = []
      var hits = 0
      for phrase in phrases {
        let t0 = DispatchTime.now().uptimeNanoseconds
        let c0 = threadCPUNanoseconds()
        let result = workspace.find(phrase)
        cpu.append(Double(threadCPUNanoseconds() - c0) / 1e6)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        if printsAnswers {
          for (found, places) in [(true, result.places), (false, result.closest)] {
            for place in places {
              say(
                "answer \(name) \(cpu.count) \(found ? "found" : "closest") \(place.path) \(place.fileRange) "
                  + "\(place.lines) \(place.citation ?? "-") \(place.likeness) \(place.context)")
            }
          }
        }
        if result.isFound {
          hits += 1
        } else if name == "found" {
          say("  not found: \(phrase)")
        }
      }
      // Thirty words of Chinese or Japanese (runs of ideographs between spaces) are hundreds of tokens: the closest
      // passage's alignment grows with their square. Shown apart.
      let long = phrases.indices.filter { Self.tokenEstimate(phrases[$0]) > 100 }
      var short = cpu
      for k in long.reversed() { short.remove(at: k) }
      short.sort()
      times.sort()
      cpu.sort()
      func p99(_ values: [Double]) -> Double { values[min(values.count - 1, values.count * 99 / 100)] }
      if !long.isEmpty, !short.isEmpty {
        say(
          String(
            format: "  %@ without the %d phrases of over 100 tokens (CJK): thread CPU p50 %.2f ms, p99 %.2f ms",
            name as NSString, long.count, short[short.count / 2], p99(short)))
      }
      say(
        String(
          format:
            "%@: %d of %d found; wall p50 %.2f ms, p99 %.2f ms, max %.2f ms; thread CPU p50 %.2f ms, p99 %.2f ms, "
            + "max %.2f ms", name as NSString, hits, phrases.count, times[times.count / 2], p99(times),
          times[times.count - 1], cpu[cpu.count / 2], p99(cpu), cpu[cpu.count - 1]))
    }
    // An edited source: the next search (on the loop: `findIfPrepared`) signs it again and rewrites its columns (as
    // many chunks) or clears them and appends new ones (more chunks); never the whole search.
    let edits = workspace.sourceDocuments.keys.sorted().filter { $0.hasSuffix(".txt") }.prefix(2)
    for (k, path) in edits.enumerated() {
      guard let record = workspace.sourceDocuments[path] else { continue }
      var edited = workspace
      let text = record.document.text
      let bytes =
        k == 0
        ? Array("Edited".utf8) + text.drop(while: { $0 != 0x20 })
        : text + Array(String(repeating: "more words appended to this source ", count: 400).utf8)
      _ = edited.setSourceDocument(path: path, bytes: bytes)
      let t0 = DispatchTime.now().uptimeNanoseconds
      let c0 = threadCPUNanoseconds()
      let answered = edited.findIfPrepared(found.first ?? "warm up") != nil
      say(
        String(
          format: "first search after editing a source (%@, %.0f kB): %.2f ms wall, %.2f ms thread CPU; answered: %@, "
            + "built whole: %@", k == 0 ? "a word changed" : "more chunks", Double(bytes.count) / 1024,
          Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6, Double(threadCPUNanoseconds() - c0) / 1e6,
          answered ? "yes" : "no", edited.textSearchWasBuiltWhole.map { $0 ? "yes" : "no" } ?? "-"))
    }
  }

  /// Prints a line at once (not when the buffer fills), so that a slow run shows how far it got.
  static func say(_ line: String) {
    print(line)
    fflush(nil)
  }

  /// A small deterministic generator (SplitMix64), so that runs compare.
  struct Random {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(max(1, bound)))
    }
  }

  /// Whether a word of a source means the same in a phrase: no bracket (an insertion) nor ellipsis (a gap).
  static func isPlain(_ word: Substring) -> Bool {
    !word.contains(where: { $0 == "[" || $0 == "]" || $0 == "…" }) && !word.contains("...")
  }

  /// About how many tokens a phrase has: its words, each ideograph or kana one.
  static func tokenEstimate(_ phrase: String) -> Int {
    phrase.split(separator: " ").count
      + phrase.unicodeScalars.filter { (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) }
      .count
  }

  /// The CPU time this thread has used, in nanoseconds (what a search costs, whatever else the machine runs).
  static func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  /// The resident memory of this process, in MB.
  static func residentMB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
      return kilobytes / 1024
    }
    return 0
  }

  /// The 1-minute load average, as `/proc/loadavg` says.
  static func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init)
      ?? "?"
  }
}
