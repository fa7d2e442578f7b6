import Foundation
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct OutlineMessageTests {
  static func range(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> LSPRange {
    LSPRange(start: Position(line: a, character: b), end: Position(line: c, character: d))
  }

  @Test func documentRequestsDecodeTheirDocument() {
    let document = #"{"textDocument":{"uri":"file:///n/h%E1%BB%8Dc.md"}}"#
    let uri = "file:///n/h%E1%BB%8Dc.md"
    #expect(decodeJSON(DocumentSymbolRequest.self, document)?.textDocument.uri == uri)
    #expect(decodeJSON(FoldingRangeRequest.self, document)?.textDocument.uri == uri)
    #expect(decodeJSON(DocumentLinkRequest.self, document)?.textDocument.uri == uri)
    #expect(decodeJSON(SemanticTokensRequest.self, document)?.textDocument.uri == uri)
    #expect(decodeJSON(WorkspaceSymbolRequest.self, #"{"query":"học"}"#)?.query == "học")
    #expect(
      decodeJSON(
        InlayHintRequest.self,
        #"{"textDocument":{"uri":"file:///a.md"},"range":{"start":{"line":0,"character":0},"end":{"line":9,"character":2}}}"#
      )?.range == Self.range(0, 0, 9, 2))
    #expect(SemanticTokensRequest.method == "textDocument/semanticTokens/full")
  }

  @Test func documentSymbolsEncodeNestedChildren() {
    let child = DocumentSymbol(
      name: "Phương pháp", kind: .string, range: Self.range(2, 0, 3, 4), selectionRange: Self.range(2, 3, 2, 14))
    let symbol = DocumentSymbol(
      name: "Học 🦉", detail: "Ký ức", kind: .key, range: Self.range(0, 0, 3, 4), selectionRange: Self.range(0, 2, 0, 7),
      children: [child])
    expectEncoding(
      [symbol],
      #"""
      [{"name":"Học 🦉","detail":"Ký ức","kind":20,
        "range":{"start":{"line":0,"character":0},"end":{"line":3,"character":4}},
        "selectionRange":{"start":{"line":0,"character":2},"end":{"line":0,"character":7}},
        "children":[{"name":"Phương pháp","kind":15,
          "range":{"start":{"line":2,"character":0},"end":{"line":3,"character":4}},
          "selectionRange":{"start":{"line":2,"character":3},"end":{"line":2,"character":14}}}]}]
      """#)
  }

  @Test func symbolInformationEncodesItsLocation() {
    expectEncoding(
      SymbolInformation(
        name: "#ký-ức", kind: .constant, location: Location(uri: "file:///a.md", range: Self.range(1, 2, 1, 8)),
        containerName: "2 notes"),
      #"""
      {"name":"#ký-ức","kind":14,"containerName":"2 notes","location":{"uri":"file:///a.md",
        "range":{"start":{"line":1,"character":2},"end":{"line":1,"character":8}}}}
      """#)
  }

  @Test func foldingLinksHintsAndTokensEncode() {
    expectEncoding(
      FoldingRange(startLine: 4, endLine: 24, kind: FoldingRange.comment),
      #"{"startLine":4,"endLine":24,"kind":"comment"}"#)
    expectEncoding(
      DocumentLink(range: Self.range(0, 1, 0, 5), target: "https://doi.org/10.1/x"),
      #"{"range":{"start":{"line":0,"character":1},"end":{"line":0,"character":5}},"target":"https://doi.org/10.1/x"}"#)
    expectEncoding(
      InlayHint(position: Position(line: 3, character: 9), label: "Bartlett 1932", paddingLeft: true),
      #"{"position":{"line":3,"character":9},"label":"Bartlett 1932","paddingLeft":true}"#)
    expectEncoding(SemanticTokens(data: [0, 4, 5, 0, 1]), #"{"data":[0,4,5,0,1]}"#)
  }

  @Test func capabilitiesEncodeTheOutlineProviders() {
    var capabilities = ServerCapabilities()
    capabilities.documentSymbolProvider = true
    capabilities.foldingRangeProvider = true
    capabilities.documentLinkProvider = DocumentLinkOptions()
    capabilities.semanticTokensProvider = SemanticTokensOptions(
      legend: SemanticTokensLegend(tokenTypes: ["variable"], tokenModifiers: ["deprecated"]))
    expectEncoding(
      capabilities,
      #"""
      {"documentSymbolProvider":true,"foldingRangeProvider":true,"documentLinkProvider":{"resolveProvider":false},
       "semanticTokensProvider":{"legend":{"tokenTypes":["variable"],"tokenModifiers":["deprecated"]},
         "range":false,"full":true}}
      """#)
  }

  @Test func refreshSupportIsReadFromTheClientAndRefreshRequestsHaveTheirMethods() {
    let capabilities = decodeJSON(
      ClientCapabilities.self,
      #"{"workspace":{"semanticTokens":{"refreshSupport":true},"inlayHint":{"refreshSupport":false}}}"#)
    #expect(capabilities?.workspace?.semanticTokens?.refreshSupport == true)
    #expect(capabilities?.workspace?.inlayHint?.refreshSupport == false)
    #expect(SemanticTokensRefreshRequest.method == "workspace/semanticTokens/refresh")
    #expect(InlayHintRefreshRequest.method == "workspace/inlayHint/refresh")
  }

  @Test func documentSymbolAnswersDecodeAsTreeOrFlatList() {
    let tree =
      #"[{"name":"A","kind":15,"range":{"start":{"line":0,"character":0},"end":{"line":1,"character":0}},"#
      + #""selectionRange":{"start":{"line":0,"character":2},"end":{"line":0,"character":3}}}]"#
    let flat =
      #"[{"name":"A","kind":15,"location":{"uri":"file:///a.md","#
      + #""range":{"start":{"line":0,"character":0},"end":{"line":1,"character":0}}}}]"#
    #expect(
      decodeJSON(DocumentSymbolResponse.self, tree)
        == .tree([
          DocumentSymbol(
            name: "A", kind: .string, range: Self.range(0, 0, 1, 0), selectionRange: Self.range(0, 2, 0, 3))
        ]))
    #expect(
      decodeJSON(DocumentSymbolResponse.self, flat)
        == .flat([
          SymbolInformation(
            name: "A", kind: .string, location: Location(uri: "file:///a.md", range: Self.range(0, 0, 1, 0)))
        ]))
    expectEncoding(DocumentSymbolResponse.flat([]), "[]")
    #expect(
      decodeJSON(
        ClientCapabilities.self, #"{"textDocument":{"documentSymbol":{"hierarchicalDocumentSymbolSupport":true}}}"#)?
        .textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport == true)
  }

  @Test func semanticTokensAreWrittenByHandAsJSONEncoderWouldWriteThem() throws {
    for tokens in [SemanticTokens(data: [0, 9, 12, 0, 0, 1, 2, 3, 3, 1]), SemanticTokens(resultId: "7", data: [])] {
      let byHand = try JSONRPC.encodeResponse(id: .number(3), result: tokens)
      let byEncoder = try JSONRPC.encode(ResponseMessage(id: .number(3), result: tokens))
      #expect(
        try JSONDecoder().decode(JSONValue.self, from: byHand) == JSONDecoder().decode(JSONValue.self, from: byEncoder))
    }
  }
}
