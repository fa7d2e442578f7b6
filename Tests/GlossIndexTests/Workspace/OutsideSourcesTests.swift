import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Files named from inside the workspace that lie outside it, and `file` fields as reference managers write them.
@Suite struct OutsideSourcesTests {
  static let place = WorkspacePlace(root: "/home/me/notes", home: "/home/me")

  @Test(arguments: [
    ("refs/a.bib", "drafts", "drafts/refs/a.bib"),
    ("../refs/a.bib", "drafts", "refs/a.bib"),
    ("../../library/x.bib", "drafts", "/home/me/library/x.bib"),
    ("~/Zotero/library.bib", "drafts", "/home/me/Zotero/library.bib"),
    ("/home/me/notes/sources/a.txt", "", "sources/a.txt"),
    ("/srv/papers/./a.pdf", "x", "/srv/papers/a.pdf"),
  ])
  func pathsLeavingTheRootBecomeAbsolute(target: String, folder: String, expected: String) {
    #expect(Self.place.path(of: target, from: folder) == expected)
  }

  @Test func withoutRootOrHomeSuchPathsAreDropped() {
    let place = WorkspacePlace()
    #expect(place.path(of: "~/x.bib", from: "") == nil)
    #expect(place.path(of: "../x.bib", from: "") == nil)
    #expect(place.path(of: "/abs/x.bib", from: "") == "/abs/x.bib")
  }

  @Test func frontMatterBibliographyOutsideTheRootIsReferencedByItsAbsolutePath() {
    let note = "---\nbibliography: [../../library-bib/outside.bib, ~/Zotero/library.bib]\n---\n[@smith2020]\n"
    let workspace = Workspace(
      loading: [WorkspaceFile(path: "notes/a.md", role: .note, bytes: Array(note.utf8))], place: Self.place)
    #expect(workspace.referencedBibliographies == ["/home/me/library-bib/outside.bib", "/home/me/Zotero/library.bib"])
  }

  /// A Better BibTeX export outside the workspace naming a PDF and a snapshot in Zotero's storage by absolute path.
  static let zoteroExport = """
    @article{smith2020,
      title = {River},
      pages = {213--240},
      file = {Snapshot:/home/me/Zotero/storage/EFGH5678/river.html:text/html;Full Text PDF:/home/me/Zotero/storage/ABCD1234/Smith - 2020 - River.pdf:application/pdf}
    }
    """

  @Test func textBearingFileWinsOverAnHTMLSnapshotWhateverTheOrder() {
    var workspace = Workspace(
      loading: [
        WorkspaceFile(path: "/home/me/Zotero/library.bib", role: .bibliography, bytes: Array(Self.zoteroExport.utf8))
      ], place: Self.place)
    // Both are asked for; the PDF is listed first because its text is the work itself.
    let pdf = "/home/me/Zotero/storage/ABCD1234/Smith - 2020 - River.pdf"
    let html = "/home/me/Zotero/storage/EFGH5678/river.html"
    #expect(workspace.unloadedEntryFiles == [pdf, html])
    workspace.setSourceDocument(path: html, bytes: Array("<p>snapshot words</p>".utf8))
    #expect(workspace.source(forKey: "smith2020")?.textPath == html)
    workspace.setExtractedText(path: pdf, text: Array("page one\u{0C}page two\u{0C}".utf8))
    #expect(workspace.source(forKey: "smith2020")?.textPath == pdf)
    // A file outside the workspace gives text; its name is no citation key.
    #expect(!workspace.hasSource("Smith - 2020 - River"))
  }

  @Test func noTextSaysWhyTheFileGaveNone() {
    var workspace = Workspace(
      loading: [
        WorkspaceFile(path: "/home/me/Zotero/library.bib", role: .bibliography, bytes: Array(Self.zoteroExport.utf8)),
        WorkspaceFile(path: "a.md", role: .note, bytes: Array("See [@smith2020, p. 3].\n".utf8)),
      ], place: Self.place)
    workspace.setExtractedText(
      path: "/home/me/Zotero/storage/ABCD1234/Smith - 2020 - River.pdf", text: [],
      problem: "the file has no text layer (scanned pages?)")
    let messages = workspace.diagnostics(for: "a.md").map(\.message)
    #expect(
      messages == [
        "'smith2020' has no text to find 'p. 3' in ('Smith - 2020 - River.pdf': the file has no text layer (scanned pages?))"
      ])
  }
}
