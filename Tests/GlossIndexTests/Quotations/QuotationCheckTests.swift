import Foundation
import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Source documents in English, Vietnamese, German and CJK, as Markdown, plain text with form feeds, and HTML.
enum QuoteSources {
  /// Lines 7–8 hold section 1's paragraph, lines 12–13 section 2's.
  static let bartlett = """
    ---
    id: bartlett1932
    title: Remembering
    ---
    # 1 Introduction

    Remembering is not the re-excitation of innumerable fixed, lifeless and
    fragmentary traces. It is an imaginative reconstruction, or construction.

    # 2 The method of repeated reproduction

    The War of the Ghosts was read twice by each subject. The story
    was not remembered as a whole; the subjects found it strange.

    """

  /// Two pages.
  static let ebbinghaus =
    "Memory fades along a curve of forgetting that is steep at first.\n\u{0C}"
    + "Relearning saves time: the savings method measures what is retained.\n"

  /// Two pages, German.
  static let müller =
    "Das Gedächtnis ist keine Kamera, sondern eine Straße der Erinnerung.\n\n\u{0C}"
    + "Auf Seite zwei steht: Vergessen ist nicht das Gegenteil des Erinnerns, sondern sein Begleiter.\n"

  /// Vietnamese, the sentence broken across two lines.
  static let trần = "Ký ức không phải là bản sao, mà là một sự tái tạo\nđầy tưởng tượng của người nhớ.\n"

  /// Chinese on line 2, Japanese on line 3 of the file.
  static let liu = """
    <html><head><title>記憶</title></head><body>
    <p>记忆不是录像，而是一种富有想象力的重建。</p>
    <p>記憶は再構成であり、写真ではない。</p>
    </body></html>

    """

  /// The workspace's sources, by path.
  static let files: [String: String] = [
    "sources/bartlett1932.md": bartlett, "sources/ebbinghaus1885.txt": ebbinghaus,
    "sources/müller2001.txt": müller, "sources/trần2020.md": trần, "sources/liu1936.html": liu,
  ]
}

@Suite struct QuotationCheckTests {
  /// A note whose quotations must all be found.
  static let matching: [String] = [
    "Bartlett: \"an imaginative reconstruction\" [@bartlett1932, § 1].\n",
    "Voilà [@bartlett1932, sec. 1, \"not the re-excitation of innumerable fixed, lifeless and fragmentary traces\"].\n",
    "> The War of the Ghosts was read twice … The story was not remembered as a whole\n> — [@bartlett1932, § 2]\n",
    "Ebbinghaus wrote of a “curve of forgetting” [@ebbinghaus1885, p. 1].\n",
    "He said \"the [relearning] method measures what is retained\" [@ebbinghaus1885, p. 2].\n",
    "Trần viết “một sự tái tạo đầy tưởng tượng” [@trần2020].\n",
    "Müller [@müller2001, p. 2, \"Vergessen ist nicht das Gegenteil des Erinnerns\"].\n",
    "> Das Gedächtnis ist keine Kamera, sondern eine Straße der Erinnerung.\n> -- [@müller2001, p. 1]\n",
    "Liu: \"记忆不是录像\" [@liu1936]; 「写真ではない」 \"記憶は再構成であり\" [@liu1936].\n",
    "劉は「記憶は再構成であり」[@liu1936]と書いた。『写真ではない』[@liu1936]\n",
  ]

