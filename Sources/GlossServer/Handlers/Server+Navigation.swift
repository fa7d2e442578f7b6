import GlossIndex
import GlossSyntax
import LanguageServerProtocol

/// Hover, definition, references and code lenses: convert the position, query the root's index, convert back.
extension Server {
  /// The command a code lens carries: `[uri, position]`, where references show what the lens counts.
  static let showReferencesCommand = "gloss.showReferences"

  /// `textDocument/hover`: Markdown about the citation, link, tag or bibliography key under the cursor.
  func hover(_ params: HoverRequest) -> Hover? {
    guard let (location, text) = navigationTarget(params.textDocument.uri),
      let workspace = workspace(location.root),
      let answer = workspace.hover(
        at: text.offset(of: params.position, in: connection.positionEncoding), in: location.path,
        fileBytes: { self.text(of: $0, in: location.root)?.bytes })
    else { return nil }
    // Markdown unless the client names only other formats (it then shows the Markdown source as plain text).
    let formats = connection.capabilities.textDocument?.hover?.contentFormat
    let kind: MarkupKind = formats.map { $0.contains("markdown") } ?? true ? .markdown : .plaintext
    return Hover(
      contents: MarkupContent(kind: kind, value: answer.markdown),
      range: text.lspRange(of: answer.range, in: connection.positionEncoding))
  }

  /// `textDocument/definition`: the passage, source, note or heading; one location, several, or null.
  func definition(_ params: DefinitionRequest) -> LocationsResult? {
    guard let (location, text) = navigationTarget(params.textDocument.uri),
      let workspace = workspace(location.root)
    else { return nil }
    let found = workspace.definition(
      at: text.offset(of: params.position, in: connection.positionEncoding), in: location.path)
    let locations = lspLocations(found, in: location.root, for: "definition")
    return locations.isEmpty ? nil : LocationsResult(locations)
  }

