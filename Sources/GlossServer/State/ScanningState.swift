/// The background scan's side on the loop: the board the timer's thread scans from, whether scans run there at all,
/// and which folders were last posted to it.
package struct ScanningState {
  /// The folders the background scan walks (`gloss lsp`), kept current as roots and their files change.
  package let board = ScanBoard()
  /// Whether the loop scans the folders off its thread (`.scanned` events) rather than on each `.tick`.
  var runsInBackground = false
  /// The (root, generation) pairs last posted to `board`.
  private var postedSignature: [[Int]] = []

  /// Posts the folder roots' files to the board when they changed since the last post.
  mutating func post(_ roots: [WorkspaceRoot]) {
    let folders = roots.filter { $0.kind == .folder }
    let signature = folders.map { [$0.id, $0.filesGeneration] }
    guard signature != postedSignature else { return }
    postedSignature = signature
    board.post(folders.map { ($0.id, $0.filesGeneration, $0.files) })
  }
}
