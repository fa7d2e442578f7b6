import GlossIndex
import GlossSyntax
import Testing

@Suite struct WorkspaceConfigTests {
  /// Parses `json` and dumps each problem as `[start..<end) "text at range" message`.
  private func problems(_ json: String) -> [String] {
    let bytes = Array(json.utf8)
    return WorkspaceConfig.parse(bytes).1.map { problem in
      let text = String(decoding: bytes[problem.range], as: UTF8.self)
      return "[\(problem.range.lowerBound)..<\(problem.range.upperBound)) \"\(text)\" \(problem.message)"
    }
  }

  @Test func everyKeyIsRead() {
    let json = """
      {
        "notes": ["notes/**/*.md"], "sources": ["tài liệu"], "bibliography": ["refs.bib", "lib.csl.json"],
        "ignore": ["drafts"], "newNoteDir": "inbox", "exportDir": "out", "quoteCheck": false,
        "inlayHints": true, "diagnostics": {"broken-anchor": "off", "no-text": "HINT"},
        "diagnosticsIgnore": ["drafts/**"], "futureKey": 3
      }
      """
    let (config, problems) = WorkspaceConfig.parse(Array(json.utf8))
    #expect(problems.isEmpty)
    #expect(config.notes == ["notes/**/*.md"])
    #expect(config.sources == ["tài liệu"])
    #expect(config.bibliography == ["refs.bib", "lib.csl.json"])
    #expect(config.ignore == ["drafts"])
    #expect(config.newNoteDir == "inbox")
    #expect(config.exportDir == "out")
    #expect(config.quoteCheck == false)
    #expect(config.inlayHints == true)
    #expect(config.diagnostics == ["broken-anchor": "off", "no-text": "hint"])
    #expect(config.diagnosticsIgnore == ["drafts/**"])
  }

  @Test func emptyFileAndEmptyObjectGiveDefaults() {
    #expect(WorkspaceConfig.parse([]) == (WorkspaceConfig(), []))
    #expect(WorkspaceConfig.parse(Array(" \n".utf8)) == (WorkspaceConfig(), []))
    #expect(WorkspaceConfig.parse(Array("{}".utf8)) == (WorkspaceConfig(), []))
  }

  @Test func syntaxErrorIsReportedWhereTheParserStopped() {
    #expect(
      problems(#"{"notes": ["a",, "b"]}"#) == [
        #"[15..<16) "," '.gloss.json' is not valid JSON: expected a JSON value"#
      ])
  }

  @Test func syntaxErrorsSayWhatWasExpectedWhereReadingStopped() {
    #expect(
      problems(#"{"notes": ["a" "b"]}"#) == [
        #"[15..<16) """ '.gloss.json' is not valid JSON: expected ',' or ']'"#
      ])
    #expect(
      problems("\u{FEFF}{\"quoteCheck\" true}") == [
        #"[17..<18) "t" '.gloss.json' is not valid JSON: expected ':' after key 'quoteCheck'"#
      ])
    #expect(
      problems(#"{"a": 1} x"#) == [
        #"[9..<10) "x" '.gloss.json' is not valid JSON: unexpected text after the JSON value"#
      ])
  }

  @Test func syntaxErrorOffsetCountsBytesAfterNonASCII() {
    let json = #"{"ghi chú 記憶": [1,, 2]}"#
    let comma = Array(json.utf8).lastIndex(of: UInt8(ascii: ","))
    #expect(WorkspaceConfig.parse(Array(json.utf8)).1.map(\.range.lowerBound) == [comma])
  }

  @Test func truncatedFileIsReportedAtItsEnd() {
    #expect(
      problems(#"{"quoteCheck": true"#) == [
        #"[18..<19) "e" '.gloss.json' is not valid JSON: unexpected end of file, expected ',' or '}' in object"#
      ])
  }

  @Test func topLevelThatIsNotAnObjectCoversTheWholeFile() {
    #expect(problems("[1, 2]") == [#"[0..<6) "[1, 2]" '.gloss.json' must hold an object, found a list"#])
  }

  @Test func wrongTypeIsReportedOnItsKeyAndKeepsTheDefault() {
    let json = """
      {
        "ghi chú": "x",
        "notes": 3,
        "quoteCheck": "yes",
        "exportDir": "xuất"
      }
      """
    let (config, _) = WorkspaceConfig.parse(Array(json.utf8))
    #expect(config.notes == WorkspaceConfig().notes)
    #expect(config.quoteCheck == true)
    #expect(config.exportDir == "xuất")
    #expect(
      problems(json) == [
        #"[23..<30) ""notes"" 'notes' must be a list of globs, found a number"#,
        #"[37..<49) ""quoteCheck"" 'quoteCheck' must be true or false, found a string"#,
      ]
    )
  }

  @Test func badSeverityIsReportedOnItsCodeAndOtherEntriesStay() {
    let json = #"{"diagnostics": {"no-text": "loud", "broken-link": "warning", "x": 1}}"#
    let (config, _) = WorkspaceConfig.parse(Array(json.utf8))
    #expect(config.diagnostics == ["broken-link": "warning"])
    #expect(
      problems(json) == [
        #"[17..<26) ""no-text"" severity of 'no-text' must be off, hint, info, warning or error, found 'loud'"#,
        #"[62..<65) ""x"" severity of 'x' must be off, hint, info, warning or error, found a number"#,
      ]
    )
  }

  @Test func listsAcceptASingleString() {
    let (config, problems) = WorkspaceConfig.parse(Array(#"{"sources": "sources/primary"}"#.utf8))
    #expect(problems.isEmpty)
    #expect(config.sources == ["sources/primary"])
  }

  @Test func fileWinsOverEditorSettings() {
    let editor = ConfigValue.object([
      "inlayHints": .bool(true),
      "exportDir": .string("editor-out"),
      "newNoteDir": .string("inbox"),
      "quoteCheck": .string("no"),
    ])
    let file = Array(#"{"exportDir": "file-out", "newNoteDir": 7}"#.utf8)
    let (config, fileProblems, editorProblems) = WorkspaceConfig.resolved(editorSettings: editor, file: file)
    #expect(config.inlayHints == true)
    #expect(config.exportDir == "file-out")
    // A wrong value in the file keeps the editor's value, not the default.
    #expect(config.newNoteDir == "inbox")
    #expect(config.quoteCheck == true)
    #expect(fileProblems.map(\.message) == ["'newNoteDir' must be a folder name, found a number"])
    #expect(editorProblems == ["'quoteCheck' must be true or false, found a string"])
  }

  @Test func malformedFileLeavesEditorSettings() {
    let editor = ConfigValue.object(["ignore": .array([.string("archive")])])
    let (config, fileProblems, _) = WorkspaceConfig.resolved(editorSettings: editor, file: Array("{oops".utf8))
    #expect(config.ignore == ["archive"])
    #expect(fileProblems.count == 1)
  }

  @Test func editorSettingsDecodeFromJSON() {
    let value = ConfigValue.decode(json: Array(#"{"quoteCheck": false, "notes": ["*.md"], "n": 1.5, "z": null}"#.utf8))
    #expect(
      value
        == .object([
          "quoteCheck": .bool(false), "notes": .array([.string("*.md")]), "n": .number(1.5), "z": .null,
        ])
    )
    let (config, _, problems) = WorkspaceConfig.resolved(editorSettings: value, file: nil)
    #expect(config.quoteCheck == false)
    #expect(problems.isEmpty)
    #expect(WorkspaceConfig.resolved(editorSettings: .string("x"), file: nil).editorProblems.count == 1)
  }
}
