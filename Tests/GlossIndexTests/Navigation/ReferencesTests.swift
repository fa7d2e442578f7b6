import GlossIndex
import GlossSyntax
import TestSupport
import Testing

@Suite struct ReferencesTests {
  private func references(
    _ offset: Int, in path: String, declaration: Bool, workspace: Workspace = NavigationFixture.workspace
  ) -> [String] {
    workspace.references(at: offset, in: path, includeDeclaration: declaration).map(\.description)
  }

  private func cursor(_ digit: String, _ path: String) -> Int { NavigationFixture.cursor(digit, in: path) }

  /// `path [lower..<upper)` of the `occurrence`-th (0-based) `needle` in the fixture file at `path`.
  private func find(_ needle: String, in path: String, _ occurrence: Int = 0) -> String {
    let bytes = NavigationFixture.bytes(path) ?? []
    let target = Array(needle.utf8)
    var seen = 0
    var index = 0
    while index + target.count <= bytes.count {
      if Array(bytes[index..<index + target.count]) == target {
        if seen == occurrence { return "\(path) [\(index)..<\(index + target.count))" }
        seen += 1
      }
      index += 1
    }
    return "\(path) <no \(needle)>"
  }

  private func marked(_ path: String, _ index: Int) -> String {
    let range = NavigationFixture.ranges(in: path)[index]
    return "\(path) [\(range.lowerBound)..<\(range.upperBound))"
  }

