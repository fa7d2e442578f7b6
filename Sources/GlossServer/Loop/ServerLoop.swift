import Dispatch
package import LanguageServerProtocol

/// Runs `server` over `transport` until `exit` or the end of input, and returns the exit status.
///
/// One loop takes the events in arrival order and calls `server.handle(_:)`, writing the messages it returns:
/// - a reader thread reads the input, frames and decodes the messages of each read and posts them (or the errors)
///   together at once;
/// - a timer posts `.tick` every `server.options.tickInterval`, if set (ticks are coalesced while one waits);
/// - the end of input posts `.endOfInput`.
/// Handlers therefore never run concurrently, and a cancellation read before its request is handled applies.
package func runLanguageServer(_ server: Server, transport: StdioTransport) -> Int32 {
  let mailbox = EventMailbox()
  BackgroundThread.start(name: "gloss-reader") {
    transport.readMessages { items in
      mailbox.post(items.map(ServerEvent.init(framed:)))
    }
    mailbox.post(.endOfInput)
  }
  let now = server.options.now
  server.scanning.runsInBackground = server.options.tickInterval != nil
  let board = server.scanning.board
  let fileSystem = server.options.reader
  // The periodic scan walks the folders on the timer's thread, so a walk of 10,000 files never delays an edit; the
  // loop only applies what changed.
  let timer = server.options.tickInterval.map { interval in
    startTicks(every: interval, into: mailbox) {
      board.scan(fileSystem: fileSystem).map(ServerEvent.scanned) + [.tick(now())]
    }
  }
  defer { timer?.cancel() }
  server.extractions.wake = { mailbox.post([.extracted]) }
  server.restart.checks.wake = { mailbox.post([.restartChecked]) }
  let writer = BulkWriter { transport.send(bodies: $0.map(\.body)) }
  server.outbox.writeNow = { messages in
    for message in messages { writer.send(message) }
  }
  server.outbox.writeInBackground = { writer.writeInBackground($0) }
  server.outbox.isWritingInBackground = { writer.isWriting }
  while true {
    // Deferred work (the notes an edit affects) runs only when no event waits, so typing stays ahead of it.
    let event: ServerEvent
    if server.hasDeferredWork {
      // An early root waits a moment for the requests an editor sends with its first ones (`Server.idleWait`).
      if let wait = server.idleWait {
        event = mailbox.take(waitingAtMost: wait) ?? .idle
      } else {
        event = mailbox.takeIfAny() ?? .idle
      }
    } else {
      event = mailbox.take()
    }
    for message in server.handle(event) {
      writer.send(message)
    }
    if let status = server.exitStatus {
      writer.waitUntilWritten()
      return status
    }
  }
}

/// Posts the events `work` makes into `mailbox` every `interval` (the next run waits until this one is over).
private func startTicks(
  every interval: Duration, into mailbox: EventMailbox, work: @escaping @Sendable () -> [ServerEvent]
) -> any DispatchSourceTimer {
  let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "gloss-ticks"))
  let components = interval.components
  let nanoseconds = Int(components.seconds) * 1_000_000_000 + Int(components.attoseconds / 1_000_000_000)
  timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
  timer.setEventHandler { mailbox.post(work()) }
  timer.resume()
  return timer
}

extension ServerEvent {
  /// The event for one framed item: the decoded message, or why it could not be read.
  init(framed item: MessageFramer.Output) {
    switch item {
    case .message(let body):
      do throws(MessageDecodingError) {
        self = .message(try IncomingMessage(body: body))
      } catch {
        self = .unreadable(error)
      }
    case .error(let error):
      self = .framingError(error)
    }
  }
}
