import TestSupport
import Testing

@testable import GlossSyntax

/// A note's elements are kept for the life of the index (hundreds of thousands of them in a workspace): their ranges
/// take 8 bytes each, and their arrays no more room than they hold, with every range read back as it was written.
@Suite struct NoteLayoutTests {
  @Test func elementsKeepTheirRangesInEightBytesEach() {
    #expect(MemoryLayout<CompactRange>.stride == 8)
    #expect(MemoryLayout<CitationItem>.stride <= 80)
    #expect(MemoryLayout<Citation>.stride <= 104)
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

  /// What a citation takes in all: its place in the note's array, and the heap block of its items' array if it has
  /// one (Swift's 32-byte array header, glibc's 8-byte chunk header, rounded up to 16).
  private func bytes(of citation: Citation) -> Int {
    let array = citation.items.itemsAfterFirst
    let block = array.capacity == 0 ? 0 : (32 + array.capacity * MemoryLayout<CitationItem>.stride + 8 + 15) / 16 * 16
    return MemoryLayout<Citation>.stride + block
  }

  @Test func aCitationOfOneKeyKeepsItsItemWithoutAHeapBlock() {
    let note = Note(parsing: Array("See [@smith2020, p. 4] and @doe2019 [ch. 2], then [@a; @b; @c].".utf8))
    #expect(note.citations.map { $0.items.map(\.key) } == [["smith2020"], ["doe2019"], ["a", "b", "c"]])
    // An array of one item for each citation took 24 + 128 bytes.
    #expect(bytes(of: note.citations[0]) <= 104)
    #expect(bytes(of: note.citations[1]) <= 104)
    #expect(note.citations[0].items.itemsAfterFirst.capacity == 0)
    #expect(note.citations[2].items.itemsAfterFirst.count == 2)
  }

  /// The ranges of a key's items, read in place, are those a walk over every item finds, in order.
  @Test func keyRangesAreEveryItemOfTheKeyInOrder() {
    let text = "[@a; @b; @a, p. 2] and @a [ch. 1], then [see @b] and [@{a}; -@a]; [@ab] is not @a."
    let note = Note(parsing: Array(text.utf8))
    for key in ["a", "b", "ab", "c"] {
      let walked = note.citations.flatMap { $0.items.filter { $0.key == key }.map(\.keyRange) }
      #expect(note.citations.keyRanges(of: key) == walked)
    }
    #expect(note.citations.keyRanges(of: "a").count == 6)
  }

  /// `CitationItems` reads and writes as an array of items would, whatever is done to it.
  @Test func citationItemsBehaveAsAnArrayOfItems() {
    var generator = SeededGenerator(seed: 1414)
    func item() -> CitationItem {
      let start = generator.next(1_000)
      let modes: [CitationItem.Mode] = [.normalCitation, .authorInText, .suppressAuthor]
      return CitationItem(
        key: "k\(generator.next(50))", keyRange: start..<start + 3, mode: modes[generator.next(3)],
        prefix: generator.next(3) == 0 ? "see" : "", suffix: generator.next(2) == 0 ? "p. \(start)" : "",
        suffixRange: start + 3..<start + 9, range: start..<start + 9)
    }
    for _ in 0..<500 {
      var array: [CitationItem] = (0..<generator.next(4)).map { _ in item() }
      var items = CitationItems(array)
      for _ in 0..<generator.next(8) {
        switch generator.next(6) {
        case 0:
          let new = item()
          array.append(new)
          items.append(new)
        case 1:
          let new = item()
          let at = generator.next(array.count + 1)
          array.insert(new, at: at)
          items.insert(new, at: at)
        case 2 where !array.isEmpty:
          let at = generator.next(array.count)
          #expect(array.remove(at: at) == items.remove(at: at))
        case 3 where !array.isEmpty:
          let at = generator.next(array.count)
          let new = item()
          array[at] = new
          items[at] = new
        case 4 where !array.isEmpty:
          let at = generator.next(array.count)
          array[at].keyRange = 7..<9
          items[at].keyRange = 7..<9
        default:
          let lower = generator.next(array.count + 1)
          let upper = lower + generator.next(array.count - lower + 1)
          let new = (0..<generator.next(3)).map { _ in item() }
          array.replaceSubrange(lower..<upper, with: new)
          items.replaceSubrange(lower..<upper, with: new)
        }
        #expect(Array(items) == array)
        #expect(items.count == array.count && items.isEmpty == array.isEmpty)
        #expect(items.first == array.first && items.last == array.last)
        #expect(items.indices == array.indices)
        let rebuilt = CitationItems(array)
        #expect(items == rebuilt && items.hashValue == rebuilt.hashValue)
        #expect(items.itemsAfterFirst.count == max(0, array.count - 1))
      }
    }
  }
}
