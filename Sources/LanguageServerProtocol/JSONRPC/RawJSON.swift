#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// The undecoded JSON of a message's `params` or `result`, decoded later into the type its handler expects.
package struct RawJSON: Hashable, Sendable {
  /// The JSON text.
  package var data: Data

  /// Wraps JSON text.
  package init(_ data: Data) { self.data = data }

  /// Whether the JSON is `null`.
  package var isNull: Bool {
    data.count == 4 && data.elementsEqual("null".utf8)
  }

  /// Decodes the JSON as `T`, throwing `invalidParams` that names the missing or wrong field.
  package func decode<T: Decodable>(_ type: T.Type) throws(ResponseError) -> T {
    do {
      return try JSONRPC.decode(type, from: data)
    } catch let error as DecodingError {
      throw .invalidParams(error.fieldDescription)
    } catch {
      throw .invalidParams("invalid params: \(error)")
    }
  }

  /// Decodes params that may be absent: missing or `null` params decode as `{}`, so that a message without
  /// fields (such as `shutdown`) needs none.
  package static func decode<T: Decodable>(_ type: T.Type, from params: RawJSON?) throws(ResponseError) -> T {
    guard let params, !params.isNull else { return try RawJSON(Data("{}".utf8)).decode(type) }
    return try params.decode(type)
  }
}

extension DecodingError {
  /// A lowercase description naming the field at fault, such as `missing field 'textDocument.uri'`.
  package var fieldDescription: String {
    switch self {
    case .keyNotFound(let key, let context):
      return "missing field '\(Self.path(context.codingPath + [key]))'"
    case .valueNotFound(let type, let context):
      return "field '\(Self.path(context.codingPath))' is null, expected \(Self.typeName(type))"
    case .typeMismatch(let type, let context):
      return "field '\(Self.path(context.codingPath))' has the wrong type, expected \(Self.typeName(type))"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty { return "unreadable JSON: \(context.debugDescription)" }
      return "field '\(Self.path(context.codingPath))' is invalid: \(context.debugDescription)"
    @unknown default:
      return "invalid params"
    }
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    guard !keys.isEmpty else { return "params" }
    var result = ""
    for key in keys {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return result
  }

  private static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type, is UInt32.Type, is Int32.Type: "an integer"
    case is Bool.Type: "a boolean"
    case is Double.Type: "a number"
    default: String(describing: type)
    }
  }
}
