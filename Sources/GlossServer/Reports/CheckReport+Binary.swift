/// The report as bytes, for `CheckReportCache` (`ByteWriter`'s layout; the file around it carries the version, the
/// build and a checksum).
extension CheckReport {
  /// The report as bytes.
  var encoded: [UInt8] {
    var out = ByteWriter(capacity: items.count * 128 + 64)
    encode(into: &out)
    return out.bytes
  }

  /// Appends the report's bytes to `out`.
  func encode(into out: inout ByteWriter) {
    out.append(items.count)
    for item in items {
      out.append(item.path)
      out.append(item.line)
      out.append(item.column)
      out.append(item.endLine)
      out.append(item.endColumn)
      out.append(item.severity)
      out.append(item.code)
      out.append(item.message)
      out.append(item.renamedKey?.from ?? "")
      out.append(item.renamedKey?.to ?? "")
    }
    out.append(noteCount)
    out.append(skipped.count)
    for file in skipped {
      out.append(file.path)
      out.append(file.reason)
    }
    out.append(UInt8(citesWithoutSources ? 1 : 0))
  }

  /// Reads a report written by `encoded`; nil for anything else.
  init?(decoding bytes: [UInt8]) {
    var reader = ByteReader(bytes)
    guard let report = CheckReport(reading: &reader), reader.isAtEnd else { return nil }
    self = report
  }

  /// Reads a report written by `encode(into:)` from `reader`; nil when what is there is not one.
  init?(reading reader: inout ByteReader) {
    guard let count = reader.count(each: 64) else { return nil }
    var items: [Item] = []
    items.reserveCapacity(count)
    for _ in 0..<count {
      guard let path = reader.string(), let line = reader.int(), let column = reader.int(),
        let endLine = reader.int(), let endColumn = reader.int(), let severity = reader.string(),
        let code = reader.string(), let message = reader.string(), let from = reader.string(),
        let to = reader.string()
      else { return nil }
      items.append(
        Item(
          path: path, line: line, column: column, endLine: endLine, endColumn: endColumn, severity: severity,
          code: code, message: message, renamedKey: from.isEmpty ? nil : Renamed(from: from, to: to)))
    }
    guard let noteCount = reader.int(), let skippedCount = reader.count(each: 16) else { return nil }
    var skipped: [SkippedFile] = []
    for _ in 0..<skippedCount {
      guard let path = reader.string(), let reason = reader.string() else { return nil }
      skipped.append(SkippedFile(path: path, reason: reason))
    }
    guard let cites = reader.byte(), cites <= 1 else { return nil }
    self.items = items
    self.noteCount = noteCount
    self.skipped = skipped
    citesWithoutSources = cites == 1
  }
}
