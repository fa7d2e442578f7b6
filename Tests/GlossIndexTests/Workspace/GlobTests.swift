import GlossIndex
import Testing

@Suite struct GlobTests {
  @Test(arguments: [
    ("drafts/**", "drafts/a.md", true),
    ("drafts/**", "drafts/deep/er/a.md", true),
    ("drafts/**", "notes/drafts/a.md", false),
    ("**/*.md", "a.md", true),
    ("**/*.md", "x/y/z.md", true),
    ("**/*.md", "x/y/z.markdown", false),
    ("*.md", "x/a.md", false),
    ("*.md", "ghi chú.md", true),
    ("notes/*/index.md", "notes/2024/index.md", true),
    ("notes/*/index.md", "notes/2024/05/index.md", false),
    ("notes/**/index.md", "notes/index.md", true),
    ("notes/**/index.md", "notes/2024/05/index.md", true),
    ("a?c.md", "abc.md", true),
    ("a?c.md", "aéc.md", true),
    ("a?c.md", "a/c.md", false),
    ("[abc]*.md", "b1.md", true),
    ("[!abc]*.md", "b1.md", false),
    ("[^abc]*.md", "z1.md", true),
    ("[a-c]x", "bx", true),
    ("[a-c]x", "dx", false),
    ("[]]x", "]x", true),
    ("[x", "[x", true),
    ("*.{md,markdown}", "a.markdown", true),
    ("*.{md,markdown}", "a.txt", false),
    ("{notes,drafts}/**/*.{md,txt}", "drafts/x/y.txt", true),
    ("{a,{b,c}}.md", "c.md", true),
    ("\\*.md", "*.md", true),
    ("\\*.md", "a.md", false),
    ("./export/**", "export/a.html", true),
    ("/export/**", "export/a.html", true),
    ("**", "anything/at/all", true),
    ("a**b", "axxb", true),
    ("a**b", "ax/xb", false),
    ("日本/*.md", "日本/メモ.md", true),
    ("*", "", true),
    ("*/*/*/*/*/*/*/*/*/*.md", "a/b/c/d/e/f/g/h/i/j.md", true),
  ])
  func globMatchesLikeShellAndGitignore(pattern: String, path: String, expected: Bool) {
    #expect(Glob(pattern).matches(path) == expected, "\(pattern) ~ \(path)")
  }

  @Test func manyStarsStayFast() {
    // Memoisation keeps this linear-ish; without it the backtracking is exponential.
    let pattern = String(repeating: "*a", count: 30) + "b"
    let path = String(repeating: "a", count: 200)
    #expect(!Glob(pattern).matches(path))
  }
}
