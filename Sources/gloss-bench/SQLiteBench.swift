import Foundation
import GlossSyntax

/// `gloss-bench sqlite <database> [--wal <log>] [--table NAME]…`: reads the file (and its `-wal` file beside it,
/// or the log given) with `SQLiteDatabase` and every table (or the tables named), best of five, and prints each
/// table's rows, columns and problems, with the thread CPU time of decoding the header and schema and of reading each
/// table (the files are read from disk first, untimed).
enum SQLiteBench {
  /// Runs the benchmark on the command line's arguments.
  static func run(_ arguments: [String]) {
    var path: String?
    var logPath: String?
    var wanted: [String] = []
    var index = 0
    while index < arguments.count {
      switch arguments[index] {
      case "--wal" where index + 1 < arguments.count:
        logPath = arguments[index + 1]
        index += 1
      case "--table" where index + 1 < arguments.count:
        wanted.append(arguments[index + 1])
        index += 1
      default: path = arguments[index]
      }
      index += 1
    }
    guard let path, let file = FileManager.default.contents(atPath: path) else {
      print("usage: gloss-bench sqlite <database> [--wal <log>] [--table NAME]…")
      return
    }
    let log = FileManager.default.contents(atPath: logPath ?? path + "-wal").map { Array($0) }
    let bytes = Array(file)
    var database = SQLiteDatabase(file: bytes, wal: log)
    let opening = best { database = SQLiteDatabase(file: bytes, wal: log) }
    if let problem = database.problem { print("problem: \(problem)") }
    for warning in database.warnings { print("warning: \(warning)") }
    print(
      "\(path): \(bytes.count) bytes, \(log?.count ?? 0) bytes of log (\(database.committedLogFrames) committed"
        + " frames), \(database.tableNames.count) tables; header and schema in \(milliseconds(opening))")
    var total = opening
    var totalRows = 0
    for name in wanted.isEmpty ? database.tableNames : wanted {
      var table: SQLiteTable?
      let time = best { table = database.table(name) }
      guard let table else {
        print("  \(name): no such table")
        continue
      }
      total += time
      totalRows += table.rows.count
      let problems = table.problems.isEmpty ? "" : ", problems: \(table.problems.prefix(3).joined(separator: "; "))"
      print("  \(name): \(table.rows.count) rows × \(table.columns.count) columns in \(milliseconds(time))\(problems)")
    }
    print("total: \(totalRows) rows in \(milliseconds(total)) of thread CPU time (best of 5 each)")
  }

  /// The shortest thread CPU time of five runs of `body` (the machine may be busy; wall time would count others).
  static func best(_ body: () -> Void) -> Duration {
    var shortest = UInt64.max
    for _ in 0..<5 {
      let start = FindBench.threadCPUNanoseconds()
      body()
      shortest = min(shortest, FindBench.threadCPUNanoseconds() - start)
    }
    return .nanoseconds(Int64(shortest))
  }

  /// A duration in milliseconds, to a tenth.
  static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%.1f ms", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
  }
}