  /// `textDocument/references`: citations of a key, links to a note or heading, uses of a tag; the JSON is written by
  /// hand (a key cited across the workspace has a thousand places).
  func references(_ params: ReferencesRequest) -> [UInt8] {
    guard let (location, text) = navigationTarget(params.textDocument.uri),
      let workspace = workspace(location.root)
    else { return Array("null".utf8) }
    let found = workspace.references(
      at: text.offset(of: params.position, in: connection.positionEncoding), in: location.path,
      includeDeclaration: params.context.includeDeclaration)
    let locations = found.isEmpty ? [] : lspLocations(found, in: location.root, for: "references")
    guard !locations.isEmpty else { return Array("null".utf8) }
    var out: [UInt8] = [UInt8(ascii: "[")]
    out.reserveCapacity(locations.count * 160)
    // Each file's URI is escaped once: its places come together.
    var uri: (text: DocumentURI, json: [UInt8]) = ("", [])
    for (index, place) in locations.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: #"{"uri":"#.utf8)
      if index == 0 || place.uri != uri.text {
        uri.text = place.uri
        uri.json.removeAll(keepingCapacity: true)
        DiagnosticJSON.appendString(place.uri, to: &uri.json)
      }
      out.append(contentsOf: uri.json)
      out.append(contentsOf: #","range":{"start":"#.utf8)
      Self.appendPosition(place.range.start, to: &out)
      out.append(contentsOf: #","end":"#.utf8)
      Self.appendPosition(place.range.end, to: &out)
      out.append(contentsOf: "}}".utf8)
    }
    out.append(UInt8(ascii: "]"))
    return out
  }

  /// `textDocument/codeLens`: "cited N times" on sources, "N backlinks" on notes, each with the references command
  /// and `[uri, position]` as arguments; the JSON is written by hand (a bibliography has thousands of entries).
  func codeLens(_ params: CodeLensRequest) -> [UInt8] {
    guard let (location, text) = navigationTarget(params.textDocument.uri),
      let workspace = workspace(location.root)
    else { return Array("null".utf8) }
    let lenses = workspace.codeLenses(in: location.path)
    var uri: [UInt8] = []
    DiagnosticJSON.appendString(params.textDocument.uri, to: &uri)
    var out: [UInt8] = [UInt8(ascii: "[")]
    out.reserveCapacity(lenses.count * (200 + uri.count))
    for (index, lens) in lenses.enumerated() {
      let range = text.lspRange(of: lens.range, in: connection.positionEncoding)
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: #"{"range":{"start":"#.utf8)
      Self.appendPosition(range.start, to: &out)
      out.append(contentsOf: #","end":"#.utf8)
      Self.appendPosition(range.end, to: &out)
      out.append(contentsOf: #"},"command":{"title":"#.utf8)
      DiagnosticJSON.appendString(lens.title, to: &out)
      out.append(contentsOf: #","command":"#.utf8)
      DiagnosticJSON.appendString(Self.showReferencesCommand, to: &out)
      out.append(contentsOf: #","arguments":["#.utf8)
      out.append(contentsOf: uri)
      out.append(UInt8(ascii: ","))
      Self.appendPosition(range.start, to: &out)
      out.append(contentsOf: "]}}".utf8)
    }
    out.append(UInt8(ascii: "]"))
    return out
  }

  /// `{"line":…,"character":…}`.
  private static func appendPosition(_ position: Position, to out: inout [UInt8]) {
    out.append(contentsOf: #"{"line":"#.utf8)
    DiagnosticJSON.appendInt(position.line, to: &out)
    out.append(contentsOf: #","character":"#.utf8)
    DiagnosticJSON.appendInt(position.character, to: &out)
    out.append(UInt8(ascii: "}"))
  }

  /// The root and path of the document at `uri` with its current text (the open buffer, else the indexed text).
  private func navigationTarget(_ uri: DocumentURI) -> (DocumentLocation, SourceText)? {
    guard let location = locate(uri), let text = text(of: location.path, in: location.root) else { return nil }
    return (location, text)
  }

  /// LSP locations of index locations, each file looked up once (they come by path, so most follow one of their
  /// file): an open or kept text places its own, a closed note's come from the position table kept with its released
  /// text (`positionTables(of:in:)`, nothing read), other closed files are read together (`texts(of:in:)`); the files
  /// that cannot be read as they were indexed are left out and named in the log (`request` says which request left
  /// them out).
  private func lspLocations(_ found: [FileLocation], in id: RootID, for request: String) -> [Location] {
    // The files in the order first named, and the file of each location.
    var paths: [String] = []
    var fileOf: [Int] = []
    fileOf.reserveCapacity(found.count)
    var named: [String: Int] = [:]
    named.reserveCapacity(found.count)
    for item in found {
      if let last = paths.last, last == item.path {
        fileOf.append(paths.count - 1)
      } else if let file = named[item.path] {
        fileOf.append(file)
      } else {
        named[item.path] = paths.count
        fileOf.append(paths.count)
        paths.append(item.path)
      }
    }
    let tables = positionTables(of: paths, in: id)
    guard let root = root(id) else { return [] }
    let texts = texts(of: paths.indices.lazy.filter { tables[$0] == nil }.map { paths[$0] }, in: id)
    // Each file's URI; nil for a file that cannot be read as it was indexed. The tables are read where they are, not
    // copied (each holds four arrays to retain).
    var uris: [DocumentURI?] = []
    uris.reserveCapacity(paths.count)
    var unreadable: [String] = []
    for (index, path) in paths.enumerated() {
      if tables[index] == nil && texts[path] == nil {
        unreadable.append(path)
        uris.append(nil)
      } else {
        uris.append(textURI(for: path, in: root))
      }
    }
    var out: [Location] = []
    out.reserveCapacity(found.count)
    let encoding = connection.positionEncoding
    // Each file's table or text is taken once for its run of places (they come by path): taken per place, each
    // copy retained four arrays.
    var current = -1
    var table: PositionTable?
    var text: SourceText?
    for (item, file) in zip(found, fileOf) {
      guard let uri = uris[file] else { continue }
      if file != current {
        current = file
        table = tables[file]
        text = table == nil ? texts[paths[file]] : nil
      }
      if let range = table?.lspRange(of: item.range, in: encoding) {
        out.append(Location(uri: uri, range: range))
      } else if let range = text?.lspRange(of: item.range, in: encoding) {
        out.append(Location(uri: uri, range: range))
      }
    }
    if !unreadable.isEmpty {
      let paths = unreadable.sorted()
      let message =
        "\(request): \(Self.quotedList(paths)) \(Self.unreadableReason): \(paths.count == 1 ? "its" : "their") "
        + "places are not listed"
      log(message)
      logMessage(.warning, message)
    }
    return out
  }
}
