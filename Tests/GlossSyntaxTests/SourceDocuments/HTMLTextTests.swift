import Testing

@testable import GlossSyntax

@Suite struct HTMLTextTests {
  static func text(_ html: String) -> String {
    let document = SourceDocument(parsing: Array(html.utf8), format: .html)
    return String(decoding: document.text, as: UTF8.self)
  }

  @Test(arguments: [
    ("<p>a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;</p>", "a & b <c> \"d\" 'e'"),
    (
      "<p>Gr&ouml;&szlig;e &eacute;t&eacute; &hellip; &mdash; &ndash; &ldquo;x&rdquo; &euro;5 &copy;</p>",
      "Größe été … — – “x” €5 ©"
    ),
    ("<p>&#7871;&#x1EC7; &#x4E2D;&#25991; &#128512; &#150; &#0; &#xD800;</p>", "ếệ 中文 😀 – \u{FFFD} \u{FFFD}"),
    ("<p>AT&T &amp &unknown; & so</p>", "AT&T & &unknown; & so"),
    ("<p>non&nbsp;breaking</p>", "non\u{A0}breaking"),
  ])
  func entitiesAreDecoded(html: String, expected: String) {
    #expect(Self.text(html) == expected)
  }

  @Test(arguments: [
    (
      "<html><head><title>T</title><style>p{color:red}</style><script>var a = '<p>x</p>';</script></head>"
        + "<body><p>Sichtbar</p><script type=\"text/javascript\">alert(1)</script><!-- hidden --><p>auch</p></body>",
      "Sichtbar\n\nauch"
    ),
    ("<div>one<div>two</div>three</div>", "one\n\ntwo\n\nthree"),
    ("<p>line<br>break<br/>again</p>", "line\nbreak\nagain"),
    ("<ul><li>eins</li><li>hai <b>bold</b><i>italic</i></li></ul>", "eins\nhai bolditalic"),
    ("<p>  lots   of\n\n  space\t here </p>", "lots of space here"),
    ("<pre>\n  keep   this\n    indent\n</pre><p>after</p>", "  keep   this\n    indent\n\nafter"),
    ("<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>", "a b\nc d"),
    ("text <!-- unterminated comment", "text"),
    ("text <p class=\"unterminated", "text"),
    ("1 < 2 and 3 > 2", "1 < 2 and 3 > 2"),
    ("<P>Upper <SCRIPT>x()</SCRIPT>case</P>", "Upper case"),
    ("<p>a<!---->b</p><!DOCTYPE html><?xml x?>c", "ab\n\nc"),
    ("<p>Seite eins</p>\u{0C}<p>Seite zwei</p>", "Seite eins\u{0C}Seite zwei"),
    ("<script>never closed <p>hidden", ""),
  ])
  func visibleTextIsExtracted(html: String, expected: String) {
    #expect(Self.text(html) == expected)
  }

  static let page = """
    <!DOCTYPE html>
    <html lang="vi">
    <head>
      <meta charset="utf-8">
      <title>Trí nhớ &amp; Gedächtnis</title>
      <meta name="author" content="Nguyễn, Thị Lan">
      <meta name="citation_publication_date" content="2019/05/01">
      <meta name="keywords" content="memory, 記憶">
    </head>
    <body>
    <h1>Trí nhớ</h1>
    <p>Đoạn   một
    nói về trí nhớ.</p>
    <h2>2.1 Methoden</h2>
    <p>Wir <em>untersuchten</em> das Ged&auml;chtnis.</p>
    <h3>2.1.1 細節</h3>
    <p>記憶は再構成である。</p>
    <h2>2.2 Ergebnisse</h2>
    <p>Letzter Absatz.</p>
    </body>
    </html>
    """

  @Test func metadataComesFromTitleAndMeta() {
    let document = SourceDocument(parsing: Array(Self.page.utf8), format: .html)
    #expect(document.metadata.title == "Trí nhớ & Gedächtnis")
    #expect(document.metadata.authors == [PersonName(family: "Nguyễn", given: "Thị Lan")])
    #expect(document.metadata.year == "2019")
    #expect(document.metadata.tags == ["memory", "記憶"])
  }

