/// Everything Gloss knows about one Markdown note, with every range in UTF-8 byte offsets of the note's text.
///
/// `Note(parsing:)` is total: any bytes give a value, and what could not be read is in `problems`.
package struct Note: Hashable, Sendable {
  /// The YAML front matter, when the note starts with a `---` block.
  package var frontMatter: FrontMatter?
  /// The block structure, in document order (top-level blocks; containers hold their children).
  package var blocks: [Block]
  /// Every ATX or setext heading, in document order, with its GitHub slug.
  package var headings: [Heading]
  /// Every Pandoc citation (a bracketed group or an in-text citation), in document order.
  package var citations: [Citation]
  /// Every wiki link and Markdown link (to notes, anchors or URLs), in document order.
  package var links: [Link]
  /// Every tag use, inline and in front matter, in document order.
  package var tags: [TagUse]
  /// Every cross-reference label (`{#fig-x}`, `#| label: tbl-x`, …), in document order.
  package var labels: [CrossrefLabel] = []
  /// The cross-reference kinds the front matter declares (`crossref: custom:`).
  package var customCrossrefKinds: [CrossrefKind] = []
  /// Problems found while parsing (the front matter, mainly).
  package var problems: [SyntaxProblem]
  /// Whether the note holds syntax read across blocks (example-list labels, raw LaTeX environments, definition
  /// markers): an edit then parses the whole note again rather than the blocks around it. Link reference
  /// definitions are not counted here: an edit that leaves them as they were re-parses the blocks around it.
  package var readsAcrossBlocks = false
  /// The labels of the note's link reference definitions (`[label]: url`), case folded and blanks collapsed: what
  /// makes `@key [label]` a citation followed by a link rather than a citation with a suffix.
  package var referenceLabels: Set<String> = []

  package init(
    frontMatter: FrontMatter? = nil, blocks: [Block] = [], headings: [Heading] = [], citations: [Citation] = [],
    links: [Link] = [], tags: [TagUse] = [], problems: [SyntaxProblem] = []
  ) {
    self.frontMatter = frontMatter
    self.blocks = blocks
    self.headings = headings
    self.citations = citations
    self.links = links
    self.tags = tags
    self.problems = problems
  }
}

/// A YAML front-matter block: the subset of docs/citations-and-quotations.md (scalars, flow lists, block lists).
package struct FrontMatter: Hashable, Sendable {
  /// The whole block, from the opening `---` to the end of the closing line.
  package var range: Range<Int>
  /// The entries in order; keys Gloss does not use are kept too.
  package var entries: [FrontMatterEntry]

  package init(range: Range<Int>, entries: [FrontMatterEntry]) {
    self.range = range
    self.entries = entries
  }

  /// The first entry with this key (keys compare exactly).
  package subscript(key: String) -> FrontMatterEntry? { entries.first { $0.key == key } }
}

/// One `key: value` entry of front matter.
package struct FrontMatterEntry: Hashable, Sendable {
  package var key: String
  package var keyRange: Range<Int>
  package var value: FrontMatterValue

  package init(key: String, keyRange: Range<Int>, value: FrontMatterValue) {
    self.key = key
    self.keyRange = keyRange
    self.value = value
  }
}

/// A front-matter value: a scalar or a list, each item with its range (quotes excluded).
package enum FrontMatterValue: Hashable, Sendable {
  case scalar(String, Range<Int>)
  case list([FrontMatterItem])

  /// The value as a list of strings: a scalar is a one-item list.
  package var strings: [String] {
    switch self {
    case .scalar(let s, _): return [s]
    case .list(let items): return items.map(\.text)
    }
  }
}

/// One item of a front-matter list.
package struct FrontMatterItem: Hashable, Sendable {
  package var text: String
  package var range: Range<Int>

  package init(text: String, range: Range<Int>) {
    self.text = text
    self.range = range
  }
}

/// A block of the note's structure.
package struct Block: Hashable, Sendable {
  /// What kind of block this is.
  package enum Kind: Hashable, Sendable {
    case heading(level: Int)
    case paragraph
    case fencedCode(info: String)
    case indentedCode
    case html
    case blockQuote
    case list(ordered: Bool)
    case listItem
    case table
    case thematicBreak
    case footnoteDefinition(label: String)
    /// The body of a Pandoc definition-list entry (`:   text` under a term), holding paragraphs indented four.
    case definition
    case frontMatter
  }

  package var kind: Kind
  /// From the first byte of the block's first line to the end of its last line (line ending excluded).
  package var range: Range<Int>
  /// Child blocks, for block quotes, lists, list items, footnote definitions and definitions.
  package var children: [Block]
  /// For a GFM task list item (`- [ ]`, `- [x]`), whether it is checked; nil for any other block.
  package var checkbox: Bool?

  package init(kind: Kind, range: Range<Int>, children: [Block] = [], checkbox: Bool? = nil) {
    self.kind = kind
    self.range = range
    self.children = children
    self.checkbox = checkbox
  }
}

