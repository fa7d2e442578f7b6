#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// When to hand back the memory a background build freed (the search over the sources' text frees far more than it
/// keeps: about 20 MB left resident on the standard workspace). Trimming the heap holds the allocator's locks for
/// 10-20 ms, which a request arriving then would wait for, so it waits until the client has sent nothing for a
/// while: a writer pausing, not a writer typing.
package struct IdleTrim: Sendable {
  /// How long the client must have been quiet.
  package static let quietFor: TimeInterval = 2
  /// The finished build rounds already handed back.
  private var handedBack = 0

  /// A trim with nothing handed back yet.
  package init() {}

  /// Whether to trim now, given the build rounds finished so far, when the client last sent a message (nil: never)
  /// and the time; when it says yes, those rounds count as handed back.
  package mutating func isDue(finishedRounds: Int, lastClientMessage: Date?, now: Date) -> Bool {
    guard finishedRounds > handedBack else { return false }
    if let lastClientMessage, now.timeIntervalSince(lastClientMessage) < Self.quietFor { return false }
    handedBack = finishedRounds
    return true
  }
}
