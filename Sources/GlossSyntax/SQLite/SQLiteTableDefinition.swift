/// What a `CREATE TABLE` statement says about the records of its table: the columns in order, which are stored in
/// records (all but `VIRTUAL` generated columns), their constant defaults (what a record written before
/// `ALTER TABLE … ADD COLUMN` holds for the column), the column that is an alias of the rowid (`INTEGER PRIMARY KEY`,
/// not `DESC`, or a table constraint `PRIMARY KEY (x)` on an `INTEGER` column) and `WITHOUT ROWID`.
struct SQLiteTableDefinition: Sendable, Equatable {
  /// The declared column names, in order.
  private(set) var columns: [String] = []
  /// Whether each column is stored in records.
  private(set) var stored: [Bool] = []
  /// Each column's default when it is a constant, else `.null`.
  private(set) var defaults: [SQLiteValue] = []
  /// Whether each column has REAL affinity (a declared type containing `REAL`, `FLOA` or `DOUB` and not `INT`):
  /// SQLite stores such a column's whole numbers as integers and reads them back as reals.
  private(set) var real: [Bool] = []
  /// The column that holds the rowid, if any.
  private(set) var rowidColumn: Int?
  /// Whether the table is `WITHOUT ROWID` (an index b-tree, not read here).
  private(set) var withoutRowid = false

  /// Keywords that start a column constraint, ending the column's type.
  private static let constraintKeywords: Set<String> = [
    "CONSTRAINT", "PRIMARY", "NOT", "NULL", "UNIQUE", "CHECK", "DEFAULT", "COLLATE", "REFERENCES", "GENERATED", "AS",
  ]
  /// Keywords that start a table constraint.
  private static let tableConstraintKeywords: Set<String> = ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"]

  /// The definition in `sql`, or nil when it is not a `CREATE TABLE … (…)` statement (`CREATE TABLE … AS SELECT`
  /// names no columns).
  init?(sql: String) {
    let tokens = SQLiteSQLToken.tokens(sql)
    guard tokens.first?.keyword == "CREATE", let open = tokens.firstIndex(of: .punctuation(UInt8(ascii: "("))),
      tokens[..<open].contains(where: { $0.keyword == "TABLE" }),
      !tokens[..<open].contains(where: { $0.keyword == "AS" })
    else { return nil }
    var parts: [ArraySlice<SQLiteSQLToken>] = []
    var depth = 0
    var start = open + 1
    var close = tokens.count
    for index in (open + 1)..<tokens.count {
      switch tokens[index] {
      case .punctuation(UInt8(ascii: "(")): depth += 1
      case .punctuation(UInt8(ascii: ")")) where depth > 0: depth -= 1
      case .punctuation(UInt8(ascii: ")")) where depth == 0, .punctuation(UInt8(ascii: ",")) where depth == 0:
        parts.append(tokens[start..<index])
        start = index + 1
        if tokens[index] == .punctuation(UInt8(ascii: ")")) { close = index }
      default: break
      }
      if close < tokens.count { break }
    }
    guard close < tokens.count else { return nil }
    let tail = tokens[(close + 1)...].compactMap(\.keyword)
    withoutRowid = zip(tail, tail.dropFirst()).contains { $0 == "WITHOUT" && $1 == "ROWID" }
    var primaryKey: String?
    var types: [String] = []
    for part in parts {
      guard let first = part.first else { continue }
      if let keyword = first.keyword, Self.tableConstraintKeywords.contains(keyword) {
        if let name = Self.primaryKeyColumn(part) { primaryKey = name }
        continue
      }
      guard let name = first.name else { continue }
      let column = Self.column(part.dropFirst())
      columns.append(name)
      types.append(column.type)
      real.append(Self.hasRealAffinity(column.type))
      stored.append(column.stored)
      defaults.append(column.defaultValue)
      if column.primaryKey, !column.descending, column.type.uppercased() == "INTEGER", rowidColumn == nil {
        rowidColumn = columns.count - 1
      }
    }
    if rowidColumn == nil, let primaryKey,
      let index = columns.firstIndex(where: { Self.folded($0) == Self.folded(primaryKey) }),
      types[index].uppercased() == "INTEGER"
    {
      rowidColumn = index
    }
    if withoutRowid { rowidColumn = nil }
    guard !columns.isEmpty else { return nil }
  }