/// An ATX or setext heading.
package struct Heading: Hashable, Sendable {
  /// The heading's inline text with markers, closing hashes and a trailing attribute block removed.
  package var text: String
  /// The GitHub slug, with `-1`, `-2` suffixes for duplicates within the note; the `#id` of a trailing attribute
  /// block (`# Methods {#sec-methods}`) when it has one.
  package var slug: String
  private var storedLevel: UInt8
  /// Whether a trailing attribute block marks the heading `.unnumbered` (or `-`).
  package var isUnnumbered = false
  /// Whether the slug is the `#id` of a trailing attribute block rather than made from the text.
  package var hasIdentifier = false
  package var level: Int {
    get { Int(storedLevel) }
    set { storedLevel = UInt8(clamping: newValue) }
  }
  // Ranges in 8 bytes each (`CompactRange`): a workspace holds tens of thousands of headings.
  private var storedRange: CompactRange
  private var storedTextRange: CompactRange

  /// The heading's block (whole line or lines).
  package var range: Range<Int> {
    get { storedRange.range }
    set { storedRange = CompactRange(newValue) }
  }
  /// The range of `text` in the note.
  package var textRange: Range<Int> {
    get { storedTextRange.range }
    set { storedTextRange = CompactRange(newValue) }
  }

  package init(level: Int, text: String, range: Range<Int>, textRange: Range<Int>, slug: String) {
    self.text = text
    self.slug = slug
    storedLevel = UInt8(clamping: level)
    storedRange = CompactRange(range)
    storedTextRange = CompactRange(textRange)
  }
}

/// A Pandoc `Cite` element: a bracketed group `[see @a, p. 4; @b]` or an in-text `@a [p. 4]`.
package struct Citation: Hashable, Sendable {
  /// The cited items, in order (the first kept inline: see `CitationItems`).
  package var items: CitationItems
  private var storedRange: CompactRange
  /// True for `[...]` groups, false for in-text citations.
  package var isBracketed: Bool

  /// The whole citation, brackets included.
  package var range: Range<Int> {
    get { storedRange.range }
    set { storedRange = CompactRange(newValue) }
  }

  package init(range: Range<Int>, isBracketed: Bool, items: [CitationItem]) {
    self.items = CitationItems(items)
    storedRange = CompactRange(range)
    self.isBracketed = isBracketed
  }
}

/// One cited key inside a citation, with Pandoc's mode, prefix and suffix.
package struct CitationItem: Hashable, Sendable {
  /// Pandoc's citation modes.
  package enum Mode: String, Hashable, Sendable {
    case normalCitation = "NormalCitation"
    case authorInText = "AuthorInText"
    case suppressAuthor = "SuppressAuthor"
  }

  package var key: String
  /// The prefix as written (trimmed), e.g. `see`.
  package var prefix: String
  /// The suffix as written (trimmed, leading comma removed), e.g. `p. 33`.
  package var suffix: String
  // Ranges in 8 bytes each (`CompactRange`): a workspace holds hundreds of thousands of items.
  private var storedKeyRange: CompactRange
  private var storedSuffixRange: CompactRange
  private var storedRange: CompactRange
  package var mode: Mode

  /// The key's range, without `@` (and without braces for `@{key}`).
  package var keyRange: Range<Int> {
    get { storedKeyRange.range }
    set { storedKeyRange = CompactRange(newValue) }
  }
  /// Where `suffix` is in the note (empty range after the key when there is no suffix).
  package var suffixRange: Range<Int> {
    get { storedSuffixRange.range }
    set { storedSuffixRange = CompactRange(newValue) }
  }
  /// The item from its prefix to its suffix.
  package var range: Range<Int> {
    get { storedRange.range }
    set { storedRange = CompactRange(newValue) }
  }

  /// Moves the item's ranges by `delta` bytes, in place (text inserted or removed before it).
  package mutating func shift(by delta: Int) {
    storedKeyRange = storedKeyRange.shifted(by: delta)
    storedSuffixRange = storedSuffixRange.shifted(by: delta)
    storedRange = storedRange.shifted(by: delta)
  }

  package init(
    key: String, keyRange: Range<Int>, mode: Mode, prefix: String, suffix: String, suffixRange: Range<Int>,
    range: Range<Int>
  ) {
    self.key = key
    self.prefix = prefix
    self.suffix = suffix
    storedKeyRange = CompactRange(keyRange)
    storedSuffixRange = CompactRange(suffixRange)
    storedRange = CompactRange(range)
    self.mode = mode
  }
}

