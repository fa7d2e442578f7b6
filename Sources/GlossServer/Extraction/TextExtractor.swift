import Dispatch
import Foundation
package import GlossIndex
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the external tools that turn PDFs (`pdftotext`) and office and e-book files (`pandoc -t plain`) into text.
///
/// `pdftotext` runs without `-layout`: in its default reading order, the columns of a two-column page come one
/// after the other and a paragraph's lines are joined (hyphens at line ends removed, ligatures spelled out), which is
/// what quotations are checked against; `-layout` would interleave the columns line by line. Its pages end with form
/// feeds, which is Gloss's page model.
package enum TextExtractor {
  /// How long one file may take before the tool is stopped.
  package static let defaultTimeout: Duration = .seconds(60)

  /// Extracts the text of the file at `path` with the tool for `format`; never throws: a failure is a reason.
  package static func extract(
    _ path: String, format: ExtractedFormat, timeout: Duration = defaultTimeout,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> ExtractionOutcome {
    let (tool, arguments, package) =
      switch format {
      case .pdf: ("pdftotext", ["-enc", "UTF-8", "-eol", "unix", path, "-"], "poppler-utils")
      case .docx, .epub, .odt: ("pandoc", ["--to", "plain", "--wrap", "none", path], "pandoc")
      }
    guard let executable = findExecutable(tool, path: environment["PATH"]) else {
      return .noText(reason: "'\(tool)' is not installed (Debian package \(package))", isLasting: false)
    }
    let run = ProcessRun.run(executable, arguments, timeout: timeout)
    switch run {
    case .timedOut:
      return .noText(reason: "'\(tool)' took longer than \(timeout) and was stopped", isLasting: false)
    case .failedToStart(let reason):
      return .noText(reason: "'\(tool)' could not be run: \(reason)", isLasting: false)
    case .finished(let status, let output, let errors):
      let message = firstLine(errors)
      if status != 0 {
        if message.lowercased().contains("password") || status == 3 {
          return .noText(
            reason: "the file is encrypted (\(message.isEmpty ? "permission error" : message))", isLasting: true)
        }
        return .noText(
          reason: "'\(tool)' failed: \(message.isEmpty ? "exit status \(status)" : message)", isLasting: true)
      }
      if !output.contains(where: { $0 > 0x20 }) {
        return .noText(reason: "the file has no text layer (scanned pages?)", isLasting: true)
      }
      return .text(output)
    }
  }

  /// The first `name` found in the folders of `path` (`PATH`).
  package static func findExecutable(_ name: String, path: String?) -> String? {
    for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
      let candidate = String(folder) + "/" + name
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  private static func firstLine(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.split(whereSeparator: \.isNewline).first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
  }
}

/// One run of an external program, its output read as it comes so that a large text never blocks it.
enum ProcessRun {
  case finished(status: Int32, output: [UInt8], errors: [UInt8])
  case timedOut
  case failedToStart(String)

  static func run(_ executable: String, _ arguments: [String], timeout: Duration) -> ProcessRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    let done = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in done.signal() }
    do {
      try process.run()
    } catch {
      return .failedToStart(error.localizedDescription)
    }
    let collected = Collected()
    let readers = DispatchGroup()
    DispatchQueue.global(qos: .utility).async(group: readers) {
      collected.setOutput([UInt8](output.fileHandleForReading.readDataToEndOfFile()))
    }
    DispatchQueue.global(qos: .utility).async(group: readers) {
      collected.setErrors([UInt8](errors.fileHandleForReading.readDataToEndOfFile()))
    }
    let components = timeout.components
    let nanoseconds = Int(components.seconds) * 1_000_000_000 + Int(components.attoseconds / 1_000_000_000)
    let deadline = DispatchTime.now() + .nanoseconds(nanoseconds)
    // The output ends when every process holding the pipes is gone, which may be after the tool itself (a child of a
    // wrapper script): both count against the timeout.
    if done.wait(timeout: deadline) == .timedOut || readers.wait(timeout: deadline) == .timedOut {
      stopGroup(of: process)
      done.wait()
      // A process that left the group (`setsid`) may still hold the pipes: its output is not waited for.
      _ = readers.wait(timeout: .now() + .seconds(1))
      return .timedOut
    }
    return .finished(status: process.terminationStatus, output: collected.output, errors: collected.errors)
  }
}

extension ProcessRun {
  /// Kills `process` and everything it started: Foundation starts each process in a process group of its own
  /// (`POSIX_SPAWN_SETPGROUP`), so a wrapper script's children (`pdftotext` called by a script) go with it. Killing
  /// only the process itself would leave them running, holding the output pipes open.
  static func stopGroup(of process: Process) {
    let id = process.processIdentifier
    // The group outlives its first process while a child holds it; `kill` fails only when no member is left.
    if id > 0, id != getpgrp(), kill(-id, SIGKILL) == 0 { return }
    if process.isRunning { process.terminate() }
  }
}

/// The two outputs of a process, each written once by its reader thread.
private final class Collected: @unchecked Sendable {
  private let lock = Mutex(())
  private(set) var output: [UInt8] = []
  private(set) var errors: [UInt8] = []

  func setOutput(_ bytes: [UInt8]) {
    lock.withLock { _ in output = bytes }
  }

  func setErrors(_ bytes: [UInt8]) {
    lock.withLock { _ in errors = bytes }
  }
}
