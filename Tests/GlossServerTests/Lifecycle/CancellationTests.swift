import Foundation
import LanguageServerProtocol
import TestSupport
import Testing

@testable import GlossServer

@Suite struct CancellationTests {
  private func client() throws -> TestClient {
    let client = TestClient()
    client.server.table.on(ProbeRequest.self) { _ in { probe in probe.text } }
    try client.initialize()
    return client
  }

  @Test func cancelOfAQueuedRequestAnswersRequestCancelledWithoutRunningIt() throws {
    let client = try client()
    let shutdown = client.enqueue(ShutdownRequest())
    client.enqueue(CancelRequestNotification(id: shutdown))
    client.processQueue()
    #expect(client.errorCode(of: shutdown) == .requestCancelled)
    #expect(client.answers[shutdown]?.count == 1)
    #expect(client.server.state == .running)
  }

  @Test func cancelOnlyAffectsItsOwnRequest() throws {
    let client = try client()
    let first = client.enqueue(ProbeRequest(text: "một"))
    let second = client.enqueue(ProbeRequest(text: "hai"))
    client.enqueue(CancelRequestNotification(id: second))
    client.processQueue()
    #expect(try client.response(to: first, as: ProbeRequest.self) == "một")
    #expect(client.errorCode(of: second) == .requestCancelled)
  }

  @Test func cancelOfAnAnsweredRequestIsIgnored() throws {
    let client = try client()
    let id = client.enqueue(ProbeRequest(text: "漢字"))
    client.processQueue()
    client.enqueue(CancelRequestNotification(id: id))
    client.enqueue(CancelRequestNotification(id: .string("never-sent")))
    client.processQueue()
    #expect(client.answers[id]?.count == 1)
    #expect(try client.response(to: id, as: ProbeRequest.self) == "漢字")
    #expect(client.notifications.isEmpty)
  }

  @Test func everyRequestIsAnsweredExactlyOnce() throws {
    let client = TestClient()
    client.server.table.on(ProbeRequest.self) { _ in { probe in probe.text } }
    var ids: [RequestID] = []
    ids.append(client.enqueue(ProbeRequest(text: "before initialize")))
    ids.append(client.enqueue(InitializeRequest()))
    client.enqueue(InitializedNotification())
    ids.append(client.enqueue(ProbeRequest(text: nil)))
    ids.append(client.enqueue(ProbeRequest(text: "cancelled")))
    client.enqueue(CancelRequestNotification(id: ids[3]))
    client.enqueue(body: #"{"jsonrpc":"2.0","id":100,"method":"textDocument/moniker","params":{}}"#)
    client.enqueue(body: #"{"jsonrpc":"2.0","id":101,"method":"gloss/probe","params":{"text":42}}"#)
    client.enqueue(body: #"{"jsonrpc":"2.0","id":102,"method":"gloss/probe"}"#)
    ids += [.number(100), .number(101), .number(102)]
    ids.append(client.enqueue(ShutdownRequest()))
    ids.append(client.enqueue(ProbeRequest(text: "after shutdown")))
    client.enqueue(ExitNotification())
    client.processQueue()
    for id in ids { #expect(client.answers[id]?.count == 1, "request \(id)") }
    #expect(client.answers.count == ids.count)
    #expect(
      ids.map { client.errorCode(of: $0)?.rawValue ?? 0 } == [
        -32002, 0, 0, -32800, -32601, -32602, 0, 0, -32600,
      ])
    #expect(try client.response(to: ids[2], as: ProbeRequest.self) == nil)
    #expect(client.server.exitStatus == 0)
  }

  @Test func ticksAreCoalescedWhileOneWaits() {
    var queue = EventQueue()
    queue.append(.tick(Date(timeIntervalSince1970: 1)))
    queue.append(.tick(Date(timeIntervalSince1970: 2)))
    queue.append(.endOfInput)
    queue.append(.tick(Date(timeIntervalSince1970: 3)))
    var kinds: [String] = []
    while let event = queue.next() {
      switch event {
      case .tick(let date): kinds.append("tick \(Int(date.timeIntervalSince1970))")
      case .endOfInput: kinds.append("end")
      default: kinds.append("other")
      }
    }
    #expect(kinds == ["tick 1", "end"])
  }
}
