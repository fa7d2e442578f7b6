import Testing

@testable import GlossServer

@Suite struct DocumentURITests {
  @Test(arguments: [
    ("file:///home/an/notes/a.md", "/home/an/notes/a.md"),
    ("file:///home/an/My%20Notes/b%C3%A0i%20vi%E1%BA%BFt.md", "/home/an/My Notes/bài viết.md"),
    ("file:///tmp/%E8%A8%98%E6%86%B6/%E3%83%A1%E3%83%A2.md", "/tmp/記憶/メモ.md"),
    ("file://localhost/tmp/a.md", "/tmp/a.md"),
    ("file:/tmp/a.md", "/tmp/a.md"),
    ("FILE:///tmp/a%2fb.md", "/tmp/a/b.md"),
    ("file:///tmp/100%25%20sure%3F.md", "/tmp/100% sure?.md"),
    ("file:///tmp/a.md#L3", "/tmp/a.md"),
    ("file:///tmp/./x/../a.md", "/tmp/a.md"),
    ("file:///tmp/emoji%F0%9F%93%9A.md", "/tmp/emoji📚.md"),
    ("file:///home/an/notes/", "/home/an/notes"),
  ])
  func fileURIDecodesToPath(uri: String, path: String) {
    #expect(FileURI(uri).filePath == path)
  }

  @Test(arguments: [
    "untitled:Untitled-1",
    "https://example.com/a.md",
    "file://server/share/a.md",
    "file:///tmp/bad%zz.md",
    "file:///tmp/truncated%2",
    "file:///tmp/invalid%FF.md",
    "file:///tmp/nul%00.md",
    "not a uri",
  ])
  func nonLocalOrMalformedURIHasNoPath(uri: String) {
    #expect(FileURI(uri).filePath == nil)
  }

  @Test(arguments: [
    ("/home/an/My Notes/a.md", "file:///home/an/My%20Notes/a.md"),
    ("/tmp/bài viết.md", "file:///tmp/b%C3%A0i%20vi%E1%BA%BFt.md"),
    ("/tmp/記憶.md", "file:///tmp/%E8%A8%98%E6%86%B6.md"),
    ("/tmp/a#b?c%d.md", "file:///tmp/a%23b%3Fc%25d.md"),
    ("/tmp/a-b_c.~d.md", "file:///tmp/a-b_c.~d.md"),
    ("notes/🦉 Tiếng.md", "file:///notes/%F0%9F%A6%89%20Ti%E1%BA%BFng.md"),
  ])
  func pathEncodesToFileURI(path: String, uri: String) {
    #expect(FileURI(filePath: path).string == uri)
  }

  @Test(arguments: ["/a b/c.md", "/Ünïcödé/ý.md", "/x/記憶 メモ/📚 #1.md", "/%20literal.md", "/a+b=c&d;e.md"])
  func pathSurvivesRoundTrip(path: String) {
    #expect(FileURI(filePath: path).filePath == path)
  }

  @Test func differentlyEncodedURIsNameTheSameDocument() {
    let vsCode = FileURI("file:///tmp/My%20Notes/%C3%A0.md")
    let other = FileURI("file:///tmp/My Notes/%c3%a0.md")
    #expect(vsCode != other)
    #expect(vsCode.sameDocument(as: other))
    #expect(!vsCode.sameDocument(as: FileURI("file:///tmp/My%20Notes/a.md")))
  }

  @Test func schemeIsLowercasedAndOptional() {
    #expect(FileURI("File:///a").scheme == "file")
    #expect(FileURI("untitled:Untitled-1").scheme == "untitled")
    #expect(FileURI("/just/a/path").scheme == nil)
  }
}
