import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// `gloss find`'s search apart from the workspace (`DetachedFind`, what the kept image holds): it reads each source
/// the chunks' filters name again, and answers as the workspace does, or nil when a source's text is no longer the
/// one searched.
@Suite struct DetachedFindTests {
  /// The find tests' sources (Markdown, plain text with pages, HTML whose text is not its file), a source that holds
  /// the phrase's words apart, and a source with a blank page.
  static let files = FindTests.files.merging([
    "sources/apart.txt": "The reconstruction was imaginative, and never a copy.\n",
    "sources/pages.txt": "One page of traces.\n\u{0C}\n\u{0C}Fragmentary traces again, on the third.\n",
  ]) { $1 }

  /// The bytes of each file of `files`.
  static let bytes = Dictionary(uniqueKeysWithValues: files.map { ($0.key, Array(MarkedText($0.value).text.utf8)) })

  /// Found, across a line, on the third page, in HTML, in several places, and not found (the closest passages).
  static let phrases = [
    "imaginative reconstruction", "lifeless and fragmentary traces", "fragmentary traces", "富有想象力的重建",
    "the savings method", "an imaginative copy", "zyxw qvut",
  ]

  @Test(arguments: phrases)
  func theDetachedSearchAnswersAsTheWorkspace(_ phrase: String) throws {
    let workspace = Fixture.workspace(Self.files)
    let detached = try #require(workspace.detachedFind)
    let answer = detached.find(phrase, limit: 50) { Self.bytes[$0] }
    #expect(answer == workspace.find(phrase, limit: 50))
  }

  /// A source the search reads whose text has another length now makes it answer nil, whether the phrase is found
  /// there or the source is only one the closest passages are looked for in (none is found there) (the caller then indexes the
  /// workspace): never an answer from a text that is not the one searched.
  @Test(arguments: [
    ("imaginative reconstruction", "sources/hunt2002.md"), ("an imaginative copy", "sources/apart.txt"),
  ])
  func aSourceWhoseTextChangedMakesTheSearchAnswerNil(phrase: String, path: String) throws {
    let workspace = Fixture.workspace(Self.files)
    let detached = try #require(workspace.detachedFind)
    var read: Set<String> = []
    #expect(
      detached.find(phrase, limit: 50) {
        read.insert($0); return Self.bytes[$0]
      } == workspace.find(phrase, limit: 50))
    #expect(read.contains(path))
    let longer = detached.find(phrase, limit: 50) { read in
      read == path ? (Self.bytes[read] ?? []) + Array(" More.".utf8) : Self.bytes[read]
    }
    #expect(longer == nil)
    #expect(detached.find(phrase, limit: 50) { $0 == path ? nil : Self.bytes[$0] } == nil)
  }
}
