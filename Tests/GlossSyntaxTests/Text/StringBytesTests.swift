import Testing

@testable import GlossSyntax

/// The byte-level string functions agree with the definitions they stand for.
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

  @Test func caseInsensitiveEqualityAgreesWithLowercasing() {
    let pairs = [
      ("Methods", "methods"), ("METHODS", "Methods"), ("Method", "Methods"), ("2.1", "2.1"), ("II", "ii"), ("@", "`"),
      ("[", "{"), ("Tiếng Việt", "TIẾNG VIỆT"), ("École", "école"), ("Straße", "STRASSE"), ("東京", "東京"), ("", ""),
      ("a", ""), ("İ", "i̇"),
    ]
    for (a, b) in pairs {
      #expect(a.caseInsensitivelyEquals(b) == (a.lowercased() == b.lowercased()), "\(a) ~ \(b)")
      #expect(b.caseInsensitivelyEquals(a) == (a.lowercased() == b.lowercased()), "\(b) ~ \(a)")
    }
  }
}

/// Locator values read as bytes give what reading them as characters gives.
@Suite struct NumberSpanTests {
  @Test(
    arguments: [
      "4", "4-6", "123-8", "1995-97", "4, 7-9", "4 & 7", "4; 9", " 33 – 35 ", "33—35", "33‐35", "+5", "+ 5", "5-", "-5",
      "5--7", ",5", "5,", " , 5", " - 5", "3 5", "", " ", "x", "iv", "12a", "9-3", "10000000", "9999999", "4,,5",
      "1-2-3", "٣", "33\u{00A0}", "99999999999999999999", "7 &", "2.5",
    ])
  func bytesAgreeWithCharacters(value: String) {
    #expect(SourceDocument.numberSpan(value) == SourceDocument.generalNumberSpan(value), "\(value.debugDescription)")
  }
}
