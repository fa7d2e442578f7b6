import Foundation
import GlossSyntax
import TestSupport
import Testing

/// Databases read through their write-ahead logs, made by `Tests/Fixtures/sqlite/make.py` while the writing
/// connection was open: the file holds rows 1–4; the log a first transaction (row 2 changed, rows 5–6 added) and a
/// second (rows 7–56 added, several frames).
@Suite struct SQLiteWALTests {
  static func database(_ name: String, log: Bool = true) throws -> SQLiteDatabase {
    SQLiteDatabase(
      file: try SQLiteDatabaseTests.bytes(name), wal: log ? try SQLiteDatabaseTests.bytes("\(name)-wal") : nil)
  }

  static func bodies(_ database: SQLiteDatabase) throws -> [Int64: String] {
    let table = try #require(database.table("t"))
    #expect(table.problems.isEmpty)
    return Dictionary(uniqueKeysWithValues: table.rows.map { ($0.rowid, $0.values[1].text ?? "") })
  }

  @Test func withoutTheLogTheFileAloneIsRead() throws {
    let bodies = try Self.bodies(try Self.database("wal.sqlite", log: false))
    #expect(bodies == [1: "file 1", 2: "file 2", 3: "file 3", 4: "file 4"])
  }

  @Test func committedTransactionsOfTheLogAreRead() throws {
    let database = try Self.database("wal.sqlite")
    #expect(database.problem == nil)
    #expect(database.warnings.isEmpty)
    let bodies = try Self.bodies(database)
    #expect(bodies.count == 56)
    #expect(bodies[2] == "log")
    #expect(bodies[6] == "log 6")
    #expect(bodies[56] == "second 56 " + String(repeating: "x", count: 200))
  }

  @Test(arguments: ["wal-torn.sqlite", "wal-badsum.sqlite"])
  func aTransactionCutOrDamagedIsIgnored(name: String) throws {
    let database = try Self.database(name)
    #expect(database.problem == nil)
    let bodies = try Self.bodies(database)
    #expect(bodies.keys.sorted() == Array(1...6))
    #expect(bodies[2] == "log")
    #expect(database.committedLogFrames > 0)
    #expect(database.committedLogFrames < (try Self.database("wal.sqlite")).committedLogFrames)
  }

  @Test func aLogWhoseHeaderIsDamagedIsIgnored() throws {
    var log = try SQLiteDatabaseTests.bytes("wal.sqlite-wal")
    log[17] ^= 1  // a salt: the header's checksum fails
    let database = SQLiteDatabase(file: try SQLiteDatabaseTests.bytes("wal.sqlite"), wal: log)
    #expect(database.problem == nil)
    #expect(database.warnings.count == 1)
    #expect(try Self.bodies(database).count == 4)
  }

  @Test func aLogWithAnotherPageSizeIsIgnored() throws {
    let file = try SQLiteDatabaseTests.bytes("utf16le.sqlite")
    let database = SQLiteDatabase(file: file, wal: try SQLiteDatabaseTests.bytes("wal.sqlite-wal"))
    #expect(database.warnings.first?.contains("page size") == true)
    #expect(database.table("words")?.rows.count == 5)
  }

  @Test func aLogAloneWithAnEmptyFileIsRead() throws {
    // A database whose every page is still in the log: the log's committed page 1 holds the header.
    let database = SQLiteDatabase(file: [], wal: try SQLiteDatabaseTests.bytes("wal.sqlite-wal"))
    #expect(database.problem == nil)
    #expect(database.tableNames == ["t"])
  }
}
