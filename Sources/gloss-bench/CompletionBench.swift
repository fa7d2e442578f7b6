import Dispatch
import Foundation
import GlossIndex
import GlossSyntax

/// `gloss-bench completion <workspace-dir>`: times `Workspace.completions(at:in:text:)` at the manifest's completion
/// probes (docs/benchmarks.md), at the index boundary, without JSON or the protocol.
enum CompletionBench {
  /// Runs the benchmark and prints its figures.
  static func run(_ arguments: [String]) {
    guard let root = arguments.first else {
      print("usage: gloss-bench completion <workspace-dir>")
      return
    }
    let files = BenchWorkspace.files(in: root)
    var start = DispatchTime.now().uptimeNanoseconds
    let workspace = Workspace(loading: files, otherFiles: [])
    print(String(format: "%d files indexed in %.0f ms", files.count, milliseconds(since: start)))

    guard let data = FileManager.default.contents(atPath: root + "/manifest.json"),
      case .object(let manifest)? = try? JSONDecoder().decode(JSONNode.self, from: data),
      case .array(let probes)? = manifest["probes"]
    else {
      print("no manifest.json probes")
      return
    }
    var texts: [String: SourceText] = [:]
    for (path, file) in files.map({ ($0.path, $0) }) where file.role == .note {
      texts[path] = SourceText(bytes: file.bytes)
    }

    start = DispatchTime.now().uptimeNanoseconds
    _ = workspace.completions(at: 2, in: "bench.md", text: Array("[@".utf8))
    print(String(format: "source search index built in %.1f ms", milliseconds(since: start)))

    var series: [String: [Double]] = [:]
    var sizes: [String: [Int]] = [:]
    var misses = 0
    for case .object(let probe) in probes {
      guard case .string("completion")? = probe["kind"], case .string(let path)? = probe["file"],
        case .number(let line)? = probe["line"], case .number(let character)? = probe["character"],
        case .string(let context)? = probe["context"], let text = texts[path]
      else { continue }
      let offset = text.offset(of: TextPosition(line: Int(line), column: Int(character)), in: .utf16)
      var result = CompletionResult()
      for _ in 0..<20 {
        let begin = DispatchTime.now().uptimeNanoseconds
        let cpuBegin = threadCPUNanoseconds()
        result = workspace.completions(at: offset, in: path, text: text.bytes)
        series[context, default: []].append(milliseconds(since: begin))
        series[context + " (cpu)", default: []].append(Double(threadCPUNanoseconds() - cpuBegin) / 1_000_000)
      }
      sizes[context, default: []].append(result.items.count)
      if case .object(let expect)? = probe["expect"], case .string(let label)? = expect["contains_label"],
        !result.items.contains(where: { $0.label == label })
      {
        misses += 1
        print("missing '\(label)' at \(path):\(Int(line)):\(Int(character)): \(result.items.prefix(3).map(\.label))")
      }
    }
    // Notes after `[[` (empty and three-letter prefixes) and tags after `#`, typed at the end of probe notes.
    for (path, text) in texts.sorted(by: { $0.key < $1.key }).prefix(50) {
      for typed in ["\n[[", "\n[[mem", "\n#", "\n[@rec"] {
        let bytes = text.bytes + Array(typed.utf8)
        for _ in 0..<20 {
          let begin = DispatchTime.now().uptimeNanoseconds
          let cpuBegin = threadCPUNanoseconds()
          let result = workspace.completions(at: bytes.count, in: path, text: bytes)
          let name = "typed " + typed.dropFirst()
          series[name, default: []].append(milliseconds(since: begin))
          series[name + " (cpu)", default: []].append(Double(threadCPUNanoseconds() - cpuBegin) / 1_000_000)
          sizes[name, default: []].append(result.items.count)
        }
      }
    }
    for (context, values) in series.sorted(by: { $0.key < $1.key }) {
      let sorted = values.sorted()
      func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
      let counts = sizes[context, default: []].sorted()
      print(
        String(
          format: "%-28@ n=%5d  p50 %7.3f ms  p99 %7.3f ms  max %7.3f ms  median items %d", context as NSString,
          sorted.count, percentile(0.5), percentile(0.99), sorted[sorted.count - 1],
          counts.isEmpty ? 0 : counts[counts.count / 2]))
    }
    print("probes missing their expected label: \(misses)")
  }

  private static func threadCPUNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  private static func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
  }
}

/// Just enough JSON to read the benchmark manifest.
private enum JSONNode: Decodable {
  case object([String: JSONNode])
  case array([JSONNode])
  case string(String)
  case number(Double)
  case other

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode([JSONNode].self) {
      self = .array(value)
    } else if let value = try? container.decode([String: JSONNode].self) {
      self = .object(value)
    } else {
      self = .other
    }
  }
}