/// A link from a note: a wiki link, or a Markdown link or autolink.
package struct Link: Hashable, Sendable {
  package enum Kind: Hashable, Sendable {
    /// `[[target#anchor|label]]`
    case wiki
    /// `[label](target#anchor)`, `![alt](target)` or `<scheme:...>`; also reference links (`reference`)
    case markdown
  }

  /// The two halves of a CommonMark reference link, both Markdown links.
  package enum Reference: Hashable, Sendable {
    /// A link reference definition `[label]: target#anchor "title"`: `targetRange` and `anchorRange` are the
    /// destination as written, `label` is the label as written, and `range` runs from `[` to the definition's end.
    case definition
    /// A use of a definition, `[text][label]`, `[label][]` or `[label]` (or an image `![text][label]`): `target`,
    /// `anchor` and `isExternal` are its definition's, `label` is the text, `targetRange` is the label as written
    /// (the text for `[label][]` and `[label]`), and there is no `anchorRange`. Nothing in the use names the target,
    /// so edits of the target (note or heading renames, file moves) go to the definition only.
    case use
  }

  /// The target as written, percent-decoded for Markdown links, without the anchor; empty for `[[#Heading]]` and
  /// `(#slug)`.
  package var target: String
  /// The heading part after `#`, when there is one.
  package var anchor: String?
  /// The label or link text, when there is one.
  package var label: String?
  // Ranges in 8 bytes each (`CompactRange`): a workspace holds tens of thousands of links.
  private var storedRange: CompactRange
  private var storedTargetRange: CompactRange
  private var storedAnchorRange: CompactRange?
  package var kind: Kind

  /// The whole link.
  package var range: Range<Int> {
    get { storedRange.range }
    set { storedRange = CompactRange(newValue) }
  }
  package var targetRange: Range<Int> {
    get { storedTargetRange.range }
    set { storedTargetRange = CompactRange(newValue) }
  }
  package var anchorRange: Range<Int>? {
    get { storedAnchorRange?.range }
    set { storedAnchorRange = newValue.map(CompactRange.init) }
  }
  /// True for URLs with a scheme (`https:`, `mailto:`, …): never checked.
  package var isExternal: Bool
  /// True for images `![alt](src)`.
  package var isImage: Bool
  /// True for a wiki link written inside a citation's brackets (`@key [[Note]]`, `[see [[Note]] @key]`), where
  /// Pandoc reads it as the citation's prefix or suffix text: the citation keeps it as Pandoc reads it, and the note
  /// has it as a link too (checked, completed, renamed); exports leave it as written inside the citation.
  package var isInCitation = false
  /// For a reference link, whether this is its definition or a use of it; nil for inline, wiki and autolinks.
  package var reference: Reference?

  /// True for a use of a link reference definition (`[text][label]`), whose target is written elsewhere.
  package var isReferenceUse: Bool { reference == .use }

  package init(
    kind: Kind, range: Range<Int>, target: String, targetRange: Range<Int>, anchor: String? = nil,
    anchorRange: Range<Int>? = nil, label: String? = nil, isExternal: Bool = false, isImage: Bool = false
  ) {
    self.target = target
    self.anchor = anchor
    self.label = label
    storedRange = CompactRange(range)
    storedTargetRange = CompactRange(targetRange)
    storedAnchorRange = anchorRange.map(CompactRange.init)
    self.kind = kind
    self.isExternal = isExternal
    self.isImage = isImage
  }
}

/// One use of a tag: inline `#topic/sub` or an entry of front-matter `tags:`.
package struct TagUse: Hashable, Sendable {
  /// The tag without `#`, as written (compare case-insensitively).
  package var name: String
  private var storedRange: CompactRange
  package var isInFrontMatter: Bool

  /// The name's range, without `#`.
  package var range: Range<Int> {
    get { storedRange.range }
    set { storedRange = CompactRange(newValue) }
  }

  package init(name: String, range: Range<Int>, isInFrontMatter: Bool) {
    self.name = name
    storedRange = CompactRange(range)
    self.isInFrontMatter = isInFrontMatter
  }
}
