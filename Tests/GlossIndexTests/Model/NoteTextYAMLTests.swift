import GlossIndex
import GlossSyntax
import Testing

/// The one YAML scalar writer of the commands (quick fixes, save as note, exports): plain only when every YAML
/// reader reads the value back as the same string, and what it writes reads back as the value.
@Suite struct NoteTextYAMLTests {
  @Test(arguments: [
    "smith2020", "Ý tưởng", "Nguyễn Văn A", "東京の夏", "café au lait", "doe_2020", "a-b c.d, e (f) g/h 'i'",
    "2nd edition", "a+b=c; d?~", "👩‍🔬 notes",
  ])
  func plainWhenEveryReaderReadsItBack(value: String) {
    #expect(NoteText.yamlScalar(value) == value)
  }

  @Test(arguments: [
    // Indicators at the start, `: ` and ` #`, booleans and null, numbers and dates, spaces at the ends, breaks.
    "", "-x", "- x", "?x", ":x", ",x", "[x", "]x", "{x", "}x", "#x", "&x", "*x", "!x", "|x", ">x", "'x'", "\"x",
    "%x", "@x", "`x", "a: b", "a:b", "a #b", "a#b", "yes", "No", "TRUE", "false", "null", "Null", "~", "on", "OFF",
    "y", "n", "42", "-1", "1.5", ".5", "+1", "1e3", "0x1F", ".inf", "2024-01-01", "12:30", " lead", "trail ",
    "\u{A0}nbsp", "two\nlines", "tab\there", "cr\r", "bell\u{7}", "nel\u{85}", "sep\u{2028}", "bom\u{FEFF}",
    "say \"hi\"", "back\\slash", "a{b}", "a[b]", "a|b", "a>b", "a*b", "a&b", "a!b", "a%b", "a@b", "a`b",
  ])
  func quotedWhenYAMLWouldReadItOtherwise(value: String) {
    #expect(NoteText.yamlScalar(value).hasPrefix("\""))
  }

  @Test(arguments: [
    "smith2020", "Ý tưởng", "a: b", "a #b", "yes", "42", " lead", "trail ", "two\nlines", "tab\there", "cr\r",
    "bell\u{7}", "nel\u{85}", "sep\u{2028}", "bom\u{FEFF}", "say \"hi\"", "back\\slash", "- x", "'x'", "~",
    "東京: 夏 #1", "👩‍🔬 \"notes\"",
  ])
  func whatItWritesReadsBackAsTheValue(value: String) throws {
    let written = NoteText.yamlScalar(value)
    let note = "---\ntitle: \(written)\n---\n"
    let frontMatter = try #require(FrontMatter.parse(Array(note.utf8)).frontMatter)
    #expect(frontMatter["title"]?.value.strings == [value], "\(written)")
    // The project-metadata reader reads quoted scalars without escapes other than `\"`.
    if !written.contains("\\") || written.replacing("\\\"", with: "").firstIndex(of: "\\") == nil {
      #expect(YAMLTree(parsing: note)["title"]?.string == value, "\(written)")
    }
  }

  @Test func flowListsQuoteWhatEndsAnItem() throws {
    let values = ["a, b", "plain", "yes", "[x]"]
    let written = NoteText.yamlList(values)
    #expect(written == #"["a, b", plain, "yes", "[x]"]"#)
    let note = "---\ntags: \(written)\n---\n"
    let frontMatter = try #require(FrontMatter.parse(Array(note.utf8)).frontMatter)
    #expect(frontMatter["tags"]?.value.strings == values)
  }
}
