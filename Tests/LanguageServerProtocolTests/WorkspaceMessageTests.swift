import Foundation
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct WorkspaceMessageTests {
  @Test func workspaceEditWithResourceOperationsEncodesKinds() {
    let edit = WorkspaceEdit(documentChanges: [
      .createFile(CreateFile(uri: "file:///n/m%E1%BB%9Bi.md", options: FileOperationOptions(overwrite: false))),
      .textDocumentEdit(
        TextDocumentEdit(
          textDocument: OptionalVersionedTextDocumentIdentifier(uri: "file:///n/m%E1%BB%9Bi.md", version: nil),
          edits: [TextEdit(range: LSPRange(at: Position(line: 0, character: 0)), newText: "# Mới\n")])),
      .renameFile(RenameFile(oldUri: "file:///a.md", newUri: "file:///b.md")),
      .deleteFile(DeleteFile(uri: "file:///c.md", options: DeleteFileOptions(ignoreIfNotExists: true))),
    ])
    let expected = #"""
      {"documentChanges":[
       {"kind":"create","uri":"file:///n/m%E1%BB%9Bi.md","options":{"overwrite":false}},
       {"textDocument":{"uri":"file:///n/m%E1%BB%9Bi.md","version":null},
        "edits":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"newText":"# Mới\n"}]},
       {"kind":"rename","oldUri":"file:///a.md","newUri":"file:///b.md"},
       {"kind":"delete","uri":"file:///c.md","options":{"ignoreIfNotExists":true}}]}
      """#
    expectEncoding(edit, expected)
    #expect(decodeJSON(WorkspaceEdit.self, expected) == edit)
  }

  @Test func workspaceEditWithChangesMap() {
    let edit = WorkspaceEdit(changes: [
      "file:///a.md": [TextEdit(range: LSPRange(at: Position(line: 1, character: 1)), newText: "@lê2020")]
    ])
    expectEncoding(
      edit,
      #"""
      {"changes":{"file:///a.md":[{"range":{"start":{"line":1,"character":1},"end":{"line":1,"character":1}},
       "newText":"@lê2020"}]}}
      """#)
  }

  @Test func applyEditRequestAndResult() {
    expectEncoding(
      ApplyWorkspaceEditRequest(label: "rename tag", edit: WorkspaceEdit(changes: [:])),
      #"{"label":"rename tag","edit":{"changes":{}}}"#)
    #expect(ApplyWorkspaceEditRequest.method == "workspace/applyEdit")
    #expect(
      decodeJSON(ApplyWorkspaceEditResult.self, #"{"applied":false,"failureReason":"read-only"}"#)
        == ApplyWorkspaceEditResult(applied: false, failureReason: "read-only"))
  }

  @Test func registrationOfFileWatchers() throws {
    let options = DidChangeWatchedFilesRegistrationOptions(watchers: [FileSystemWatcher(globPattern: "**/*.{md,bib}")])
    let optionsJSON = try #require(decodeJSON(JSONValue.self, jsonText(options)))
    expectEncoding(
      RegistrationRequest(registrations: [
        Registration(id: "gloss-watch", method: DidChangeWatchedFilesNotification.method, registerOptions: optionsJSON)
      ]),
      #"""
      {"registrations":[{"id":"gloss-watch","method":"workspace/didChangeWatchedFiles",
       "registerOptions":{"watchers":[{"globPattern":"**/*.{md,bib}"}]}}]}
      """#)
    #expect(RegistrationRequest.method == "client/registerCapability")
  }

  @Test func didChangeWatchedFilesDecodes() {
    #expect(
      decodeJSON(
        DidChangeWatchedFilesNotification.self,
        #"{"changes":[{"uri":"file:///refs.bib","type":2},{"uri":"file:///old.md","type":3}]}"#)?.changes == [
          FileEvent(uri: "file:///refs.bib", type: .changed), FileEvent(uri: "file:///old.md", type: .deleted),
        ])
  }

  @Test func didChangeWorkspaceFoldersDecodes() {
    let event = decodeJSON(
      DidChangeWorkspaceFoldersNotification.self,
      #"{"event":{"added":[{"uri":"file:///r%C3%A9sum%C3%A9","name":"résumé"}],"removed":[]}}"#)?.event
    #expect(event?.added == [WorkspaceFolder(uri: "file:///r%C3%A9sum%C3%A9", name: "résumé")])
    #expect(event?.removed == [])
  }

  @Test func didChangeConfigurationKeepsSettingsAsJSON() {
    #expect(
      decodeJSON(DidChangeConfigurationNotification.self, #"{"settings":{"gloss":{"inlayHints":true}}}"#)?.settings?[
        "gloss"]?["inlayHints"] == .bool(true))
    #expect(decodeJSON(DidChangeConfigurationNotification.self, #"{"settings":null}"#)?.settings == nil)
  }

  @Test func windowMessages() {
    expectEncoding(
      ShowMessageNotification(type: .error, message: "unreadable '.gloss.json'"),
      #"{"type":1,"message":"unreadable '.gloss.json'"}"#)
    expectEncoding(
      ShowDocumentRequest(uri: "file:///n.md", takeFocus: true), #"{"uri":"file:///n.md","takeFocus":true}"#)
    #expect(decodeJSON(ShowDocumentResult.self, #"{"success":true}"#) == ShowDocumentResult(success: true))
    expectEncoding(WorkDoneProgressCreateRequest(token: .string("gloss-index")), #"{"token":"gloss-index"}"#)
  }

  @Test func progressNotificationsCarryTheirKind() {
    expectEncoding(
      ProgressNotification(token: .string("t"), value: .begin(title: "Indexing", percentage: 0)),
      #"{"token":"t","value":{"kind":"begin","title":"Indexing","percentage":0}}"#)
    expectEncoding(
      ProgressNotification(token: .number(1), value: .report(message: "120/10000 notes", percentage: 1)),
      #"{"token":1,"value":{"kind":"report","message":"120/10000 notes","percentage":1}}"#)
    expectEncoding(ProgressNotification(token: .number(1), value: .end()), #"{"token":1,"value":{"kind":"end"}}"#)
    #expect(
      decodeJSON(WorkDoneProgress.self, #"{"kind":"report","message":"m"}"#) == .report(message: "m", percentage: nil))
  }
}
