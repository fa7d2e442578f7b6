/// The part of a text that edits changed: `range` of the text before them was replaced by `insertedCount` bytes.
///
/// Several edits fold into one span covering them all, so a note edited many times between two re-parses is
/// re-parsed once, around everything that changed.
package struct TextEditSpan: Hashable, Sendable {
  /// The bytes replaced, in the text before the first edit.
  package var range: Range<Int>
  /// How many bytes replaced them.
  package var insertedCount: Int

  /// A span replacing `range` with `insertedCount` bytes.
  package init(range: Range<Int>, insertedCount: Int) {
    self.range = range
    self.insertedCount = insertedCount
  }

  /// The change in the text's length.
  package var delta: Int { insertedCount - range.count }

  /// This span followed by `next`, an edit of the text this span produced (its range in that text's offsets).
  package func followed(by next: TextEditSpan) -> TextEditSpan {
    // In the edited text, this span's bytes are `range.lowerBound ..< range.lowerBound + insertedCount`; `next`
    // covers `next.range` there. The union of both, mapped back to the original text where it lies outside them.
    let ownEnd = range.lowerBound + insertedCount
    let lower = min(range.lowerBound, next.range.lowerBound)
    let upperInEdited = max(ownEnd, next.range.upperBound)
    // Bytes past `ownEnd` in the edited text are the original's past `range.upperBound`, moved by `delta`.
    let upperInOriginal = upperInEdited >= ownEnd ? upperInEdited - delta : range.upperBound
    let upperAfter = upperInEdited + next.delta
    return TextEditSpan(range: lower..<max(lower, upperInOriginal), insertedCount: upperAfter - lower)
  }
}
