/// One step of indexing a workspace root, reported as it starts (for progress on a terminal or in the editor).
package enum IndexingStep: Hashable, Sendable {
  /// Reading the config and walking the folders.
  case discovering
  /// Reading and parsing the files found.
  case indexing(files: Int)
  /// Reading the files the index asks for (front-matter `bibliography:` files, BibTeX `file` fields).
  case resolving(files: Int)
  /// Checking quotations and diagnosing every file.
  case diagnosing(files: Int)

  /// A one-line description such as `indexing 12,002 files…`.
  package var message: String {
    switch self {
    case .discovering: "looking for files…"
    case .indexing(let count): "indexing \(Self.count(count, "file"))…"
    case .resolving(let count): "reading \(Self.count(count, "referenced file"))…"
    case .diagnosing(let count): "checking \(Self.count(count, "file"))…"
    }
  }

  /// How far the indexing of one root is when this step starts, from 0 to 1 (reading and parsing take the most).
  package var fraction: Double {
    switch self {
    case .discovering: 0
    case .indexing: 0.05
    case .resolving: 0.6
    case .diagnosing: 0.65
    }
  }

  /// `1 file`, `12,002 files`: the number with a comma every three digits and the noun made plural when needed.
  static func count(_ number: Int, _ noun: String) -> String {
    let digits = Array(String(number.magnitude))
    var grouped = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return (number < 0 ? "-" : "") + grouped + " " + noun + (number == 1 ? "" : "s")
  }
}
