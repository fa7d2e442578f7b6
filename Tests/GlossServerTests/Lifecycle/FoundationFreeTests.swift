import Foundation
import TestSupport
import Testing

/// The modules of `gloss` import FoundationEssentials, never all of Foundation (which, with the ICU data it loads,
/// costs the server 6.5 MB of resident memory): Foundation only in the `#else` of the portable idiom, for platforms
/// without FoundationEssentials.
@Suite struct FoundationFreeTests {
  static let modules = ["GlossSyntax", "GlossIndex", "GlossServer", "LanguageServerProtocol", "gloss"]

  /// `file:line` of every `import Foundation` (or of a Foundation submodule) not in the `#else` of
  /// `#if canImport(FoundationEssentials)`.
  static func foundationImports(in text: String, file: String) -> [String] {
    var found: [String] = []
    var previous = ""
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      let words = line.split(separator: " ").filter { !$0.hasPrefix("@") && $0 != "package" && $0 != "public" }
      if words.count == 2, words[0] == "import", words[1] == "Foundation" || words[1].hasPrefix("Foundation.") {
        if previous != "#else" { found.append("\(file):\(index + 1)") }
      }
      if !line.isEmpty { previous = line }
    }
    return found
  }

  @Test func theIdiomIsAcceptedAndABareImportIsNot() {
    let idiom =
      "#if canImport(FoundationEssentials)\n  import FoundationEssentials\n#else\n  import Foundation\n#endif\n"
    #expect(Self.foundationImports(in: idiom, file: "a.swift").isEmpty)
    #expect(Self.foundationImports(in: "import Dispatch\nimport Foundation\n", file: "b.swift") == ["b.swift:2"])
    #expect(Self.foundationImports(in: "@preconcurrency package import Foundation\n", file: "c.swift") == ["c.swift:1"])
  }

  @Test func noModuleOfGlossImportsFoundation() throws {
    var found: [String] = []
    for module in Self.modules {
      let folder = Repository.url("Sources/" + module)
      let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
      var files = 0
      while let relative = enumerator.nextObject() as? String {
        guard relative.hasSuffix(".swift") else { continue }
        files += 1
        let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
        found += Self.foundationImports(in: text, file: module + "/" + relative)
      }
      #expect(files > 0, "no Swift file in Sources/\(module)")
    }
    #expect(found.isEmpty, "\(found)")
  }
}
