import Testing

@testable import GlossIndex

/// The flat prefix table behind completion's source and note indexes finds exactly the words a sorted list of
/// separate words would: every word starting with the prefix, its owner and quality, and whether it is the prefix.
@Suite struct PrefixTableTests {
  @Test(arguments: 0..<4)
  func findsWhatALinearScanFinds(seed: Int) {
    var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(max(1, bound)))
    }
    // Few letters, so that words share long prefixes; some non-ASCII bytes (a word may hold any byte).
    let alphabet: [UInt8] = Array("abcé".utf8)
    var table = PrefixTable()
    var words: [(word: [UInt8], owner: Int32, quality: UInt8)] = []
    for owner in 0..<300 {
      let name = (0..<1 + next(8)).map { _ in alphabet[next(alphabet.count)] }
      let start = table.insert(name, owner: Int32(owner), quality: 0)
      words.append((name, Int32(owner), 0))
      // Words inside the name point into its bytes.
      for offset in 1..<max(1, name.count) where next(3) == 0 {
        table.insert(start: start + offset, count: name.count - offset, owner: Int32(owner), quality: 1)
        words.append((Array(name[offset...]), Int32(owner), 1))
      }
    }
    table.seal()
    #expect(table.count == words.count)
    for _ in 0..<200 {
      let prefix = (0..<next(4)).map { _ in alphabet[next(alphabet.count)] }
      var found: [String] = []
      table.forEachWord(startingWith: prefix) { owner, quality, exact in found.append("\(owner) \(quality) \(exact)") }
      let expected = words.filter { $0.word.starts(with: prefix) }.map {
        "\($0.owner) \($0.quality) \($0.word.count == prefix.count)"
      }
      #expect(found.sorted() == expected.sorted(), "prefix \(prefix)")
    }
  }

  @Test func anEmptyTableFindsNothing() {
    var table = PrefixTable()
    table.seal()
    var found = 0
    table.forEachWord(startingWith: []) { _, _, _ in found += 1 }
    table.forEachWord(startingWith: Array("a".utf8)) { _, _, _ in found += 1 }
    #expect(found == 0)
  }
}
