import GlossIndex
import GlossSyntax
import LanguageServerProtocol

/// Outline features: document and workspace symbols, folding ranges and document links.
extension Server {
  /// `textDocument/documentSymbol`: a note's headings as a tree, a bibliography's entries; a flat list (each
  /// heading's parent as its container) for clients that take no trees.
  func documentSymbol(_ params: DocumentSymbolRequest) -> DocumentSymbolResponse {
    let isTree = connection.capabilities.textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport == true
    let uri = params.textDocument.uri
    guard let place = locate(uri), let workspace = workspace(place.root) else { return isTree ? .tree([]) : .flat([]) }
    let text = text(of: place.path, in: place.root)
    let symbols = workspace.documentSymbols(in: place.path, text: text?.bytes)
    guard !symbols.isEmpty, let text else {
      return isTree ? .tree([]) : .flat([])
    }
    let encoding = connection.positionEncoding
    func convert(_ symbol: OutlineSymbol) -> DocumentSymbol {
      DocumentSymbol(
        name: symbol.name, detail: symbol.detail, kind: Self.symbolKind(symbol.kind),
        range: text.lspRange(of: symbol.range, in: encoding),
        selectionRange: text.lspRange(of: symbol.selectionRange, in: encoding),
        children: symbol.children.isEmpty ? nil : symbol.children.map(convert))
    }
    guard !isTree else { return .tree(symbols.map(convert)) }
    var flat: [SymbolInformation] = []
    func add(_ symbol: OutlineSymbol, container: String?) {
      flat.append(
        SymbolInformation(
          name: symbol.name, kind: Self.symbolKind(symbol.kind),
          location: Location(uri: uri, range: text.lspRange(of: symbol.range, in: encoding)), containerName: container))
      for child in symbol.children { add(child, container: symbol.name) }
    }
    for symbol in symbols { add(symbol, container: nil) }
    return .flat(flat)
  }

  /// `workspace/symbol`: notes, headings, sources and tags of every root matching the query, at most 200; a query
  /// in double quotes searches the sources' text instead.
  func workspaceSymbol(_ params: WorkspaceSymbolRequest) throws -> [SymbolInformation] {
    if let places = try sourceTextSymbols(params.query) { return places }
    let limit = 200
    var out: [SymbolInformation] = []
    for root in roots where out.count < limit {
      // Each file's text is looked up once per request, however many of its symbols match.
      var texts: [String: SourceText] = [:]
      for match in root.workspace.workspaceSymbols(matching: params.query, limit: limit - out.count) {
        var range = LSPRange(at: Position(line: 0, character: 0))
        if !(match.range.isEmpty && match.range.lowerBound == 0) {
          if texts[match.path] == nil { texts[match.path] = text(of: match.path, in: root.id) }
          guard let text = texts[match.path] else { continue }
          range = text.lspRange(of: match.range, in: connection.positionEncoding)
        }
        out.append(
          SymbolInformation(
            name: match.name, kind: Self.symbolKind(match.kind),
            location: Location(uri: root.uri(for: match.path), range: range), containerName: match.container))
      }
    }
    return out
  }

  /// `textDocument/foldingRange`: front matter, sections, code, quotes, nested lists, comments; entries.
  func foldingRange(_ params: FoldingRangeRequest) -> [FoldingRange] {
    guard let place = locate(params.textDocument.uri), let workspace = workspace(place.root),
      let text = text(of: place.path, in: place.root)
    else { return [] }
    return workspace.foldingRanges(in: place.path, text: text).map {
      FoldingRange(
        startLine: $0.startLine, endLine: $0.endLine,
        kind: $0.kind == .comment ? FoldingRange.comment : FoldingRange.region)
    }
  }

  /// `textDocument/documentLink`: links to notes and files, URLs, and cited sources' DOIs or URLs; in a
  /// bibliography, entries' URLs, DOIs and the `file` paths that exist.
  func documentLink(_ params: DocumentLinkRequest) -> [DocumentLink] {
    guard let place = locate(params.textDocument.uri), let root = self.root(place.root) else { return [] }
    let links = root.workspace.documentLinks(in: place.path)
    guard !links.isEmpty, let text = text(of: place.path, in: place.root) else { return [] }
    return links.compactMap { link in
      let target: String?
      switch link.destination {
      case .file(let path): target = root.uri(for: path)
      case .url(let url): target = url
      case .pdfPage(let path, let page): target = root.uri(for: path) + "#page=\(page)"
      case .existingFile(let candidates):
        guard let path = candidates.first(where: { options.reader.fileExists(root.files.absolutePath($0)) })
        else { return nil }
        target = root.uri(for: path)
      }
      return DocumentLink(
        range: text.lspRange(of: link.range, in: connection.positionEncoding), target: target, tooltip: link.tooltip)
    }
  }

  /// The LSP kind of an outline symbol: headings are strings (as Markdown outlines have them), notes files,
  /// entries and sources keys, tags constants.
  static func symbolKind(_ kind: OutlineSymbol.Kind) -> SymbolKind {
    switch kind {
    case .heading: return .string
    case .note: return .file
    case .entry, .source: return .key
    case .tag, .label: return .constant
    }
  }

  /// Sets the capabilities of the outline features.
  func addOutlineCapabilities(to capabilities: inout ServerCapabilities) {
    capabilities.documentSymbolProvider = true
    capabilities.workspaceSymbolProvider = true
    capabilities.foldingRangeProvider = true
    capabilities.documentLinkProvider = DocumentLinkOptions(resolveProvider: false)
    capabilities.inlayHintProvider = true
    capabilities.semanticTokensProvider = SemanticTokensOptions(legend: SemanticTokenLegend.legend, full: true)
  }
}
