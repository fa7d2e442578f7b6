package import GlossSyntax

extension WorkspaceConfig {
  /// The severities a `diagnostics` entry may name.
  package static let severityNames: Set<String> = ["off", "hint", "info", "warning", "error"]

  /// Reads `.gloss.json` bytes; anything unreadable is a problem on its range and leaves that setting at its default.
  package static func parse(_ bytes: [UInt8]) -> (WorkspaceConfig, [SyntaxProblem]) {
    var config = WorkspaceConfig()
    let problems = config.apply(fileBytes: bytes)
    return (config, problems)
  }

  /// The configuration for a root: defaults, then the editor's settings, then the file, which wins.
  ///
  /// `editorSettings` is the `initializationOptions` object or `settings.gloss`; a value of a wrong type there is
  /// ignored (and listed in `editorProblems`), and a wrong value in the file keeps the editor's value.
  package static func resolved(
    editorSettings: ConfigValue?,
    file: [UInt8]?
  ) -> (config: WorkspaceConfig, fileProblems: [SyntaxProblem], editorProblems: [String]) {
    var config = WorkspaceConfig()
    var editorProblems: [String] = []
    switch editorSettings {
    case .object(let settings):
      editorProblems = config.apply(settings).map(\.message)
    case .none, .null:
      break
    case .some(let other):
      editorProblems = ["gloss settings must be an object, found \(other.typeName)"]
    }
    let fileProblems = file.map { config.apply(fileBytes: $0) } ?? []
    return (config, fileProblems, editorProblems)
  }

  /// Applies every key of `settings` it knows; returns a message (and the key path) for each value it could not use.
  package mutating func apply(_ settings: [String: ConfigValue]) -> [(keyPath: [String], message: String)] {
    var problems: [(keyPath: [String], message: String)] = []
    for key in settings.keys.sorted() {
      guard let value = settings[key] else { continue }
      problems += set(key, to: value)
    }
    return problems
  }

