/// Decodes the LaTeX found in bibliography field values into display text.
enum LaTeX {
  /// The display text of `bytes`: accents composed (NFC), escapes resolved, braces dropped, whitespace collapsed.
  static func decode(_ bytes: ArraySlice<UInt8>) -> String {
    var decoder = LaTeXDecoder(bytes: bytes)
    decoder.decode(upTo: bytes.endIndex)
    return decoder.result()
  }

  /// The text of a verbatim field (`url`, `doi`, `file`): outer whitespace trimmed and `\_`-style escapes resolved.
  static func verbatim(_ bytes: ArraySlice<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = bytes.startIndex
    while i < bytes.endIndex {
      let byte = bytes[i]
      if byte == UInt8(ascii: "\\"), i + 1 < bytes.endIndex, isEscapable(bytes[i + 1]) {
        out.append(bytes[i + 1])
        i += 2
      } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
        i += 1
      } else {
        out.append(byte)
        i += 1
      }
    }
    var start = 0
    var end = out.count
    while start < end, isBlank(out[start]) { start += 1 }
    while end > start, isBlank(out[end - 1]) { end -= 1 }
    return String(decoding: out[start..<end], as: UTF8.self)
  }

  static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  /// The precomposed letter for an ASCII letter and a combining mark (`e` + U+0301 → `é`), built once.
  static let compositions: [UInt32: Unicode.Scalar] = {
    var table: [UInt32: Unicode.Scalar] = [:]
    let marks: [UInt32] = [
      0x0308, 0x0301, 0x0302, 0x0300, 0x0303, 0x0304, 0x0307, 0x0306, 0x030C, 0x030B, 0x0327, 0x0328, 0x030A,
      0x0323, 0x0331,
    ]
    let letters = Array(UInt8(ascii: "A")...UInt8(ascii: "Z")) + Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
    for letter in letters {
      for mark in marks {
        guard let markScalar = Unicode.Scalar(mark) else { continue }
        var pair = String(Unicode.Scalar(letter))
        pair.unicodeScalars.append(markScalar)
        let composed = pair.nfc.unicodeScalars
        if composed.count == 1, let scalar = composed.first {
          table[UInt32(letter) << 16 | mark] = scalar
        }
      }
    }
    return table
  }()

  /// Whether `\` followed by `byte` stands for `byte` itself.
  static func isEscapable(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "%"), UInt8(ascii: "$"), UInt8(ascii: "#"), UInt8(ascii: "_"),
      UInt8(ascii: "{"), UInt8(ascii: "}"):
      return true
    default:
      return false
    }
  }

  /// The combining mark of an accent command (`"` → U+0308), or nil when `name` is not an accent.
  static func combiningMark(_ name: [UInt8]) -> Unicode.Scalar? {
    guard name.count == 1 else { return nil }
    switch name[0] {
    case UInt8(ascii: "\""): return "\u{0308}"
    case UInt8(ascii: "'"): return "\u{0301}"
    case UInt8(ascii: "^"): return "\u{0302}"
    case UInt8(ascii: "`"): return "\u{0300}"
    case UInt8(ascii: "~"): return "\u{0303}"
    case UInt8(ascii: "="): return "\u{0304}"
    case UInt8(ascii: "."): return "\u{0307}"
    case UInt8(ascii: "u"): return "\u{0306}"
    case UInt8(ascii: "v"): return "\u{030C}"
    case UInt8(ascii: "H"): return "\u{030B}"
    case UInt8(ascii: "c"): return "\u{0327}"
    case UInt8(ascii: "k"): return "\u{0328}"
    case UInt8(ascii: "r"): return "\u{030A}"
    case UInt8(ascii: "d"): return "\u{0323}"
    case UInt8(ascii: "b"): return "\u{0331}"
    default: return nil
    }
  }

  /// The text a control word without arguments stands for (`ss` → ß), or nil for other commands.
  static func symbol(_ name: [UInt8]) -> String? {
    symbols[String(decoding: name, as: UTF8.self)]
  }

  private static let symbols: [String: String] = [
    "ss": "ß", "SS": "SS", "o": "ø", "O": "Ø", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "l": "ł", "L": "Ł",
    "aa": "å", "AA": "Å", "i": "ı", "j": "ȷ", "dh": "ð", "DH": "Ð", "th": "þ", "TH": "Þ", "ng": "ŋ", "NG": "Ŋ",
    "dj": "đ", "DJ": "Đ", "textendash": "–", "textemdash": "—", "textquoteleft": "‘", "textquoteright": "’",
    "textquotedblleft": "“", "textquotedblright": "”", "ldots": "…", "dots": "…", "textellipsis": "…",
    "textasciitilde": "~", "textbackslash": "\\", "textunderscore": "_", "S": "§", "P": "¶", "copyright": "©",
    "textcopyright": "©", "pounds": "£", "textsterling": "£", "euro": "€", "texteuro": "€", "textdegree": "°",
    "guillemotleft": "«", "guillemotright": "»", "guillemetleft": "«", "guillemetright": "»", "LaTeX": "LaTeX",
    "TeX": "TeX", "BibTeX": "BibTeX", "textregistered": "®", "texttrademark": "™", "textbullet": "•",
    "textperiodcentered": "·", "quad": " ", "qquad": " ", "textasciicircum": "^", "textbar": "|",
    "textless": "<", "textgreater": ">", "textexclamdown": "¡", "textquestiondown": "¿",
    // Math symbols common in titles (`$\alpha$-synuclein`).
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "zeta": "ζ",
    "eta": "η", "theta": "θ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ",
    "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ", "upsilon": "υ", "phi": "φ", "varphi": "φ", "chi": "χ",
    "psi": "ψ", "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π",
    "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω", "times": "×", "pm": "±", "leq": "≤",
    "le": "≤", "geq": "≥", "ge": "≥", "neq": "≠", "infty": "∞", "cdot": "·", "to": "→", "rightarrow": "→",
    "leftarrow": "←", "approx": "≈", "sim": "∼", "ell": "ℓ", "partial": "∂", "sum": "∑", "degree": "°",
    "langle": "⟨", "rangle": "⟩", "circ": "∘", "prime": "′", "cdots": "⋯", "in": "∈", "notin": "∉", "subset": "⊂",
    "subseteq": "⊆", "cup": "∪", "cap": "∩", "forall": "∀", "exists": "∃", "nabla": "∇", "propto": "∝",
    "equiv": "≡", "ll": "≪", "gg": "≫", "hbar": "ℏ", "emptyset": "∅", "Rightarrow": "⇒", "Leftrightarrow": "⇔",
    "leftrightarrow": "↔", "uparrow": "↑", "downarrow": "↓", "mp": "∓", "div": "÷", "ast": "∗", "star": "⋆",
    "perp": "⊥", "parallel": "∥", "angle": "∠", "sqrt": "√", "prod": "∏", "int": "∫", "lvert": "|", "rvert": "|",
    "vert": "|", "mid": "|", "vartheta": "ϑ", "varrho": "ϱ", "varsigma": "ς", "textmu": "µ", "textperthousand": "‰",
  ]

  /// Commands that only set the font of their argument, shown as the argument (`\mathrm{K}` → K).
  static let fontCommands: Set<String> = [
    "mathrm", "mathbf", "mathit", "mathsf", "mathtt", "mathcal", "mathbb", "mathfrak", "boldsymbol", "text",
    "textrm", "textit", "textbf", "textsf", "texttt", "operatorname", "mbox", "emph", "textsc", "textup",
  ]

  /// Superscript forms of the characters that have one (`^2` → ²).
  static let superscripts: [UInt8: String] = [
    0x30: "⁰", 0x31: "¹", 0x32: "²", 0x33: "³", 0x34: "⁴", 0x35: "⁵", 0x36: "⁶", 0x37: "⁷", 0x38: "⁸", 0x39: "⁹",
    UInt8(ascii: "+"): "⁺", UInt8(ascii: "-"): "⁻", UInt8(ascii: "="): "⁼", UInt8(ascii: "("): "⁽",
    UInt8(ascii: ")"): "⁾", UInt8(ascii: "n"): "ⁿ", UInt8(ascii: "i"): "ⁱ",
  ]

  /// Subscript forms of the characters that have one (`_2` → ₂).
  static let subscripts: [UInt8: String] = [
    0x30: "₀", 0x31: "₁", 0x32: "₂", 0x33: "₃", 0x34: "₄", 0x35: "₅", 0x36: "₆", 0x37: "₇", 0x38: "₈", 0x39: "₉",
    UInt8(ascii: "+"): "₊", UInt8(ascii: "-"): "₋", UInt8(ascii: "="): "₌", UInt8(ascii: "("): "₍",
    UInt8(ascii: ")"): "₎", UInt8(ascii: "a"): "ₐ", UInt8(ascii: "e"): "ₑ", UInt8(ascii: "o"): "ₒ",
    UInt8(ascii: "x"): "ₓ", UInt8(ascii: "i"): "ᵢ",
  ]
}

