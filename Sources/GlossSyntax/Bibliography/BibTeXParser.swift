/// A field as read from an entry: its lowercased name and raw (undecoded) value.
struct BibTeXField {
  var name: String
  /// The value's bytes: a slice of the file for a single piece, else the concatenation.
  var value: ArraySlice<UInt8>
  /// Whether the field was inherited through `crossref` or `xdata` rather than written in the entry.
  var isInherited = false
  /// Where the value is written in the file, when it is one literal (`{…}`, `"…"`, a number or a bare word that is
  /// no macro): what a rename may edit in place. Nil for concatenations and macros.
  var literalRange: Range<Int>? = nil
}

/// An entry as read, before inheritance and decoding.
struct RawBibTeXEntry {
  var type: String
  var key: String
  var keyRange: Range<Int>
  var range: Range<Int>
  var fields: [BibTeXField]
}

/// The scanning state of one `.bib` file.
struct BibTeXParser {
  let bytes: [UInt8]
  var i = 0
  var macros: [String: ArraySlice<UInt8>] = BibTeX.monthMacros
  /// The citable entries as read, in file order, before inheritance.
  var rawEntries: [RawBibTeXEntry] = []
  /// The `@xdata` containers: not citable, their fields inherited by entries naming them in `xdata = {…}`.
  var dataContainers: [RawBibTeXEntry] = []
  /// Whether an entry has a `crossref` or `xdata` field, so inheritance has work to do.
  var hasInheritance = false
  var problems: [SyntaxProblem] = []

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// How reading a part of an entry ended.
  enum Outcome {
    /// Go on with the next field.
    case next
    /// The entry's closing delimiter was consumed.
    case closed
    /// The entry stops here, unterminated (a problem was recorded).
    case abandoned
  }

  mutating func parseFile() {
    let count = bytes.count
    while i < count {
      let byte = bytes[i]
      if byte == UInt8(ascii: "@") {
        parseCommand()
      } else if byte == UInt8(ascii: "%") {
        skipLine()
      } else {
        i += 1
      }
    }
  }

  mutating func skipLine() {
    while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
  }

  /// Reads what follows an `@` met between entries.
  mutating func parseCommand() {
    let start = i
    let atLineStart = isAtLineStart(start)
    // An `@` inside a word (an e-mail address in a comment) is junk, as it is to BibTeX's readers in practice.
    if start > 0, isIdentifierByte(bytes[start - 1]), !atLineStart {
      i += 1
      return
    }
    i += 1
    skipSpace()
    let typeStart = i
    while i < bytes.count, isNameByte(at: i) { i += 1 }
    let typeRange = typeStart..<i
    guard !typeRange.isEmpty else { return }
    let type = lowercase(typeRange)
    skipSpace()
    guard i < bytes.count, bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "(") else {
      if type == "comment" { return }
      if atLineStart {
        problems.append(
          SyntaxProblem(range: start..<typeRange.upperBound, message: "expected '{' or '(' after '@\(type)'"))
      }
      return
    }
    let close = bytes[i] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: ")")
    let open = i
    i += 1
    switch type {
    case "comment", "preamble":
      skipGroup(open: open, close: close, what: "@\(type)")
    case "string":
      parseString(open: open, close: close)
    default:
      parseEntry(start: start, type: type, open: open, close: close)
    }
  }

  /// Skips a `@comment{…}` or `@preamble{…}` body, delimiters balanced: it may span lines and hold whole entries,
  /// which are not entries then (as biber, JabRef and Pandoc read a brace-delimited comment).
  ///
  /// In a `(…)` body, parentheses and braces both count, as JabRef's `parseBracketedText` counts them. Pandoc 2.17
  /// differs there: it reads `@comment(` as a one-word comment and the text up to the next `@` as junk, so an entry
  /// inside parentheses is an entry to Pandoc (docs/pandoc-compatibility.md). A body still open at the end of the
  /// file is unterminated: reading resumes at the first line after its opening that starts an entry.
  mutating func skipGroup(open: Int, close: UInt8, what: String) {
    var depth = 0
    var resume: Int?
    let parenthesised = close == UInt8(ascii: ")")
    while i < bytes.count {
      let byte = bytes[i]
      if byte == UInt8(ascii: "{") || (parenthesised && byte == UInt8(ascii: "(")) {
        depth += 1
      } else if byte == UInt8(ascii: "}") || byte == close {
        if depth == 0 && byte == close {
          i += 1
          return
        }
        // A stray `}` in a `(…)` body closes nothing.
        depth = max(0, depth - 1)
      } else if byte == UInt8(ascii: "\n"), resume == nil, entryStartsOnNextLine() {
        resume = i
      }
      i += 1
    }
    problems.append(SyntaxProblem(range: open..<open + 1, message: "unterminated '\(what)'"))
    if let resume { i = resume }
  }

  /// Reads `@string{name = value}` into the macro table.
  mutating func parseString(open: Int, close: UInt8) {
    var fields: [BibTeXField] = []
    _ = parseFields(into: &fields, open: open, close: close, key: nil)
    for field in fields { macros[field.name] = field.value }
  }

  /// Reads an entry from its key to its closing delimiter.
  mutating func parseEntry(start: Int, type: String, open: Int, close: UInt8) {
    skipSpace()
    let keyStart = i
    while i < bytes.count, isKeyByte(bytes[i], close: close), !isNoBreakSpace(at: i) { i += 1 }
    let keyRange = keyStart..<i
    skipSpace()
    let next: UInt8? = i < bytes.count ? bytes[i] : nil
    if keyRange.isEmpty || next == UInt8(ascii: "=") {
      problems.append(SyntaxProblem(range: start..<open + 1, message: "missing key in '@\(type)' entry"))
      if keyRange.isEmpty {
        if next == UInt8(ascii: ",") { i += 1 }
      } else {
        i = keyStart
      }
      var ignored: [BibTeXField] = []
      _ = parseFields(into: &ignored, open: open, close: close, key: nil)
      return
    }
    let key = String(decoding: bytes[keyRange], as: UTF8.self)
    var fields: [BibTeXField] = []
    if next == UInt8(ascii: ",") {
      i += 1
      _ = parseFields(into: &fields, open: open, close: close, key: key)
    } else if next == close {
      i += 1
    } else if next == nil || next == UInt8(ascii: "@") {
      missingClose(open: open, close: close, key: key)
    } else {
      let here = i
      problems.append(SyntaxProblem(range: here..<here + 1, message: "expected ',' after key '\(key)'"))
      _ = parseFields(into: &fields, open: open, close: close, key: key)
    }
    var end = i
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    let entry = RawBibTeXEntry(type: type, key: key, keyRange: keyRange, range: start..<end, fields: fields)
    if !hasInheritance, fields.contains(where: { $0.name == "crossref" || $0.name == "xdata" }) {
      hasInheritance = true
    }
    if type == "xdata" {
      dataContainers.append(entry)
    } else {
      rawEntries.append(entry)
    }
  }
}
