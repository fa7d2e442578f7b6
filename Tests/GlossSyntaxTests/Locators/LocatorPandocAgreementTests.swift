import Testing

@testable import GlossSyntax

/// Locators as pandoc 2.17.1.1 `--citeproc` reads them, captured with a probe CSL style that prints the locator's type
/// and value (`[@k, SUFFIX]` rendered as `TYPE[value]`). Pandoc renders range hyphens as en dashes, so values are
/// compared with `-` and `--` read as `–`. Gloss's two extensions (`&` lists, section names) are not in this table.
@Suite struct LocatorPandocAgreementTests {
  @Test(arguments: [
    ("p. 4", "page 4"),
    ("pp. 33-35, \"exact words\"", "page 33–35"),
    ("33", "page 33"),
    ("see p. 4", "none"),
    ("p 4", "none"),
    ("§ 2.1", "section 2.1"),
    ("§2", "section 2"),
    ("sec. 2.1 Methods", "section 2.1"),
    ("pp. 4, 7-9", "page 4, 7–9"),
    ("p. iv", "page iv"),
    ("{sec. Related work}", "section Related work"),
    ("{Méthodes}", "page Méthodes"),
    ("p. 34(1)(a)", "page 34(1)(a)"),
    ("page4", "page page4"),
    ("no. 5", "issue 5"),
    ("s.v. memory", "none"),
    ("s.v. 3", "sub verbo 3"),
    ("chap. one", "none"),
    ("p. a", "none"),
    ("¶ 3", "paragraph 3"),
    ("p. 4.", "page 4"),
    ("p.4", "page 4"),
    ("iv", "none"),
    ("pp. iv-vi", "page iv–vi"),
    ("l. 40", "line 40"),
    ("para. 3", "paragraph 3"),
    ("issue 2", "none"),
    ("number 5", "issue 5"),
    ("nos. 5", "issue 5"),
    ("issues 2", "none"),
    ("book 2", "book 2"),
    ("bk. 2", "book 2"),
    ("bks. 2", "book 2"),
    ("col. 4", "column 4"),
    ("cols. 4", "column 4"),
    ("fig. 3", "figure 3"),
    ("figs. 3", "figure 3"),
    ("fol. 12", "folio 12"),
    ("fols. 1", "folio 1"),
    ("n. 4", "note 4"),
    ("nn. 4", "note 4"),
    ("op. 27", "opus 27"),
    ("opera 1", "opus 1"),
    ("opp. 1", "opus 1"),
    ("pt. 2", "part 2"),
    ("pts. 2", "part 2"),
    ("sub verbo 3", "sub verbo 3"),
    ("sub verbis 3", "sub verbo 3"),
    ("s.vv. 3", "sub verbo 3"),
    ("v. 16", "verse 16"),
    ("vv. 16-18", "verse 16–18"),
    ("vol. 2", "volume 2"),
    ("Vols. iv", "volume iv"),
    ("volume 2", "volume 2"),
    ("verse 3", "verse 3"),
    ("note 4", "note 4"),
    ("notes 4", "note 4"),
    ("folio 2", "folio 2"),
    ("folios 2", "folio 2"),
    ("opus 2", "opus 2"),
    ("part 2", "part 2"),
    ("parts 2", "part 2"),
    ("column 2", "column 2"),
    ("figure 2", "figure 2"),
    ("chapter 2", "chapter 2"),
    ("chap. 1", "chapter 1"),
    ("chaps. 1", "chapter 1"),
    ("sections 4, 5", "section 4, 5"),
    ("secs. 2-3", "section 2–3"),
    ("§§ 3-4", "section 3–4"),
    ("¶¶ 3-5", "paragraph 3–5"),
    ("paras. 3-4", "paragraph 3–4"),
    ("paragraphs 1, 2", "paragraph 1, 2"),
    ("ll. 40-52", "line 40–52"),
    ("line 7", "line 7"),
    ("Pages 4--6", "page 4–6"),
    ("PP. 4–6", "page 4–6"),
    ("sec. II", "section II"),
    ("page 4", "page 4"),
    ("S. 4", "none"),
    ("section 4", "section 4"),
    ("pp. xiv", "page xiv"),
    ("  p. 4", "page 4"),
    ("p. 4 5", "page 4 5"),
    ("pp. 33-35, 2020 edition", "page 33–35, 2020"),
    ("p. 12:3-5", "page 12:3–5"),
    ("sec. mix", "section mix"),
    ("{p. 4}", "page 4"),
    ("{ 4 }", "page 4"),
    ("{}", "none"),
    ("{p.}", "none"),
    ("pages 4 and 5", "page 4"),
    ("p. 4—6", "page 4"),
    ("app. 2", "none"),
    ("table 3", "none"),
    ("tbl. 3", "none"),
    ("eq. 3", "none"),
    ("sc. 2", "none"),
    ("canon 2", "none"),
    ("rule 3", "none"),
    ("l.4", "line 4"),
    ("sec.2", "section 2"),
    ("SEC. 2", "section 2"),
    ("Sec 2", "none"),
    ("p. 3a", "page 3a"),
    ("p. A3", "page A3"),
    ("p. [17]", "page [17]"),
  ])
  func locatorsAgreeWithPandoc(suffix: String, pandoc: String) {
    var gloss = "none"
    if let locator = Locator.first(in: suffix) {
      let value = locator.value.replacingDashes()
      gloss = "\(locator.term.name) \(value)"
    }
    #expect(gloss == pandoc)
  }
}

extension String {
  /// Hyphens and double hyphens as en dashes, as pandoc renders locator ranges.
  fileprivate func replacingDashes() -> String {
    var result = ""
    var previousWasHyphen = false
    for character in self {
      if character == "-" {
        if !previousWasHyphen { result.append("–") }
        previousWasHyphen = true
      } else {
        result.append(character)
        previousWasHyphen = false
      }
    }
    return result
  }
}
