/// A bibliography date as CSL holds it: a start and an optional end, each a year with an optional month and day.
package struct EntryDate: Hashable, Sendable {
  /// One or two dates, each `[year]`, `[year, month]` or `[year, month, day]` (CSL `date-parts`).
  package var parts: [[Int]]

  /// Makes a date from CSL `date-parts`; empty or yearless parts are dropped.
  package init?(parts: [[Int]]) {
    let kept = parts.prefix(2).filter { !$0.isEmpty }.map { Array($0.prefix(3)) }
    guard !kept.isEmpty else { return nil }
    self.parts = kept
  }

  /// The year of the start, as labels show it.
  package var year: Int { parts[0][0] }

  /// The date as a reader expects it: `1991`, `March 1991`, `17 May 2001`, `1998–2002`.
  package var description: String {
    parts.map(Self.describe).joined(separator: "–")
  }

  private static func describe(_ part: [Int]) -> String {
    let year = String(part[0])
    guard part.count > 1, (1...12).contains(part[1]) else { return year }
    let month = monthNames[part[1] - 1]
    guard part.count > 2, (1...31).contains(part[2]) else { return "\(month) \(year)" }
    return "\(part[2]) \(month) \(year)"
  }

  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// An ISO 8601 / EDTF date or range (`1991`, `1991-03`, `2001-05-17/2002`, `-0044-03-15`, `2001-03~`), or nil.
  package static func parse(iso text: String) -> EntryDate? {
    let bytes = Array(text.utf8)
    var parts: [[Int]] = []
    for piece in bytes.split(separator: UInt8(ascii: "/"), maxSplits: 1, omittingEmptySubsequences: false) {
      guard let part = isoPart(piece) else {
        if parts.isEmpty { return nil }
        break
      }
      parts.append(part)
    }
    return EntryDate(parts: parts)
  }

  /// `YYYY[-MM[-DD]]` with an optional sign, qualifiers (`?`, `~`, `%`) and time ignored.
  private static func isoPart(_ piece: ArraySlice<UInt8>) -> [Int]? {
    var j = piece.startIndex
    while j < piece.endIndex, piece[j] == 0x20 { j += 1 }
    var negative = false
    if j < piece.endIndex, piece[j] == UInt8(ascii: "-") {
      negative = true
      j += 1
    }
    var numbers: [Int] = []
    while numbers.count < 3 {
      let start = j
      var value = 0
      while j < piece.endIndex, piece[j] >= 0x30, piece[j] <= 0x39, j - start < 6 {
        value = value * 10 + Int(piece[j] - 0x30)
        j += 1
      }
      guard j > start else { break }
      numbers.append(value)
      while j < piece.endIndex, [UInt8(ascii: "?"), UInt8(ascii: "~"), UInt8(ascii: "%")].contains(piece[j]) { j += 1 }
      guard j < piece.endIndex, piece[j] == UInt8(ascii: "-") else { break }
      j += 1
    }
    guard let year = numbers.first else { return nil }
    var part = [negative ? -year : year]
    if numbers.count > 1, (1...12).contains(numbers[1]) {
      part.append(numbers[1])
      if numbers.count > 2, (1...31).contains(numbers[2]) { part.append(numbers[2]) }
    }
    return part
  }

  /// The date of BibTeX's `year`, `month` and `day` fields; nil when the year is not a number (`in press`).
  package static func from(year: String, month: String?, day: String?) -> EntryDate? {
    let trimmed = year.trimmingSpaces()
    guard let number = Int(trimmed) else { return nil }
    var part = [number]
    if let month, let monthNumber = monthNumber(month) {
      part.append(monthNumber)
      if let day, let dayNumber = Int(day.trimmingSpaces()), (1...31).contains(dayNumber) { part.append(dayNumber) }
    }
    return EntryDate(parts: [part])
  }

  /// `3`, `03`, `March`, `mar`, `Mar.` → 3.
  static func monthNumber(_ text: String) -> Int? {
    let trimmed = text.trimmingSpaces()
    if let number = Int(trimmed) { return (1...12).contains(number) ? number : nil }
    var word = trimmed.lowercased()
    if word.hasSuffix(".") { word.removeLast() }
    guard word.count >= 3 else { return nil }
    return monthNames.firstIndex { $0.lowercased().hasPrefix(word) }.map { $0 + 1 }
  }
}
