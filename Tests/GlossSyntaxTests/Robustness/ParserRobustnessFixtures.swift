/// Realistic inputs for `ParserRobustnessTests`, and the ways it damages them.
enum ParserRobustnessFixtures {
  static let note = """
    ---
    title: "Trí nhớ tập thể: ghi chú"
    tags: [memory, "ký ức", 記憶]
    aliases:
      - collective memory
      - 集体记忆
    bibliography: refs.bib
    ---

    # Trí nhớ và quên 🧠

    Halbwachs argues that memory is social [see @halbwachs1925, pp. 33-35, "the framework of memory"; @nora1984].
    @bartlett1932 [ch. 5] shows reconstruction; compare [-@assmann2011, § 2.1] and [@{doi:10/xyz}, p. 4].

    > "Remembering is not the re-excitation of innumerable fixed, lifeless and fragmentary traces."
    > [@bartlett1932, p. 213]

    1. First, a list with [[Wiki Link#Heading|label]] and #tag/sub.
       - nested item citing @schacter1996 and [a link](notes/other.md#section "title")
         - deeper `code with @notacitation` and <https://example.org/@x>
    2. Second item[^1].

    [^1]: A footnote citing [@connerton1989, para. 3].

    | Column | Citation |
    |--------|----------|
    | ngữ cảnh | [@wertsch2002, sec. Methods] |

    ```swift
    let x = "[@insideCode]"
    ```

    <!-- a comment with [@hidden] -->

    Setext heading
    --------------

    Final paragraph with an e-mail me@example.org, ![image](assets/a.png), and 中文 [@zhang2019, 第3页].
    """

