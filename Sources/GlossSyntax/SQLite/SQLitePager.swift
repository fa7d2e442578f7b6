/// The pages of a database file as its readers see them: a page comes from the newest committed frame of the
/// write-ahead log that holds it, else from the file. Pages are numbered from 1.
struct SQLitePager: Sendable {
  /// The database file's bytes.
  let file: [UInt8]
  /// The write-ahead log's bytes (empty without one).
  let log: [UInt8]
  /// Where the data of each page found in the log starts in `log`.
  let frames: [Int: Int]
  /// The size of a page in bytes.
  let pageSize: Int
  /// The bytes of a page that hold b-tree content: the page size less the reserved bytes at the end of each page.
  let usableSize: Int
  /// How many pages the database has.
  let pageCount: Int

  /// The bytes of page `number`, or nil when it is out of range or missing from a truncated file.
  func page(_ number: Int) -> ArraySlice<UInt8>? {
    guard number >= 1, number <= pageCount else { return nil }
    if let start = frames[number] { return log[start..<start + pageSize] }
    let start = (number - 1) * pageSize
    guard start + pageSize <= file.count else { return nil }
    return file[start..<start + pageSize]
  }

  /// Why `page(number)` is nil.
  func whyMissing(_ number: Int) -> String {
    if number < 1 || number > pageCount {
      return "page \(number) is out of range (the database has \(pageCount) pages)"
    }
    return "page \(number) is missing: the file ends at byte \(file.count) (truncated)"
  }
}
