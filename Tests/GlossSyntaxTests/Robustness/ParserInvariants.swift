import Testing

@testable import GlossSyntax

/// Properties every parser result must have whatever the input: ranges inside the input and ordered, keys non-empty,
/// messages in the house style. Used by `ParserRobustnessTests`.
enum ParserInvariants {
  static func inside(_ range: Range<Int>, _ count: Int) -> Bool { range.lowerBound >= 0 && range.upperBound <= count }

  static func contains(_ outer: Range<Int>, _ inner: Range<Int>) -> Bool {
    inner.lowerBound >= outer.lowerBound && inner.upperBound <= outer.upperBound
  }

  /// A problem message starts lowercase (or with a quote or symbol) and has no final period.
  static func isHouseStyle(_ message: String) -> Bool {
    guard let first = message.unicodeScalars.first else { return false }
    return !(first.properties.isUppercase) && !message.hasSuffix(".")
  }

  static func checkProblems(
    _ problems: [SyntaxProblem], count: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for problem in problems {
      #expect(inside(problem.range, count), "problem \(problem)", sourceLocation: sourceLocation)
      #expect(isHouseStyle(problem.message), "message '\(problem.message)'", sourceLocation: sourceLocation)
    }
  }

  /// Checks a parsed note against its bytes; returns it for further checks.
  @discardableResult
  static func checkNote(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Note {
    let note = Note(parsing: bytes)
    let count = bytes.count
    checkProblems(note.problems, count: count, sourceLocation: sourceLocation)
    if let frontMatter = note.frontMatter {
      checkFrontMatter(frontMatter, count: count, sourceLocation: sourceLocation)
    }
    checkBlocks(note.blocks, within: 0..<count, depth: 0, sourceLocation: sourceLocation)
    for heading in note.headings {
      #expect((1...6).contains(heading.level), sourceLocation: sourceLocation)
      #expect(
        inside(heading.range, count) && contains(heading.range, heading.textRange), sourceLocation: sourceLocation)
    }
    var previousStart = 0
    for citation in note.citations {
      #expect(inside(citation.range, count), "citation \(citation.range)", sourceLocation: sourceLocation)
      #expect(citation.range.lowerBound >= previousStart, "citations out of order", sourceLocation: sourceLocation)
      previousStart = citation.range.lowerBound
      #expect(!citation.items.isEmpty, sourceLocation: sourceLocation)
      for item in citation.items {
        #expect(!item.key.isEmpty, sourceLocation: sourceLocation)
        #expect(contains(citation.range, item.keyRange), "key \(item.keyRange)", sourceLocation: sourceLocation)
        #expect(contains(citation.range, item.range), "item \(item.range)", sourceLocation: sourceLocation)
        #expect(
          contains(citation.range, item.suffixRange), "suffix \(item.suffixRange)", sourceLocation: sourceLocation)
        if inside(item.keyRange, count) {
          #expect(String(decoding: bytes[item.keyRange], as: UTF8.self) == item.key, sourceLocation: sourceLocation)
        }
      }
    }
    for link in note.links {
      #expect(inside(link.range, count), "link \(link.range)", sourceLocation: sourceLocation)
      #expect(contains(link.range, link.targetRange), "target \(link.targetRange)", sourceLocation: sourceLocation)
      if let anchorRange = link.anchorRange {
        #expect(contains(link.range, anchorRange), "anchor \(anchorRange)", sourceLocation: sourceLocation)
      }
    }
    for tag in note.tags {
      #expect(!tag.name.isEmpty && inside(tag.range, count), "tag \(tag)", sourceLocation: sourceLocation)
      if !tag.isInFrontMatter {
        #expect(String(decoding: bytes[tag.range], as: UTF8.self) == tag.name, sourceLocation: sourceLocation)
      }
    }
    return note
  }

  /// Blocks lie inside their parent, siblings in order, and the tree is no deeper than the parser's cap.
  static func checkBlocks(
    _ blocks: [Block], within parent: Range<Int>, depth: Int, sourceLocation: SourceLocation
  ) {
    #expect(depth <= BlockParser.maximumDepth, "blocks nested \(depth) deep", sourceLocation: sourceLocation)
    var previousStart = parent.lowerBound
    for block in blocks {
      #expect(contains(parent, block.range), "block \(block.kind) \(block.range)", sourceLocation: sourceLocation)
      #expect(block.range.lowerBound >= previousStart, "blocks out of order", sourceLocation: sourceLocation)
      previousStart = block.range.lowerBound
      if !block.children.isEmpty {
        checkBlocks(block.children, within: block.range, depth: depth + 1, sourceLocation: sourceLocation)
      }
    }
  }

  static func checkFrontMatter(
    _ frontMatter: FrontMatter, count: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(inside(frontMatter.range, count), sourceLocation: sourceLocation)
    for entry in frontMatter.entries {
      #expect(!entry.key.isEmpty, sourceLocation: sourceLocation)
      #expect(contains(frontMatter.range, entry.keyRange), "key \(entry.keyRange)", sourceLocation: sourceLocation)
      switch entry.value {
      case .scalar(_, let range):
        #expect(contains(frontMatter.range, range), "value \(range)", sourceLocation: sourceLocation)
      case .list(let items):
        for item in items {
          #expect(contains(frontMatter.range, item.range), "item \(item.range)", sourceLocation: sourceLocation)
        }
      }
    }
  }

  /// Checks `FrontMatter.parse` on its own: the body starts after the block, inside the input.
  static func checkFrontMatterParse(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    let (frontMatter, bodyStart, problems) = FrontMatter.parse(bytes)
    #expect((0...bytes.count).contains(bodyStart), sourceLocation: sourceLocation)
    checkProblems(problems, count: bytes.count, sourceLocation: sourceLocation)
    if let frontMatter {
      checkFrontMatter(frontMatter, count: bytes.count, sourceLocation: sourceLocation)
      #expect(bodyStart >= frontMatter.range.upperBound, sourceLocation: sourceLocation)
    } else {
      #expect(bodyStart == 0, sourceLocation: sourceLocation)
    }
  }

  /// Checks a bibliography read from `bytes`: keys non-empty, entries inside the file and in order.
  @discardableResult
  static func checkBibliography(
    _ bibliography: Bibliography, bytes: [UInt8], isBibTeX: Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bibliography {
    let count = bytes.count
    checkProblems(bibliography.problems, count: count, sourceLocation: sourceLocation)
    var previousEnd = 0
    for entry in bibliography.entries {
      #expect(!entry.key.isEmpty, "entry \(entry.range)", sourceLocation: sourceLocation)
      #expect(inside(entry.range, count), "entry \(entry.range)", sourceLocation: sourceLocation)
      #expect(contains(entry.range, entry.keyRange), "key \(entry.keyRange)", sourceLocation: sourceLocation)
      #expect(entry.range.lowerBound >= previousEnd, "entries overlap", sourceLocation: sourceLocation)
      previousEnd = entry.range.upperBound
      for span in entry.linkSpans {
        #expect(contains(entry.range, span.range), "link \(span.range)", sourceLocation: sourceLocation)
      }
      if isBibTeX, inside(entry.keyRange, count) {
        #expect(String(decoding: bytes[entry.keyRange], as: UTF8.self) == entry.key, sourceLocation: sourceLocation)
      }
    }
    return bibliography
  }

  /// Checks `Locator.first(in:)`: the locator lies inside the suffix, and its label and value are written there.
  static func checkLocator(_ suffix: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let locator = Locator.first(in: suffix) else { return }
    let utf8 = Array(suffix.utf8)
    #expect(inside(locator.range, utf8.count) && !locator.range.isEmpty, sourceLocation: sourceLocation)
    #expect(!locator.value.isEmpty, "locator in \(suffix.debugDescription)", sourceLocation: sourceLocation)
    guard inside(locator.range, utf8.count) else { return }
    // Compared as bytes: a combining mark after the label (`¶` + U+031E) makes one Character that `contains` misses.
    let written = Array(utf8[locator.range])
    let label = Array(locator.label.utf8)
    let isWritten =
      label.isEmpty
      || (0..<max(0, written.count - label.count + 1)).contains { Array(written[$0..<$0 + label.count]) == label }
    #expect(isWritten, "label in \(suffix.debugDescription)", sourceLocation: sourceLocation)
  }

  /// Checks a source text's line table and position conversions against its bytes.
  static func checkSourceText(_ text: SourceText, sourceLocation: SourceLocation = #_sourceLocation) {
    let bytes = text.bytes
    #expect(UTF8Repair.isValid(bytes), sourceLocation: sourceLocation)
    #expect(text.lineCount >= 1, sourceLocation: sourceLocation)
    var previousEnd = 0
    for line in 0..<text.lineCount {
      let range = text.lineRange(line)
      #expect(inside(range, bytes.count) && range.lowerBound >= previousEnd, sourceLocation: sourceLocation)
      #expect(!bytes[range].contains(0x0A) && !bytes[range].contains(0x0D), sourceLocation: sourceLocation)
      previousEnd = range.upperBound
      for encoding in [PositionEncoding.utf8, .utf16, .utf32] {
        #expect(text.position(of: range.lowerBound, in: encoding) == TextPosition(line: line, column: 0))
        let end = text.position(of: range.upperBound, in: encoding)
        #expect(text.offset(of: end, in: encoding) == range.upperBound, sourceLocation: sourceLocation)
      }
    }
  }
}
