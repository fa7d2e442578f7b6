/// Strict roman numerals (`iv`, `XII`, `mcmxc`), as locator values and section numbers use them.
package enum RomanNumeral {
  /// The numeral's value, nil unless the whole string is a well-formed roman numeral (either case).
  package static func value(of text: String) -> Int? {
    let digits: [Character: Int] = ["i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000]
    let lowered = text.lowercased()
    guard !lowered.isEmpty, lowered.count <= 15 else { return nil }
    var values: [Int] = []
    for character in lowered {
      guard let value = digits[character] else { return nil }
      values.append(value)
    }
    var total = 0
    for (index, value) in values.enumerated() {
      if index + 1 < values.count, value < values[index + 1] { total -= value } else { total += value }
    }
    guard total > 0, total < 4000, numeral(total) == lowered else { return nil }
    return total
  }

  /// The canonical lowercase numeral for 1…3999.
  static func numeral(_ value: Int) -> String {
    let table: [(Int, String)] = [
      (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"), (10, "x"),
      (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
    ]
    var rest = value
    var result = ""
    for (amount, symbol) in table {
      while rest >= amount {
        result += symbol
        rest -= amount
      }
    }
    return result
  }
}
