package import LanguageServerProtocol

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// A message the server sends: its encoded JSON body and what kind of message it is.
package struct OutgoingMessage: Sendable, CustomStringConvertible {
  /// What the message is, for logs and tests.
  package enum Kind: Hashable, Sendable {
    /// A response (result or error) to the client's request `id` (nil when the id was unreadable).
    case response(RequestID?)
    /// A notification.
    case notification(method: String)
    /// A request of the server's own.
    case request(id: RequestID, method: String)
  }

  /// What the message is.
  package var kind: Kind
  /// The JSON body, without framing.
  package var body: Data
  /// For a `publishDiagnostics`, the document's URI as written in it: a later one for the same document replaces it
  /// when it was not written yet (`BulkWriter`). Nil for any other message.
  package var subject: String?

  /// Creates an outgoing message.
  package init(kind: Kind, body: Data, subject: String? = nil) {
    self.kind = kind
    self.body = body
    self.subject = subject
  }

  /// A `publishDiagnostics` written by `DiagnosticJSON.publishBody`, its document named as its subject.
  package static func publishDiagnostics(body: Data) -> OutgoingMessage {
    OutgoingMessage(
      kind: .notification(method: PublishDiagnosticsNotification.method), body: body,
      subject: DiagnosticJSON.uri(ofPublishBody: body))
  }

  package var description: String { String(decoding: body, as: UTF8.self) }
}
