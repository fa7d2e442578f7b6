import Testing

@testable import GlossSyntax

@Suite struct BibTeXTests {
  private func check(
    _ source: String, ranges: Bool = false, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let bytes = Array(source.utf8)
    let dump = BibliographyDump.dump(BibTeX.parse(bytes), bytes: bytes, ranges: ranges)
    #expect(dump == expected, sourceLocation: sourceLocation)
  }

  @Test func readsBracesQuotesNumbersAndParentheses() {
    check(
      """
      @Article{smith2020,
        title = {The {Nested {Braces}} Survive},
        journal = "Quoted {"Value"} here",
        YEAR = 2020,
        volume = 12, number = {3},
        pages = {33--45},
      }
      @book(jones, title = {Paren delimited (really)}, publisher = {Pubs})
      """,
      """
      @article smith2020
        title "The Nested Braces Survive"
        year "2020"
        container "Quoted \"Value\" here"
        volume "12"
        issue "3"
        pages "33–45"
      @book jones
        title "Paren delimited (really)"
        publisher "Pubs"
      """)
  }

  @Test func expandsMacrosAndConcatenation() {
    check(
      """
      @string{jml = {Journal of Memory}}
      @STRING(pub = "Presses " # "Universitaires")
      @article{a, journal = jml # { and } # "Language", month = dec, publisher = pub, note = undefinedName}
      """,
      """
      @article a
        container "Journal of Memory and Language"
        publisher "Presses Universitaires"
      """)
    let fields = rawFields("@misc{a, month = dec # {~1}, note = undefinedName}")
    #expect(fields["month"] == "December\u{00A0}1")
    #expect(fields["note"] == "undefinedName")
  }

  @Test func skipsCommentsPreambleAndJunk() {
    check(
      """
      This is junk text, as BibTeX allows; mail me at someone@example.org.
      % @article{commented, title = {No}} is on a comment line
      @preamble{ "\\newcommand{\\noopsort}[1]{}" }
      @comment{jabref-meta: databaseType:biblatex; {nested}}
      @Comment this style has no braces
      @misc{kept, title = {Kept}}
      trailing junk } { "
      """,
      """
      @misc kept
        title "Kept"
      """)
  }

  @Test func takesPercentLinesInsideEntriesAsCommentsAndTheLastOfARepeatedField() {
    check(
      """
      @article{k,
        title = {First},
        % note = {commented out}, year = 1900,
        year = 2000,
        title = {Second}
      }
      """,
      """
      @article k
        title "Second"
        year "2000"
      """)
  }

  @Test func manyFieldsAndLateRepeatsAreRead() {
    let many = (1...40).map { "f\($0) = {\($0)}" }.joined(separator: ", ")
    let source = "@misc{k, title = {Early}, \(many), f3 = {again}, title = {Late}, f40 = {last}}"
    let entry = BibTeX.parse(Array(source.utf8)).entries.first
    #expect(entry?.title == "Late")
    let fields = rawFields(source)
    #expect(fields.count == 41)
    #expect(fields["f3"] == "again")
    #expect(fields["f40"] == "last")
  }

  @Test func recordsKeyAndEntryRanges() {
    let source = "junk\n@article{ké-y:1,\r\n  title = {T}\r\n}\r\n@book{b}"
    check(
      source, ranges: true,
      """
      @article ké-y:1 key[14..21) [5..40)
        title "T"
      @book b key[48..49) [42..50)
      """)
  }

