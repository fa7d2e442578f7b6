import GlossIndex
import GlossSyntax
import Testing

/// Source documents prepared away from the server loop (parsed and indexed for quotation checks) and put in place
/// in one batch give exactly what putting each text in place one by one gives.
@Suite struct PreparedSourcesTests {
  /// Extracted texts, pages at form feeds: English, Vietnamese, Japanese, emoji.
  static let texts: [(path: String, text: String)] = [
    ("sources/a.pdf", "The river runs.\n\u{0C}The flow is an imaginative reconstruction.\n\u{0C}"),
    ("sources/b.pdf", "Trí nhớ là sự tái tạo.\n\u{0C}Không phải dấu vết cố định.\n\u{0C}"),
    ("sources/c.pdf", "記憶は再構成である。\n\u{0C}🦉 夜のふくろう。\n\u{0C}"),
  ]

  static let notes = [
    "notes/one.md": """
    "an imaginative reconstruction" [@a, p. 2], "an imaginary reconstruction" [@a, p. 2], [@a, p. 9].

    "Trí nhớ là sự tái tạo" [@b, p. 1] and "dấu vết sống động" [@b, p. 2].
    """,
    "notes/two.md": """
    "記憶は再構成である" [@c, p. 1], "🦉 夜のふくろう" [@c, p. 2], "nothing" [@d, p. 1], [[one]].
    """,
  ]

  /// The workspace as the server loads it: every note, and each PDF without text while it is extracted.
  func loaded() -> Workspace {
    var files = Self.notes.map { WorkspaceFile(path: $0.key, role: .note, bytes: Array($0.value.utf8)) }
    var problems: [String: String] = [:]
    for path in Self.texts.map(\.path) + ["sources/d.pdf"] {
      files.append(WorkspaceFile(path: path, role: .sourceDocument, bytes: []))
      problems[path] = Workspace.pendingTextProblem
    }
    var workspace = Workspace(indexing: files)
    workspace.setTextProblems(problems)
    workspace.diagnoseAll()
    return workspace
  }

  func oneByOne() -> Workspace {
    var workspace = loaded()
    for (path, text) in Self.texts { workspace.setExtractedText(path: path, text: Array(text.utf8)) }
    workspace.setExtractedText(path: "sources/d.pdf", text: [], problem: "the file is encrypted")
    return workspace
  }

  func prepared(with preparation: SourcePreparation) -> [PreparedSourceDocument] {
    Self.texts.map { preparation.prepare(path: $0.path, text: Array($0.text.utf8)) }
      + [preparation.prepare(path: "sources/d.pdf", text: [], problem: "the file is encrypted")]
  }

  func expectSameDiagnostics(
    _ batch: Workspace, _ expected: Workspace, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(batch.diagnosedPaths == expected.diagnosedPaths, sourceLocation: sourceLocation)
    for path in expected.diagnosedPaths {
      #expect(batch.diagnostics(for: path) == expected.diagnostics(for: path), sourceLocation: sourceLocation)
    }
  }

  @Test func aBatchGivesWhatOneByOneGives() {
    let expected = oneByOne()
    // Not a vacuous comparison: the texts arrived, two quotations are misquoted, a page is missing, one has no text.
    #expect(
      expected.diagnostics(for: "notes/one.md").map(\.code) == [
        "quote-mismatch", "unresolved-locator", "quote-mismatch",
      ])
    #expect(expected.diagnostics(for: "notes/two.md").map(\.code) == ["no-text"])
    var batch = loaded()
    let changed = batch.setPreparedSourceDocuments(prepared(with: batch.sourcePreparation))
    expectSameDiagnostics(batch, expected)
    #expect(changed.isSuperset(of: ["notes/one.md", "notes/two.md"]))
  }

  @Test func anIndexPreparedForAnotherWorkspaceIsNotTrusted() {
    // A re-index replaces the workspace (and its lexicon) while texts are being prepared for the old one.
    let old = loaded()
    var batch = loaded()
    batch.setPreparedSourceDocuments(prepared(with: old.sourcePreparation))
    expectSameDiagnostics(batch, oneByOne())
  }
}
