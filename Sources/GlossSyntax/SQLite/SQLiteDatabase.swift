/// A read-only view of an SQLite database file (and its write-ahead log), decoded from bytes: the file format
/// (https://www.sqlite.org/fileformat2.html) read without the SQLite library, so that reading needs no lock and no
/// write in the database's folder. Tables with a rowid are read; indexes, views and triggers are not.
///
/// Never fails: `problem` says why bytes are not a readable database; a table's `problems` say which of its pages
/// could not be read. Work is bounded by the size of the bytes.
package struct SQLiteDatabase: Sendable {
  /// Why the bytes are not a readable database (`not an SQLite database`, `damaged: …`), or nil. When only part of
  /// the schema could be read (`damaged: the schema cannot be read …`), the tables it names are still there.
  package private(set) var problem: String?
  /// The user version (header offset 60), 0 when unreadable.
  package private(set) var userVersion: Int32 = 0
  /// What was read but not used: a write-ahead log that does not fit the file, a schema row that is not one.
  package private(set) var warnings: [String] = []
  /// How many frames of the write-ahead log belong to committed transactions (0 without a log).
  package private(set) var committedLogFrames = 0
  /// Where pages come from, nil when the database is unreadable.
  let pager: SQLitePager?
  /// How text is stored.
  let encoding: SQLiteTextEncoding
  /// The rows of `sqlite_schema`.
  let schema: [SQLiteSchemaEntry]

  /// The header's magic string.
  static let magic = Array("SQLite format 3\u{0}".utf8)
  /// The columns of `sqlite_schema`.
  static let schemaDefinition = SQLiteTableDefinition(
    sql: "CREATE TABLE sqlite_schema(type text, name text, tbl_name text, rootpage integer, sql text)")!

  /// The database in `file`, seen through the committed transactions of `wal` (its `-wal` file) when given.
  package init(file: [UInt8], wal: [UInt8]? = nil) {
    var log = wal.flatMap { SQLiteWAL($0) }
    if let wal, !wal.isEmpty, log == nil {
      warnings.append("the write-ahead log has no committed transaction with a valid checksum; it is ignored")
    }
    let fileHeader = file.count >= 100 && file.starts(with: Self.magic)
    if let size = fileHeader ? Self.pageSize(file[...]) : nil, let walLog = log, walLog.pageSize != size {
      warnings.append(
        "the write-ahead log's page size \(walLog.pageSize) differs from the database's \(size); it is ignored")
      log = nil
    }
    committedLogFrames = log?.committedFrames ?? 0
    // Page 1 (and so the header) is the log's when the log holds it.
    let header: ArraySlice<UInt8>
    if let log, let start = log.frames[1] {
      header = (wal ?? [])[start..<start + 100]
    } else if fileHeader {
      header = file[..<100]
    } else {
      pager = nil
      encoding = .utf8
      schema = []
      // An empty file is an empty database, as SQLite reads it.
      problem = file.isEmpty && log == nil ? nil : "not an SQLite database"
      return
    }
    guard header.starts(with: Self.magic), let pageSize = Self.pageSize(header), pageSize == log?.pageSize ?? pageSize
    else {
      (pager, encoding, schema, problem) = (
        nil, .utf8, [], "damaged: the page size is not a power of two from 512 to 65536, or not the write-ahead log's"
      )
      return
    }
    let reserved = Int(header[header.startIndex + 20])
    guard pageSize - reserved >= 480 else {
      (pager, encoding, schema, problem) = (
        nil, .utf8, [], "damaged: \(reserved) reserved bytes leave too little of each page"
      )
      return
    }
    let pageCount: Int
    if let log {
      pageCount = log.pageCount
    } else if let count = SQLiteBytes.uint32(header, at: 28), count > 0,
      SQLiteBytes.uint32(header, at: 24) == SQLiteBytes.uint32(header, at: 92)
    {
      pageCount = count
    } else {
      pageCount = (file.count + pageSize - 1) / pageSize
    }
    userVersion = Int32(bitPattern: UInt32(SQLiteBytes.uint32(header, at: 60) ?? 0))
    let encoding = SQLiteTextEncoding(header: SQLiteBytes.uint32(header, at: 56) ?? 1)
    self.encoding = encoding
    let pager = SQLitePager(
      file: file, log: log == nil ? [] : wal ?? [], frames: log?.frames ?? [:], pageSize: pageSize,
      usableSize: pageSize - reserved, pageCount: pageCount)
    self.pager = pager
    var tree = SQLiteTableTree(pager: pager)
    var entries: [SQLiteSchemaEntry] = []
    var skipped = 0
    tree.walk(root: 1) { _, payload in
      if let values = SQLiteRecord.values(payload, encoding: encoding), let entry = SQLiteSchemaEntry(values) {
        entries.append(entry)
      } else {
        skipped += 1
      }
    }
    schema = entries
    if let first = tree.problems.first {
      problem = "damaged: the schema cannot be read (\(first))"
    }
    if skipped > 0 { warnings.append("\(skipped) rows of sqlite_schema are damaged and skipped") }
  }

  /// The page size of a header (offset 16, big-endian; 1 means 65536), or nil when it is not a power of two from
  /// 512 to 65536.
  static func pageSize(_ header: ArraySlice<UInt8>) -> Int? {
    guard let raw = SQLiteBytes.uint16(header, at: 16) else { return nil }
    let size = raw == 1 ? 65536 : raw
    return size >= 512 && size & (size - 1) == 0 ? size : nil
  }

  /// The names of the tables (`sqlite_schema` rows of type `table`), in schema order.
  package var tableNames: [String] {
    schema.filter { $0.type == "table" }.map(\.name)
  }
}
