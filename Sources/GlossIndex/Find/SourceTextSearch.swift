import GlossMatching
import GlossSyntax

/// The chunks of every source document's text, stacked in one `SignatureMatrix`: each document's chunks are side
/// by side in its columns (`Slot`), in path order when built whole; a document changed since keeps its columns when
/// it has as many chunks, else its columns are cleared and new ones appended.
struct SourceTextSearch: Sendable {
  /// One document's columns.
  struct Slot: Sendable {
    /// The document's path.
    var path: String
    /// Its first column.
    var firstColumn: Int
    /// Its chunks' starts and token count (the filters are in the matrix).
    var signature: TextSignature
  }

  /// Every document that has or had columns; those of `slotOfPath` hold a document now.
  private(set) var slots: [Slot] = []
  /// The slot of each document's path.
  private(set) var slotOfPath: [String: Int] = [:]
  /// The slot each column belongs to; -1 for a cleared column.
  private(set) var slotOfColumn: [Int32] = []
  /// Every chunk of every document.
  private(set) var matrix = SignatureMatrix()
  /// How many columns are cleared (a changed document's old ones).
  private(set) var clearedColumns = 0

  /// The search over the documents of `signatures` (by path), their columns in path order.
  init(_ signatures: [String: TextSignature]) {
    let paths = signatures.keys.sorted { $0.utf8Precedes($1) }
    append(paths.map { ($0, signatures[$0] ?? TextSignature(text: [])) })
  }

  /// The search whose matrix is `matrix` and whose documents are `documents`, their columns one after the other in
  /// this order from column 0 (as `compacted()` leaves them, and a kept image holds them); nil when the documents'
  /// chunks are not the matrix's columns.
  init?(matrix: SignatureMatrix, documents: [(path: String, signature: TextSignature)]) {
    var column = 0
    for (path, signature) in documents {
      guard slotOfPath[path] == nil else { return nil }
      slotOfPath[path] = slots.count
      slotOfColumn += repeatElement(Int32(slots.count), count: signature.chunkCount)
      slots.append(Slot(path: path, firstColumn: column, signature: signature))
      column += signature.chunkCount
    }
    guard column == matrix.columnCount else { return nil }
    self.matrix = matrix
  }

  /// The search after the documents of `changed` changed (a nil signature: the document is gone).
  func updating(_ changed: [String: TextSignature?]) -> SourceTextSearch {
    var out = self
    var appended: [(String, TextSignature)] = []
    for path in changed.keys.sorted(by: { $0.utf8Precedes($1) }) {
      let signature = changed[path] ?? nil
      if let slot = slotOfPath[path] {
        let old = slots[slot]
        if let signature, signature.chunkCount == old.signature.chunkCount {
          // As many chunks: the same columns, rewritten.
          out.matrix.overwrite(columnsFrom: old.firstColumn, with: signature)
          out.slots[slot].signature = signature.droppingFilters()
          continue
        }
        let columns = old.firstColumn..<(old.firstColumn + old.signature.chunkCount)
        out.matrix.clear(columns)
        for column in columns { out.slotOfColumn[column] = -1 }
        out.clearedColumns += columns.count
        out.slotOfPath[path] = nil
      }
      if let signature { appended.append((path, signature)) }
    }
    out.append(appended)
    return out
  }

  /// Appends the columns of `documents`, in order.
  private mutating func append(_ documents: [(path: String, signature: TextSignature)]) {
    let ranges = matrix.append(documents.map(\.signature))
    slotOfColumn.reserveCapacity(matrix.columnCount)
    for ((path, signature), columns) in zip(documents, ranges) {
      slotOfPath[path] = slots.count
      slotOfColumn += repeatElement(Int32(slots.count), count: columns.count)
      slots.append(Slot(path: path, firstColumn: columns.lowerBound, signature: signature.droppingFilters()))
    }
  }

  /// Whether cleared columns have grown to a quarter of the matrix (and more than a segment's worth).
  var needsCompaction: Bool {
    clearedColumns > max(SignatureMatrix.segmentColumns, matrix.columnCount / 4)
  }

  /// The same search without cleared columns, its documents' columns in path order.
  func compacted() -> SourceTextSearch {
    var out = SourceTextSearch([:])
    let live = slotOfPath.keys.sorted { $0.utf8Precedes($1) }.compactMap { slotOfPath[$0].map { slots[$0] } }
    out.matrix = matrix.compacted(keeping: live.map { $0.firstColumn..<($0.firstColumn + $0.signature.chunkCount) })
    var column = 0
    for slot in live {
      out.slotOfPath[slot.path] = out.slots.count
      out.slotOfColumn += repeatElement(Int32(out.slots.count), count: slot.signature.chunkCount)
      out.slots.append(Slot(path: slot.path, firstColumn: column, signature: slot.signature))
      column += slot.signature.chunkCount
    }
    return out
  }

  /// The slot and chunk of column `column`; nil for a cleared column.
  func owner(ofColumn column: Int) -> (slot: Int, chunk: Int)? {
    guard column >= 0, column < slotOfColumn.count, slotOfColumn[column] >= 0 else { return nil }
    let slot = Int(slotOfColumn[column])
    return (slot, column - slots[slot].firstColumn)
  }

  /// Bytes held, for memory reports.
  var byteCount: Int {
    matrix.byteCount + slotOfColumn.capacity * 4
      + slots.reduce(0) { $0 + $1.signature.byteCount + $1.path.utf8.count + 32 }
  }
}
