import Foundation
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

/// The built `gloss` binary over real pipes; every wait has a timeout so a hang fails instead of blocking CI.
@Suite struct EndToEndTests {
  private static let initialize = #"""
    {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,
     "capabilities":{"general":{"positionEncodings":["utf-8","utf-16"]}}}}
    """#
  private static let initialized = #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#
  private static let shutdown = #"{"jsonrpc":"2.0","id":"end","method":"shutdown"}"#
  private static let exit = #"{"jsonrpc":"2.0","method":"exit"}"#

  private static func didOpen(_ text: String, uri: String = "file:///tmp/ghi-ch%C3%BA.md") -> String {
    jsonText(
      NotificationMessage(
        params: DidOpenTextDocumentNotification(
          textDocument: TextDocumentItem(uri: uri, languageId: "markdown", version: 1, text: text))))
  }

  private func start() throws -> GlossProcess {
    let gloss = try GlossProcess(arguments: ["lsp", "--stdio"])
    try gloss.send(Self.initialize)
    let response = try #require(gloss.waitForResponse(to: .number(1)), "no answer to 'initialize'")
    let result = try response.result.get().decode(InitializeResult.self)
    #expect(result.capabilities.positionEncoding == "utf-8")
    #expect(result.serverInfo?.name == "gloss")
    try gloss.send(Self.initialized)
    return gloss
  }

  @Test func editsThenShutdownAndExitEndsWithZero() throws {
    let gloss = try start()
    try gloss.send(Self.didOpen("# Học\n\nSee [@nguyễn2021, p. 4] 🦉 漢字\n"))
    let change = DidChangeTextDocumentNotification(
      textDocument: VersionedTextDocumentIdentifier(uri: "file:///tmp/ghi-ch%C3%BA.md", version: 2),
      contentChanges: [
        TextDocumentContentChangeEvent(
          range: LSPRange(start: Position(line: 2, character: 27), end: Position(line: 2, character: 31)), text: "🐝")
      ])
    try gloss.send(jsonText(NotificationMessage(params: change)))
    try gloss.send(Self.shutdown)
    let response = try #require(gloss.waitForResponse(to: .string("end")), "no answer to 'shutdown'")
    #expect(try response.result.get().isNull)
    try gloss.send(Self.exit)
    #expect(gloss.waitForExit() == 0)
  }

  @Test func cancelArrivingWithItsRequestAnswersRequestCancelled() throws {
    let gloss = try start()
    // One write, so one read: the cancellation is queued before the request is handled.
    try gloss.write(
      frame(#"{"jsonrpc":"2.0","id":40,"method":"shutdown"}"#)
        + frame(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":40}}"#))
    let cancelled = try #require(gloss.waitForResponse(to: .number(40)), "no answer to the cancelled request")
    #expect(throws: ResponseError.cancelled) { try cancelled.result.get() }
    // The shutdown did not run: a later request is still handled normally.
    try gloss.send(#"{"jsonrpc":"2.0","id":41,"method":"textDocument/moniker","params":{}}"#)
    let next = try #require(gloss.waitForResponse(to: .number(41)))
    #expect(throws: ResponseError.methodNotFound("textDocument/moniker")) { try next.result.get() }
    try gloss.send(Self.exit)
    #expect(gloss.waitForExit() == 1)
  }

  @Test func exitWithoutShutdownEndsWithOne() throws {
    let gloss = try start()
    try gloss.send(Self.exit)
    #expect(gloss.waitForExit() == 1)
  }

  @Test func endOfInputEndsTheServer() throws {
    let gloss = try start()
    try gloss.closeInput()
    #expect(gloss.waitForExit() == 1)
  }

  @Test func garbageAndBrokenFramesDoNotStopTheServerAnswering() throws {
    let gloss = try start()
    // Garbage bytes, including invalid UTF-8 and a NUL.
    try gloss.write([0x00, 0xFF, 0xFE, 0x7B] + Array("rác 垃圾\r\n\r\n".utf8))
    // A frame whose body is not JSON: answered -32700 with a null id.
    try gloss.send(#"{"jsonrpc":"2.0","id":7,"method":"#)
    // A frame with no Content-Length.
    try gloss.write(Array("Content-Type: application/vscode-jsonrpc\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":8}".utf8))
    // A frame whose Content-Length is larger than its body (it runs into the next frame, which is found).
    try gloss.write(Array("Content-Length: 90000\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}".utf8))
    // A 5 MB document (a plain-text file, which single-file mode does not index: this is about framing, and a
    // debug build takes seconds to parse 5 MB of citations).
    try gloss.send(
      Self.didOpen(
        String(repeating: "Tiếng Việt [@lê2020] 漢字 🦉\n", count: 150_000), uri: "file:///tmp/ghi-ch%C3%BA.txt"))
    try gloss.send(#"{"jsonrpc":"2.0","id":"still-there","method":"textDocument/moniker","params":{}}"#)
    let answer = try #require(gloss.waitForResponse(to: .string("still-there")), "the server stopped answering")
    #expect(throws: ResponseError.methodNotFound("textDocument/moniker")) { try answer.result.get() }
    let parseError = gloss.waitForMessage { message in
      if case .notification(let notification) = message { return notification.method == "window/logMessage" }
      return false
    }
    #expect(parseError != nil, "framing errors are logged to the client")
    try gloss.send(Self.shutdown)
    #expect(gloss.waitForResponse(to: .string("end")) != nil)
    try gloss.send(Self.exit)
    #expect(gloss.waitForExit() == 0)
    #expect(gloss.standardError.contains("unreadable message: unreadable JSON message"))
    #expect(gloss.standardError.contains("Content-Length 90000 is larger than the message"))
    #expect(gloss.standardError.contains("message header without Content-Length"))
  }
}

@Suite struct CommandLineTests {
  private func run(_ arguments: [String]) throws -> (status: Int32?, stdout: String, stderr: String) {
    let gloss = try GlossProcess(arguments: arguments)
    try gloss.closeInput()
    let status = gloss.waitForExit()
    return (status, "", gloss.standardError)
  }

  @Test func versionPrintsTheVersion() throws {
    let result = try GlossProcess.run(["--version"])
    #expect(result.stdout == "gloss 0.1.0\n")
    #expect(result.status == 0)
  }

  @Test func helpListsEveryOptionOfEveryCommand() throws {
    let text = try GlossProcess.run(["help"]).stdout
    for option in [
      "--stdio", "[DIR]", "--format text|json", "--tag TAG", "--format F", "-o FILE", "--root DIR", "--version",
    ] {
      #expect(text.contains(option), "gloss help does not mention \(option)")
    }
  }

  @Test(arguments: [["frobnicate"], [], ["lsp", "--tcp"]])
  func badUsagePrintsUsageOnStderrAndExitsTwo(arguments: [String]) throws {
    let result = try run(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.contains("usage: gloss"))
  }

  @Test(arguments: [["help"], ["--help"]])
  func helpExitsZero(arguments: [String]) throws {
    let result = try run(arguments)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }
}

@Suite struct WorkspaceEndToEndTests {
  @Test func aWorkspaceOnDiskIsPublishedAndItsChangesArePickedUpByTheScan() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-lsp-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = [
      "ghi chú.md": "# Ghi chú\n\n[@smith2020] [[khác]]\n", "khác.md": "# Khác\n",
      "refs.bib": "@book{smith2020, title = {Trí nhớ}, year = 2020}\n",
    ]
    for (path, text) in files {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: folder.appendingPathComponent(path))
    }
    let gloss = try GlossProcess(arguments: ["lsp"])
    defer { gloss.process.terminate() }
    let root = FileURI(filePath: folder.path).string
    try gloss.send(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root)","capabilities":{}}}"#)
    try gloss.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    func published(_ name: String) -> PublishDiagnosticsNotification? {
      let uri = FileURI(filePath: folder.appendingPathComponent(name).path).string
      let message = gloss.waitForMessage { message in
        guard case .notification(let notification) = message,
          notification.method == PublishDiagnosticsNotification.method,
          let params = try? RawJSON.decode(PublishDiagnosticsNotification.self, from: notification.params)
        else { return false }
        return params.uri == uri
      }
      guard case .notification(let notification)? = message else { return nil }
      return try? RawJSON.decode(PublishDiagnosticsNotification.self, from: notification.params)
    }
    #expect(published("ghi chú.md")?.diagnostics == [])
    #expect(published("khác.md")?.diagnostics == [])
    #expect(published("refs.bib")?.diagnostics == [])
    // A file written behind the server's back is found by its own scan (every 2 seconds).
    try Data("# Mới\n\n[@ghost2000]\n".utf8).write(to: folder.appendingPathComponent("mới.md"))
    #expect(published("mới.md")?.diagnostics.compactMap(\.code) == ["unknown-source"])
    try gloss.send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
    try gloss.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    #expect(gloss.waitForExit() == 0)
  }
}
