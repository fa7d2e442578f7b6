import Foundation
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct DocumentMessageTests {
  @Test func didOpenDecodesTheDocumentItem() {
    let message = decodeJSON(
      DidOpenTextDocumentNotification.self,
      #"""
      {"textDocument":{"uri":"file:///n/h%E1%BB%8Dc.md","languageId":"markdown","version":0,
       "text":"# Học\n\nSee [@smith2020, p. 4] 🦉\r\n"}}
      """#)
    #expect(
      message?.textDocument
        == TextDocumentItem(
          uri: "file:///n/h%E1%BB%8Dc.md", languageId: "markdown", version: 0,
          text: "# Học\n\nSee [@smith2020, p. 4] 🦉\r\n"))
  }

  @Test func didChangeDecodesIncrementalAndFullChanges() {
    let message = decodeJSON(
      DidChangeTextDocumentNotification.self,
      #"""
      {"textDocument":{"uri":"file:///a.md","version":7},"contentChanges":[
        {"range":{"start":{"line":0,"character":2},"end":{"line":0,"character":4}},"rangeLength":2,"text":"漢字"},
        {"text":"whole new text"}]}
      """#)
    #expect(message?.textDocument == VersionedTextDocumentIdentifier(uri: "file:///a.md", version: 7))
    #expect(
      message?.contentChanges == [
        TextDocumentContentChangeEvent(
          range: LSPRange(start: Position(line: 0, character: 2), end: Position(line: 0, character: 4)),
          rangeLength: 2, text: "漢字"),
        TextDocumentContentChangeEvent(text: "whole new text"),
      ])
    expectEncoding(
      TextDocumentContentChangeEvent(text: "x"), #"{"text":"x"}"#)
  }

  @Test func didSaveAndDidCloseDecode() {
    #expect(
      decodeJSON(DidSaveTextDocumentNotification.self, #"{"textDocument":{"uri":"file:///a.md"}}"#)
        == DidSaveTextDocumentNotification(textDocument: TextDocumentIdentifier(uri: "file:///a.md")))
    #expect(
      decodeJSON(DidSaveTextDocumentNotification.self, #"{"textDocument":{"uri":"file:///a.md"},"text":"é"}"#)?.text
        == "é")
    #expect(
      decodeJSON(DidCloseTextDocumentNotification.self, #"{"textDocument":{"uri":"file:///a.md"}}"#)?.textDocument.uri
        == "file:///a.md")
  }

  @Test func textSyncMethodNames() {
    #expect(DidOpenTextDocumentNotification.method == "textDocument/didOpen")
    #expect(DidChangeTextDocumentNotification.method == "textDocument/didChange")
    #expect(DidSaveTextDocumentNotification.method == "textDocument/didSave")
    #expect(DidCloseTextDocumentNotification.method == "textDocument/didClose")
  }

  @Test func publishDiagnosticsEncodesOnlySetFields() {
    let diagnostic = Diagnostic(
      range: LSPRange(start: Position(line: 2, character: 5), end: Position(line: 2, character: 15)),
      severity: .error, code: "unknown-source", source: "gloss", message: "unknown source 'nguyễn2021'")
    expectEncoding(
      PublishDiagnosticsNotification(uri: "file:///a.md", version: 3, diagnostics: [diagnostic]),
      #"""
      {"uri":"file:///a.md","version":3,"diagnostics":[{"range":{"start":{"line":2,"character":5},
       "end":{"line":2,"character":15}},"severity":1,"code":"unknown-source","source":"gloss",
       "message":"unknown source 'nguyễn2021'"}]}
      """#)
    expectEncoding(
      PublishDiagnosticsNotification(uri: "file:///b.md", diagnostics: []), #"{"uri":"file:///b.md","diagnostics":[]}"#)
    #expect(PublishDiagnosticsNotification.method == "textDocument/publishDiagnostics")
  }

  @Test func diagnosticFromAnotherToolWithIntegerCodeDecodes() {
    let diagnostic = decodeJSON(
      Diagnostic.self,
      #"{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"code":42,"message":"m","severity":4}"#
    )
    #expect(diagnostic?.code == "42")
    #expect(diagnostic?.severity == .hint)
  }

  @Test func locationAndTextEditRoundTrip() {
    let location = Location(uri: "file:///s.txt", range: LSPRange(at: Position(line: 39, character: 0)))
    expectEncoding(
      location,
      #"{"uri":"file:///s.txt","range":{"start":{"line":39,"character":0},"end":{"line":39,"character":0}}}"#)
    #expect(decodeJSON(Location.self, jsonText(location)) == location)
  }
}
