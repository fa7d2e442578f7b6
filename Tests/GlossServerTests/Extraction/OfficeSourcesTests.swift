import Foundation
import GlossIndex
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// `.docx`, `.epub` and `.odt` files in a sources folder are sources whose text `pandoc -t plain` extracts in the
/// background, as PDFs are; the documents are made by pandoc itself from Markdown (`.ci/run` installs pandoc).
@Suite struct OfficeSourcesTests {
  /// What the documents say: Vietnamese (NFC, as typed) and Japanese.
  static let markdown = """
    # Ký ức

    Trí nhớ không phải là sự tái hiện của vô số dấu vết cố định, vô hồn và rời rạc.

    記憶は固定された痕跡の再現ではなく、想像的な再構成である。
    """

  static let note = """
    # Đọc

    "Trí nhớ không phải là sự tái hiện" [@nguyen2020], và "記憶は固定された痕跡の再現ではなく" [@nguyen2020].

    Còn "vô số dấu vết sống động" [@nguyen2020] thì không.
    """

  /// A fresh folder under the system's temporary folder, removed by the caller.
  func temporaryFolder(_ name: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// A workspace whose `sources/nguyen2020.<format>` pandoc made from `markdown`, and a note quoting it.
  func makeWorkspace(_ format: ExtractedFormat) throws -> String {
    let root = try temporaryFolder("office")
    try write("{}", to: root + "/.gloss.json")
    try write(Self.markdown, to: root + "/draft/nguyen2020.md")
    try write(Self.note, to: root + "/notes/doc.md")
    try FileManager.default.createDirectory(atPath: root + "/sources", withIntermediateDirectories: true)
    let pandoc = try #require(
      TextExtractor.findExecutable("pandoc", path: ProcessInfo.processInfo.environment["PATH"]),
      "pandoc is not installed (Debian package pandoc)")
    let made = Process()
    made.executableURL = URL(fileURLWithPath: pandoc)
    made.arguments = [
      root + "/draft/nguyen2020.md", "--metadata", "title=Ký ức", "-o", root + "/sources/nguyen2020.\(format)",
    ]
    try made.run()
    made.waitUntilExit()
    try #require(made.terminationStatus == 0)
    try FileManager.default.removeItem(atPath: root + "/draft")
    return root
  }

  func start(_ root: String, extract: (@Sendable (String, ExtractedFormat) -> ExtractionOutcome)? = nil) throws
    -> TestClient
  {
    var options = ServerOptions.silent
    options.fileSystem = LocalFileSystem()
    options.homeDirectory = root
    options.cacheDirectory = root + "/.cache/gloss"
    if let extract { options.extractText = extract }
    let client = TestClient(options: options)
    try client.initialize(
      InitializeRequest(workspaceFolders: [WorkspaceFolder(uri: FileURI(filePath: root).string, name: "w")]))
    client.server.extractions.waitUntilIdle()
    client.enqueue(event: .extracted)
    client.processQueue()
    return client
  }

  @Test(arguments: [ExtractedFormat.docx, .epub, .odt])
  func anOfficeFileInTheSourcesFolderIsASourceWhoseQuotationsAreChecked(format: ExtractedFormat) throws {
    let root = try makeWorkspace(format)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let client = try start(root)
    let uri = FileURI(filePath: root + "/notes/doc.md").string
    let published = try #require(client.notifications(PublishDiagnosticsNotification.self).last { $0.uri == uri })
    // The Vietnamese and the Japanese quotations are found in the text pandoc gave; the third is misquoted, and the
    // message quotes the source's own words.
    #expect(published.diagnostics.map(\.code) == ["quote-mismatch"])
    #expect(published.diagnostics.first?.message.contains("vô số dấu vết cố định") == true)
    #expect(published.diagnostics.first?.range.start.line == 4)
    // The text is cached outside the workspace.
    let cached = try FileManager.default.contentsOfDirectory(atPath: root + "/.cache/gloss/texts")
    #expect(cached.filter { $0.hasSuffix(".txt") }.count == 1)
  }

  @Test func withoutPandocTheSourceHasNoTextAndTheHintSaysWhy() throws {
    let root = try makeWorkspace(.docx)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let empty = root + "/no-tools"
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    let client = try start(root) { TextExtractor.extract($0, format: $1, environment: ["PATH": empty]) }
    let uri = FileURI(filePath: root + "/notes/doc.md").string
    let published = try #require(client.notifications(PublishDiagnosticsNotification.self).last { $0.uri == uri })
    #expect(published.diagnostics.map(\.code) == ["no-text", "no-text", "no-text"])
    #expect(
      published.diagnostics.first?.message
        == "'nguyen2020' has no text to check this quotation against ('nguyen2020.docx': 'pandoc' is not installed"
        + " (Debian package pandoc))")
  }
}
