import Dispatch
import GlossIndex
import GlossSyntax
import LanguageServerProtocol

extension Server {
  /// The characters that open completion: `@` (keys), `#` (tags, headings), `[` (`[[` notes, `[@` keys), `/`
  /// (nested tags and note folders, whose list closes at `/` in editors that end words there) and `(` (note paths
  /// after `](`).
  static let completionTriggerCharacters = ["@", "#", "[", "/", "("]

  /// `textDocument/completion`: the index's candidates at the cursor, ranked by `sortText`, replacing the typed prefix.
  func completion(_ params: CompletionRequest) throws -> CompletionList {
    guard let location = locate(params.textDocument.uri), let workspace = workspace(location.root),
      let text = text(of: location.path, in: location.root)
    else { return CompletionList(isIncomplete: false, items: []) }
    let offset = text.offset(of: params.position, in: connection.positionEncoding)
    let result = workspace.completions(at: offset, in: location.path, text: text.bytes)
    // Every candidate of one answer replaces the same range: convert it once.
    var lastRange: (Range<Int>, LSPRange)?
    // Neovim inserts a plain text only up to its first space (`key, p. 4` would become `key,`), but a snippet whole:
    // a text with white space goes as a snippet to clients that take them.
    let snippets = connection.capabilities.textDocument?.completion?.completionItem?.snippetSupport == true
    let items = result.items.enumerated().map { rank, candidate -> CompletionItem in
      let range: LSPRange
      if let (known, converted) = lastRange, known == candidate.replaceRange {
        range = converted
      } else {
        range = text.lspRange(of: candidate.replaceRange, in: connection.positionEncoding)
        lastRange = (candidate.replaceRange, range)
      }
      let asSnippet = snippets && candidate.newText.contains(where: \.isWhitespace)
      return CompletionItem(
        label: candidate.label, kind: Self.itemKind(candidate.kind), detail: candidate.detail,
        sortText: Self.sortText(rank), filterText: candidate.filterText,
        insertTextFormat: asSnippet ? .snippet : nil,
        textEdit: TextEdit(
          range: range,
          newText: asSnippet ? CompletionItem.InsertTextFormat.snippet(of: candidate.newText) : candidate.newText),
        data: candidate.sourceKey.map { .object(["root": .int(location.root), "key": .string($0)]) })
    }
    return CompletionList(isIncomplete: result.isIncomplete, items: items)
  }

  /// `completionItem/resolve`: a source key's documentation (metadata and the start of its text), computed only now.
  func resolveCompletionItem(_ params: CompletionItemResolveRequest) throws -> CompletionItem {
    var item = params.item
    guard item.documentation == nil, case .int(let root)? = item.data?["root"],
      let key = item.data?["key"]?.stringValue,
      let documentation = workspace(root)?.completionDocumentation(forKey: key)
    else { return item }
    item.documentation = .markdown(documentation)
    return item
  }

  /// Builds the completion index of root `id` on a background queue, so that the first completion after indexing
  /// does not pay for it (≈ 0.2 s on the standard workspace); a completion arriving meanwhile waits for the same build
  /// (also after edits, which keep the parts they leave as they are). Restart snapshots are written after it
  /// (`restart.completionBuilds`): on two cores, a user waits for the one and not for the other. Without `notes`,
  /// only the source keys and their ranking are built.
  func prepareCompletion(in id: RootID, notes: Bool = true) {
    guard let snapshot = workspace(id) else { return }
    let log = options.log
    let group = restart.completionBuilds
    group.enter()
    DispatchQueue.global(qos: .userInitiated).async {
      defer { group.leave() }
      let started = ContinuousClock.now
      snapshot.prepareCompletion(notes: notes)
      log("built the completion index in \(ContinuousClock.now - started)")
    }
  }

  private static func itemKind(_ kind: CompletionCandidate.Kind) -> CompletionItemKind {
    switch kind {
    case .source: return .reference
    case .tag: return .keyword
    case .note: return .file
    case .heading, .sourceHeading: return .module
    case .label: return .reference
    case .highlight: return .text
    }
  }

  /// The rank as four or more digits, so the client keeps the index's order.
  private static func sortText(_ rank: Int) -> String {
    let digits = String(rank)
    return digits.count >= 4 ? digits : String(repeating: "0", count: 4 - digits.count) + digits
  }
}
