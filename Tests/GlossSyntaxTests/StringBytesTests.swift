import GlossSyntax
import Testing

/// The byte-level string helpers agree with the definitions they stand for.
@Suite struct StringBytesTests {
  static let strings = [
    "", "a", "ab", "b", "a/b", "a.b", "notes/a.md", "notes/à.md", "notes/z.md", "Nhật Ký", "Nhat", "東京", "🦉",
    "e\u{301}",
    "é", "A", "Z", "a b",
  ]

  @Test func utf8PrecedesIsTheOrderOfTheBytes() {
    for a in Self.strings {
      for b in Self.strings {
        #expect(a.utf8Precedes(b) == Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)), "\(a) < \(b)")
      }
    }
  }

  @Test func lastOffsetAndSlice() {
    #expect("ghi chú/Nhật Ký.md".lastUTF8Offset(of: UInt8(ascii: "/")) == 8)
    #expect("東京.md".lastUTF8Offset(of: UInt8(ascii: ".")) == 6)
    #expect("abc".lastUTF8Offset(of: UInt8(ascii: "/")) == nil)
    #expect("".lastUTF8Offset(of: UInt8(ascii: "/")) == nil)
    #expect("ghi chú/Nhật Ký.md".utf8Slice(9, 22) == "Nhật Ký.md")
  }

  @Test func trimmingSpacesKeepsInnerSpace() {
    #expect("  \t tiếng Việt \t ".trimmingSpaces() == "tiếng Việt")
    #expect(" ".trimmingSpaces() == "")
    #expect("東京".trimmingSpaces() == "東京")
  }

  @Test(
    arguments: [
      ("Hello, World!", "hello-world"), ("API_v2 - Notes", "api_v2---notes"), ("  Two  spaces ", "--two--spaces-"),
      ("C++ & Rust (2024)", "c--rust-2024"), ("Tiếng Việt và Nhật Ký", "tiếng-việt-và-nhật-ký"),
      ("東京 🦉 Owls", "東京--owls"),
      ("ÉCOLE", "école"),
    ])
  func githubSlugsOfASCIIAndOtherHeadings(heading: String, slug: String) {
    #expect(Slug.github(heading) == slug)
  }
}
