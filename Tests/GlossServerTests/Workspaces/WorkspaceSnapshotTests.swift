import GlossIndex
import Testing

@testable import GlossServer

@Suite struct WorkspaceSnapshotTests {
  private static let root = "/w"

  private func scan(_ fs: InMemoryFileSystem, config: WorkspaceConfig = WorkspaceConfig()) -> WorkspaceSnapshot {
    WorkspaceFiles.discover(root: Self.root, config: config, fileSystem: fs).snapshot
  }

  @Test func unchangedWorkspaceHasNoChanges() {
    let fs = InMemoryFileSystem(root: Self.root, files: ["a.md": "a", "sources/s.txt": "s"])
    #expect(scan(fs).changes(since: scan(fs)).isEmpty)
  }

  @Test func createdChangedAndDeletedFilesAreListed() {
    let fs = InMemoryFileSystem(
      root: Self.root,
      files: ["a.md": "a", "b.md": "b", "ghi chú.md": "c", "references.bib": "", "sources/s.txt": "s"]
    )
    let before = scan(fs)
    fs.setFile("/w/a.md", "a longer text")
    // Same size, new time: a save that rewrote one character.
    fs.setFile("/w/sources/s.txt", "t")
    fs.setFile("/w/notes/新しい.md", "new")
    _ = try? fs.remove("/w/b.md")
    fs.setFile("/w/picture.png", "not read, but links to it now resolve")
    let changes = scan(fs).changes(since: before)
    #expect(
      changes
        == FileChanges(
          created: ["notes/新しい.md", "picture.png"],
          changed: ["a.md", "sources/s.txt"],
          deleted: ["b.md"]
        )
    )
  }

  @Test func otherFilesCountOnlyWhenTheyAppearOrDisappear() {
    let fs = InMemoryFileSystem(root: Self.root, files: ["a.md": "a", "figure.png": "v1"])
    let before = scan(fs)
    fs.setFile("/w/figure.png", "version two")
    #expect(scan(fs).changes(since: before).isEmpty)
  }

  @Test func aPathListedBothAsReadFileAndAsOtherFileIsTheReadFile() throws {
    let fs = InMemoryFileSystem(root: Self.root, files: ["attachments/smith.txt": "The river runs."])
    var files = WorkspaceFiles.discover(root: Self.root, config: WorkspaceConfig(), fileSystem: fs)
    let other = try #require(files.otherFiles.first)
    files.files.append(
      DiscoveredFile(path: other.path, role: .sourceDocument, status: try fs.status(of: "/w/attachments/smith.txt")))
    #expect(files.snapshot.stamps["attachments/smith.txt"]?.role == .sourceDocument)
  }

  @Test func renameIsADeletionAndACreation() throws {
    let fs = InMemoryFileSystem(root: Self.root, files: ["old name.md": "text"])
    let before = scan(fs)
    let bytes = try fs.contents(of: "/w/old name.md")
    try fs.remove("/w/old name.md")
    fs.setFile("/w/new name.md", bytes)
    #expect(scan(fs).changes(since: before) == FileChanges(created: ["new name.md"], deleted: ["old name.md"]))
  }

  @Test func roleChangeCountsAsChanged() {
    let fs = InMemoryFileSystem(root: Self.root, files: ["texts/a.md": "a"])
    let before = scan(fs)
    var config = WorkspaceConfig()
    config.sources = ["texts"]
    #expect(scan(fs, config: config).changes(since: before) == FileChanges(changed: ["texts/a.md"]))
  }

  @Test func snapshotDiffIsSymmetric() {
    let old = WorkspaceSnapshot(stamps: [
      "a.md": .init(size: 1, modificationTime: FileTime(nanoseconds: 1), role: .note)
    ])
    let new = WorkspaceSnapshot(stamps: [
      "b.md": .init(size: 1, modificationTime: FileTime(nanoseconds: 1), role: .note)
    ])
    #expect(new.changes(since: old) == FileChanges(created: ["b.md"], deleted: ["a.md"]))
    #expect(old.changes(since: new) == FileChanges(created: ["a.md"], deleted: ["b.md"]))
  }
}
