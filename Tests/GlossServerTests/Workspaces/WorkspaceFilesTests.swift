import Foundation
import GlossIndex
import Testing

@testable import GlossServer

@Suite struct WorkspaceFilesTests {
  private static let root = "/home/an/nghiên cứu"

  /// Discovers an in-memory workspace and dumps `role path` lines, then `skipped path: reason` lines.
  private func discover(
    _ files: [String: String],
    config: WorkspaceConfig = WorkspaceConfig(),
    prepare: (InMemoryFileSystem) -> Void = { _ in }
  ) -> [String] {
    let fs = InMemoryFileSystem(root: Self.root, files: files)
    prepare(fs)
    let found = WorkspaceFiles.discover(root: Self.root, config: config, fileSystem: fs)
    return found.files.map { "\($0.role.rawValue) \($0.path)" }
      + found.skipped.map { "skipped \($0.path): \($0.reason)" }
  }

  @Test func defaultsClassifyNotesSourcesBibliographiesAndConfig() {
    let dump = discover([
      ".gloss.json": "{}",
      "index.md": "# Trí nhớ",
      "notes/bartlett.markdown": "",
      "notes/記憶/tulving.md": "",
      "notes/picture.png": "",
      "notes/ideas.txt": "",
      "references.bib": "",
      "lib/zotero.CSL.JSON": "[]",
      "lib/other.json": "[]",
      "sources/bartlett1932.txt": "",
      "sources/ebbinghaus.md": "",
      "sources/web/loftus.html": "",
      "sources/web/page.htm": "",
      "sources/scan.pdf": "",
      "sources/extra.bib": "",
      ".git/HEAD.md": "",
      ".obsidian/workspace.md": "",
      "node_modules/x/readme.md": "",
      "export/bartlett.md": "",
    ])
    #expect(
      dump
        == [
          "config .gloss.json",
          "note index.md",
          // A plain `.json` is a bibliography candidate: the index keeps it only when its content is CSL-JSON.
          "bibliography lib/other.json",
          "bibliography lib/zotero.CSL.JSON",
          "note notes/bartlett.markdown",
          "note notes/記憶/tulving.md",
          "bibliography references.bib",
          "source-document sources/bartlett1932.txt",
          "source-document sources/ebbinghaus.md",
          "bibliography sources/extra.bib",
          "source-document sources/scan.pdf",
          "source-document sources/web/loftus.html",
          "source-document sources/web/page.htm",
        ].map { $0.replacingOccurrences(of: "source-document", with: "sourceDocument") }
    )
  }

  /// Files are listed in the byte order of their UTF-8 paths (a name before the folder of the same name, upper case
  /// before lower, accents and scripts after ASCII), whatever order the folders list them in.
  @Test func filesAreListedInTheByteOrderOfTheirPaths() {
    let names = [
      "notes/a.md", "notes/a/b.md", "notes/a-b.md", "notes/Z.md", "notes/é.md", "notes/e.md", "notes/漢字.md",
      "notes/🦉.md", "notes/ab.md", "notes/a/a.md", "notes/Ä.md",
    ]
    let dump = discover(Dictionary(uniqueKeysWithValues: names.map { ($0, "") }))
    #expect(dump == names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { "note \($0)" })
  }

  @Test func withoutSourcesFolderEveryMarkdownFileIsANote() {
    #expect(discover(["a.md": "", "texts/b.md": "", "texts/c.txt": ""]) == ["note a.md", "note texts/b.md"])
  }

  @Test func configuredGlobsSourcesAndBibliographyReplaceDefaults() {
    var config = WorkspaceConfig()
    config.notes = ["notes/**/*.md", "*.markdown"]
    config.sources = ["library/texts", "./quotes/"]
    config.bibliography = ["refs/main.bib", "refs/*.json"]
    config.ignore = [".git", "drafts/**", "*.tmp"]
    let dump = discover(
      [
        "notes/a.md": "",
        "notes/drafts/x.md": "",
        "drafts/b.md": "",
        "notes/c.md.tmp": "",
        "top.md": "",
        "top.markdown": "",
        "sources/s.txt": "",
        "library/texts/s1.txt": "",
        "library/texts/notes/deep.md": "",
        "library/other/s2.txt": "",
        "quotes/q.html": "",
        "refs/main.bib": "",
        "refs/old.bib": "",
        "refs/zotero.json": "",
      ], config: config)
    #expect(
      dump == [
        "sourceDocument library/texts/notes/deep.md",
        "sourceDocument library/texts/s1.txt",
        "note notes/a.md",
        "note notes/drafts/x.md",
        "sourceDocument quotes/q.html",
        "bibliography refs/main.bib",
        "bibliography refs/zotero.json",
        "note top.markdown",
      ]
    )
  }

  @Test func missingConfiguredBibliographyIsReported() {
    var config = WorkspaceConfig()
    config.bibliography = ["references.bib", "../library/common.bib"]
    let dump = discover(["a.md": ""], config: config) { fs in
      fs.setFile("/home/an/library/common.bib", "@book{x, title={X}}")
    }
    #expect(
      dump == [
        "bibliography /home/an/library/common.bib",
        "note a.md",
        "skipped references.bib: bibliography file not found: no such file or directory",
      ]
    )
  }

  @Test func ignoredNameSkipsFoldersAtAnyDepthAndTheExportDir() {
    var config = WorkspaceConfig()
    config.ignore = ["archive"]
    config.exportDir = "build/out"
    let dump = discover(
      [
        "archive/a.md": "", "notes/archive/b.md": "", "build/out/c.md": "", "notes/build/out/e.md": "",
        "export/d.md": "",
      ],
      config: config
    )
    // The export folder is a path from the root; an ignored name matches at any depth.
    #expect(dump == ["note export/d.md", "note notes/build/out/e.md"])
  }

  @Test func unreadableFolderIsReportedAndTheWalkGoesOn() {
    let dump = discover(["locked/a.md": "", "open/b.md": ""]) { fs in
      fs.makeUnreadable(Self.root + "/locked")
    }
    #expect(dump == ["note open/b.md", "skipped locked: permission denied"])
  }

  @Test func symlinkedFolderIsWalkedOnceLoopsAreReportedAndLinksOutsideAreNotFollowed() {
    let dump = discover(["notes/a.md": "", "elsewhere/b.md": ""]) { fs in
      fs.createSymlink(Self.root + "/notes/loop", to: "..")
      fs.createSymlink(Self.root + "/notes/self", to: ".")
      fs.createSymlink(Self.root + "/alias", to: "elsewhere")
      fs.setFile("/mnt/shared/c.md", "")
      fs.createSymlink(Self.root + "/shared", to: "/mnt/shared")
    }
    #expect(
      dump == [
        "note elsewhere/b.md",
        "note notes/a.md",
        "skipped alias: same folder as 'elsewhere', not read twice",
        "skipped notes/loop: symbolic link loop back to '.'",
        "skipped notes/self: symbolic link loop back to 'notes'",
        "skipped shared: symbolic link to '/mnt/shared', outside the workspace: not followed",
      ]
    )
  }

  @Test func loadReadsFilesAndSkipsUnreadableBinaryAndVanishedOnes() {
    let fs = InMemoryFileSystem(
      root: Self.root,
      files: ["a.md": "# Trí nhớ\n", "locked.md": "x", "gone.md": "x", "loop.md": "x"]
    )
    fs.setFile(Self.root + "/binary.md", Array("PK".utf8) + [0, 3, 4])
    fs.setFile(Self.root + "/latin1.md", [0x63, 0x61, 0x66, 0xE9])
    fs.makeUnreadable(Self.root + "/locked.md")
    fs.vanishOnRead(Self.root + "/gone.md")
    fs.createSymlink(Self.root + "/loop.md", to: "loop.md")
    let found = WorkspaceFiles.discover(root: Self.root, config: WorkspaceConfig(), fileSystem: fs)
    let (loaded, skipped) = found.load(from: fs)
    #expect(loaded.map(\.file.path) == ["a.md", "latin1.md"])
    #expect(loaded.first?.bytes == Array("# Trí nhớ\n".utf8))
    // Invalid UTF-8 is still read: it is the index's business.
    #expect(loaded.last?.bytes == [0x63, 0x61, 0x66, 0xE9])
    #expect(
      skipped.map { "\($0.path): \($0.reason)" } == [
        "binary.md: binary file (NUL byte at offset 2)",
        "gone.md: no such file (deleted or a broken link)",
        "locked.md: permission denied",
        "loop.md: symbolic link loop",
      ]
    )
  }

  @Test func nulAfterTheProbeDoesNotMakeAFileBinary() {
    let bytes = [UInt8](repeating: 0x61, count: WorkspaceFiles.binaryProbeLength) + [0]
    #expect(WorkspaceFiles.binaryOffset(bytes) == nil)
    #expect(WorkspaceFiles.binaryOffset(bytes.suffix(5)) == 4)
  }

  @Test func roleOfASinglePathFollowsTheLayout() {
    let layout = WorkspaceLayout(config: WorkspaceConfig(), sourceFolders: ["sources"])
    #expect(layout.role(of: "new note.md") == .note)
    #expect(layout.role(of: "sources/new.txt") == .sourceDocument)
    #expect(layout.role(of: "sources/new.pdf") == .sourceDocument)
    // Office and e-book files in a sources folder are sources too (their text comes from `pandoc -t plain`).
    #expect(layout.role(of: "sources/new.docx") == .sourceDocument)
    #expect(layout.role(of: "sources/Book.EPUB") == .sourceDocument)
    #expect(layout.role(of: "sources/new.odt") == .sourceDocument)
    #expect(layout.role(of: "notes/new.docx") == nil)
    #expect(layout.role(of: "sources/new.png") == nil)
    #expect(layout.role(of: "x/refs.bib") == .bibliography)
    #expect(layout.role(of: ".gloss.json") == .config)
    #expect(layout.isIgnoredWithFolders(".obsidian/plugins/a.md"))
    #expect(!layout.isIgnoredWithFolders("notes/obsidian.md"))
  }

  @Test func localWalkSurvivesARealSymlinkLoop() throws {
    let base = FileManager.default.temporaryDirectory.path + "/gloss-walk-\(UUID().uuidString)"
    let root = base + "/ghi chú"
    let manager = FileManager.default
    defer { try? manager.removeItem(atPath: base) }
    try manager.createDirectory(atPath: root + "/notes/deeper", withIntermediateDirectories: true)
    try manager.createDirectory(atPath: root + "/sources", withIntermediateDirectories: true)
    try Data("# A".utf8).write(to: URL(fileURLWithPath: root + "/notes/a.md"))
    try Data("text\u{0C}page 2".utf8).write(to: URL(fileURLWithPath: root + "/sources/s.txt"))
    try manager.createSymbolicLink(atPath: root + "/notes/deeper/up", withDestinationPath: "../..")
    try manager.createSymbolicLink(atPath: root + "/notes/x.md", withDestinationPath: "y.md")
    try manager.createSymbolicLink(atPath: root + "/notes/y.md", withDestinationPath: "x.md")
    let fs = LocalFileSystem()
    let found = WorkspaceFiles.discover(root: root, config: WorkspaceConfig(), fileSystem: fs)
    #expect(found.files.map(\.path) == ["notes/a.md", "notes/x.md", "notes/y.md", "sources/s.txt"])
    #expect(found.skipped.map(\.reason) == ["symbolic link loop back to '.'"])
    let (loaded, skipped) = found.load(from: fs)
    #expect(loaded.map(\.file.path) == ["notes/a.md", "sources/s.txt"])
    #expect(skipped.map(\.reason) == ["symbolic link loop", "symbolic link loop"])
  }

  /// The files the index asked for are added to a walk's once each, in path order: a file the walk found already
  /// stays as it is, one it did not is added with its role (and leaves the other files), a missing one is listed.
  @Test func referencedFilesAreAddedOnceInPathOrder() {
    let fs = InMemoryFileSystem(
      root: Self.root,
      files: [
        "notes/a.md": "", "refs/shared.bib": "", "papers/Nhật ký.pdf": "%PDF", "zz/late.md": "", "b.bib": "",
      ])
    let walked = WorkspaceFiles.discover(root: Self.root, config: WorkspaceConfig(), fileSystem: fs)
    #expect(walked.otherFiles.map(\.path) == ["papers/Nhật ký.pdf"])
    let added = walked.adding(
      referenced: [
        "refs/shared.bib": .bibliography, "papers/Nhật ký.pdf": .sourceDocument, "gone/x.bib": .bibliography,
        "b.bib": .bibliography,
      ], fileSystem: fs)
    #expect(
      added.files.map { "\($0.role.rawValue) \($0.path)" } == [
        "bibliography b.bib", "note notes/a.md", "sourceDocument papers/Nhật ký.pdf", "bibliography refs/shared.bib",
        "note zz/late.md",
      ])
    #expect(added.otherFiles.isEmpty)
    #expect(added.missing == ["gone/x.bib"])
    // Nothing new: the walk's files as they were.
    let same = walked.adding(referenced: ["b.bib": .bibliography], fileSystem: fs)
    #expect(same.files.map(\.path) == walked.files.map(\.path))
    #expect(same.missing.isEmpty)
  }
}
