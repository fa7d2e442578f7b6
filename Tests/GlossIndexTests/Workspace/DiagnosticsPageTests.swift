import Foundation
import GlossIndex
import TestSupport
import Testing

/// The manual's diagnostics page lists every code the index emits, with its default severity and a section of its
/// own, and no code it does not emit.
@Suite struct DiagnosticsPageTests {
  static let page = (try? String(contentsOf: Repository.url("docs/diagnostics.md"), encoding: .utf8)) ?? ""

  /// The rows of the page's table of codes: code → severity.
  static var tableRows: [String: String] {
    var rows: [String: String] = [:]
    for line in page.split(separator: "\n") where line.hasPrefix("| [`") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 2, let start = cells[0].range(of: "[`"), let end = cells[0].range(of: "`]") else {
        continue
      }
      rows[String(cells[0][start.upperBound..<end.lowerBound])] = cells[1]
    }
    return rows
  }

  @Test func theTableListsEveryCodeWithItsDefaultSeverity() {
    let expected = DiagnosticCode.defaultSeverity.mapValues { "\($0)" }
    #expect(!Self.page.isEmpty)
    #expect(Self.tableRows == expected)
  }

  @Test(arguments: DiagnosticCode.defaultSeverity.keys.sorted())
  func everyCodeHasItsSection(code: String) {
    #expect(Self.page.contains("\n## `\(code)`\n"))
  }
}
