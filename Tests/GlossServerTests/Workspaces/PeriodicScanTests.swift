import Foundation
import GlossIndex
import Testing

@testable import GlossServer

/// The periodic scan (`ScanBoard`): a cheap check of every folder's and file's times each tick, a full walk only when
/// the check fails or now and then, and always the changes a full walk would report.
@Suite struct PeriodicScanTests {
  private static let root = "/w"
  private static let files = [
    "notes/trí nhớ.md": "# Trí nhớ\n\n[@smith2020]\n",
    "notes/日本語.md": "# 日本語 🙂\n",
    "references.bib": "@book{smith2020, title = {Memory}}\n",
    "sources/smith2020.txt": "The river runs.\n",
    "figure.png": "not read",
  ]

  /// A board watching a workspace of `files` (plus `config`'s file), and its file system.
  private func watched(
    _ files: [String: String] = Self.files, config: WorkspaceConfig = WorkspaceConfig(),
    referenced: [String: FileRole] = [:]
  ) -> (ScanBoard, InMemoryFileSystem, WorkspaceFiles) {
    let fs = InMemoryFileSystem(root: Self.root, files: files)
    let walked = WorkspaceFiles.discover(root: Self.root, config: config, fileSystem: fs, referenced: referenced)
    let board = ScanBoard()
    board.post([(0, 1, walked)])
    return (board, fs, walked)
  }

  @Test func nothingChangedIsToldByTheCheckWithoutAWalk() {
    let (board, fs, _) = watched()
    #expect(board.scan(fileSystem: fs).isEmpty)
    #expect(board.checks == 1)
    #expect(board.walks == 0)
  }

  /// Ways a file can change outside the editor.
  enum OutsideChange: String, CaseIterable, Sendable {
    case noteAddedToAFolder, folderAddedWithANote, noteRewritten, noteDeleted, sourceRenamed, bibliographyRewritten
    case configCreated, imageAdded

    func make(in fs: InMemoryFileSystem) {
      switch self {
      case .noteAddedToAFolder: fs.setFile("/w/notes/mới.md", "# Mới\n")
      case .folderAddedWithANote: fs.setFile("/w/notes/2026/mười hai.md", "# 12\n")
      case .noteRewritten: fs.setFile("/w/notes/日本語.md", "# 日本語 🙂 and more\n")
      case .noteDeleted: try? fs.remove("/w/notes/trí nhớ.md")
      case .sourceRenamed:
        let bytes = (try? fs.contents(of: "/w/sources/smith2020.txt")) ?? []
        try? fs.remove("/w/sources/smith2020.txt")
        fs.setFile("/w/sources/smith2020-river.txt", bytes)
      case .bibliographyRewritten: fs.setFile("/w/references.bib", "@book{smith2020, title = {M}}\n")
      case .configCreated: fs.setFile("/w/.gloss.json", "{}")
      case .imageAdded: fs.setFile("/w/notes/figure 2.png", "not read")
      }
    }
  }

  /// Each change fails the check, and the scan reports what a full walk reports.
  @Test(arguments: OutsideChange.allCases)
  func aChangeFailsTheCheckAndIsReportedAsAWalkReportsIt(_ change: OutsideChange) {
    let (board, fs, walked) = watched()
    change.make(in: fs)
    let expected = walked.rescanned(fileSystem: fs).changes
    #expect(!expected.isEmpty)
    let results = board.scan(fileSystem: fs)
    #expect(board.walks == 1)
    #expect(results.map(\.changes) == [expected])
    #expect(results.map(\.generation) == [1])
  }

  @Test func aConfiguredBibliographyOutsideTheWorkspaceIsWatchedEvenWhileMissing() {
    var config = WorkspaceConfig()
    config.bibliography = ["../library/zotero.bib"]
    let (board, fs, walked) = watched(config: config)
    #expect(walked.missing == ["/library/zotero.bib"])
    #expect(board.scan(fileSystem: fs).isEmpty)
    fs.setFile("/library/zotero.bib", "@book{doe1999, title = {Đời}}\n")
    #expect(board.scan(fileSystem: fs, at: .now + .seconds(5)).map(\.changes.created) == [["/library/zotero.bib"]])
    #expect(board.walks == 1)
  }

  @Test func aReferencedFileOutsideTheFoldersIsWatched() {
    let (board, fs, _) = watched(referenced: ["attachments/smith.txt": .sourceDocument])
    fs.setFile("/w/attachments/smith.txt", "The river runs fast.\n")
    #expect(board.scan(fileSystem: fs).map(\.changes.created) == [["attachments/smith.txt"]])
  }

  @Test func aWalkThatFindsNoChangeBecomesWhatTheNextCheckComparesWith() {
    let (board, fs, _) = watched()
    // A name Gloss ignores still moves its folder's times.
    fs.setFile("/w/.git/HEAD", "ref: refs/heads/main")
    #expect(board.scan(fileSystem: fs).isEmpty)
    #expect(board.walks == 1)
    #expect(board.scan(fileSystem: fs, at: .now + .seconds(5)).isEmpty)
    #expect(board.checks == 2)
    #expect(board.walks == 1)
  }

