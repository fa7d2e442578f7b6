/// Turns the bytes of a bibliography file into UTF-8: by byte-order mark, by the encoding JabRef declares, or with
/// a problem saying the file is not UTF-8.
package enum BibliographyEncoding {
  /// The file's text as UTF-8, and a problem when bytes had to be replaced by U+FFFD.
  ///
  /// - A UTF-16 byte-order mark (`FF FE`, `FE FF`) decodes UTF-16; the mark is dropped.
  /// - Valid UTF-8 is kept as it is, whatever the file declares (an ASCII file is both).
  /// - Otherwise a `% Encoding: windows-1252` line near the top (JabRef writes it; ISO-8859-1 and Latin-1 are read
  ///   as Windows-1252, as browsers do) decodes the file from that encoding.
  /// - Otherwise each invalid sequence becomes U+FFFD and the problem names the first one.
  package static func utf8(_ bytes: [UInt8]) -> (bytes: [UInt8], problem: SyntaxProblem?) {
    if bytes.count >= 2, bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF {
      return (utf16(bytes, littleEndian: bytes[0] == 0xFF), nil)
    }
    guard let invalid = firstInvalidUTF8(bytes) else { return (bytes, nil) }
    let declared = declaredEncoding(bytes)
    if let declared, singleByteNames.contains(normalised(declared)) {
      return (windows1252(bytes), nil)
    }
    let repaired = Array(String(decoding: bytes, as: UTF8.self).utf8)
    let message =
      if let declared {
        "the file declares encoding '\(declared)', which Gloss cannot read, and is not valid UTF-8: unreadable bytes "
          + "are shown as '\u{FFFD}' (save it as UTF-8)"
      } else {
        "the file is not valid UTF-8 and declares no encoding: unreadable bytes are shown as '\u{FFFD}' (save it as "
          + "UTF-8, or put '% Encoding: windows-1252' on its first line if that is what it is)"
      }
    // Everything before the first invalid byte was valid, so it sits at the same offset in the repaired text.
    return (repaired, SyntaxProblem(range: invalid..<min(invalid + 3, repaired.count), message: message))
  }

  /// `bytes` as UTF-8 when they start with a UTF-16 byte-order mark, else unchanged (notes: other encodings are
  /// repaired as invalid UTF-8).
  package static func decodingUTF16(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= 2, bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF else {
      return bytes
    }
    return utf16(bytes, littleEndian: bytes[0] == 0xFF)
  }

  /// The names (lowercased, without `-` and `_`) read as Windows-1252.
  static let singleByteNames: Set<String> = [
    "windows1252", "cp1252", "iso88591", "iso8859", "latin1", "l1", "iso885915", "latin9", "ansi",
  ]

  static func normalised(_ name: String) -> String {
    String(name.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " })
  }

  /// The offset of the first byte that is not part of valid UTF-8, or nil.
  static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    // The word-at-a-time check answers for the usual valid file; only a broken one is walked sequence by sequence.
    if UTF8Repair.isValid(bytes) { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      var index = 0
      while index < buffer.count {
        guard let length = UTF8Repair.sequenceLength(buffer, at: index) else { return index }
        index += length
      }
      return nil
    }
  }

  /// The name after `% Encoding:` on a comment line in the first 4 kB (JabRef's header), or nil.
  static func declaredEncoding(_ bytes: [UInt8]) -> String? {
    let head = bytes.prefix(4096)
    for line in head.split(separator: UInt8(ascii: "\n")) {
      let text = String(decoding: line, as: UTF8.self)
      guard text.hasPrefix("%") else { continue }
      let body = text.dropFirst().drop { $0 == " " || $0 == "\t" }
      guard body.lowercased().hasPrefix("encoding:") else { continue }
      let name = body.dropFirst("encoding:".count).filter { $0 != "\r" }.trimmingSpaces()
      return name.isEmpty ? nil : name
    }
    return nil
  }

  /// UTF-16 (after its byte-order mark) as UTF-8; an odd last byte and unpaired surrogates become U+FFFD.
  static func utf16(_ bytes: [UInt8], littleEndian: Bool) -> [UInt8] {
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var i = 2
    while i + 1 < bytes.count {
      let first = UInt16(bytes[i])
      let second = UInt16(bytes[i + 1])
      units.append(littleEndian ? second << 8 | first : first << 8 | second)
      i += 2
    }
    var text = String(decoding: units, as: UTF16.self)
    if i < bytes.count { text.append("\u{FFFD}") }
    return Array(text.utf8)
  }

  /// Windows-1252 bytes as UTF-8 (its five unassigned bytes are read as Latin-1 control characters).
  static func windows1252(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / 8)
    for byte in bytes {
      if byte < 0x80 {
        out.append(byte)
        continue
      }
      let scalar: Unicode.Scalar
      if byte < 0xA0, let mapped = windows1252High[Int(byte - 0x80)] {
        scalar = mapped
      } else {
        scalar = Unicode.Scalar(byte)
      }
      out.append(contentsOf: String(scalar).utf8)
    }
    return out
  }

  /// Windows-1252's characters for 0x80–0x9F (nil where it has none).
  private static let windows1252High: [Unicode.Scalar?] = [
    "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}", "\u{02C6}", "\u{2030}",
    "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil, nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}",
    "\u{2022}", "\u{2013}", "\u{2014}", "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}",
    "\u{0178}",
  ]
}

extension SourceText {
  /// The text of a bibliography file's bytes, decoded as the index reads them (`BibliographyEncoding.utf8`).
  package init(bibliographyBytes bytes: [UInt8]) {
    // `utf8` gives valid UTF-8 whatever it is handed (converted or repaired), so the bytes are not checked again: a
    // restart reads megabytes of bibliographies before its first answer.
    self.init(checkedUTF8: BibliographyEncoding.utf8(bytes).bytes)
  }
}