  @Test func aCitationFindsEveryCitationOfItsKey() {
    let citations = [find("bartlett1932", in: "notes/a.md"), find("bartlett1932", in: "notes/b.md")]
    #expect(references(cursor("1", "notes/a.md"), in: "notes/a.md", declaration: false) == citations)
    #expect(
      references(cursor("1", "notes/a.md"), in: "notes/a.md", declaration: true)
        == [marked("refs.bib", 0), "sources/bartlett1932.md [0..<0)"] + citations)
  }

  @Test func anEntryOrASourceDocumentFindsTheCitationsOfItsKey() {
    #expect(
      references(cursor("1", "refs.bib"), in: "refs.bib", declaration: true)
        == [marked("refs.bib", 2), find("nguyen2020", in: "notes/a.md")])
    #expect(
      references(3, in: "sources/halbwachs.txt", declaration: false)
        == [find("halbwachs", in: "notes/a.md"), find("halbwachs", in: "notes/b.md")])
    // A document with a front-matter `id` declares its key there.
    let workspace = Fixture.workspace(["sources/mém.md": "---\nid: clé\n---\nTexte\n", "n.md": "[@clé]\n"])
    #expect(
      references(20, in: "sources/mém.md", declaration: true, workspace: workspace) == [
        "sources/mém.md [8..<12)", "n.md [2..<6)",
      ])
  }

  @Test func aKeysReferencesIncludeTheEntriesCrossReferencingIt() {
    let bib = "@book{lê2020, title = {Tuyển tập}}\n@incollection{a, crossref = {lê2020}}\n@misc{b, xref = {khác}}\n"
    let note = "Xem [@lê2020, p. 4].\n"
    let workspace = Fixture.workspace(["refs.bib": bib, "notes/n.md": note])
    let offset = Array(note.utf8).firstIndex(of: UInt8(ascii: "@")).map { $0 + 1 } ?? 0
    let key = Array("lê2020".utf8)
    func range(of needle: [UInt8], in text: String, after start: Int = 0) -> Range<Int> {
      let bytes = Array(text.utf8)
      let lower = (start...(bytes.count - needle.count)).first { Array(bytes[$0..<$0 + needle.count]) == needle } ?? 0
      return lower..<lower + needle.count
    }
    let crossref = range(of: key, in: bib, after: 20)
    #expect(
      references(offset, in: "notes/n.md", declaration: true, workspace: workspace) == [
        "refs.bib [\(range(of: key, in: bib).lowerBound)..<\(range(of: key, in: bib).upperBound))",
        "notes/n.md [\(range(of: key, in: note).lowerBound)..<\(range(of: key, in: note).upperBound))",
        "refs.bib [\(crossref.lowerBound)..<\(crossref.upperBound))",
      ])
  }

  /// A key cited in enough notes for them to be read on all cores: every citation of it, by path (byte order) then
  /// offset, each note's own (twice in one, beside other keys in a group) and none of the keys that only start alike.
  @Test func aKeyCitedInManyNotesHasEveryCitationInPathThenOffsetOrder() {
    var files: [String: String] = [:]
    var expected: [(path: String, range: Range<Int>)] = []
    for index in 0..<90 {
      let path = index % 3 == 0 ? "notes/ghi chú \(index).md" : index % 3 == 1 ? "notes/記憶 \(index).md" : "n\(index).md"
      var text = String(repeating: "Dòng 🦉\n", count: index % 7) + "Xem [@trần2020a; @trần2020, tr. \(index)]."
      if index % 4 == 0 { text += " Lại @trần2020 nữa.\n" }
      files[path] = text
      let bytes = Array(text.utf8)
      let key = Array("@trần2020".utf8)
      for start in 0...(bytes.count - key.count) where Array(bytes[start..<start + key.count]) == key {
        // `@trần2020a` is another key.
        guard start + key.count == bytes.count || bytes[start + key.count] != UInt8(ascii: "a") else { continue }
        expected.append((path, start + 1..<start + key.count))
      }
    }
    let workspace = Fixture.workspace(files)
    expected.sort {
      $0.path != $1.path
        ? Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) : $0.range.lowerBound < $1.range.lowerBound
    }
    #expect(expected.count == 90 + 23)
    #expect(
      workspace.keyReferences("trần2020", includeDeclaration: false).map(\.description)
        == expected.map { "\($0.path) [\($0.range.lowerBound)..<\($0.range.upperBound))" })
  }

  @Test func aHeadingOrALinkToItFindsTheLinksToThatHeading() {
    let links = [
      find("[[Carrefour#Méthodes]]", in: "notes/a.md"), find("[la section](hub.md#méthodes)", in: "notes/b.md"),
    ]
    #expect(references(cursor("5", "notes/hub.md"), in: "notes/hub.md", declaration: false) == links)
    #expect(
      references(cursor("3", "notes/a.md"), in: "notes/a.md", declaration: true) == [marked("notes/hub.md", 0)] + links)
  }

  @Test func theTitleHeadingFindsEveryLinkToTheNote() {
    #expect(
      references(cursor("4", "notes/hub.md"), in: "notes/hub.md", declaration: true) == [
        "notes/hub.md [0..<0)", find("[[Carrefour#Méthodes]]", in: "notes/a.md"),
        find("[hub](hub.md)", in: "notes/b.md"),
        find("[[Carrefour]]", in: "notes/b.md"), find("[la section](hub.md#méthodes)", in: "notes/b.md"),
      ])
    // The front-matter title and the note's very start (where its code lens is) name the note too.
    #expect(references(12, in: "notes/hub.md", declaration: false).count == 4)
    #expect(references(0, in: "notes/hub.md", declaration: false).count == 4)
    #expect(references(1, in: "notes/hub.md", declaration: false).isEmpty)
  }

  @Test func selfLinksCountForHeadingsOnly() {
    let note = MarkedText("# Tít1️⃣le\n\n## Phần 2️⃣hai\n\nVoir ⏩[[#Phần hai]]⏪ et ⏩[ici](#phần-hai)⏪.\n")
    let other = MarkedText("⏩[[n#phần-hai]]⏪\n")
    let workspace = Fixture.workspace(["n.md": note.text, "m.md": other.text])
    let fromM = "m.md [\(other.ranges[0].lowerBound)..<\(other.ranges[0].upperBound))"
    let fromN = note.ranges.map { "n.md [\($0.lowerBound)..<\($0.upperBound))" }
    #expect(references(note.cursors["1"] ?? -1, in: "n.md", declaration: false, workspace: workspace) == [fromM])
    #expect(
      references(note.cursors["2"] ?? -1, in: "n.md", declaration: false, workspace: workspace) == [fromM] + fromN)
  }

  @Test func aTagFindsEveryUseInlineAndInFrontMatterCaseInsensitively() {
    #expect(
      references(cursor("4", "notes/a.md"), in: "notes/a.md", declaration: true)
        == [find("mémoire", in: "notes/a.md"), find("Mémoire", in: "notes/b.md")])
    let x = MarkedText("---\ntags: [⏩Đ1️⃣à⏪, khác]\n---\n#⏩đà⏪\n")
    let y = MarkedText("#⏩ĐÀ⏪ #đà/con\n")
    let workspace = Fixture.workspace(["x.md": x.text, "y.md": y.text])
    let expected =
      x.ranges.map { "x.md [\($0.lowerBound)..<\($0.upperBound))" }
      + y.ranges.map { "y.md [\($0.lowerBound)..<\($0.upperBound))" }
    #expect(references(x.cursors["1"] ?? -1, in: "x.md", declaration: false, workspace: workspace) == expected)
  }

  @Test func plainTextFindsNothing() {
    #expect(references(cursor("8", "notes/a.md"), in: "notes/a.md", declaration: true).isEmpty)
  }
}
