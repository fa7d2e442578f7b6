package import GlossIndex
import GlossMatching
import GlossSyntax

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `gloss find` keeps between runs (`FindImageCache`): the search over the sources' text apart from the
/// workspace (`DetachedFind`) and the files that could not be read, as `gloss find` reports them.
package struct FindImage: Sendable {
  /// The search and what it reads.
  package var find: DetachedFind
  /// Files and folders that could not be read when the workspace was indexed.
  package var skipped: [SkippedFile]
  /// The notes whose text names a bibliography (or may: it holds the word), which a find never reuses the image
  /// without: their front matter adds to the workspace's bibliography.
  package var notesNamingBibliographies: Set<String>

  /// An image from its parts.
  package init(find: DetachedFind, skipped: [SkippedFile], notesNamingBibliographies: Set<String>) {
    self.find = find
    self.skipped = skipped
    self.notesNamingBibliographies = notesNamingBibliographies
  }

  /// Whether a note's text may name a bibliography in its front matter: it holds the word `bibliography`.
  package static func mayNameBibliography(_ text: [UInt8]) -> Bool {
    let word = Array("bibliography".utf8)
    guard text.count >= word.count else { return false }
    return text.withUnsafeBufferPointer { bytes in
      var index = 0
      while index + word.count <= bytes.count {
        var matched = 0
        while matched < word.count, bytes[index + matched] == word[matched] { matched += 1 }
        if matched == word.count { return true }
        index += 1
      }
      return false
    }
  }

  /// The magic number the image's bytes start with, inside the restart snapshot that holds them.
  static let magic = Array("GLOSSFND".utf8)
  /// The version of this format: another one is never read (the workspace is indexed again).
  static let formatVersion: UInt64 = 2

  /// The image's bytes, written by hand (`ByteWriter`): the magic number and version, the notes' paths, the skipped
  /// files, the notes naming bibliographies, the sources (each with its text problem, its extracted text), the
  /// highlights, the search's documents, then the matrix's segments as raw words.
  package var encoded: [UInt8] {
    var out = ByteWriter(capacity: find.matrix.byteCount + 1 << 16)
    out.appendRaw(Self.magic)
    out.append(Self.formatVersion)
    out.append(find.notePaths.count)
    for path in find.notePaths { out.append(path) }
    out.append(skipped.count)
    for file in skipped {
      out.append(file.path)
      out.append(file.reason)
    }
    let naming = notesNamingBibliographies.sorted { $0.utf8Precedes($1) }
    out.append(naming.count)
    for path in naming { out.append(path) }
    out.append(find.sources.count)
    for source in find.sources.values.sorted(by: { $0.path.utf8Precedes($1.path) }) {
      out.append(source.path)
      out.append(source.textCount)
      out.append(source.citingKey)
      out.append(source.pageOffset)
      out.appendLabels(source.printedLabels)
      out.append(UInt8(source.textProblem == nil ? 0 : 1))
      if let problem = source.textProblem { out.append(problem) }
      out.append(UInt8(source.extracted == nil ? 0 : 1))
      if let extracted = source.extracted {
        out.append(bytes: extracted.text)
        out.appendLabels(extracted.pageLabels)
      }
    }
    out.append(find.highlights.count)
    for highlight in find.highlights {
      for field in [
        highlight.key, highlight.quotedText, highlight.comment, highlight.pageLabel, highlight.annotationKey,
      ] {
        out.append(field)
      }
    }
    let documents = find.documents
    out.append(documents.count)
    for document in documents {
      out.append(document.path)
      out.append(document.tokenCount)
      out.append(document.chunkStarts.count)
      for start in document.chunkStarts { out.append(start) }
      out.append(document.furniture.count)
      for range in document.furniture {
        out.append(range.lowerBound)
        out.append(range.upperBound)
      }
    }
    out.append(find.matrix.columnCount)
    let segments = find.matrix.segmentParts
    out.append(segments.count)
    for segment in segments {
      out.append(segment.rowWords)
      out.appendWords(segment.rows)
    }
    return out.bytes
  }

  /// Reads an image `encoded` wrote; nil for anything else (another version, cut short, parts that do not fit).
  package init?(decoding bytes: [UInt8]) {
    self.init(decoding: FileBytes(bytes), in: bytes.indices)
  }

  /// Reads the image `encoded` wrote that lies at `range` in `bytes` (a kept record read in place).
  init?(decoding bytes: FileBytes, in range: Range<Int>) {
    guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
    var reader = ByteReader(bytes, offset: range.lowerBound)
    guard reader.raw(Self.magic.count).map({ Array($0) }) == Self.magic, reader.uint64() == Self.formatVersion,
      let noteCount = reader.count()
    else { return nil }
    var notePaths: [String] = []
    for _ in 0..<noteCount {
      guard let path = reader.string() else { return nil }
      notePaths.append(path)
    }
    guard let skippedCount = reader.count() else { return nil }
    var skipped: [SkippedFile] = []
    for _ in 0..<skippedCount {
      guard let path = reader.string(), let reason = reader.string() else { return nil }
      skipped.append(SkippedFile(path: path, reason: reason))
    }
    guard let namingCount = reader.count() else { return nil }
    var naming: Set<String> = []
    for _ in 0..<namingCount {
      guard let path = reader.string() else { return nil }
      naming.insert(path)
    }
    guard let sourceCount = reader.count() else { return nil }
    var sources: [DetachedFind.Source] = []
    for _ in 0..<sourceCount {
      guard let path = reader.string(), let textCount = reader.int(), textCount >= 0, let key = reader.string(),
        let offset = reader.int(), let labels = reader.labels(), let problemFlag = reader.byte(), problemFlag <= 1
      else { return nil }
      var problem: String?
      if problemFlag == 1 {
        guard let read = reader.string() else { return nil }
        problem = read
      }
      guard let flag = reader.byte(), flag <= 1 else { return nil }
      var extracted: DetachedFind.ExtractedText?
      if flag == 1 {
        guard let text = reader.data(), let pageLabels = reader.labels() else { return nil }
        extracted = DetachedFind.ExtractedText(text: Array(text.buffer), pageLabels: pageLabels)
      }
      sources.append(
        DetachedFind.Source(
          path: path, textCount: textCount, citingKey: key, pageOffset: offset, printedLabels: labels,
          extracted: extracted, textProblem: problem))
    }
    guard let highlightCount = reader.count() else { return nil }
    var highlights: [DetachedFind.Highlight] = []
    for _ in 0..<highlightCount {
      guard let key = reader.string(), let text = reader.string(), let comment = reader.string(),
        let page = reader.string(), let annotation = reader.string()
      else { return nil }
      highlights.append(
        DetachedFind.Highlight(
          key: key, quotedText: text, comment: comment, pageLabel: page, annotationKey: annotation))
    }
    guard let documentCount = reader.count() else { return nil }
    var documents: [(path: String, chunkStarts: [Int], tokenCount: Int, furniture: [Range<Int>])] = []
    for _ in 0..<documentCount {
      guard let path = reader.string(), let tokenCount = reader.int(), let startCount = reader.count(each: 8)
      else { return nil }
      var starts: [Int] = []
      starts.reserveCapacity(startCount)
      for _ in 0..<startCount {
        guard let start = reader.int() else { return nil }
        starts.append(start)
      }
      guard let furnitureCount = reader.count(each: 16) else { return nil }
      var furniture: [Range<Int>] = []
      for _ in 0..<furnitureCount {
        guard let lower = reader.int(), let upper = reader.int(), lower <= upper else { return nil }
        furniture.append(lower..<upper)
      }
      documents.append((path, starts, tokenCount, furniture))
    }
    guard let columnCount = reader.int(), let segmentCount = reader.count() else { return nil }
    var segments: [(rows: [UInt64], rowWords: Int)] = []
    for _ in 0..<segmentCount {
      guard let rowWords = reader.int(), let rows = reader.words() else { return nil }
      segments.append((rows, rowWords))
    }
    guard reader.offset == range.upperBound, let matrix = SignatureMatrix(columnCount: columnCount, segments: segments),
      let find = DetachedFind(
        matrix: matrix, documents: documents, sources: sources, highlights: highlights, notePaths: notePaths)
    else { return nil }
    self.init(find: find, skipped: skipped, notesNamingBibliographies: naming)
  }
}

