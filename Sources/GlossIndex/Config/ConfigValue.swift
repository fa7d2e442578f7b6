#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A JSON value from `.gloss.json`, `initializationOptions` or `settings.gloss`, decoded without `Any`.
package enum ConfigValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([ConfigValue])
  case object([String: ConfigValue])

  /// The name of the value's JSON type, for messages (`expected a list of strings, found a number`).
  package var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "a list"
    case .object: "an object"
    }
  }

  /// Decodes JSON bytes into a value; `nil` when the bytes are not JSON.
  package static func decode(json bytes: [UInt8]) -> ConfigValue? {
    try? JSONDecoder().decode(ConfigValue.self, from: Data(bytes))
  }
}

extension ConfigValue: Decodable {
  /// Decodes any JSON value.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([ConfigValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: ConfigValue].self))
    }
  }
}

extension ConfigValue: Encodable {
  /// Encodes the value as the JSON it came from.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}
