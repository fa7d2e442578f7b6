import GlossSyntax
import Testing

/// A line locator in an HTML source is the visible text extracted from those lines, trimmed of spaces and line
/// breaks; the trimming is worked out once when the file is read, so that it holds when the text is released.
@Suite struct HTMLLinePassageTests {
  static let files: [String] = [
    """
    <html><head><title>Ký ức 🦉</title></head>
    <body>
    <h1>1 Introduction</h1>

    <p>Memory is an <em>imaginative</em>
       reconstruction &amp; never a copy.</p>
    <div>   </div>
    <p>Đoạn một.</p><p>日本語の段落。</p>
    <!-- a comment
    over lines -->
    <pre>  two  spaces
      kept </pre>
    <p>👩🏽‍🔬 last</p>
    </body></html>

    """,
    "<p>First</p>\r\n\r\n<p> second </p>\r\n<br>\r\n<p>third\r\nline</p>\r\n",
    "no markup at all\n\n  indented text  \n",
    "<p></p>\n<p>\n</p>\n",
    "",
  ]

  /// What trimming the extracted text of the lines gives.
  static func expected(_ document: SourceDocument, lines: Range<Int>) -> Range<Int> {
    let blank: Set<UInt8> = [0x20, 0x09, 0x0C, 0x0B, 0x0A, 0x0D]
    var range = document.textRange(ofFile: lines)
    while !range.isEmpty, blank.contains(document.text[range.lowerBound]) {
      range = (range.lowerBound + 1)..<range.upperBound
    }
    while !range.isEmpty, blank.contains(document.text[range.upperBound - 1]) {
      range = range.lowerBound..<(range.upperBound - 1)
    }
    return range
  }

  /// The file's lines, as byte ranges without their terminators (`\n` or `\r\n`).
  static func lines(_ bytes: [UInt8]) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == 0x0A {
      lines.append(start..<(index > start && bytes[index - 1] == 0x0D ? index - 1 : index))
      start = index + 1
    }
    return lines + [start..<bytes.count]
  }

  @Test(arguments: 0..<files.count)
  func everySpanOfLinesIsTheTrimmedTextOfThoseLines(_ index: Int) throws {
    let document = SourceDocument(parsing: Array(Self.files[index].utf8), format: .html)
    let released = try #require(document.releasingText())
    let lines = Self.lines(Array(Self.files[index].utf8))
    #expect(document.lineCount == lines.count)
    for first in 1...document.lineCount {
      for last in first...document.lineCount {
        let locator = try #require(Locator.first(in: first == last ? "l. \(first)" : "ll. \(first)-\(last)"))
        let lookup = document.passage(for: locator)
        #expect(released.passage(for: locator) == lookup, "lines \(first)-\(last)")
        let file = lines[first - 1].lowerBound..<lines[last - 1].upperBound
        switch lookup {
        case .resolved(let passage):
          #expect(passage.fileRange == file, "lines \(first)-\(last)")
          #expect(passage.textRange == Self.expected(document, lines: file), "lines \(first)-\(last)")
          #expect(!passage.textRange.isEmpty)
        case .unresolved(let reason):
          #expect(reason.contains("no visible text"), "lines \(first)-\(last): \(reason)")
          #expect(Self.expected(document, lines: file).isEmpty, "lines \(first)-\(last)")
        case .notResolvable:
          Issue.record("lines \(first)-\(last) not resolvable")
        }
      }
    }
  }
}
