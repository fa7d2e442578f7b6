import Testing

@testable import GlossSyntax

@Suite struct FrontMatterTests {
  /// A compact dump: one line per entry or problem, with ranges shown as the text they cover.
  private func dump(_ source: String) -> String {
    let bytes = Array(source.utf8)
    let result = FrontMatter.parse(bytes)
    func slice(_ range: Range<Int>) -> String {
      guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return "<out of bounds>" }
      return String(decoding: bytes[range], as: UTF8.self)
    }
    var lines: [String] = []
    if let frontMatter = result.frontMatter {
      lines.append(
        "front matter [\(frontMatter.range.lowerBound)..\(frontMatter.range.upperBound)) body \(result.bodyStart)")
      for entry in frontMatter.entries {
        switch entry.value {
        case .scalar(let text, let range):
          lines.append("\(slice(entry.keyRange)) = \"\(text)\" @\"\(slice(range))\"")
        case .list(let items):
          let shown = items.map { "\"\($0.text)\" @\"\(slice($0.range))\"" }
          lines.append("\(slice(entry.keyRange)) = [\(shown.joined(separator: ", "))]")
        }
      }
    } else {
      lines.append("none body \(result.bodyStart)")
    }
    for problem in result.problems {
      lines.append("problem \"\(problem.message)\" @\"\(slice(problem.range))\"")
    }
    return lines.joined(separator: "\n")
  }

  @Test func scalarsOfEveryQuoting() {
    let source = """
      ---
      title: Ký ức và tái tạo # a comment
      id: 'bartlett''s'
      author: "Frederic \\"F. C.\\" Bartlett\\n\\tand \\u00e9\\\\"
      empty:
      url: https://example.com/a#b
      ---
      Body
      """
    #expect(
      dump(source) == """
        front matter [0..158) body 159
        title = "Ký ức và tái tạo" @"Ký ức và tái tạo"
        id = "bartlett's" @"bartlett''s"
        author = "Frederic "F. C." Bartlett\n\tand é\\" @"Frederic \\"F. C.\\" Bartlett\\n\\tand \\u00e9\\\\"
        empty = "" @""
        url = "https://example.com/a#b" @"https://example.com/a#b"
        """)
  }

  @Test func flowAndBlockLists() {
    let source = """
      ---
      tags: [mémoire, "deux mots", 'x''y' ]
      aliases:
        - Bartlett
        - "Remembering (1932)"
      - 記憶
      bibliography: []
      keywords: a, b, c
      ---

      """
    #expect(
      dump(source) == """
        front matter [0..137) body 138
        tags = ["mémoire" @"mémoire", "deux mots" @"deux mots", "x'y" @"x''y"]
        aliases = ["Bartlett" @"Bartlett", "Remembering (1932)" @"Remembering (1932)", "記憶" @"記憶"]
        bibliography = []
        keywords = "a, b, c" @"a, b, c"
        """)
  }

  @Test func crlfBomAndDotsClosing() {
    let source = "\u{FEFF}---\r\ntitle: Hello\r\ntags:\r\n  - a\r\n...\r\n# Body\r\n"
    #expect(
      dump(source) == """
        front matter [3..39) body 41
        title = "Hello" @"Hello"
        tags = ["a" @"a"]
        """)
  }

  @Test func unreadableLinesAreProblemsWithPreciseRanges() {
    let source = """
      ---
      title: ok
      just some words
        indented: oops
      quote: "never closed
      list: [a, b
      other: 'x' trailing
      title: again
      ---
      """
    #expect(
      dump(source) == """
        front matter [0..116) body 116
        title = "ok" @"ok"
        quote = "" @""
        list = ["a" @"a", "b" @"b"]
        other = "x" @"x"
        title = "again" @"again"
        problem "expected 'key: value' in front matter" @"just some words"
        problem "unexpected indentation in front matter" @"indented: oops"
        problem "unterminated double-quoted value" @""never closed"
        problem "flow list has no closing ']'" @"[a, b"
        problem "unexpected text after a quoted value" @"trailing"
        problem "duplicate front-matter key 'title'" @"title"
        """)
  }

  /// An empty quoted key names nothing: a problem at the key, no entry (found by fuzzing the front matter: a note whose
  /// front matter held `'' :` made an entry without a key).
  @Test func anEmptyQuotedKeyIsAProblemAndNoEntry() {
    #expect(
      dump("---\n'' : x\ntiêu đề: 🦉\n\"\":\n---\n") == #"""
        front matter [0..36) body 37
        tiêu đề = "🦉" @"🦉"
        problem "empty key in front matter" @"''"
        problem "empty key in front matter" @""""
        """#)
  }

  @Test func unterminatedBlockIsNoFrontMatter() {
    #expect(
      dump("---\ntitle: typing\n\n# Heading\n") == """
        none body 0
        problem "front matter has no closing '---' line" @"---"
        """)
  }

  @Test(arguments: ["", "# Title\n---\n", "----\na: b\n---\n", "--- x\n---\n", "\n---\na: b\n---\n"])
  func noFrontMatterUnlessTheFirstLineIsAFence(_ source: String) {
    #expect(dump(source) == "none body 0")
  }

  @Test func foldedContinuationAndBlockScalars() {
    let source = """
      ---
      title: a long
        title here
      abstract: |
        line one
        line two
      nested:
        name: ignored
      ---
      """
    #expect(
      dump(source) == """
        front matter [0..92) body 92
        title = "a long title here" @"a long\n  title here"
        abstract = "line one\nline two" @"line one\n  line two"
        nested = "" @""
        """)
  }
}
