/// Maps offsets in a source document's extracted text back to byte offsets in its file, and file offsets to text.
///
/// The text is a sequence of segments, each either copied verbatim from the file (text byte `i` of the segment is file
/// byte `fileStart + i`) or replaced (a decoded entity, a collapsed run of white space, an inserted line break), whose
/// bytes all come from the file range `fileStart..<fileEnd`. Segments follow file order. No segments at all means the
/// text is the file. Offsets are stored as `Int32` to keep the map small; files past 2 GB map approximately.
struct TextOffsetMap: Hashable, Sendable {
  /// One run of text bytes and where they came from.
  struct Segment: Hashable, Sendable {
    var textStart: Int32
    var fileStart: Int32
    var fileEnd: Int32
    var isVerbatim: Bool
  }

  private(set) var segments: [Segment] = []
  /// The extracted text's length.
  private(set) var textLength = 0
  /// The file's length.
  var fileLength = 0

  /// The identity map of a text that is its file.
  init(identityOfLength length: Int) {
    textLength = length
    fileLength = length
  }

  /// An empty map to be filled with `append`.
  init() {}

  /// The map of `segments` (in file order, each text start after the one before) from a text of `textLength` bytes
  /// to a file of `fileLength`; nil when they do not follow each other inside those lengths.
  init?(segments: [Segment], textLength: Int, fileLength: Int) {
    var previous: Segment?
    for segment in segments {
      guard segment.textStart >= 0, Int(segment.textStart) < textLength, segment.fileStart >= 0,
        segment.fileStart <= segment.fileEnd, Int(segment.fileEnd) <= fileLength
      else { return nil }
      if let previous {
        guard previous.textStart < segment.textStart, previous.fileEnd <= segment.fileStart else { return nil }
      }
      previous = segment
    }
    self.segments = segments
    self.textLength = textLength
    self.fileLength = fileLength
  }

  /// True when the text is the file, byte for byte.
  var isIdentity: Bool { segments.isEmpty && textLength == fileLength }

  /// Records that the next `count` text bytes are file bytes `fileStart..<fileStart + count`.
  mutating func appendVerbatim(count: Int, fileStart: Int) {
    guard count > 0 else { return }
    if let last = segments.last, last.isVerbatim, Int(last.fileEnd) == fileStart,
      Int(last.textStart) + Int(last.fileEnd - last.fileStart) == textLength
    {
      segments[segments.count - 1].fileEnd = Int32(truncatingIfNeeded: fileStart + count)
    } else {
      segments.append(
        Segment(
          textStart: Int32(truncatingIfNeeded: textLength), fileStart: Int32(truncatingIfNeeded: fileStart),
          fileEnd: Int32(truncatingIfNeeded: fileStart + count), isVerbatim: true))
    }
    textLength += count
  }

  /// Records that the next `count` text bytes stand for the file bytes `fileRange` (possibly empty).
  mutating func appendReplaced(count: Int, fileRange: Range<Int>) {
    guard count > 0 else { return }
    segments.append(
      Segment(
        textStart: Int32(truncatingIfNeeded: textLength), fileStart: Int32(truncatingIfNeeded: fileRange.lowerBound),
        fileEnd: Int32(truncatingIfNeeded: fileRange.upperBound), isVerbatim: false))
    textLength += count
  }

  /// The index of the segment holding text byte `offset` (`offset < textLength`).
  private func segmentIndex(containingText offset: Int) -> Int {
    // The last segment starting at or before `offset` (the first one when none does).
    max(0, segments.partitioningIndex { Int($0.textStart) > offset } - 1)
  }

  /// The file offset where text byte `offset` comes from (the file's end for the text's end).
  func fileOffset(ofTextStart offset: Int) -> Int {
    let offset = min(max(offset, 0), textLength)
    if segments.isEmpty { return min(offset, fileLength) }
    if offset == textLength { return min(Int(segments[segments.count - 1].fileEnd), fileLength) }
    let segment = segments[segmentIndex(containingText: offset)]
    if segment.isVerbatim { return min(Int(segment.fileStart) + offset - Int(segment.textStart), fileLength) }
    return min(Int(segment.fileStart), fileLength)
  }

  /// The file offset just after where text byte `offset - 1` comes from.
  func fileOffset(ofTextEnd offset: Int) -> Int {
    let offset = min(max(offset, 0), textLength)
    if segments.isEmpty { return min(offset, fileLength) }
    if offset == 0 { return fileOffset(ofTextStart: 0) }
    let segment = segments[segmentIndex(containingText: offset - 1)]
    if segment.isVerbatim { return min(Int(segment.fileStart) + offset - Int(segment.textStart), fileLength) }
    return min(Int(segment.fileEnd), fileLength)
  }

  /// The file range a text range comes from; always within the file and never reversed.
  func fileRange(ofText range: Range<Int>) -> Range<Int> {
    let start = fileOffset(ofTextStart: range.lowerBound)
    if range.isEmpty { return start..<start }
    return start..<max(start, fileOffset(ofTextEnd: range.upperBound))
  }

  /// The first text offset whose bytes come from file offset `offset` or later (the text's length when none do).
  func textOffset(ofFile offset: Int) -> Int {
    if segments.isEmpty { return min(max(offset, 0), textLength) }
    // The last file origin of each segment grows with the segment index: find the first one at or past `offset`.
    let low = segments.partitioningIndex { segment in
      let lastOrigin = segment.isVerbatim ? Int(segment.fileEnd) - 1 : Int(segment.fileStart)
      return lastOrigin >= offset
    }
    guard low < segments.count else { return textLength }
    let segment = segments[low]
    guard segment.isVerbatim else { return Int(segment.textStart) }
    return Int(segment.textStart) + max(0, offset - Int(segment.fileStart))
  }

  /// The text range whose bytes come from the file range.
  func textRange(ofFile range: Range<Int>) -> Range<Int> {
    let start = textOffset(ofFile: range.lowerBound)
    return start..<max(start, textOffset(ofFile: range.upperBound))
  }
}
