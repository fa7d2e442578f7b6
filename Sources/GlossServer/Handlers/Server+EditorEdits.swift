import GlossIndex
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

  /// Tells the user (`window/showMessage`, a warning) that the files `leftOut` were not changed, and what to do.
  func tellLeftOut(_ leftOut: [LeftOutFile], advice: String) {
    guard !leftOut.isEmpty else { return }
    let files = leftOut.map(\.sentence).joined(separator: "; ")
    let message = "\(files): \(leftOut.count == 1 ? "it was" : "they were") not changed; \(advice)"
    log(message)
    send(ShowMessageNotification(type: .warning, message: message))
  }
}
