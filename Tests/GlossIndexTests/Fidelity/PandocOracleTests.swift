import Foundation
import GlossIndex
import Testing

/// Renders the `pandoc` export with `pandoc --citeproc`, an oracle no one here wrote: no warning, author–date text.
@Suite struct PandocOracleTests {
  static let pandocPath: String? = ["/usr/bin/pandoc", "/usr/local/bin/pandoc", "/opt/homebrew/bin/pandoc"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test(.enabled(if: pandocPath != nil)) func citeprocRendersThePandocExportWithoutWarnings() throws {
    let output = try ExportTests.exported(.tag("mémoire"), .pandoc)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-pandoc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for file in output.files {
      try Data(file.bytes).write(
        to: directory.appendingPathComponent(URL(fileURLWithPath: file.path).lastPathComponent))
    }
    // The notebook also cites '@missing', which has no source: the export leaves it out of the citation.
    let main = directory.appendingPathComponent(URL(fileURLWithPath: output.primaryPath).lastPathComponent)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.pandocPath ?? "pandoc")
    process.currentDirectoryURL = directory
    process.arguments = ["--citeproc", main.lastPathComponent, "-t", "plain", "--wrap=none"]
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let rendered = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let warnings = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(warnings == "")
    #expect(rendered.contains("(Bartlett 1932, 213)"))
    #expect(rendered.contains("Nguyễn and Trần (2020, 50)"))
    #expect(rendered.contains("Bartlett, Frederic C. 1932. Remembering"))
    #expect(!rendered.contains("Never Cited"))
    #expect(rendered.contains("Also #mémoire here (1932)."))
  }
}
