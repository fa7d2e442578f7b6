/// What a hover shows: Markdown text and the range of the element it is about.
package struct HoverText: Hashable, Sendable {
  /// The Markdown shown to the user.
  package var markdown: String
  /// The hovered element's range in the hovered file (UTF-8 offsets).
  package var range: Range<Int>

  /// A hover from its parts.
  package init(markdown: String, range: Range<Int>) {
    self.markdown = markdown
    self.range = range
  }
}