  /// A note with one quotation that must not be found, marked.
  static let mismatching: [String] = [
    // One changed word.
    "Bartlett: \"⏩an imaginative reconstitution⏪\" [@bartlett1932].\n",
    // A dropped "not".
    "\"⏩Remembering is the re-excitation of innumerable fixed, lifeless and fragmentary traces⏪\" [@bartlett1932].\n",
    // Reordered pieces.
    "\"⏩or construction … an imaginative reconstruction⏪\" [@bartlett1932, § 1].\n",
    // The right words on the wrong page, and in the wrong section.
    "A “⏩curve of forgetting⏪” [@ebbinghaus1885, p. 2].\n",
    "[@bartlett1932, § 1, \"⏩The War of the Ghosts was read twice⏪\"]\n",
    // Vietnamese, German (dropped "nicht") and Chinese (dropped 不) in each kind of quotation.
    "Trần viết “⏩một sự tái tạo đầy sáng tạo⏪” [@trần2020].\n",
    "Müller [@müller2001, p. 2, \"⏩Vergessen ist das Gegenteil des Erinnerns⏪\"].\n",
    "> ⏩记忆是录像，而是一种富有想象力的重建。⏪\n> — [@liu1936]\n",
    "劉は「⏩記憶は再構成ではない⏪」[@liu1936]と書いた。\n",
  ]

  @Test(arguments: matching)
  func quotationInTheSourceIsFound(note: String) {
    checkDiagnostics(QuoteSources.files.merging(["notes/ghi chú.md": note]) { $1 }, [:])
  }

  @Test(arguments: mismatching)
  func quotationNotInTheSourceIsAMismatch(note: String) {
    checkDiagnostics(
      QuoteSources.files.merging(["notes/ghi chú.md": note]) { $1 }, ["notes/ghi chú.md": ["quote-mismatch"]])
  }

  /// The diagnostics of `note` checked against the sources.
  private func diagnostics(_ note: String) -> [Diagnostic] {
    let workspace = Fixture.workspace(QuoteSources.files.merging(["a.md": note]) { $1 })
    return workspace.diagnostics(for: "a.md")
  }

