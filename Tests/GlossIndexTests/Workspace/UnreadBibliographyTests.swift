import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Naming `bibliography` in the config replaces the default (every `.bib` and `.csl.json` file): the workspace's own
/// bibliography files left out are named in a hint on the config file.
@Suite struct UnreadBibliographyTests {
  func workspace(bibliography: [String]?, others: Set<String>) -> Workspace {
    var config = WorkspaceConfig()
    config.bibliography = bibliography
    return Workspace(
      loading: [WorkspaceFile(path: "n.md", role: .note, bytes: Array("Ghi chú [@a]\n".utf8))], config: config,
      otherFiles: others)
  }

  @Test func theWorkspacesOwnBibliographiesLeftOutAreNamedOnTheConfig() throws {
    let workspace = workspace(
      bibliography: ["~/Zotero/library.bib"], others: ["refs.bib", "thư mục/khác.csl.json", "image.png"])
    let hints = workspace.diagnostics(for: ".gloss.json")
    #expect(hints.map(\.code) == ["unread-bibliography"])
    #expect(hints.first?.severity == .hint)
    #expect(
      hints.first?.message
        == "'bibliography' names the files Gloss reads, so 'refs.bib', 'thư mục/khác.csl.json' are not read (add "
        + "them to the list, or a glob such as '**/*.bib')")
    #expect(workspace.diagnosedPaths.contains(".gloss.json"))
  }

  @Test func nothingIsSaidWithoutAListOrWithoutFilesLeftOut() {
    #expect(workspace(bibliography: nil, others: ["refs.bib"]).diagnostics(for: ".gloss.json") == [])
    #expect(workspace(bibliography: ["refs.bib"], others: ["image.png"]).diagnostics(for: ".gloss.json") == [])
  }

  @Test func theHintFollowsBibliographyFilesThatAppearOrGo() {
    var workspace = workspace(bibliography: ["~/Zotero/library.bib"], others: ["image.png"])
    #expect(workspace.diagnostics(for: ".gloss.json") == [])
    let appeared = workspace.setOtherFiles(["image.png", "refs.bib"])
    #expect(appeared.contains(".gloss.json"))
    #expect(workspace.diagnostics(for: ".gloss.json").map(\.code) == ["unread-bibliography"])
    workspace.setOtherFiles(["image.png"])
    #expect(workspace.diagnostics(for: ".gloss.json") == [])
  }
}
