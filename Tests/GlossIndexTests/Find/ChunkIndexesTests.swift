import GlossMatching
import GlossSyntax
import Testing

@testable import GlossIndex

/// A search indexes runs of a source's chunks to look for a phrase, and keeps them for the closest passages: the
/// index it hands back is always that of the run asked for, whoever asked first.
@Suite struct ChunkIndexesTests {
  @Test func eachRunOfChunksHasItsOwnIndexAndTheSameRunTheSameOne() {
    // 3,000 numbered words: three chunks of 1,024 tokens (the last shorter), in two documents.
    let words = (0..<3000).map { "W\($0)" }.joined(separator: " ")
    let texts = [Array(words.utf8), Array(("Other " + words).utf8)]
    let signatures = texts.map { TextSignature(text: CaseFolding.folded($0)) }
    #expect(signatures[0].chunkCount == 3)
    var indexes = SourceFinder.ChunkIndexes()
    /// The bytes chunks `chunks` of document `slot` hold, folded, and where they start.
    func expected(_ slot: Int, _ chunks: Range<Int>) -> ([UInt8], Int) {
      let starts = signatures[slot].chunkStarts + [texts[slot].count]
      let start = starts[min(chunks.lowerBound, starts.count - 1)]
      let end = starts[min(chunks.upperBound, starts.count - 1)]
      return (CaseFolding.folded(Array(texts[slot][start..<end])), start)
    }
    // A run and a longer one from the same chunk, the same run again, another document's, and a run past the end.
    for (slot, chunks) in [(0, 0..<2), (0, 0..<3), (0, 0..<2), (1, 0..<2), (0, 1..<2), (0, 2..<5)] {
      let (index, offset) = indexes.index(of: texts[slot], slot: slot, signatures[slot], chunks: chunks)
      let (text, start) = expected(slot, chunks)
      #expect(offset == start, "\(slot) \(chunks)")
      #expect(index.text == text, "\(slot) \(chunks)")
    }
  }
}
