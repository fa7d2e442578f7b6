import GlossSyntax
import Testing

/// Shapes found in real bibliographies (biber's test data, Zotero, Mendeley and JabRef exports) where Gloss once
/// disagreed with `pandoc FILE.bib -t csljson` (2.17). The live comparison is `BibTeXOracleTests` on `fidelity.bib`.
@Suite struct BibTeXFidelityTests {
  private func check(_ source: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let bytes = Array(source.utf8)
    let dump = BibliographyDump.dump(BibTeX.parse(bytes), bytes: bytes)
    #expect(dump == expected, sourceLocation: sourceLocation)
  }

  private func entry(_ source: String) -> BibliographyEntry? {
    BibTeX.parse(Array(source.utf8)).entries.first
  }

  // MARK: Syntax

  @Test func commentBeforeTheClosingBraceIsNotAnError() {
    check(
      """
      @book{a,
        title = {X},
        year = {2000} % checked against the catalogue
      }
      @book{b, title = {Y}}
      """,
      """
      @book a
        title "X"
        year "2000"
      @book b
        title "Y"
      """)
  }

  @Test func noBreakSpacesBetweenFieldsAreWhiteSpace() {
    check(
      "@article{b,\u{00A0}title = {Y},\u{00A0}author = {Doe, J.},\n\u{00A0}\u{00A0}date\u{00A0}=\u{00A0}{2001}}\n",
      """
      @article b
        title "Y"
        year "2001"
        author Doe, J.
      """)
  }

  @Test func escapedBraceInsideABracedFieldDoesNotEndIt() {
    check(
      """
      @inproceedings{c, author = {Sylvie Thi\\{'ebaux and Jo Bo}, title = {Planning}}
      @article{q, title = "M\\"uller's {\\"o}", author = "M\\"uller, Hans"}
      """,
      """
      @inproceedings c
        title "Planning"
        author Thi{'ebaux, Sylvie | Bo, Jo
      @article q
        title "Müller's ö"
        author Müller, Hans
      """)
  }

  @Test func xdataIsAContainerNotACitableEntry() {
    check(
      """
      @xdata{pub, publisher = {XPub}, location = {Here}, year = 2012}
      @inbook{ib, xdata = {pub}, title = {IB}}
      """,
      """
      @inbook ib
        title "IB"
        year "2012"
        publisher "XPub"
      """)
  }

  // MARK: Inheritance

  @Test func crossrefGivesAChapterItsBooksTitleEditorAndDate() {
    check(
      """
      @inbook{child, crossref = {parent}, title = {Chapter}, pages = {1--10}}
      @book{parent, title = {The Book}, subtitle = {Sub}, author = {Writer, Ann}, editor = {Ed, Ed},
        publisher = {Pub}, date = {1999-02}}
      """,
      """
      @inbook child
        title "Chapter"
        year "1999"
        date "February 1999"
        container "The Book: Sub"
        pages "1–10"
        publisher "Pub"
        author Writer, Ann
        editor Ed, Ed
      @book parent
        title "The Book: Sub"
        year "1999"
        date "February 1999"
        publisher "Pub"
        author Writer, Ann
        editor Ed, Ed
      """)
  }

  @Test func crossrefMapsTitlesByEntryType() {
    let bib = BibTeX.parse(
      Array(
        """
        @incollection{paper, crossref = {coll}, title = {Paper}}
        @collection{coll, title = {Coll Title}, editor = {Boss, C}, year = 2005, booktitle = {Ignored}}
        @article{art, crossref = {jour}, title = {Art}}
        @periodical{jour, title = {Journal Name}, year = 2011}
        @inproceedings{p, crossref = {proc}, title = {P}}
        @proceedings{proc, title = {Proc Title}, year = 2010}
        """.utf8))
    let byKey = Dictionary(bib.entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    #expect(byKey["paper"]?.containerTitle == "Coll Title")
    #expect(byKey["paper"]?.editors.map(\.family) == ["Boss"])
    #expect(byKey["paper"]?.title == "Paper")
    #expect(byKey["art"]?.containerTitle == "Journal Name")
    #expect(byKey["p"]?.containerTitle == "Proc Title")
    #expect(byKey["p"]?.year == "2010")
    #expect(bib.problems.isEmpty)
  }

  @Test func ownFieldsWinAndTheFileFieldIsNotInherited() {
    let child = entry(
      """
      @inbook{child, crossref = {parent}, year = {2001}, booktitle = {Own}}
      @book{parent, title = {Parent}, year = {1999}, file = {book.pdf}}
      """)
    #expect(child?.year == "2001")
    #expect(child?.containerTitle == "Own")
    #expect(child?.files == [])
    #expect(child?.keyReferences.map(\.key) == ["parent"])
  }

  @Test func missingAndCircularTargetsAreReportedAndTheEntriesStillLoad() {
    let marked = BibliographyDump.marked(
      """
      @inbook{miss, crossref = {⏩nothere⏪}, title = {M}}
      @inbook{c1, crossref = {⏩c2⏪}, title = {C1}}
      @inbook{c2, crossref = {⏩c1⏪}, title = {C2}}
      @inbook{x, xdata = {⏩gone⏪}, title = {X}}
      """)
    let bib = BibTeX.parse(marked.bytes)
    #expect(bib.entries.map(\.key) == ["miss", "c1", "c2", "x"])
    #expect(bib.entries.map(\.title) == ["M", "C1", "C2", "X"])
    let problems = bib.problems.sorted { $0.range.lowerBound < $1.range.lowerBound }
    #expect(problems.map(\.range) == marked.ranges)
    #expect(
      problems.map(\.message) == [
        "crossref target 'nothere' is not in this file: nothing is inherited from it",
        "circular crossref: 'c2' → 'c1' → 'c2'",
        "circular crossref: 'c1' → 'c2' → 'c1'",
        "xdata target 'gone' is not in this file: nothing is inherited from it",
      ])
  }

