import Testing

@testable import GlossSyntax

@Suite struct LocatorTests {
  /// A compact dump: term, label and value as written, and the UTF-8 range within the suffix.
  static func dump(_ suffix: String) -> String {
    guard let locator = Locator.first(in: suffix) else { return "none" }
    return
      "\(locator.term.name) '\(locator.label)' '\(locator.value)' \(locator.range.lowerBound)..<\(locator.range.upperBound)"
  }

  @Test(arguments: [
    ("p. 4", "page 'p.' '4' 0..<4"),
    ("pp. 33-35", "page 'pp.' '33-35' 0..<9"),
    ("page 4", "page 'page' '4' 0..<6"),
    ("Pages 4--6", "page 'Pages' '4--6' 0..<10"),
    ("PP. 4–6", "page 'PP.' '4–6' 0..<9"),
    ("p.4", "page 'p.' '4' 0..<3"),
    ("l. 40", "line 'l.' '40' 0..<5"),
    ("ll. 40-52", "line 'll.' '40-52' 0..<9"),
    ("line 7", "line 'line' '7' 0..<6"),
    ("lines 7 & 9", "line 'lines' '7 & 9' 0..<11"),
    ("sec. 2.1", "section 'sec.' '2.1' 0..<8"),
    ("secs. 2-3", "section 'secs.' '2-3' 0..<9"),
    ("section 4", "section 'section' '4' 0..<9"),
    ("sections 4, 5", "section 'sections' '4, 5' 0..<13"),
    ("§ 2.1", "section '§' '2.1' 0..<6"),
    ("§§ 3-4", "section '§§' '3-4' 0..<8"),
    ("§2", "section '§' '2' 0..<3"),
    ("sec. Methods", "section 'sec.' 'Methods' 0..<12"),
    ("section related work, p. 4", "section 'section' 'related work' 0..<20"),
    ("sec. \"Related work\"", "section 'sec.' 'Related work' 0..<19"),
    ("sec. II", "section 'sec.' 'II' 0..<7"),
    ("para. 3", "paragraph 'para.' '3' 0..<7"),
    ("paras. 3-4", "paragraph 'paras.' '3-4' 0..<10"),
    ("paragraph 3", "paragraph 'paragraph' '3' 0..<11"),
    ("paragraphs 1, 2", "paragraph 'paragraphs' '1, 2' 0..<15"),
    ("¶ 3", "paragraph '¶' '3' 0..<4"),
    ("¶¶ 3-5", "paragraph '¶¶' '3-5' 0..<8"),
  ])
  func resolvableTermFormsAreRecognised(suffix: String, expected: String) {
    #expect(Self.dump(suffix) == expected)
  }

  @Test(arguments: [
    ("bk. 2", "book 'bk.' '2'"), ("books 2", "book 'books' '2'"),
    ("chap. 1", "chapter 'chap.' '1'"), ("chapters 1-3", "chapter 'chapters' '1-3'"),
    ("col. 4", "column 'col.' '4'"), ("fig. 3", "figure 'fig.' '3'"), ("figs. 3, 4", "figure 'figs.' '3, 4'"),
    ("fol. 12", "folio 'fol.' '12'"), ("no. 5", "issue 'no.' '5'"), ("number 2", "issue 'number' '2'"),
    ("n. 4", "note 'n.' '4'"), ("op. 27", "opus 'op.' '27'"), ("opera 1", "opus 'opera' '1'"),
    ("pt. 2", "part 'pt.' '2'"), ("s.v. 3", "sub verbo 's.v.' '3'"), ("sub verbo 3", "sub verbo 'sub verbo' '3'"),
    ("v. 16", "verse 'v.' '16'"), ("vv. 16-18", "verse 'vv.' '16-18'"), ("vol. 2", "volume 'vol.' '2'"),
    ("Vols. iv", "volume 'Vols.' 'iv'"),
  ])
  func otherCSLTermsAreKeptByName(suffix: String, expected: String) {
    let dump = Self.dump(suffix)
    #expect(dump.hasPrefix(expected + " "), "\(dump)")
  }

  @Test(arguments: [
    ("pp. 33-35, \"exact words\"", "page 'pp.' '33-35' 0..<9"),
    (", p. 4", "page 'p.' '4' 2..<6"),
    ("  p. 4 and passim", "page 'p.' '4' 2..<6"),
    ("pp. 4, 7-9", "page 'pp.' '4, 7-9' 0..<10"),
    ("pp. 4, 7-9, “Gedächtnis”", "page 'pp.' '4, 7-9' 0..<10"),
    ("33", "page '' '33' 0..<2"),
    ("33-35, emphasis mine", "page '' '33-35' 0..<5"),
    ("p. iv", "page 'p.' 'iv' 0..<5"),
    ("p. 34(1)(a)", "page 'p.' '34(1)(a)' 0..<11"),
    ("p. 4.", "page 'p.' '4' 0..<4"),
    ("{sec. Related work, part 2}", "section 'sec.' 'Related work, part 2' 0..<27"),
    ("{Méthodes}", "page '' 'Méthodes' 0..<11"),
    ("sec. Phương pháp, p. 3", "section 'sec.' 'Phương pháp' 0..<19"),
    ("§ 研究方法", "section '§' '研究方法' 0..<15"),
    ("S. 4", "none"),
    ("see p. 4", "none"),
    ("p 4", "none"),
    ("p. a", "none"),
    ("chap. one", "none"),
    ("emphasis added", "none"),
    ("", "none"),
    ("{p. 4", "none"),
    ("pages", "none"),
    ("iv", "none"),
    ("page4", "page '' 'page4' 0..<5"),
    ("“quoted”", "none"),
  ])
  func suffixesFollowPandocLocatorRules(suffix: String, expected: String) {
    #expect(Self.dump(suffix) == expected)
  }

  @Test func rangesAreUTF8OffsetsWithinTheSuffix() throws {
    let suffix = " , ¶ 12–14, “Zitat”"
    let locator = try #require(Locator.first(in: suffix))
    let bytes = Array(suffix.utf8)
    #expect(String(decoding: bytes[locator.range], as: UTF8.self) == "¶ 12–14")
  }
}
