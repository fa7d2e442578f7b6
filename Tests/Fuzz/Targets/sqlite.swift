@testable import GlossSyntax

/// The SQLite reader: any bytes read as a database file (and, when the bytes hold a write-ahead log's magic at a
/// multiple of 4, the bytes before it as the file and the rest as its log; and the bytes alone as a log) give the
/// same result twice; bytes that are no database, or whose page size is wrong, have no tables; every table named is found, its rows are in strictly
/// increasing rowid order with one value per column, and a name that is no table gives nil.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSQLite(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  var split = bytes.count
  for offset in stride(from: 4, to: max(4, bytes.count - 3), by: 4)
  where bytes[offset] == 0x37 && bytes[offset + 1] == 0x7F && bytes[offset + 2] == 0x06
    && bytes[offset + 3] & ~1 == 0x82
  {
    split = offset
    break
  }
  checkSQLite(file: Array(bytes[..<split]), wal: split < bytes.count ? Array(bytes[split...]) : nil)
  checkSQLite(file: [], wal: bytes)
  return 0
}

/// The invariants of one database.
func checkSQLite(file: [UInt8], wal: [UInt8]?) {
  let database = SQLiteDatabase(file: file, wal: wal)
  let again = SQLiteDatabase(file: file, wal: wal)
  fuzzCheck(database.problem == again.problem && database.tableNames == again.tableNames, "a second read differs")
  if database.problem == "not an SQLite database" || database.problem?.hasPrefix("damaged: the page size") == true {
    fuzzCheck(database.tableNames.isEmpty, "an unreadable database has tables")
  }
  fuzzCheck(database.table("no such table \u{1}") == nil, "a table that is not there")
  for name in database.tableNames.prefix(16) {
    guard let table = database.table(name) else {
      fuzzCheck(false, "table '\(name)' is named but not found")
      return
    }
    fuzzCheck(table == again.table(name), "a second read of '\(name)' differs")
    fuzzCheck(zip(table.rows, table.rows.dropFirst()).allSatisfy { $0.rowid < $1.rowid }, "rows out of order")
    if !table.columns.isEmpty {
      fuzzCheck(table.rows.allSatisfy { $0.values.count == table.columns.count }, "a row without one value a column")
    }
    fuzzCheck(table.problems.allSatisfy { !$0.isEmpty }, "an empty problem")
  }
}