  static let bibTeX = #"""
    % A comment line with @article{fake,
    @string{jmem = "Journal of Memory"}
    @string{ pub = {Oxford} # " University Press" }
    @preamble{ "\newcommand{\noop}[1]{}" }
    @comment{ anything {balanced} here }

    @book{halbwachs1925,
      author    = {Halbwachs, Maurice and {World Health Organization} and van Gogh, Vincent and others},
      title     = {Les cadres sociaux de la m{\'e}moire},
      publisher = pub,
      year      = 1925,
      file      = {Full text:sources/halbwachs.pdf:PDF},
    }

    @article{nguyen2020,
      author  = "Nguy{\~{\^e}}n, V{\u a}n An and Tr{\`a}n, Th{\d i}",
      title   = "Ký ức {\"a}nd {\ss} ~ \& \% $\alpha$",
      journal = jmem,
      volume  = {12}, number = 3, pages = {33--45},
      month   = may,
      doi     = {10.1000/xyz},
    }

    @online(zhang2019, title = {中文标题 {嵌套 {很深}}}, url = {https://example.org/a_b%20c}, year = {2019})
    @misc{broken, title = {unterminated
    @incollection{after,
      title = {Still loads},
      booktitle = {Collected}}
    """#

  static let cslJSON = #"""
    [
      {"id": "nguyễn2020", "type": "article-journal", "title": "Ký ức \"tập thể\" 🧠 \u00e9\ud83d\ude00",
       "author": [{"family": "Nguyễn", "given": "Văn An"}, {"literal": "World Health Organization"}],
       "issued": {"date-parts": [[2020, 5, 1]]}, "container-title": "Tạp chí", "volume": 12,
       "page": "33-45", "URL": "https://example.org/a", "DOI": "10.1/x"},
      {"id": 42, "issued": {"raw": "May 1932"}, "note": null, "flag": true, "score": -1.5e3},
      {"id": "lit", "issued": {"literal": "circa 1850"}, "editor": [{"family": "Smith"}]},
      {"type": "book", "title": "no id here"},
      {"id": "zh", "title": "中文", "author": [{"family": "张", "given": "三"}]}
    ]
    """#

  static let html = """
    <!DOCTYPE html>
    <html><head><title>Trí nhớ &amp; quên</title><meta name="author" content="Nguyễn Văn An">
    <style>p { color: red; }</style><script>var s = "<p>not text</p>";</script></head>
    <body><h1>Chương 1</h1><p>Đoạn một nói về <b>trí nhớ</b> &mdash; &#x1F9E0; &lt;tag&gt;.</p>
    <!-- comment <p>hidden</p> -->
    <h2>2.1 Methods</h2><p>Second paragraph<br>with a break, 中文 and emoji 😀.</p><pre>  keep   spaces
    </pre><ul><li>one</li><li>two</li></ul><table><tr><td>a</td><td>b</td></tr></table>
    </body></html>
    """

  static let markdownSource = """
    ---
    id: bartlett1932
    title: Remembering
    author: [Bartlett, Frederic]
    year: 1932
    ---

    # Chapter 1

    Remembering is not the re-excitation of innumerable fixed, lifeless and fragmentary traces.

    ## 1.1 Ký ức

    Đoạn văn thứ hai với chữ Việt và 中文。\u{0C}Page two starts here, after a form feed.

    It is an imaginative reconstruction, or construction, built out of the relation of our attitude.
    """

  static let plainText = """
    CHAPTER I

    Remembering is not the re-excitation of innumerable fixed, lifeless and fragmentary traces. It is an \
    imaginative recon-
    struction, or construction.\u{0C}
    1.2 Second section

    Line after a form feed, with “curly quotes”, a dash — and ellipsis… and 日本語のテキスト.\r\nCRLF line.\rCR line.
    """

  /// Tokens inserted by `mutated`: the characters that open or close a construct in some parser.
  static let insertions: [[UInt8]] = [
    "[", "]", "@", "{", "}", "\"", "<", ">", "---\n", "```", "`", "\n", "- ", "> ", "\\", "(", ")", "#", "%", "<!--",
    "-->", ",", "[@", "@{", "\n---\n", "<script>", "&#", ";", ":", "|", "\r", "\u{0C}", "é", "😀", "...",
  ].map { Array($0.utf8) }

  /// Byte sequences that are not UTF-8: lone continuation, truncated sequences, overlong, surrogate, out of range.
  static let invalidUTF8: [[UInt8]] = [
    [0x80], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
    [0xFF], [0xFE, 0xFF],
  ]

  /// `count` damaged copies of `bytes`: bytes flipped, tokens and invalid UTF-8 inserted, spans cut or repeated.
  static func mutated(_ bytes: [UInt8], count: Int, seed: UInt64) -> [[UInt8]] {
    var generator = SourceDocumentRobustnessTests.Generator(state: seed)
    func random(_ n: Int) -> Int { n <= 0 ? 0 : Int(generator.next() % UInt64(n)) }
    return (0..<count).map { _ in
      var copy = bytes
      for _ in 0...random(6) {
        let at = random(copy.count + 1)
        switch random(6) {
        case 0 where at < copy.count:
          copy[at] ^= UInt8(truncatingIfNeeded: 1 << random(8))
        case 1:
          copy.insert(contentsOf: insertions[random(insertions.count)], at: at)
        case 2:
          copy.insert(contentsOf: invalidUTF8[random(invalidUTF8.count)], at: at)
        case 3:
          copy.removeSubrange(at..<min(copy.count, at + random(20)))
        case 4:
          let span = Array(copy[at..<min(copy.count, at + random(40))])
          copy.insert(contentsOf: span, at: random(copy.count + 1))
        default:
          copy.insert(
            contentsOf: repeatElement(insertions[random(insertions.count)], count: random(30)).joined(), at: at)
        }
      }
      return copy
    }
  }

  /// Every `step`-th prefix of `bytes`, the whole included.
  static func truncations(_ bytes: [UInt8], step: Int) -> [[UInt8]] {
    stride(from: 0, through: bytes.count, by: step).map { Array(bytes[0..<$0]) } + [bytes]
  }

  /// Random bytes, and random strings of markup characters, of random lengths up to `length`.
  static func randomInputs(count: Int, length: Int, seed: UInt64) -> [[UInt8]] {
    var generator = SourceDocumentRobustnessTests.Generator(state: seed)
    let markup = Array(insertions.joined()) + Array("abc 12 p. pp. § ¶ \t\n".utf8)
    return (0..<count).map { round in
      let size = Int(generator.next() % UInt64(length + 1))
      return round % 2 == 0 ? generator.bytes(size) : generator.bytes(size, from: markup)
    }
  }
}
