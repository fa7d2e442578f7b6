import GlossSyntax
import Testing

@Suite struct BibTeXProblemTests {
  /// Parses `source`, checks the entry keys and that each `⏩…⏪` range carries the next message, in text order.
  private func check(
    _ source: String, keys: [String], messages: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let marked = BibliographyDump.marked(source)
    let bibliography = BibTeX.parse(marked.bytes)
    #expect(bibliography.entries.map(\.key) == keys, sourceLocation: sourceLocation)
    let sorted = bibliography.problems.enumerated().sorted {
      ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
    }
    let problems = sorted.map(\.element).map { "\(BibliographyDump.show($0.range)) \($0.message)" }
    let expected = zip(marked.ranges, messages).map { "\(BibliographyDump.show($0)) \($1)" }
    #expect(problems == expected, sourceLocation: sourceLocation)
  }

  @Test func entryWithoutClosingBraceEndsAtTheNextEntry() {
    check(
      """
      @article{a, title = {Fine}}
      @article⏩{⏪b, title = {Kept}, year = 2020

      @book{c, title = {After}}
      """, keys: ["a", "b", "c"], messages: ["missing '}' at end of entry 'b'"])
    let bytes = Array("@article{b, title = {Kept}, year = 2020\n@book{c}".utf8)
    #expect(BibTeX.parse(bytes).entries.first?.year == "2020")
  }

  @Test func unterminatedValueStopsAtALineStartingAnEntry() {
    check(
      """
      @article{b, title = ⏩{⏪Unterminated {nested, year = 2020}
        @book{c, title = {After}}
      @misc{d, note = ⏩"⏪open quote
      @misc{e}
      """, keys: ["b", "c", "d", "e"],
      messages: ["unterminated '{' in field 'title'", "unterminated quote in field 'note'"])
  }

  @Test func aCommentSpanningLinesHoldsNoEntryAndIsNotUnterminated() {
    // A commented-out entry and JabRef's group tree: brace-balanced, as biber, JabRef and Pandoc read them.
    check(
      """
      @comment{
      @book{hidden,
        title = {Commented Out},
      }
      }
      @Comment{jabref-meta: grouping:
      0 AllEntriesGroup:;
      1 StaticGroup:Đọc {nhanh}\\;0\\;1\\;0x8a8a8aff\\;\\;\\;;
      }
      @misc{kept, title = {Kept}}
      """, keys: ["kept"], messages: [])
  }

  @Test func aParenthesisedCommentBalancesParenthesesAndBraces() {
    // As JabRef reads it; Pandoc 2.17 reads `@comment(` as a word and would take the entry inside (see
    // docs/pandoc-compatibility.md).
    check(
      """
      @comment(exported (v2) @misc{inside, title = {x}} } done)
      @misc{kept, title = {Kept}}
      """, keys: ["kept"], messages: [])
  }

  @Test func aCommentOpenAtTheEndOfTheFileResumesAtTheFirstEntryLine() {
    check(
      """
      @comment⏩{⏪ never closed
      @book{a, title = {A}}
      @book{b, title = {B}}
      """, keys: ["a", "b"], messages: ["unterminated '@comment'"])
  }

  @Test func missingKeyDropsTheEntryOnly() {
    check(
      """
      ⏩@article{⏪title = {No key}, year = 1999}
      ⏩@book{⏪, title = {Empty key}}
      @book{kept, title = {Kept}}
      """, keys: ["kept"], messages: ["missing key in '@article' entry", "missing key in '@book' entry"])
  }

