import Foundation
import GlossServer
import GlossSyntax

/// `gloss-bench page-labels [--extract] <pdf>…`: reads each PDF's page labels (the file read and `PageLabels(pdf:)`,
/// best of three) and prints them as qpdf's JSON names them (`index`, `/S`, `/P`, `/St`), one line per file, to
/// compare with `qpdf --json --json-key=pagelabels`; with `--extract`, also times `pdftotext` on the file (best of
/// three) and gives the labels' share of the extraction.
enum PageLabelsBench {
  static func run(_ arguments: [String]) {
    let extracting = arguments.contains("--extract")
    let files = arguments.filter { !$0.hasPrefix("--") }
    guard !files.isEmpty else {
      print("usage: gloss-bench page-labels [--extract] <pdf>…")
      return
    }
    var totalLabels = Duration.zero
    var totalExtraction = Duration.zero
    for path in files {
      var labels: PageLabels?
      var best = Duration.seconds(1000)
      for _ in 0..<3 {
        let start = ContinuousClock.now
        labels = TextExtractor.pageLabels(ofFile: path)
        best = min(best, ContinuousClock.now - start)
      }
      totalLabels += best
      var line = "labels \(path) \(json(labels)) read in \(milliseconds(best))"
      if extracting {
        var extraction = Duration.seconds(1000)
        for _ in 0..<3 {
          let start = ContinuousClock.now
          // The extraction as Gloss runs it, less the labels (timed above).
          _ = TextExtractorTiming.pdftotext(path)
          extraction = min(extraction, ContinuousClock.now - start)
        }
        totalExtraction += extraction
        line += ", pdftotext \(milliseconds(extraction)), \(percent(best, of: extraction))"
      }
      print(line)
    }
    if extracting {
      print(
        "total: labels \(milliseconds(totalLabels)), pdftotext \(milliseconds(totalExtraction)),"
          + " \(percent(totalLabels, of: totalExtraction))")
    }
  }

  /// The labels as qpdf's JSON writes them (`[]` for none).
  static func json(_ labels: PageLabels?) -> String {
    let ranges = (labels?.ranges ?? []).map { range in
      var fields: [String] = []
      if !range.prefix.isEmpty { fields.append("\"/P\":\"u:\(range.prefix)\"") }
      if let style = range.style { fields.append("\"/S\":\"/\(style.rawValue)\"") }
      fields.append("\"/St\":\(range.start)")
      return "{\"index\":\(range.firstPage),\"label\":{\(fields.joined(separator: ","))}}"
    }
    return "[" + ranges.joined(separator: ",") + "]"
  }

  static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%.2f ms", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
  }

  static func percent(_ part: Duration, of whole: Duration) -> String {
    String(format: "%.1f %%", 100 * (part / whole))
  }
}

/// `pdftotext` run as `TextExtractor` runs it, without reading labels.
enum TextExtractorTiming {
  static func pdftotext(_ path: String) -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
    process.arguments = ["-enc", "UTF-8", "-eol", "unix", path, "-"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return 0 }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data.count
  }
}
