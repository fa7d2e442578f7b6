/// A path glob: `*` (within a segment), `**` (any number of segments), `?`, `[a-z]`/`[!…]` classes, `{a,b}`
/// alternatives and `\` escapes, matched against a whole root-relative path.
package struct Glob: Hashable, Sendable {
  /// The pattern as written.
  package let pattern: String
  /// The pattern's brace alternatives, expanded.
  private let alternatives: [[Unicode.Scalar]]

  /// Compiles `pattern` (a leading `./` or `/` is ignored: patterns are relative to the root).
  package init(_ pattern: String) {
    self.pattern = pattern
    var trimmed = Substring(pattern)
    while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
    while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
    alternatives = Self.expandBraces(Array(trimmed.unicodeScalars), limit: 256)
  }

  /// Whether `path` (root-relative, `/`-separated) matches the whole pattern.
  package func matches(_ path: String) -> Bool {
    let subject = Array(path.unicodeScalars)
    return alternatives.contains { alternative in
      var matcher = Matcher(pattern: alternative, subject: subject)
      return matcher.run()
    }
  }

  /// Expands `{a,b}` groups (nested too) into separate patterns; an unbalanced brace is literal.
  static func expandBraces(_ pattern: [Unicode.Scalar], limit: Int) -> [[Unicode.Scalar]] {
    var i = 0
    while i < pattern.count {
      if pattern[i] == "\\" {
        i += 2
        continue
      }
      if pattern[i] == "{", let (close, commas) = matchingBrace(pattern, from: i), !commas.isEmpty {
        let head = Array(pattern[..<i])
        let tail = Array(pattern[(close + 1)...])
        var bounds = [i] + commas
        bounds.append(close)
        var out: [[Unicode.Scalar]] = []
        for k in 0..<(bounds.count - 1) {
          let option = Array(pattern[(bounds[k] + 1)..<bounds[k + 1]])
          for expanded in expandBraces(head + option + tail, limit: limit) {
            guard out.count < limit else { return out }
            out.append(expanded)
          }
        }
        return out
      }
      i += 1
    }
    return [pattern]
  }

  /// The index of the brace closing the one at `open`, and the top-level commas inside it.
  private static func matchingBrace(_ p: [Unicode.Scalar], from open: Int) -> (Int, [Int])? {
    var depth = 0
    var commas: [Int] = []
    var i = open
    while i < p.count {
      switch p[i] {
      case "\\": i += 1
      case "{": depth += 1
      case "}":
        depth -= 1
        if depth == 0 { return (i, commas) }
      case "," where depth == 1: commas.append(i)
      default: break
      }
      i += 1
    }
    return nil
  }
}

/// Backtracking matcher with memoisation, so `**` and `*` never make it exponential.
private struct Matcher {
  let pattern: [Unicode.Scalar]
  let subject: [Unicode.Scalar]
  var memo: [Int8]

  init(pattern: [Unicode.Scalar], subject: [Unicode.Scalar]) {
    self.pattern = pattern
    self.subject = subject
    memo = Array(repeating: -1, count: (pattern.count + 1) * (subject.count + 1))
  }

  mutating func run() -> Bool { match(0, 0) }

  private mutating func match(_ p: Int, _ s: Int) -> Bool {
    let slot = p * (subject.count + 1) + s
    if memo[slot] >= 0 { return memo[slot] == 1 }
    let result = compute(p, s)
    memo[slot] = result ? 1 : 0
    return result
  }

  private mutating func compute(_ p: Int, _ s: Int) -> Bool {
    guard p < pattern.count else { return s == subject.count }
    let c = pattern[p]
    switch c {
    case "*":
      let isDouble = p + 1 < pattern.count && pattern[p + 1] == "*"
      let segmentStart = p == 0 || pattern[p - 1] == "/"
      let afterStars = isDouble ? p + 2 : p + 1
      let segmentEnd = afterStars == pattern.count || pattern[afterStars] == "/"
      if isDouble && segmentStart && segmentEnd {
        if afterStars == pattern.count { return true }
        // `**/` matches zero or more whole segments.
        if match(afterStars + 1, s) { return true }
        var k = s
        while k < subject.count {
          if subject[k] == "/", match(afterStars + 1, k + 1) { return true }
          k += 1
        }
        return false
      }
      var k = s
      while true {
        if match(afterStars, k) { return true }
        if k >= subject.count || subject[k] == "/" { return false }
        k += 1
      }
    case "?":
      return s < subject.count && subject[s] != "/" && match(p + 1, s + 1)
    case "[":
      guard let (matched, next) = matchClass(at: p, s) else {
        return s < subject.count && subject[s] == "[" && match(p + 1, s + 1)
      }
      return matched && match(next, s + 1)
    case "\\" where p + 1 < pattern.count:
      return s < subject.count && subject[s] == pattern[p + 1] && match(p + 2, s + 1)
    default:
      return s < subject.count && subject[s] == c && match(p + 1, s + 1)
    }
  }

  /// Whether the class at `p` matches `subject[s]`, and where the pattern continues; nil when the class is not
  /// closed (then `[` is literal).
  private func matchClass(at p: Int, _ s: Int) -> (Bool, Int)? {
    var i = p + 1
    var negated = false
    if i < pattern.count, pattern[i] == "!" || pattern[i] == "^" {
      negated = true
      i += 1
    }
    let first = i
    var matched = false
    let ch: Unicode.Scalar? = s < subject.count ? subject[s] : nil
    while i < pattern.count {
      var lower = pattern[i]
      if lower == "]" && i > first { break }
      if lower == "\\", i + 1 < pattern.count {
        i += 1
        lower = pattern[i]
      }
      var upper = lower
      if i + 2 < pattern.count, pattern[i + 1] == "-", pattern[i + 2] != "]" {
        upper = pattern[i + 2]
        i += 2
      }
      if let ch, lower.value <= ch.value, ch.value <= upper.value { matched = true }
      i += 1
    }
    guard i < pattern.count else { return nil }
    guard let ch, ch != "/" else { return (false, i + 1) }
    return (matched != negated, i + 1)
  }
}
