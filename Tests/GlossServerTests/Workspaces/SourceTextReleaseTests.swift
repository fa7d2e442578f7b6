import Foundation
import GlossIndex
import GlossMatching
import GlossServer
import GlossSyntax
import LanguageServerProtocol
import TestSupport
import Testing

/// After indexing, the server keeps the sources' structure but not their text: a query that needs the text (a
/// passage shown on hover, a quotation checked again, a search) reads the file again, checked against what was
/// indexed, so that a file changed on disk before the next scan is never read at the old offsets.
@Suite struct SourceTextReleaseTests {
  static let source = """
    ---
    id: bartlett1932
    ---
    # 1 Introduction

    Remembering is not the re-excitation of innumerable fixed, lifeless and
    fragmentary traces. It is an imaginative reconstruction, or construction.

    # 2 Méthodes 🦉

    Subjects read the story twice.

    """

  static let note = "Tiếng Việt: “an imaginary reconstruction” [@bartlett1932, § 1]; see [@bart1️⃣lett1932, § 2].\n"

  static let path = "sources/bartlett1932.md"

  private func start() throws -> WorkspaceFixture {
    let fixture = WorkspaceFixture(files: [Self.path: Self.source, "notes/n.md": MarkedText(Self.note).text])
    try fixture.start()
    return fixture
  }

