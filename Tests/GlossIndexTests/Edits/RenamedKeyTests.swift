import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Keys that changed (docs/literature-notes.md): a cited key gone since an earlier run, whose work is under another
/// key now, is reported with that key, and fixed in every note at once.
@Suite struct RenamedKeyTests {
  static let before = """
    @article{smith2020, title = {The {River}: a study}, author = {Smith, Ann}, year = {2020}, doi = {10.1000/ABC}}
    @book{tran2019, title = {Ký ức}, author = {Trần, Bình}, year = {2019}}
    @book{other2019, title = {Other}, author = {Lee, Al}, year = {2019}}

    """
  static let after = """
    @article{smithRiver2020, title = {The River – A Study}, author = {Smith, A.}, year = {2021},
      doi = {https://doi.org/10.1000/abc}}
    @book{tranKyUc2019, title = {Ký Ức!}, author = {Trần, B.}, year = {2019}}
    @book{other2019, title = {Other}, author = {Lee, Al}, year = {2019}}

    """
  static let noteA = MarkedText("Tiếng Việt 日本語 🦉 [@⏩smith2020⏪, p. 4] và [@⏩tran2019⏪] [@⏩gone2000⏪]\n")
  static let noteB = MarkedText("😀😀 [see @⏩smith2020⏪; @other2019]\n")

  static func workspaces() -> (before: Workspace, after: Workspace) {
    var files = ["a.md": noteA.text, "b.md": noteB.text, "refs.bib": before]
    let old = Fixture.workspace(files)
    files["refs.bib"] = after
    var new = Fixture.workspace(files)
    new.setRememberedKeys(old.fingerprintsToRemember())
    return (old, new)
  }

