import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Exports of notes with cross-references: resolved as Quarto and pandoc-crossref render them in the self-contained
/// formats, kept as written for Pandoc, never counted as cited keys; a missing label is reported.
@Suite struct ExportCrossrefTests {
  static let files: [String: String] = [
    "refs.bib": "@book{smith2020, author = {Smith, Ann}, title = {Herds}, year = {2020}}\n",
    "Đàn voi.qmd": """
    # Voi

    ![Đàn voi 🐘](a.png){#fig-herd}

    ![Second](b.png){#fig-second}

    As @fig-second and [see -@fig-herd] show, @Fig-herd, [@cites:smith2020; @fig-herd] and @fig-hrd.

    """,
    "paper.md": "![Map](m.png){#fig:map}\n\nIn @fig:map and @Fig:map, not @fig:mpa; [@smith2020].\n",
    "a.png": "", "b.png": "", "m.png": "",
  ]

  static func export(_ path: String, _ format: ExportFormat) throws -> (ExportOutput, String) {
    let output = try Fixture.workspace(files).export(.notes([path]), format: format, output: nil) { path in
      files[path].map { Array($0.utf8) }
    }
    return (output, String(decoding: output.files[0].bytes, as: UTF8.self))
  }

  @Test func markdownResolvesCrossrefsAsQuartoDoesAndReportsTheMissingLabel() throws {
    let (output, text) = try Self.export("Đàn voi.qmd", .markdown)
    #expect(
      text.contains("As Figure 2 and see 1 show, Figure 1, Figure 1 (Smith 2020) and ?@fig-hrd."),
      "\(text)")
    #expect(output.unknownKeys.isEmpty)
    #expect(output.unknownCrossrefs == ["fig-hrd"])
    #expect(text.contains("Smith, Ann. 2020. *Herds*."))
  }

  @Test func pandocCrossrefReferencesReadAsItRendersThem() throws {
    let (output, text) = try Self.export("paper.md", .markdown)
    #expect(text.contains("In fig. 1 and Fig. 1, not ¿fig:mpa?; (Smith 2020)."), "\(text)")
    #expect(output.unknownCrossrefs == ["fig:mpa"])
    #expect(output.unknownKeys.isEmpty)
  }

  @Test func pandocKeepsCrossrefsAsWrittenAndCitesOnlySources() throws {
    let (output, text) = try Self.export("Đàn voi.qmd", .pandoc)
    #expect(
      text.contains("As @fig-second and [see -@fig-herd] show, @Fig-herd, [@cites:smith2020; @fig-herd] and @fig-hrd."))
    let csl = String(decoding: output.files[1].bytes, as: UTF8.self)
    #expect(csl.contains("\"id\": \"smith2020\""))
    #expect(!csl.contains("fig-"))
    #expect(output.unknownKeys.isEmpty)
  }

  @Test func htmlLinksCrossrefsToTheirLabelsAnchorsAndShowsAMissingLabelAsUnknown() throws {
    let (_, text) = try Self.export("Đàn voi.qmd", .html)
    #expect(
      text.contains(
        "As <a class=\"crossref\" href=\"#fig-second\">Figure 2</a> and <a class=\"crossref\" href=\"#fig-herd\">see 1</a>"
      ),
      "\(text)")
    #expect(text.contains("<span class=\"crossref unknown\">?@fig-hrd</span>"))
    #expect(
      text.contains(
        "<a class=\"crossref\" href=\"#fig-herd\">Figure 1</a> <a class=\"citation\" href=\"#ref-smith2020\""))
    // The attribute blocks are the anchors, not text.
    #expect(text.contains("<img src=\"a.png\" alt=\"Đàn voi 🐘\"><span id=\"fig-herd\"></span>"))
    #expect(!text.contains("{#"))
  }

  @Test func htmlShowsATablesCaptionWithoutItsMarkerAndAnchorsItsLabel() throws {
    let files = ["t.qmd": "| A | B |\n|---|---|\n| 1 | 2 |\n\n: Herd sizes {#tbl-sizes}\n\nSee @tbl-sizes.\n"]
    let output = try Fixture.workspace(files).export(.notes(["t.qmd"]), format: .html, output: nil) { path in
      files[path].map { Array($0.utf8) }
    }
    let text = String(decoding: output.files[0].bytes, as: UTF8.self)
    #expect(text.contains("<p class=\"caption\">Herd sizes <span id=\"tbl-sizes\"></span></p>"), "\(text)")
    #expect(text.contains("See <a class=\"crossref\" href=\"#tbl-sizes\">Table 1</a>."))
  }

  @Test func htmlDropsADivsFencesAndAnchorsItsLabel() throws {
    let files = [
      "c.qmd": "::: {#wrn-heat .callout-warning}\nField work stops above 40 °C.\n:::\n\nSee @wrn-heat.\n"
    ]
    let output = try Fixture.workspace(files).export(.notes(["c.qmd"]), format: .html, output: nil) { path in
      files[path].map { Array($0.utf8) }
    }
    let text = String(decoding: output.files[0].bytes, as: UTF8.self)
    #expect(text.contains("<span id=\"wrn-heat\"></span>\nField work stops above 40 °C.</p>"), "\(text)")
    #expect(!text.contains(":::"))
    #expect(text.contains("See <a class=\"crossref\" href=\"#wrn-heat\">Warning 1</a>."))
  }

  @Test func jsonNamesTheLabelOfEachCrossref() throws {
    let (_, text) = try Self.export("paper.md", .json)
    let compact = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      compact.contains("\"crossref\": { \"label\": \"fig:map\", \"note\": \"paper.md\", \"text\": \"Fig. 1\" }"),
      "\(compact)")
    #expect(compact.contains("\"crossref\": { \"label\": \"fig:mpa\", \"note\": null, \"text\": \"¿fig:mpa?\" }"))
  }
}
