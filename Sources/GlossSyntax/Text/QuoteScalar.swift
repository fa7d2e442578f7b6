/// Unicode scalar functions for quotation matching: UTF-8 decoding, the token class of a scalar, and NFC.
///
/// The quotation engine (GlossMatching) calls the small ones for every byte it tokenizes: they are `@inlinable`, so
/// that they inline across the module boundary as they did inside one module. The two types are `public` (their
/// members stay `package`) because the optimizer inlines no `@inlinable` member of a `package` type into another
/// module (Swift 6.3), and compares `Class` values there through its `Equatable` witness table.
public enum QuoteScalar {
  /// What a scalar is to the tokenizer.
  public enum Class: UInt8, Sendable {
    case space
    case ignorable
    case softHyphen
    case word
    case combining
    case ligature
    case ideograph
    case quote
    case dash
    case ellipsis
    case punctuation
  }

  /// The scalar at `i` and its length in bytes; an invalid sequence is U+FFFD of length 1.
  @inlinable @inline(__always)
  package static func decode(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> (UInt32, Int) {
    let n = p.count
    let b0 = UInt32(p[i])
    if b0 < 0x80 { return (b0, 1) }
    if b0 >= 0xC2, b0 < 0xE0, i + 1 < n, p[i + 1] & 0xC0 == 0x80 {
      return (((b0 & 0x1F) << 6) | (UInt32(p[i + 1]) & 0x3F), 2)
    }
    if b0 >= 0xE0, b0 < 0xF0, i + 2 < n, p[i + 1] & 0xC0 == 0x80, p[i + 2] & 0xC0 == 0x80 {
      return (((b0 & 0x0F) << 12) | ((UInt32(p[i + 1]) & 0x3F) << 6) | (UInt32(p[i + 2]) & 0x3F), 3)
    }
    if b0 >= 0xF0, b0 < 0xF5, i + 3 < n, p[i + 1] & 0xC0 == 0x80, p[i + 2] & 0xC0 == 0x80,
      p[i + 3] & 0xC0 == 0x80
    {
      let v =
        ((b0 & 0x07) << 18) | ((UInt32(p[i + 1]) & 0x3F) << 12) | ((UInt32(p[i + 2]) & 0x3F) << 6)
        | (UInt32(p[i + 3]) & 0x3F)
      return (v, 4)
    }
    return (0xFFFD, 1)
  }

  /// True for ASCII letters and digits.
  @inlinable @inline(__always)
  package static func isASCIIAlphanumeric(_ b: UInt8) -> Bool {
    (b | 0x20) &- 0x61 < 26 || b &- 0x30 < 10
  }

  /// The token class of a scalar.
  @inlinable @inline(__always)
  package static func classify(_ v: UInt32) -> Class {
    if v < 0x80 { return classifyASCII(UInt8(v)) }
    if v < 0x2100 { return tableClasses[Int(v)] }
    // The CJK ideographs, the bulk of a Chinese or Japanese text, before the long list of ranges.
    if (0x4E00...0x9FFF).contains(v) { return .ideograph }
    // Their punctuation (`。`, `、`, `「`), kana, and full-width forms (`，`, `！`, `（`) are looked up too.
    if v &- 0x3000 < 0x100 { return cjkTableClasses[Int(v &- 0x3000)] }
    if v &- 0xFF00 < 0x100 { return fullWidthTableClasses[Int(v &- 0xFF00)] }
    return classifyByProperties(v)
  }

  /// The class of every scalar below U+2100 (Latin with Vietnamese, Greek, Cyrillic, Hebrew, Arabic, Indic scripts,
  /// general punctuation…), looked up rather than worked out from Unicode properties each time.
  @usableFromInline static let tableClasses: [Class] = (0..<0x2100).map { classifyByProperties(UInt32($0)) }
  /// The class of U+3000…U+30FF (CJK symbols and punctuation, hiragana, katakana).
  @usableFromInline static let cjkTableClasses: [Class] = (0x3000..<0x3100).map { classifyByProperties(UInt32($0)) }
  /// The class of U+FF00…U+FFFF (full-width and half-width forms).
  @usableFromInline static let fullWidthTableClasses: [Class] = (0xFF00..<0x10000).map {
    classifyByProperties(UInt32($0))
  }

  /// The token class of a scalar from its code point ranges and Unicode general category.
  @usableFromInline static func classifyByProperties(_ v: UInt32) -> Class {
    if v < 0x80 { return classifyASCII(UInt8(v)) }
    switch v {
    case 0x00A0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0x0085: return .space
    case 0x00AD: return .softHyphen
    case 0x200C, 0x200D, 0x2060, 0xFEFF: return .ignorable
    // Footnote marks: `suite†` is the word `suite`.
    case 0x2020, 0x2021: return .space
    case 0x2018...0x201F, 0x02BC, 0x00AB, 0x00BB, 0x2039, 0x203A, 0xFF02, 0xFF07: return .quote
    case 0x2010...0x2015, 0x2212, 0x2E3A, 0x2E3B, 0xFE58, 0xFE63, 0xFF0D: return .dash
    case 0x2026: return .ellipsis
    case 0xFB00...0xFB06: return .ligature
    case 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xF900...0xFAFF, 0x20000...0x3FFFF:
      return .ideograph
    default: break
    }
    guard let scalar = Unicode.Scalar(v) else { return .punctuation }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber:
      return .word
    case .nonspacingMark, .spacingMark, .enclosingMark: return .combining
    case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control: return .space
    case .format: return .ignorable
    default: return .punctuation
    }
  }

