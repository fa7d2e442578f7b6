import GlossSyntax
import Testing

@Suite struct CSLJSONTests {
  private func check(
    _ source: String, ranges: Bool = false, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let bytes = Array(source.utf8)
    let bibliography = CSLJSON.parse(bytes)
    let dump = BibliographyDump.dump(bibliography, bytes: bytes, ranges: ranges)
    #expect(dump == expected, sourceLocation: sourceLocation)
    for entry in bibliography.entries {
      #expect(String(decoding: bytes[entry.keyRange], as: UTF8.self) == entry.key, sourceLocation: sourceLocation)
    }
  }

  @Test func readsItemsWithPositions() {
    check(
      #"""
      [
        {"id": "nguyễn2020", "type": "article-journal", "title": "Ký ức \"tập thể\" 🧠",
         "author": [{"family": "Nguyễn", "given": "Văn An"}, {"literal": "World Health Organization"},
                    {"family": "Gogh", "non-dropping-particle": "van", "given": "Vincent"},
                    {"family": "Beethoven", "dropping-particle": "van", "given": "Ludwig", "suffix": "Jr"}],
         "editor": [{"family": "Smith"}],
         "issued": {"date-parts": [[2020, 5, 1]]}, "container-title": "Tạp chí", "volume": 12,
         "issue": "3", "page": "33-45", "URL": "https://example.org/a", "DOI": "10.1/x\u00e9",
         "publisher": "Pub", "abstract": "Text"},
        {"id": 42, "issued": {"raw": "May 1932"}},
        {"id": "lit", "issued": {"literal": "circa 1850"}},
        {"id": "str", "issued": {"date-parts": [["1999"]]}}
      ]
      """#, ranges: true,
      """
      @article-journal nguyễn2020 key[12..24) [4..644)
        title "Ký ức "tập thể" 🧠"
        year "2020"
        date "1 May 2020"
        container "Tạp chí"
        volume "12"
        issue "3"
        pages "33-45"
        publisher "Pub"
        url "https://example.org/a"
        doi "10.1/xé"
        author Nguyễn, Văn An | {World Health Organization} | van Gogh, Vincent | Beethoven, Jr, Ludwig (van)
        editor Smith
      @ 42 key[655..657) [648..689)
        year "1932"
      @ lit key[701..704) [693..743)
        year "1850"
      @ str key[755..758) [747..798)
        year "1999"
      """)
  }

  @Test(arguments: [
    (#"{"id": "one", "title": "Single"}"#, "@ one\n  title \"Single\""),
    (#"{"items": [{"id": "a"}, {"id": "b"}]}"#, "@ a\n@ b"),
    ("\u{FEFF}[{\"id\": \"bom\"}]", "@ bom"),
    ("[]", ""),
    ("  \n", ""),
  ])
  func acceptsOtherShapes(source: String, expected: String) {
    check(source, expected)
  }

  @Test func itemsWithoutIdAreProblemsAndTheRestLoad() {
    check(
      #"[{"id": "a"}, {"title": "No id"}, {"id": true}, {"id": ""}, 7, {"id": "b"}]"#,
      #"""
      @ a
      @ b
      problem [14..32) "{"title": "No id"}": item has no 'id'
      problem [41..45) "true": 'id' must be a non-empty string or number
      problem [55..57) """": 'id' must be a non-empty string or number
      problem [60..61) "7": expected a CSL item object
      """#)
  }

  @Test func wrongTypesAreProblemsAndTheItemStillLoads() {
    check(
      #"[{"id": "a", "title": ["x"], "author": "Smith", "editor": [3], "volume": null, "page": 12}]"#,
      """
      @ a
        pages "12"
      problem [22..27) "["x"]": 'title' must be a string
      problem [39..46) ""Smith"": 'author' must be an array of names
      problem [59..60) "3": expected a name object in 'editor'
      """)
  }

  @Test func brokenJSONIsReportedWhereItBreaks() {
    check(
      """
      [
        {"id": "a", "title": "Fine"},
        {"id": "b", "title": "Missing comma" "year": 1},
        {"id": "c", "title": "After"},
        {"id": "d",
      """,
      #"""
      @ a
        title "Fine"
      @ c
        title "After"
      problem [73..74) """: expected ',' or '}' in object
      problem [130..131) ",": expected a quoted key in object
      """#)
  }

  @Test(arguments: [
    (#"[{"id": "a"}, {"id": "b""#, "@ a\nproblem [23..24) \"\"\": expected ',' or '}' in object"),
    (#"[{"id": "a"#, "problem [8..9) \"\"\": unterminated string"),
    (#"[{"id": "a"}] trailing"#, "@ a\nproblem [14..22) \"trailing\": unexpected text after the JSON value"),
    (#"[{"id": "\q"}]"#, "problem [9..10) \"\\\": invalid escape in string"),
    (#"{"id": "a"} {"#, "@ a\nproblem [12..13) \"{\": unexpected text after the JSON value"),
    ("nul", "problem [0..1) \"n\": expected a JSON value"),
    ("\"just a string\"", "problem [0..15) \"\"just a string\"\": expected an array of CSL items"),
  ])
  func truncatedAndInvalidJSONGivesProblems(source: String, expected: String) {
    check(source, expected)
  }

  @Test func anyBytesGiveValuesWithRangesInBounds() {
    let valid = Array(
      #"[{"id": "ké", "author": [{"family": "X"}], "issued": {"date-parts": [[2020]]}}, {"id": 1}]"#.utf8)
    var inputs: [[UInt8]] = (0...valid.count).map { Array(valid[..<$0]) }
    inputs.append(Array(repeating: UInt8(ascii: "["), count: 10_000))
    var state: UInt64 = 42
    let alphabet = Array(#"[]{}:,"\ u0-1a id"#.utf8) + [0xFF, 0xE2]
    for _ in 0..<300 {
      var bytes: [UInt8] = []
      for _ in 0..<Int(state % 120) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes.append(alphabet[Int((state >> 33) % UInt64(alphabet.count))])
      }
      inputs.append(bytes)
    }
    for bytes in inputs {
      let bibliography = CSLJSON.parse(bytes)
      for entry in bibliography.entries {
        #expect(entry.range.upperBound <= bytes.count && entry.keyRange.upperBound <= entry.range.upperBound)
      }
      for problem in bibliography.problems {
        #expect(problem.range.lowerBound >= 0 && problem.range.upperBound <= bytes.count && !problem.range.isEmpty)
      }
    }
    #expect(CSLJSON.parse(valid).entries.map(\.key) == ["ké", "1"])
  }
}
