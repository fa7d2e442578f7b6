import Foundation
import GlossSyntax
import Testing

/// Compares Gloss's BibTeX reading with Pandoc's (`pandoc FILE.bib -t csljson`), an oracle no one here wrote.
///
/// The fixtures are `Tests/Fixtures/bibtex/*.bib`; Pandoc's output was generated once by `generate-expected.sh`
/// (pandoc 2.17) and committed as `*.pandoc.json`. Compared: keys, titles, container titles and author family
/// names (or literals).
///
/// Where Gloss differs from Pandoc on purpose, the comparison normalises both sides:
/// - Pandoc keeps markup as HTML (`<i>x</i>`, `<span class="nocase">`); Gloss shows plain text: tags are dropped.
/// - Pandoc converts English titles to sentence case; Gloss shows them as written: titles compare case-insensitively.
/// - Pandoc writes `~` as a no-break space as Gloss does, but spacing may differ: whitespace is collapsed.
/// - Pandoc puts `van`, `de la` in particle fields; Gloss keeps them in the family name: particles are joined.
/// - Pandoc leaves `\i` dotless under an accent (`{\"\i}` → ı̈); Gloss writes ï: dotless ı + mark compares as i.
/// - Pandoc makes apostrophes typographic (`O'Brien` → `O’Brien`); Gloss keeps them as written: ’ compares as '.
/// - Pandoc keeps math commands raw (`$\alpha$` → `\alpha`); Gloss shows the symbol (α).
/// - Pandoc splits names on lowercase `and` only; BibTeX (and Gloss) also on `AND`: see `deliberateAuthorDifferences`.
@Suite struct BibTeXOracleTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/bibtex")
  static let fixtures = ["accents", "fields", "macros", "markup", "names", "structure"]

  /// Entries whose author lists differ from Pandoc's by design, with Gloss's expected family names.
  static let deliberateAuthorDifferences: [String: [String]] = [
    // `Aristotle AND Plato`: BibTeX's `and` is case-insensitive; Pandoc 2.17 reads one person "Plato, Aristotle AND".
    "names-others": ["Aristotle", "Plato", "Doe", "others"]
  ]

  @Test(arguments: fixtures) func matchesCommittedPandocOutput(fixture: String) throws {
    let expected = try Data(contentsOf: Self.directory.appendingPathComponent("\(fixture).pandoc.json"))
    try compare(fixture: fixture, pandocJSON: expected)
  }

  @Test(.enabled(if: pandocPath != nil), arguments: fixtures)
  func matchesPandocOnPath(fixture: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.pandocPath ?? "pandoc")
    process.arguments = [Self.directory.appendingPathComponent("\(fixture).bib").path, "-t", "csljson"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    try compare(fixture: fixture, pandocJSON: output)
  }

  @Test func deliberateDifferencesStillHold() throws {
    let expected = try Data(contentsOf: Self.directory.appendingPathComponent("names.pandoc.json"))
    let items = try JSONDecoder().decode([PandocItem].self, from: expected)
    let pandocFamilies = items.first { $0.id == "names-others" }?.author?.map(\.normalisedFamily)
    #expect(pandocFamilies != Self.deliberateAuthorDifferences["names-others"])
  }

  static let pandocPath: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { "\($0)/pandoc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  private func compare(
    fixture: String, pandocJSON: Data, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent("\(fixture).bib")))
    let ours = BibTeX.parse(bytes)
    #expect(ours.problems.isEmpty, "\(ours.problems)", sourceLocation: sourceLocation)
    let pandoc = try JSONDecoder().decode([PandocItem].self, from: pandocJSON)
    let ourLines = ours.entries.map { entry in
      let families = entry.authors.map { $0.family ?? $0.literal ?? "" }
      return Self.summary(key: entry.key, title: entry.title, container: entry.containerTitle, families: families)
    }
    let pandocLines = pandoc.map { item in
      let families = Self.deliberateAuthorDifferences[item.id] ?? (item.author ?? []).map(\.normalisedFamily)
      return Self.summary(key: item.id, title: item.title, container: item.containerTitle, families: families)
    }
    #expect(ourLines == pandocLines, sourceLocation: sourceLocation)
  }

  static func summary(key: String, title: String?, container: String?, families: [String]) -> String {
    let titles = [title, container].map { $0.map(normalisedTitle) ?? "-" }.joined(separator: " | ")
    return "\(key) | \(titles) | \(families.joined(separator: "; "))"
  }

  /// The title with markup tags dropped, math symbols shown, dotless i composed, case and spacing folded.
  static func normalisedTitle(_ title: String) -> String {
    var text = title.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
    text = text.replacingOccurrences(of: "\\alpha", with: "α")
    text = text.replacingOccurrences(of: "ı\u{0308}", with: "ï").replacingOccurrences(of: "ı\u{0301}", with: "í")
    text = text.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "’", with: "'")
    let words = text.precomposedStringWithCanonicalMapping.lowercased().split(whereSeparator: \.isWhitespace)
    return words.joined(separator: " ")
  }
}

/// The part of a Pandoc CSL-JSON item the oracle compares.
private struct PandocItem: Decodable {
  var id: String
  var title: String?
  var containerTitle: String?
  var author: [PandocName]?

  enum CodingKeys: String, CodingKey {
    case id, title, author
    case containerTitle = "container-title"
  }
}

/// A CSL name as Pandoc writes it.
private struct PandocName: Decodable {
  var family: String?
  var literal: String?
  var droppingParticle: String?
  var nonDroppingParticle: String?

  enum CodingKeys: String, CodingKey {
    case family, literal
    case droppingParticle = "dropping-particle"
    case nonDroppingParticle = "non-dropping-particle"
  }

  /// The family name with its particles, as Gloss keeps it, or the literal.
  var normalisedFamily: String {
    if let literal { return literal }
    let name = [nonDroppingParticle, droppingParticle, family].compactMap { $0 }.joined(separator: " ")
    return name.replacingOccurrences(of: "’", with: "'")
  }
}