extension ByteWriter {
  /// Appends page labels: a byte saying whether there are any, then their JSON.
  fileprivate mutating func appendLabels(_ labels: PageLabels?) {
    let json = labels.flatMap { try? JSONEncoder().encode($0) }
    append(UInt8(json == nil ? 0 : 1))
    if let json { append(bytes: json) }
  }

  /// Appends a count of words, then the words, little-endian, in one copy.
  fileprivate mutating func appendWords(_ words: [UInt64]) {
    append(words.count)
    words.withUnsafeBufferPointer { buffer in
      if UInt64(1).littleEndian == 1 {
        appendRaw(UnsafeRawBufferPointer(buffer))
      } else {
        for word in buffer { withUnsafeBytes(of: word.littleEndian) { appendRaw($0) } }
      }
    }
  }
}

extension ByteReader {
  /// The page labels `appendLabels` wrote (`.some(nil)` when there were none); nil when damaged.
  fileprivate mutating func labels() -> PageLabels?? {
    guard let flag = byte(), flag <= 1 else { return nil }
    if flag == 0 { return .some(nil) }
    guard let json = data(), let labels = try? JSONDecoder().decode(PageLabels.self, from: Data(json.buffer)) else {
      return nil
    }
    return .some(labels)
  }

  /// The words `appendWords` wrote; nil when cut short.
  fileprivate mutating func words() -> [UInt64]? {
    guard let count = count(each: 8), let raw = raw(count * 8) else { return nil }
    // Copied into memory never zeroed first (zeroing the signatures was a twentieth of a find).
    var words = [UInt64](unsafeUninitializedCapacity: count) { target, initialized in
      UnsafeMutableRawBufferPointer(target).copyMemory(from: UnsafeRawBufferPointer(raw.buffer))
      initialized = count
    }
    if UInt64(1).littleEndian != 1 { for index in words.indices { words[index] = UInt64(littleEndian: words[index]) } }
    return words
  }
}
