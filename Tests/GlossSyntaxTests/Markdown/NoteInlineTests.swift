import Testing

@testable import GlossSyntax

@Suite struct NoteInlineTests {
  @Test func headingsHaveGitHubSlugsWithDuplicateSuffixes() {
    let source = """
      # Ký ức và tái tạo

      ## 記憶と再構成

      ## Emoji 🎉 rocks!

      ## Ký ức và tái tạo

      ## Ký ức và tái tạo #

      ### C++ & Rust: a_b-c

      Setext *two*
      lines
      ---

      ## Closing ## \n
      #5 not a heading
      """
    #expect(
      NoteDump.headings(source) == """
        h1 "Ký ức và tái tạo" #ký-ức-và-tái-tạo @"Ký ức và tái tạo"
        h2 "記憶と再構成" #記憶と再構成 @"記憶と再構成"
        h2 "Emoji 🎉 rocks!" #emoji--rocks @"Emoji 🎉 rocks!"
        h2 "Ký ức và tái tạo" #ký-ức-và-tái-tạo-1 @"Ký ức và tái tạo"
        h2 "Ký ức và tái tạo" #ký-ức-và-tái-tạo-2 @"Ký ức và tái tạo"
        h3 "C++ & Rust: a_b-c" #c--rust-a_b-c @"C++ & Rust: a_b-c"
        h2 "Setext *two* lines" #setext-two-lines @"Setext *two*
        lines"
        h2 "Closing" #closing @"Closing"
        """)
  }

  @Test(arguments: [
    ("Hello World", "hello-world"), ("Ünïcödé Straße", "ünïcödé-straße"), ("a -- b", "a----b"),
    ("What's new?", "whats-new"), ("日本語 テキスト", "日本語-テキスト"), ("Tiếng Việt có dấu", "tiếng-việt-có-dấu"),
    ("🚀 Launch", "-launch"), ("snake_case & kebab-case", "snake_case--kebab-case"),
  ])
  func githubSlugs(_ text: String, _ slug: String) {
    #expect(Slug.github(text) == slug)
  }

  @Test func titleComesFromFrontMatterThenHeadingThenFileName() {
    #expect(
      Note(parsing: Array("---\ntitle: Từ front matter\n---\n# H\n".utf8)).title(fileName: "a.md") == "Từ front matter")
    #expect(Note(parsing: Array("## Two\n\n# Một\n".utf8)).title(fileName: "a.md") == "Một")
    #expect(Note(parsing: Array("text\n".utf8)).title(fileName: "notes/ký ức.md") == "ký ức")
    #expect(Note(parsing: Array("text\n".utf8)).title(fileName: ".hidden") == ".hidden")
  }

  @Test func linkTextRunningPastItsBracketDoesNotHideLaterLinks() {
    #expect(
      NoteDump.links("[a <b ](x.md) c> then [ok](y.md)") == """
        link "x.md" label "a <b " @"[a <b ](x.md)"
        link "y.md" label "ok" @"[ok](y.md)"
        """)
  }

  @Test func malformedFrontMatterIsReportedAndTheBodyStillIndexed() {
    let note = Note(parsing: Array("---\ntitle: \"open\nno colon\n---\nBody [@a].\n".utf8))
    #expect(
      note.problems.map(\.message) == ["unterminated double-quoted value", "expected 'key: value' in front matter"])
    #expect(note.citations.map { $0.items[0].key } == ["a"])
    let unterminated = Note(parsing: Array("---\ntitle: x\n\nBody @b\n".utf8))
    #expect(unterminated.frontMatter == nil)
    #expect(unterminated.problems.map(\.range) == [0..<3])
    #expect(unterminated.citations.map { $0.items[0].key } == ["b"])
  }

  @Test func wikiAndMarkdownLinks() {
    let source = """
      See [[Bartlett 1932]], [[notes/Memory#Schemata|schemata]], [[#Local heading]] and [[ spaced | label ]].
      Links: [text](other.md), [deep](dir/Ký%20ức.md#phần-2 "title"), [here](#slug), [web](https://example.com/a#b),
      ![img](pics/a.png), <https://auto.link/x>, <joe@example.com>, [angle](<with spaces.md>), [empty]().
      Not links: `[[code]]`, \\[[escaped]], [[unclosed, [ref][x], [[a
      b]].
      """
    #expect(
      NoteDump.links(source) == """
        wiki "Bartlett 1932" @"[[Bartlett 1932]]"
        wiki "notes/Memory" #"Schemata" label "schemata" @"[[notes/Memory#Schemata|schemata]]"
        wiki "" #"Local heading" @"[[#Local heading]]"
        wiki "spaced" label "label" @"[[ spaced | label ]]"
        link "other.md" label "text" @"[text](other.md)"
        link "dir/Ký ức.md" #"phần-2" label "deep" @"[deep](dir/Ký%20ức.md#phần-2 "title")"
        link "" #"slug" label "here" @"[here](#slug)"
        link "https://example.com/a#b" label "web" external @"[web](https://example.com/a#b)"
        image "pics/a.png" label "img" @"![img](pics/a.png)"
        link "https://auto.link/x" external @"<https://auto.link/x>"
        link "joe@example.com" external @"<joe@example.com>"
        link "with spaces.md" label "angle" @"[angle](<with spaces.md>)"
        link "" label "empty" @"[empty]()"
        """)
  }

  @Test func linkRangesAreExact() throws {
    let bytes = Array("x [[Note#Part|l]] [t](a%20b.md#s)".utf8)
    let links = Note(parsing: bytes).links
    func text(_ range: Range<Int>?) -> String { range.map { String(decoding: bytes[$0], as: UTF8.self) } ?? "-" }
    #expect(links.map { text($0.targetRange) } == ["Note", "a%20b.md"])
    #expect(links.map { text($0.anchorRange) } == ["Part", "s"])
  }

  @Test func inlineAndFrontMatterTags() {
    let source = """
      ---
      tags: mémoire,  topic/sub,Ký ức # a comment
      ---
      Tags: #topic #topic/sub-topic #ký_ức #中文 (#paren) #123 #1a a#no http://x.com/#frag #end/ `#code`
      #start-of-line
      ## Heading #in-heading
      """
    #expect(
      NoteDump.tags(source) == """
        tag "mémoire" front-matter @"mémoire"
        tag "topic/sub" front-matter @"topic/sub"
        tag "Ký ức" front-matter @"Ký ức"
        tag "topic" @"topic"
        tag "topic/sub-topic" @"topic/sub-topic"
        tag "ký_ức" @"ký_ức"
        tag "中文" @"中文"
        tag "paren" @"paren"
        tag "1a" @"1a"
        tag "end" @"end"
        tag "start-of-line" @"start-of-line"
        tag "in-heading" @"in-heading"
        """)
    let listed = NoteDump.tags("---\ntags:\n  - a\n  - '#b'\n---\n")
    #expect(listed == "tag \"a\" front-matter @\"a\"\ntag \"b\" front-matter @\"b\"")
  }

  @Test func citationDumps() {
    let source = """
      Memory is reconstructive [see @bartlett1932, pp. 199-214; also -@neisser1967, chap. 1].
      @loftus1974 [p. 585] showed it; joe@example.com and 10@20 are not citations, nor is `@code`.
      Keys: @{weird key}, @{doi:10.1/x}, @a:b.c. Ngữ cảnh [xem @nguyễn2021, tr. 5]。
      """
    #expect(
      NoteDump.citations(source) == """
        citation [25..86) bracketed: @bartlett1932 normal prefix "see" suffix "pp. 199-214"; \
        @neisser1967 suppress prefix "also" suffix "chap. 1"
        citation [88..108) in-text: @loftus1974 in-text suffix "p. 585"
        citation [201..214) in-text: @doi:10.1/x in-text
        citation [216..222) in-text: @a:b.c in-text
        citation [237..263) bracketed: @nguyễn2021 normal prefix "xem" suffix "tr. 5"
        """)
  }
}
