import GlossIndex
import GlossSyntax
import TestSupport
import Testing

@Suite struct RenameTests {
  static let bib = "@book{smith2020, title = {Mémoire}, year = {2020}}\n@book{smith2020a, title = {Autre}}\n"

  @Test func prepareRenameOffersTheKeyUnderTheCursor() throws {
    let files = ["a.md": "Trí nhớ 記憶 🧠 [see @smi1️⃣th2020, p. 4]\n", "refs.bib": Self.bib]
    let workspace = Fixture.workspace(files)
    let marked = MarkedText(files["a.md"] ?? "")
    let placeholder = try #require(workspace.prepareRename(at: marked.cursors["1"] ?? 0, in: "a.md"))
    #expect(placeholder.text == "smith2020")
    #expect(placeholder.subject == .sourceKey("smith2020"))
    let text = Array(marked.text.utf8)
    #expect(String(decoding: text[placeholder.range], as: UTF8.self) == "smith2020")
  }

  @Test(arguments: [
    "Plain pro1️⃣se here [@smith2020].\n",
    "See <https://exa1️⃣mple.com> [@smith2020].\n",
    "Code `@smi1️⃣th2020` [@smith2020].\n",
    "Mail joe@exa1️⃣mple.com [@smith2020].\n",
    "[@smith2020, p. 1️⃣4]\n",
  ])
  func nothingRenameableGivesNil(_ text: String) {
    let files = ["a.md": text, "refs.bib": Self.bib]
    let workspace = Fixture.workspace(files)
    let offset = MarkedText(text).cursors["1"] ?? 0
    #expect(workspace.prepareRename(at: offset, in: "a.md") == nil)
    checkRenameRefused(files, at: "a.md", to: "x", message: "nothing to rename here")
  }

  @Test func sourceKeyRenamesCitationsAndTheEntryOnly() {
    let files = [
      "refs.bib": Self.bib,
      "notes/à.md": "Écrit par @smith2020 [p. 4]; voir [@smith2020a; -@smi1️⃣th2020]. joe@smith2020.org\n",
      "notes/b.md": "Texte « @smith2020 » et `@smith2020` en code.\n",
      "notes/c.md": "Rien ici sur smith2020.\n",
    ]
    checkRename(
      files, at: "notes/à.md", to: "nguyễn2021",
      changes: [
        "refs.bib": "@book{nguyễn2021, title = {Mémoire}, year = {2020}}\n@book{smith2020a, title = {Autre}}\n",
        "notes/à.md": "Écrit par @nguyễn2021 [p. 4]; voir [@smith2020a; -@nguyễn2021]. joe@smith2020.org\n",
        "notes/b.md": "Texte « @nguyễn2021 » et `@smith2020` en code.\n",
      ])
  }

  @Test func bibEntryKeyRenamesFromTheBibliography() {
    let files = [
      "refs.bib": "@book{smi1️⃣th2020, title = {Mémoire}}\n",
      "a.md": "[@smith2020]\n",
    ]
    checkRename(
      files, at: "refs.bib", to: "smith2021",
      changes: ["refs.bib": "@book{smith2021, title = {Mémoire}}\n", "a.md": "[@smith2021]\n"])
  }

  @Test func entriesCrossReferencingTheKeyFollowIt() {
    let bib = """
      @string{par = "lê2020"}
      @book{lê2020, title = {Tuyển tập}}
      @incollection{a, crossref = {lê2020}, title = {Chương một}}
      @incollection{b, xref = " lê2020 ", title = {Chương hai}}
      @incollection{c, crossref = par, title = {Macro: not edited}}
      @incollection{d, crossref = "lê" # "2020", title = {Concatenated: not edited}}
      @incollection{e, crossref = {lê2020x}, title = {Another key}}

      """
    let files = ["refs.bib": bib, "more.bib": "@article{f, CrossRef={lê2020}}\n", "a.md": "[@lê1️⃣2020]\n"]
    checkRename(
      files, at: "a.md", to: "lê2021",
      changes: [
        "refs.bib": """
        @string{par = "lê2020"}
        @book{lê2021, title = {Tuyển tập}}
        @incollection{a, crossref = {lê2021}, title = {Chương một}}
        @incollection{b, xref = " lê2021 ", title = {Chương hai}}
        @incollection{c, crossref = par, title = {Macro: not edited}}
        @incollection{d, crossref = "lê" # "2020", title = {Concatenated: not edited}}
        @incollection{e, crossref = {lê2020x}, title = {Another key}}

        """,
        "more.bib": "@article{f, CrossRef={lê2021}}\n",
        "a.md": "[@lê2021]\n",
      ])
  }

