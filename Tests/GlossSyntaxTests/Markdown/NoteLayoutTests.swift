import TestSupport
import Testing

@testable import GlossSyntax

/// A note's elements are kept for the life of the index (hundreds of thousands of them in a workspace): their ranges
/// take 8 bytes each, and their arrays no more room than they hold, with every range read back as it was written.
@Suite struct NoteLayoutTests {
  @Test func elementsKeepTheirRangesInEightBytesEach() {
    #expect(MemoryLayout<CompactRange>.stride == 8)
    #expect(MemoryLayout<CitationItem>.stride <= 80)
    #expect(MemoryLayout<Citation>.stride <= 24)
    #expect(MemoryLayout<Link>.stride <= 80)
    #expect(MemoryLayout<TagUse>.stride <= 32)
    #expect(MemoryLayout<Heading>.stride <= 56)
  }

  @Test func everyRangeReadsBackAsWritten() {
    var generator = SeededGenerator(seed: 14)
    for _ in 0..<2_000 {
      let bound = [16, 1 << 16, Int(UInt32.max)][generator.next(3)]
      let a = generator.next(bound + 1)
      let b = generator.next(bound + 1)
      let range = min(a, b)..<max(a, b)
      let anchor = generator.next(2) == 0 ? nil : b..<max(b, a)
      #expect(CompactRange(range).range == range)
      let end = range.upperBound..<range.upperBound
      var item = CitationItem(
        key: "k", keyRange: range, mode: .normalCitation, prefix: "", suffix: "", suffixRange: end, range: range)
      #expect(item.keyRange == range && item.range == range)
      item.suffixRange = range
      #expect(item.suffixRange == range)
      var link = Link(kind: .wiki, range: range, target: "t", targetRange: range, anchorRange: anchor)
      #expect(link.range == range && link.targetRange == range && link.anchorRange == anchor)
      link.anchorRange = nil
      #expect(link.anchorRange == nil)
      let tag = TagUse(name: "t", range: range, isInFrontMatter: false)
      let heading = Heading(level: 2, text: "h", range: range, textRange: range, slug: "h")
      let citation = Citation(range: range, isBracketed: true, items: [item])
      #expect(tag.range == range && heading.range == range && heading.textRange == range && citation.range == range)
    }
  }

  @Test func boundsPastFourGibibytesAreClamped() {
    let far = Int(UInt32.max) + 10
    #expect(CompactRange(5..<far).range == 5..<Int(UInt32.max))
  }

  @Test func aParsedNoteHoldsItsElementsInArraysOfTheirSize() {
    var text = "---\ntags: [a, b]\n---\n# Title\n\n"
    for i in 0..<300 {
      text += "Para \(i) cites [see @key\(i), p. \(i); @other\(i)] and [[Note \(i)#Part|label]] with #tag\(i).\n\n"
      if i % 7 == 0 { text += "## Heading \(i)\n\n" }
    }
    let note = Note(parsing: Array(text.utf8))
    func slack<T>(_ array: [T]) -> Int { (array.capacity - array.count) * MemoryLayout<T>.stride }
    #expect(note.citations.count == 300 && note.links.count == 300 && note.tags.count == 302)
    // The allocator's rounding leaves at most a few bytes; growth by appending left up to half the array.
    #expect(slack(note.citations) < 32)
    #expect(slack(note.links) < 32)
    #expect(slack(note.tags) < 32)
    #expect(slack(note.headings) < 64)
  }
}
