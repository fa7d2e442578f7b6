import TestSupport
import Testing

@testable import GlossSyntax

/// Any bytes give a note: ranges stay within the text and in order, with no stack overflow on deep nesting.
@Suite struct NoteRobustnessTests {
  /// Checks the invariants of a parse and returns the note.
  @discardableResult
  static func checkedParse(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Note {
    let note = Note(parsing: bytes)
    let count = bytes.count
    func valid(_ range: Range<Int>) -> Bool { range.lowerBound >= 0 && range.upperBound <= count }
    var ranges: [Range<Int>] = []
    var stack = note.blocks
    var previousTopLevel = 0
    for block in note.blocks {
      #expect(block.range.lowerBound >= previousTopLevel, "blocks out of order", sourceLocation: sourceLocation)
      previousTopLevel = block.range.upperBound
    }
    while let block = stack.popLast() {
      ranges.append(block.range)
      stack.append(contentsOf: block.children)
    }
    for citation in note.citations {
      ranges.append(citation.range)
      for item in citation.items { ranges += [item.keyRange, item.suffixRange, item.range] }
    }
    for link in note.links { ranges += [link.range, link.targetRange] + (link.anchorRange.map { [$0] } ?? []) }
    ranges += note.tags.map(\.range) + note.headings.flatMap { [$0.range, $0.textRange] } + note.problems.map(\.range)
    let invalid = ranges.filter { !valid($0) }
    #expect(invalid.isEmpty, "ranges out of bounds: \(invalid.prefix(3))", sourceLocation: sourceLocation)
    let starts = note.citations.map(\.range.lowerBound)
    #expect(starts == starts.sorted(), "citations out of order", sourceLocation: sourceLocation)
    return note
  }

  @Test func randomBytesAlwaysParse() {
    var generator = SeededGenerator(seed: 2026)
    let alphabet = Array("[]()@#-*_`~<>!|:;,.^{}$\\/ \t\n\r\"'aéb1中🎉".utf8)
    for round in 0..<400 {
      let length = Int.random(in: 0..<600, using: &generator)
      let bytes = (0..<length).map { _ in
        round % 4 == 0 ? UInt8.random(in: 0...255, using: &generator) : alphabet.randomElement(using: &generator)!
      }
      Self.checkedParse(bytes)
    }
  }

  @Test func everyTruncationOfARichNoteParses() {
    let note = """
      ---\r\ntitle: "Tiếng Việt"\r\ntags: [a, b]\r\n---\r\n# Heading @h ##\r\n\r\n> quote [see @a, p. 4; -@b]\r\n\
      lazy @c [p. 5]\r\n\r\n- [ ] item [[Note#Part|label]] #tag\r\n  1. nested [x](a%20b.md#s) `@code`\r\n\r\n\
      ```js\r\n@fenced\r\n```\r\n\r\n| a | @t |\r\n|---|---|\r\n| c | d |\r\n\r\n[^1]: foot @f <!-- @x -->\r\n
      """
    let bytes = Array(note.utf8)
    var citationCounts: Set<Int> = []
    for cut in 0...bytes.count {
      citationCounts.insert(Self.checkedParse(Array(bytes[0..<cut])).citations.count)
    }
    #expect(Self.checkedParse(bytes).citations.count == 5)
    #expect(citationCounts.count > 3)
  }

  @Test func invalidUTF8IsScannedAsBytes() {
    let bytes: [UInt8] = [0xFF, 0xFE, 0x20, 0x40, 0x61, 0xC3, 0x28, 0x20, 0x23, 0xE2, 0x82, 0x20, 0x40, 0x62, 0x0A]
    let note = Self.checkedParse(bytes)
    #expect(note.citations.map { $0.items[0].key } == ["a", "b"])
  }

  @Test func tenThousandNestedListsAndQuotes() {
    let lists = Self.checkedParse(Array((String(repeating: "- ", count: 10_000) + "deep @key\n").utf8))
    var depth = 0
    var block = lists.blocks.first
    while let current = block {
      depth += 1
      block = current.children.first
    }
    #expect(depth >= 10)
    #expect(depth <= BlockParser.maximumDepth + 1)
    let quotes = Self.checkedParse(Array((String(repeating: "> ", count: 10_000) + "deep @key\n").utf8))
    #expect(quotes.citations.count == 1)
    let indented = (0..<2_000).map { String(repeating: " ", count: $0 * 2) + "- item\n" }.joined()
    #expect(!Self.checkedParse(Array(indented.utf8)).blocks.isEmpty)
    let manyLines = String(repeating: String(repeating: "> ", count: 300) + "x\n", count: 300)
    #expect(Self.checkedParse(Array(manyLines.utf8)).blocks.count == 1)
  }

  @Test(arguments: [
    "---\ntitle: never closed\n", "```\nno closing fence\n", String(repeating: "[", count: 100_000),
    String(repeating: "[[", count: 50_000), String(repeating: "[@a ", count: 20_000),
    String(repeating: "`", count: 100_000), String(repeating: "<!--", count: 20_000),
    String(repeating: "![x](", count: 20_000), String(repeating: "@{", count: 50_000), "[@a, p. 4",
  ])
  func unterminatedConstructsParse(_ source: String) {
    Self.checkedParse(Array(source.utf8))
  }

  @Test func aFiveMegabyteLineParses() {
    let line = String(repeating: "word @key [see @a, p. 4] #tag [l](x.md) ", count: 125_000)
    let note = Self.checkedParse(Array(line.utf8))
    #expect(note.citations.count == 125_000)
    #expect(note.tags.count == 125_000)
  }
}
