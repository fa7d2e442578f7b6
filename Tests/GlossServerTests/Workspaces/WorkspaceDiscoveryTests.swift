import Foundation
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

/// A file opened outside every workspace folder, or a client that sends no folder, gets its workspace found by
/// Gloss: the nearest `.gloss.json`, else the nearest folder holding a bibliography or a `sources/` folder (not above
/// the repository), else the `.git` root; only then single-file mode, where no citation is an unknown source merely
/// because no bibliography was found.
@Suite struct WorkspaceDiscoveryTests {
  /// `examples/research` in small: no `.git`, no `.gloss.json`.
  static let research: [String: String] = [
    "research/notes/trí nhớ.md": "# Trí nhớ\n\nTheo [@bartlett1932] và [@ebbinghaus1885] 🧠.\n",
    "research/notes/khác.md": "# Khác\n\n[@bartlett1932] [[trí nhớ]]\n",
    "research/references.bib": "@book{bartlett1932, title = {Remembering}, author = {Bartlett, F.}, year = 1932}\n",
    "research/sources/ebbinghaus1885.txt": "Über das Gedächtnis.\n",
  ]

  static func started(_ files: [String: String], folders: [String] = [], home: String? = "/home/user") throws
    -> WorkspaceFixture
  {
    let fixture = WorkspaceFixture(files: files, homeDirectory: home)
    try fixture.start(folders: folders)
    return fixture
  }

  func showMessages(_ fixture: WorkspaceFixture) -> [String] {
    fixture.client.notifications(ShowMessageNotification.self).map(\.message)
  }

  @Test func aLoneNoteFindsTheFolderHoldingTheBibliographyAndSources() throws {
    let fixture = try Self.started(Self.research)
    fixture.open("research/notes/trí nhớ.md", Self.research["research/notes/trí nhớ.md"] ?? "")
    #expect(fixture.client.server.roots.map(\.path) == ["/w/research"])
    #expect(fixture.codes("research/notes/trí nhớ.md") == [])
    // The whole workspace is indexed: the other note is diagnosed too.
    #expect(fixture.codes("research/notes/khác.md") == [])
  }

  @Test func theNearestConfigWinsOverABibliographyNearer() throws {
    var files = Self.research
    files[".gloss.json"] = "{}"
    let fixture = try Self.started(files)
    fixture.open("research/notes/khác.md", files["research/notes/khác.md"] ?? "")
    #expect(fixture.client.server.roots.map(\.path) == ["/w"])
  }

  @Test func withoutBibliographyTheRepositoryRootIsTheWorkspace() throws {
    let files = [
      "repo/.git/HEAD": "ref: refs/heads/main\n",
      "repo/notes/a.md": "# A\n\n[@bartlett1932] [[b]]\n",
      "repo/b.md": "# B\n",
      // Above the repository: never looked at for a bibliography.
      "refs.bib": "@book{bartlett1932, title = {Remembering}}\n",
    ]
    let fixture = try Self.started(files)
    fixture.open("repo/notes/a.md", files["repo/notes/a.md"] ?? "")
    #expect(fixture.client.server.roots.map(\.path) == ["/w/repo"])
    // No bibliography at all: the citation is not an error, the link resolves, and the user is told once.
    #expect(fixture.codes("repo/notes/a.md") == [])
    #expect(showMessages(fixture).filter { $0.hasPrefix("no bibliography found for '/w/repo'") }.count == 1)
    fixture.open("repo/b.md", "# B\n\n[@x]\n")
    #expect(showMessages(fixture).count == 1)
  }

  @Test func nothingMarksAWorkspaceSoTheFileIsAloneAndNoCitationIsUnknown() throws {
    let files = ["loose/a.md": "# A\n\n[@bartlett1932]\n"]
    let fixture = try Self.started(files)
    fixture.open("loose/a.md", files["loose/a.md"] ?? "")
    #expect(fixture.client.server.roots.map(\.kind) == [.looseFiles])
    #expect(fixture.codes("loose/a.md") == [])
    #expect(showMessages(fixture).count == 1)
  }

  @Test func theHomeFolderIsNeverAWorkspaceWithoutAConfig() throws {
    let files = ["refs.bib": "@book{k, title = {T}}\n", ".git/HEAD": "x\n", "notes/a.md": "[@k]\n"]
    let fixture = try Self.started(files, home: "/w")
    fixture.open("notes/a.md", "[@k]\n")
    #expect(fixture.client.server.roots.map(\.kind) == [.looseFiles])
  }

