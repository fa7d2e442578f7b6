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
        at: text.offset(of: params.position, in: positionEncoding), in: location.path,
        fileBytes: { self.text(of: $0, in: location.root)?.bytes })
    else { return nil }
    // Markdown unless the client names only other formats (it then shows the Markdown source as plain text).
    let formats = clientCapabilities.textDocument?.hover?.contentFormat
    let kind: MarkupKind = formats.map { $0.contains("markdown") } ?? true ? .markdown : .plaintext
    return Hover(
      contents: MarkupContent(kind: kind, value: answer.markdown),
      range: text.lspRange(of: answer.range, in: positionEncoding))
  }

  /// `textDocument/definition`: the passage, source, note or heading; one location, several, or null.
  func definition(_ params: DefinitionRequest) -> LocationsResult? {
    guard let (location, text) = navigationTarget(params.textDocument.uri),
      let workspace = workspace(location.root)
    else { return nil }
    let found = workspace.definition(at: text.offset(of: params.position, in: positionEncoding), in: location.path)
    let locations = lspLocations(found, in: location.root)
    return locations.isEmpty ? nil : LocationsResult(locations)
  }

  /// `textDocument/references`: citations of a key, links to a note or heading, uses of a tag.
  func references(_ params: ReferencesRequest) -> [Location]? {
    guard let (location, text) = navigationTarget(params.textDocument.uri),
      let workspace = workspace(location.root)
    else { return nil }
    let found = workspace.references(
      at: text.offset(of: params.position, in: positionEncoding), in: location.path,
      includeDeclaration: params.context.includeDeclaration)
    return found.isEmpty ? nil : lspLocations(found, in: location.root)
  }

  /// `textDocument/codeLens`: "cited N times" on sources, "N backlinks" on notes, each with the references command.
  func codeLens(_ params: CodeLensRequest) -> [CodeLens]? {
    guard let (location, text) = navigationTarget(params.textDocument.uri),
      let workspace = workspace(location.root)
    else { return nil }
    return workspace.codeLenses(in: location.path).map { lens in
      let range = text.lspRange(of: lens.range, in: positionEncoding)
      let position = JSONValue.object(["line": .int(range.start.line), "character": .int(range.start.character)])
      let command = Command(
        title: lens.title, command: Self.showReferencesCommand,
        arguments: [.string(params.textDocument.uri), position])
      return CodeLens(range: range, command: command)
    }
  }

  /// The root and path of the document at `uri` with its current text (the open buffer, else the indexed text).
  private func navigationTarget(_ uri: DocumentURI) -> (DocumentLocation, SourceText)? {
    guard let location = locate(uri), let text = text(of: location.path, in: location.root) else { return nil }
    return (location, text)
  }

  /// LSP locations of index locations, each file's text looked up once.
  private func lspLocations(_ found: [FileLocation], in root: RootID) -> [Location] {
    var files: [String: (uri: DocumentURI, text: SourceText)] = [:]
    var unreadable: Set<String> = []
    var out: [Location] = []
    out.reserveCapacity(found.count)
    for item in found where !unreadable.contains(item.path) {
      if files[item.path] == nil {
        guard let text = text(of: item.path, in: root), let uri = uri(for: item.path, in: root) else {
          unreadable.insert(item.path)
          continue
        }
        files[item.path] = (uri, text)
      }
      guard let file = files[item.path] else { continue }
      out.append(Location(uri: file.uri, range: file.text.lspRange(of: item.range, in: positionEncoding)))
    }
    return out
  }
}
