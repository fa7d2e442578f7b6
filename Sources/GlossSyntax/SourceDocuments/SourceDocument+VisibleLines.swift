extension SourceDocument {
  /// Where the visible text of an HTML file's lines starts and ends: a line passage is the text extracted from its
  /// lines, trimmed of spaces and line breaks, and these bounds trim it without the text (released once indexed).
  struct VisibleLines: Hashable, Sendable {
    /// Per line: the first text offset at or after the text of the line's start that is not blank (the text's
    /// length when there is none).
    private var starts: [Int32] = []
    /// Per line: one past the last text offset before the text of the line's end that is not blank (0 when there is
    /// none).
    private var ends: [Int32] = []

    init() {}

    /// Bounds read back as `bounds` gives them; nil when there are not as many starts as ends.
    init?(starts: [Int32], ends: [Int32]) {
      guard starts.count == ends.count else { return nil }
      self.starts = starts
      self.ends = ends
    }

    /// The bounds of each line: where its visible text starts, and where it ends.
    var bounds: (starts: [Int32], ends: [Int32]) { (starts, ends) }

    /// The number of lines bounded.
    var count: Int { starts.count }

    /// The bounds of every line of `document`, read from its text.
    init(of document: SourceDocument) {
      let text = document.text
      let count = document.lineCount
      starts.reserveCapacity(count)
      ends.reserveCapacity(count)
      // The text offsets of the lines' starts and ends grow with the line, so each scan goes on from where the last
      // one stopped, and starts again where an offset goes back. `text[from..<next]` is blank; `next` is not.
      var from = 0
      var next = 0
      var scanned = 0
      var last = 0
      for line in 0..<count {
        let start = document.offsetMap.textOffset(ofFile: Int(document.lineStarts[line]))
        if start < from || start > next { next = start }
        from = start
        while next < text.count, SourceDocument.isVisibleBlank(text[next]) { next += 1 }
        starts.append(Int32(clamping: next))
        let end = document.offsetMap.textOffset(ofFile: document.lineEnd(line))
        if end < scanned {
          scanned = 0
          last = 0
        }
        while scanned < min(end, text.count) {
          if !SourceDocument.isVisibleBlank(text[scanned]) { last = scanned + 1 }
          scanned += 1
        }
        ends.append(Int32(clamping: last))
      }
    }

    /// `range` (the text of `lines`) without its leading and trailing blanks, as `SourceDocument.trimmed` would
    /// give it from the text; empty when it holds only blanks.
    func trimmed(_ range: Range<Int>, lines: ClosedRange<Int>) -> Range<Int> {
      guard lines.lowerBound >= 0, lines.upperBound < starts.count else { return range.upperBound..<range.upperBound }
      let lower = Int(starts[lines.lowerBound])
      guard lower < range.upperBound else { return range.upperBound..<range.upperBound }
      return lower..<max(lower, Int(ends[lines.upperBound]))
    }
  }

  /// Whether `byte` is trimmed off a passage: a space, tab, form feed, vertical tab or line break.
  static func isVisibleBlank(_ byte: UInt8) -> Bool { isBlank(byte) || byte == 0x0A || byte == 0x0D }
}
