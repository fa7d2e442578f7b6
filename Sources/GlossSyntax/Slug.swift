/// Heading slugs as GitHub makes them for anchors.
package enum Slug {
  /// The GitHub slug of a heading's text, without a duplicate suffix: lowercased, letters, marks, digits, `_`
  /// and `-` kept, spaces turned into `-`, other punctuation and symbols (emoji included) dropped.
  package static func github(_ headingText: String) -> String {
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