  @Test func cslJSONIDRenames() {
    let files = [
      "library.csl.json": #"[{"id": "lê1️⃣2019", "type": "book", "title": "Ký ức"}]"#,
      "a.md": "Selon @lê2019.\n",
    ]
    checkRename(
      files, at: "library.csl.json", to: "le2019",
      changes: [
        "library.csl.json": #"[{"id": "le2019", "type": "book", "title": "Ký ức"}]"#, "a.md": "Selon @le2019.\n",
      ])
  }

  @Test func frontMatterIDOfASourceDocumentRenames() {
    let files = [
      "sources/texte.md": "---\nid: \"hal1️⃣bwachs\"\ntitle: Mémoire\n---\nTexte\n",
      "a.md": "[@halbwachs, p. 1]\n",
    ]
    checkRename(
      files, at: "sources/texte.md", to: "halbwachs1950",
      changes: [
        "sources/texte.md": "---\nid: \"halbwachs1950\"\ntitle: Mémoire\n---\nTexte\n",
        "a.md": "[@halbwachs1950, p. 1]\n",
      ])
  }

  @Test func aDocumentKeyedByItsFileNameIsRenamed() {
    let files = [
      "sources/halbwachs.txt": "La mémoire collective\n",
      "a.md": "Ça [@hal1️⃣bwachs]\n",
    ]
    checkRename(
      files, at: "a.md", to: "halbwachs1950",
      changes: [
        "sources/halbwachs.txt": nil, "sources/halbwachs1950.txt": "La mémoire collective\n",
        "a.md": "Ça [@halbwachs1950]\n",
      ])
  }

  @Test func anExistingKeyIsRefused() {
    checkRenameRefused(
      ["refs.bib": Self.bib, "a.md": "[@smi1️⃣th2020]\n"], at: "a.md", to: "smith2020a",
      message: "a source with key 'smith2020a' already exists")
  }

  // The key was changed in Zotero first: the notes' citations of the old, now unknown, key take the new one.
  @Test func citationsOfAnUnknownKeyMayTakeAnExistingKey() {
    checkRename(
      ["refs.bib": Self.bib, "a.md": "Theo [@smi1️⃣th2019, p. 4] và @smith2019.\n"], at: "a.md", to: "smith2020a",
      changes: ["a.md": "Theo [@smith2020a, p. 4] và @smith2020a.\n"])
  }

  // docs/literature-notes.md: a literature note is the work's by its `citekey:`, which follows the key; the file's
  // name stays.
  @Test func theKeyOfItsLiteratureNotesFollowsTheKey() {
    let files = [
      "refs.bib": Self.bib,
      "a.md": "Ký ức 🦉 [@smi1️⃣th2020, p. 4]\n",
      "smith2020.md": "---\ncitekey: smith2020\ntitle: Mémoire\n---\n\n> nhớ\n> — [@smith2020, p. 4]\n",
      "lit/quoted.md": "---\ncitekey: \"@smith2020\"\n---\n",
      "lit/other.md": "---\ncitekey: smith2020a\n---\n\n[@smith2020]\n",
    ]
    checkRename(
      files, at: "a.md", to: "nguyễn2021",
      changes: [
        "refs.bib": "@book{nguyễn2021, title = {Mémoire}, year = {2020}}\n@book{smith2020a, title = {Autre}}\n",
        "a.md": "Ký ức 🦉 [@nguyễn2021, p. 4]\n",
        "smith2020.md": "---\ncitekey: nguyễn2021\ntitle: Mémoire\n---\n\n> nhớ\n> — [@nguyễn2021, p. 4]\n",
        "lit/quoted.md": "---\ncitekey: \"@nguyễn2021\"\n---\n",
        "lit/other.md": "---\ncitekey: smith2020a\n---\n\n[@nguyễn2021]\n",
      ])
  }

  // The key was changed in Zotero first: the literature note of the old key becomes the new key's.
  @Test func theLiteratureNoteOfAnUnknownKeyTakesTheExistingKey() {
    checkRename(
      [
        "refs.bib": Self.bib, "a.md": "Theo [@smi1️⃣th2019, p. 4]\n",
        "smith2019.md": "---\ncitekey: smith2019\n---\n\n> — [@smith2019]\n",
      ], at: "a.md", to: "smith2020a",
      changes: [
        "a.md": "Theo [@smith2020a, p. 4]\n",
        "smith2019.md": "---\ncitekey: smith2020a\n---\n\n> — [@smith2020a]\n",
      ])
  }

