import GlossSyntax
import Testing

@Suite struct PersonNameBibTeXTests {
  @Test(arguments: [
    ("Vincent van Gogh", "Gogh, Vincent (van)"),
    ("van Gogh, Vincent", "Gogh, Vincent (van)"),
    ("Gogh, Vincent van", "Gogh, Vincent (van)"),
    ("Johannes Diderik van der Waals", "Waals, Johannes Diderik (van der)"),
    ("Jean de La Fontaine", "La Fontaine, Jean (de)"),
    ("{de Gaulle}, Charles", "de Gaulle, Charles"),
    ("Charles {de Gaulle}", "de Gaulle, Charles"),
    ("Martin Luther King, Jr.", "Martin Luther King, Jr."),
    ("King, Jr., Martin Luther", "King, Jr., Martin Luther"),
    ("{\\\"U}ber, Hans", "Über, Hans"),
    ("Hans {\\\"u}ber Alles", "Alles, Hans (über)"),
    ("{\\v S}imon Mal{\\'y}", "Malý, Šimon"),
    ("{World Health Organization}", "{World Health Organization}"),
    ("{\\relax Ch}arles Dickens", "Dickens, Charles"),
    ("Aristotle", "Aristotle"),
    ("Nguyễn Văn An", "An, Nguyễn Văn"),
    ("Nguyễn, Văn An", "Nguyễn, Văn An"),
    ("Ludwig van Beethoven", "Beethoven, Ludwig (van)"),
    ("ludwig van beethoven", "beethoven (ludwig van)"),
    ("Doe, ", "Doe"),
    (", John", ", John"),
  ])
  func splitsOneName(source: String, expected: String) {
    let entry = BibTeX.parse(Array("@misc{k, author = {\(source)}}".utf8)).entries.first
    #expect(entry?.authors.map(BibliographyDump.show) == [expected])
  }

  @Test(arguments: [
    ("A and B", ["A", "B"]),
    ("A AND B And C", ["A", "B", "C"]),
    ("{A and B} and C", ["{A and B}", "C"]),
    ("Sandy Anderson and Band, Andy", ["Anderson, Sandy", "Band, Andy"]),
    ("A and\nB", ["A", "B"]),
    ("A and others", ["A", "{others}"]),
    ("A and and B", ["A", "B"]),
    ("", []),
  ])
  func splitsNameLists(source: String, expected: [String]) {
    let entry = BibTeX.parse(Array("@misc{k, author = {\(source)}}".utf8)).entries.first
    #expect(entry?.authors.map(BibliographyDump.show) == expected)
    #expect((entry?.authors.last?.isOthers ?? false) == source.hasSuffix("others"))
  }
}
