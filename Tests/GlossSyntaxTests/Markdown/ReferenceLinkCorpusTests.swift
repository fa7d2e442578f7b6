import Foundation
import TestSupport
import Testing

@testable import GlossSyntax

/// Gloss's Markdown links and images against Pandoc's on the reference-link corpus in `Tests/Fixtures/links`: link
/// reference definitions (`[label]: dest`) and their uses (`[text][label]`, `[label][]`, `[label]`, images), with
/// accented, Vietnamese, CJK and emoji labels and paths, in quotes, lists, footnotes, tables and CRLF notes.
///
/// Compared per link, sorted (Pandoc places a footnote's links where the note is referenced): image or link, the
/// text (code, emphasis and escape markers removed, white space collapsed) and the URL percent-decoded (for Gloss,
/// its target and `#anchor`). Wiki links, which Pandoc does not know, and definitions, which Pandoc does not render,
/// are left out.
@Suite struct ReferenceLinkCorpusTests {
  struct Expected: Decodable {
    var pandoc: String
    var cases: [Case]
  }

  struct Case: Decodable, CustomTestStringConvertible, Sendable {
    var name: String
    var markdown: String
    var links: [Item]
    var testDescription: String { name }
  }

  struct Item: Decodable, Comparable, Sendable, CustomStringConvertible {
    var kind: String
    var text: String
    var url: String
    var description: String { "\(kind) \"\(text)\" -> \"\(url)\"" }
    static func < (a: Item, b: Item) -> Bool { a.description < b.description }
  }

  static let corpus: [Case] = {
    let url = Repository.url("Tests/Fixtures/links/expected.json")
    guard let data = try? Data(contentsOf: url), let expected = try? JSONDecoder().decode(Expected.self, from: data)
    else { return [] }
    return expected.cases
  }()

  /// What Gloss finds in `markdown`, as Pandoc's links are recorded.
  static func glossLinks(_ markdown: String) -> [Item] {
    Note(parsing: Array(markdown.utf8)).links.filter { $0.kind == .markdown && $0.reference != .definition }.map {
      Item(
        kind: $0.isImage ? "image" : "link", text: normalised($0.label ?? ""),
        url: $0.target + ($0.anchor.map { "#" + $0 } ?? ""))
    }.sorted()
  }

  static func normalised(_ text: String) -> String {
    var out = ""
    var escaped = false
    for character in text {
      if character == "\\" && !escaped {
        escaped = true
        continue
      }
      if !escaped && (character == "`" || character == "*" || character == "_") { continue }
      escaped = false
      out.append(character)
    }
    return out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test func corpusIsLoaded() {
    #expect(Self.corpus.count >= 30)
  }

  @Test(arguments: corpus)
  func glossAgreesWithCommittedPandocOutput(_ entry: Case) {
    let expected = entry.links.map { Item(kind: $0.kind, text: Self.normalised($0.text), url: $0.url) }.sorted()
    #expect(Self.glossLinks(entry.markdown) == expected, "\(entry.markdown.debugDescription)")
  }

  @Test(.enabled(if: CitationCorpusTests.pandocPath != nil, "needs pandoc on PATH"))
  func glossAgreesWithPandocRunNow() throws {
    let pandoc = try #require(CitationCorpusTests.pandocPath)
    for entry in Self.corpus {
      let found = try Self.runPandoc(pandoc, entry.markdown)
      #expect(Self.glossLinks(entry.markdown) == found, "\(entry.name): \(entry.markdown.debugDescription)")
      // The citations in these shapes (`[see @doe][ch2]`, `@doe [ch2]`) are Pandoc's too.
      let citations = try CitationCorpusTests.runPandoc(pandoc, entry.markdown).map {
        CitationCorpusTests.Item(
          key: $0.key, mode: $0.mode, prefix: CitationCorpusTests.normalised($0.prefix),
          suffix: CitationCorpusTests.normalised($0.suffix))
      }
      #expect(CitationCorpusTests.glossItems(entry.markdown) == citations, "\(entry.name)")
    }
  }

  /// Pandoc's links and images in `markdown`, recorded as `generate.py` records them.
  static func runPandoc(_ pandoc: String, _ markdown: String) throws -> [Item] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: pandoc)
    process.arguments = ["-f", "markdown", "-t", "json"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data(markdown.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var found: [Item] = []
    walk((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["blocks"] ?? [], &found)
    return found.sorted()
  }

  private static func walk(_ node: Any, _ found: inout [Item]) {
    if let object = node as? [String: Any] {
      if let kind = object["t"] as? String, kind == "Link" || kind == "Image", let content = object["c"] as? [Any],
        content.count == 3, let target = content[2] as? [Any], let url = target.first as? String
      {
        found.append(
          Item(
            kind: kind == "Image" ? "image" : "link", text: normalised(stringify(content[1])),
            url: url.removingPercentEncoding ?? url))
      }
      for key in object.keys.sorted() { walk(object[key] ?? [], &found) }
    } else if let array = node as? [Any] {
      for value in array { walk(value, &found) }
    }
  }

  private static func stringify(_ node: Any) -> String {
    guard let inlines = node as? [Any] else { return "" }
    var text = ""
    for case let inline as [String: Any] in inlines {
      let content = inline["c"]
      switch inline["t"] as? String {
      case "Str": text += content as? String ?? ""
      case "Space", "SoftBreak", "LineBreak": text += " "
      case "Code", "Math": text += (content as? [Any])?.last as? String ?? ""
      case "Quoted": text += "\"" + stringify((content as? [Any])?.last ?? []) + "\""
      case "Cite", "Span", "Link", "Image":
        text += stringify((content as? [Any])?[1] ?? [])
      case "Emph", "Strong", "Strikeout", "Superscript", "Subscript", "SmallCaps", "Underline":
        text += stringify(content ?? [])
      default: break
      }
    }
    return text
  }
}
