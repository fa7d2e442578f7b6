/// How serious a diagnostic is.
package enum DiagnosticSeverity: Int, Hashable, Sendable, Codable {
  case error = 1
  case warning = 2
  case information = 3
  case hint = 4
}

/// A tag on a diagnostic that editors render specially.
package enum DiagnosticTag: Int, Hashable, Sendable, Codable {
  case unnecessary = 1
  case deprecated = 2
}

/// A problem reported at a range of a document.
package struct Diagnostic: Hashable, Sendable, Codable {
  /// Where the problem is.
  package var range: LSPRange
  /// How serious it is.
  package var severity: DiagnosticSeverity?
  /// The stable code (`unknown-source`, …).
  package var code: String?
  /// The tool that found it (`gloss`).
  package var source: String?
  /// The message shown to the user.
  package var message: String
  /// Rendering tags.
  package var tags: [DiagnosticTag]?
  /// Other places that matter to the problem.
  package var relatedInformation: [DiagnosticRelatedInformation]?
  /// Data kept for code actions.
  package var data: JSONValue?

  /// Creates a diagnostic.
  package init(
    range: LSPRange, severity: DiagnosticSeverity?, code: String? = nil, source: String? = nil, message: String,
    tags: [DiagnosticTag]? = nil, relatedInformation: [DiagnosticRelatedInformation]? = nil, data: JSONValue? = nil
  ) {
    self.range = range
    self.severity = severity
    self.code = code
    self.source = source
    self.message = message
    self.tags = tags
    self.relatedInformation = relatedInformation
    self.data = data
  }

  private enum CodingKeys: String, CodingKey {
    case range, severity, code, source, message, tags, relatedInformation, data
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    range = try container.decode(LSPRange.self, forKey: .range)
    severity = try? container.decodeIfPresent(DiagnosticSeverity.self, forKey: .severity)
    // Other tools' diagnostics, echoed back in code action requests, may have integer codes.
    if let string = try? container.decodeIfPresent(String.self, forKey: .code) {
      code = string
    } else if let number = try? container.decodeIfPresent(Int.self, forKey: .code) {
      code = String(number)
    }
    source = try container.decodeIfPresent(String.self, forKey: .source)
    message = try container.decode(String.self, forKey: .message)
    tags = try? container.decodeIfPresent([DiagnosticTag].self, forKey: .tags)
    relatedInformation = try? container.decodeIfPresent(
      [DiagnosticRelatedInformation].self, forKey: .relatedInformation)
    data = try container.decodeIfPresent(JSONValue.self, forKey: .data)
  }
}

/// A place related to a diagnostic, with a message.
package struct DiagnosticRelatedInformation: Hashable, Sendable, Codable {
  /// The place.
  package var location: Location
  /// What is there.
  package var message: String

  /// Creates related information.
  package init(location: Location, message: String) {
    self.location = location
    self.message = message
  }
}

/// `textDocument/publishDiagnostics`: the full set of diagnostics of one document.
package struct PublishDiagnosticsNotification: NotificationType, Hashable {
  package static let method = "textDocument/publishDiagnostics"
  /// The document.
  package var uri: DocumentURI
  /// The version of the open document the diagnostics are for.
  package var version: Int?
  /// Every diagnostic of the document (empty clears them).
  package var diagnostics: [Diagnostic]

  /// Creates the notification.
  package init(uri: DocumentURI, version: Int? = nil, diagnostics: [Diagnostic]) {
    self.uri = uri
    self.version = version
    self.diagnostics = diagnostics
  }
}