  /// The token class of an ASCII byte.
  @inlinable @inline(__always)
  package static func asciiClass(_ b: UInt8) -> Class { classifyASCII(b) }

  @inlinable @inline(__always)
  static func classifyASCII(_ b: UInt8) -> Class {
    if isASCIIAlphanumeric(b) { return .word }
    switch b {
    case 0x09...0x0D, 0x20: return .space
    case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"): return .quote
    case UInt8(ascii: "-"): return .dash
    case UInt8(ascii: "*"), UInt8(ascii: "_"): return .space
    // What `pdftotext` gives for the ligatures of a font that maps them to no text (ff, fi, fl, ffi, ffl in the
    // slots of TeX's T1 encoding): nothing of the word, which goes on (`e\u{1B}ect` is `eect`).
    case 0x1B...0x1F: return .ignorable
    case 0x00...0x1A, 0x7F: return .space
    default: return .punctuation
    }
  }

  /// True when the scalar is unchanged by NFC in any context (so a word of such scalars needs no normalising).
  @inlinable @inline(__always)
  package static func isNFCStable(_ v: UInt32) -> Bool {
    v < 0x0300 || (0x0388..<0x0483).contains(v) || (0x048A..<0x0530).contains(v) || (0x1E00..<0x1F00).contains(v)
      || (0x3041...0x3096).contains(v) || (0x30A1...0x30FA).contains(v) || (0x4E00...0x9FFF).contains(v)
      || (0xAC00...0xD7A3).contains(v)
  }

  /// The bytes in Unicode Normalization Form C.
  package static func nfc(_ bytes: [UInt8]) -> [UInt8] {
    String(decoding: bytes, as: UTF8.self).nfcUTF8
  }

  /// The letters a Latin ligature stands for.
  package static func ligatureExpansion(_ v: UInt32) -> [UInt8] {
    switch v {
    case 0xFB00: return Array("ff".utf8)
    case 0xFB01: return Array("fi".utf8)
    case 0xFB02: return Array("fl".utf8)
    case 0xFB03: return Array("ffi".utf8)
    case 0xFB04: return Array("ffl".utf8)
    default: return Array("st".utf8)
    }
  }

  /// True when a plain ASCII word read in place ends at `j`: the end of the text, or an ASCII byte that neither goes
  /// on with the word (a hyphen at a line end, a lost ligature's control character) nor starts a multi-byte scalar.
  @inlinable @inline(__always)
  package static func endsPlainASCIIWord(_ p: UnsafeBufferPointer<UInt8>, at j: Int) -> Bool {
    guard j < p.count else { return true }
    let b = p[j]
    guard b < 0x80, b &- 0x1B >= 5 else { return false }
    return b != UInt8(ascii: "-") || lineEndContinuation(p, j + 1) == nil
  }

  /// True for the control characters `pdftotext` gives for ligatures that have no text (see `classifyASCII`).
  @inlinable @inline(__always)
  package static func isLostLigatureMark(_ b: UInt8) -> Bool { b &- 0x1B < 5 }

  /// Where the word resumes when a hyphen ending just before `i` is a line-end break (spaces, one line break,
  /// spaces, then a letter or digit); nil otherwise.
  @inlinable
  package static func lineEndContinuation(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
    var j = i
    let n = p.count
    while j < n, p[j] == 0x20 || p[j] == 0x09 { j += 1 }
    guard j < n, p[j] == 0x0A || p[j] == 0x0D else { return nil }
    if p[j] == 0x0D, j + 1 < n, p[j + 1] == 0x0A { j += 1 }
    j += 1
    while j < n, p[j] == 0x20 || p[j] == 0x09 { j += 1 }
    guard j < n else { return nil }
    let (v, _) = decode(p, j)
    let cls = classify(v)
    return cls == .word || cls == .ligature ? j : nil
  }

  /// The end of `...` (three or more dots) or `. . .` starting at `i`; nil when there is no such ellipsis.
  package static func dottedEllipsisEnd(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
    let dot = UInt8(ascii: ".")
    var j = i
    var dots = 0
    while j < p.count, p[j] == dot { j += 1; dots += 1 }
    if dots >= 3 { return j }
    guard dots == 1 else { return nil }
    // `. . .`: dots separated by single spaces.
    j = i
    dots = 0
    var end = i
    while j < p.count, p[j] == dot {
      dots += 1
      end = j + 1
      guard j + 2 < p.count, p[j + 1] == 0x20, p[j + 2] == dot else { break }
      j += 2
    }
    return dots >= 3 ? end : nil
  }
}
