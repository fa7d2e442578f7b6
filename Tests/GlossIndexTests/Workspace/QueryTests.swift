import GlossIndex
import GlossSyntax
import TestSupport
import Testing

@Suite struct QueryTests {
  static let files = [
    "refs.bib": "@book{bartlett1932, title = {Remembering}, author = {Bartlett}, year = {1932}}\n",
    "sources/bartlett1932.md": "---\ntitle: Texte intégral\n---\nPremière page\n",
    "sources/halbwachs.txt": "La mémoire collective\n",
    "notes/hub.md": "---\ntitle: Carrefour\naliases: [Centre]\n---\n# Hub\n\n## Méthodes\n\n#mémoire/collective\n",
    "notes/a.md": "Voir [[Carrefour#Méthodes]] et [@bartlett1932, p. 1; @halbwachs].\n",
    "notes/b.md": "[hub](hub.md) #Mémoire [@bartlett1932]\n",
    "notes/c.md": "[[centre]]\n",
    "notes/d.md": "Rien.\n",
  ]

  @Test func aSourceMergesEntryMetadataWithDocumentText() throws {
    let workspace = Fixture.workspace(Self.files)
    let source = try #require(workspace.source(forKey: "bartlett1932"))
    #expect(source.title == "Remembering")
    #expect(source.year == "1932")
    #expect(source.entryLocation == EntryLocation(path: "refs.bib", index: 0))
    #expect(source.documentPath == "sources/bartlett1932.md")
    #expect(source.hasText)
    let documentOnly = try #require(workspace.source(forKey: "halbwachs"))
    #expect(documentOnly.entry == nil)
    #expect(documentOnly.textPath == "sources/halbwachs.txt")
    #expect(workspace.source(forKey: "Bartlett1932") == nil)
  }

  @Test func cslJSONEntriesAreSources() throws {
    let workspace = Fixture.workspace([
      "library.csl.json":
        #"[{"id": "nguyễn2020", "type": "book", "title": "Ký ức", "issued": {"date-parts": [[2020]]}}]"#,
      "a.md": "[@nguyễn2020]\n",
    ])
    #expect(workspace.diagnostics(for: "a.md").isEmpty)
    let source = try #require(workspace.source(forKey: "nguyễn2020"))
    #expect(source.title == "Ký ức")
    #expect(source.year == "2020")
  }

  @Test func frontMatterBibliographiesAreResolvedAgainstTheNote() {
    let workspace = Fixture.workspace(["notes/a.md": "---\nbibliography: [../refs/extra.bib, local.bib]\n---\nTexte\n"])
    #expect(workspace.referencedBibliographies == ["refs/extra.bib", "notes/local.bib"])
    #expect(workspace.note(at: "notes/a.md")?.bibliographyPaths == ["refs/extra.bib", "notes/local.bib"])
  }

