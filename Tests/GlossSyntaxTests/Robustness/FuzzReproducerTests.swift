import Foundation
import TestSupport
import Testing

@testable import GlossMatching
@testable import GlossSyntax

/// Inputs the fuzz targets (`Tests/Fuzz`) once failed on, kept in `Tests/Fixtures/fuzz/<target>/`: each must now
/// keep the invariants its target checks. Adding a reproducer there adds it to this suite and to the seed corpus.
@Suite struct FuzzReproducerTests {
  static let directory = Repository.url("Tests/Fixtures/fuzz")

  /// Every reproducer of the syntax targets, as `target/name`.
  static let reproducers: [String] = ["note", "frontmatter", "bibtex", "csljson", "html", "locator", "quote", "sqlite"]
    .flatMap { target in
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(target).path))
      return (names ?? []).sorted().map { "\(target)/\($0)" }
    }

  @Test(arguments: reproducers)
  func reproducerKeepsItsTargetsInvariants(reproducer: String) throws {
    let bytes = Array(try Data(contentsOf: Self.directory.appendingPathComponent(reproducer)))
    switch reproducer.split(separator: "/").first ?? "" {
    case "note":
      ParserInvariants.checkNote(bytes)
      #expect(Note(parsing: bytes) == Note(parsing: bytes))
    case "frontmatter":
      ParserInvariants.checkFrontMatterParse(bytes)
    case "bibtex":
      ParserInvariants.checkBibliography(BibTeX.parse(bytes), bytes: bytes, isBibTeX: true)
    case "csljson":
      ParserInvariants.checkBibliography(CSLJSON.parse(bytes), bytes: bytes, isBibTeX: false)
    case "html":
      for format in [SourceFormat.html, .markdown, .plainText] {
        SourceDocumentRobustnessTests.checkInvariants(
          SourceDocument(parsing: bytes, format: format), fileLength: bytes.count)
      }
    case "locator":
      let suffix = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
      ParserInvariants.checkLocator(String(decoding: suffix, as: UTF8.self))
    case "quote":
      let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
      let text = Array(parts.first ?? [])
      let quotation = String(decoding: parts.count > 1 ? Array(parts[1]) : [], as: UTF8.self)
      let index = QuoteIndex(text: text)
      let result = index.match(quotation)
      #expect(result == index.match(quotation))
      if case .notFound(let closest, let similarity) = result {
        #expect(similarity >= 0 && similarity <= 1)
        #expect((closest?.upperBound ?? 0) <= text.count)
      }
      // The text repeated until its index keeps postings finds what scanning the text found, at the same place.
      if case .found(let range) = result, index.tokenCount > 0 {
        let copies = (QuoteIndex.postingsThreshold + index.tokenCount - 1) / index.tokenCount
        guard copies * (text.count + 1) <= 1 << 19 else { return }
        // The copies keep the original's page furniture: more pages would make more lines recur at their ends.
        var long = text
        var furniture = index.furniture
        for copy in 1..<max(1, copies) {
          let shift = copy * (text.count + 1)
          long += [0x0A] + text
          furniture += index.furniture.map { $0.lowerBound + shift..<$0.upperBound + shift }
        }
        #expect(QuoteIndex(text: long, furniture: furniture).match(quotation) == .found(textRange: range))
      }
    case "sqlite":
      SQLiteDamageTests.checkInvariants(bytes)
    default:
      Issue.record("no check for '\(reproducer)'")
    }
  }

  @Test func frontMatterTagWithInvalidUTF8StaysInsideItsItem() throws {
    // Six bytes that are not UTF-8 decode as six U+FFFD of three bytes each: the tag's name is longer than what
    // is written, so its range cannot be counted from the name.
    let bytes = Array("---\ntags: [a".utf8) + [UInt8](repeating: 0xFF, count: 6) + Array(", b]\n---\n".utf8)
    let note = ParserInvariants.checkNote(bytes)
    let item = try #require(note.tags.first)
    #expect(item.name == "a" + String(repeating: "\u{FFFD}", count: 6))
    #expect(item.range == 11..<18)
    #expect(note.tags.last?.name == "b")
    #expect(note.tags.last.map { Array(bytes[$0.range]) } == Array("b".utf8))
  }
}
