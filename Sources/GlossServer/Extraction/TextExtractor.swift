package import GlossIndex
package import GlossSyntax

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs the external tools that turn PDFs (`pdftotext`) and office and e-book files (`pandoc -t plain`) into text.
///
/// `pdftotext` runs without `-layout`: in its default reading order, the columns of a two-column page come one
/// after the other and a paragraph's lines are joined (hyphens at line ends removed, ligatures spelled out), which is
/// what quotations are checked against; `-layout` would interleave the columns line by line. Its pages end with form
/// feeds, which is Gloss's page model.
///
/// A PDF's page labels (the page numbers it prints: `i`–`vi`, `1`–`14`, `A-1`) are read from the file by Gloss itself
/// (`PageLabels(pdf:)`): poppler's tools do not print them, and `qpdf`, which does, is rarely installed.
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
      return .text(output, pageLabels: format == .pdf ? pageLabels(ofFile: path) : nil)
    }
  }

  /// The largest PDF whose page labels are read.
  static let pageLabelsFileLimit = 1 << 30

  /// The page labels of the PDF at `path`; nil when it has none, or they cannot be read.
  package static func pageLabels(ofFile path: String) -> PageLabels? {
    guard let data = FileManager.default.contents(atPath: path), data.count <= pageLabelsFileLimit else { return nil }
    return PageLabels(pdf: [UInt8](data))
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
    return text.split(whereSeparator: \.isNewline).first.map { String($0).trimming(.whitespaces) } ?? ""
  }
}