  /// Whether a declared type gives REAL affinity (SQLite's rules, in order: `INT`; `CHAR`, `CLOB`, `TEXT`; `BLOB`;
  /// `REAL`, `FLOA`, `DOUB`).
  static func hasRealAffinity(_ type: String) -> Bool {
    let type = type.uppercased()
    guard !["INT", "CHAR", "CLOB", "TEXT", "BLOB"].contains(where: { type.contains($0) }) else { return false }
    return ["REAL", "FLOA", "DOUB"].contains { type.contains($0) }
  }

  /// The column named by a table constraint `PRIMARY KEY (x)` of one column.
  private static func primaryKeyColumn(_ part: ArraySlice<SQLiteSQLToken>) -> String? {
    guard let primary = part.firstIndex(where: { $0.keyword == "PRIMARY" }), primary + 2 < part.endIndex,
      part[primary + 1].keyword == "KEY", part[primary + 2] == .punctuation(UInt8(ascii: "("))
    else { return nil }
    let inside = part[(primary + 3)...].prefix { $0 != .punctuation(UInt8(ascii: ")")) }
    guard !inside.contains(.punctuation(UInt8(ascii: ","))) else { return nil }
    return inside.first?.name
  }

  /// The type, constraints and default of a column definition after its name.
  private static func column(_ tokens: ArraySlice<SQLiteSQLToken>) -> (
    type: String, stored: Bool, primaryKey: Bool, descending: Bool, defaultValue: SQLiteValue
  ) {
    var typeWords: [String] = []
    var index = tokens.startIndex
    while index < tokens.endIndex, let word = tokens[index].name, !tokens[index].isString,
      !constraintKeywords.contains(tokens[index].keyword ?? "")
    {
      typeWords.append(word)
      index += 1
    }
    var result = (
      type: typeWords.joined(separator: " "), stored: true, primaryKey: false, descending: false,
      defaultValue: SQLiteValue.null
    )
    var depth = 0
    while index < tokens.endIndex {
      let token = tokens[index]
      index += 1
      if token == .punctuation(UInt8(ascii: "(")) { depth += 1 }
      if token == .punctuation(UInt8(ascii: ")")) { depth = max(0, depth - 1) }
      guard depth == 0, let keyword = token.keyword else { continue }
      switch keyword {
      case "PRIMARY" where index < tokens.endIndex && tokens[index].keyword == "KEY":
        result.primaryKey = true
        result.descending = index + 1 < tokens.endIndex && tokens[index + 1].keyword == "DESC"
      case "DEFAULT":
        result.defaultValue = constant(tokens[index...])
      case "AS":
        result.stored = tokens[index...].contains { $0.keyword == "STORED" }
      default: break
      }
    }
    return result
  }

  /// The value of a constant default (a number, a string, a blob, `NULL`, `TRUE`, `FALSE`, possibly signed or in
  /// parentheses); `.null` for an expression this reader does not evaluate.
  private static func constant(_ tokens: ArraySlice<SQLiteSQLToken>) -> SQLiteValue {
    var tokens = tokens
    while tokens.first == .punctuation(UInt8(ascii: "(")) { tokens = tokens.dropFirst() }
    var negative = false
    if let first = tokens.first, first == .punctuation(UInt8(ascii: "-")) || first == .punctuation(UInt8(ascii: "+")) {
      negative = first == .punctuation(UInt8(ascii: "-"))
      tokens = tokens.dropFirst()
    }
    switch tokens.first {
    case .string(let text)?: return .text(text)
    case .blob(let bytes)?: return .blob(bytes)
    case .word(let word)?:
      switch word.uppercased() {
      case "TRUE": return .integer(1)
      case "FALSE": return .integer(0)
      default: break
      }
      if let integer = Int64(word) { return .integer(negative ? -integer : integer) }
      if word.lowercased().hasPrefix("0x"), let integer = UInt64(word.dropFirst(2), radix: 16) {
        let value = Int64(bitPattern: integer)
        return .integer(negative ? 0 &- value : value)
      }
      if let real = Double(word), word.first?.isNumber == true || word.first == "." {
        return .real(negative ? -real : real)
      }
      return .null
    default: return .null
    }
  }

  /// `name` with ASCII letters in lower case: SQL names compare so.
  static func folded(_ name: String) -> String {
    String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
  }
}