  @Test func aClientRootedAtTheNotesFolderIsWidenedToTheWorkspace() throws {
    let fixture = try Self.started(Self.research, folders: ["/w/research/notes"])
    #expect(fixture.client.server.roots.map(\.path) == ["/w/research"])
    #expect(fixture.codes("research/notes/trí nhớ.md") == [])
    // The client's folder still removes the root it stands for.
    fixture.client.notify(
      DidChangeWorkspaceFoldersNotification(
        event: WorkspaceFoldersChangeEvent(
          added: [], removed: [WorkspaceFolder(uri: fixture.uri("research/notes"), name: "notes")])))
    #expect(fixture.client.server.roots.isEmpty)
  }

  @Test func aClientRootHoldingItsOwnBibliographyIsKept() throws {
    var files = Self.research
    files["research/notes/own.bib"] = "@book{own, title = {Own}}\n"
    let fixture = try Self.started(files, folders: ["/w/research/notes"])
    #expect(fixture.client.server.roots.map(\.path) == ["/w/research/notes"])
  }

  @Test func aClientRootAtARepositoryIsKept() throws {
    let files = ["refs.bib": "@book{k, title = {T}}\n", "repo/.git/HEAD": "x\n", "repo/a.md": "[@k]\n"]
    let fixture = try Self.started(files, folders: ["/w/repo"])
    #expect(fixture.client.server.roots.map(\.path) == ["/w/repo"])
  }

  /// A stray `.bib` in a temporary folder shared by every program must not make a folder unpacked there (a test's,
  /// an archive's) grow into all of `/tmp`: Gloss would index everything there and place new notes anywhere in it.
  @Test func aTemporaryFolderIsNeverAWorkspaceWithoutAConfig() {
    let fileSystem = InMemoryFileSystem()
    fileSystem.setFile("/tmp/stray.bib", "@book{k, title = {T}}\n")
    fileSystem.setFile("/tmp/crowded/notes/many.md", "# Many\n")
    fileSystem.setFile("/tmp/unpacked/notes/a.md", "[@k]\n")
    fileSystem.setFile("/var/tmp/other/b.md", "# B\n")
    fileSystem.setFile("/var/tmp/refs.bib", "@book{k, title = {T}}\n")
    let discovery = WorkspaceDiscovery(
      fileSystem: fileSystem, homeDirectory: "/home/user", temporaryDirectories: ["/tmp", "/var/tmp"])
    #expect(discovery.widened("/tmp/unpacked") == "/tmp/unpacked")
    #expect(discovery.widened("/tmp/unpacked/notes") == "/tmp/unpacked/notes")
    #expect(discovery.workspace(containing: "/tmp/unpacked/notes") == nil)
    #expect(discovery.widened("/var/tmp/other") == "/var/tmp/other")
    // With `.gloss.json` a temporary folder is a workspace like any other.
    fileSystem.setFile("/tmp/.gloss.json", "{}")
    #expect(discovery.widened("/tmp/unpacked") == "/tmp")
  }
}

/// A Quarto project (`_quarto.yml`) is a workspace as `.gloss.json` makes one, and its documents are notes.
@Suite struct QuartoWorkspaceDiscoveryTests {
  @Test func aQuartoProjectMarksTheWorkspaceAndAQmdIsCheckedWithoutAnyBibliography() throws {
    let files = [
      "book/_quarto.yml": "project:\n  type: book\nbook:\n  chapters:\n    - index.qmd\n    - two.qmd\n",
      "book/chapters/index.qmd": "# Một {#sec-one}\n\nSee @fig-two and @fig-tow.\n",
      "book/chapters/two.qmd": "![Hai](two.png){#fig-two}\n\n@sec-one\n",
      "book/chapters/two.png": "",
      // Above the project: not the workspace.
      "refs.bib": "@book{k, title = {T}}\n",
    ]
    let fixture = try WorkspaceDiscoveryTests.started(files)
    fixture.open("book/chapters/index.qmd", files["book/chapters/index.qmd"] ?? "")
    #expect(fixture.client.server.roots.map(\.path) == ["/w/book"])
    #expect(fixture.codes("book/chapters/index.qmd") == ["unknown-crossref"])
    #expect(fixture.codes("book/chapters/two.qmd") == [])
  }
}
