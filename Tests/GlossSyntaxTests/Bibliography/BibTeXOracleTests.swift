import Foundation
import GlossSyntax
import TestSupport
import Testing

/// Compares Gloss's BibTeX reading with Pandoc's (`pandoc FILE.bib -t csljson`), an oracle no one here wrote.
///
/// The fixtures are `Tests/Fixtures/bibtex/*.bib`; Pandoc's output was generated once by `generate-expected.sh`
/// (pandoc 2.17) and committed as `*.pandoc.json`. Compared: keys, titles (with subtitles), container titles,
/// authors (particles, family and given names, or literals) and dates (`issued` date parts, month and day included).
/// `fidelity.bib` holds the shapes of real files Gloss once read differently (crossref and xdata inheritance,
/// comments before a closing brace, no-break spaces, escaped braces, extended names, initials, particles);
/// `comments.bib` the comments JabRef writes and entries commented out with `@comment{…}` across lines.
///
/// Where Gloss differs from Pandoc on purpose, the comparison normalises both sides:
/// - Pandoc keeps markup as HTML (`<i>x</i>`, `<span class="nocase">`); Gloss shows plain text: tags are dropped.
/// - Pandoc converts English titles to sentence case; Gloss shows them as written: titles compare case-insensitively.
/// - Pandoc writes `~` as a no-break space as Gloss does, but spacing may differ: whitespace is collapsed.
/// - Pandoc leaves `\i` dotless under an accent (`{\"\i}` → ı̈); Gloss writes ï: dotless ı + mark compares as i.
/// - Pandoc makes apostrophes typographic (`O'Brien` → `O’Brien`); Gloss keeps them as written: ’ compares as '.
/// - Pandoc keeps math commands raw (`$\alpha$` → `\alpha`); Gloss shows the symbol (α).
/// - Pandoc splits names on lowercase `and` only; BibTeX (and Gloss) also on `AND`: see `deliberateAuthorDifferences`.
@Suite struct BibTeXOracleTests {
  static let directory = Repository.url("Tests/Fixtures/bibtex")
  static let fixtures = ["accents", "comments", "fidelity", "fields", "macros", "markup", "names", "structure"]

  /// Entries whose author lists differ from Pandoc's by design, with Gloss's expected family names.
  static let deliberateAuthorDifferences: [String: [String]] = [
    // `Aristotle AND Plato`: BibTeX's `and` is case-insensitive; Pandoc 2.17 reads one person "Plato, Aristotle AND".
    "names-others": ["Aristotle", "Plato", "Doe / Jane", "others"]
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
      let families = entry.authors.map { person in
        person.literal
          ?? ([person.droppingParticle.map { "(\($0))" }, person.citedFamily, person.given.map { "/ \($0)" }]
            .compactMap { $0 }.joined(separator: " "))
      }
      return Self.summary(
        key: entry.key, title: entry.title, container: entry.containerTitle, families: families,
        date: entry.date?.parts ?? [])
    }
    let pandocLines = pandoc.map { item in
      let families = Self.deliberateAuthorDifferences[item.id] ?? (item.author ?? []).map(\.normalisedFamily)
      return Self.summary(
        key: item.id, title: item.title, container: item.containerTitle, families: families,
        date: item.issued?.dateParts ?? [])
    }
    #expect(ourLines == pandocLines, sourceLocation: sourceLocation)
  }

  static func summary(key: String, title: String?, container: String?, families: [String], date: [[Int]]) -> String {
    let titles = [title, container].map { $0.map(normalisedTitle) ?? "-" }.joined(separator: " | ")
    let dates = date.map { $0.map(String.init).joined(separator: "-") }.joined(separator: "/")
    return "\(key) | \(titles) | \(families.joined(separator: "; ")) | \(dates)"
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
  var issued: PandocDate?

  enum CodingKeys: String, CodingKey {
    case id, title, author, issued
    case containerTitle = "container-title"
  }
}

/// A CSL date as Pandoc writes it (`{"date-parts": [[1991, 3]]}`).
private struct PandocDate: Decodable {
  var dateParts: [[Int]]?

  enum CodingKeys: String, CodingKey {
    case dateParts = "date-parts"
  }
}

/// A CSL name as Pandoc writes it.
private struct PandocName: Decodable {
  var family: String?
  var given: String?
  var literal: String?
  var droppingParticle: String?
  var nonDroppingParticle: String?

  enum CodingKeys: String, CodingKey {
    case family, given, literal
    case droppingParticle = "dropping-particle"
    case nonDroppingParticle = "non-dropping-particle"
  }

  /// The family name with a non-dropping particle, after a dropping one in parentheses (`(van) Beethoven`), or
  /// the literal.
  var normalisedFamily: String {
    if let literal { return literal }
    let name = [droppingParticle.map { "(\($0))" }, nonDroppingParticle, family, given.map { "/ \($0)" }]
      .compactMap { $0 }.joined(separator: " ")
    return name.replacingOccurrences(of: "’", with: "'")
  }
}
