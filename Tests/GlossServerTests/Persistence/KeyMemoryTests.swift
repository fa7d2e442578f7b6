import GlossIndex
import Testing

@testable import GlossServer

/// The key memory file reads back every fingerprint it was written with, whatever the script, and anything else is
/// read as no memory at all.
@Suite struct KeyMemoryTests {
  static let fingerprints: [String: KeyFingerprint] = [
    "dupré1904": KeyFingerprint(doi: "10.1000/xyz", title: "mémoire et histoire", firstAuthor: "dupré", year: "1904"),
    "nguyễn2019": KeyFingerprint(doi: "", title: "tiếng việt và ký ức", firstAuthor: "nguyễn", year: "2019"),
    "東京2020": KeyFingerprint(doi: "10.2000/東京", title: "記憶の場", firstAuthor: "田中", year: "2020"),
    "emoji🎉": KeyFingerprint(doi: "", title: "party 🎉 time", firstAuthor: "smith", year: "n.d."),
    "tabbed": KeyFingerprint(doi: "", title: "a\ttab and a\nbreak", firstAuthor: "jones", year: "2001"),
  ]

  @Test func everyFingerprintReadsBackAsItWasWritten() {
    let read = KeyMemory.decode(KeyMemory.encode(Self.fingerprints))
    var expected = Self.fingerprints
    // A tab or line break inside a field is written as a space.
    expected["tabbed"]?.title = "a tab and a break"
    #expect(read == expected.filter { $0.value.isUsable })
    #expect(read.count == 5)
  }

  @Test func aFileThatIsNotAKeyMemoryIsNoMemory() {
    var bytes = KeyMemory.encode(Self.fingerprints)
    #expect(KeyMemory.decode(Array(bytes.dropFirst())).isEmpty)
    #expect(KeyMemory.decode(Array("gloss-keys 2\nk\t\tt\ta\t2000\n".utf8)).isEmpty)
    #expect(KeyMemory.decode([]).isEmpty)
    // A line with a field too many or too few is skipped; the others are read.
    bytes += Array("broken\tline\n\tno key\tt\ta\t1999\n".utf8)
    #expect(KeyMemory.decode(bytes).count == 5)
  }
}
