import GlossSyntax

/// The parts of parsed files that several images write (`NoteCoding`, `SourceCoding`): ranges, front matter, names.
extension ByteWriter {
  /// Appends a range as its lower bound (zigzag: a negative bound costs no more than ten bytes) and its length.
  mutating func appendRange(_ range: Range<Int>) {
    let lower = Int64(range.lowerBound)
    appendVarint(UInt64(bitPattern: (lower << 1) ^ (lower >> 63)))
    appendVarint(range.count)
  }

  /// Appends front matter: a byte saying whether there is any, then its range and entries.
  mutating func appendFrontMatter(_ frontMatter: FrontMatter?) {
    guard let frontMatter else {
      append(UInt8(0))
      return
    }
    append(UInt8(1))
    appendRange(frontMatter.range)
    appendVarint(frontMatter.entries.count)
    for entry in frontMatter.entries {
      appendShort(entry.key)
      appendRange(entry.keyRange)
      switch entry.value {
      case .scalar(let text, let range):
        append(UInt8(0))
        appendShort(text)
        appendRange(range)
      case .list(let items):
        append(UInt8(1))
        appendVarint(items.count)
        for item in items {
          appendShort(item.text)
          appendRange(item.range)
        }
      }
    }
  }

  /// Appends syntax problems: a count, then each one's range and message.
  mutating func appendProblems(_ problems: [SyntaxProblem]) {
    appendVarint(problems.count)
    for problem in problems {
      appendRange(problem.range)
      appendShort(problem.message)
    }
  }

  /// Appends ranges: a count, then each range.
  mutating func appendRanges(_ ranges: [Range<Int>]) {
    appendVarint(ranges.count)
    for range in ranges { appendRange(range) }
  }

  /// Appends an optional string: a byte saying whether there is one, then the string.
  mutating func appendOptional(_ string: String?) {
    append(UInt8(string == nil ? 0 : 1))
    if let string { appendShort(string) }
  }

  /// Appends a count of 32-bit values, then each as a varint.
  mutating func appendVarints(_ values: [Int32]) {
    appendVarint(values.count)
    for value in values { appendVarint(Int(value)) }
  }

  /// Appends a count of offsets, then each as a varint.
  mutating func appendVarints(_ values: [Int]) {
    appendVarint(values.count)
    for value in values { appendVarint(value) }
  }
}

extension ByteReader {
  /// The next range written by `appendRange`.
  mutating func range() -> Range<Int>? {
    guard let zigzag = varint(), let length = varint(atMost: Int(Int32.max)) else { return nil }
    let lower = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
    guard lower <= Int64(Int.max) - Int64(length) else { return nil }
    return Int(lower)..<Int(lower) + length
  }

  /// The front matter `appendFrontMatter` wrote (`.some(nil)` when there was none); nil when damaged.
  mutating func frontMatter() -> FrontMatter?? {
    switch byte() {
    case 0?: return .some(nil)
    case 1?: break
    default: return nil
    }
    guard let whole = range(), let count = varintCount(each: 4) else { return nil }
    var entries: [FrontMatterEntry] = []
    entries.reserveCapacity(count)
    for _ in 0..<count {
      guard let key = shortString(), let keyRange = range() else { return nil }
      let value: FrontMatterValue
      switch byte() {
      case 0?:
        guard let text = shortString(), let textRange = range() else { return nil }
        value = .scalar(text, textRange)
      case 1?:
        guard let itemCount = varintCount(each: 3) else { return nil }
        var items: [FrontMatterItem] = []
        items.reserveCapacity(itemCount)
        for _ in 0..<itemCount {
          guard let text = shortString(), let itemRange = range() else { return nil }
          items.append(FrontMatterItem(text: text, range: itemRange))
        }
        value = .list(items)
      default: return nil
      }
      entries.append(FrontMatterEntry(key: key, keyRange: keyRange, value: value))
    }
    return .some(FrontMatter(range: whole, entries: entries))
  }

  /// The problems `appendProblems` wrote; nil when damaged.
  mutating func problems() -> [SyntaxProblem]? {
    guard let count = varintCount(each: 3) else { return nil }
    var problems: [SyntaxProblem] = []
    problems.reserveCapacity(count)
    for _ in 0..<count {
      guard let range = range(), let message = shortString() else { return nil }
      problems.append(SyntaxProblem(range: range, message: message))
    }
    return problems
  }

  /// The ranges `appendRanges` wrote; nil when damaged.
  mutating func ranges() -> [Range<Int>]? {
    guard let count = varintCount(each: 2) else { return nil }
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(count)
    for _ in 0..<count {
      guard let range = range() else { return nil }
      ranges.append(range)
    }
    return ranges
  }

  /// The optional string `appendOptional` wrote (`.some(nil)` when there was none); nil when damaged.
  mutating func optionalString() -> String?? {
    switch byte() {
    case 0?: return .some(nil)
    case 1?: return shortString().map { .some($0) }
    default: return nil
    }
  }

  /// The 32-bit values `appendVarints` wrote; nil when damaged.
  mutating func varints32() -> [Int32]? {
    guard let count = varintCount() else { return nil }
    var values: [Int32] = []
    values.reserveCapacity(count)
    for _ in 0..<count {
      guard let value = varint(atMost: Int(Int32.max)) else { return nil }
      values.append(Int32(value))
    }
    return values
  }

  /// The offsets `appendVarints` wrote; nil when damaged.
  mutating func varints() -> [Int]? {
    guard let count = varintCount() else { return nil }
    var values: [Int] = []
    values.reserveCapacity(count)
    for _ in 0..<count {
      guard let value = varint(atMost: Int.max) else { return nil }
      values.append(value)
    }
    return values
  }
}
