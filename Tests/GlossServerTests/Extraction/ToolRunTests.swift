import Foundation
import GlossIndex
import GlossServer
import Testing

/// How an extraction tool is run: its two outputs read together, its input empty, its failure explained.
@Suite struct ToolRunTests {
  /// A folder holding a `pdftotext` that runs `script` (a shell script), and a "PDF" beside it.
  func tool(_ script: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-tool-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // Written close-on-exec: the tests run side by side, and a program of one that inherited the descriptor would
    // keep another's tool "busy" while it runs.
    try Self.writeFile(Array("#!/bin/sh\n\(script)\n".utf8), to: folder + "/pdftotext", mode: 0o755)
    try Data("%PDF-1.4\n".utf8).write(to: URL(fileURLWithPath: folder + "/a.pdf"))
    return folder
  }

  static func writeFile(_ bytes: [UInt8], to path: String, mode: mode_t) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    try #require(bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
  }

  @Test func aToolWritingMoreThanAPipeHoldsToBothOutputsIsReadWhole() throws {
    // Its error output first: a run that read the output to its end before the error output would never end.
    let folder = try tool(
      "head -c 300000 /dev/zero | tr '\\0' e >&2\nhead -c 300000 /dev/zero | tr '\\0' o\necho warning >&2")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outcome = TextExtractor.extract(
      folder + "/a.pdf", format: .pdf, timeout: .seconds(20), environment: ["PATH": folder])
    #expect(outcome == .text([UInt8](repeating: UInt8(ascii: "o"), count: 300_000)))
  }

  @Test func aToolReadsAnEmptyInput() throws {
    let folder = try tool("wc -c")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outcome = TextExtractor.extract(
      folder + "/a.pdf", format: .pdf, timeout: .seconds(20), environment: ["PATH": folder])
    #expect(outcome == .text(Array("0\n".utf8)))
  }

  @Test func aFailingToolIsExplainedByTheFirstLineItWroteToItsErrorOutput() throws {
    let folder = try tool("echo '  Syntax Error: no trailer  ' >&2\necho second line >&2\nexit 1")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outcome = TextExtractor.extract(folder + "/a.pdf", format: .pdf, environment: ["PATH": folder])
    #expect(outcome == .noText(reason: "'pdftotext' failed: Syntax Error: no trailer", isLasting: true))
  }

  @Test func aToolEndedByASignalFailsWithItsNumber() throws {
    let folder = try tool("kill -KILL $$")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outcome = TextExtractor.extract(folder + "/a.pdf", format: .pdf, environment: ["PATH": folder])
    #expect(outcome == .noText(reason: "'pdftotext' failed: exit status 9", isLasting: true))
  }

  @Test func aToolThatCannotBeRunSaysWhy() throws {
    // Executable, but not a program the system can start.
    let folder = try tool("")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.writeFile([0x7F, 0x45, 0x4C, 0x46, 0, 0, 0, 0], to: folder + "/pdftotext", mode: 0o755)
    let outcome = TextExtractor.extract(folder + "/a.pdf", format: .pdf, environment: ["PATH": folder])
    #expect(outcome == .noText(reason: "'pdftotext' could not be run: Exec format error", isLasting: false))
  }

  /// A program still open for writing cannot be started ("Text file busy"), as happens for a moment when another
  /// thread forks while it is being written: the run waits for it to be closed.
  @Test func aToolStillOpenForWritingForAMomentIsRunOnceClosed() throws {
    let folder = try tool("echo 'Trang một 🦉'")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let descriptor = open(folder + "/pdftotext", O_WRONLY | O_APPEND | O_CLOEXEC)
    try #require(descriptor >= 0)
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(60)) { close(descriptor) }
    let outcome = TextExtractor.extract(folder + "/a.pdf", format: .pdf, environment: ["PATH": folder])
    #expect(outcome == .text(Array("Trang một 🦉\n".utf8)))
  }
}
