import Foundation
import GlossMatching
import GlossSyntax

/// `gloss-bench parse --stress`: each parser on pathological input (a 50 MB line, 10,000 levels of nesting), timed
/// once in thread CPU time, so that a quadratic path shows up as seconds rather than milliseconds.
extension ParseBench {
  /// One pathological input and the parse to run on it.
  private struct StressCase {
    var name: String
    var bytes: [UInt8]
    var parse: ([UInt8]) -> String
  }

  private static func repeated(_ piece: String, _ count: Int) -> [UInt8] {
    Array(String(repeating: piece, count: count).utf8)
  }

  private static func stressCases() -> [StressCase] {
    let fifty = 50 * 1_048_576
    let words = "Ký ức là sự tái tạo [@key1, p. 4] #tag 中文 "
    let line = repeated(words, fifty / words.utf8.count)
    let title = repeated("ab ", fifty / 3)
    func note(_ bytes: [UInt8]) -> String { "\(Note(parsing: bytes).citations.count) citations" }
    func html(_ bytes: [UInt8]) -> String {
      "\(SourceDocument(parsing: bytes, format: .html).text.count) bytes of text"
    }
    var nestedLines: [String] = []
    for k in 0..<10_000 {
      let level = k % 120
      nestedLines.append(
        k % 2 == 0
          ? String(repeating: ">", count: level) + " quoted [@q\(k)]"
          : String(repeating: "  ", count: level) + "- item [@l\(k)]")
    }
    return [
      StressCase(name: "note, 50 MB line", bytes: line, parse: note),
      StressCase(
        name: "note, 10,000 '> ' on a line", bytes: repeated("> ", 10_000) + Array("x [@a]".utf8), parse: note),
      StressCase(
        name: "note, 10,000 '- ' on a line", bytes: repeated("- ", 10_000) + Array("x [@a]".utf8), parse: note),
      StressCase(
        name: "note, 10,000 lines of nesting", bytes: Array(nestedLines.joined(separator: "\n").utf8), parse: note),
      StressCase(name: "note, 10,000 '['", bytes: repeated("[", 10_000) + Array("@key".utf8), parse: note),
      StressCase(
        name: "note, 10,000 '[' balanced", bytes: repeated("[", 10_000) + Array("@key".utf8) + repeated("]", 10_000),
        parse: note),
      StressCase(
        name: "BibTeX, 10,000 nested braces",
        bytes: Array("@book{k, title = {".utf8) + repeated("{", 10_000) + Array("x".utf8) + repeated("}", 10_001)
          + Array("}".utf8),
        parse: { "\(BibTeX.parse($0).entries.count) entries" }),
      StressCase(
        name: "BibTeX, 50 MB field", bytes: Array("@misc{long, title = {".utf8) + title + Array("}}".utf8),
        parse: { "\(BibTeX.parse($0).entries.first?.title?.utf8.count ?? 0) bytes of title" }),
      StressCase(
        name: "CSL-JSON, 10,000 nested arrays", bytes: repeated("[", 10_000) + repeated("]", 10_000),
        parse: { "\(CSLJSON.parse($0).problems.count) problems" }),
      StressCase(
        name: "CSL-JSON, 50 MB string",
        bytes: Array("[{\"id\": \"long\", \"title\": \"".utf8) + title + Array("\"}]".utf8),
        parse: { "\(CSLJSON.parse($0).entries.count) entries" }),
      StressCase(
        name: "HTML, 10,000 nested <div>",
        bytes: repeated("<div>", 10_000) + Array("x".utf8) + repeated("</div>", 10_000),
        parse: html),
      StressCase(name: "HTML, 10,000 unclosed <p>", bytes: repeated("<p class=\"a\">x ", 10_000), parse: html),
      StressCase(name: "HTML, 50 MB line", bytes: line, parse: html),
      StressCase(
        name: "plain text, 50 MB line", bytes: line,
        parse: { "\(SourceDocument(parsing: $0, format: .plainText).paragraphs.count) paragraphs" }),
      StressCase(
        name: "QuoteIndex, 50 MB line + match", bytes: line,
        parse: { bytes in
          let index = QuoteIndex(text: bytes)
          if case .found = index.match("sự tái tạo", within: nil) { return "\(index.tokenCount) tokens, found" }
          return "\(index.tokenCount) tokens, not found"
        }),
      StressCase(
        name: "SourceText, 50 MB line", bytes: line, parse: { "\(SourceText(bytes: $0).lineCount) lines" }),
    ]
  }

  /// Runs every stress case once and prints its CPU time and throughput.
  static func runStress() {
    print("pathological input, one run each, one thread")
    for stress in stressCases() {
      let start = threadCPUSeconds()
      let outcome = stress.parse(stress.bytes)
      let seconds = threadCPUSeconds() - start
      let megabytes = Double(stress.bytes.count) / 1_048_576
      let name = stress.name.padding(toLength: 34, withPad: " ", startingAt: 0)
      print(
        String(
          format: "%@ %8.2f MB  cpu %9.1f ms %8.1f MB/s  %@", name as NSString, megabytes, seconds * 1e3,
          seconds > 0 ? megabytes / seconds : 0, outcome as NSString))
    }
  }
}
