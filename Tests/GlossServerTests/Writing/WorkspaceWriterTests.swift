import Foundation
import GlossIndex
import Testing

@testable import GlossServer

/// The guarded write path on a real disk: each refusal leaves every file as it was and no temporary file behind.
@Suite struct WorkspaceWriterTests {
  @Test func createMakesFoldersAndNeverReplaces() throws {
    let fixture = try WriteFixture(files: ["notes/a.md": "# A\n"])
    defer { fixture.remove() }
    try fixture.writer.create(Array("# Ghi chú\n".utf8), at: "notes/mới/ghi chú.md")
    #expect(WriteFixture.text(fixture.root + "/notes/mới/ghi chú.md") == "# Ghi chú\n")
    #expect(throws: CommandError.self) { try fixture.writer.create(Array("x".utf8), at: "notes/a.md") }
    #expect(WriteFixture.text(fixture.root + "/notes/a.md") == "# A\n")
    #expect(!WriteFixture.names(under: fixture.root).contains { $0.hasSuffix(TemporaryFile.suffix) })
  }

  @Test func createThroughAFolderLinkLeavingTheWorkspaceIsRefused() throws {
    let fixture = try WriteFixture()
    defer { fixture.remove() }
    try WriteFixture.link(fixture.root + "/notes", to: fixture.outside)
    #expect(throws: CommandError.self) { try fixture.writer.create(Array("x".utf8), at: "notes/new.md") }
    #expect(throws: CommandError.self) { try fixture.writer.create(Array("x".utf8), at: "notes/deep/new.md") }
    #expect(WriteFixture.names(under: fixture.outside).isEmpty)
  }

  @Test func createThroughAFolderLinkInsideTheWorkspaceWritesTheRealFolder() throws {
    let fixture = try WriteFixture(files: ["real/keep.md": "k"])
    defer { fixture.remove() }
    try WriteFixture.link(fixture.root + "/alias", to: fixture.root + "/real")
    try fixture.writer.create(Array("x".utf8), at: "alias/new.md")
    #expect(WriteFixture.text(fixture.root + "/real/new.md") == "x")
  }