  @Test func junkInsideAnEntryIsReportedAndTheRestOfItLoads() {
    check(
      """
      @article{k, ⏩title⏪ {x}, year = 2000}
      @article{j, title = {x} ⏩junk here⏪, year = 2001}
      @article{m, ⏩"junk"⏪, year = 2002}
      @article{n, title = {x}⏩
        ⏪year = 2003}
      @article{p ⏩t⏪itle = {x}}
      @article{q, title = ⏩)⏪, year = 2004}
      """, keys: ["k", "j", "m", "n", "p", "q"],
      messages: [
        "expected '=' after field name 'title'", "expected ',' or '}' after field 'title'",
        "unexpected text in entry 'm'", "missing ',' after field 'title'", "expected ',' after key 'p'",
        "missing value for field 'title'",
      ])
    let years = BibTeX.parse(BibliographyDump.marked("@article{k, title {x}, year = 2000}").bytes).entries.map(\.year)
    #expect(years == ["2000"])
  }

  @Test func fieldNameAtTheEndOfAnEntryDoesNotSwallowTheNext() {
    check(
      "@article⏩{⏪k, ⏩title⏪\n@book{b, title = {B}}", keys: ["k", "b"],
      messages: ["missing '}' at end of entry 'k'", "expected '=' after field name 'title'"])
  }

  @Test func deeplyNestedInputIsReadWithoutExhaustingTheStack() {
    let accents = String(repeating: #"\"{"#, count: 100_000) + "o" + String(repeating: "}", count: 100_000)
    let entry = BibTeX.parse(Array("@misc{deep, title = {\(accents)}}".utf8)).entries.first
    #expect(entry?.key == "deep")
    #expect(entry?.title?.unicodeScalars.first == "ö")
  }

  @Test func truncatedFileKeepsWhatWasRead() {
    check(
      "@string{x = {X}}\n@article{k, title = x, journal = ⏩{⏪abc", keys: ["k"],
      messages: ["unterminated '{' in field 'journal'"])
    check("@article⏩{⏪k, title = {T}", keys: ["k"], messages: ["missing '}' at end of entry 'k'"])
    check("⏩@article⏪", keys: [], messages: ["expected '{' or '(' after '@article'"])
  }

  @Test func emptyAndBlankFilesHaveNothing() {
    #expect(BibTeX.parse([]) == Bibliography())
    #expect(BibTeX.parse(Array(" \n\r\n% only a comment\n".utf8)) == Bibliography())
  }

  /// Every prefix of a tricky file, and seeded random bytes, give entries and problems inside the input.
  @Test func anyBytesGiveValuesWithRangesInBounds() {
    let tricky = Array(
      #"""
      @string{m = "M" # {a}}
      @article{ké:1, author = {van Gogh, V. and {WHO} and others}, title = "{\"O}\'{e} -- x~y \emph{z}",
        journal = m # " and " # jan, file = {d:a\:b.txt:t;x.md}}
      @comment{ { } }  junk @ @x{ @book(b, title={x)}) @misc{c, x = {
      """#.utf8)
    var inputs: [[UInt8]] = (0...tricky.count).map { Array(tricky[..<$0]) }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let alphabet = Array("@{}(),=\"#\\% \n\r~-abkey0é".utf8) + [0xFF, 0xC3, 0x00]
    for _ in 0..<300 {
      var bytes: [UInt8] = []
      for _ in 0..<Int(state % 200) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes.append(alphabet[Int((state >> 33) % UInt64(alphabet.count))])
      }
      inputs.append(bytes)
    }
    for bytes in inputs {
      let bibliography = BibTeX.parse(bytes)
      for entry in bibliography.entries {
        #expect(entry.range.lowerBound >= 0 && entry.range.upperBound <= bytes.count)
        #expect(entry.range.contains(entry.keyRange.lowerBound) && entry.keyRange.upperBound <= entry.range.upperBound)
        #expect(String(decoding: bytes[entry.keyRange], as: UTF8.self) == entry.key)
      }
      for problem in bibliography.problems {
        #expect(problem.range.lowerBound >= 0 && problem.range.upperBound <= bytes.count && !problem.range.isEmpty)
      }
    }
    #expect(BibTeX.parse(tricky).entries.map(\.key) == ["ké:1", "b", "c"])
  }
}
