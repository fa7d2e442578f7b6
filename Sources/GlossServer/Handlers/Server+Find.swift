import GlossIndex
import GlossSyntax
import LanguageServerProtocol

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `gloss.find` and the quoted `workspace/symbol` query: search over every source's text (docs/commands.md).
extension Server {
  /// `gloss.find`: `{"text", "limit"?}` → the places where the text occurs in the sources of every root, each
  /// `{"uri", "range", "citation", "key", "locator", "context", "likeness"}`; when it occurs nowhere, the closest
  /// passages (likeness below 1), most alike first. The Zotero highlights holding the text follow
  /// (`foundHighlights`).
  func find(_ argument: JSONValue) throws -> JSONValue {
    guard let phrase = argument["text"]?.stringValue else {
      throw ResponseError.invalidParams("'gloss.find' needs a 'text'")
    }
    var limit = Self.defaultFindLimit
    if let value = argument["limit"] {
      guard case .int(let n) = value, n > 0 else {
        throw ResponseError.invalidParams("'gloss.find' takes a positive 'limit'")
      }
      limit = n
    }
    var places = try foundPlaces(phrase, limit: limit)
    let highlights = foundHighlights(phrase, limit: limit)
    // Highlights found: the phrase is there, and the closest passages are no answer (as `gloss find`).
    if !highlights.isEmpty, places.allSatisfy({ $0.0.likeness < 1 }) { places = [] }
    return .array(
      places.map { place, location in
        var item: [String: JSONValue] = [
          "uri": .string(location.uri),
          "range": .object([
            "start": Self.json(location.range.start), "end": Self.json(location.range.end),
          ]),
          "context": .string(place.context),
          "likeness": .double(place.likeness),
        ]
        if let citation = place.citation { item["citation"] = .string(citation) }
        if let key = place.key { item["key"] = .string(key) }
        if let locator = place.locator { item["locator"] = .string(locator) }
        return .object(item)
      } + highlights)
  }

  /// The places found for `phrase` in every root (or the closest, when it is nowhere), with their LSP locations;
  /// an error while a root's search is still being built in the background (the loop never builds it whole).
  func foundPlaces(_ phrase: String, limit: Int) throws -> [(FoundPlace, Location)] {
    var found: [(FoundPlace, Location)] = []
    var closest: [(FoundPlace, Location)] = []
    for root in roots where found.count < limit {
      guard let result = root.workspace.findIfPrepared(phrase, limit: limit - found.count) else {
        prepareFind(in: root.id)
        throw ResponseError(
          code: .requestFailed,
          message:
            "the search over the sources' text of '\(root.path)' is still being built: try again in a few seconds")
      }
      // A PDF's (or another extracted document's) places are in its extracted text, as definition's are: the
      // cached text file, not the document's own bytes.
      var files: [String: (uri: DocumentURI, text: SourceText)] = [:]
      func located(_ place: FoundPlace) -> (FoundPlace, Location)? {
        if files[place.path] == nil, let text = text(of: place.path, in: root.id) {
          files[place.path] = (textURI(for: place.path, in: root.id) ?? root.uri(for: place.path), text)
        }
        guard let file = files[place.path] else { return nil }
        return (
          place,
          Location(uri: file.uri, range: file.text.lspRange(of: place.fileRange, in: connection.positionEncoding))
        )
      }
      found += result.places.compactMap(located)
      closest += result.closest.compactMap(located)
    }
    guard found.isEmpty else { return found }
    return Array(closest.sorted { $0.0.likeness > $1.0.likeness }.prefix(limit))
  }

  /// `workspace/symbol` with a query in double quotes: the places of the sources holding the quoted words, named
  /// by their citation, the query as typed and the context (closest passages say how alike they are); nil for
  /// other queries. The query is part of the name because several clients (VS Code, Helix) filter the symbols
  /// they get by the query's characters, quote marks included.
  func sourceTextSymbols(_ query: String) throws -> [SymbolInformation]? {
    guard let phrase = Self.quotedPhrase(query) else { return nil }
    let typed = query.trimming(.whitespaces)
    return try foundPlaces(phrase, limit: Self.defaultFindLimit).map { place, location in
      let alike = place.likeness >= 1 ? "" : "\(place.percentAlike)% alike "
      return SymbolInformation(
        name: alike + (place.citation.map { $0 + " " } ?? "") + typed + " " + place.context, kind: .string,
        location: location, containerName: place.path)
    }
  }

  /// The words of a query written in double quotes (straight or curly), nil when it is not one.
  static func quotedPhrase(_ query: String) -> String? {
    let trimmed = query.trimming(.whitespaces)
    guard trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "“" else { return nil }
    var inner = trimmed.dropFirst()
    if let last = inner.last, last == "\"" || last == "”" { inner = inner.dropLast() }
    let phrase = inner.trimming(.whitespaces)
    return phrase.isEmpty ? nil : phrase
  }

  /// Has the search over the sources' text of root `id`'s current state built in the background (`FindPreparation`),
  /// unless it is built or being built: after indexing and whenever sources change, so that no `gloss.find`, cite
  /// action or completion after a quotation pays for it (seconds of one core for 50 MB of source text).
  /// An early root (`Server+EarlyAnswers.swift`) has none: it answers no search, and gives way to the first indexing.
  func prepareFind(in id: RootID) {
    guard restart.early?.id != id, let snapshot = workspace(id), !snapshot.isFindPrepared else { return }
    findPreparation.prepare(snapshot, root: id)
  }

  /// `prepareFind` for every root: after an event that may have changed sources.
  ///
  /// While extracted texts arrive, each batch changes the sources, and each state handed over would be built for a
  /// moment and replaced; worse, the state held makes the loop's next change copy the dictionaries it changes, and
  /// replacing it drops the old copies on the loop (a fifth of the loop's time during a library's extraction). Then the
  /// newest state goes over at most once per `findHandoverInterval`, and again as soon as the last text is in.
  func prepareFindInEveryRoot() {
    if extractions.progress.remaining > 0 {
      let now = options.now()
      guard activity.isFindHandoverDue(at: now, every: Self.findHandoverInterval) else { return }
    } else {
      activity.endFindHandovers()
    }
    for root in roots { prepareFind(in: root.id) }
  }

  /// How often, at most, the sources' newest state goes to the find preparation while texts are being extracted.
  static let findHandoverInterval: TimeInterval = 2

  /// How many places `gloss.find` answers when not told.
  static let defaultFindLimit = 50

  private static func json(_ position: Position) -> JSONValue {
    .object(["line": .int(position.line), "character": .int(position.character)])
  }
}
