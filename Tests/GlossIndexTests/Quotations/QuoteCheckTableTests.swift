import TestSupport
import Testing

@testable import GlossIndex
@testable import GlossSyntax

/// A note's cached quotation checks are kept in an array of their count up to `arrayLimit`, in a dictionary above:
/// either way the table answers as a dictionary would.
@Suite struct QuoteCheckTableTests {
  private func key(_ n: Int) -> QuoteCheckKey {
    QuoteCheckKey(
      text: "words of quotation \(n)", key: "key\(n % 7)",
      locator: n % 3 == 0 ? nil : Locator(term: .page, label: "p.", value: "\(n % 5)", range: 0..<0))
  }

  private func check(_ n: Int) -> QuoteCheck {
    QuoteCheck(
      key: "key\(n % 7)", sourcePath: "sources/s\(n).md", passage: n % 2 == 0 ? nil : "page \(n)",
      isFound: n % 4 == 0, textRange: n..<n + 10, similarity: Double(n % 10) / 10, lines: n...n + 1,
      sourceWords: n % 4 == 0 ? nil : "other words \(n)")
  }

  @Test func answersAsADictionaryUnderRandomChanges() {
    var generator = SeededGenerator(seed: 1407)
    for _ in 0..<200 {
      let universe = 1 + generator.next(3 * QuoteCheckTable.arrayLimit)
      var table = QuoteCheckTable()
      var expected: [QuoteCheckKey: QuoteCheck] = [:]
      for _ in 0..<generator.next(120) {
        let n = generator.next(universe)
        switch generator.next(10) {
        case 0..<6:
          let value = check(generator.next(1_000))
          table[key(n)] = value
          expected[key(n)] = value
        case 6..<9:
          table[key(n)] = nil
          expected[key(n)] = nil
        default:
          let dropped = "key\(generator.next(7))"
          table = table.filter { $0.key != dropped }
          expected = expected.filter { $0.key.key != dropped }
        }
        #expect(table.count == expected.count && table.isEmpty == expected.isEmpty)
        for m in 0..<universe { #expect(table[key(m)] == expected[key(m)]) }
      }
      let compacted = table.compacted()
      #expect(compacted.count == expected.count)
      #expect(Dictionary(uniqueKeysWithValues: compacted.checks.map { ($0.key, $0.check) }) == expected)
    }
  }

  @Test func aFewChecksTakeNoMoreRoomThanTheyNeed() {
    var table: QuoteCheckTable = [:]
    for n in 0..<3 { table[key(n)] = check(n) }
    let compacted = table.compacted()
    #expect(compacted.count == 3)
    #expect(compacted.storageCapacity == 3)
  }
}
