import Foundation
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct CompletionMessageTests {
  @Test func completionRequestDecodesPositionAndContext() {
    let request = decodeJSON(
      CompletionRequest.self,
      #"""
      {"textDocument":{"uri":"file:///ghi%20ch%C3%BA/a.md"},"position":{"line":3,"character":12},
       "context":{"triggerKind":2,"triggerCharacter":"@"}}
      """#)
    #expect(
      request
        == CompletionRequest(
          textDocument: TextDocumentIdentifier(uri: "file:///ghi%20ch%C3%BA/a.md"),
          position: Position(line: 3, character: 12), context: CompletionContext(triggerKind: 2, triggerCharacter: "@"))
    )
    #expect(
      decodeJSON(
        CompletionRequest.self, #"{"textDocument":{"uri":"file:///a.md"},"position":{"line":0,"character":0}}"#)?
        .context == nil)
    #expect(CompletionRequest.method == "textDocument/completion")
  }

  @Test func aListEncodesOnlyTheFieldsSet() {
    let item = CompletionItem(
      label: "nguyễn2019", kind: .reference, detail: "Nguyễn et al. 2019 — Ký ức", sortText: "0000",
      filterText: "nguyễn2019 Nguyễn 2019 Ký ức",
      textEdit: TextEdit(
        range: LSPRange(start: Position(line: 1, character: 5), end: Position(line: 1, character: 8)),
        newText: "nguyễn2019"),
      data: .object(["root": .string("file:///w"), "key": .string("nguyễn2019")]))
    expectEncoding(
      CompletionList(isIncomplete: true, items: [item, CompletionItem(label: "#mémoire")]),
      #"""
      {"isIncomplete":true,"items":[
        {"label":"nguyễn2019","kind":18,"detail":"Nguyễn et al. 2019 — Ký ức","sortText":"0000",
         "filterText":"nguyễn2019 Nguyễn 2019 Ký ức",
         "textEdit":{"range":{"start":{"line":1,"character":5},"end":{"line":1,"character":8}},"newText":"nguyễn2019"},
         "data":{"root":"file:///w","key":"nguyễn2019"}},
        {"label":"#mémoire"}]}
      """#)
  }

  @Test func resolveTakesTheItemAsItsParamsAndAnswersTheItem() {
    let request = decodeJSON(
      CompletionItemResolveRequest.self,
      #"{"label":"bartlett1932","kind":18,"data":{"root":"file:///w","key":"bartlett1932"},"unknown":1}"#)
    #expect(request?.item.label == "bartlett1932")
    #expect(request?.item.kind == .reference)
    #expect(request?.item.data?["key"]?.stringValue == "bartlett1932")
    #expect(CompletionItemResolveRequest.method == "completionItem/resolve")
    var resolved = request?.item
    resolved?.documentation = .markdown("**Remembering** 🧠")
    expectEncoding(
      resolved,
      #"""
      {"label":"bartlett1932","kind":18,"data":{"root":"file:///w","key":"bartlett1932"},
       "documentation":{"kind":"markdown","value":"**Remembering** 🧠"}}
      """#)
    expectEncoding(request, #"{"label":"bartlett1932","kind":18,"data":{"root":"file:///w","key":"bartlett1932"}}"#)
  }

  @Test func documentationDecodesFromAStringOrMarkupAndAnUnknownKindSurvives() {
    let item = decodeJSON(CompletionItem.self, #"{"label":"x","kind":25,"documentation":"plain"}"#)
    #expect(item?.documentation == CompletionItem.MarkupContent(kind: "plaintext", value: "plain"))
    #expect(item?.kind?.rawValue == 25)
  }

  @Test func capabilitiesAnnounceTriggerCharactersAndResolve() {
    expectEncoding(
      ServerCapabilities(completionProvider: CompletionOptions(triggerCharacters: ["@", "#"], resolveProvider: true)),
      ##"{"completionProvider":{"triggerCharacters":["@","#"],"resolveProvider":true}}"##)
  }
}

extension CompletionMessageTests {
  @Test func theHandWrittenJSONDecodesToTheSameList() throws {
    let list = CompletionList(
      isIncomplete: true,
      items: [
        CompletionItem(
          label: "nguyễn\"2019\\", kind: .reference, detail: "Tab\there\nnewline 🦉", sortText: "0000",
          filterText: "nguyễn2019 Nguyễn",
          textEdit: TextEdit(
            range: LSPRange(start: Position(line: 1, character: 5), end: Position(line: 1, character: 8)),
            newText: "nguyễn/2019"),
          data: .object(["root": .int(3), "key": .string("k"), "list": .array([.bool(true), .null, .double(2)])])),
        CompletionItem(label: "#mémoire", documentation: .markdown("**đậm**")),
        CompletionItem(
          label: "key, p. 4", insertTextFormat: .snippet,
          textEdit: TextEdit(range: LSPRange(at: Position(line: 0, character: 2)), newText: "key, p. 4 \\$1")),
      ])
    var writer = JSONWriter()
    list.write(to: &writer)
    let decoded = try JSONDecoder().decode(CompletionList.self, from: Data(writer.bytes))
    var expected = list
    expected.items[0].data = .object([
      "root": .int(3), "key": .string("k"), "list": .array([.bool(true), .null, .int(2)]),
    ])
    #expect(decoded == expected)
    let response = try JSONRPC.encodeResponse(id: .number(7), result: list)
    #expect(
      String(decoding: response, as: UTF8.self).hasPrefix(
        #"{"jsonrpc":"2.0","id":7,"result":{"isIncomplete":true,"items":[{"label":"nguyễn\"2019\\","kind":18,"#))
  }
}
