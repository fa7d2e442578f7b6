import GlossServer
import LanguageServerProtocol
import TestSupport

extension TestClient {
  /// What `gloss.find` answers for `phrase`: each place's citation and likeness in percent (`[@key, p. 4] 100%`).
  func foundPlaces(_ phrase: String) throws -> [String] {
    let id = enqueue(ExecuteCommandRequest(command: "gloss.find", arguments: [.object(["text": .string(phrase)])]))
    processQueue()
    guard case .array(let places)? = try response(to: id, as: ExecuteCommandRequest.self) else { return [] }
    return places.map { place in
      var likeness = 0.0
      if case .double(let value)? = place["likeness"] { likeness = value }
      if case .int(let value)? = place["likeness"] { likeness = Double(value) }
      return "\(place["citation"]?.stringValue ?? "-") \(Int((likeness * 100).rounded()))%"
    }
  }
}
