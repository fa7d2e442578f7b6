import GlossIndex
import GlossSyntax
import Testing

@Suite struct IncrementalTests {
  static let files = [
    "refs.bib": "@book{bartlett1932, title = {Remembering}, year = {1932}}\n",
    "notes/hub.md": "# Hub\n\n## Méthodes\n\n#mémoire [@bartlett1932]\n",
    "notes/a.md": "[[hub#Méthodes]] [[futur]] [@nouveau] #mémoire/collective\n",
    "notes/b.md": "[hub](hub.md) [@bartlett1932, p. 3]\n",
    "notes/c.md": "Rien à signaler.\n",
  ]

  @Test func editingANoteChangesOnlyItsOwnContributions() {
    var workspace = Fixture.workspace(Self.files)
    #expect(workspace.citations(ofKey: "bartlett1932").map(\.path) == ["notes/b.md", "notes/hub.md"])
    let changed = Fixture.set("notes/c.md", "Voir [@bartlett1932] #Mémoire\n", in: &workspace)
    #expect(changed == ["notes/c.md"])
    #expect(
      workspace.citations(ofKey: "bartlett1932").map(\.path) == ["notes/b.md", "notes/c.md", "notes/hub.md"])
    #expect(
      workspace.notes(withTag: "mémoire").keys.sorted() == ["notes/c.md", "notes/hub.md"])
    Fixture.set("notes/c.md", "Plus rien.\n", in: &workspace)
    #expect(workspace.citations(ofKey: "bartlett1932").map(\.path) == ["notes/b.md", "notes/hub.md"])
    #expect(workspace.notes(withTag: "mémoire").keys.sorted() == ["notes/hub.md"])
  }

  @Test func addingAKeyToTheBibliographyChangesTheNotesCitingIt() {
    var workspace = Fixture.workspace(Self.files)
    #expect(workspace.diagnostics(for: "notes/a.md").map(\.code).contains("unknown-source"))
    let changed = Fixture.set(
      "refs.bib", "@book{bartlett1932, title = {Remembering}, year = {1932}}\n@misc{nouveau, title = {N}}\n",
      in: &workspace)
    #expect(changed == ["refs.bib", "notes/a.md"])
    #expect(!workspace.diagnostics(for: "notes/a.md").map(\.code).contains("unknown-source"))
  }

  @Test func editingAnEntryElsewhereInTheFileDoesNotTouchOtherCiters() {
    var workspace = Fixture.workspace(Self.files)
    let changed = Fixture.set(
      "refs.bib", "% déplacé\n\n@book{bartlett1932, title = {Remembering}, year = {1932}}\n", in: &workspace)
    #expect(changed == ["refs.bib"])
  }

  @Test func creatingANoteChangesTheNotesLinkingToItsNames() {
    var workspace = Fixture.workspace(Self.files)
    #expect(workspace.diagnostics(for: "notes/a.md").map(\.code).contains("broken-link"))
    let changed = Fixture.set("notes/futur.md", "# Futur\n", in: &workspace)
    #expect(changed == ["notes/futur.md", "notes/a.md"])
    #expect(!workspace.diagnostics(for: "notes/a.md").map(\.code).contains("broken-link"))
    let removed = workspace.remove(path: "notes/futur.md")
    #expect(removed == ["notes/futur.md", "notes/a.md"])
    #expect(workspace.note(at: "notes/futur.md") == nil)
  }

  @Test func renamingAHeadingChangesTheNotesLinkingToIt() {
    var workspace = Fixture.workspace(Self.files)
    let changed = Fixture.set("notes/hub.md", "# Hub\n\n## Méthode\n\n#mémoire [@bartlett1932]\n", in: &workspace)
    #expect(changed == ["notes/hub.md", "notes/a.md"])
    #expect(workspace.diagnostics(for: "notes/a.md").map(\.code).contains("broken-anchor"))
  }

  @Test func deferredPropagationReportsTheEditedNoteFirst() {
    var workspace = Fixture.workspace(Self.files)
    let bytes = Array("# Hub\n\n## Méthode\n\n#mémoire [@bartlett1932]\n".utf8)
    let first = workspace.setNote(path: "notes/hub.md", bytes: bytes, deferringOthers: true)
    #expect(first == ["notes/hub.md"])
    #expect(workspace.pendingPaths == ["notes/a.md", "notes/b.md"])
    #expect(!workspace.diagnostics(for: "notes/a.md").map(\.code).contains("broken-anchor"))
    let later = workspace.refreshPending()
    #expect(later == ["notes/a.md"])
    #expect(workspace.pendingPaths.isEmpty)
    #expect(workspace.diagnostics(for: "notes/a.md").map(\.code).contains("broken-anchor"))
  }

  @Test func changedPathsAreComputedFromTheReverseMaps() {
    var workspace = Fixture.workspace(Self.files)
    // A heading edit re-checks the notes that link to the hub, but only those whose diagnostics change are
    // returned: b links to the hub without an anchor, so it stays out.
    let changed = Fixture.set("notes/hub.md", "# Hub\n\n## Autre\n\n[@bartlett1932]\n", in: &workspace)
    #expect(!changed.contains("notes/b.md"))
    #expect(!changed.contains("notes/c.md"))
    #expect(workspace.notes(withTag: "mémoire").isEmpty)
    #expect(workspace.notes(withTag: "mémoire", includingNested: true).keys.sorted() == ["notes/a.md"])
  }

  @Test func addingASourceDocumentGivesAnEntryItsText() {
    var workspace = Fixture.workspace([
      "refs.bib": "@book{b, title = {B}, file = {Texte:sources/texte.txt:text/plain}}\n",
      "notes/a.md": "[@b, p. 9]\n",
    ])
    #expect(workspace.diagnostics(for: "notes/a.md").map(\.code) == ["no-text"])
    #expect(workspace.unloadedEntryFiles == ["sources/texte.txt"])
    let changed = Fixture.set("sources/texte.txt", "une page\u{0C}deux pages\n", in: &workspace)
    #expect(changed.contains("notes/a.md"))
    #expect(workspace.diagnostics(for: "notes/a.md").map(\.code) == ["unresolved-locator"])
    #expect(workspace.source(forKey: "b")?.textPath == "sources/texte.txt")
    #expect(workspace.unloadedEntryFiles.isEmpty)
  }

  @Test func aSecondDefinitionMarksTheFirstAsDuplicate() {
    var workspace = Fixture.workspace(Self.files)
    let changed = Fixture.set("more.bib", "@book{bartlett1932, title = {Autre}}\n", in: &workspace)
    #expect(changed == ["more.bib", "refs.bib"])
    #expect(workspace.diagnostics(for: "refs.bib").map(\.code) == ["duplicate-source"])
    workspace.remove(path: "more.bib")
    #expect(workspace.diagnostics(for: "refs.bib").isEmpty)
  }

  @Test func otherFilesSatisfyLinksOnceKnown() {
    var workspace = Fixture.workspace(["a.md": "![figure](img/fig.png) ![[schéma.svg]]\n"])
    #expect(workspace.diagnostics(for: "a.md").map(\.code) == ["broken-link", "broken-link"])
    let changed = workspace.setOtherFiles(["img/fig.png", "img/schéma.svg"])
    #expect(changed == ["a.md"])
    #expect(workspace.diagnostics(for: "a.md").isEmpty)
    let removed = workspace.remove(path: "img/fig.png")
    #expect(removed == ["img/fig.png", "a.md"])
    #expect(workspace.diagnostics(for: "a.md").map(\.code) == ["broken-link"])
  }

  @Test func changingTheRoleOfAPathRemovesTheOldRole() {
    var workspace = Fixture.workspace(Self.files)
    workspace.setSourceDocument(path: "notes/c.md", bytes: Array("---\nid: cé\n---\ntexte\n".utf8))
    #expect(workspace.note(at: "notes/c.md") == nil)
    #expect(workspace.source(forKey: "cé")?.documentPath == "notes/c.md")
  }

  @Test func bulkLoadingAndOneByOneGiveTheSameDiagnostics() {
    let bulk = Fixture.workspace(Self.files)
    var single = Workspace()
    for (path, text) in Self.files { Fixture.set(path, text, in: &single) }
    #expect(dump(bulk) == dump(single))
    #expect(!dump(bulk).isEmpty)
  }
}
