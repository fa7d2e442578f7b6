import Foundation
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `gloss lsp` killed with SIGKILL at random moments while it indexes and while it runs each writing command
/// (for a client without `workspace/applyEdit`, so Gloss writes the files itself): afterwards every file is its old
/// bytes or its complete new bytes, and no temporary file survives the next start.
///
/// The new bytes are those of a run of the same command left to finish on a copy of the same workspace (with the
/// `created:` time of new notes ignored). Each scenario is killed `GLOSS_CRASH_KILLS` times (2 by default, enough for
/// CI; set it to a few hundred by hand) after delays drawn from `GLOSS_CRASH_SEED` (printed, 1 by default), spread
/// over the time the finished run took.
@Suite(.serialized) struct CrashSafetyTests {
  enum Scenario: String, CaseIterable, CustomTestStringConvertible {
    case indexing, exportNote, exportTag, saveAsNote, newNote, convertToSource

    var testDescription: String { rawValue }

    /// The command run once the workspace is indexed, nil for `indexing` (killed while it indexes).
    func command(root: String) -> String? {
      let note = FileURI(filePath: root + "/notes/n0.md").string
      let arguments: String
      switch self {
      case .indexing: return nil
      case .exportNote: arguments = #"{"command":"gloss.export","arguments":[{"uri":"\#(note)","format":"html"}]}"#
      case .exportTag: arguments = #"{"command":"gloss.export","arguments":[{"tag":"kill"}]}"#
      case .saveAsNote:
        arguments = #"""
          {"command":"gloss.saveAsNote","arguments":[{"uri":"\#(note)","title":"Saved part",
           "range":{"start":{"line":4,"character":0},"end":{"line":400,"character":0}}}]}
          """#
      case .newNote: arguments = #"{"command":"gloss.newNote","arguments":[{"title":"Ghi chú mới 🦉"}]}"#
      case .convertToSource: arguments = #"{"command":"gloss.convertToSource","arguments":[{"uri":"\#(note)"}]}"#
      }
      return #"{"jsonrpc":"2.0","id":3,"method":"workspace/executeCommand","params":\#(arguments)}"#
    }
  }

  static let environment = ProcessInfo.processInfo.environment
  static let kills = Int(environment["GLOSS_CRASH_KILLS"] ?? "") ?? 2
  static let seed = UInt64(environment["GLOSS_CRASH_SEED"] ?? "") ?? 1

  @Test(arguments: Scenario.allCases)
  func killedServerLeavesOldOrCompleteNewFilesAndNoTemporaryFile(scenario: Scenario) throws {
    print("crash safety: \(scenario.rawValue), \(Self.kills) kills, GLOSS_CRASH_SEED=\(Self.seed)")
    let base = FileManager.default.temporaryDirectory.path + "/gloss-crash-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: base) }
    let pristine = base + "/pristine"
    try Self.makeWorkspace(at: pristine)
    let before = try Self.snapshot(pristine)

    // The run left to finish gives the new bytes and how long the work takes.
    let reference = base + "/reference"
    try FileManager.default.copyItem(atPath: pristine, toPath: reference)
    let duration = try Self.run(scenario, in: reference, base: base, killAfter: nil)
    let after = try Self.snapshot(reference)
    if scenario != .indexing {
      #expect(after != before, "the finished '\(scenario.rawValue)' changed no file")
    }

    var random = SeededRandom(state: Self.seed &+ UInt64(scenario.rawValue.utf8.count))
    // How many kills left the work half done (some files new, others old) or a temporary file: the kills that
    // landed inside the writing, which is what this test is about.
    var halfDone = 0
    var leftTemporary = 0
    for kill in 0..<Self.kills {
      let copy = base + "/kill-\(kill)"
      try FileManager.default.copyItem(atPath: pristine, toPath: copy)
      // Delays cover the whole work, and a little past it.
      let delay = duration * Double(random.next() % 1_200) / 1_000
      _ = try Self.run(scenario, in: copy, base: base, killAfter: delay)
      let killed = try Self.snapshot(copy)
      let temporary = killed.keys.filter(Self.isTemporary)
      if !temporary.isEmpty { leftTemporary += 1 }
      let changed = Set(killed.keys).subtracting(temporary).filter { killed[$0] != before[$0] }
      let expected = Set(after.keys).union(before.keys).filter { after[$0] != before[$0] }
      if !changed.isEmpty && changed.count < expected.count { halfDone += 1 }
      for path in Set(killed.keys).union(before.keys).subtracting(temporary).sorted() {
        let now = killed[path].map(Self.ignoringCreationTime)
        let old = before[path].map(Self.ignoringCreationTime)
        let new = after[path].map(Self.ignoringCreationTime)
        #expect(
          now == old || now == new,
          """
          '\(path)' after a kill \(Int(delay * 1_000_000)) µs into '\(scenario.rawValue)' is neither its old nor its \
          new content (\(killed[path]?.count ?? -1) bytes; old \(before[path]?.count ?? -1), new \
          \(after[path]?.count ?? -1)); GLOSS_CRASH_SEED=\(Self.seed)
          """)
      }
      // The next start removes what the killed process left.
      _ = try Self.run(.indexing, in: copy, base: base, killAfter: nil)
      let left = try Self.snapshot(copy).keys.filter(Self.isTemporary)
      #expect(left.isEmpty, "temporary files survive the next start: \(left.sorted())")
    }
    print(
      "crash safety: \(scenario.rawValue): \(Self.kills) kills, \(halfDone) left the work half done, \(leftTemporary) "
        + "left a temporary file (\(Int(duration * 1_000)) ms of work)")
  }

  // MARK: Running and killing the server

  /// Starts `gloss lsp` on `root`, waits for the indexing, runs the scenario's command, and either lets it finish
  /// (answering how long the indexing or command took, in seconds) or kills the server `killAfter` seconds in.
  static func run(_ scenario: Scenario, in root: String, base: String, killAfter: Double?) throws -> Double {
    var environment = Self.environment
    environment["XDG_STATE_HOME"] = base + "/state"
    environment["XDG_CACHE_HOME"] = base + "/cache"
    let gloss = try GlossProcess(arguments: ["lsp"], environment: environment)
    let rootURI = FileURI(filePath: root).string
    try gloss.send(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"\#(rootURI)","capabilities":{}}}"#
    )
    _ = try #require(gloss.waitForResponse(to: .number(1)), "no answer to 'initialize'")
    let start = Date()
    try gloss.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    // Requests are handled in order, so this answer comes once the first indexing is over.
    let symbols = #"{"jsonrpc":"2.0","id":2,"method":"workspace/symbol","params":{"query":"n0"}}"#
    guard let command = scenario.command(root: root) else {
      if let killAfter { return try kill(gloss, after: killAfter) }
      try gloss.send(symbols)
      _ = try #require(gloss.waitForResponse(to: .number(2), timeout: 120), "indexing did not end")
      try stop(gloss)
      return Date().timeIntervalSince(start)
    }
    try gloss.send(symbols)
    _ = try #require(gloss.waitForResponse(to: .number(2), timeout: 120), "indexing did not end")
    let commandStart = Date()
    try gloss.send(command)
    if let killAfter { return try kill(gloss, after: killAfter) }
    let response = try #require(gloss.waitForResponse(to: .number(3), timeout: 120), "no answer to the command")
    _ = try response.result.get()
    let duration = Date().timeIntervalSince(commandStart)
    try stop(gloss)
    return duration
  }

  static func kill(_ gloss: GlossProcess, after delay: Double) throws -> Double {
    usleep(UInt32(max(0, delay) * 1_000_000))
    Glibc.kill(gloss.process.processIdentifier, SIGKILL)
    _ = gloss.waitForExit()
    return delay
  }

  static func stop(_ gloss: GlossProcess) throws {
    try gloss.send(#"{"jsonrpc":"2.0","id":"end","method":"shutdown"}"#)
    _ = gloss.waitForResponse(to: .string("end"))
    try gloss.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    _ = gloss.waitForExit()
  }

  // MARK: The workspace and its files

  /// Sixteen notes of about 25 KB tagged `kill` (so that writes take long enough to be interrupted), a bibliography
  /// and a source, with accents, CJK and emoji.
  static func makeWorkspace(at root: String) throws {
    var files: [String: String] = [
      "references.bib": "@book{lê2021, title = {Đà Lạt 🌲}, year = 2021, author = {Lê, Văn}}\n",
      "sources/le2021.md": "# Chương 1\n\nTrí nhớ là một dòng sông. 漢字 🦉\n",
    ]
    let paragraph = "Trí nhớ không phải là một bản ghi [@lê2021, p. 4] — 記憶は川のように流れる 🦉. Nó thay đổi.\n\n"
    for k in 0..<16 {
      let body = String(repeating: paragraph, count: 200)
      files["notes/n\(k).md"] = "---\ntitle: Ghi chú \(k)\ntags: [kill]\n---\n# Ghi chú \(k)\n\n\(body)[[n\(k + 1)]]\n"
    }
    for (path, text) in files {
      let url = URL(fileURLWithPath: root + "/" + path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  /// Every file under `root` (hidden ones included) by relative path, with its bytes.
  static func snapshot(_ root: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(atPath: root) else { return files }
    while let path = walker.nextObject() as? String {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue
      else { continue }
      files[path] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
    }
    return files
  }

  /// Whether the last component of `path` is a Gloss temporary file (today's pattern, or the older `.gloss-…tmp`).
  static func isTemporary(_ path: String) -> Bool {
    let name = String(path.split(separator: "/").last ?? "")
    return TemporaryFile.isTemporary(name)
      || (name.hasPrefix(".") && name.contains(".gloss-") && name.hasSuffix(".tmp"))
  }

  /// `bytes` with the value of a `created:` front-matter line blanked: a new note records when it was made.
  static func ignoringCreationTime(_ bytes: Data) -> Data {
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.contains("\ncreated: ") else { return bytes }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix("created: ") ? "created: …" : String(line)
    }
    return Data(lines.joined(separator: "\n").utf8)
  }
}

/// A small deterministic generator, so that a failing seed replays the same delays.
struct SeededRandom {
  var state: UInt64
  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state >> 33
  }
}
