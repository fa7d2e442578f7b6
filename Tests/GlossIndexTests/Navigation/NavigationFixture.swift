import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// A multi-file workspace for hover, definition, references and code lens tests: notes with non-ASCII text before
/// the cursors, a BibTeX file, a CSL-JSON file, and source documents in Markdown, plain text (with form feeds) and
/// HTML. `⏩…⏪` ranges mark what the tests expect; `1️⃣…9️⃣` mark cursors.
enum NavigationFixture {
  static let files: [String: String] = [
    "refs.bib": """
    @article{⏩bartlett1932⏪,
      title = {Remembering: A Study in {E}xperimental *Psychology*},
      author = {Bartlett, Frederic C. and Piaget, Jean and Vygotsky, Lev and Luria, Alexander},
      year = {1932},
      journal = {Cambridge Review},
      doi = {10.1017/CBO9780511759185}
    }
    ⏩@book{⏩ngu1️⃣yen2020⏪, title = {Ký ức và lịch sử}, author = {Nguyễn, Văn An}, year = {2020}}⏪

    """,
    "library.csl.json": """
    [{"id": "⏩tanaka2019⏪", "type": "book", "title": "記憶の社会学",
      "author": [{"family": "田中", "given": "花子"}], "issued": {"date-parts": [[2019]]},
      "URL": "https://example.org/tanaka"}]
    """,
    "sources/bartlett1932.md": """
    ---
    title: Remembering (full text)
    ---
    # Remembering

    ⏩## 2.1 Methods

    Subjects read the story twice.
    The war of the ghosts 👻.⏪

    ## 2.2 Results

    Recall shortened.

    """,
    "sources/halbwachs.txt": "Page un.\n\u{0C}⏩Page deux : la mémoire collective.\n⏪\u{0C}Page trois.\n",
    "sources/page.html": """
    <html><head><title>Une page</title></head><body><h1>Titre</h1><p>Premier paragraphe.</p></body></html>
    """,
    "notes/hub.md": """
    ---
    title: Carrefour
    ---
    # H4️⃣ub

    Opening line of the hub.
    Second line.

    ⏩## Mé5️⃣thodes⏪

    Section text 🦉.

    ## Autre

    Other.

    """,
    "notes/a.md": """
    Tiếng Việt 日本語 🦉 ⏩[see @bart1️⃣lett1932, sec. 2.1]⏪ and [@halb2️⃣wachs, p. 2] et [[Carr3️⃣efour#Méthodes]].
    Aussi #mé4️⃣moire, [@nguyen2020, p. 4], [@unknow5️⃣nkey], [[nul6️⃣le]], [@page7️⃣, chap. 3], [@tanaka2019] 8️⃣.

    """,
    "notes/b.md": """
    # Bê

    [hub](hub.md) #Mémoire [@bartlett1932, p. 9] [@halbwachs] [[Carrefour]] [la section](hub.md#méthodes)

    """,
  ]

  /// The workspace built from `files`.
  static let workspace = Fixture.workspace(files)

  /// The offset of cursor `digit` in the file at `path`.
  static func cursor(_ digit: String, in path: String, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
    guard let offset = MarkedText(files[path] ?? "").cursors[digit] else {
      Issue.record("no cursor \(digit) in \(path)", sourceLocation: sourceLocation)
      return -1
    }
    return offset
  }

  /// The `⏩…⏪` ranges of the file at `path`, sorted by start.
  static func ranges(in path: String) -> [Range<Int>] { MarkedText(files[path] ?? "").ranges }

  /// The bytes of the file at `path`, markers removed.
  static func bytes(_ path: String) -> [UInt8]? { files[path].map { Array(MarkedText($0).text.utf8) } }
}
