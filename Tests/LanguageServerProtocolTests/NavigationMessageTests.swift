import Foundation
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct NavigationMessageTests {
  @Test func hoverRequestDecodesAndItsResultEncodesMarkdownOrNull() throws {
    let request = decodeJSON(
      HoverRequest.self, #"{"textDocument":{"uri":"file:///n/h%E1%BB%8Dc.md"},"position":{"line":3,"character":17}}"#)
    #expect(
      request
        == HoverRequest(
          textDocument: TextDocumentIdentifier(uri: "file:///n/h%E1%BB%8Dc.md"),
          position: Position(line: 3, character: 17)))
    #expect(HoverRequest.method == "textDocument/hover")
    let hover = Hover(
      contents: MarkupContent(kind: .markdown, value: "**Ký ức** 🦉"),
      range: LSPRange(start: Position(line: 1, character: 2), end: Position(line: 1, character: 9)))
    expectEncoding(
      hover,
      #"{"contents":{"kind":"markdown","value":"**Ký ức** 🦉"},"range":{"start":{"line":1,"character":2},"end":{"line":1,"character":9}}}"#
    )
    expectEncoding(
      ResponseMessage(id: .number(4), result: HoverRequest.Response.none), #"{"jsonrpc":"2.0","id":4,"result":null}"#)
  }

  @Test func definitionResultIsOneLocationSeveralOrNull() throws {
    let here = Location(uri: "file:///a.md", range: LSPRange(at: Position(line: 0, character: 0)))
    let there = Location(uri: "file:///b.md", range: LSPRange(at: Position(line: 2, character: 1)))
    #expect(DefinitionRequest.method == "textDocument/definition")
    expectEncoding(
      LocationsResult([here]),
      #"{"uri":"file:///a.md","range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}}}"#)
    expectEncoding(
      LocationsResult([here, there]),
      #"""
      [{"uri":"file:///a.md","range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}}},
       {"uri":"file:///b.md","range":{"start":{"line":2,"character":1},"end":{"line":2,"character":1}}}]
      """#)
    expectEncoding(
      ResponseMessage(id: .number(1), result: DefinitionRequest.Response.none),
      #"{"jsonrpc":"2.0","id":1,"result":null}"#)
    #expect(decodeJSON(LocationsResult.self, jsonText(LocationsResult([here, there])))?.all == [here, there])
    #expect(decodeJSON(LocationsResult.self, jsonText(LocationsResult([there]))) == .location(there))
  }

  @Test func referencesRequestCarriesIncludeDeclaration() {
    let request = decodeJSON(
      ReferencesRequest.self,
      #"{"textDocument":{"uri":"file:///a.md"},"position":{"line":0,"character":4},"context":{"includeDeclaration":true}}"#
    )
    #expect(request?.context.includeDeclaration == true)
    #expect(request?.position == Position(line: 0, character: 4))
    #expect(ReferencesRequest.method == "textDocument/references")
  }

  @Test func codeLensCarriesItsCommandWithTitle() {
    #expect(
      decodeJSON(CodeLensRequest.self, #"{"textDocument":{"uri":"file:///refs.bib"}}"#)?.textDocument.uri
        == "file:///refs.bib")
    #expect(CodeLensRequest.method == "textDocument/codeLens")
    let lens = CodeLens(
      range: LSPRange(at: Position(line: 4, character: 9)),
      command: Command(
        title: "cited 3 times", command: "gloss.showReferences",
        arguments: [.string("file:///refs.bib"), .object(["line": .int(4), "character": .int(9)])]))
    expectEncoding(
      lens,
      #"""
      {"range":{"start":{"line":4,"character":9},"end":{"line":4,"character":9}},
       "command":{"title":"cited 3 times","command":"gloss.showReferences",
                  "arguments":["file:///refs.bib",{"line":4,"character":9}]}}
      """#)
  }

  @Test func executeCommandDecodesItsArguments() {
    let request = decodeJSON(
      ExecuteCommandRequest.self,
      #"{"command":"gloss.showReferences","arguments":["file:///a.md",{"line":0,"character":0}]}"#)
    #expect(request?.command == "gloss.showReferences")
    #expect(request?.arguments?.count == 2)
    #expect(ExecuteCommandRequest.method == "workspace/executeCommand")
  }

  @Test func navigationCapabilitiesAreEncodedOnlyWhenSet() {
    var capabilities = ServerCapabilities(positionEncoding: "utf-16")
    expectEncoding(capabilities, #"{"positionEncoding":"utf-16"}"#)
    capabilities.hoverProvider = true
    capabilities.definitionProvider = true
    capabilities.referencesProvider = true
    capabilities.codeLensProvider = CodeLensOptions(resolveProvider: false)
    capabilities.executeCommandProvider = ExecuteCommandOptions(commands: ["gloss.showReferences"])
    expectEncoding(
      capabilities,
      #"""
      {"positionEncoding":"utf-16","hoverProvider":true,"definitionProvider":true,"referencesProvider":true,
       "codeLensProvider":{"resolveProvider":false},"executeCommandProvider":{"commands":["gloss.showReferences"]}}
      """#)
  }
}
