import Foundation
import GlossSyntax
import TestSupport
import Testing

/// The reader on the fixtures `Tests/Fixtures/sqlite/make.py` writes with python's sqlite3: every serial type,
/// overflow pages, interior pages, odd column names, `ALTER TABLE`, reserved bytes, UTF-16.
@Suite struct SQLiteDatabaseTests {
  static let directory = Repository.url("Tests/Fixtures/sqlite")
  static let odd = "odd \"names\" table"

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  static func database(_ name: String) throws -> SQLiteDatabase {
    SQLiteDatabase(file: try bytes(name))
  }

  @Test func readsTheSchemaAndTheHeader() throws {
    let database = try Self.database("basic.sqlite")
    #expect(database.problem == nil)
    #expect(database.userVersion == 28)
    #expect(
      database.tableNames == [
        Self.odd, "other", "keyed", "pairs", "norowid", "search", "search_data", "search_idx", "search_content",
        "search_docsize", "search_config",
      ])
    #expect(database.table("dropped") == nil)
    #expect(database.table("everything") == nil)
    #expect(database.table("by_plain") == nil)
    let schema = try #require(database.table("sqlite_master"))
    #expect(schema.columns == ["type", "name", "tbl_name", "rootpage", "sql"])
    #expect(schema.rows.compactMap { $0.values[1].text }.contains("by_plain"))
  }

  @Test func readsColumnNamesFromTheStatement() throws {
    let table = try #require(try Self.database("basic.sqlite").table("ODD \"NAMES\" TABLE"))
    #expect(table.name == Self.odd)
    #expect(
      table.columns == [
        "id", "square name", "back tick", "plain", "quoted string", "ref", "added", "added with default",
      ])
    #expect(table.column("PLAIN") == 3)
    #expect(table.column("Added With Default") == 7)
    #expect(table.column("missing") == nil)
    #expect(table.problems.isEmpty)
  }

  @Test func readsEverySerialType() throws {
    let table = try #require(try Self.database("basic.sqlite").table(Self.odd))
    let byID = Dictionary(uniqueKeysWithValues: table.rows.map { ($0.rowid, $0.values) })
    let integers: [Int64] = [
      0, 1, -1, 127, -128, 128, 32767, -32768, 8_388_607, -8_388_608, 2_147_483_647, -2_147_483_648,
      140_737_488_355_327, -140_737_488_355_328, .max, .min,
    ]
    for (index, value) in integers.enumerated() {
      #expect(byID[Int64(index + 1)]?[5] == .integer(value))
      #expect(byID[Int64(index + 1)]?[0] == .integer(Int64(index + 1)), "the INTEGER PRIMARY KEY holds the rowid")
    }
    #expect(byID[100]?[4] == .real(3.5))
    // A REAL column stores whole numbers as integers (so -0.0 as 0) and reads them back as reals.
    #expect(byID[101]?[4] == .real(0))
    #expect(byID[101]?[4] != .integer(0))
    #expect(byID[102]?[4] == .real(1e300))
    #expect(byID[103]?[4] == .real(.infinity))
    #expect(byID[104]?[3] == .text("Việt ký ức 第3页 😀 é"))
    #expect(byID[105]?[2] == .blob((0...255).map { UInt8($0) }))
    #expect(byID[107]?[1] == .text(""))
    #expect(byID[107]?[2] == .blob([]))
    #expect(byID[107]?[4] == .null)
    #expect(byID[1]?[1].text == "int 0")
    #expect(byID[1]?[1].integer == nil)
    #expect(byID[1]?[5].text == nil)
  }

  @Test func readsOverflowPagesAndInteriorPages() throws {
    let table = try #require(try Self.database("basic.sqlite").table(Self.odd))
    let long = (0..<400).map { "Zotero abstract \($0) — ünïcödé 文字 " }.joined()
    let row = try #require(table.rows.first { $0.rowid == 106 })
    #expect(row.values[1] == .text(long))
    #expect(row.values[2] == .blob((0..<3000).map { UInt8($0 % 251) }))
    #expect(table.rows.count == 16 + 8 + 400 + 1)
    #expect(table.rows.map(\.rowid) == table.rows.map(\.rowid).sorted())
    let generated: [Int64] = table.rows.map(\.rowid).filter { $0 >= 1000 && $0 < 5000 }
    let expected: [Int64] = (0..<400).map { 1000 + Int64($0) * 3 }
    #expect(generated == expected)
    let last = try #require(table.rows.first { $0.rowid == 1399 })
    #expect(last.values[4] == .real(133.0 / 4))
  }

  @Test func columnsAddedLaterHoldTheirDefault() throws {
    let table = try #require(try Self.database("basic.sqlite").table(Self.odd))
    let old = try #require(table.rows.first { $0.rowid == 104 })
    #expect(old.values.count == 8)
    #expect(old.values[6] == .null)
    #expect(old.values[7] == .integer(-42))
    let new = try #require(table.rows.last)
    #expect(new.rowid == 5000)
    #expect(new.values[6] == .text("a"))
    #expect(new.values[7] == .integer(7))
  }

  @Test func rowidAliasesFollowSQLitesRules() throws {
    let database = try Self.database("basic.sqlite")
    let keyed = try #require(database.table("keyed"))
    #expect(keyed.rows.map(\.values) == [[.text("three"), .integer(3)], [.text("seven"), .integer(7)]])
    // INTEGER PRIMARY KEY DESC is not an alias: the rowid is its own.
    let pairs = try #require(database.table("pairs"))
    #expect(pairs.rows.map(\.values) == [[.integer(5), .text("five")], [.integer(2), .text("two")]])
    #expect(pairs.rows.map(\.rowid) == [1, 2])
    let norowid = try #require(database.table("norowid"))
    #expect(norowid.columns == ["k", "v"])
    #expect(norowid.rows.isEmpty)
    #expect(norowid.problems == ["norowid is a WITHOUT ROWID table, not read"])
  }

  @Test func virtualTablesHaveNoRowsButTheirStoredTablesHave() throws {
    let database = try Self.database("basic.sqlite")
    let search = try #require(database.table("search"))
    #expect(search.rows.isEmpty)
    #expect(search.columns.isEmpty)
    #expect(search.problems == ["search is a virtual table: its rows are not stored in its own pages"])
    let content = try #require(database.table("search_content"))
    #expect(content.rows.map(\.values) == [[.integer(1), .text("a searchable text")]])
    #expect(database.table("search_idx")?.problems == ["search_idx is a WITHOUT ROWID table, not read"])
  }

  @Test(arguments: ["utf16le.sqlite", "utf16be.sqlite"])
  func readsUTF16Databases(name: String) throws {
    let table = try #require(try Self.database(name).table("words"))
    #expect(table.problems.isEmpty)
    #expect(table.columns == ["id", "word", "note"])
    #expect(
      table.rows.map(\.values) == [
        [.integer(1), .text("café"), .null],
        [.integer(2), .text("Tiếng Việt"), .integer(2)],
        [.integer(3), .text("第3页"), .real(1.5)],
        [.integer(4), .text("😀 emoji"), .blob([0, 255])],
        [.integer(5), .text("long " + String(repeating: "ü", count: 3000)), .text("")],
      ])
  }

  @Test func skipsReservedBytes() throws {
    let table = try #require(try Self.database("reserved.sqlite").table("t"))
    #expect(table.problems.isEmpty)
    #expect(
      table.rows.map(\.values) == [
        [.integer(1), .text("short")], [.integer(2), .text(String(repeating: "reserved ", count: 300))],
        [.integer(3), .text("end")],
      ])
  }
}