/// The state of one decoding pass over a field value.
private struct LaTeXDecoder {
  let bytes: ArraySlice<UInt8>
  var i: Int
  var out: [UInt8] = []
  var pendingSpace = false
  var needsNormalization = false
  /// How many accent arguments enclose the current position; bounded so hostile input cannot exhaust the stack.
  var accentDepth = 0
  /// Whether the position is inside `$…$`, where spaces are ignored and `^`, `_` make scripts.
  var inMath = false

  init(bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    self.i = bytes.startIndex
    out.reserveCapacity(bytes.count)
  }

  func result() -> String {
    let string = String(decoding: out, as: UTF8.self)
    return needsNormalization ? string.nfc : string
  }

  mutating func emit(_ byte: UInt8) {
    if pendingSpace {
      pendingSpace = false
      if !out.isEmpty { out.append(UInt8(ascii: " ")) }
    }
    out.append(byte)
  }

  mutating func emit(_ string: String) {
    for byte in string.utf8 { emit(byte) }
  }

  /// Decodes up to `end`, stopping after a `}` that closes a group opened before the call.
  mutating func decode(upTo end: Int) {
    while i < end {
      let byte = bytes[i]
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        // TeX ignores spaces in math (`$\langle 100 \rangle$` → ⟨100⟩).
        if !inMath { pendingSpace = true }
        i += 1
      case UInt8(ascii: "{"), UInt8(ascii: "}"):
        i += 1
      case UInt8(ascii: "$"):
        inMath.toggle()
        i += 1
      case UInt8(ascii: "^"), UInt8(ascii: "_"):
        if inMath {
          script(byte == UInt8(ascii: "^") ? LaTeX.superscripts : LaTeX.subscripts, marker: byte, end: end)
        } else {
          emit(byte)
          i += 1
        }
      case UInt8(ascii: "\\"):
        command(end: end)
      case UInt8(ascii: "~"):
        emit("\u{00A0}")
        i += 1
      case UInt8(ascii: "-"):
        if i + 2 < end, bytes[i + 1] == UInt8(ascii: "-"), bytes[i + 2] == UInt8(ascii: "-") {
          emit("—")
          i += 3
        } else if i + 1 < end, bytes[i + 1] == UInt8(ascii: "-") {
          emit("–")
          i += 2
        } else {
          emit(byte)
          i += 1
        }
      case UInt8(ascii: "`"), UInt8(ascii: "'"):
        if i + 1 < end, bytes[i + 1] == byte {
          emit(byte == UInt8(ascii: "`") ? "“" : "”")
          i += 2
        } else {
          emit(byte)
          i += 1
        }
      default:
        // Copy a run of plain bytes at once.
        let start = i
        i += 1
        while i < end, !isSpecial(bytes[i]) { i += 1 }
        if pendingSpace {
          pendingSpace = false
          if !out.isEmpty { out.append(UInt8(ascii: " ")) }
        }
        out.append(contentsOf: bytes[start..<i])
      }
    }
  }

  /// Whether `byte` needs more than copying: blanks, braces, `$`, `\`, `~`, `-` and quotes.
  func isSpecial(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "{"),
      UInt8(ascii: "}"), UInt8(ascii: "$"), UInt8(ascii: "\\"), UInt8(ascii: "~"), UInt8(ascii: "-"),
      UInt8(ascii: "`"), UInt8(ascii: "'"), UInt8(ascii: "^"), UInt8(ascii: "_"):
      return true
    default:
      return false
    }
  }

  /// Decodes the control sequence at `i` (a backslash).
  mutating func command(end: Int) {
    i += 1
    guard i < end else { return }
    let first = bytes[i]
    if LaTeX.isEscapable(first) {
      emit(first)
      i += 1
      return
    }
    var name: [UInt8]
    if isLetter(first) {
      let start = i
      while i < end, isLetter(bytes[i]) { i += 1 }
      name = Array(bytes[start..<i])
    } else {
      name = [first]
      i += 1
    }
    if let mark = LaTeX.combiningMark(name), !(isLetter(first) && i < end && isLetter(bytes[i])) {
      accent(mark, end: end)
      return
    }
    if isLetter(first) {
      // TeX ignores spaces after a control word.
      while i < end, isSpace(bytes[i]) { i += 1 }
      if let symbol = LaTeX.symbol(name) {
        emit(symbol)
      } else if LaTeX.fontCommands.contains(String(decoding: name, as: UTF8.self)), let group = group(end: end) {
        decode(group)
      } else if inMath, !(name == Array("left".utf8) || name == Array("right".utf8)) {
        // Like Pandoc, an unknown math command is shown as written (`\hat`), not dropped.
        emit(UInt8(ascii: "\\"))
        for byte in name { emit(byte) }
      } else if name == Array("url".utf8), let group = group(end: end) {
        // A URL is shown as written: no ligatures, no `~` as a space.
        for byte in bytes[group] where !isSpace(byte) { emit(byte) }
      } else if name == Array("href".utf8) || name == Array("noopsort".utf8) {
        // `\href{url}{text}` shows its text; `\noopsort{key}` (a sorting trick) shows nothing.
        _ = group(end: end)
      }
      return
    }
    switch first {
    case UInt8(ascii: " "), UInt8(ascii: "\\"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\n"):
      pendingSpace = true
    case UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "@"):
      break
    default:
      emit(first)
    }
  }

  /// Decodes `range` (a group already stepped over) in place.
  mutating func decode(_ range: Range<Int>) {
    let resume = i
    i = range.lowerBound
    decode(upTo: range.upperBound)
    i = resume
  }

  /// A `^` or `_` at `i` in math: `^\circ` is a degree sign, characters with a script form take it, anything else
  /// is shown after the marker.
  mutating func script(_ forms: [UInt8: String], marker: UInt8, end: Int) {
    i += 1
    while i < end, isSpace(bytes[i]) { i += 1 }
    guard i < end else { return }
    var argument: Range<Int>
    if bytes[i] == UInt8(ascii: "{"), let group = group(end: end) {
      argument = group
    } else if bytes[i] == UInt8(ascii: "\\") {
      var j = i + 1
      while j < end, isLetter(bytes[j]) { j += 1 }
      argument = i..<max(j, min(i + 2, end))
      i = argument.upperBound
    } else {
      argument = i..<min(i + scalarLength(bytes[i]), end)
      i = argument.upperBound
    }
    while argument.lowerBound < argument.upperBound, isSpace(bytes[argument.lowerBound]) {
      argument = (argument.lowerBound + 1)..<argument.upperBound
    }
    while argument.lowerBound < argument.upperBound, isSpace(bytes[argument.upperBound - 1]) {
      argument = argument.lowerBound..<(argument.upperBound - 1)
    }
    if marker == UInt8(ascii: "^"), bytes[argument].elementsEqual("\\circ".utf8) {
      emit("°")
      return
    }
    if !argument.isEmpty, bytes[argument].allSatisfy({ forms[$0] != nil }) {
      for byte in bytes[argument] { emit(forms[byte] ?? "") }
      return
    }
    emit(marker)
    decode(argument)
  }

  /// The content range of the `{…}` group at `i` (after blanks), moving past it; nil when there is none.
  mutating func group(end: Int) -> Range<Int>? {
    var j = i
    while j < end, isSpace(bytes[j]) { j += 1 }
    guard j < end, bytes[j] == UInt8(ascii: "{") else { return nil }
    let start = j + 1
    var depth = 0
    while j < end {
      if bytes[j] == UInt8(ascii: "{") {
        depth += 1
      } else if bytes[j] == UInt8(ascii: "}") {
        depth -= 1
        if depth == 0 {
          i = j + 1
          return start..<j
        }
      }
      j += 1
    }
    i = end
    return start..<end
  }

  /// Puts `mark` after the first character of the accent's argument (`{o}`, `o`, `\i`).
  mutating func accent(_ mark: Unicode.Scalar, end: Int) {
    guard accentDepth < 16 else { return }
    accentDepth += 1
    defer { accentDepth -= 1 }
    while i < end, isSpace(bytes[i]) { i += 1 }
    let start = out.count + (pendingSpace && !out.isEmpty ? 1 : 0)
    guard i < end else { return }
    if bytes[i] == UInt8(ascii: "{") {
      i += 1
      var depth = 1
      var groupEnd = i
      while groupEnd < end {
        if bytes[groupEnd] == UInt8(ascii: "{") {
          depth += 1
        } else if bytes[groupEnd] == UInt8(ascii: "}") {
          depth -= 1
          if depth == 0 { break }
        } else if bytes[groupEnd] == UInt8(ascii: "\\") {
          groupEnd += 1
        }
        groupEnd += 1
      }
      let stop = min(groupEnd, end)
      dotlessBase(end: stop)
      decode(upTo: stop)
      i = min(stop + 1, end)
    } else if bytes[i] == UInt8(ascii: "\\") {
      dotlessBase(end: end)
      if i < end, bytes[i] == UInt8(ascii: "\\") { command(end: end) }
    } else {
      let length = scalarLength(bytes[i])
      for _ in 0..<length where i < end {
        emit(bytes[i])
        i += 1
      }
    }
    guard start < out.count else { return }
    let base = out[start]
    if base < 0x80, let composed = LaTeX.compositions[UInt32(base) << 16 | mark.value] {
      out.replaceSubrange(start..<start + 1, with: String(composed).utf8)
      return
    }
    let insertAt = min(start + scalarLength(base), out.count)
    out.insert(contentsOf: Array(String(mark).utf8), at: insertAt)
    needsNormalization = true
  }

  /// Emits `i`/`j` for `\i`/`\j` under an accent, so `\'\i` composes to í.
  mutating func dotlessBase(end: Int) {
    guard i + 1 < end, bytes[i] == UInt8(ascii: "\\") else { return }
    let letter = bytes[i + 1]
    guard letter == UInt8(ascii: "i") || letter == UInt8(ascii: "j") else { return }
    guard i + 2 >= end || !isLetter(bytes[i + 2]) else { return }
    emit(letter)
    i += 2
    while i < end, isSpace(bytes[i]) { i += 1 }
  }

  func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }

  func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  func scalarLength(_ lead: UInt8) -> Int {
    if lead < 0x80 { return 1 }
    if lead >= 0xF0 { return 4 }
    if lead >= 0xE0 { return 3 }
    if lead >= 0xC0 { return 2 }
    return 1
  }
}