  private func hover(_ fixture: WorkspaceFixture) throws -> String {
    let marked = MarkedText(Self.note)
    let position = SourceText(marked.text).lspPosition(of: marked.cursors["1"] ?? -1, in: .utf16)
    let hover = try fixture.client.send(
      HoverRequest(textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/n.md")), position: position))
    return hover?.contents.value ?? ""
  }

  @Test func aSourcesTextIsReleasedAfterIndexingAndReadAgainForAPassage() throws {
    let fixture = try start()
    let document = fixture.client.server.roots.first?.workspace.sourceDocuments[Self.path]?.document
    #expect(document?.isTextReleased == true)
    #expect(document?.text == [])
    #expect(fixture.codes("notes/n.md") == ["quote-mismatch"])
    let value = try hover(fixture)
    #expect(value.contains("section 2 Méthodes 🦉 of `bartlett1932.md`"), "\(value)")
    #expect(value.contains("Subjects read the story twice."), "\(value)")
  }

  @Test func aSourceChangedOnDiskBeforeTheScanIsNotShownAtTheOffsetsOfItsOldText() throws {
    let fixture = try start()
    let changed = Self.source.replacingOccurrences(
      of: "# 1 Introduction\n", with: "# 1 Introduction\n\nUne ligne ajoutée avant tout.\n"
    ).replacingOccurrences(of: "Subjects read the story twice.", with: "Les sujets ont lu l’histoire deux fois.")
    fixture.fileSystem.setFile("/w/" + Self.path, changed)
    let stale = try hover(fixture)
    #expect(!stale.contains("Subjects read the story twice."), "\(stale)")
    #expect(!stale.contains("Les sujets"), "\(stale)")
    #expect(stale.contains("section 2 Méthodes 🦉 of `bartlett1932.md`: the file changed since it was read"))
    fixture.tick()
    let fresh = try hover(fixture)
    #expect(fresh.contains("Les sujets ont lu l’histoire deux fois."), "\(fresh)")
  }

  @Test func anEditedQuotationIsCheckedAgainstTheTextReadAgain() throws {
    let fixture = try start()
    let text = MarkedText(Self.note).text
    fixture.open("notes/n.md", text)
    fixture.replace("notes/n.md", with: text.replacingOccurrences(of: "imaginary", with: "imaginative"), version: 2)
    #expect(fixture.codes("notes/n.md") == [])
    fixture.replace("notes/n.md", with: text.replacingOccurrences(of: "imaginary", with: "imagined"), version: 3)
    #expect(fixture.codes("notes/n.md") == ["quote-mismatch"])
  }

  @Test func findReadsReleasedTextsAgain() throws {
    let fixture = try start()
    let found = fixture.client.server.roots.first?.workspace.find("read the story twice")
    #expect(found?.places.map(\.path) == [Self.path])
    #expect(found?.places.first?.lines == 11...11)
  }

  static let htmlSource = """
    <html><head><title>Đời sống 🦉</title></head><body>
    <h1>1 Introduction</h1>
    <p>Memory is an <em>imaginative</em> reconstruction &amp; never a copy.</p>
    <h1>2 Méthodes</h1>
    <p>Les sujets ont lu l’histoire deux fois.</p>
    </body></html>

    """

  static let htmlNote = "“an imaginative reconstruction & never a copy” [@ward2021, § 1]; see [@war2️⃣d2021, § 2].\n"

  @Test func anHTMLSourcesTextIsReleasedAndExtractedAgainForAPassageAndAQuotation() throws {
    let path = "sources/ward2021.html"
    let fixture = WorkspaceFixture(files: [path: Self.htmlSource, "notes/w.md": MarkedText(Self.htmlNote).text])
    try fixture.start()
    let document = fixture.client.server.roots.first?.workspace.sourceDocuments[path]?.document
    #expect(document?.isTextReleased == true)
    #expect(fixture.codes("notes/w.md") == [])
    let marked = MarkedText(Self.htmlNote)
    let position = SourceText(marked.text).lspPosition(of: marked.cursors["2"] ?? -1, in: .utf16)
    let hover = try fixture.client.send(
      HoverRequest(textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/w.md")), position: position))
    let value = hover?.contents.value ?? ""
    #expect(value.contains("Les sujets ont lu l’histoire deux fois."), "\(value)")
    #expect(!value.contains("<p>"), "\(value)")
    fixture.open("notes/w.md", marked.text)
    fixture.replace("notes/w.md", with: marked.text.replacingOccurrences(of: "never", with: "always"), version: 2)
    #expect(fixture.codes("notes/w.md") == ["quote-mismatch"])
    // Other markup of the same length around the same text: the file is not the one indexed.
    fixture.fileSystem.setFile("/w/" + path, Self.htmlSource.replacingOccurrences(of: "em>", with: "b >"))
    let stale = try fixture.client.send(
      HoverRequest(textDocument: TextDocumentIdentifier(uri: fixture.uri("notes/w.md")), position: position))
    #expect(
      stale?.contents.value.contains("the file changed since it was read") == true, "\(stale?.contents.value ?? "")")
  }

  /// A text of more than 256 KB (its quotation index stays between checks), with one sentence to quote in the middle.
  static let largeSource: String = {
    var text = "---\nid: ebbinghaus1885\n---\n# Über das Gedächtnis\n\n"
    var paragraph = 0
    while text.utf8.count < 300_000 {
      paragraph += 1
      text += "Paragraph \(paragraph): series of nonsense syllables, learned \(paragraph % 17) times, kept for "
      text += "\(paragraph % 31) days; savings measured in seconds, Wiederholungen \(paragraph * 7 % 101).\n\n"
      if paragraph == 900 { text += "Retention falls off sharply within the first hour after learning.\n\n" }
    }
    return text
  }()

  @Test func aLargeSourcesResidentQuotationIndexKeepsNoTextAndChecksAgainstTheTextReadAgain() throws {
    let path = "sources/ebbinghaus1885.md"
    let note = "He found: “Retention falls off sharply within the first hour” [@ebbinghaus1885].\n"
    let fixture = WorkspaceFixture(files: [path: Self.largeSource, "notes/e.md": note])
    try fixture.start()
    let workspace = fixture.client.server.roots.first?.workspace
    #expect(workspace?.residentQuoteIndexTextBytes == [path: 0])
    #expect(fixture.codes("notes/e.md") == [])
    fixture.open("notes/e.md", note)
    fixture.replace("notes/e.md", with: note.replacingOccurrences(of: "first hour", with: "first day"), version: 2)
    #expect(fixture.codes("notes/e.md") == ["quote-mismatch"])
    fixture.replace("notes/e.md", with: note.replacingOccurrences(of: "He found", with: "Ebbinghaus found"), version: 3)
    #expect(fixture.codes("notes/e.md") == [])
    #expect(fixture.client.server.roots.first?.workspace.residentQuoteIndexTextBytes == [path: 0])
  }
}
