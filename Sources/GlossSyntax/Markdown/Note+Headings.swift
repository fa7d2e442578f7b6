extension Note {
  /// Headings with their text (lines of a setext heading joined by a space) and unique slugs; a trailing attribute
  /// block (`{#sec-x}`, `{.unnumbered}`) is not text, and its `#id` is the heading's slug, as Pandoc's identifier.
  static func headings(
    _ raw: [BlockParser.RawHeading], segments: [Range<Int>], in buffer: UnsafeBufferPointer<UInt8>
  ) -> [Heading] {
    var texts: [String] = []
    var attributes: [HeadingAttributes?] = []
    texts.reserveCapacity(raw.count)
    attributes.reserveCapacity(raw.count)
    for heading in raw {
      let lines = segments[heading.segments]
      // An ATX heading (most) is one line: its text is made at once, without an array of lines to join.
      var text =
        lines.count == 1
        ? String(decoding: UnsafeBufferPointer(rebasing: buffer[lines[lines.startIndex]]), as: UTF8.self)
        : lines.map { String(decoding: UnsafeBufferPointer(rebasing: buffer[$0]), as: UTF8.self) }
          .joined(separator: " ")
      // After closing hashes (`# A {#x} ##`) Pandoc reads the block as text.
      let closed = segments[heading.segments].last.map { last in
        buffer[last.upperBound..<min(heading.range.upperBound, buffer.count)].contains(UInt8(ascii: "#"))
      }
      let found = closed == true ? nil : HeadingAttributes.trailing(in: text)
      if let found {
        text = String(decoding: text.utf8.dropLast(found.length), as: UTF8.self)
      }
      texts.append(text)
      attributes.append(found)
    }
    let slugs = Slug.unique(texts)
    return raw.indices.map { index in
      let heading = raw[index]
      var textRange: Range<Int>
      if let first = segments[heading.segments].first, let last = segments[heading.segments].last {
        textRange = first.lowerBound..<max(first.lowerBound, last.upperBound - (attributes[index]?.length ?? 0))
      } else {
        textRange = heading.range.upperBound..<heading.range.upperBound
      }
      var out = Heading(
        level: heading.level, text: texts[index], range: heading.range, textRange: textRange,
        slug: attributes[index]?.identifier ?? slugs[index])
      out.isUnnumbered = attributes[index]?.isUnnumbered ?? false
      out.hasIdentifier = attributes[index]?.identifier != nil
      return out
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
