import GlossIndex
import GlossSyntax
import Testing

/// Completion's indexes are built once per state of what they index: in the background after loading, on a copy of
/// the workspace, and shared by the states made meanwhile that do not change what an index was built from.
@Suite struct CompletionPreparationTests {
  static let files = [
    "notes/ghi chú.md": "# Ghi chú 🦉\n\nTheo [@nguyen2020].\n",
    "notes/khác.md": "# Khác\n\n#việt\n",
    "refs.bib": "@book{nguyen2020, title = {Trí nhớ}, author = {Nguyễn, An}}\n@book{smith2019, title = {Rivers}}\n",
  ]

  /// The keys completed after `[@` in a note the index does not hold yet.
  private func completedKeys(in workspace: Workspace) -> [String] {
    let bytes = Array("# Mới\n\n[@\n".utf8)
    return workspace.completions(at: bytes.count - 1, in: "notes/mới.md", text: bytes).items.map(\.label)
  }

  @Test func anEditDuringTheBackgroundBuildKeepsTheSourceIndexBeingBuilt() {
    var workspace = Fixture.workspace(Self.files)
    // The copy the background build runs on, taken before the build starts.
    let snapshot = workspace
    // The loop goes on: an edit changes which keys a note cites (the ranking is stale, the source index is not).
    workspace.setNote(path: "notes/khác.md", bytes: Array("# Khác\n\n#việt [@smith2019]\n".utf8))
    #expect(!workspace.isSourceCompletionPrepared)
    snapshot.prepareCompletion()
    // What the background built is the edited workspace's too: its next completion builds nothing.
    #expect(workspace.isSourceCompletionPrepared)
    let keys = completedKeys(in: workspace)
    #expect(Set(keys) == ["nguyen2020", "smith2019"])
  }

  @Test func aChangeOfTheSourcesStartsANewSourceIndex() {
    var workspace = Fixture.workspace(Self.files)
    let snapshot = workspace
    workspace.setBibliography(path: "refs.bib", bytes: Array("@book{nguyen2020, title = {Trí nhớ}}\n".utf8))
    snapshot.prepareCompletion()
    #expect(snapshot.isSourceCompletionPrepared)
    #expect(!workspace.isSourceCompletionPrepared)
    let keys = completedKeys(in: workspace)
    #expect(keys == ["nguyen2020"])
  }

  @Test func aTextArrivingForASourceKeepsTheIndexButNewMetadataDoesNot() {
    var files = Self.files
    files["sources/báo cáo.pdf"] = ""
    files["sources/ghi.md"] = "---\ntitle: Cũ\n---\nVăn bản.\n"
    var workspace = Fixture.workspace(files)
    workspace.prepareCompletion()
    // A PDF's text extracted in the background: what completion shows of the source is unchanged.
    workspace.setExtractedText(path: "sources/báo cáo.pdf", text: Array("Trang một.\n\u{0C}".utf8))
    #expect(workspace.isSourceCompletionPrepared)
    workspace.setSourceDocument(path: "sources/ghi.md", bytes: Array("---\ntitle: Cũ\n---\nVăn bản khác.\n".utf8))
    #expect(workspace.isSourceCompletionPrepared)
    // A new title is shown in completion's detail: the index is built again.
    workspace.setSourceDocument(path: "sources/ghi.md", bytes: Array("---\ntitle: Mới\n---\nVăn bản.\n".utf8))
    #expect(!workspace.isSourceCompletionPrepared)
    let bytes = Array("# Mới\n\n[@gh\n".utf8)
    let items = workspace.completions(at: bytes.count - 1, in: "notes/mới.md", text: bytes).items
    #expect(items.map(\.detail) == ["Mới"])
  }

  /// Typing a key cites, keystroke by keystroke, keys that name no source (`[@s`, `[@sm`, …): the ranking of the
  /// sources by citation count does not change and is not built again (on a library of 35,000 keys that took 13–29 ms
  /// of each keystroke's completion); citing a source does change it.
  @Test func typingAKeyKeepsTheRankingUntilASourceIsCited() {
    var workspace = Fixture.workspace(Self.files)
    workspace.prepareCompletion()
    #expect(workspace.isSourceRankingPrepared)
    for typed in ["s", "sm", "smi", "smith201"] {
      workspace.setNote(path: "notes/khác.md", bytes: Array("# Khác\n\n#việt [@\(typed)]\n".utf8))
      #expect(workspace.isSourceRankingPrepared, "\(typed)")
    }
    // Two notes cite smith2019 now, one nguyen2020: it comes first.
    workspace.setNote(path: "notes/khác.md", bytes: Array("# Khác\n\n#việt [@smith2019]\n".utf8))
    #expect(!workspace.isSourceRankingPrepared)
    workspace.setNote(path: "notes/ba.md", bytes: Array("# Ba\n\n[@smith2019; @smi]\n".utf8))
    #expect(completedKeys(in: workspace) == ["smith2019", "nguyen2020"])
    #expect(workspace.isSourceRankingPrepared)
    // Back to an unknown key: the count of smith2019 falls, so the ranking is built again.
    workspace.setNote(path: "notes/ba.md", bytes: Array("# Ba\n\n[@smi]\n".utf8))
    #expect(!workspace.isSourceRankingPrepared)
    workspace.setNote(path: "notes/khác.md", bytes: Array("# Khác\n\n#việt [@smith]\n".utf8))
    #expect(completedKeys(in: workspace) == ["nguyen2020", "smith2019"])
  }
}
