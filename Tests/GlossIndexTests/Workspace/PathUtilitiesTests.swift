import GlossIndex
import Testing

/// Root-relative path arithmetic, on paths with accents, CJK and emoji as well as ASCII.
@Suite struct PathUtilitiesTests {
  @Test(
    arguments: [
      ("notes/a.md", "notes/a.md"), ("notes/../sources/x.md", "sources/x.md"), ("notes//a.md", "notes/a.md"),
      ("./notes/./a.md", "notes/a.md"), ("notes/", "notes"), ("../a.md", nil), ("notes/../../a.md", nil),
      ("ghi chú/../Nhật Ký.md", "Nhật Ký.md"), ("東京/./🦉.md", "東京/🦉.md"), ("a..b/c", "a..b/c"), ("", ""),
    ] as [(String, String?)])
  func normalizeResolvesDotsOrRefusesToClimbAboveTheRoot(path: String, expected: String?) {
    #expect(PathUtilities.normalizeWithinRoot(path) == expected)
  }

  @Test(
    arguments: [
      ("notes/Nhật Ký.MD", "Nhật Ký.MD", "notes", "md"), ("東京/🦉.markdown", "🦉.markdown", "東京", "markdown"),
      ("a.md", "a.md", "", "md"), (".gloss.json", ".gloss.json", "", "json"), ("notes/.hidden", ".hidden", "notes", ""),
      ("notes/README", "README", "notes", ""), ("x/y/z.tar.gz", "z.tar.gz", "x/y", "gz"),
    ])
  func fileNameFolderAndExtension(path: String, name: String, folder: String, ext: String) {
    #expect(PathUtilities.fileName(path) == name)
    #expect(PathUtilities.folder(path) == folder)
    #expect(PathUtilities.pathExtension(path) == ext)
  }

  @Test(
    arguments: [
      ("notes/a.b.md", "a.b"), ("bartlett1932.txt", "bartlett1932"), (".gloss.json", ".gloss"), (".hidden", ".hidden"),
      ("notes/README", "README"), ("/w/Nhật Ký.MD", "Nhật Ký"), ("東京/🦉.markdown", "🦉"), ("refs.csl.json", "refs.csl"),
    ])
  func stemIsTheFileNameWithoutItsExtension(path: String, stem: String) {
    #expect(PathUtilities.stem(path) == stem)
  }
}
