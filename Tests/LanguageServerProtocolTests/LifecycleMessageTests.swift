import Foundation
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct LifecycleMessageTests {
  /// An `initialize` as Neovim 0.10 sends it, trimmed.
  static let neovimInitialize = #"""
    {"processId":4242,"clientInfo":{"name":"Neovim","version":"0.10.1"},"rootPath":"/home/lan/ghi-chú",
     "rootUri":"file:///home/lan/ghi-ch%C3%BA","workspaceFolders":[{"uri":"file:///home/lan/ghi-ch%C3%BA",
     "name":"/home/lan/ghi-chú"}],"initializationOptions":{"inlayHints":true},"trace":"off",
     "capabilities":{"general":{"positionEncodings":["utf-8","utf-16","utf-32"]},
      "workspace":{"applyEdit":true,"workspaceFolders":true,"configuration":true,
       "didChangeWatchedFiles":{"dynamicRegistration":false,"relativePatternSupport":true},
       "workspaceEdit":{"resourceOperations":["rename","create","delete"],"documentChanges":true},
       "semanticTokens":{"refreshSupport":true}},
      "window":{"workDoneProgress":true,"showDocument":{"support":true},"showMessage":{}},
      "textDocument":{"diagnostic":{"dynamicRegistration":false},
       "publishDiagnostics":{"relatedInformation":true,"versionSupport":true,"tagSupport":{"valueSet":[1,2]}},
       "completion":{"completionItem":{"snippetSupport":true,"documentationFormat":["markdown","plaintext"],
        "resolveSupport":{"properties":["documentation","detail"]}}},
       "hover":{"contentFormat":["markdown","plaintext"]},"rename":{"prepareSupport":true}}}}
    """#

  @Test func initializeFromNeovimReadsTheCapabilitiesWeUse() throws {
    let request = try #require(decodeJSON(InitializeRequest.self, Self.neovimInitialize))
    #expect(request.processId == 4242)
    #expect(request.clientInfo == ClientInfo(name: "Neovim", version: "0.10.1"))
    #expect(request.rootUri == "file:///home/lan/ghi-ch%C3%BA")
    #expect(request.rootPath == "/home/lan/ghi-chú")
    #expect(request.workspaceFolders?.first?.name == "/home/lan/ghi-chú")
    #expect(request.initializationOptions == .object(["inlayHints": .bool(true)]))
    let capabilities = request.capabilities
    #expect(capabilities.general?.positionEncodings == ["utf-8", "utf-16", "utf-32"])
    #expect(capabilities.workspace?.workspaceFolders == true)
    #expect(capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration == false)
    #expect(capabilities.workspace?.workspaceEdit?.resourceOperations == ["rename", "create", "delete"])
    #expect(capabilities.workspace?.workspaceEdit?.documentChanges == true)
    #expect(capabilities.window?.workDoneProgress == true)
    #expect(capabilities.window?.showDocument?.support == true)
    #expect(capabilities.textDocument?.diagnostic != nil)
    #expect(capabilities.textDocument?.completion?.completionItem?.snippetSupport == true)
    #expect(
      capabilities.textDocument?.completion?.completionItem?.resolveSupport?.properties.contains("documentation")
        == true)
    #expect(capabilities.textDocument?.rename?.prepareSupport == true)
  }

  @Test func initializeWithNullsAndOddSectionsStillDecodes() throws {
    let request = try #require(
      decodeJSON(
        InitializeRequest.self,
        #"""
        {"processId":null,"rootUri":null,"rootPath":null,"workspaceFolders":null,
         "capabilities":{"general":"weird","window":{"workDoneProgress":"yes"},"textDocument":{}}}
        """#))
    #expect(request.processId == nil)
    #expect(request.rootUri == nil)
    #expect(request.workspaceFolders == nil)
    #expect(request.capabilities.general == nil)
    #expect(request.capabilities.window == nil)
    #expect(request.capabilities.textDocument?.diagnostic == nil)
  }

  @Test func initializeWithoutCapabilitiesNamesTheField() {
    #expect(throws: ResponseError.invalidParams("missing field 'capabilities'")) {
      try RawJSON(Data(#"{"processId":1}"#.utf8)).decode(InitializeRequest.self)
    }
  }

  @Test func initializeResultOmitsUnsetCapabilities() {
    let result = InitializeResult(
      capabilities: ServerCapabilities(
        positionEncoding: "utf-16",
        textDocumentSync: TextDocumentSyncOptions(
          openClose: true, change: .incremental, save: SaveOptions(includeText: false))),
      serverInfo: ServerInfo(name: "gloss", version: "0.1.0"))
    expectEncoding(
      result,
      #"""
      {"capabilities":{"positionEncoding":"utf-16","textDocumentSync":{"openClose":true,"change":2,
       "save":{"includeText":false}}},"serverInfo":{"name":"gloss","version":"0.1.0"}}
      """#)
    expectEncoding(InitializeResult(capabilities: ServerCapabilities(), serverInfo: nil), #"{"capabilities":{}}"#)
  }

  @Test func methodNamesAreTheLSPOnes() {
    #expect(InitializeRequest.method == "initialize")
    #expect(InitializedNotification.method == "initialized")
    #expect(ShutdownRequest.method == "shutdown")
    #expect(ExitNotification.method == "exit")
    #expect(CancelRequestNotification.method == "$/cancelRequest")
  }

  @Test func cancelRequestCarriesEitherIdKind() {
    #expect(decodeJSON(CancelRequestNotification.self, #"{"id":12}"#)?.id == .number(12))
    #expect(decodeJSON(CancelRequestNotification.self, #"{"id":"abc"}"#)?.id == .string("abc"))
    expectEncoding(CancelRequestNotification(id: .number(3)), #"{"id":3}"#)
  }

  @Test func shutdownAndExitHaveEmptyParams() {
    expectEncoding(ShutdownRequest(), "{}")
    expectEncoding(ExitNotification(), "{}")
    expectEncoding(InitializedNotification(), "{}")
    #expect(decodeJSON(InitializedNotification.self, "{}") == InitializedNotification())
  }
}
