/// A document URI as the client wrote it (`file:///…`).
package typealias DocumentURI = String

/// A position in a document: zero-based line and character offset in the negotiated position encoding.
package struct Position: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The zero-based line.
  package var line: Int
  /// The zero-based column, in code units of the negotiated encoding.
  package var character: Int

  /// Creates a position.
  package init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  package var description: String { "\(line):\(character)" }
}

/// A range in a document between two positions, end exclusive (LSP `Range`).
package struct LSPRange: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The start position, inclusive.
  package var start: Position
  /// The end position, exclusive.
  package var end: Position

  /// Creates a range.
  package init(start: Position, end: Position) {
    self.start = start
    self.end = end
  }

  /// Creates an empty range at `position`.
  package init(at position: Position) {
    self.init(start: position, end: position)
  }

  package var description: String { "\(start)-\(end)" }
}

/// A range inside a document.
package struct Location: Hashable, Sendable, Codable {
  /// The document.
  package var uri: DocumentURI
  /// The range in it.
  package var range: LSPRange

  /// Creates a location.
  package init(uri: DocumentURI, range: LSPRange) {
    self.uri = uri
    self.range = range
  }
}

/// A replacement of a range of text.
package struct TextEdit: Hashable, Sendable, Codable {
  /// The range replaced.
  package var range: LSPRange
  /// The text put in its place.
  package var newText: String

  /// Creates a text edit.
  package init(range: LSPRange, newText: String) {
    self.range = range
    self.newText = newText
  }
}

/// Names a document.
package struct TextDocumentIdentifier: Hashable, Sendable, Codable {
  /// The document's URI.
  package var uri: DocumentURI

  /// Creates an identifier.
  package init(uri: DocumentURI) { self.uri = uri }
}

/// Names a version of an open document.
package struct VersionedTextDocumentIdentifier: Hashable, Sendable, Codable {
  /// The document's URI.
  package var uri: DocumentURI
  /// The version after the change.
  package var version: Int

  /// Creates an identifier.
  package init(uri: DocumentURI, version: Int) {
    self.uri = uri
    self.version = version
  }
}

/// Names a document and the version an edit applies to; `version` is `null` for a document not open.
package struct OptionalVersionedTextDocumentIdentifier: Hashable, Sendable, Codable {
  /// The document's URI.
  package var uri: DocumentURI
  /// The version, nil (written `null`) when the file is not open.
  package var version: Int?

  /// Creates an identifier.
  package init(uri: DocumentURI, version: Int?) {
    self.uri = uri
    self.version = version
  }

  private enum CodingKeys: String, CodingKey { case uri, version }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(uri, forKey: .uri)
    // LSP requires the key: `null` means the file on disk.
    try container.encode(version, forKey: .version)
  }
}

/// A document opened in the editor, with its full text.
package struct TextDocumentItem: Hashable, Sendable, Codable {
  /// The document's URI.
  package var uri: DocumentURI
  /// The language id (`markdown`, `bibtex`, …).
  package var languageId: String
  /// The version, increasing with each change.
  package var version: Int
  /// The full text.
  package var text: String

  /// Creates a document item.
  package init(uri: DocumentURI, languageId: String, version: Int, text: String) {
    self.uri = uri
    self.languageId = languageId
    self.version = version
    self.text = text
  }
}

/// A workspace folder of the client.
package struct WorkspaceFolder: Hashable, Sendable, Codable {
  /// The folder's URI.
  package var uri: DocumentURI
  /// The folder's display name.
  package var name: String

  /// Creates a workspace folder.
  package init(uri: DocumentURI, name: String) {
    self.uri = uri
    self.name = name
  }
}
