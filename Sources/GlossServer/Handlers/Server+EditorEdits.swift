import GlossIndex
import GlossSyntax
import LanguageServerProtocol

/// The edits Gloss hands an editor to apply itself (a rename's answer, `willRenameFiles`, a quick fix) go through the
/// guarded writer's checks first, as the files Gloss writes do: an editor applies what it is given, so a file Gloss
/// must not change (outside the workspace, such as a Zotero export; reached through a link leading out; read-only)
/// is left out of the edit, and the user is told.
extension Server {
  /// A file left out of an edit, and why (`is outside the workspace`).
  struct LeftOutFile: Hashable {
    /// The file as the user knows it: its path in the workspace, or its absolute path outside.
    var shown: String
    /// Why, as a phrase following the file's name.
    var reason: String

    /// `'/home/me/Zotero/library.bib' is outside the workspace`.
    var sentence: String { "'\(shown)' \(reason)" }
  }

  /// `change` without the text edits of files an editor must not change in root `id`, and those files.
  func editorChange(_ change: WorkspaceChange, in id: RootID) -> (change: WorkspaceChange, leftOut: [LeftOutFile]) {
    guard let root = root(id) else { return (change, []) }
    let paths = change.edits.keys.sorted()
    let open = Set(paths.filter { path in root.openPaths[path].map { documents[$0] != nil } ?? false })
    let refusals = writer(for: root).editRefusals(paths, open: open)
    var kept = change
    var leftOut: [LeftOutFile] = []
    for path in paths {
      guard let reason = refusals[path] else { continue }
      kept.edits[path] = nil
      leftOut.append(LeftOutFile(shown: path, reason: reason))
    }
    return (kept, leftOut)
  }

  /// The text of every file `change` edits, each read once through `context`, and the files whose text cannot be
  /// had as the index read it (a closed note changed on disk since, or no longer readable): their edits could not be
  /// placed, and an edit left out silently would leave the workspace half-changed.
  static func texts(
    ofEditedFiles change: WorkspaceChange, context: WorkspaceEditContext
  ) -> (texts: [String: SourceText], unreadable: [String]) {
    var texts: [String: SourceText] = [:]
    var unreadable: [String] = []
    for path in change.edits.keys.sorted() {
      if let text = context.text(path) { texts[path] = text } else { unreadable.append(path) }
    }
    return (texts, unreadable)
  }

  /// `'a.md'`, `'a.md' and 'b.md'`, or the first few and how many more, for a message.
  static func quotedList(_ paths: [String], limit: Int = 5) -> String {
    let quoted = paths.prefix(limit).map { "'\($0)'" }
    let more = paths.count - quoted.count
    if more > 0 { return quoted.joined(separator: ", ") + " and \(more) more" }
    if quoted.count < 2 { return quoted.joined() }
    return quoted.dropLast().joined(separator: ", ") + " and " + (quoted.last ?? "")
  }

  /// Why files cannot be edited or located: the text the index read is no longer what they hold.
  static let unreadableReason = "cannot be read as Gloss indexed it (changed on disk since, or unreadable)"

  /// Tells the user (`window/showMessage`, a warning) that the files `leftOut` were not changed, and what to do.
  func tellLeftOut(_ leftOut: [LeftOutFile], advice: String) {
    guard !leftOut.isEmpty else { return }
    let files = leftOut.map(\.sentence).joined(separator: "; ")
    let message = "\(files): \(leftOut.count == 1 ? "it was" : "they were") not changed; \(advice)"
    log(message)
    send(ShowMessageNotification(type: .warning, message: message))
  }
}