  /// Applies the keys of a `.gloss.json` file; returns the file's problems.
  private mutating func apply(fileBytes bytes: [UInt8]) -> [SyntaxProblem] {
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [] }
    guard let value = ConfigValue.decode(json: bytes) else { return [Self.jsonSyntaxProblem(in: bytes)] }
    guard case .object(let settings) = value else {
      return [
        SyntaxProblem(range: 0..<bytes.count, message: "'.gloss.json' must hold an object, found \(value.typeName)")
      ]
    }
    return apply(settings).map { problem in
      SyntaxProblem(range: Self.range(ofKeyPath: problem.keyPath, in: bytes), message: problem.message)
    }
  }

  /// Sets one key, or explains why its value cannot be used.
  private mutating func set(_ key: String, to value: ConfigValue) -> [(keyPath: [String], message: String)] {
    func wrongType(_ expected: String) -> [(keyPath: [String], message: String)] {
      [([key], "'\(key)' must be \(expected), found \(value.typeName)")]
    }
    switch key {
    case "notes":
      guard let list = Self.stringList(value) else { return wrongType("a list of globs") }
      notes = list
    case "sources":
      guard let list = Self.stringList(value) else { return wrongType("a list of folders") }
      sources = list
    case "bibliography":
      guard let list = Self.stringList(value) else { return wrongType("a list of files") }
      bibliography = list
    case "ignore":
      guard let list = Self.stringList(value) else { return wrongType("a list of folder names or globs") }
      ignore = list
    case "diagnosticsIgnore":
      guard let list = Self.stringList(value) else { return wrongType("a list of globs") }
      diagnosticsIgnore = list
    case "literatureNoteDir":
      guard case .string(let string) = value else { return wrongType("a folder name") }
      guard Workspace.folderInside(string) != nil else {
        return [([key], "'\(key)' must be a folder inside the workspace, found '\(string)'")]
      }
      literatureNoteDir = string
    case "literatureNoteNames":
      guard let list = Self.stringList(value), !list.isEmpty else { return wrongType("a list of file names") }
      // A name without `{key}` would make one note the literature note of every source.
      guard let bad = list.first(where: { !$0.contains("{key}") || $0.contains("/") }) else {
        literatureNoteNames = list
        return []
      }
      return [([key], "each of '\(key)' must hold '{key}' and no '/', found '\(bad)'")]
    case "newNoteDir", "exportDir":
      guard case .string(let string) = value else { return wrongType("a folder name") }
      // A folder Gloss writes into is refused, not reinterpreted, when it is not inside the workspace.
      guard Workspace.folderInside(string) != nil else {
        return [([key], "'\(key)' must be a folder inside the workspace, found '\(string)'")]
      }
      if key == "newNoteDir" { newNoteDir = string } else { exportDir = string }
    case "quoteCheck":
      guard case .bool(let flag) = value else { return wrongType("true or false") }
      quoteCheck = flag
    case "inlayHints":
      guard case .bool(let flag) = value else { return wrongType("true or false") }
      inlayHints = flag
    case "diagnostics":
      return setDiagnostics(value)
    case "zotero":
      return setZotero(value)
    case "pageOffsets":
      guard case .object(let entries) = value else { return wrongType("an object of source key to page offset") }
      var offsets: [String: Int] = [:]
      var problems: [(keyPath: [String], message: String)] = []
      for (sourceKey, entry) in entries.sorted(by: { $0.key < $1.key }) {
        if case .number(let number) = entry, let offset = Int(exactly: number) {
          offsets[sourceKey] = offset
        } else {
          problems.append(
            ([key, sourceKey], "page offset of '\(sourceKey)' must be a whole number, found \(entry.typeName)"))
        }
      }
      pageOffsets = offsets
      return problems
    default:
      // Unknown keys are kept for forward compatibility, as editors do with settings they do not know.
      break
    }
    return []
  }

  /// Sets the severity overrides, keeping each well-formed entry.
  private mutating func setDiagnostics(_ value: ConfigValue) -> [(keyPath: [String], message: String)] {
    guard case .object(let entries) = value else {
      return [(["diagnostics"], "'diagnostics' must be an object of code to severity, found \(value.typeName)")]
    }
    var problems: [(keyPath: [String], message: String)] = []
    var result: [String: String] = [:]
    for code in entries.keys.sorted() {
      guard let entry = entries[code] else { continue }
      if case .string(let severity) = entry, Self.severityNames.contains(severity.lowercased()) {
        result[code] = severity.lowercased()
      } else {
        let found = if case .string(let string) = entry { "'\(string)'" } else { entry.typeName }
        problems.append(
          (["diagnostics", code], "severity of '\(code)' must be off, hint, info, warning or error, found \(found)")
        )
      }
    }
    diagnostics = result
    return problems
  }

  /// Sets where the Zotero library is read from: `false`/`true`, a data folder, or `{"dataDir": …, "baseDir": …}`.
  private mutating func setZotero(_ value: ConfigValue) -> [(keyPath: [String], message: String)] {
    let expected = "true, false, a folder or an object with 'dataDir' and 'baseDir'"
    switch value {
    case .bool(let flag):
      zotero = ZoteroSetting(isEnabled: flag)
    case .string(let folder) where !folder.isEmpty:
      zotero = ZoteroSetting(dataDir: folder)
    case .object(let entries):
      var setting = ZoteroSetting()
      var problems: [(keyPath: [String], message: String)] = []
      for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
        switch (name, entry) {
        case ("dataDir", .string(let folder)) where !folder.isEmpty: setting.dataDir = folder
        case ("baseDir", .string(let folder)) where !folder.isEmpty: setting.baseDir = folder
        case ("enabled", .bool(let flag)): setting.isEnabled = flag
        case ("dataDir", _), ("baseDir", _):
          problems.append((["zotero", name], "'zotero.\(name)' must be a folder, found \(entry.typeName)"))
        case ("enabled", _):
          problems.append((["zotero", name], "'zotero.enabled' must be true or false, found \(entry.typeName)"))
        default:
          break
        }
      }
      zotero = setting
      return problems
    default:
      return [(["zotero"], "'zotero' must be \(expected), found \(value.typeName)")]
    }
    return []
  }

  /// A list of strings; a single string counts as a list of one.
  private static func stringList(_ value: ConfigValue) -> [String]? {
    switch value {
    case .string(let string):
      return [string]
    case .array(let items):
      var strings: [String] = []
      for item in items {
        guard case .string(let string) = item else { return nil }
        strings.append(string)
      }
      return strings
    default:
      return nil
    }
  }
}