  @Test func longCrossrefChainStopsWithAProblem() {
    // 5,000 entries each inheriting from the next: bounded work and recursion, one problem where the chain is cut.
    let count = 5_000
    let source = (0..<count).map { "@book{e\($0), crossref = {e\($0 + 1)}, title = {T\($0)}}" }.joined(separator: "\n")
    let bib = BibTeX.parse(Array(source.utf8))
    #expect(bib.entries.count == count)
    #expect(
      bib.problems.contains {
        $0.message == "crossref target 'e\(count)' is not in this file: nothing is inherited from it"
      })
    #expect(bib.problems.contains { $0.message.hasPrefix("crossref chain longer than 16 entries") })
  }

  @Test func inheritanceFollowsChainsThroughXdata() {
    let chapter = entry(
      """
      @inbook{ch, crossref = {vol}, title = {Ch}}
      @book{vol, xdata = {series}, title = {Volume}}
      @xdata{series, publisher = {Series Press}, year = {1990}}
      """)
    #expect(chapter?.containerTitle == "Volume")
    #expect(chapter?.publisher == "Series Press")
    #expect(chapter?.year == "1990")
  }

  // MARK: Fields

  @Test(arguments: [
    ("date = {1991-03}", "March 1991", [[1991, 3]]),
    ("date = {2001-05-17/2002}", "17 May 2001–2002", [[2001, 5, 17], [2002]]),
    ("year = {2001}, month = may, day = {7}", "7 May 2001", [[2001, 5, 7]]),
    ("year = {1999}, month = {3}", "March 1999", [[1999, 3]]),
    ("year = {1999}, month = {mar}", "March 1999", [[1999, 3]]),
    ("date = {2001-03~}", "March 2001", [[2001, 3]]),
    ("date = {-0044-03-15}", "15 March -44", [[-44, 3, 15]]),
    ("year = {1932}", "1932", [[1932]]),
  ])
  func datesKeepMonthAndDay(fields: String, shown: String, parts: [[Int]]) {
    let date = entry("@book{k, \(fields)}")?.date
    #expect(date?.description == shown)
    #expect(date?.parts == parts)
  }

  @Test func yearThatIsNoNumberHasNoDate() {
    let forthcoming = entry("@book{k, year = {in press}}")
    #expect(forthcoming?.year == "in press")
    #expect(forthcoming?.date == nil)
  }

  @Test func subtitleAndAddonJoinTheTitleAsPandocJoinsThem() {
    #expect(entry("@book{k, title = {Remembering}, subtitle = {A Study}}")?.title == "Remembering: A Study")
    #expect(entry("@book{k, title = {Why?}, subtitle = {sub}, titleaddon = {addon}}")?.title == "Why? sub. addon")
    #expect(
      entry("@article{k, title = {A}, journaltitle = {J}, journalsubtitle = {jsub}}")?.containerTitle == "J: jsub")
    #expect(
      entry("@incollection{k, title = {A}, booktitle = {Book}, booksubtitle = {Sub}}")?.containerTitle == "Book: Sub")
  }

  @Test func mathInTitlesShowsItsSymbols() {
    #expect(
      entry(#"@article{k, title = {Growth on the $\langle 100 \rangle$ surface at 20\,$^\circ$K}}"#)?.title
        == "Growth on the ⟨100⟩ surface at 20 °K")
    #expect(
      entry(#"@article{k, title = {$\mathrm{H}_2$O and $x^2$ in $\mathcal{O}(n)$}}"#)?.title == "H₂O and x² in O(n)")
    #expect(entry(#"@article{k, title = {The $\hat{x}$ estimator}}"#)?.title == #"The \hatx estimator"#)
    #expect(
      entry(#"@article{k, title = {snake_case and 2^n outside math}}"#)?.title == "snake_case and 2^n outside math")
  }

  @Test func biblatexExtendedNameFormat() {
    check(
      """
      @book{k, author = {family=Heuvel, given=Charles, prefix=van den, useprefix=false and
        family={Berg}, given={Anne}, prefix={van der}, useprefix=true and given=J., family=Smith, suffix=Jr. and
        given={Jean-Paul}, family={Sartre}}}
      """,
      """
      @book k
        author Heuvel, Charles (van den) | van der Berg, Anne | Smith, Jr., J. | Sartre, Jean-Paul
      """)
  }

  @Test func initialsAreSpacedAsPandocSpacesThem() {
    check(
      "@book{k, author = {Smith, E.H. and A.B.C. Doe and {E.H.} Jones and J.-P. Sartre and Doe, J.R.R.}}",
      """
      @book k
        author Smith, E. H. | Doe, A. B. C. | Jones, E.H. | Sartre, J.-P. | Doe, J. R. R.
      """)
  }

  @Test func vonPartIsADroppingParticle() {
    check(
      """
      @book{k, author = {Ludwig van Beethoven and de~la Fontaine, J. and van der Berg, A. and
        Jean de La Fontaine}}
      """,
      """
      @book k
        author Beethoven, Ludwig (van) | Fontaine, J. (de la) | Berg, A. (van der) | La Fontaine, Jean (de)
      """)
    let beethoven = entry("@book{k, author = {Ludwig van Beethoven}}")?.authors.first
    #expect(beethoven?.shortName == "Beethoven")
    #expect(beethoven?.fullName == "Ludwig van Beethoven")
    #expect(beethoven?.invertedName == "Beethoven, Ludwig van")
  }

  // MARK: Encodings

  @Test func utf16WithByteOrderMarkIsDecoded() {
    let text = "@book{müller, title = {Über}}\n"
    var littleEndian: [UInt8] = [0xFF, 0xFE]
    var bigEndian: [UInt8] = [0xFE, 0xFF]
    for unit in text.utf16 {
      littleEndian += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      bigEndian += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
    }
    for bytes in [littleEndian, bigEndian] {
      let (decoded, problem) = BibliographyEncoding.utf8(bytes)
      #expect(problem == nil)
      #expect(decoded == Array(text.utf8))
    }
  }

  /// The text kept of a bibliography file is its decoded bytes, valid UTF-8 with their lines, whatever the file held
  /// (UTF-16, declared Windows-1252, stray bytes, a lone `\r`).
  @Test func aBibliographysTextIsItsDecodedBytesWithTheirLines() {
    let samples: [[UInt8]] = [
      Array("@book{a, title = {Nhật ký 記憶 📓}}\r\n@misc{b}\r".utf8),
      [0xFF, 0xFE] + Array("@".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
      Array("% Encoding: windows-1252\n@book{M".utf8) + [0xFC, 0x96, 0x0A],
      Array("@book{M".utf8) + [0xFC, 0xC3] + Array("ller}\n\n".utf8),
      [],
    ]
    for bytes in samples {
      let text = SourceText(bibliographyBytes: bytes)
      let decoded = BibliographyEncoding.utf8(bytes).bytes
      #expect(text.bytes == decoded)
      #expect(text.bytes == SourceText(bytes: decoded).bytes)
      #expect(text.lineStarts == SourceText(bytes: decoded).lineStarts)
      #expect(!text.hasInvalidUTF8)
      #expect(String(validating: text.bytes, as: UTF8.self) != nil)
    }
  }

  @Test func declaredWindows1252IsDecoded() {
    // JabRef's header, then "Müller" and "–" (0x96) in Windows-1252.
    let bytes: [UInt8] =
      Array("% This file was created with JabRef 2.10.\n% Encoding: windows-1252\n\n@book{M".utf8) + [0xFC]
      + Array("ller, title = {A ".utf8) + [0x96] + Array(" B}}\n".utf8)
    let (decoded, problem) = BibliographyEncoding.utf8(bytes)
    #expect(problem == nil)
    let bib = BibTeX.parse(decoded)
    #expect(bib.entries.first?.key == "Müller")
    #expect(bib.entries.first?.title == "A – B")
  }

  @Test func undeclaredLatin1IsReportedWhereItStarts() {
    let bytes: [UInt8] = Array("@book{M".utf8) + [0xFC] + Array("ller, title = {T}}\n".utf8)
    let (decoded, problem) = BibliographyEncoding.utf8(bytes)
    #expect(problem?.range == 7..<10)
    #expect(problem?.message.hasPrefix("the file is not valid UTF-8 and declares no encoding") == true)
    #expect(String(decoding: decoded, as: UTF8.self) == "@book{M\u{FFFD}ller, title = {T}}\n")
  }

  @Test func validUTF8WinsOverADeclaration() {
    let text = "% Encoding: ISO-8859-1\n@book{k, title = {Über}}\n"
    let (decoded, problem) = BibliographyEncoding.utf8(Array(text.utf8))
    #expect(problem == nil)
    #expect(decoded == Array(text.utf8))
  }
}
