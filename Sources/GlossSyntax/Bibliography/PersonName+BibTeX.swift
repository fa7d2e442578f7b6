extension PersonName {
  /// The names of a BibTeX `author`/`editor` value: `and`-separated, each split as BibTeX splits it.
  static func bibTeXNames(_ raw: ArraySlice<UInt8>) -> [PersonName] {
    var names: [PersonName] = []
    for part in splitOnAnd(raw) {
      if let name = bibTeXName(part) { names.append(name) }
    }
    return names
  }

  /// The value cut at each ` and ` (any case) outside braces.
  private static func splitOnAnd(_ raw: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
    var parts: [ArraySlice<UInt8>] = []
    var depth = 0
    var start = raw.startIndex
    var j = raw.startIndex
    while j < raw.endIndex {
      let byte = raw[j]
      if isEscapedBrace(raw, at: j) {
        j += 2
        continue
      }
      if byte == UInt8(ascii: "{") {
        depth += 1
      } else if byte == UInt8(ascii: "}") {
        depth = max(0, depth - 1)
      } else if depth == 0, isBlank(byte), j + 4 < raw.endIndex, raw[j + 1] | 0x20 == UInt8(ascii: "a"),
        raw[j + 2] | 0x20 == UInt8(ascii: "n"), raw[j + 3] | 0x20 == UInt8(ascii: "d"), isBlank(raw[j + 4])
      {
        parts.append(raw[start..<j])
        j += 4
        start = j
        continue
      }
      j += 1
    }
    parts.append(raw[start..<raw.endIndex])
    return parts
  }

  /// One name: `{Literal}`, `First von Last`, `von Last, First`, `von Last, Jr, First`, or biblatex's extended
  /// `family=Heuvel, given=Charles, prefix=van den, useprefix=false`.
  private static func bibTeXName(_ raw: ArraySlice<UInt8>) -> PersonName? {
    let commaParts = split(raw, isSeparator: { $0 == UInt8(ascii: ",") }, keepEmpty: true)
    if let extended = extendedName(commaParts) { return extended }
    let parts = commaParts.map { split($0, isSeparator: { isBlank($0) || $0 == UInt8(ascii: "~") }, keepEmpty: false) }
    guard let first = parts.first, !first.isEmpty || parts.count > 1 else { return nil }
    if parts.count == 1, first.count == 1, let only = first.first {
      let text = LaTeX.decode(only)
      if text.lowercased() == "others" { return .others }
      if isSingleGroup(only) { return PersonName(literal: text) }
      return PersonName(family: text)
    }
    var given: [ArraySlice<UInt8>] = []
    var von: [ArraySlice<UInt8>] = []
    var last: [ArraySlice<UInt8>] = []
    var suffix: [ArraySlice<UInt8>] = []
    if parts.count == 1 {
      let tokens = first
      let body = tokens.dropLast()
      if let vonStart = body.firstIndex(where: isLowercaseToken),
        let vonEnd = body.lastIndex(where: isLowercaseToken)
      {
        given = Array(tokens[..<vonStart])
        von = Array(tokens[vonStart...vonEnd])
        last = Array(tokens[(vonEnd + 1)...])
      } else {
        given = Array(body)
        last = tokens.suffix(1)
      }
    } else {
      let tokens = first
      let body = tokens.dropLast()
      if let vonEnd = body.lastIndex(where: isLowercaseToken), body.first.map(isLowercaseToken) == true {
        von = Array(tokens[...vonEnd])
        last = Array(tokens[(vonEnd + 1)...])
      } else {
        last = tokens
      }
      if parts.count == 2 {
        given = parts[1]
      } else {
        suffix = parts[1]
        given = Array(parts[2...].joined())
      }
      // Like Pandoc, lowercase words ending the given part are the particle (`Gogh, Vincent van`).
      if von.isEmpty, let firstUpper = given.firstIndex(where: { !isLowercaseToken($0) }),
        let particleStart = given.lastIndex(where: { !isLowercaseToken($0) }).map({ $0 + 1 }),
        particleStart < given.count, particleStart > firstUpper
      {
        von = Array(given[particleStart...])
        given = Array(given[..<particleStart])
      }
    }
    // Like Pandoc, the `von` part is a dropping particle: "Ludwig van Beethoven" is cited as "Beethoven".
    return PersonName(
      family: decode(last), given: decode(spacedInitials(given)), suffix: decode(suffix),
      droppingParticle: decode(von))
  }

  /// The name in biblatex's extended format, when every comma-separated part is `key=value`; else nil.
  private static func extendedName(_ parts: [ArraySlice<UInt8>]) -> PersonName? {
    guard parts.count > 1 || parts.first?.contains(UInt8(ascii: "=")) == true else { return nil }
    var values: [String: ArraySlice<UInt8>] = [:]
    for part in parts where !part.isEmpty {
      guard let equals = part.firstIndex(of: UInt8(ascii: "=")) else { return nil }
      let name = String(decoding: trimmed(part[part.startIndex..<equals]), as: UTF8.self).lowercased()
      guard extendedKeys.contains(name) else { return nil }
      values[name] = trimmed(part[(equals + 1)...])
    }
    func text(_ key: String) -> String? {
      guard let value = values[key] else { return nil }
      let decoded = LaTeX.decode(value)
      return decoded.isEmpty ? nil : decoded
    }
    let useprefix = text("useprefix")?.lowercased() == "true"
    let given = values["given"].flatMap { decode(spacedInitials(split($0, isSeparator: isBlank, keepEmpty: false))) }
    return PersonName(
      family: text("family"), given: given, suffix: text("suffix"),
      droppingParticle: useprefix ? nil : text("prefix"), nonDroppingParticle: useprefix ? text("prefix") : nil)
  }

  /// The keys of biblatex's extended name format.
  private static let extendedKeys: Set<String> = [
    "family", "given", "prefix", "suffix", "useprefix", "family-i", "given-i", "prefix-i", "suffix-i",
  ]

  /// Given-name tokens with run-together initials split, as Pandoc shows them (`E.H.` → `E.` `H.`); braced
  /// tokens (`{E.H.}`) and hyphenated initials (`J.-P.`) stay as written.
  private static func spacedInitials(_ tokens: [ArraySlice<UInt8>]) -> [ArraySlice<UInt8>] {
    var out: [ArraySlice<UInt8>] = []
    for token in tokens {
      guard token.first != UInt8(ascii: "{") else {
        out.append(token)
        continue
      }
      var start = token.startIndex
      var depth = 0
      var j = token.startIndex
      while j < token.endIndex {
        let byte = token[j]
        if byte == UInt8(ascii: "{") {
          depth += 1
        } else if byte == UInt8(ascii: "}") {
          depth = max(0, depth - 1)
        } else if byte == UInt8(ascii: "."), depth == 0, j + 1 < token.endIndex, startsLetter(token[j + 1]) {
          out.append(token[start...j])
          start = j + 1
        }
        j += 1
      }
      out.append(token[start..<token.endIndex])
    }
    return out
  }

  /// Whether `byte` starts a letter: an ASCII letter, a non-ASCII scalar, or a braced or escaped accent.
  private static func startsLetter(_ byte: UInt8) -> Bool {
    isASCIILetter(byte) || byte >= 0xC0 || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "\\")
  }

  /// Whether `\{` or `\}` (an escaped brace, which does not nest) starts at `j`.
  private static func isEscapedBrace(_ raw: ArraySlice<UInt8>, at j: Int) -> Bool {
    raw[j] == UInt8(ascii: "\\") && j + 1 < raw.endIndex
      && (raw[j + 1] == UInt8(ascii: "{") || raw[j + 1] == UInt8(ascii: "}"))
  }

  /// The decoded text of `tokens` joined by spaces, or nil when there are none.
  private static func decode(_ tokens: [ArraySlice<UInt8>]) -> String? {
    guard !tokens.isEmpty else { return nil }
    var joined: [UInt8] = []
    for token in tokens {
      if !joined.isEmpty { joined.append(UInt8(ascii: " ")) }
      joined.append(contentsOf: token)
    }
    let text = LaTeX.decode(joined[...])
    return text.isEmpty ? nil : text
  }

  /// `raw` cut at separators outside braces.
  private static func split(
    _ raw: ArraySlice<UInt8>, isSeparator: (UInt8) -> Bool, keepEmpty: Bool
  ) -> [ArraySlice<UInt8>] {
    var pieces: [ArraySlice<UInt8>] = []
    var depth = 0
    var start = raw.startIndex
    var j = raw.startIndex
    while j < raw.endIndex {
      defer { j += 1 }
      let byte = raw[j]
      if isEscapedBrace(raw, at: j) {
        j += 1
      } else if byte == UInt8(ascii: "{") {
        depth += 1
      } else if byte == UInt8(ascii: "}") {
        depth = max(0, depth - 1)
      } else if depth == 0, isSeparator(byte) {
        if keepEmpty || j > start { pieces.append(trimmed(raw[start..<j])) }
        start = j + 1
      }
    }
    if keepEmpty || raw.endIndex > start { pieces.append(trimmed(raw[start..<raw.endIndex])) }
    return pieces
  }

  private static func trimmed(_ raw: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = raw
    while let first = slice.first, isBlank(first) { slice = slice.dropFirst() }
    while let last = slice.last, isBlank(last) { slice = slice.dropLast() }
    return slice
  }

  /// Whether `token` is one brace group, `{World Health Organization}`.
  private static func isSingleGroup(_ token: ArraySlice<UInt8>) -> Bool {
    guard token.first == UInt8(ascii: "{"), token.last == UInt8(ascii: "}") else { return false }
    var depth = 0
    for j in token.indices {
      if token[j] == UInt8(ascii: "{") {
        depth += 1
      } else if token[j] == UInt8(ascii: "}") {
        depth -= 1
        if depth == 0 { return j == token.endIndex - 1 }
      }
    }
    return false
  }

  /// Whether a token starts with a lowercase letter, as BibTeX decides `von` parts.
  ///
  /// A brace group not starting with a backslash has no case (never `von`). In `{\"u}ber` or `{\v S}imon` the
  /// letter after the accent command decides; a special letter (`{\o}`, `{\ss}`) decides by its own case.
  private static func isLowercaseToken(_ token: ArraySlice<UInt8>) -> Bool {
    var j = token.startIndex
    while j < token.endIndex {
      let byte = token[j]
      if byte == UInt8(ascii: "{") {
        guard j + 1 < token.endIndex, token[j + 1] == UInt8(ascii: "\\") else { return false }
        j += 1
        continue
      }
      if byte == UInt8(ascii: "\\") {
        j += 1
        let wordStart = j
        while j < token.endIndex, isASCIILetter(token[j]) { j += 1 }
        if j == wordStart {
          j += 1
          continue
        }
        let word = String(decoding: token[wordStart..<j], as: UTF8.self)
        if specialLetters.contains(word) { return isASCIILowercase(token[wordStart]) }
        continue
      }
      if isASCIILetter(byte) { return isASCIILowercase(byte) }
      if byte >= 0xC0 {
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        let end = min(j + length, token.endIndex)
        let scalar = String(decoding: token[j..<end], as: UTF8.self).unicodeScalars.first
        if let scalar, scalar.properties.isAlphabetic { return scalar.properties.isLowercase }
        j = end
        continue
      }
      j += 1
    }
    return false
  }

  /// The control words BibTeX treats as letters when deciding case.
  private static let specialLetters: Set<String> = [
    "i", "j", "oe", "OE", "ae", "AE", "aa", "AA", "o", "O", "l", "L", "ss",
  ]

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  private static func isASCIILowercase(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
  }
}