  @Test func headingsAndParagraphsComeFromElements() {
    let document = SourceDocument(parsing: Array(Self.page.utf8), format: .html)
    #expect(
      document.headings.map { "h\($0.level) \($0.text) \($0.number ?? "-")" } == [
        "h1 Trí nhớ -", "h2 2.1 Methoden 2.1", "h3 2.1.1 細節 2.1.1", "h2 2.2 Ergebnisse 2.2",
      ])
    #expect(
      document.paragraphs.map { document.string($0) } == [
        "Đoạn một nói về trí nhớ.", "Wir untersuchten das Gedächtnis.", "記憶は再構成である。", "Letzter Absatz.",
      ])
  }

  @Test(arguments: [
    (
      "sec. Methoden",
      "section 2.1 Methoden: «2.1 Methoden\n\nWir untersuchten das Gedächtnis.\n\n2.1.1 細節\n\n記憶は再構成である。»"
    ),
    ("§ 2.2", "section 2.2 Ergebnisse: «2.2 Ergebnisse\n\nLetzter Absatz.»"),
    ("para. 2", "paragraph 2: «Wir untersuchten das Gedächtnis.»"),
    ("ll. 12-13", "lines 12–13: «Đoạn một nói về trí nhớ.»"),
    ("l. 15", "line 15: «Wir untersuchten das Gedächtnis.»"),
    ("l. 4", "unresolved: line 4 of the html file holds no visible text"),
    ("l. 99", "unresolved: line 99 is past the last line (21 lines)"),
  ])
  func passagesResolveInHTML(suffix: String, expected: String) {
    let document = SourceDocument(parsing: Array(Self.page.utf8), format: .html)
    #expect(SourceDocumentTests.lookup(document, suffix) == expected)
  }

  @Test func textOffsetsMapBackToTheFile() throws {
    let bytes = Array(Self.page.utf8)
    let document = SourceDocument(parsing: bytes, format: .html)
    let text = String(decoding: document.text, as: UTF8.self)
    for word in ["untersuchten", "Gedächtnis", "記憶は再構成", "Đoạn", "nói về", "Letzter Absatz."] {
      let range = try #require(text.utf8Range(of: word))
      let fileRange = document.fileRange(ofText: range)
      let inFile = String(decoding: bytes[fileRange], as: UTF8.self)
      #expect(inFile == word || inFile == "Ged&auml;chtnis", "\(word) maps to \(inFile)")
    }
    // A line of the file maps to the text it holds.
    let line = try #require(document.fileRange(ofLine: 15))
    #expect(String(decoding: bytes[line], as: UTF8.self) == "<p>Wir <em>untersuchten</em> das Ged&auml;chtnis.</p>")
    #expect(document.string(document.textRange(ofFile: line)) == "Wir untersuchten das Gedächtnis.\n\n")
  }
}

extension String {
  /// The UTF-8 offsets of the first occurrence of `needle`.
  func utf8Range(of needle: String) -> Range<Int>? {
    let haystack = Array(utf8)
    let pattern = Array(needle.utf8)
    guard !pattern.isEmpty, haystack.count >= pattern.count else { return nil }
    for start in 0...(haystack.count - pattern.count)
    where haystack[start..<(start + pattern.count)].elementsEqual(pattern) {
      return start..<(start + pattern.count)
    }
    return nil
  }
}

extension HTMLTextTests {
  @Test(arguments: [
    ("<html><head><title>T</title>Loose text<p>then</p>", "Loose text\n\nthen"),
    ("<head><meta charset=utf-8><p>Body without body tag</p>", "Body without body tag"),
    ("<head><title>T</title></head>\n<body>\n<h2>Kết quả</h2>\n</body>", "Kết quả"),
  ])
  func headEndsAsInBrowsers(html: String, expected: String) {
    #expect(Self.text(html) == expected)
  }
}

extension HTMLTextTests {
  @Test func unterminatedCommentIsAWarningNotAProblem() {
    let document = SourceDocument(parsing: Array("<p>Text</p><!-- offen".utf8), format: .html)
    #expect(document.problems.isEmpty)
    #expect(document.textWarnings == [SyntaxProblem(range: 11..<21, message: "unterminated html comment")])
  }
}
