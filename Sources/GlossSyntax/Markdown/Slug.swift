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
      guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
      // Written straight into the string's storage: a slug is never longer than its heading.
      return String(unsafeUninitializedCapacity: bytes.count) { out in
        var count = 0
        for b in bytes {
          switch b {
          case UInt8(ascii: "A")...UInt8(ascii: "Z"): out[count] = b | 0x20
          case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
            UInt8(ascii: "_"):
            out[count] = b
          case UInt8(ascii: " "): out[count] = UInt8(ascii: "-")
          default: continue
          }
          count += 1
        }
        return count
      }
    } ?? nil
  }

  /// Slugs for headings in order, with `-1`, `-2`, … for repeats (github-slugger's rule).
  package static func unique(_ texts: [String]) -> [String] {
    var occurrences = Occurrences(capacity: texts.count)
    var slugs: [String] = []
    slugs.reserveCapacity(texts.count)
    for text in texts {
      let original = github(text)
      var slug = original
      while occurrences.count(of: slug) != nil {
        let count = (occurrences.count(of: original) ?? 0) + 1
        occurrences.set(original, count)
        slug = "\(original)-\(count)"
      }
      occurrences.set(slug, 0)
      slugs.append(slug)
    }
    return slugs
  }

  /// Slug → the number of repeats suffixed so far. A note has a few headings, so the slugs are searched in an array
  /// (hashing each slug and growing a dictionary from empty cost more than the slugs themselves); texts with many
  /// headings index them in a dictionary too.
  private struct Occurrences {
    private var slugs: [String] = []
    private var counts: [Int] = []
    /// The position of each slug in `slugs`, kept when there are many.
    private var positions: [String: Int]?

    init(capacity: Int) {
      slugs.reserveCapacity(capacity)
      counts.reserveCapacity(capacity)
      if capacity > 16 { positions = Dictionary(minimumCapacity: capacity) }
    }

    /// The count of `slug`, nil when it was not seen.
    func count(of slug: String) -> Int? { position(of: slug).map { counts[$0] } }

    mutating func set(_ slug: String, _ count: Int) {
      if let position = position(of: slug) {
        counts[position] = count
      } else {
        positions?[slug] = slugs.count
        slugs.append(slug)
        counts.append(count)
      }
    }

    private func position(of slug: String) -> Int? {
      if let positions { return positions[slug] }
      return slugs.firstIndex(of: slug)
    }
  }
}
