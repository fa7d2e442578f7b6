import GlossIndex
import TestSupport
import Testing

/// The keys suggested for a mistyped key: the nearest by edit distance, case-insensitively, within half the key's
/// length (at least two edits), nearest first and then in key order; the same whichever order the keys came in.
@Suite struct KeySuggestionsTests {
  @Test func theNearestKeysComeFirstThenInKeyOrder() {
    let suggestions = KeySuggestions(keys: ["smith2021", "smith2020", "Smith2019", "jones2020", "nguyễn2020"])
    #expect(suggestions.nearest(to: "smith2022") == ["smith2020", "smith2021", "Smith2019"])
    #expect(suggestions.nearest(to: "smith2022", limit: 1) == ["smith2020"])
    #expect(suggestions.nearest(to: "SMITH2020") == ["smith2020", "smith2021", "Smith2019"])
    #expect(suggestions.nearest(to: "nguyen2020") == ["nguyễn2020", "jones2020"])
    #expect(suggestions.nearest(to: "zzzzzzzz").isEmpty)
    #expect(suggestions.nearest(to: "").isEmpty)
    #expect(KeySuggestions(keys: []).nearest(to: "smith2020").isEmpty)
  }

  /// Many random keys against a plain Levenshtein distance computed whole: the suggestions are exactly the keys
  /// within the bound, ordered by distance then key, whatever the order the keys were given in.
  @Test func suggestionsAreThoseOfThePlainDistance() {
    var random = SeededGenerator(seed: 7)
    let letters = Array("abcdeé東🎉")
    func word() -> String { String((0..<(1 + random.next(9))).map { _ in letters[random.next(letters.count)] }) }
    let keys = Array(Set((0..<400).map { _ in word() }))
    let suggestions = KeySuggestions(keys: keys)
    let reversed = KeySuggestions(keys: keys.reversed())
    for _ in 0..<200 {
      let key = word()
      let target = Array(key.lowercased().unicodeScalars)
      let bound = max(2, target.count / 2)
      var scored: [(distance: Int, key: String)] = []
      for candidate in keys {
        let distance = Self.levenshtein(target, Array(candidate.lowercased().unicodeScalars))
        if distance <= bound { scored.append((distance, candidate)) }
      }
      scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.key < $1.key }
      let expected = scored.prefix(5).map(\.key)
      #expect(suggestions.nearest(to: key, limit: 5) == Array(expected), "\(key)")
      #expect(reversed.nearest(to: key, limit: 5) == Array(expected), "\(key)")
    }
  }

  /// The textbook distance, every cell of the table filled.
  static func levenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        table[i][j] = min(
          table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
    }
    return table[a.count][b.count]
  }
}
