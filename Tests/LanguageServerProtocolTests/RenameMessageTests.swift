import Foundation
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct RenameMessageTests {
  @Test func prepareRenameDecodesAndItsResultEncodes() {
    let request = decodeJSON(
      PrepareRenameRequest.self,
      #"{"textDocument":{"uri":"file:///n/tr%C3%AD.md"},"position":{"line":2,"character":7}}"#)
    #expect(request?.textDocument.uri == "file:///n/tr%C3%AD.md")
    #expect(request?.position == Position(line: 2, character: 7))
    #expect(PrepareRenameRequest.method == "textDocument/prepareRename")
    expectEncoding(
      PrepareRenameResult(
        range: LSPRange(start: Position(line: 2, character: 5), end: Position(line: 2, character: 14)),
        placeholder: "nguyễn2020"),
      #"""
      {"range":{"start":{"line":2,"character":5},"end":{"line":2,"character":14}},"placeholder":"nguyễn2020"}
      """#)
  }

  @Test func renameRequestCarriesTheNewName() {
    let request = decodeJSON(
      RenameRequest.self,
      #"{"textDocument":{"uri":"file:///a.md"},"position":{"line":0,"character":3},"newName":"lê2021"}"#)
    #expect(
      request
        == RenameRequest(
          textDocument: TextDocumentIdentifier(uri: "file:///a.md"), position: Position(line: 0, character: 3),
          newName: "lê2021"))
    #expect(RenameRequest.method == "textDocument/rename")
    expectEncoding(RenameOptions(prepareProvider: true), #"{"prepareProvider":true}"#)
  }

  @Test func codeActionRequestDecodesWithOrWithoutDiagnostics() {
    let request = decodeJSON(
      CodeActionRequest.self,
      #"""
      {"textDocument":{"uri":"file:///a.md"},
       "range":{"start":{"line":0,"character":2},"end":{"line":0,"character":2}},
       "context":{"diagnostics":[{"range":{"start":{"line":0,"character":2},"end":{"line":0,"character":11}},
         "severity":1,"code":"unknown-source","source":"gloss","message":"unknown source 'smith202'"}],
         "only":["quickfix"],"triggerKind":1}}
      """#)
    #expect(request?.context.diagnostics.first?.code == "unknown-source")
    #expect(request?.context.only == ["quickfix"])
    let bare = decodeJSON(
      CodeActionRequest.self,
      #"""
      {"textDocument":{"uri":"file:///a.md"},
       "range":{"start":{"line":0,"character":2},"end":{"line":0,"character":2}},"context":{}}
      """#)
    #expect(bare?.context.diagnostics == [])
    #expect(CodeActionRequest.method == "textDocument/codeAction")
  }

  @Test func codeActionEncodesKindDiagnosticsPreferenceAndEdit() {
    let diagnostic = Diagnostic(
      range: LSPRange(start: Position(line: 0, character: 2), end: Position(line: 0, character: 11)),
      severity: .error, code: "unknown-source", source: "gloss", message: "unknown source 'smith202'")
    let action = CodeAction(
      title: "replace with 'smith2020'", kind: CodeAction.quickFix, diagnostics: [diagnostic], isPreferred: true,
      edit: WorkspaceEdit(changes: [
        "file:///a.md": [
          TextEdit(
            range: LSPRange(start: Position(line: 0, character: 2), end: Position(line: 0, character: 11)),
            newText: "smith2020")
        ]
      ]))
    expectEncoding(
      action,
      #"""
      {"title":"replace with 'smith2020'","kind":"quickfix",
       "diagnostics":[{"range":{"start":{"line":0,"character":2},"end":{"line":0,"character":11}},"severity":1,
         "code":"unknown-source","source":"gloss","message":"unknown source 'smith202'"}],
       "isPreferred":true,
       "edit":{"changes":{"file:///a.md":[{"range":{"start":{"line":0,"character":2},"end":{"line":0,"character":11}},
         "newText":"smith2020"}]}}}
      """#)
    expectEncoding(CodeActionOptions(codeActionKinds: ["quickfix"]), #"{"codeActionKinds":["quickfix"]}"#)
  }
}
