import Foundation
import TestSupport
import Testing

/// Rules the sources keep that the compiler alone does not hold them to: only the writers of
/// `Sources/GlossServer/Writing/` hold a `FileSystem` (docs/contributing/write-path.md), and a type the compiler cannot
/// check for sharing between threads says why (docs/contributing/architecture.md, "Invariants").
@Suite struct SourceRulesTests {
  static let modules = [
    "GlossSyntax", "GlossIndex", "GlossServer", "LanguageServerProtocol", "JSONStrings", "gloss", "gloss-bench",
  ]

  /// Every Swift file of the modules, as (path under `Sources/`, text).
  static func sources() throws -> [(path: String, text: String)] {
    var found: [(String, String)] = []
    for module in modules {
      let folder = Repository.url("Sources/" + module)
      let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
      while let relative = enumerator.nextObject() as? String {
        guard relative.hasSuffix(".swift") else { continue }
        found.append(
          (module + "/" + relative, try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)))
      }
    }
    return found
  }

  /// `file:line` of every line of code (not a comment) naming `any FileSystem` outside `GlossServer/Writing/`, but
  /// for `ServerOptions.fileSystem`, from which the server's writers are made.
  static func fileSystemHolders(in text: String, file: String) -> [String] {
    guard !file.hasPrefix("GlossServer/Writing/") else { return [] }
    var found: [String] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      guard !line.hasPrefix("//"), line.contains("any FileSystem") else { continue }
      let allowed = file == "GlossServer/ServerOptions.swift" && line.hasPrefix("package var fileSystem:")
      if !allowed { found.append("\(file):\(index + 1)") }
    }
    return found
  }

  /// `file:line` of every use of `ServerOptions.fileSystem` (which can write) outside `ServerOptions` itself, which
  /// makes the server's writers from it (`workspaceWriter(root:)`, `cacheWriter`, `restartCacheWriter`): the server
  /// reads through `ServerOptions.reader`.
  static func writingOptionUses(in text: String, file: String) -> [String] {
    var found: [String] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if !line.hasPrefix("//"), line.contains("options.fileSystem") { found.append("\(file):\(index + 1)") }
    }
    return found
  }

  /// `file:line` of every type declared `@unchecked Sendable` without a `// @unchecked:` comment just above it (in
  /// the comment lines that lead to the declaration) saying why.
  static func uncheckedWithoutReason(in text: String, file: String) -> [String] {
    var found: [String] = []
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    for (index, line) in lines.enumerated() where !line.hasPrefix("//") && line.contains("@unchecked Sendable") {
      var above = index - 1
      var reason = false
      while above >= 0, lines[above].hasPrefix("//") || lines[above].hasPrefix("@") {
        if lines[above].hasPrefix("// @unchecked:") { reason = true }
        above -= 1
      }
      if !reason { found.append("\(file):\(index + 1)") }
    }
    return found
  }

  @Test func theScansFindWhatTheyLookFor() {
    let holder = "struct Cache {\n  let fileSystem: any FileSystem\n  init(fileSystem: any FileSystem) {}\n}\n"
    #expect(
      Self.fileSystemHolders(in: holder, file: "GlossServer/Persistence/Cache.swift") == [
        "GlossServer/Persistence/Cache.swift:2", "GlossServer/Persistence/Cache.swift:3",
      ])
    let options = "  package var fileSystem: any FileSystem = LocalFileSystem()\n"
    #expect(Self.fileSystemHolders(in: options, file: "GlossServer/ServerOptions.swift").isEmpty)
    #expect(Self.fileSystemHolders(in: holder, file: "GlossServer/Writing/Cache.swift").isEmpty)
    #expect(Self.fileSystemHolders(in: "/// Takes any FileSystem.\n", file: "GlossIndex/A.swift").isEmpty)
    #expect(Self.writingOptionUses(in: "let reader = options.reader\n", file: "GlossServer/A.swift").isEmpty)
    #expect(
      Self.writingOptionUses(in: "let bytes = try options.fileSystem.contents(of: p)\n", file: "B.swift") == [
        "B.swift:1"
      ])
    let unchecked = "/// Slots.\n// @unchecked: written by one worker each.\nfinal class A: @unchecked Sendable {}\n"
    #expect(Self.uncheckedWithoutReason(in: unchecked, file: "A.swift").isEmpty)
    #expect(
      Self.uncheckedWithoutReason(in: "/// B.\nfinal class B: @unchecked Sendable {}\n", file: "B.swift") == [
        "B.swift:2"
      ])
  }

  @Test func onlyTheWritersHoldAFileSystem() throws {
    let found = try Self.sources().flatMap { Self.fileSystemHolders(in: $0.text, file: $0.path) }
    #expect(found.isEmpty, "\(found)")
  }

  @Test func theServerUsesItsFileSystemOnlyToMakeItsWriters() throws {
    let found = try Self.sources().flatMap { Self.writingOptionUses(in: $0.text, file: $0.path) }
    #expect(found.isEmpty, "\(found)")
  }

  @Test func everyUncheckedSendableSaysWhy() throws {
    let found = try Self.sources().flatMap { Self.uncheckedWithoutReason(in: $0.text, file: $0.path) }
    #expect(found.isEmpty, "\(found)")
  }
}
