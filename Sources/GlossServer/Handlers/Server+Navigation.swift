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
    for (index, place) in locations.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: #"{"uri":"#.utf8)
      DiagnosticJSON.appendString(place.uri, to: &out)
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

  /// LSP locations of index locations, each file's positions looked up once: a closed note's from the position table
  /// kept with its released text (nothing read), other closed files read together (`texts(of:in:)`); the files that
  /// cannot be read as they were indexed are left out and named in the log (`request` says which request left them
  /// out).
  private func lspLocations(_ found: [FileLocation], in id: RootID, for request: String) -> [Location] {
    makeMissingPositionTables(of: found.lazy.map(\.path), in: id)
    guard let root = root(id) else { return [] }
    let tables = positionTables(of: found.lazy.map(\.path), in: root)
    let texts = texts(of: found.lazy.map(\.path).filter { tables[$0] == nil }, in: id)
    var files: [String: (uri: DocumentURI, range: (Range<Int>) -> LSPRange)] = [:]
    var unreadable: Set<String> = []
    var out: [Location] = []
    out.reserveCapacity(found.count)
    let encoding = connection.positionEncoding
    for item in found where !unreadable.contains(item.path) {
      if files[item.path] == nil {
        let uri = textURI(for: item.path, in: root)
        if let table = tables[item.path] {
          files[item.path] = (uri, { table.lspRange(of: $0, in: encoding) })
        } else if let text = texts[item.path] {
          files[item.path] = (uri, { text.lspRange(of: $0, in: encoding) })
        } else {
          unreadable.insert(item.path)
          continue
        }
      }
      guard let file = files[item.path] else { continue }
      out.append(Location(uri: file.uri, range: file.range(item.range)))
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
