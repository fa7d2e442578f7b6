import GlossSyntax
import Testing

@testable import GlossIndex

/// The bulk load finds each note's contributions where it parses the note and merges them on one thread: it must
/// build the index that putting each file in place one by one builds.
@Suite struct BulkLoadTests {
  /// Notes with every kind of contribution (cited keys, tags, wiki and Markdown links, labels, names, aliases,
  /// citekey, front-matter bibliographies), under paths with accents, Vietnamese, CJK and emoji.
  static let files: [String: String] = [
    "notes/Ghi chú 📝.md":
      "---\ntitle: Tiếng Việt\naliases: [ghi-chu]\nbibliography: ../refs.bib\n---\n# Mở đầu\n\n[@k1, p. 2] #thème\n",
    "notes/émile.md": "# Émile\n\n[[Tiếng Việt]] [[ghi-chu#Mở đầu]] [b](b.md) [@k2; @doc] #Thème #idée/sous\n",
    "notes/b.md": "---\ncitekey: \"@k1\"\n---\n# Bêta {#sec-beta}\n\n![Fig](x.png){#fig-a}\n\n[[émile]] @fig-a #idée\n",
    "notes/日本語.md": "# 記憶\n\n「記憶」 [@k3] [[b#Bêta]] [[missing]] #記憶 #thème\n",
    "notes/a.md": "# Alpha\n\n“ligne deux” [@doc, line 2] [[日本語]] [c](日本語.md) #thème\n",
    "refs.bib": "@book{k1, title = {Un}, file = {sources/doc.txt}}\n@book{k2, title = {Deux}}\n",
    "more.json": #"[{"id": "k3", "title": "Trois"}]"#,
    "sources/doc.txt": "ligne un\nligne deux\n",
    "sources/k2.md": "---\nid: k2\n---\n# Texte\n\nTexte de deux\n",
  ]

  /// The files put in place one at a time, in an order unlike the bulk load's.
  static func oneByOne(_ files: [String: String]) -> Workspace {
    var workspace = Workspace()
    for path in files.keys.sorted(by: >) { Fixture.set(path, files[path] ?? "", in: &workspace) }
    return workspace
  }

  @Test func theBulkLoadFilesWhatPuttingEachFileInPlaceFiles() {
    let bulk = Fixture.workspace(Self.files)
    let single = Self.oneByOne(Self.files)
    #expect(bulk.citers == single.citers)
    #expect(bulk.notesByName == single.notesByName)
    #expect(bulk.notesByPathKey == single.notesByPathKey)
    #expect(bulk.citekeyNotes == single.citekeyNotes)
    #expect(bulk.linkers == single.linkers)
    #expect(bulk.labelOwners == single.labelOwners)
    #expect(bulk.tagUses == single.tagUses)
    #expect(bulk.bibliographyUsers == single.bibliographyUsers)
    #expect(bulk.entriesByFile == single.entriesByFile)
    #expect(bulk.definitions.mapValues(\.paths) == single.definitions.mapValues(\.paths))
    #expect(dump(bulk) == dump(single))
    // Not vacuous: each map holds something.
    #expect(bulk.citers["k1"]?.count == 1 && bulk.labelOwners["fig-a"]?.count == 1)
    #expect(bulk.citekeyNotes["k1"].map(Array.init) == ["notes/b.md"])
    #expect(bulk.tagUses["thème"]?.count == 4 && bulk.bibliographyUsers["refs.bib"]?.count == 1)
    #expect(bulk.notesByName["ghi-chu"].map(Array.init) == ["notes/Ghi chú 📝.md"])
  }
}
