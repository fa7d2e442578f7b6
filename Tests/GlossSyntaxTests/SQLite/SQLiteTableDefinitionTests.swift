import Testing

@testable import GlossSyntax

/// Column names and layout read from `CREATE TABLE` statements.
@Suite struct SQLiteTableDefinitionTests {
  @Test func readsNamesPastConstraintsCommentsAndQuotes() throws {
    let definition = try #require(
      SQLiteTableDefinition(
        sql: """
          CREATE TABLE IF NOT EXISTS main."it""ems" ( -- a comment (with a paren
            itemID INTEGER PRIMARY KEY,
            /* a block, comment */ "key" TEXT NOT NULL UNIQUE,
            [date Added] TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
            `clientDateModified` TIMESTAMP DEFAULT (datetime('now', 'localtime')),
            'libraryID' INT NOT NULL REFERENCES libraries(libraryID) ON DELETE CASCADE,
            synced INT NOT NULL DEFAULT 0, version INT NOT NULL DEFAULT -3,
            price DECIMAL(10, 2) DEFAULT 1.5e1 CHECK (price > 0),
            label DEFAULT 'it''s',
            bytes DEFAULT x'00Ff',
            flag DEFAULT TRUE,
            UNIQUE (libraryID, key),
            CONSTRAINT named CHECK (synced IN (0, 1)),
            FOREIGN KEY (libraryID) REFERENCES libraries(libraryID)
          )
          """))
    #expect(
      definition.columns == [
        "itemID", "key", "date Added", "clientDateModified", "libraryID", "synced", "version", "price", "label",
        "bytes", "flag",
      ])
    #expect(definition.rowidColumn == 0)
    #expect(
      definition.defaults == [
        .null, .null, .null, .null, .null, .integer(0), .integer(-3), .real(15), .text("it's"), .blob([0, 255]),
        .integer(1),
      ])
    #expect(definition.real == [false, false, false, false, false, false, false, false, false, false, false])
    #expect(!definition.withoutRowid)
  }

  @Test func findsTheRowidAlias() {
    #expect(SQLiteTableDefinition(sql: "CREATE TABLE t (a, b integer primary key)")?.rowidColumn == 1)
    #expect(SQLiteTableDefinition(sql: "CREATE TABLE t (a INT PRIMARY KEY, b)")?.rowidColumn == nil)
    #expect(SQLiteTableDefinition(sql: "CREATE TABLE t (a INTEGER PRIMARY KEY DESC, b)")?.rowidColumn == nil)
    #expect(SQLiteTableDefinition(sql: "CREATE TABLE t (a TEXT, b INTEGER, PRIMARY KEY (\"B\"))")?.rowidColumn == 1)
    #expect(SQLiteTableDefinition(sql: "CREATE TABLE t (a INTEGER, b INTEGER, PRIMARY KEY (a, b))")?.rowidColumn == nil)
    let withoutRowid = SQLiteTableDefinition(sql: "CREATE TABLE t (a INTEGER PRIMARY KEY, b) WITHOUT ROWID")
    #expect(withoutRowid?.withoutRowid == true)
    #expect(withoutRowid?.rowidColumn == nil)
  }

  @Test func knowsWhichColumnsAreStoredAndReal() throws {
    let definition = try #require(
      SQLiteTableDefinition(
        sql: "CREATE TABLE t (a REAL, b DOUBLE PRECISION, c FLOATING POINT, d INT, e AS (a + 1), "
          + "f GENERATED ALWAYS AS (a * 2) STORED, g)"))
    #expect(definition.columns == ["a", "b", "c", "d", "e", "f", "g"])
    #expect(definition.stored == [true, true, true, true, false, true, true])
    #expect(definition.real == [true, true, false, false, false, false, false])
  }

  @Test func statementsWithoutAColumnListGiveNothing() {
    #expect(SQLiteTableDefinition(sql: "CREATE TABLE t AS SELECT * FROM u") == nil)
    #expect(SQLiteTableDefinition(sql: "CREATE VIEW v AS SELECT (1)") == nil)
    #expect(SQLiteTableDefinition(sql: "CREATE TABLE t (") == nil)
    #expect(SQLiteTableDefinition(sql: "") == nil)
  }
}