  @Test(arguments: ["../outside/x.md", "/etc/x.md", "a/../../x.md"])
  func pathsLeavingTheWorkspaceAreRefused(given: String) throws {
    let fixture = try WriteFixture()
    defer { fixture.remove() }
    #expect(throws: CommandError.self) {
      try fixture.writer.writeExport(Self.export([1], at: try fixture.writer.relativePath(ofGiven: given)))
    }
    #expect(WriteFixture.names(under: fixture.outside).isEmpty)
  }

  @Test func fileURIsAreDecodedNeverMadeIntoAFolder() throws {
    let fixture = try WriteFixture()
    defer { fixture.remove() }
    let uri = FileURI(filePath: fixture.root + "/export/trí nhớ.md").string
    #expect(try fixture.writer.relativePath(ofGiven: uri) == "export/trí nhớ.md")
    #expect(throws: CommandError.self) { try fixture.writer.relativePath(ofGiven: "https://example.com/x.md") }
  }

  @Test func anExportReplacesOnlyWhatGlossWroteAndNobodyChanged() throws {
    let fixture = try WriteFixture(files: ["notes/b.md": "# B\n", "refs.csl.json": "[]"])
    defer { fixture.remove() }
    let writer = fixture.writer
    #expect(throws: CommandError.self) { try writer.writeExport(Self.export(Array("out".utf8), at: "notes/b.md")) }
    #expect(throws: CommandError.self) { try writer.writeExport(Self.export(Array("out".utf8), at: "refs.csl.json")) }
    #expect(WriteFixture.text(fixture.root + "/notes/b.md") == "# B\n")
    #expect(WriteFixture.text(fixture.root + "/refs.csl.json") == "[]")
    try writer.writeExport(Self.export(Array("one".utf8), at: "export/x.md"))
    try writer.writeExport(Self.export(Array("two".utf8), at: "export/x.md"))
    #expect(WriteFixture.text(fixture.root + "/export/x.md") == "two")
    try WriteFixture.put("two, edited by hand", at: fixture.root + "/export/x.md")
    #expect(throws: CommandError.self) { try writer.writeExport(Self.export(Array("three".utf8), at: "export/x.md")) }
    #expect(WriteFixture.text(fixture.root + "/export/x.md") == "two, edited by hand")
  }

  @Test func anExportNeverReplacesALinkAPipeOrADevice() throws {
    let fixture = try WriteFixture(files: ["notes/a.md": "# A\n"])
    defer { fixture.remove() }
    try WriteFixture.link(fixture.root + "/link.md", to: fixture.root + "/notes/a.md")
    try WriteFixture.link(fixture.root + "/null.md", to: "/dev/null")
    try WriteFixture.fifo(fixture.root + "/pipe.md")
    for name in ["link.md", "null.md", "pipe.md", "notes"] {
      #expect(throws: CommandError.self) { try fixture.writer.writeExport(Self.export(Array("x".utf8), at: name)) }
    }
    #expect(WriteFixture.kind(fixture.root + "/link.md") == .symbolicLink)
    #expect(WriteFixture.kind(fixture.root + "/null.md") == .symbolicLink)
    #expect(WriteFixture.kind(fixture.root + "/pipe.md") == .other)
    #expect(WriteFixture.text(fixture.root + "/notes/a.md") == "# A\n")
    #expect(WriteFixture.kind("/dev/null") == .other)
  }

  @Test func anEditIsAppliedOnlyToTheBytesItWasComputedFrom() throws {
    let fixture = try WriteFixture(files: ["notes/a.md": "line 1\n"])
    defer { fixture.remove() }
    let computedFrom = Array("line 1\n".utf8)
    // Another program appends a line between computing the edit and applying it.
    try WriteFixture.put("line 1\nline 2\n", at: fixture.root + "/notes/a.md")
    #expect(throws: CommandError.self) {
      try fixture.writer.replace("notes/a.md", expecting: computedFrom, with: Array("[[b]]\n".utf8))
    }
    #expect(WriteFixture.text(fixture.root + "/notes/a.md") == "line 1\nline 2\n")
    try fixture.writer.replace("notes/a.md", expecting: Array("line 1\nline 2\n".utf8), with: Array("new\n".utf8))
    #expect(WriteFixture.text(fixture.root + "/notes/a.md") == "new\n")
  }

  @Test func anEditOfALinkedNoteWritesItsTargetAndKeepsTheLink() throws {
    let fixture = try WriteFixture(files: ["notes/a.md": "old"])
    defer { fixture.remove() }
    try WriteFixture.link(fixture.root + "/a-link.md", to: "notes/a.md")
    try fixture.writer.replace("a-link.md", expecting: Array("old".utf8), with: Array("new".utf8))
    #expect(WriteFixture.kind(fixture.root + "/a-link.md") == .symbolicLink)
    #expect(WriteFixture.text(fixture.root + "/notes/a.md") == "new")
  }

  @Test func aMoveNeverTouchesAFileOutsideTheWorkspace() throws {
    let fixture = try WriteFixture(outsideFiles: ["n.md": "# Outside\n"])
    defer { fixture.remove() }
    try WriteFixture.link(fixture.root + "/ext", to: fixture.outside)
    #expect(throws: CommandError.self) {
      try fixture.writer.move("ext/n.md", expecting: Array("# Outside\n".utf8), to: "sources/n.md", bytes: [])
    }
    #expect(WriteFixture.text(fixture.outside + "/n.md") == "# Outside\n")
    #expect(WriteFixture.kind(fixture.root + "/sources/n.md") == nil)
  }

  @Test func aMoveOfAChangedFileIsRefusedAndLeavesNoCopy() throws {
    let fixture = try WriteFixture(files: ["notes/n.md": "changed"])
    defer { fixture.remove() }
    #expect(throws: CommandError.self) {
      try fixture.writer.move("notes/n.md", expecting: Array("before".utf8), to: "sources/n.md", bytes: [])
    }
    #expect(WriteFixture.text(fixture.root + "/notes/n.md") == "changed")
    #expect(WriteFixture.kind(fixture.root + "/sources/n.md") == nil)
    try fixture.writer.move("notes/n.md", expecting: Array("changed".utf8), to: "sources/n.md", bytes: [65])
    #expect(WriteFixture.kind(fixture.root + "/notes/n.md") == nil)
    #expect(WriteFixture.text(fixture.root + "/sources/n.md") == "A")
  }

  @Test func temporaryNamesFollowOnePatternAndOnlyDeadWritersLeaveLeftovers() throws {
    let name = TemporaryFile.name(for: "Trí nhớ.md")
    #expect(name.hasPrefix(".Trí nhớ.md."))
    #expect(TemporaryFile.isTemporary(name))
    #expect(TemporaryFile.processID(of: name) == getpid())
    #expect(!TemporaryFile.isLeftover(name))
    #expect(!TemporaryFile.isTemporary("notes.md"))
    // Process ids above the kernel's limit (4,194,304 on Linux) never run.
    let dead = TemporaryFile.name(for: "a.md", processID: 999_999_999)
    #expect(TemporaryFile.isLeftover(dead))
    let fixture = try WriteFixture(files: ["notes/a.md": "a", "notes/" + dead: "partial", "notes/" + name: "mine"])
    defer { fixture.remove() }
    let removed = fixture.writer.removeLeftovers(["notes/" + dead, "notes/" + name, "notes/a.md"])
    #expect(removed == ["notes/" + dead])
    #expect(WriteFixture.names(under: fixture.root + "/notes") == [name, "a.md"].sorted())
  }

  @Test func privateFilesAreWrittenAtomicallyInTheirOwnFolder() throws {
    let fixture = try WriteFixture()
    defer { fixture.remove() }
    let cache = PrivateFileWriter(directory: fixture.state + "/cache", fileSystem: LocalFileSystem())
    try cache.write(Array("one".utf8), to: "pdf/abc.txt")
    try cache.write(Array("two".utf8), to: "pdf/abc.txt")
    #expect(try cache.read("pdf/abc.txt") == Array("two".utf8))
    #expect(throws: CommandError.self) { try cache.write([], to: "../escape.txt") }
    #expect(WriteFixture.names(under: fixture.state + "/cache") == ["pdf", "pdf/abc.txt"])
    let environment = ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]
    #expect(PrivateFileWriter.cache(environment: environment).directory == "/x/cache/gloss")
    #expect(PrivateFileWriter.state(environment: ["HOME": "/home/u"]).directory == "/home/u/.local/state/gloss")
  }

  private static func export(_ bytes: [UInt8], at path: String) -> ExportOutput {
    ExportOutput(files: [ExportFile(path: path, bytes: bytes)])
  }
}
