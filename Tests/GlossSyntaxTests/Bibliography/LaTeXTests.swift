import Foundation
import Testing

@testable import GlossSyntax

@Suite struct LaTeXTests {
  @Test(arguments: [
    (#"{\"o}"#, "ö"), (#"\"o"#, "ö"), (#"\'e"#, "é"), (#"{\'{e}}"#, "é"), (#"\^{o}"#, "ô"), (#"\`a"#, "à"),
    (#"\~n"#, "ñ"), (#"\=a"#, "ā"), (#"\.z"#, "ż"), (#"\u{a}"#, "ă"), (#"\v c"#, "č"), (#"\H{o}"#, "ő"),
    (#"\c{c}"#, "ç"), (#"\k{e}"#, "ę"), (#"\r{u}"#, "ů"), (#"\d{a}"#, "ạ"), (#"\'\i"#, "í"), (#"\v{\i}"#, "ǐ"),
    (#"\'{\^e}"#, "ế"), (#"\~{\u{a}}"#, "ẵ"), (#"\c{S}"#, "Ş"), (#"\"{}"#, ""), (#"\'"#, ""), (#"\c"#, ""),
    (#"\'{xy}"#, "x\u{301}y"), (#"\"🧠"#, "🧠\u{308}"),
  ])
  func composesAccents(source: String, expected: String) {
    let decoded = LaTeX.decode(Array(source.utf8)[...])
    #expect(Array(decoded.unicodeScalars) == Array(expected.precomposedStringWithCanonicalMapping.unicodeScalars))
  }

  @Test(arguments: [
    (#"\ss{}x \o x \O\ \ae\AE\oe\OE \l\L \aa\AA \i\j"#, "ßx øx Ø æÆœŒłŁåÅıȷ"),
    (##"\& \% \$ \# \_ \{ \}"##, "& % $ # _ { }"),
    ("a--b---c - d", "a–b—c - d"),
    ("no~break", "no\u{00A0}break"),
    ("``quoted''", "“quoted”"),
    (#"\emph{x} \textit{y} \textbf{z} {\em w} \textsc{v} \unknown{u}"#, "x y z w v u"),
    ("  spaced \n\t out  {  } ", "spaced out"),
    (#"$\alpha$-synuclein \LaTeX\ rocks"#, "α-synuclein LaTeX rocks"),
    (#"trailing \"#, "trailing"),
    ("{{{unbalanced", "unbalanced"),
    ("}}}closing", "closing"),
    ("Tiếng Việt 日本語 🧠", "Tiếng Việt 日本語 🧠"),
    (#"see \url{https://x.org/~me/a--b}."#, "see https://x.org/~me/a--b."),
    (#"\href{https://x.org}{the site} here"#, "the site here"),
    (#"{\noopsort{1973b}}1973"#, "1973"),
    (#"\url{unterminated"#, "unterminated"),
  ])
  func decodesText(source: String, expected: String) {
    #expect(LaTeX.decode(Array(source.utf8)[...]) == expected)
  }

  @Test func verbatimKeepsURLsButResolvesEscapes() {
    #expect(
      LaTeX.verbatim(Array(#" {https://x.org/a\_b--c~d?e=1&f=%20} "#.utf8)[...]) == "https://x.org/a_b--c~d?e=1&f=%20")
  }
}
