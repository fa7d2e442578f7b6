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
    try Data("#!/bin/sh\n\(script)\n".utf8).write(to: URL(fileURLWithPath: folder + "/pdftotext"))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/pdftotext")
    try Data("%PDF-1.4\n".utf8).write(to: URL(fileURLWithPath: folder + "/a.pdf"))
    return folder
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
    try Data([0x7F, 0x45, 0x4C, 0x46, 0, 0, 0, 0]).write(to: URL(fileURLWithPath: folder + "/pdftotext"))
    let outcome = TextExtractor.extract(folder + "/a.pdf", format: .pdf, environment: ["PATH": folder])
    #expect(outcome == .noText(reason: "'pdftotext' could not be run: Exec format error", isLasting: false))
  }
}
