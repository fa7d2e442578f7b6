import GlossIndex
import Testing

@Suite struct NameRulesTests {
  @Test(arguments: [
    ("smith2020", true), ("nguyễn2020", true), ("doe:2020/a", true), ("_x", true), ("a.b", true),
    ("trailing.", false), ("two words", false), ("", false), ("@a", false), ("-dash", false),
  ])
  func citationKeysAreCheckedAsPandocReadsThem(key: String, valid: Bool) {
    #expect(NameRules.isValidCitationKey(key) == valid)
  }

  @Test(arguments: [
    ("mémoire", true), ("topic/sub-topic_2", true), ("2024", false), ("#tag", false), ("a b", false), ("", false),
  ])
  func tagsNeedTagCharactersAndANonDigit(tag: String, valid: Bool) {
    #expect(NameRules.isValidTag(tag) == valid)
  }

  @Test(arguments: [
    ("notes", "notes/b.md", "b.md"), ("notes/a", "notes/b.md", "../b.md"), ("", "x/y.md", "x/y.md"),
    ("archive/2024", "img/x.png", "../../img/x.png"), ("notes", "notes/sub/c.md", "sub/c.md"),
  ])
  func relativePathsClimbOnlyAsFarAsNeeded(folder: String, path: String, expected: String) {
    #expect(NameRules.relativePath(from: folder, to: path) == expected)
  }

  @Test func markdownDestinationsEscapeWhatBreaksALinkOnly() {
    #expect(NameRules.markdownDestination("ký ức (1)#%.md") == "ký%20ức%20%281%29%23%25.md")
  }

  @Test func safeFileNamesHaveNoSeparatorsOrLeadingDots() {
    #expect(NameRules.safeFileName("../a/b:c\u{7}") == "-a-b-c")
    #expect(NameRules.safeFileName("...") == "")
  }
}