  @Test func decodesAccentsAndEscapesInFields() {
    check(
      ##"""
      @book{accents,
        title = {{\"O}sterreich, \'ecole, {\'{e}}t{\'e}, na\"ive, \^ile, \`a, \~n, \=a, \.z, \u{g}, \v{s}, \H{o}, \c{c}, \k{a}, \r{a}, \'\i},
        publisher = {\ss{} \o\ \O\ \ae\ \AE\ \oe\ \l\ \L\ \aa\ \i\ --- \& \% \$ \# \_ \{ \}},
        note = {x},
      }
      """##,
      """
      @book accents
        title "Österreich, école, été, naïve, île, à, ñ, ā, ż, ğ, š, ő, ç, ą, å, í"
        publisher "ß ø Ø æ Æ œ ł Ł å ı — & % $ # _ { }"
      """)
  }

  @Test func dropsFormattingCommandsAndCollapsesWhitespace() {
    check(
      """
      @article{fmt, title = {  An \\emph{emphasised}   and \\textbf{bold}
          \\textit{word}, {\\em old style}, pages~1--2 in ``quotes''  }}
      """,
      """
      @article fmt
        title "An emphasised and bold word, old style, pages⍽1–2 in “quotes”"
      """)
  }

  @Test func splitsNamesAsBibTeXDoes() {
    check(
      #"""
      @book{names,
        author = {Ludwig van Beethoven and de la Fontaine, Jean and {World Health Organization} and Smith, Jr, John
          AND Nguyễn Văn An and {\"O}zt{\"u}rk, Elif and Jean-Paul Sartre and {Barnes and Noble} and Aristotle and others},
        editor = {Charles Louis Xavier Joseph de la Vall{\'e}e Poussin and {\'E}mile Durkheim}
      }
      """#,
      """
      @book names
        author Beethoven, Ludwig (van) | Fontaine, Jean (de la) | {World Health Organization} | Smith, Jr, John | \
      An, Nguyễn Văn | Öztürk, Elif | Sartre, Jean-Paul | {Barnes and Noble} | Aristotle | {others}
        editor Vallée Poussin, Charles Louis Xavier Joseph (de la) | Durkheim, Émile
      """)
  }

  @Test func mapsBibLaTeXFields() {
    check(
      """
      @online{bl, journaltitle = {Zeitschrift}, date = {2021-05-01/2022}, issue = {Spring},
        doi = {10.1000/a\\_b}, url = {https://example.org/a_b?x=1&y=2}}
      @inproceedings{ip, booktitle = {Proceedings}, date = {2019}}
      """,
      """
      @online bl
        year "2021"
        date "1 May 2021–2022"
        container "Zeitschrift"
        issue "Spring"
        url "https://example.org/a_b?x=1&y=2"
        doi "10.1000/a_b"
      @inproceedings ip
        year "2019"
        container "Proceedings"
      """)
  }

  @Test(arguments: [
    ("{attachments/a.txt}", ["attachments/a.txt"]),
    ("{Full Text:attachments/a b.txt:text/plain}", ["attachments/a b.txt"]),
    ("{:papers/x.pdf:PDF;Notes:notes/x.md:text/markdown}", ["papers/x.pdf", "notes/x.md"]),
    (#"{Full Text PDF:C\:\\Users\\me\\x.pdf:application/pdf}"#, [#"C:\Users\me\x.pdf"#]),
    (#"{My\: desc:/home/u/a\;b.pdf:application/pdf}"#, ["/home/u/a;b.pdf"]),
    ("{Snapshot:C:/zotero/x.html:text/html}", ["C:/zotero/x.html"]),
    // Better BibTeX on Linux: `Description:absolute path:MIME type`, attachments joined by `;` (the shape quoted in
    // helm-bibtex#99 and zotero-better-bibtex#1254/#1895).
    (
      "{Full Text PDF:/home/me/Zotero/storage/ABCD1234/Smith - 2020 - River.pdf:application/pdf;"
        + "Snapshot:/home/me/Zotero/storage/EFGH5678/river.html:text/html}",
      ["/home/me/Zotero/storage/ABCD1234/Smith - 2020 - River.pdf", "/home/me/Zotero/storage/EFGH5678/river.html"]
    ),
    // JabRef: `description:path:type` with `\:` and `\\` escaped (JabRef's FileFieldParser; jabref#786,
    // logseq-citation-manager#44), the description often empty, `~/` as the user wrote it.
    (#"{:~/papers/river.pdf:PDF}"#, ["~/papers/river.pdf"]),
    (#"{my\:description:papers/river 2\: the sequel.pdf:PDF}"#, ["papers/river 2: the sequel.pdf"]),
  ])
  func readsFileFields(value: String, paths: [String]) {
    let entry = BibTeX.parse(Array("@misc{f, file = \(value)}".utf8)).entries.first
    #expect(entry?.files == paths)
  }

  /// The fields of the first entry of `source` as the parser read them (last of a repeated field), decoded.
  private func rawFields(_ source: String) -> [String: String] {
    var parser = BibTeXParser(bytes: Array(source.utf8))
    parser.parseFile()
    var fields: [String: String] = [:]
    for field in parser.rawEntries.first?.fields ?? [] { fields[field.name] = LaTeX.decode(field.value) }
    return fields
  }
}

/// The spans of `url`, `doi` and `file` paths, for `textDocument/documentLink` in a bibliography.
@Suite struct BibliographyLinkSpanTests {
  private func check(_ source: String, _ expected: [String], json: Bool = false) {
    let marked = BibliographyDump.marked(source)
    let bibliography = json ? CSLJSON.parse(marked.bytes) : BibTeX.parse(marked.bytes)
    let spans = bibliography.entries.flatMap(\.linkSpans)
    #expect(spans.map(\.range) == marked.ranges)
    #expect(spans.map { "\($0.kind) \($0.text)" } == expected)
  }

  @Test func betterBibTeXAndJabRefFilePathsURLAndDOI() {
    check(
      #"""
      @article{a, url = "⏩https://example.org/a\_b⏪", doi = { ⏩10.1000/x⏪ },
        file = {Bản toàn văn:⏩/home/me/Zotero/storage/AB/Lê - 2020.pdf⏪:application/pdf;Snapshot:⏩storage/trang.html⏪:text/html}}
      @book{b, file = {:⏩C\:/Thư mục/sách.pdf⏪:PDF;⏩plain/path 東京.txt⏪}}
      @string{u = {https://macro.example}}
      @misc{c, url = u, doi = "10." # "1000/y", crossref = {a}}
      """#,
      [
        "url https://example.org/a_b", "doi 10.1000/x", "file /home/me/Zotero/storage/AB/Lê - 2020.pdf",
        "file storage/trang.html", "file C:/Thư mục/sách.pdf", "file plain/path 東京.txt",
      ])
  }

  @Test func cslJSONURLAndDOIAsWritten() {
    check(
      #"[{"id": "a", "title": "T", "URL": "⏩https:\/\/example.org\/ký⏪", "DOI": "⏩10.1000\/z⏪"}]"#,
      ["url https://example.org/ký", "doi 10.1000/z"], json: true)
  }
}
