import Dispatch
import Foundation
import LanguageServerProtocol
import Synchronization
import Testing

@testable import GlossServer

/// The diagnostics of every file are written on a thread of their own while the loop goes on: answers overtake the
/// rest of them, and so do newer diagnostics of a document (its older ones not yet written are then left out); a
/// `publishDiagnostics` that does not name its document waits for them.
@Suite struct BulkWriterTests {
  /// What was written, in order, by a writer whose first message of a run waits until `gate` opens (a client not
  /// reading yet).
  final class Output: Sendable {
    let written = Mutex<[String]>([])
    let gate = DispatchSemaphore(value: 0)
    let reachedGate = DispatchSemaphore(value: 0)

    func write(_ messages: [OutgoingMessage]) {
      for message in messages { write(message) }
    }

    func write(_ message: OutgoingMessage) {
      let text = message.description
      if text == "run-first" || text == "run-first:old" {
        reachedGate.signal()
        gate.wait()
      }
      written.withLock { $0.append(text) }
    }

    var lines: [String] { written.withLock { $0 } }
  }

  /// A writer of one message a batch into a new `Output`, handed `run`, once its first message waits at the gate.
  static func heldAtTheGate(writing run: [OutgoingMessage]) -> (BulkWriter, Output) {
    let output = Output()
    let writer = BulkWriter(batchBytes: 1) { output.write($0) }
    writer.writeInBackground(run)
    output.reachedGate.wait()
    return (writer, output)
  }

  static func diagnostics(_ text: String) -> OutgoingMessage {
    OutgoingMessage(kind: .notification(method: PublishDiagnosticsNotification.method), body: Data(text.utf8))
  }

  static let run = ["run-first", "run-second", "run-third"].map(diagnostics)

  @Test func anAnswerOvertakesTheRestOfARun() {
    let (writer, output) = Self.heldAtTheGate(writing: Self.run)
    // The loop does not wait for the pipe: the writer, blocked on its first message, writes the answer next.
    writer.send(OutgoingMessage(kind: .response(.number(1)), body: Data("answer".utf8)))
    writer.send(OutgoingMessage(kind: .notification(method: "$/progress"), body: Data("progress".utf8)))
    #expect(output.lines.isEmpty)
    output.gate.signal()
    writer.waitUntilWritten()
    #expect(output.lines == ["run-first", "answer", "progress", "run-second", "run-third"])
  }

  @Test func anAnswerAfterTheRunGoesOutAtOnce() {
    let (writer, output) = Self.heldAtTheGate(writing: Self.run)
    output.gate.signal()
    writer.waitUntilWritten()
    #expect(!writer.isWriting)
    writer.send(OutgoingMessage(kind: .response(.number(2)), body: Data("answer".utf8)))
    #expect(output.lines == ["run-first", "run-second", "run-third", "answer"])
  }

  @Test func laterDiagnosticsFollowTheRun() {
    let (writer, output) = Self.heldAtTheGate(writing: Self.run)
    let sent = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      writer.send(Self.diagnostics("later"))
      sent.signal()
    }
    // Held back while the run waits for its client.
    #expect(sent.wait(timeout: .now() + .milliseconds(200)) == .timedOut)
    #expect(output.lines.isEmpty)
    output.gate.signal()
    sent.wait()
    #expect(output.lines == ["run-first", "run-second", "run-third", "later"])
  }

  /// Diagnostics naming their document (`text` is `document:what`).
  static func named(_ text: String) -> OutgoingMessage {
    OutgoingMessage(
      kind: .notification(method: PublishDiagnosticsNotification.method), body: Data(text.utf8),
      subject: String(text.prefix { $0 != ":" }))
  }

  static let namedRun = ["run-first:old", "b:old", "c:old"].map(named)

  @Test func newerDiagnosticsOfADocumentOvertakeTheRunAndReplaceItsOlderOnes() {
    let (writer, output) = Self.heldAtTheGate(writing: Self.namedRun)
    // The loop does not wait: `b`'s newer diagnostics go out next, its older ones never.
    writer.send(Self.named("b:new"))
    output.gate.signal()
    writer.waitUntilWritten()
    #expect(output.lines == ["run-first:old", "b:new", "c:old"])
  }

  @Test func newerDiagnosticsOfADocumentAlreadyBeingWrittenComeAfterIt() {
    let (writer, output) = Self.heldAtTheGate(writing: Self.namedRun)
    writer.send(Self.named("run-first:new"))
    output.gate.signal()
    writer.waitUntilWritten()
    #expect(output.lines == ["run-first:old", "run-first:new", "b:old", "c:old"])
  }

  @Test func aRunHandedOverAfterNewerDiagnosticsIsWrittenWhole() {
    let (writer, output) = Self.heldAtTheGate(writing: Self.namedRun)
    writer.send(Self.named("b:new"))
    // Handed over after `b:new`, so newer still: written, after it. The loop does not wait for the first run.
    writer.writeInBackground([Self.named("b:newest")])
    output.gate.signal()
    writer.waitUntilWritten()
    #expect(output.lines == ["run-first:old", "b:new", "c:old", "b:newest"])
    // Once every run is written, nothing is left out of the next.
    writer.writeInBackground([Self.named("b:again"), Self.named("c:again")])
    writer.waitUntilWritten()
    #expect(output.lines.suffix(2) == ["b:again", "c:again"])
  }

  @Test func handingOverARunDoesNotWaitForTheOneBeingWritten() {
    let (writer, output) = Self.heldAtTheGate(writing: Self.run)
    writer.writeInBackground(["next-a", "next-b"].map(Self.diagnostics))
    #expect(writer.isWriting && output.lines.isEmpty)
    output.gate.signal()
    writer.waitUntilWritten()
    #expect(output.lines == ["run-first", "run-second", "run-third", "next-a", "next-b"])
  }

  /// A run goes out in batches of about the size given (one write each), never splitting a message, and an answer
  /// sent while the first batch is held waits only for that batch.
  @Test func aRunIsWrittenInBatchesThatAnAnswerOvertakes() {
    let batches = Mutex<[[String]]>([])
    let gate = DispatchSemaphore(value: 0)
    let reachedGate = DispatchSemaphore(value: 0)
    let writer = BulkWriter(batchBytes: 10) { messages in
      let texts = messages.map(\.description)
      if texts.first == "aaaa" {
        reachedGate.signal()
        gate.wait()
      }
      batches.withLock { $0.append(texts) }
    }
    writer.writeInBackground(["aaaa", "bbbb", "cc", "dddddddddddd", "e", "f"].map(Self.diagnostics))
    reachedGate.wait()
    writer.send(OutgoingMessage(kind: .response(.number(1)), body: Data("answer".utf8)))
    gate.signal()
    writer.waitUntilWritten()
    #expect(
      batches.withLock { $0 } == [["aaaa", "bbbb", "cc"], ["answer"], ["dddddddddddd"], ["e", "f"]])
  }
}
