import Foundation
import LanguageServerProtocol
import TestSupport
import Testing

@testable import GlossServer

/// A notification registered only in tests that makes the server ask the client to show a document.
private struct ShowProbeNotification: NotificationType {
  static let method = "gloss/showProbe"
  var uri: String
}

/// What the continuation of the server's request received.
private final class ResultBox {
  var results: [Result<ShowDocumentResult, ResponseError>] = []
}

@Suite struct ServerRequestTests {
  private func client(_ box: ResultBox) throws -> TestClient {
    let client = TestClient()
    client.server.table.on(ShowProbeNotification.self) { server in
      { probe in
        server.sendRequest(ShowDocumentRequest(uri: probe.uri, takeFocus: true)) { _, result in
          box.results.append(result)
        }
      }
    }
    try client.initialize()
    return client
  }

  @Test func serverRequestsHaveTheirOwnIdsAndResultsReachTheirContinuation() throws {
    let box = ResultBox()
    let client = try client(box)
    client.notify(ShowProbeNotification(uri: "file:///ghi-chú.md"))
    client.notify(ShowProbeNotification(uri: "file:///b.md"))
    #expect(client.serverRequests.map(\.id) == [.string("gloss-1"), .string("gloss-2")])
    #expect(client.serverRequests.map(\.method) == ["window/showDocument", "window/showDocument"])
    #expect(client.server.pendingReplyCount == 2)
    client.reply(to: .string("gloss-2"), error: ResponseError(code: .requestFailed, message: "no editor"))
    client.reply(to: .string("gloss-1"), result: ShowDocumentResult(success: true))
    #expect(box.results.count == 2)
    #expect(throws: ResponseError(code: .requestFailed, message: "no editor")) { try box.results[0].get() }
    #expect(try box.results[1].get() == ShowDocumentResult(success: true))
    #expect(client.server.pendingReplyCount == 0)
  }

  @Test func responseToAnUnknownIdIsIgnored() throws {
    let box = ResultBox()
    let client = try client(box)
    client.reply(to: .string("gloss-77"), result: ShowDocumentResult(success: true))
    #expect(box.results.isEmpty)
    #expect(client.notifications.isEmpty)
  }

  @Test func malformedResultIsReportedAsInvalidParamsToTheContinuation() throws {
    let box = ResultBox()
    let client = try client(box)
    client.notify(ShowProbeNotification(uri: "file:///a.md"))
    client.reply(to: .string("gloss-1"), result: ["unexpected": 1])
    #expect(throws: ResponseError.invalidParams("missing field 'success'")) { try box.results.first?.get() }
  }
}
