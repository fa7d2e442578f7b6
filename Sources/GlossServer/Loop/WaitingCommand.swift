#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A command whose answer waits for the client's answer to its `workspace/applyEdit` (`AnswerLater`). It waits until
/// the client answers, until the client cancels the command (`$/cancelRequest`), or until `deadline`: a client that
/// never answers (a lost message, a prompt left open) must not leave the command unanswered for ever.
struct WaitingCommand {
  /// The command's label, for messages (`Save as note`).
  var label: String
  /// When Gloss stops waiting and answers that the editor did not answer.
  var deadline: Date
}

extension Duration {
  /// The duration in seconds, as `Date` arithmetic takes it.
  var timeInterval: TimeInterval {
    let components = components
    return TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18
  }
}
