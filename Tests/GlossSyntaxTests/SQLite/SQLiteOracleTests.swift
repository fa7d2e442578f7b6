import Foundation
import GlossSyntax
import TestSupport
import Testing

/// Every row of random databases compared with what python's sqlite3 (the SQLite library) reads of them:
/// `Tests/Fixtures/sqlite/oracle.py` writes the databases (random values and column names, long texts and blobs on
/// overflow pages, thousands of rows on interior pages, deleted rows, `ALTER TABLE`, UTF-16, pages of 512 and
/// 65536 bytes; a small Zotero library from `Tests/Bench/make_zotero.py` whose last items are in its write-ahead
/// log) and its own reading of each as JSON.
@Suite struct SQLiteOracleTests {
  static let databases = ["mixed", "many", "small-pages", "big-pages", "utf16le", "utf16be", "zotero"]

  /// The files the script wrote (read, and their folder removed), by name, or why there are none.
  static let generated: Result<[String: Data], OracleUnavailable> = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gloss-sqlite-oracle-\(ProcessInfo.processInfo.processIdentifier)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Repository.url("Tests/Fixtures/sqlite/oracle.py").path, folder.path]
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      process.waitUntilExit()
    } catch {
      return .failure(OracleUnavailable(reason: "python3 cannot be run: \(error)"))
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    switch process.terminationStatus {
    case 0:
      var files: [String: Data] = [:]
      for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
        files[name] = try? Data(contentsOf: folder.appendingPathComponent(name))
      }
      return .success(files)
    case 3: return .failure(OracleUnavailable(reason: "python3 has no sqlite3 module"))
    case 127: return .failure(OracleUnavailable(reason: "python3 is not installed"))
    case let status: return .failure(OracleUnavailable(reason: "oracle.py failed with status \(status)"))
    }
  }()

  /// Why the oracle could not run.
  struct OracleUnavailable: Error {
    var reason: String
  }

  /// Whether python3 with its sqlite3 module could run the script.
  static var available: Bool {
    if case .failure(let why) = generated, why.reason.contains("python3") { return false }
    return true
  }

  @Test(
    .enabled(if: available, "skipped: python3 with its sqlite3 module is needed to write the oracle's databases"),
    arguments: databases)
  func everyRowIsWhatSQLiteReads(name: String) throws {
    let files = try Self.generated.get()
    let file = Array(try #require(files["\(name).sqlite"]))
    let json = try #require(files["\(name).json"])
    let oracle = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    let tables = try #require(oracle["tables"] as? [String: Any])
    let database = SQLiteDatabase(file: file, wal: files["\(name).sqlite-wal"].map { Array($0) })
    #expect(database.problem == nil)
    #expect(Set(database.tableNames) == Set(tables.keys))
    var mismatches = 0
    for (tableName, value) in tables.sorted(by: { $0.key < $1.key }) {
      let expected = try #require(value as? [String: Any])
      let table = try #require(database.table(tableName))
      #expect(table.problems.isEmpty, "\(tableName)")
      #expect(table.columns == expected["columns"] as? [String], "\(tableName)")
      let rows = try #require(expected["rows"] as? [[Any]])
      #expect(table.rows.count == rows.count, "\(tableName)")
      for (row, expectedRow) in zip(table.rows, rows) where mismatches < 5 {
        let rowid = Int64(expectedRow[0] as? String ?? "")
        let values = (expectedRow[1] as? [Any] ?? []).map(Self.value)
        if row.rowid != rowid || row.values != values {
          mismatches += 1
          Issue.record("\(name) \(tableName) row \(row.rowid): \(row.values) is not \(rowid as Any) \(values)")
        }
      }
    }
  }

  /// A value as `oracle.py` writes it.
  static func value(_ json: Any) -> SQLiteValue {
    guard let object = json as? [String: String], let (kind, text) = object.first else { return .null }
    switch kind {
    case "i": return Int64(text).map(SQLiteValue.integer) ?? .null
    case "r": return Double(text).map(SQLiteValue.real) ?? .null
    case "t": return .text(text)
    default:
      let digits = Array(text.utf8)
      return .blob(
        stride(from: 0, to: digits.count - 1, by: 2).map {
          UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16) ?? 0
        })
    }
  }
}