  @Test func aFullWalkComesNowAndThenWhateverTheCheckSays() {
    let (board, fs, _) = watched()
    // A file system whose times hide a change: same size, same time.
    let before = try? fs.status(of: "/w/references.bib")
    fs.setFile("/w/references.bib", "@book{smith2020, title = {Memorx}}\n", modificationTime: before?.modificationTime)
    _ = board.scan(fileSystem: fs)
    #expect(board.walks == 0)
    _ = board.scan(fileSystem: fs, at: .now + ScanPacing.walkEvery)
    #expect(board.walks == 1)
  }

  @Test func aNewGenerationPostedIsWhatTheCheckComparesWith() {
    let (board, fs, _) = watched()
    fs.setFile("/w/notes/mới.md", "# Mới\n")
    let result = board.scan(fileSystem: fs)
    #expect(result.count == 1)
    board.post([(0, 2, result[0].files)])
    #expect(board.scan(fileSystem: fs, at: .now + .seconds(5)).isEmpty)
    #expect(board.walks == 1)
  }
}

@Suite struct ScanPacingTests {
  private let start = ContinuousClock.now

  @Test func aCheckWaitsFiftyTimesItsOwnCost() {
    var pacing = ScanPacing(walkedAt: start)
    #expect(pacing.step(at: start) == .check)
    pacing.checked(at: start, cost: .milliseconds(100))
    #expect(pacing.step(at: start + .seconds(2)) == .wait)
    #expect(pacing.step(at: start + .seconds(5)) == .check)
  }

  @Test func aWalkComesEveryMinuteOrAHundredTimesItsOwnCost() {
    var pacing = ScanPacing(walkedAt: start)
    pacing.checked(at: start, cost: .milliseconds(1))
    #expect(pacing.step(at: start + .seconds(59)) == .check)
    #expect(pacing.step(at: start + .seconds(60)) == .walk)
    pacing.walked(at: start + .seconds(60), cost: .seconds(2))
    #expect(pacing.step(at: start + .seconds(120)) != .walk)
    #expect(pacing.step(at: start + .seconds(260)) == .walk)
  }
}

/// The check on a real file system, where a change time moves on every write and cannot be set back.
@Suite struct PeriodicScanOnDiskTests {
  /// A new workspace folder holding `folder` (made with its parents) and `notes/ghi chú.md`; the caller removes it.
  private func makeRoot(with folder: String) throws -> String {
    let root = FileManager.default.temporaryDirectory.path + "/gloss-scan-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
    try Data("# Ghi chú 🙂\n".utf8).write(to: URL(fileURLWithPath: root + "/notes/ghi chú.md"))
    return root
  }

  @Test func aFileRewrittenWithItsSizeAndTimeRestoredOrAddedDeepInAFolderFailsTheCheck() throws {
    let root = try makeRoot(with: "notes/sâu/hơn")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try Data("@book{a, title = {A}}\n".utf8).write(to: URL(fileURLWithPath: root + "/references.bib"))
    let fs = LocalFileSystem()
    var walked = WorkspaceFiles.discover(root: root, config: WorkspaceConfig(), fileSystem: fs)
    #expect(walked.looksUnchanged(fileSystem: fs))

    var info = stat()
    #expect(stat(root + "/notes/ghi chú.md", &info) == 0)
    // Same size, and the modification time set back, as `cp -p` or `rsync -t` do.
    usleep(20_000)
    try Data("# Ghi chú 🙃\n".utf8).write(to: URL(fileURLWithPath: root + "/notes/ghi chú.md"))
    let omit = (1 << 30) - 2
    var times = [timespec(tv_sec: 0, tv_nsec: omit), info.st_mtim]
    #expect(utimensat(AT_FDCWD, root + "/notes/ghi chú.md", &times, 0) == 0)
    #expect(!walked.looksUnchanged(fileSystem: fs))
    #expect(walked.rescanned(fileSystem: fs).changes.changed == ["notes/ghi chú.md"])

    walked = WorkspaceFiles.discover(root: root, config: WorkspaceConfig(), fileSystem: fs)
    #expect(walked.looksUnchanged(fileSystem: fs))
    try Data("# Sâu\n".utf8).write(to: URL(fileURLWithPath: root + "/notes/sâu/hơn/mới.md"))
    #expect(!walked.looksUnchanged(fileSystem: fs))
  }

  /// A link to nothing (a note moved away, a cloud folder not synced yet) is not a change each time it is checked;
  /// the check fails once the link leads to a file.
  @Test func aBrokenSymbolicLinkDoesNotFailEveryCheck() throws {
    let root = try makeRoot(with: "notes")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let fm = FileManager.default
    try fm.createSymbolicLink(atPath: root + "/notes/đã chuyển.md", withDestinationPath: root + "-elsewhere/gone.md")
    try fm.createSymbolicLink(atPath: root + "/references.bib", withDestinationPath: "zotero/missing.bib")
    let fs = LocalFileSystem()
    let walked = WorkspaceFiles.discover(root: root, config: WorkspaceConfig(), fileSystem: fs)
    #expect(walked.looksUnchanged(fileSystem: fs))
    defer { try? FileManager.default.removeItem(atPath: root + "-elsewhere") }
    try fm.createDirectory(atPath: root + "-elsewhere", withIntermediateDirectories: true)
    try Data("# Đã chuyển\n".utf8).write(to: URL(fileURLWithPath: root + "-elsewhere/gone.md"))
    #expect(!walked.looksUnchanged(fileSystem: fs))
    let changes = walked.rescanned(fileSystem: fs).changes
    #expect(changes.changed + changes.created + changes.deleted == ["notes/đã chuyển.md"], "\(changes)")
  }
}
