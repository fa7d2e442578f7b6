extension Note {
  /// Headings with their text (lines of a setext heading joined by a space) and unique slugs.
  static func headings(
    _ raw: [BlockParser.RawHeading], segments: [Range<Int>], in buffer: UnsafeBufferPointer<UInt8>
  ) -> [Heading] {
    let texts = raw.map { heading in
      segments[heading.segments].map { String(decoding: UnsafeBufferPointer(rebasing: buffer[$0]), as: UTF8.self) }
        .joined(separator: " ")
    }
    let slugs = Slug.unique(texts)
    return raw.indices.map { index in
      let heading = raw[index]
      let textRange: Range<Int>
      if let first = segments[heading.segments].first, let last = segments[heading.segments].last {
        textRange = first.lowerBound..<max(first.lowerBound, last.upperBound)
      } else {
        textRange = heading.range.upperBound..<heading.range.upperBound
      }
      return Heading(
        level: heading.level, text: texts[index], range: heading.range, textRange: textRange, slug: slugs[index])
    }
  }

  /// The note's title: front-matter `title`, else the first level-1 heading, else the file name without extension.
  package func title(fileName: String) -> String {
    if case .scalar(let title, _)? = frontMatter?["title"]?.value,
      title.contains(where: { !$0.isWhitespace })
    {
      return title
    }
    if let heading = headings.first(where: { $0.level == 1 }), !heading.text.isEmpty { return heading.text }
    let name = fileName.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? fileName
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}
