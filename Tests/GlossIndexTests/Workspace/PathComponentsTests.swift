import GlossIndex
import Testing

@Suite struct PathComponentsTests {
  @Test(
    arguments: [
      ("/w/notes/a.md", "/w", "notes/a.md"),
      ("/w", "/w", ""),
      ("/w/", "/w", ""),
      ("/wx/a.md", "/w", nil),
      ("/w/../x/a.md", "/w", nil),
      ("/a.md", "/", "a.md"),
      ("/w/sub/./../ghi chú.md", "/w/", "ghi chú.md"),
    ] as [(String, String, String?)])
  func relativePathIsInsideRootOrNil(path: String, root: String, expected: String?) {
    #expect(PathComponents.relative(path, to: root) == expected)
  }

  @Test(
    arguments: [
      ("/w/notes/a.md", "/w/notes/a.md"), ("notes/a.md", "notes/a.md"), ("/", "/"), ("", ""),
      ("/w/notes/", "/w/notes"), ("//w//notes", "/w/notes"), ("./a", "a"), ("a/./b", "a/b"), ("a/b/..", "a"),
      ("../a", "../a"), ("/../a", "/a"), ("a/../../b", "../b"), ("/w/ghi chú/../Nhật Ký.md", "/w/Nhật Ký.md"),
      ("/w/東京/🦉.md", "/w/東京/🦉.md"), ("/w/.hidden/a", "/w/.hidden/a"), ("/w/a..b/c", "/w/a..b/c"),
    ])
  func normalizeResolvesDotsAndSlashes(path: String, expected: String) {
    #expect(PathComponents.normalize(path) == expected)
  }

  /// On disk the root folder is `/` and trailing slashes name the same folder; otherwise `split` agrees with
  /// `PathUtilities.folder` and `fileName`.
  @Test(
    arguments: [
      ("/a/b.md", "/a", "b.md"), ("/b.md", "/", "b.md"), ("b.md", "", "b.md"), ("", "", ""), ("/", "/", ""),
      ("//", "/", ""), ("/w/notes/", "/w", "notes"), ("/w/notes//", "/w", "notes"), ("notes/", "", "notes"),
      ("//b", "/", "b"), ("a//b", "a/", "b"), ("/w/ghi chú/Nhật Ký.md", "/w/ghi chú", "Nhật Ký.md"),
      ("/東京/🦉.md", "/東京", "🦉.md"), ("/\u{301}b", "/", "\u{301}b"),
    ])
  func splitGivesFolderAndName(path: String, folder: String, name: String) {
    #expect(PathComponents.split(path) == (folder, name))
  }

  @Test func joinAndAbsolute() {
    #expect(PathComponents.join("/w/", "/notes/a.md") == "/w/notes/a.md")
    #expect(PathComponents.join("", "a.md") == "a.md")
    #expect(PathComponents.absolute("notes/../a.md", in: "/w") == "/w/a.md")
  }

  /// A walk's path in a kept root is joined as it is; anything else is normalised as before.
  @Test func absoluteOfNormalAndOtherPaths() {
    #expect(PathComponents.absolute("notes/a.md", in: "/w") == "/w/notes/a.md")
    #expect(PathComponents.absolute("notes/a.md", in: "/") == "/notes/a.md")
    #expect(PathComponents.absolute("Nhật Ký/ghi chú 📓.md", in: "/w") == "/w/Nhật Ký/ghi chú 📓.md")
    #expect(PathComponents.absolute("./notes//a.md", in: "/w/") == "/w/notes/a.md")
    #expect(PathComponents.absolute("notes/a.md", in: "/w/x/..") == "/w/notes/a.md")
    #expect(PathComponents.absolute("../b.md", in: "/w") == "/b.md")
    #expect(PathComponents.absolute("/elsewhere/./b.bib", in: "/w") == "/elsewhere/b.bib")
    #expect(PathComponents.absolute("", in: "/w") == "/w")
    #expect(PathUtilities.pathExtension("Nhật Ký.MD") == "md")
    #expect(PathUtilities.pathExtension(".hidden") == "")
  }
}
