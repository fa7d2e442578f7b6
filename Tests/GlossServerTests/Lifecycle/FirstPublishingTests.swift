import Foundation
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

/// The first publishing of a workspace of many files writes its notifications in slices, each handed to the writer's
/// thread (`Outbox.writeInBackground`, as the loop sets it) while the loop encodes the next; the loop then goes on
/// without waiting for the client to read them. The client gets every file once, in order.
@Suite struct FirstPublishingTests {
  @Test func everySliceIsWrittenInTheBackgroundInOrder() throws {
    var files = ["refs.bib": "@book{kept, title = {Kept}}\n"]
    for k in 0..<2_500 { files["notes/n\(k).md"] = "Ghi chú \(k) 🦉 [@nope]\n" }
    let fixture = WorkspaceFixture(files: files)
    try fixture.start(capabilities: ClientCapabilities(window: ClientCapabilities.Window(workDoneProgress: true)))
    let create = try #require(fixture.client.serverRequests.first { $0.method == "window/workDoneProgress/create" })
    let server = fixture.client.server
    // As the loop does, but counted, then sent as any message (in order, behind what was sent before).
    var runs: [Int] = []
    server.outbox.writeInBackground = { [unowned server] messages in
      runs.append(messages.count)
      for message in messages { server.send(encoded: message) }
    }
    fixture.client.reply(to: create.id, result: VoidResponse())
    // 2,501 files: two slices of 1,024, then 453.
    #expect(runs == [1_024, 1_024, 453])
    #expect(fixture.publishedPaths == files.keys.sorted())
    let five = try #require(fixture.published.first { $0.uri == fixture.uri("notes/n5.md") })
    // "Ghi chú 5 🦉 [@" is 15 UTF-16 units.
    #expect(five.diagnostics.map(\.range.start) == [Position(line: 0, character: 15)])
  }

  /// A publishing of one slice (an edit, a few files) is written by the loop as before.
  @Test func aSingleSliceIsWrittenByTheLoop() throws {
    var files = ["refs.bib": "@book{kept, title = {Kept}}\n"]
    for k in 0..<20 { files["notes/n\(k).md"] = "Ghi chú \(k) [@nope]\n" }
    let fixture = WorkspaceFixture(files: files)
    try fixture.start(capabilities: ClientCapabilities(window: ClientCapabilities.Window(workDoneProgress: true)))
    let create = try #require(fixture.client.serverRequests.first { $0.method == "window/workDoneProgress/create" })
    var runs: [Int] = []
    fixture.client.server.outbox.writeInBackground = { runs.append($0.count) }
    fixture.client.reply(to: create.id, result: VoidResponse())
    #expect(runs.isEmpty)
    #expect(fixture.publishedPaths == files.keys.sorted())
  }
}