  @Test(arguments: ["bad key", "trailing.", "@at", "", "-dash"])
  func anInvalidKeyIsRefused(_ key: String) {
    let workspace = Fixture.workspace(["refs.bib": Self.bib, "a.md": "[@smith2020]\n"])
    #expect(throws: RenameError.self) { try workspace.renameSourceKey("smith2020", to: key) }
  }

  @Test func tagRenamesInlineFrontMatterAndNestedUses() {
    let files = [
      "a.md": "---\ntags: [Mémoire, autre]\n---\nCafé #mémoi1️⃣re et #mémoire/collective, pas #mémoires ni `#mémoire`.\n",
      "b.md": "---\ntags:\n  - MÉMOIRE/vive\n---\n# Titre\n",
    ]
    checkRename(
      files, at: "a.md", to: "#souvenir",
      changes: [
        "a.md":
          "---\ntags: [souvenir, autre]\n---\nCafé #souvenir et #souvenir/collective, pas #mémoires ni `#mémoire`.\n",
        "b.md": "---\ntags:\n  - souvenir/vive\n---\n# Titre\n",
      ])
  }

  @Test func headingRenamesItsWikiAndMarkdownAnchors() {
    let files = [
      "notes/hub.md": "# Carrefour\n\n## Méth1️⃣odes\n\nVoir [[#Méthodes]] et [ici](#méthodes).\n",
      "notes/a.md": "[[hub#Méthodes]], [[hub#méthodes|alias]], [m](hub.md#méthodes), [[hub#Carrefour#Méthodes]]\n",
      "notes/b.md": "[[hub]] [[hub#Carrefour]]\n",
    ]
    checkRename(
      files, at: "notes/hub.md", to: "Méthodes d'enquête",
      changes: [
        "notes/hub.md":
          "# Carrefour\n\n## Méthodes d'enquête\n\nVoir [[#Méthodes d'enquête]] et [ici](#méthodes-denquête).\n",
        "notes/a.md":
          "[[hub#Méthodes d'enquête]], [[hub#méthodes-denquête|alias]], [m](hub.md#méthodes-denquête), [[hub#Carrefour#Méthodes d'enquête]]\n",
      ])
  }

  @Test func aTitleHeadingRenamesTheWikiLinksByTitle() {
    let files = [
      "notes/hub.md": "# Carre1️⃣four\n\nTexte\n",
      "a.md": "[[Carrefour]] [[carrefour|ici]] [[hub]] [[notes/hub#Carrefour]]\n",
    ]
    checkRename(
      files, at: "notes/hub.md", to: "Ngã tư",
      changes: [
        "notes/hub.md": "# Ngã tư\n\nTexte\n",
        "a.md": "[[Ngã tư]] [[Ngã tư|ici]] [[hub]] [[notes/hub#Ngã tư]]\n",
      ])
  }

  @Test func headingRenamesFromALinkAnchor() {
    let files = ["hub.md": "## Méthodes\n", "a.md": "[[hub#Mé1️⃣thodes]]\n"]
    checkRename(
      files, at: "a.md", to: "Approche", changes: ["hub.md": "## Approche\n", "a.md": "[[hub#Approche]]\n"])
  }

  @Test func noteRenameMovesTheFileAndKeepsEachLinkStyle() {
    let files = [
      "notes/trí nhớ.md": "---\ntitle: Carrefour\n---\n# Hub\n",
      "notes/a.md": "[[trí 1️⃣nhớ]] [[notes/trí nhớ#Hub]] [[Carrefour]] [x](tr%C3%AD%20nh%E1%BB%9B.md) [y](trí%20nhớ)\n",
      "b.md": "[z](notes/trí%20nhớ.md#hub) [w](/notes/trí%20nhớ.md)\n",
    ]
    checkRename(
      files, at: "notes/a.md", to: "ký ức",
      changes: [
        "notes/trí nhớ.md": nil, "notes/ký ức.md": "---\ntitle: Carrefour\n---\n# Hub\n",
        "notes/a.md": "[[ký ức]] [[notes/ký ức#Hub]] [[Carrefour]] [x](ký%20ức.md) [y](ký%20ức)\n",
        "b.md": "[z](notes/ký%20ức.md#hub) [w](/notes/ký%20ức.md)\n",
      ])
  }

  @Test func noteRenameOntoAnExistingFileIsRefused() {
    checkRenameRefused(
      ["a.md": "[[b1️⃣]]\n", "b.md": "B\n", "c.md": "C\n"], at: "a.md", to: "c",
      message: "cannot rename 'b.md': 'c.md' already exists")
  }

