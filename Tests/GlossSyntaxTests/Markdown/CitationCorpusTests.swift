import Foundation
import TestSupport
import Testing

@testable import GlossSyntax

/// Gloss's citations against Pandoc's on the corpus in `Tests/Fixtures/citations` (docs/pandoc-compatibility.md).
///
/// Compared per item: key and mode exactly; prefix and suffix after `normalised(_:)`, which removes what Pandoc
/// renders rather than keeps (emphasis and code markers, escapes, smart punctuation, non-breaking spaces, the
/// suffix's leading comma, runs of white space).
@Suite struct CitationCorpusTests {
  struct Expected: Decodable {
    var pandoc: String
    var cases: [Case]
  }

  struct Case: Decodable, CustomTestStringConvertible, Sendable {
    var name: String
    var markdown: String
    var citations: [Item]
    var testDescription: String { name }
  }

  struct Item: Decodable, Equatable, Sendable, CustomStringConvertible {
    var key: String
    var mode: String
    var prefix: String
    var suffix: String
    var description: String { "@\(key) \(mode) prefix \"\(prefix)\" suffix \"\(suffix)\"" }
  }

  static let fixtures = Repository.url("Tests/Fixtures/citations")

  static let corpus: [Case] = {
    guard let data = try? Data(contentsOf: fixtures.appendingPathComponent("expected.json")),
      let expected = try? JSONDecoder().decode(Expected.self, from: data)
    else { return [] }
    return expected.cases
  }()

  /// What Gloss finds in `markdown`, normalised for comparison.
  static func glossItems(_ markdown: String) -> [Item] {
    Note(parsing: Array(markdown.utf8)).citations.flatMap { citation in
      citation.items.map { item in
        Item(
          key: item.key, mode: item.mode.rawValue, prefix: normalised(item.prefix), suffix: normalised(item.suffix))
      }
    }
  }

  static func normalised(_ text: String) -> String {
    var result = ""
    var pendingSpace = false
    var previous: Character = " "
    for character in text {
      var replacement: String
      switch character {
      case "*", "`": continue
      case "\\":
        if previous == "\\" {
          replacement = "\\"
        } else {
          previous = character
          continue
        }
      case "\u{2018}", "\u{2019}": replacement = "'"
      case "\u{201C}", "\u{201D}": replacement = "\""
      case "\u{2013}": replacement = "--"
      case "\u{2014}": replacement = "---"
      case "\u{2026}": replacement = "..."
      default: replacement = String(character)
      }
      previous = character
      if character.isWhitespace {
        pendingSpace = true
        continue
      }
      if pendingSpace && !result.isEmpty { result += " " }
      pendingSpace = false
      result += replacement
      replacement = ""
    }
    if result.hasPrefix(",") { result = String(result.dropFirst()).trimmingCharacters(in: .whitespaces) }
    return result
  }

  @Test func corpusIsLoadedAndLargeEnough() {
    #expect(Self.corpus.count >= 300)
  }

  /// Cases where Gloss follows CommonMark (docs/pandoc-compatibility.md) and Pandoc does not.
  static let divergences: [String: String] = [
    "fenced-unterminated": "CommonMark runs an unclosed fence to the end of its container; Pandoc reads it as text"
  ]

  @Test(arguments: corpus)
  func glossAgreesWithCommittedPandocOutput(_ entry: Case) {
    compare(entry.markdown, name: entry.name, with: entry.citations)
  }

  static let pandocPath: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/pandoc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  @Test(.enabled(if: pandocPath != nil, "needs pandoc on PATH"))
  func glossAgreesWithPandocRunNow() throws {
    let pandoc = try #require(Self.pandocPath)
    // One pandoc run per case, as generate.py does (cases reuse footnote labels, so they cannot share a document).
    for entry in Self.corpus {
      let found = try Self.runPandoc(pandoc, entry.markdown)
      compare(entry.markdown, name: entry.name, with: found)
    }
  }

  private func compare(
    _ markdown: String, name: String, with pandoc: [Item], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = pandoc.map {
      Item(key: $0.key, mode: $0.mode, prefix: Self.normalised($0.prefix), suffix: Self.normalised($0.suffix))
    }
    let found = Self.glossItems(markdown)
    if let reason = Self.divergences[name] {
      withKnownIssue(Comment(rawValue: reason)) {
        #expect(found == expected, sourceLocation: sourceLocation)
      }
      return
    }
    #expect(found == expected, "\(name): \(markdown.debugDescription)", sourceLocation: sourceLocation)
  }

  /// Pandoc's citations in `markdown`, stringified as `generate.py` does.
  static func runPandoc(_ pandoc: String, _ markdown: String) throws -> [Item] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: pandoc)
    process.arguments = ["-f", "markdown", "-t", "json"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    // Pandoc's warnings (a duplicate link reference in the link corpus) are not the test's output.
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data(markdown.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let json = try JSONSerialization.jsonObject(with: data)
    var found: [Item] = []
    walk((json as? [String: Any])?["blocks"] ?? [], &found)
    return found
  }

  private static func walk(_ node: Any, _ found: inout [Item]) {
    if let object = node as? [String: Any] {
      if object["t"] as? String == "Cite", let content = object["c"] as? [Any], let items = content.first as? [Any] {
        for case let item as [String: Any] in items {
          found.append(
            Item(
              key: item["citationId"] as? String ?? "",
              mode: (item["citationMode"] as? [String: Any])?["t"] as? String ?? "",
              prefix: stringify(item["citationPrefix"] ?? []), suffix: stringify(item["citationSuffix"] ?? [])))
        }
      }
      for key in object.keys.sorted() {
        walk(object[key] ?? [], &found)
      }
    } else if let array = node as? [Any] {
      for value in array { walk(value, &found) }
    }
  }

  private static func stringify(_ node: Any) -> String {
    guard let inlines = node as? [Any] else { return "" }
    var text = ""
    for case let inline as [String: Any] in inlines {
      let content = inline["c"]
      switch inline["t"] as? String ?? "" {
      case "Str": text += content as? String ?? ""
      case "Space", "SoftBreak", "LineBreak": text += " "
      case "Emph", "Strong", "Strikeout", "Superscript", "Subscript", "SmallCaps", "Underline":
        text += stringify(content ?? [])
      case "Quoted":
        let parts = content as? [Any] ?? []
        let quote = ((parts.first as? [String: Any])?["t"] as? String) == "DoubleQuote" ? "\"" : "'"
        text += quote + stringify(parts.last ?? []) + quote
      case "Code", "Math", "RawInline": text += (content as? [Any])?.last as? String ?? ""
      case "Link", "Image", "Span", "Cite": text += stringify((content as? [Any])?[1] ?? [])
      default: break
      }
    }
    return text
  }
}
