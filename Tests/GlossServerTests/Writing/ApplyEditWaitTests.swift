import Foundation
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

/// A command answers after the client answered its `workspace/applyEdit`, but it does not wait for ever: a client
/// that never answers gets the command answered when `applyEditTimeout` has passed (checked at each tick), and a
/// `$/cancelRequest` for the waiting command answers it `RequestCancelled` at once. Every request is answered once.
@Suite struct ApplyEditWaitTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  /// A server whose clock stands at `start`, waiting at most 30 s for the client, with one `gloss.convertToSource`
  /// of `notes/a.md` sent and its `workspace/applyEdit` left unanswered.
  static func waitingServer(_ fixture: WriteFixture) throws -> (server: DiskServer, command: RequestID, edit: RequestID)
  {
    let server = DiskServer(fixture) { options in
      options.now = { start }
      options.applyEditTimeout = .seconds(30)
    }
    try server.start(capabilities: WriteCaseTests.resourceClient)
    let command = server.enqueue("gloss.convertToSource", ["uri": .string(server.uri("notes/a.md"))])
    let edit = try #require(server.client.serverRequests.last { $0.method == ApplyWorkspaceEditRequest.method })
    #expect(server.client.answers[command] == nil)
    return (server, command, edit.id)
  }

  static func tick(_ server: DiskServer, after seconds: TimeInterval) {
    server.client.enqueue(event: .tick(start.addingTimeInterval(seconds)))
    server.client.processQueue()
  }

  @Test func aClientThatNeverAnswersGetsTheCommandAnsweredAfterTheTimeout() throws {
    let fixture = try WriteFixture(files: ["notes/a.md": "# A\n"])
    defer { fixture.remove() }
    let (server, command, edit) = try Self.waitingServer(fixture)
    Self.tick(server, after: 29)
    #expect(server.client.answers[command] == nil, "answered before the timeout")
    Self.tick(server, after: 31)
    #expect(server.client.errorCode(of: command) == .requestFailed)
    let message = try #require(server.errorMessage(of: command))
    #expect(message.contains("the editor did not answer the edit in 30 s"))
    // The editor answers at last: the command is not answered twice, and the new note is seen.
    server.client.reply(to: edit, result: ApplyWorkspaceEditResult(applied: true))
    Self.tick(server, after: 40)
    #expect(server.client.answers[command]?.count == 1)
    #expect(server.client.server.pendingReplyCount == 0)
  }

  @Test func cancellingAWaitingCommandAnswersRequestCancelled() throws {
    let fixture = try WriteFixture(files: ["notes/a.md": "# A\n"])
    defer { fixture.remove() }
    let (server, command, edit) = try Self.waitingServer(fixture)
    server.client.enqueue(CancelRequestNotification(id: command))
    server.client.processQueue()
    #expect(server.client.errorCode(of: command) == .requestCancelled)
    server.client.reply(to: edit, result: ApplyWorkspaceEditResult(applied: false, failureReason: "too late"))
    Self.tick(server, after: 60)
    #expect(server.client.answers[command]?.count == 1)
  }

  @Test func anAnswerInTimeIsTheCommandsAnswerAndNoTimeoutFollows() throws {
    let fixture = try WriteFixture(files: ["notes/a.md": "# A\n"])
    defer { fixture.remove() }
    let (server, command, edit) = try Self.waitingServer(fixture)
    Self.tick(server, after: 10)
    server.client.reply(to: edit, result: ApplyWorkspaceEditResult(applied: true))
    Self.tick(server, after: 100)
    #expect(server.client.answers[command]?.count == 1)
    #expect(server.client.errorCode(of: command) == nil)
    // A cancel after the answer changes nothing.
    server.client.enqueue(CancelRequestNotification(id: command))
    server.client.processQueue()
    #expect(server.client.answers[command]?.count == 1)
  }
}
