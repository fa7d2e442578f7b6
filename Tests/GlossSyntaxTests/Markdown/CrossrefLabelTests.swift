import GlossSyntax
import Testing

/// Labels as Quarto and pandoc-crossref write them: attributes on images, tables, divs, headings, spans and display
/// equations; code-cell options; R Markdown chunk names; never inside code or raw HTML.
@Suite struct CrossrefLabelTests {
  func dump(_ text: String) -> [String] {
    let bytes = Array(text.utf8)
    return Note(parsing: bytes).labels.map { label in
      let written = String(decoding: bytes[label.range], as: UTF8.self)
      return "\(label.id) \(label.element.rawValue) \"\(label.caption)\""
        + (written == label.id ? "" : " at \(written)")
    }
  }

  @Test func attributesLabelImagesTablesHeadingsEquationsAndSpans() {
    let text = """
      # Introduction {#sec-intro}

      ![A savanna elephant 🐘](elephant.png){#fig-elephant width=80%}

      | a | b |
      |---|---|
      | 1 | 2 |

      : Herd sizes {#tbl-sizes}

      $$
      E = mc^2
      $$ {#eq-energy}

      A [marked phrase]{#spn-x .smallcaps} and `{#fig-code}` in code.
      """
    #expect(
      dump(text) == [
        "sec-intro heading \"Introduction\"", "fig-elephant image \"A savanna elephant 🐘\"",
        "tbl-sizes table \"Herd sizes\"", "eq-energy equation \"\"", "spn-x span \"marked phrase\"",
      ])
  }

  @Test func divsTakeTheirTitleOrLastLineAsCaption() {
    let text = """
      ::: {#thm-herd}
      ## Herd theorem

      Every herd has a matriarch.
      :::

      ::: {.callout-warning #wrn-heat}
      Hot.
      :::

      ::: {#fig-pair layout-ncol=2}
      ![Left](a.png){#fig-left}

      ![Right](b.png){#fig-right}

      Two views
      :::
      """
    #expect(
      dump(text) == [
        "thm-herd div \"Herd theorem\"", "wrn-heat div \"Hot.\"", "fig-pair div \"Two views\"",
        "fig-left image \"Left\"", "fig-right image \"Right\"",
      ])
  }

  @Test func codeCellsAreLabelledByOptionsChunkNamesAndAttributes() {
    let text = """
      ```{python}
      #| label: fig-scatter
      #| fig-cap: "Weight against height"
      plot()  # {#fig-not-a-label}
      ```

      ```{r}
      #| label: 'tbl-counts'
      #| tbl-cap: Counts
      ```

      ```{r fig-growth, fig.cap="Growth of the herds", echo=FALSE}
      plot(growth)
      ```

      ```{#lst-load .python lst-cap="Loading"}
      load()
      ```

      ```{r echo=FALSE}
      ```

      ```{#lst:code .haskell caption="Reading"}
      main = print 1
      ```
      """
    #expect(
      dump(text) == [
        "fig-scatter codeCell \"Weight against height\"", "tbl-counts codeCell \"Counts\"",
        "fig-growth codeCell \"Growth of the herds\"", "lst-load codeBlock \"Loading\"",
        "lst:code codeBlock \"Reading\"",
      ])
  }

  @Test func rawHTMLAndIndentedCodeHoldNoLabels() {
    let text = "<pre>\n![x](a.png){#fig-html}\n</pre>\n\n    ![y](b.png){#fig-indented}\n\nText {#fig-real}\n"
    #expect(dump(text) == ["fig-real span \"\""])
  }

  /// Pandoc reads Markdown inside a `<div>` (`markdown_in_html_blocks`): a label there is one.
  @Test func aLabelInsideAnHTMLDivIsOne() {
    let text = "<div class=\"wide\">\n\n![Bản đồ](m.png){#fig-map}\n\n</div>\n<div>\n: Sizes {#tbl-sizes}\n</div>\n"
    #expect(dump(text) == ["fig-map image \"Bản đồ\"", "tbl-sizes table \"Sizes\""])
  }

  @Test func codeCellsAreCodeNotProse() {
    let text = """
      ```{r}
      #| label: fig-a
      x <- "@smith2020"
      ```

      Inline `r paste("@jones", 1)` and ```` `{python} "@fig-b"` ````, then @real.
      """
    #expect(Note(parsing: Array(text.utf8)).citations.flatMap { $0.items.map(\.key) } == ["real"])
  }

  @Test func frontMatterDeclaresCustomKinds() {
    let text =
      "---\ntitle: T\ncrossref:\n  custom:\n    - kind: float\n      key: vid\n      reference-prefix: Video\n---\n"
    #expect(Note(parsing: Array(text.utf8)).customCrossrefKinds == [CrossrefKind(key: "vid", name: "Video")])
    #expect(Note(parsing: Array(text.utf8)).problems.isEmpty)
  }

  @Test func projectMetadataReadsBibliographiesKindsAndChapters() {
    let yaml = """
      project:
        type: book
      book:
        title: "A book" # with a comment
        chapters:
          - index.qmd
          - part: "Part one"
            chapters:
              - one.qmd
              - two.qmd
          - three.qmd
        appendices: [app.qmd]
      bibliography:
        - refs.bib
        - 'more refs.json'
      csl: apa.csl
      crossref:
        custom:
          - kind: float
            key: dino
            reference-prefix: Dinosaur
      """
    let metadata = ProjectMetadata(parsingYAML: yaml)
    #expect(metadata.bibliography == ["refs.bib", "more refs.json"])
    #expect(metadata.csl == "apa.csl")
    #expect(metadata.chapters == ["index.qmd", "one.qmd", "two.qmd", "three.qmd", "app.qmd"])
    #expect(metadata.customCrossrefKinds == [CrossrefKind(key: "dino", name: "Dinosaur")])
    #expect(ProjectMetadata(parsingYAML: "bibliography: refs.bib\n").bibliography == ["refs.bib"])
  }

  /// Text, identifier and numbering of headings with a trailing attribute block, as `pandoc -f markdown -t json`
  /// (2.17) gives them: `Header` identifiers `sec-methods`, `preface`, `pre2`, `id`, `kv`, `empty`, `mid-x-b`,
  /// `close-cl`, `st`, `đàn-voi`, `ns` (the slugs of text without an identifier are GitHub's, as for every heading).
  @Test func aHeadingsAttributeBlockIsNotTextAndItsIdentifierIsTheSlug() {
    let text = """
      # Methods {#sec-methods}

      # Preface {.unnumbered}

      # Pre2 {-}

      # Intro {#id .class}

      # Kv {#kv key="a b"}

      # Empty {}

      # Mid {#x} b

      # Close {#cl} ##

      Setext {#st}
      ======

      # Đàn voi 🐘 {.unnumbered}

      # NoSpace{#ns}

      # Not {#a attributes!}

      """
    let bytes = Array(text.utf8)
    let headings = Note(parsing: bytes).headings
    #expect(
      headings.map(\.text) == [
        "Methods", "Preface", "Pre2", "Intro", "Kv", "Empty", "Mid {#x} b", "Close {#cl}", "Setext", "Đàn voi 🐘",
        "NoSpace", "Not {#a attributes!}",
      ])
    #expect(
      headings.map(\.slug) == [
        "sec-methods", "preface", "pre2", "id", "kv", "empty", "mid-x-b", "close-cl", "st", "đàn-voi-", "ns",
        "not-a-attributes",
      ])
    #expect(
      headings.map(\.isUnnumbered) == [false, true, true, false, false, false, false, false, false, true, false, false])
    // The text range covers the text only: renaming the heading keeps its attributes.
    #expect(headings.map { String(decoding: bytes[$0.textRange], as: UTF8.self) } == headings.map(\.text))
  }
}
