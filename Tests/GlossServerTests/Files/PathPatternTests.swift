import GlossIndex
import Testing

@testable import GlossServer

@Suite struct PathPatternTests {
  @Test(arguments: [
    ("**/*.md", "a.md", true),
    ("**/*.md", "notes/deep/ghi chú.md", true),
    ("**/*.md", "notes/a.markdown", false),
    ("**/*.md", "notes/a.md/", false),
    ("./**/*.md", "x/記憶.md", true),
    ("**/*.{md,markdown}", "x/a.markdown", true),
    ("**/*.{md,markdown}", "x/a.txt", false),
    ("*.md", "notes/a.md", false),
    ("drafts/**", "drafts/a.md", true),
    ("drafts/**", "notes/drafts.md", false),
    ("notes/*.{md,txt}", "notes/a.txt", true),
    ("ch?pter[!0-9].md", "chapter7.md", false),
    ("a/**/b.md", "a/x/y/b.md", true),
    ("export", "export", true),
    ("export", "export/a.md", false),
    ("export", "notes/export", false),
    ("./export", "export", true),
    ("/drafts/old", "drafts/old", true),
    ("Nhật ký/cũ", "Nhật ký/cũ", true),
    ("Nhật ký/cũ", "Nha\u{0323}\u{0302}t ký/cũ", false),
    ("exp", "export", false),
  ])
  func shortcutAgreesWithGlob(pattern: String, path: String, expected: Bool) {
    #expect(PathPattern(pattern).matches(path) == expected)
    #expect(Glob(pattern).matches(path) == expected)
  }
}