  @Test func messageNamesTheClosestLinesOfTheFileAndHowAlike() throws {
    let one = try #require(diagnostics("\"an imaginative reconstitution\" [@bartlett1932].\n").first)
    #expect(one.severity == .warning)
    #expect(
      one.message.hasPrefix(
        "quotation not found in 'bartlett1932' (bartlett1932.md); closest: § 1 Introduction, l. 8, "),
      "\(one.message)")
    #expect(one.message.hasSuffix("% alike: “an imaginative reconstruction”"), "\(one.message)")
    let two = try #require(
      diagnostics("\"Remembering is the re-excitation of innumerable fixed, lifeless and fragmentary\" [@bartlett1932]")
        .first)
    #expect(
      two.message.hasPrefix(
        "quotation not found in 'bartlett1932' (bartlett1932.md); closest: § 1 Introduction, ll. 7-8"))
    // HTML: lines of the file, not of the extracted text.
    let html = try #require(diagnostics("\"記憶は再構成ではない\" [@liu1936]").first)
    #expect(html.message.hasPrefix("quotation not found in 'liu1936' (liu1936.html); closest: l. 3, "))
  }

  @Test func messageQuotesTheClosestWordsBoundedAtAWordBoundary() throws {
    let vietnamese = try #require(diagnostics("“một sự tái tạo đầy sáng tạo” [@trần2020]").first?.message)
    #expect(vietnamese.hasSuffix("% alike: “một sự tái tạo đầy tưởng tượng”"), "\(vietnamese)")
    let long = try #require(
      diagnostics(
        "\"Remembering is not the re-excitation of innumerable fixed, lifeless and fragmentary traces. "
          + "It is an imaginary reconstruction, or construction\" [@bartlett1932]"
      ).first?.message)
    let quoted = try #require(long.split(separator: "“").last)
    #expect(quoted.hasPrefix("Remembering is not the re-excitation of innumerable"), "\(long)")
    #expect(quoted.hasSuffix("…”"), "\(long)")
    #expect(quoted.count <= QuoteCheck.quotedWordsLimit + 1, "\(long)")
  }

  @Test func percentageSaysHowAlike() throws {
    let message = try #require(diagnostics("\"Das Gedächtnis ist eine Kamera\" [@müller2001, p. 1]").first?.message)
    let tail = message.split(separator: "%").first?.split(separator: ",").last ?? ""
    let percent = Int(tail.trimmingCharacters(in: .whitespaces))
    #expect(percent.map { (50..<100).contains($0) } == true, "\(message)")
  }

  @Test func nothingAlikeNamesNoPassageAndOffersNoFix() throws {
    let workspace = Fixture.workspace(
      QuoteSources.files.merging(["a.md": "\"quantum chromodynamics of gluons\" [@bartlett1932].\n"]) { $1 })
    let diagnostic = try #require(workspace.diagnostics(for: "a.md").first)
    #expect(diagnostic.message == "quotation not found in 'bartlett1932' (bartlett1932.md)")
    #expect(workspace.quoteFix(for: diagnostic) == nil)
  }

  @Test(arguments: [
    "Bartlett: \"an imaginative reconstitution\" [@bartlett1932].\n",
    "\"Remembering is the re-excitation of innumerable fixed, lifeless and fragmentary traces\" [@bartlett1932].\n",
    "> Remembering is the re-excitation of innumerable\n> fixed, lifeless and fragmentary traces.\n> — [@bartlett1932]\n",
    "Trần viết “một sự tái tạo đầy sáng tạo” [@trần2020].\n",
    "Müller [@müller2001, p. 2, \"Vergessen ist das Gegenteil des Erinnerns\"].\n",
  ])
  func fixReplacesTheQuotationWithTheSourcesWords(note: String) throws {
    var workspace = Fixture.workspace(QuoteSources.files.merging(["a.md": note]) { $1 })
    let diagnostic = try #require(workspace.diagnostics(for: "a.md").first { $0.code == "quote-mismatch" })
    let fix = try #require(workspace.quoteFix(for: diagnostic))
    #expect(fix.path == "a.md")
    #expect(fix.range == diagnostic.range)
    #expect(!fix.newText.contains("\n"))
    #expect(!fix.newText.contains("  "))
    var bytes = Array(note.utf8)
    bytes.replaceSubrange(fix.range, with: Array(fix.newText.utf8))
    workspace.setNote(path: "a.md", bytes: bytes)
    #expect(workspace.diagnostics(for: "a.md").map(\.code) == [], "\(String(decoding: bytes, as: UTF8.self))")
  }

  @Test func fixTextIsTheSourcePassageOnOneLine() throws {
    let workspace = Fixture.workspace(
      QuoteSources.files.merging([
        "a.md":
          "\"Remembering is the re-excitation of innumerable fixed, lifeless and fragmentary traces\" [@bartlett1932]"
      ]) { $1 })
    let diagnostic = try #require(workspace.diagnostics(for: "a.md").first)
    #expect(
      workspace.quoteFix(for: diagnostic)?.newText
        == "Remembering is not the re-excitation of innumerable fixed, lifeless and fragmentary traces")
    #expect(QuoteFix.title == "replace with the source's words")
  }

  @Test func quoteCheckOffChecksNothing() {
    var config = WorkspaceConfig()
    config.quoteCheck = false
    checkDiagnostics(
      QuoteSources.files.merging([
        "a.md": "\"an imaginative reconstitution\" [@bartlett1932] and \"mots\" [@nowhere2000, ⏩p. 3⏪].\n",
        "refs.bib": "@book{nowhere2000, title = {Nulle part}}\n",
      ]) { $1 },
      ["a.md": ["no-text"]], config: config)
  }

  @Test func quotationOnASourceWithoutTextHasOneHintPerItem() {
    checkDiagnostics(
      [
        "refs.bib": "@book{nowhere2000, title = {Nulle part}}\n",
        "a.md":
          "[@nowhere2000, ⏩p. 3⏪, \"la mémoire\"] et \"⏩l'oubli⏪\" [@nowhere2000] [@nowhere2000, chap. 2, \"⏩rien⏪\"]\n",
      ],
      ["a.md": ["no-text", "no-text", "no-text"]])
  }

  @Test func sourceEditThatFixesOrBreaksAQuotationRepublishesTheNote() {
    var workspace = Fixture.workspace(
      QuoteSources.files.merging([
        "notes/a.md": "Ebbinghaus: “a curve of remembering” [@ebbinghaus1885, p. 1].\n", "notes/b.md": "Rien.\n",
      ]) { $1 })
    #expect(workspace.diagnostics(for: "notes/a.md").map(\.code) == ["quote-mismatch"])
    let fixed = QuoteSources.ebbinghaus.replacingOccurrences(
      of: "a curve of forgetting", with: "a curve of remembering")
    var changed = workspace.setSourceDocument(path: "sources/ebbinghaus1885.txt", bytes: Array(fixed.utf8))
    #expect(changed == ["sources/ebbinghaus1885.txt", "notes/a.md"])
    #expect(workspace.diagnostics(for: "notes/a.md") == [])
    changed = workspace.setSourceDocument(
      path: "sources/ebbinghaus1885.txt", bytes: Array(QuoteSources.ebbinghaus.utf8))
    #expect(changed == ["sources/ebbinghaus1885.txt", "notes/a.md"])
    #expect(workspace.diagnostics(for: "notes/a.md").map(\.code) == ["quote-mismatch"])
    // The same text again changes nothing.
    changed = workspace.setSourceDocument(
      path: "sources/ebbinghaus1885.txt", bytes: Array(QuoteSources.ebbinghaus.utf8))
    #expect(changed == ["sources/ebbinghaus1885.txt"])
  }

  @Test func entryGainingItsTextThroughAFileFieldChecksTheQuotation() {
    var workspace = Fixture.workspace([
      "refs.bib": "@book{loftus1974, title = {Reconstruction}}\n",
      "texts/loftus.txt": "",
      "a.md": "Loftus: “smashed into each other” [@loftus1974].\n",
    ])
    #expect(workspace.diagnostics(for: "a.md").map(\.code) == ["no-text"])
    workspace.setSourceDocument(path: "texts/loftus.txt", bytes: Array("How fast were the cars going?\n".utf8))
    let changed = workspace.setBibliography(
      path: "refs.bib", bytes: Array("@book{loftus1974, title = {Reconstruction}, file = {texts/loftus.txt}}\n".utf8))
    #expect(changed.contains("a.md"))
    #expect(workspace.diagnostics(for: "a.md").map(\.code) == ["quote-mismatch"])
    workspace.setSourceDocument(
      path: "texts/loftus.txt", bytes: Array("How fast were the cars going when they smashed into each other?\n".utf8))
    #expect(workspace.diagnostics(for: "a.md") == [])
  }

  @Test func noteEditKeepsTheChecksOfUnchangedQuotations() {
    let files = QuoteSources.files.merging([
      "a.md": "“curve of forgetting” [@ebbinghaus1885, p. 1] and “curve of remembering” [@ebbinghaus1885, p. 1].\n"
    ]) { $1 }
    var workspace = Fixture.workspace(files)
    let edited = "Ajouté — " + (files["a.md"] ?? "")
    workspace.setNote(path: "a.md", bytes: Array(edited.utf8))
    let fresh = Fixture.workspace(files.merging(["a.md": edited]) { $1 })
    #expect(workspace.diagnostics(for: "a.md") == fresh.diagnostics(for: "a.md"))
    #expect(workspace.diagnostics(for: "a.md").map(\.code) == ["quote-mismatch"])
  }

  @Test func hoverSaysWhereTheQuotationWasFound() {
    let marked = MarkedText(
      "Ebbinghaus: “curve 1️⃣of forgetting” [@ebbing2️⃣haus1885, p. 1] then “a curve of 3️⃣remembering” [@ebbinghaus1885].\n"
        + "Trần [@trần2020, \"đầy 4️⃣tưởng tượng\"] [@bartlett1932, § 5️⃣1]\n")
    let workspace = Fixture.workspace(QuoteSources.files.merging(["a.md": marked.text]) { $1 })
    func summary(_ marker: String) -> String? {
      workspace.quotationCheck(at: marked.cursors[marker] ?? -1, in: "a.md")?.summary
    }
    #expect(summary("1") == "quotation found in 'ebbinghaus1885' (ebbinghaus1885.txt), p. 1")
    #expect(summary("2") == "quotation found in 'ebbinghaus1885' (ebbinghaus1885.txt), p. 1")
    #expect(
      summary("3")?.hasPrefix("quotation not found in 'ebbinghaus1885' (ebbinghaus1885.txt); closest: p. 1, ") == true)
    #expect(summary("4") == "quotation found in 'trần2020' (trần2020.md), l. 2")
    #expect(summary("5") == nil)
    let item = workspace.quotationChecks(in: "a.md", citationIndex: 0, itemIndex: 0)
    #expect(item.map(\.summary) == ["quotation found in 'ebbinghaus1885' (ebbinghaus1885.txt), p. 1"])
    #expect(workspace.quotationChecks(in: "a.md", citationIndex: 3, itemIndex: 0) == [])
  }

  @Test func citationHoverStartsWithTheQuotationCheck() throws {
    let marked = MarkedText(
      "“curve of forgetting” [@ebbing1️⃣haus1885, p. 1] and “a curve of remembering” [@ebbing2️⃣haus1885, p. 1].\n")
    let workspace = Fixture.workspace(QuoteSources.files.merging(["a.md": marked.text]) { $1 })
    let found = try #require(workspace.hover(at: marked.cursors["1"] ?? -1, in: "a.md"))
    #expect(
      found.markdown.hasPrefix(
        "✓ quotation found in 'ebbinghaus1885' (ebbinghaus1885.txt), p. 1\n\n"
          + "> Memory fades along a **curve of forgetting** that is steep at first.\n\n"),
      "\(found.markdown)")
    let missed = try #require(workspace.hover(at: marked.cursors["2"] ?? -1, in: "a.md"))
    #expect(
      missed.markdown.hasPrefix(
        "✗ quotation not found in 'ebbinghaus1885' (ebbinghaus1885.txt); closest: p. 1, "),
      "\(missed.markdown)"
    )
  }

  @Test func fixOfAChangedLastWordKeepsThatWord() throws {
    let workspace = Fixture.workspace(
      QuoteSources.files.merging(["a.md": "\"an imaginative reconstitution\" [@bartlett1932]"]) { $1 })
    let diagnostic = try #require(workspace.diagnostics(for: "a.md").first)
    // The closest passage is aligned to the whole quotation: the changed last word maps to the source's.
    #expect(workspace.quoteFix(for: diagnostic)?.newText == "an imaginative reconstruction")
  }

  @Test func largeSourceKeepsItsIndexAcrossEditsAndDropsItWhenTheTextChanges() {
    // Over 256 KB: its index stays resident between checks.
    let filler = String(repeating: "Ký ức và lãng quên, 記憶と忘却, Gedächtnis und Vergessen.\n", count: 5_000)
    let large = filler + "The curve of forgetting is steep at first.\n" + filler
    var workspace = Fixture.workspace([
      "sources/large.txt": large, "a.md": "“a curve of oblivion is steep” [@large].\n",
    ])
    #expect(workspace.diagnostics(for: "a.md").map(\.code) == ["quote-mismatch"])
    workspace.setNote(path: "a.md", bytes: Array("“The curve of forgetting is steep” [@large].\n".utf8))
    #expect(workspace.diagnostics(for: "a.md") == [])
    let changed = workspace.setNote(path: "a.md", bytes: Array("“The curve of remembering is steep” [@large].\n".utf8))
    #expect(changed == ["a.md"])
    #expect(
      workspace.diagnostics(for: "a.md").first?.message.hasPrefix(
        "quotation not found in 'large' (large.txt); closest: l. 5001, ") == true)
    let edited = large.replacingOccurrences(of: "curve of forgetting", with: "curve of remembering")
    #expect(workspace.setSourceDocument(path: "sources/large.txt", bytes: Array(edited.utf8)).contains("a.md"))
    #expect(workspace.diagnostics(for: "a.md") == [])
  }
}
