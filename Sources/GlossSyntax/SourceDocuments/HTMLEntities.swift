/// Decoding HTML character references: every numeric one and the common named ones (all of Latin-1, Greek letters,
/// typographic punctuation, arrows and math signs).
enum HTMLEntities {
  /// The scalar of the character reference starting with `&` at `index` and the offset after it, nil when there is
  /// none. Named references need their `;`, except the legacy `amp`, `lt`, `gt`, `quot`, `nbsp`, `copy`, `reg`.
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int)? {
    let count = bytes.count
    guard index + 2 < count + 0, bytes[index] == UInt8(ascii: "&") else { return nil }
    if bytes[index + 1] == UInt8(ascii: "#") {
      return numeric(bytes, at: index)
    }
    var end = index + 1
    while end < count, end - index <= 32, isAlphanumeric(bytes[end]) { end += 1 }
    guard end > index + 1 else { return nil }
    let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
    if end < count, bytes[end] == UInt8(ascii: ";"), let scalar = named[name] {
      return (scalar, end + 1)
    }
    // Browsers accept a few legacy names without the semicolon: try the longest such prefix.
    for legacy in ["nbsp", "quot", "copy", "amp", "reg", "lt", "gt"] where name.hasPrefix(legacy) {
      if let scalar = named[legacy] { return (scalar, index + 1 + legacy.utf8.count) }
    }
    return nil
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  /// `&#123;` or `&#x1F600;` (semicolon optional); invalid code points become U+FFFD, 0x80–0x9F as Windows-1252.
  private static func numeric(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int)? {
    var cursor = index + 2
    let isHex = cursor < bytes.count && (bytes[cursor] | 0x20) == UInt8(ascii: "x")
    if isHex { cursor += 1 }
    let digitsStart = cursor
    var value = 0
    while cursor < bytes.count {
      let byte = bytes[cursor]
      var digit: Int
      switch byte {
      case 0x30...0x39: digit = Int(byte - 0x30)
      case 0x61...0x66 where isHex: digit = Int(byte - 0x61 + 10)
      case 0x41...0x46 where isHex: digit = Int(byte - 0x41 + 10)
      default: digit = -1
      }
      guard digit >= 0 else { break }
      value = min(value * (isHex ? 16 : 10) + digit, 0x110000)
      cursor += 1
    }
    guard cursor > digitsStart else { return nil }
    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") { cursor += 1 }
    if (0x80...0x9F).contains(value), let mapped = windows1252[value] { value = mapped }
    let scalar = value == 0 ? nil : Unicode.Scalar(UInt32(value))
    return (scalar ?? "\u{FFFD}", cursor)
  }

  private static let windows1252: [Int: Int] = [
    0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021, 0x88: 0x02C6,
    0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152, 0x8E: 0x017D, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201C,
    0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC, 0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A,
    0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
  ]

  /// Named references: Latin-1 (U+00A0–U+00FF in order) plus a table of others.
  private static let named: [String: Unicode.Scalar] = {
    let latin1 = """
      nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute \
      micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig \
      Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash \
      Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute \
      ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc \
      uuml yacute thorn yuml
      """
    var table: [String: Unicode.Scalar] = [:]
    for (offset, name) in latin1.split(separator: " ").enumerated() {
      if let scalar = Unicode.Scalar(UInt32(0xA0 + offset)) { table[String(name)] = scalar }
    }
    let greek =
      "Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho _ Sigma Tau "
      + "Upsilon Phi Chi Psi Omega"
    for (offset, name) in greek.split(separator: " ").enumerated() where name != "_" {
      if let upper = Unicode.Scalar(UInt32(0x391 + offset)), let lower = Unicode.Scalar(UInt32(0x3B1 + offset)) {
        table[String(name)] = upper
        table[name.lowercased()] = lower
      }
    }
    let others: [String: UInt32] = [
      "amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27, "sigmaf": 0x3C2, "OElig": 0x152,
      "oelig": 0x153, "Scaron": 0x160, "scaron": 0x161, "Yuml": 0x178, "fnof": 0x192, "circ": 0x2C6, "tilde": 0x2DC,
      "ensp": 0x2002, "emsp": 0x2003, "thinsp": 0x2009, "zwnj": 0x200C, "zwj": 0x200D, "lrm": 0x200E, "rlm": 0x200F,
      "ndash": 0x2013, "mdash": 0x2014, "lsquo": 0x2018, "rsquo": 0x2019, "sbquo": 0x201A, "ldquo": 0x201C,
      "rdquo": 0x201D, "bdquo": 0x201E, "dagger": 0x2020, "Dagger": 0x2021, "bull": 0x2022, "hellip": 0x2026,
      "permil": 0x2030, "prime": 0x2032, "Prime": 0x2033, "lsaquo": 0x2039, "rsaquo": 0x203A, "oline": 0x203E,
      "frasl": 0x2044, "euro": 0x20AC, "trade": 0x2122, "larr": 0x2190, "uarr": 0x2191, "rarr": 0x2192,
      "darr": 0x2193, "harr": 0x2194, "lArr": 0x21D0, "rArr": 0x21D2, "hArr": 0x21D4, "forall": 0x2200,
      "part": 0x2202, "exist": 0x2203, "empty": 0x2205, "nabla": 0x2207, "isin": 0x2208, "notin": 0x2209,
      "ni": 0x220B, "prod": 0x220F, "sum": 0x2211, "minus": 0x2212, "lowast": 0x2217, "radic": 0x221A,
      "prop": 0x221D, "infin": 0x221E, "ang": 0x2220, "and": 0x2227, "or": 0x2228, "cap": 0x2229, "cup": 0x222A,
      "int": 0x222B, "there4": 0x2234, "sim": 0x223C, "cong": 0x2245, "asymp": 0x2248, "ne": 0x2260,
      "equiv": 0x2261, "le": 0x2264, "ge": 0x2265, "sub": 0x2282, "sup": 0x2283, "sube": 0x2286, "supe": 0x2287,
      "loz": 0x25CA, "spades": 0x2660, "clubs": 0x2663, "hearts": 0x2665, "diams": 0x2666, "nbhy": 0x2011,
      "hyphen": 0x2010, "dash": 0x2010, "NewLine": 0x0A, "Tab": 0x09, "nbspace": 0xA0, "ThinSpace": 0x2009,
      "hairsp": 0x200A, "numsp": 0x2007, "puncsp": 0x2008, "lsquor": 0x201A, "ldquor": 0x201E, "rsquor": 0x2019,
      "rdquor": 0x201D, "laquo": 0xAB, "raquo": 0xBB, "check": 0x2713, "cross": 0x2717, "star": 0x2606,
      "half": 0xBD, "caret": 0x2041, "comma": 0x2C, "period": 0x2E, "colon": 0x3A, "semi": 0x3B, "excl": 0x21,
      "quest": 0x3F, "num": 0x23, "dollar": 0x24, "percnt": 0x25, "lpar": 0x28, "rpar": 0x29, "ast": 0x2A,
      "plus": 0x2B, "sol": 0x2F, "equals": 0x3D, "lsqb": 0x5B, "rsqb": 0x5D, "bsol": 0x5C, "lowbar": 0x5F,
      "lcub": 0x7B, "rcub": 0x7D, "verbar": 0x7C, "vert": 0x7C, "grave": 0x60, "commat": 0x40, "Hat": 0x5E,
    ]
    for (name, value) in others {
      if let scalar = Unicode.Scalar(value) { table[name] = scalar }
    }
    return table
  }()
}