  @Test func movingANoteRewritesLinksToItAndItsOwnRelativeLinks() {
    let files = [
      "notes/a.md": "[b](b.md) [img](../img/x.png) [[b]] [root](/notes/b.md)\n",
      "notes/b.md": "[a](a.md) [[a]] [[notes/a]]\n",
      "img/x.png": "",
    ]
    let workspace = Fixture.workspace(files)
    let change = workspace.renamingFiles([(old: "notes/a.md", new: "archive/2024/a.md")])
    #expect(change.operations.isEmpty)
    let after = ChangeFixture.applying(change, to: files)
    #expect(after["notes/a.md"] == "[b](../../notes/b.md) [img](../../img/x.png) [[b]] [root](/notes/b.md)\n")
    #expect(after["notes/b.md"] == "[a](../archive/2024/a.md) [[a]] [[archive/2024/a]]\n")
  }

  @Test func bibTeXFileFieldsFollowMovedFiles() {
    let bib = """
      @book{a, file = {:../attachments/Trí nhớ.txt:text/plain}}
      @book{b, file = {attachments/b.pdf}}
      @book{c, file = {/attachments/c.pdf}}
      @book{d, file = {attachments/Trí\\ nhớ.txt}}
      @book{e, file = {other/e.pdf}}

      """
    let files = [
      "refs/library.bib": bib, "attachments/Trí nhớ.txt": "Văn bản\n", "attachments/b.pdf": "",
      "attachments/c.pdf": "", "other/e.pdf": "", "n.md": "[@a]\n",
    ]
    let workspace = Fixture.workspace(files)
    let change = workspace.renamingFiles([(old: "attachments", new: "tệp đính kèm")])
    #expect(
      ChangeFixture.applying(change, to: files)["refs/library.bib"] == """
        @book{a, file = {:../tệp đính kèm/Trí nhớ.txt:text/plain}}
        @book{b, file = {tệp đính kèm/b.pdf}}
        @book{c, file = {/tệp đính kèm/c.pdf}}
        @book{d, file = {attachments/Trí\\ nhớ.txt}}
        @book{e, file = {other/e.pdf}}

        """)
  }

  @Test func movingAFolderMovesEveryNoteInIt() {
    let files = ["old/a.md": "A\n", "old/sub/b.md": "B\n", "c.md": "[a](old/a.md) [b](old/sub/b.md) [[old/sub/b]]\n"]
    let workspace = Fixture.workspace(files)
    let after = ChangeFixture.applying(workspace.renamingFiles([(old: "old", new: "neu")]), to: files)
    #expect(after["c.md"] == "[a](neu/a.md) [b](neu/sub/b.md) [[neu/sub/b]]\n")
  }

  @Test func movingAnImageRewritesLinksAndEmbedsOfIt() {
    let files = [
      "img/sơ đồ.png": "",
      "notes/a.md": "![x](../img/s%C6%A1%20%C4%91%E1%BB%93.png) ![[sơ đồ.png]] ![[img/sơ đồ.png]]\n",
    ]
    let workspace = Fixture.workspace(files)
    let change = workspace.renamingFiles([(old: "img", new: "hình")])
    #expect(
      ChangeFixture.applying(change, to: files)["notes/a.md"]
        == "![x](../hình/sơ%20đồ.png) ![[sơ đồ.png]] ![[hình/sơ đồ.png]]\n")
  }

  @Test func renamingASourceFileInTheTreeRenamesItsKey() {
    let files = ["sources/halbwachs.md": "Texte\n", "a.md": "[@halbwachs, p. 1]\n"]
    let workspace = Fixture.workspace(files)
    let change = workspace.renamingFiles([(old: "sources/halbwachs.md", new: "sources/halbwachs1950.md")])
    #expect(change.operations.isEmpty)
    #expect(ChangeFixture.applying(change, to: files)["a.md"] == "[@halbwachs1950, p. 1]\n")
  }

  @Test func aKeyCitedAThousandTimesRenamesEveryCitation() {
    var files = ["refs.bib": "@book{hub, title = {Hub}}\n"]
    for index in 0..<1_000 { files["notes/n\(index).md"] = "Note \(index) [@hub, p. \(index)] @hubx\n" }
    let workspace = Fixture.workspace(files)
    let change = (try? workspace.renameSourceKey("hub", to: "hub2")) ?? WorkspaceChange()
    #expect(change.editCount == 1_001)
    #expect(change.edits.count == 1_001)
  }
}
