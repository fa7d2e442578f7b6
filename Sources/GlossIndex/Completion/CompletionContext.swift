import GlossSyntax

/// What the cursor is completing, found by scanning the note's bytes around it (never inside code or comments).
enum CompletionContext: Hashable, Sendable {
  /// A source key after `@` in citation position; `prefix` is what was typed after `@`.
  case sourceKey(prefix: String, replace: Range<Int>)
  /// A tag after `#` or in front-matter `tags:`.
  case tag(prefix: String, replace: Range<Int>)
  /// A note after `[[`; `closed` when `]]` already follows.
  case wikiTarget(prefix: String, replace: Range<Int>, closed: Bool)
  /// A heading after `[[target#` (`target` empty for the current note).
  case wikiHeading(target: String, prefix: String, replace: Range<Int>, closed: Bool)
  /// A note's path after `](`, before any `#`; `prefix` is the destination typed so far, as written.
  case markdownTarget(prefix: String, replace: Range<Int>)
  /// A heading slug after `](target#` (`target` empty for the current note).
  case markdownHeading(target: String, prefix: String, replace: Range<Int>)
  /// A heading of the source `key` in a section locator (`[@key, sec. ` or `[@key, § `).
  case sourceHeading(key: String, prefix: String, replace: Range<Int>)
  /// One of the Zotero highlights of the source `key` after `[@key, ` (`prefix`: the words typed since), replacing
  /// the citation typed so far with the quotation and its citation.
  case highlight(key: String, prefix: String, replace: Range<Int>)
  /// One of the Zotero highlights of the sources the note cites, on a blockquote line (`prefix`: the words typed
  /// there), replacing them with the highlight's words and a citation line starting with `linePrefix` (`> `); when
  /// the next line already cites `citedKey` (`> — [@key, p. 4]`), only that source's, and the words alone.
  case blockquoteHighlight(prefix: String, linePrefix: String, citedKey: String?, replace: Range<Int>)

  /// The context at `offset` in `bytes`, whose parsed model is `note`; nil where nothing is completed.
  static func at(_ offset: Int, in bytes: [UInt8], note: Note) -> CompletionContext? {
    guard offset >= 0, offset <= bytes.count else { return nil }
    // A cursor inside a multi-byte character is not a position an editor can send; refuse rather than guess.
    if offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { return nil }
    let scanner = CompletionScanner(bytes: bytes, offset: offset)
    if let frontMatter = note.frontMatter, frontMatter.range.lowerBound <= offset, offset < frontMatter.range.upperBound
    {
      return scanner.frontMatterTag()
    }
    var scanStart = scanner.lineStart
    if let block = Self.innermostBlock(at: offset, in: note.blocks) {
      switch block.kind {
      case .fencedCode, .indentedCode, .html, .frontMatter:
        if block.range.lowerBound < offset { return nil }
      default:
        scanStart = min(block.range.lowerBound, scanStart)
      }
    }
    if scanner.isInCodeSpanOrComment(from: scanStart) { return nil }
    return scanner.wikiLink() ?? scanner.markdownAnchor() ?? scanner.markdownTarget() ?? scanner.sectionLocator()
      ?? scanner.highlightPlace() ?? scanner.citationKey()
      ?? scanner.inlineTag() ?? scanner.blockquoteHighlightPlace()
  }

  /// The deepest block whose range holds `offset` (its end included).
  static func innermostBlock(at offset: Int, in blocks: [Block]) -> Block? {
    guard let block = blocks.first(where: { $0.range.lowerBound <= offset && offset <= $0.range.upperBound }) else {
      return nil
    }
    return innermostBlock(at: offset, in: block.children) ?? block
  }
}
