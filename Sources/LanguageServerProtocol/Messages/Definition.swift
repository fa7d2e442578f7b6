/// `textDocument/definition`: where the element at a position is defined; `null` when nothing is.
package struct DefinitionRequest: RequestType, Hashable {
  package typealias Response = LocationsResult?
  package static let method = "textDocument/definition"
  /// The document.
  package var textDocument: TextDocumentIdentifier
  /// The position asked about.
  package var position: Position

  /// Creates the request.
  package init(textDocument: TextDocumentIdentifier, position: Position) {
    self.textDocument = textDocument
    self.position = position
  }
}

/// One location or several: the `Location | Location[]` result of `textDocument/definition`.
package enum LocationsResult: Hashable, Sendable, Codable {
  /// A single location, written as an object.
  case location(Location)
  /// Several locations, written as an array.
  case locations([Location])

  /// The single location for one, an array for any other number.
  package init(_ locations: [Location]) {
    if locations.count == 1, let only = locations.first {
      self = .location(only)
    } else {
      self = .locations(locations)
    }
  }

  /// The locations, however they were written.
  package var all: [Location] {
    switch self {
    case .location(let location): return [location]
    case .locations(let locations): return locations
    }
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let many = try? container.decode([Location].self) {
      self = .locations(many)
    } else {
      self = .location(try container.decode(Location.self))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .location(let location): try container.encode(location)
    case .locations(let locations): try container.encode(locations)
    }
  }
}
