import Foundation
import GlossServer
import TestSupport
import Testing

/// A Quarto book and a pandoc-crossref paper, written from their manuals' syntax (`Tests/Fixtures/quarto-book`,
/// `Tests/Fixtures/pandoc-crossref`), are checked with no configuration: `.qmd` and `.Rmd` files are notes,
/// `_quarto.yml` names the bibliography and the custom kinds, and only the deliberate mistakes are reported.
@Suite struct QuartoProjectTests {
  func lines(_ fixture: String) -> [String] {
    CheckReport(
      root: Repository.url(fixture).path, fileSystem: LocalFileSystem(), environment: GlossProcess.testEnvironment
    ).textLines
  }

  @Test func aQuartoBookGivesOnlyItsTypos() {
    #expect(
      lines("Tests/Fixtures/quarto-book") == [
        "methods.qmd:4:47: warning: unknown cross-reference 'fig-elefant': no figure labelled 'fig-elefant' in the "
          + "project [unknown-crossref]"
      ])
  }

  @Test func aPandocCrossrefPaperGivesOnlyItsTypo() {
    #expect(
      lines("Tests/Fixtures/pandoc-crossref") == [
        "paper.md:10:51: warning: unknown cross-reference 'fig:mpa': no figure labelled 'fig:mpa' in this document "
          + "[unknown-crossref]"
      ])
  }

  @Test func quartoFilesAreNotesAndTheProjectNamesItsBibliography() {
    let fs = InMemoryFileSystem(
      root: "/w",
      files: [
        "_quarto.yml": "project:\n  type: default\nbibliography: ../common/refs.yaml.bib\n",
        "doc.qmd": "[@smith2020] [@ghost]\n",
        "analysis.Rmd": "[@ghost2]\n",
        "../common/refs.yaml.bib": "@book{smith2020, title = {T}}\n",
      ])
    #expect(
      CheckReport(root: "/w", fileSystem: fs, environment: GlossProcess.testEnvironment).textLines == [
        "analysis.Rmd:1:3: error: unknown source 'ghost2' [unknown-source]",
        "doc.qmd:1:16: error: unknown source 'ghost' [unknown-source]",
      ])
  }

  @Test func strictExportOfABookChapterPassesAndAMistypedLabelFailsIt() throws {
    let root = Repository.url("Tests/Fixtures/quarto-book").path
    let intro = try GlossProcess.run(["export", root + "/intro.qmd", "--strict", "-o", "-", "--root", root])
    #expect(intro.status == 0, "\(intro.stderr)")
    #expect(intro.stdout.contains("An elephant is shown in Figure 1.1, and Figure 1.1 is the same one\nsee also 1.1."))
    let methods = try GlossProcess.run(["export", root + "/methods.qmd", "--strict", "-o", "-", "--root", root])
    #expect(methods.status == 1)
    #expect(
      methods.stderr
        == "gloss export: 1 cross-reference names no label [unknown-crossref]: 'fig-elefant'; nothing was written"
        + " (--strict)\n")
    let paper = Repository.url("Tests/Fixtures/pandoc-crossref").path
    let map = try GlossProcess.run(["export", paper + "/paper.md", "-o", "-", "--root", paper])
    #expect(map.status == 0)
    #expect(map.stdout.contains("The map in fig. 1 (also fig. 1) and Fig. 1 shows the sites"))
  }
}
