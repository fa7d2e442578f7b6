/// Heading slugs as GitHub makes them for anchors.
package enum Slug {
  /// The GitHub slug of a heading's text, without a duplicate suffix: lowercased, letters, marks, digits, `_`
  /// and `-` kept, spaces turned into `-`, other punctuation and symbols (emoji included) dropped.
  package static func github(_ headingText: String) -> String {
    if let slug = asciiGitHub(headingText) { return slug }
    var slug = String.UnicodeScalarView()
    for scalar in headingText.lowercased().unicodeScalars {
      if scalar == " " {
        slug.append("-")
      } else if scalar == "-" || scalar == "_" || ByteClass.isWordScalar(scalar) {
        slug.append(scalar)
      } else if !scalar.isASCII, scalar.properties.generalCategory == .connectorPunctuation {
        slug.append(scalar)
      }
    }
    return String(slug)
  }

  /// `github(_:)` of an ASCII heading, read as bytes; nil when the heading is not ASCII.
  private static func asciiGitHub(_ headingText: String) -> String? {
    let utf8 = headingText.utf8
    return utf8.withContiguousStorageIfAvailable { bytes -> String? in
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count)
      for b in bytes {
        switch b {
        case 0x80...: return nil
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): out.append(b | 0x20)
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
          UInt8(ascii: "_"):
          out.append(b)
        case UInt8(ascii: " "): out.append(UInt8(ascii: "-"))
        default: continue
        }
      }
      return String(decoding: out, as: UTF8.self)
    } ?? nil
  }

  /// Slugs for headings in order, with `-1`, `-2`, … for repeats (github-slugger's rule).
  package static func unique(_ texts: [String]) -> [String] {
    var occurrences: [String: Int] = [:]
    var slugs: [String] = []
    slugs.reserveCapacity(texts.count)
    for text in texts {
      let original = github(text)
      var slug = original
      while occurrences[slug] != nil {
        let count = (occurrences[original] ?? 0) + 1
        occurrences[original] = count
        slug = "\(original)-\(count)"
      }
      occurrences[slug] = 0
      slugs.append(slug)
    }
    return slugs
  }
}
