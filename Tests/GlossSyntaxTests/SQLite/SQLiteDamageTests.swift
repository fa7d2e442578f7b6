import Foundation
import GlossSyntax
import TestSupport
import Testing

/// Damaged databases: the reader says what it could not read, reads the rest, and neither hangs nor crashes.
/// In `basic.sqlite` (1024-byte pages) page 2 is the interior root page of the odd table and page 3 an index.
@Suite struct SQLiteDamageTests {
  static let odd = SQLiteDatabaseTests.odd

  /// `basic.sqlite` with the right-most child pointer of page 2 (its root) set to `page`.
  static func basic(rightmostOfRoot page: UInt32) throws -> SQLiteDatabase {
    var bytes = try SQLiteDatabaseTests.bytes("basic.sqlite")
    let offset = 1024 + 8
    #expect(bytes[1024] == 0x05, "page 2 is an interior table page")
    for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: page >> (24 - 8 * UInt32(index))) }
    return SQLiteDatabase(file: bytes)
  }

  @Test func bytesThatAreNoDatabaseSaySo() {
    #expect(SQLiteDatabase(file: Array("hello, world".utf8)).problem == "not an SQLite database")
    #expect(SQLiteDatabase(file: [UInt8](repeating: 0, count: 4096)).problem == "not an SQLite database")
    let empty = SQLiteDatabase(file: [])
    #expect(empty.problem == nil)
    #expect(empty.tableNames.isEmpty)
    #expect(empty.table("items") == nil)
  }

  @Test func aBadPageSizeIsDamage() throws {
    var bytes = try SQLiteDatabaseTests.bytes("basic.sqlite")
    bytes[16] = 0x03
    bytes[17] = 0x00
    let database = SQLiteDatabase(file: bytes)
    #expect(database.problem?.hasPrefix("damaged: ") == true)
    #expect(database.tableNames.isEmpty)
    #expect(database.table(Self.odd) == nil)
  }

  @Test func aCycleIsAProblemNotAHang() throws {
    let table = try #require(try Self.basic(rightmostOfRoot: 2).table(Self.odd))
    #expect(table.problems == ["page 2 is reached twice (a cycle, or a page used twice)"])
    #expect(!table.rows.isEmpty)
    #expect(table.rows.count < 425)
  }

  @Test func aPageOutOfRangeIsAProblem() throws {
    let table = try #require(try Self.basic(rightmostOfRoot: 99_999).table(Self.odd))
    #expect(table.problems == ["page 99999 is out of range (the database has 95 pages)"])
    #expect(table.rows.count > 300)
  }

  @Test func aPageOfAnotherKindIsAProblem() throws {
    let table = try #require(try Self.basic(rightmostOfRoot: 3).table(Self.odd))
    #expect(table.problems == ["page 3 is not a table page (type 2)"])
    #expect(table.rows.count > 300)
  }

  @Test func aFileTruncatedMidPageKeepsWhatItHolds() throws {
    let full = try SQLiteDatabaseTests.bytes("basic.sqlite")
    let database = SQLiteDatabase(file: Array(full[..<(50 * 1024 + 300)]))
    #expect(database.problem == nil)
    let table = try #require(database.table(Self.odd))
    #expect(table.problems.contains { $0.hasSuffix("(truncated)") })
    let complete = try #require(SQLiteDatabase(file: full).table(Self.odd))
    #expect(table.rows.count < complete.rows.count)
    let byID = Dictionary(uniqueKeysWithValues: complete.rows.map { ($0.rowid, $0) })
    #expect(table.rows.allSatisfy { byID[$0.rowid] == $0 }, "what is read is what the whole file holds")
  }

  @Test func aBrokenOverflowChainSkipsItsRow() throws {
    // reserved.sqlite: page 2 holds the rows, pages 3–7 row 2's overflow chain.
    let full = try SQLiteDatabaseTests.bytes("reserved.sqlite")
    let table = try #require(SQLiteDatabase(file: Array(full[..<(5 * 512)])).table("t"))
    #expect(table.rows.map(\.rowid) == [1, 3])
    #expect(table.problems == ["the overflow pages of row 2 on page 2 break at page 6"])
  }

  @Test func anOverflowPageUsedTwiceIsAProblem() throws {
    // Page 4's next page pointed back at page 3.
    var bytes = try SQLiteDatabaseTests.bytes("reserved.sqlite")
    bytes[3 * 512 + 3] = 3
    let table = try #require(SQLiteDatabase(file: bytes).table("t"))
    #expect(table.rows.map(\.rowid) == [1, 3])
    #expect(table.problems == ["the overflow pages of row 2 on page 2 break at page 3"])
  }

  @Test func everyPrefixOfADatabaseIsReadWithoutCrashing() throws {
    let full = try SQLiteDatabaseTests.bytes("reserved.sqlite")
    for length in stride(from: 0, through: full.count, by: 37) {
      let database = SQLiteDatabase(file: Array(full[..<length]))
      for name in database.tableNames { _ = database.table(name) }
    }
  }

  /// The invariants the `sqlite` fuzz target checks, on the bytes read as a file (split before a write-ahead log's
  /// magic at a multiple of 4, as the target does) and as a log alone.
  static func checkInvariants(_ bytes: [UInt8]) {
    var split = bytes.count
    for offset in stride(from: 4, to: max(4, bytes.count - 3), by: 4)
    where bytes[offset] == 0x37 && bytes[offset + 1] == 0x7F && bytes[offset + 2] == 0x06
      && bytes[offset + 3] & ~1 == 0x82
    {
      split = offset
      break
    }
    for (file, wal) in [(Array(bytes[..<split]), split < bytes.count ? Array(bytes[split...]) : nil), ([], bytes)] {
      let database = SQLiteDatabase(file: file, wal: wal)
      #expect(database.table("no such table \u{1}") == nil)
      for name in database.tableNames {
        let table = try? #require(database.table(name))
        #expect(table == SQLiteDatabase(file: file, wal: wal).table(name))
        let rows = table?.rows ?? []
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.rowid < $1.rowid })
        if let columns = table?.columns, !columns.isEmpty {
          #expect(rows.allSatisfy { $0.values.count == columns.count })
        }
      }
    }
  }
}
