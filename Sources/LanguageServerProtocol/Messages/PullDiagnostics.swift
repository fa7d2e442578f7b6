/// `textDocument/diagnostic`: the client pulls one document's diagnostics.
package struct DocumentDiagnosticRequest: RequestType, Hashable {
  package typealias Response = DocumentDiagnosticReport
  package static let method = "textDocument/diagnostic"
  /// The document.
  package var textDocument: TextDocumentIdentifier
  /// The provider's identifier from the registration, if any.
  package var identifier: String?
  /// The result id of the report the client holds, if any.
  package var previousResultId: String?

  /// Creates the request.
  package init(textDocument: TextDocumentIdentifier, identifier: String? = nil, previousResultId: String? = nil) {
    self.textDocument = textDocument
    self.identifier = identifier
    self.previousResultId = previousResultId
  }
}

/// A pulled report: every diagnostic (`full`), or `unchanged` since the client's `resultId`.
package struct DocumentDiagnosticReport: Hashable, Sendable, Codable {
  /// `full` or `unchanged`.
  package var kind: String
  /// The id the client sends back as `previousResultId`.
  package var resultId: String?
  /// The diagnostics of a full report.
  package var items: [Diagnostic]?

  /// A full report.
  package static func full(resultId: String?, items: [Diagnostic]) -> DocumentDiagnosticReport {
    DocumentDiagnosticReport(kind: "full", resultId: resultId, items: items)
  }

  /// A report saying nothing changed since `resultId`.
  package static func unchanged(resultId: String) -> DocumentDiagnosticReport {
    DocumentDiagnosticReport(kind: "unchanged", resultId: resultId, items: nil)
  }

  /// Creates a report.
  package init(kind: String, resultId: String?, items: [Diagnostic]?) {
    self.kind = kind
    self.resultId = resultId
    self.items = items
  }
}

/// `workspace/diagnostic`: the client pulls the diagnostics of every file.
package struct WorkspaceDiagnosticRequest: RequestType, Hashable {
  package typealias Response = WorkspaceDiagnosticReport
  package static let method = "workspace/diagnostic"
  /// The provider's identifier from the registration, if any.
  package var identifier: String?
  /// The result ids of the reports the client holds.
  package var previousResultIds: [PreviousResultID]

  /// Creates the request.
  package init(identifier: String? = nil, previousResultIds: [PreviousResultID] = []) {
    self.identifier = identifier
    self.previousResultIds = previousResultIds
  }

  private enum CodingKeys: String, CodingKey { case identifier, previousResultIds }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    identifier = try container.decodeIfPresent(String.self, forKey: .identifier)
    previousResultIds = try container.decodeIfPresent([PreviousResultID].self, forKey: .previousResultIds) ?? []
  }
}

/// A report the client holds: its document and result id.
package struct PreviousResultID: Hashable, Sendable, Codable {
  /// The document.
  package var uri: DocumentURI
  /// The report's result id.
  package var value: String

  /// Creates the pair.
  package init(uri: DocumentURI, value: String) {
    self.uri = uri
    self.value = value
  }
}

/// The answer to `workspace/diagnostic`: one report per document.
package struct WorkspaceDiagnosticReport: Hashable, Sendable, Codable {
  /// The reports.
  package var items: [WorkspaceDocumentDiagnosticReport]

  /// Creates the answer.
  package init(items: [WorkspaceDocumentDiagnosticReport]) { self.items = items }
}

/// One document's report within a workspace report.
package struct WorkspaceDocumentDiagnosticReport: Hashable, Sendable, Codable {
  /// The document.
  package var uri: DocumentURI
  /// The version of the open document, nil (encoded as `null`) for a file that is not open.
  package var version: Int?
  /// The report.
  package var report: DocumentDiagnosticReport

  /// Creates a report.
  package init(uri: DocumentURI, version: Int?, report: DocumentDiagnosticReport) {
    self.uri = uri
    self.version = version
    self.report = report
  }

  private enum CodingKeys: String, CodingKey { case uri, version, kind, resultId, items }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    uri = try container.decode(DocumentURI.self, forKey: .uri)
    version = try container.decodeIfPresent(Int.self, forKey: .version)
    report = try DocumentDiagnosticReport(from: decoder)
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(uri, forKey: .uri)
    // LSP requires the key, with `null` for a document that is not open.
    if let version {
      try container.encode(version, forKey: .version)
    } else {
      try container.encodeNil(forKey: .version)
    }
    try container.encode(report.kind, forKey: .kind)
    try container.encodeIfPresent(report.resultId, forKey: .resultId)
    try container.encodeIfPresent(report.items, forKey: .items)
  }
}

/// The server's `diagnosticProvider` capability.
package struct DiagnosticOptions: Hashable, Sendable, Codable {
  /// The provider's identifier.
  package var identifier: String?
  /// Whether a change in one file may change another's diagnostics.
  package var interFileDependencies: Bool
  /// Whether `workspace/diagnostic` is supported.
  package var workspaceDiagnostics: Bool

  /// Creates the options.
  package init(identifier: String? = nil, interFileDependencies: Bool, workspaceDiagnostics: Bool) {
    self.identifier = identifier
    self.interFileDependencies = interFileDependencies
    self.workspaceDiagnostics = workspaceDiagnostics
  }
}

/// `workspace/diagnostic/refresh` (server to client): ask for the diagnostics of every document again.
package struct DiagnosticRefreshRequest: RequestType, Hashable {
  package typealias Response = VoidResponse
  package static let method = "workspace/diagnostic/refresh"

  /// Creates the request.
  package init() {}
}