  @Test func aRenamedKeyIsNamedByItsDOIOrByTitleAuthorAndYear() {
    let (old, new) = Self.workspaces()
    #expect(old.renamedKeys.isEmpty)
    #expect(
      new.renamedKeys == [
        RenamedKey(from: "smith2020", to: "smithRiver2020"), RenamedKey(from: "tran2019", to: "tranKyUc2019"),
      ])
    let messages = new.diagnostics(for: "a.md").map(\.message)
    #expect(
      messages == [
        "unknown source 'smith2020': was 'smith2020', now 'smithRiver2020'?",
        "unknown source 'tran2019': was 'tran2019', now 'tranKyUc2019'?", "unknown source 'gone2000'",
      ])
  }

  @Test func hoverOnTheGoneKeyNamesTheNewOne() throws {
    let (_, new) = Self.workspaces()
    let offset = try #require(Self.noteA.ranges.first?.lowerBound)
    let hover = try #require(new.hover(at: offset + 2, in: "a.md"))
    #expect(hover.markdown == "unknown source 'smith2020': was 'smith2020', now `smithRiver2020`?")
  }

  @Test func twoEntriesOfTheSameWorkGiveNoAnswer() {
    var files = ["a.md": "Ω [@tran2019]\n", "refs.bib": Self.before]
    let old = Fixture.workspace(files)
    files["refs.bib"] = Self.after + "@book{tranAgain2019, title = {Ký ức}, author = {Trần, Bình}, year = {2019}}\n"
    var new = Fixture.workspace(files)
    new.setRememberedKeys(old.fingerprintsToRemember())
    #expect(new.renamedKeys.isEmpty)
    #expect(new.diagnostics(for: "a.md").map(\.message) == ["unknown source 'tran2019'"])
  }

  @Test func withoutADOIEveryPartMustMatch() {
    var files = ["a.md": "[@tran2019]\n", "refs.bib": Self.before]
    let old = Fixture.workspace(files)
    files["refs.bib"] = "@book{tranKyUc2019, title = {Ký ức}, author = {Trần, Bình}, year = {2020}}\n"
    var new = Fixture.workspace(files)
    new.setRememberedKeys(old.fingerprintsToRemember())
    #expect(new.renamedKeys.isEmpty)
    // A key never known before is not traced, whatever entries exist.
    var fresh = Fixture.workspace(["a.md": "[@tran2019]\n", "refs.bib": Self.after])
    fresh.setRememberedKeys([:])
    #expect(fresh.renamedKeys.isEmpty)
  }

  @Test func theQuickFixRenamesTheKeyInEveryNote() throws {
    let (_, new) = Self.workspaces()
    let diagnostic = try #require(new.diagnostics(for: "a.md").first)
    let fixes = new.quickFixes(for: diagnostic)
    #expect(fixes.map(\.title) == ["rename 'smith2020' to 'smithRiver2020' in every note"])
    let change = try #require(fixes.first?.change)
    #expect(change.edits["a.md"]?.map(\.range) == [Self.noteA.ranges[0]])
    #expect(change.edits["b.md"]?.map(\.range) == [Self.noteB.ranges[0]])
    #expect(change.edits.values.flatMap { $0 }.allSatisfy { $0.newText == "smithRiver2020" })
  }

  @Test func aBibliographyChangeBringsTheHintToNotesAlreadyCitingTheGoneKey() {
    var files = ["a.md": "[@smith2020]\n", "refs.bib": Self.before]
    let old = Fixture.workspace(files)
    files["refs.bib"] = "@misc{x, title = {X}}\n"
    var new = Fixture.workspace(files)
    new.setRememberedKeys(old.fingerprintsToRemember())
    #expect(new.diagnostics(for: "a.md").map(\.message) == ["unknown source 'smith2020'"])
    new.setBibliography(path: "more.bib", bytes: Array(Self.after.utf8))
    #expect(
      new.diagnostics(for: "a.md").map(\.message) == [
        "unknown source 'smith2020': was 'smith2020', now 'smithRiver2020'?"
      ])
    // Still cited and gone: remembered for the next run too.
    #expect(new.fingerprintsToRemember()["smith2020"] != nil)
  }

  @Test func aKeyThatChangesWhileRunningIsNamedAtOnce() {
    // No earlier run: the library changes under the notes (a Zotero library read again, an export written anew).
    var workspace = Fixture.workspace(["a.md": Self.noteA.text, "b.md": Self.noteB.text, "refs.bib": Self.before])
    #expect(workspace.diagnostics(for: "b.md").isEmpty)
    let changed = workspace.setBibliography(path: "refs.bib", bytes: Array(Self.after.utf8))
    #expect(changed.isSuperset(of: ["a.md", "b.md"]))
    #expect(
      workspace.renamedKeys == [
        RenamedKey(from: "smith2020", to: "smithRiver2020"), RenamedKey(from: "tran2019", to: "tranKyUc2019"),
      ])
    #expect(
      workspace.diagnostics(for: "b.md").map(\.message) == [
        "unknown source 'smith2020': was 'smith2020', now 'smithRiver2020'?"
      ])
    // A key nobody cites is not remembered; a cited one is, for the next run too.
    #expect(workspace.fingerprintsToRemember()["smith2020"] != nil)
    workspace.setBibliography(path: "refs.bib", bytes: Array("@misc{x, title = {X}}\n".utf8))
    #expect(workspace.fingerprintsToRemember()["smithRiver2020"] == nil)
  }

  @Test func theQuickFixRenamesTheKeyOfTheLiteratureNotesToo() throws {
    let literature = MarkedText(
      "---\ncitekey: \"⏩@smith2020⏪\"\ntitle: Ký ức 🦉\n---\n\n> the river\n> — [@⏩smith2020⏪]\n")
    let other = "---\ncitekey: smith2020x\n---\n\n[@smith2020]\n"
    var workspace = Fixture.workspace([
      "a.md": Self.noteA.text, "smith2020.md": literature.text, "other.md": other, "refs.bib": Self.before,
    ])
    workspace.setBibliography(path: "refs.bib", bytes: Array(Self.after.utf8))
    let diagnostic = try #require(workspace.diagnostics(for: "a.md").first)
    let change = try #require(workspace.quickFixes(for: diagnostic).first?.change)
    #expect(change.edits["smith2020.md"]?.map(\.range).sorted { $0.lowerBound < $1.lowerBound } == literature.ranges)
    #expect(change.edits["smith2020.md"]?.map(\.newText).sorted() == ["@smithRiver2020", "smithRiver2020"])
    // Another key's literature note keeps its own.
    #expect(change.edits["other.md"]?.count == 1)
  }
}
