/// The kind of a log or shown message.
package enum MessageType: Int, Hashable, Sendable, Codable {
  case error = 1
  case warning = 2
  case info = 3
  case log = 4
}

/// `window/logMessage`: a line for the client's log.
package struct LogMessageNotification: NotificationType, Hashable {
  package static let method = "window/logMessage"
  /// The kind of message.
  package var type: MessageType
  /// The text.
  package var message: String

  /// Creates the notification.
  package init(type: MessageType, message: String) {
    self.type = type
    self.message = message
  }
}

/// `window/showMessage`: a message the user must see.
package struct ShowMessageNotification: NotificationType, Hashable {
  package static let method = "window/showMessage"
  /// The kind of message.
  package var type: MessageType
  /// The text.
  package var message: String

  /// Creates the notification.
  package init(type: MessageType, message: String) {
    self.type = type
    self.message = message
  }
}

/// `window/showDocument`: asks the client to show a document, such as a note just made.
package struct ShowDocumentRequest: RequestType, Hashable {
  package typealias Response = ShowDocumentResult
  package static let method = "window/showDocument"
  /// The document.
  package var uri: DocumentURI
  /// Whether to open it in an external program.
  package var external: Bool?
  /// Whether the editor should take focus.
  package var takeFocus: Bool?
  /// A range to select.
  package var selection: LSPRange?

  /// Creates the request.
  package init(uri: DocumentURI, external: Bool? = nil, takeFocus: Bool? = nil, selection: LSPRange? = nil) {
    self.uri = uri
    self.external = external
    self.takeFocus = takeFocus
    self.selection = selection
  }
}

/// The answer to `window/showDocument`.
package struct ShowDocumentResult: Hashable, Sendable, Codable {
  /// Whether the document was shown.
  package var success: Bool

  /// Creates the result.
  package init(success: Bool) { self.success = success }
}

/// `window/workDoneProgress/create`: asks the client to make a progress indicator for `token`.
package struct WorkDoneProgressCreateRequest: RequestType, Hashable {
  package typealias Response = VoidResponse
  package static let method = "window/workDoneProgress/create"
  /// The token later `$/progress` notifications use.
  package var token: ProgressToken

  /// Creates the request.
  package init(token: ProgressToken) { self.token = token }
}

/// `$/progress`: the begin, report or end of a work-done progress.
package struct ProgressNotification: NotificationType, Hashable {
  package static let method = "$/progress"
  /// The token from `window/workDoneProgress/create`.
  package var token: ProgressToken
  /// The progress step.
  package var value: WorkDoneProgress

  /// Creates the notification.
  package init(token: ProgressToken, value: WorkDoneProgress) {
    self.token = token
    self.value = value
  }
}

/// One step of a work-done progress, written with its `kind`.
package enum WorkDoneProgress: Hashable, Sendable, Codable {
  /// `kind: "begin"`: the title, and optionally a message and a percentage.
  case begin(title: String, message: String? = nil, percentage: Int? = nil, cancellable: Bool? = nil)
  /// `kind: "report"`: a message and percentage update.
  case report(message: String? = nil, percentage: Int? = nil)
  /// `kind: "end"`: the work is over.
  case end(message: String? = nil)

  private enum CodingKeys: String, CodingKey { case kind, title, message, percentage, cancellable }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let message = try container.decodeIfPresent(String.self, forKey: .message)
    let percentage = try container.decodeIfPresent(Int.self, forKey: .percentage)
    switch try container.decode(String.self, forKey: .kind) {
    case "begin":
      self = .begin(
        title: try container.decode(String.self, forKey: .title), message: message, percentage: percentage,
        cancellable: try container.decodeIfPresent(Bool.self, forKey: .cancellable))
    case "report": self = .report(message: message, percentage: percentage)
    case "end": self = .end(message: message)
    case let kind:
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: container, debugDescription: "unknown progress kind '\(kind)'")
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .begin(let title, let message, let percentage, let cancellable):
      try container.encode("begin", forKey: .kind)
      try container.encode(title, forKey: .title)
      try container.encodeIfPresent(cancellable, forKey: .cancellable)
      try container.encodeIfPresent(message, forKey: .message)
      try container.encodeIfPresent(percentage, forKey: .percentage)
    case .report(let message, let percentage):
      try container.encode("report", forKey: .kind)
      try container.encodeIfPresent(message, forKey: .message)
      try container.encodeIfPresent(percentage, forKey: .percentage)
    case .end(let message):
      try container.encode("end", forKey: .kind)
      try container.encodeIfPresent(message, forKey: .message)
    }
  }
}
