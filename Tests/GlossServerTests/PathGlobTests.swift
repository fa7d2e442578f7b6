import Testing

@testable import GlossServer

@Suite struct PathGlobTests {
  @Test(arguments: [
    ("**/*.md", "a.md", true),
    ("**/*.md", "notes/deep/ghi chú.md", true),
    ("**/*.md", "notes/a.markdown", false),
    ("*.md", "notes/a.md", false),
    ("drafts/**", "drafts/a.md", true),
    ("drafts/**", "notes/drafts.md", false),
    ("notes/*.{md,txt}", "notes/a.txt", true),
    ("notes/*.{md,txt}", "notes/a.html", false),
    ("ch?pter[0-9].md", "chapter7.md", true),
    ("ch?pter[!0-9].md", "chapter7.md", false),
    ("**/記憶/*.md", "a/記憶/メモ.md", true),
    ("a/**/b.md", "a/b.md", true),
    ("a/**/b.md", "a/x/y/b.md", true),
  ])
  func globMatchesPaths(pattern: String, path: String, expected: Bool) {
    #expect(PathGlob(pattern).matches(path) == expected)
  }
}