  @Test func citationsOfAKeyListEveryItem() {
    let workspace = Fixture.workspace(Self.files)
    let occurrences = workspace.citations(ofKey: "bartlett1932")
    #expect(
      occurrences.map { "\($0.path) \($0.citationIndex).\($0.itemIndex)" } == ["notes/a.md 0.0", "notes/b.md 0.0"])
    #expect(workspace.citations(ofKey: "halbwachs").map(\.itemIndex) == [1])
  }

  /// The key locations read in place are those of the occurrences: every item, a key cited twice in one citation
  /// and after another key, in path then position order.
  @Test func citationKeyLocationsAreTheOccurrencesKeys() {
    var files = Self.files
    files["notes/e.md"] = "Ghi chú 🦉 [@halbwachs; @bartlett1932; @halbwachs, p. 2] and [@bartlett1932].\n"
    let workspace = Fixture.workspace(files)
    for key in ["bartlett1932", "halbwachs", "nobody"] {
      let expected = workspace.citations(ofKey: key).map { FileLocation(path: $0.path, range: $0.item.keyRange) }
      #expect(workspace.citationKeyLocations(ofKey: key) == expected, "\(key)")
      #expect(workspace.citationCount(ofKey: key) == expected.count, "\(key)")
    }
    #expect(workspace.citationKeyLocations(ofKey: "halbwachs").filter { $0.path == "notes/e.md" }.count == 2)
  }

  @Test func backlinksFollowResolvedLinks() {
    let workspace = Fixture.workspace(Self.files)
    #expect(workspace.backlinks(to: "notes/hub.md") == ["notes/a.md", "notes/b.md", "notes/c.md"])
    #expect(workspace.backlinks(to: "notes/d.md").isEmpty)
  }

  @Test func tagsCompareCaseInsensitivelyAndNestedTagsCountForTheirParentsWhenAsked() {
    let workspace = Fixture.workspace(Self.files)
    #expect(workspace.notes(withTag: "MÉMOIRE", includingNested: true).keys.sorted() == ["notes/b.md", "notes/hub.md"])
    #expect(workspace.notes(withTag: "mémoire").keys.sorted() == ["notes/b.md"])
    #expect(workspace.notes(withTag: "mémoire/collective").keys.sorted() == ["notes/hub.md"])
    #expect(workspace.tagCounts == ["mémoire": 1, "mémoire/collective": 1])
  }

  @Test func tagUsesListEveryOccurrenceWithItsRange() {
    let workspace = Fixture.workspace(Self.files)
    let uses = workspace.uses(ofTag: "Mémoire", includingNested: true)
    #expect(uses.map { "\($0.path) \($0.use.name)" } == ["notes/b.md Mémoire", "notes/hub.md mémoire/collective"])
    #expect(workspace.uses(ofTag: "mémoire").map(\.path) == ["notes/b.md"])
    let b = Self.files["notes/b.md"] ?? ""
    let range = uses[0].use.range
    #expect(String(decoding: Array(b.utf8)[range], as: UTF8.self) == "Mémoire")
  }

  @Test func resolveNamesTheNoteHeadingOrProblem() throws {
    let workspace = Fixture.workspace(Self.files)
    let a = try #require(workspace.note(at: "notes/a.md"))
    guard case .note(let path, let heading) = workspace.resolve(link: a.note.links[0], from: "notes/a.md") else {
      Issue.record("expected a note")
      return
    }
    #expect(path == "notes/hub.md")
    #expect(heading?.slug == "méthodes")

    let broken = Fixture.workspace(["x.md": "# Méthodes\n## Résultats\n", "y.md": "[[x#Methodes]] [[nul]]\n"])
    let y = try #require(broken.note(at: "y.md"))
    guard case .missingAnchor(let target, let nearest) = broken.resolve(link: y.note.links[0], from: "y.md") else {
      Issue.record("expected a missing anchor")
      return
    }
    #expect(target == "x.md")
    #expect(nearest.first?.text == "Méthodes")
    #expect(broken.resolve(link: y.note.links[1], from: "y.md") == .missing)
  }

  @Test func elementAtFindsWhatIsUnderTheCursor() {
    let marked = MarkedText("# Tê1️⃣te\nVoir [[h2️⃣ub]] et [@bart3️⃣lett1932, p. 1; @hal4️⃣bwachs] #5️⃣mé6️⃣moire ici7️⃣.\n")
    let workspace = Fixture.workspace(Self.files.merging(["notes/e.md": marked.text]) { $1 })
    func element(_ cursor: String) -> String {
      switch workspace.element(at: marked.cursors[cursor] ?? -1, in: "notes/e.md") {
      case .citationItem(_, let itemIndex, let item)?: return "citation \(itemIndex) \(item.key)"
      case .link(_, let link)?: return "link \(link.target)"
      case .tag(_, let tag)?: return "tag \(tag.name)"
      case .heading(_, let heading)?: return "heading \(heading.text)"
      case nil: return "nothing"
      }
    }
    #expect(element("1") == "heading Tête")
    #expect(element("2") == "link hub")
    #expect(element("3") == "citation 0 bartlett1932")
    #expect(element("4") == "citation 1 halbwachs")
    #expect(element("5") == "tag mémoire")
    #expect(element("6") == "tag mémoire")
    #expect(element("7") == "nothing")
  }

  @Test func sourceKeyAtFindsTheEntryOrDocument() {
    let marked = MarkedText("@book{un, title = {Ün1️⃣}}\n\n2️⃣\n@book{deux, title = {Đ3️⃣}}\n")
    let workspace = Fixture.workspace(["refs.bib": marked.text, "sources/doc.txt": "texte\n"])
    #expect(workspace.sourceKey(at: marked.cursors["1"] ?? -1, in: "refs.bib") == "un")
    #expect(workspace.sourceKey(at: marked.cursors["2"] ?? -1, in: "refs.bib") == nil)
    #expect(workspace.sourceKey(at: marked.cursors["3"] ?? -1, in: "refs.bib") == "deux")
    #expect(workspace.sourceKey(at: 2, in: "sources/doc.txt") == "doc")
  }

  @Test func nearestKeysAreOfferedForUnknownSources() {
    let workspace = Fixture.workspace(Self.files)
    #expect(workspace.nearestSourceKeys(to: "bartlet1932") == ["bartlett1932"])
    #expect(workspace.nearestSourceKeys(to: "zzzzzzzz").isEmpty)
  }

  @Test func brokenAnchorCarriesTheNearestHeadings() {
    let workspace = Fixture.workspace(["x.md": "# Résultats\n", "y.md": "[[x#Resultat]]\n"])
    let related = workspace.diagnostics(for: "y.md").first?.related
    #expect(related == .brokenAnchor(path: "x.md", nearest: [.init(text: "Résultats", slug: "résultats")]))
  }
}
