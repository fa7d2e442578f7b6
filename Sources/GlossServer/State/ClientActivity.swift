#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// When the client was last heard from and when background work last went out, to pace what is done while it is
/// busy: handing back the memory background builds freed (`IdleTrim`), and handing the sources' state to the find
/// preparation while texts are being extracted.
struct ClientActivity {
  /// When the client last sent a message.
  private(set) var lastClientMessage: Date?
  /// When to hand back what background builds freed.
  private var idleTrim = IdleTrim()
  /// When the sources' state last went to the find preparation while texts were being extracted.
  private var lastFindHandover: Date?

  /// Notes that the client sent a message at `date`.
  mutating func clientSentMessage(at date: Date) {
    lastClientMessage = date
  }

  /// Whether to hand back freed memory now, given the build rounds finished so far (`IdleTrim.isDue`).
  mutating func isTrimDue(finishedRounds: Int, now: Date) -> Bool {
    idleTrim.isDue(finishedRounds: finishedRounds, lastClientMessage: lastClientMessage, now: now)
  }

  /// Whether the sources' state may go to the find preparation at `now` while texts are being extracted: at most
  /// once per `interval`; true also when the clock went back.
  mutating func isFindHandoverDue(at now: Date, every interval: TimeInterval) -> Bool {
    if let last = lastFindHandover, now >= last, now.timeIntervalSince(last) < interval { return false }
    lastFindHandover = now
    return true
  }

  /// Forgets the last find handover: no text is being extracted, so the next one goes at once.
  mutating func endFindHandovers() {
    lastFindHandover = nil
  }
}
