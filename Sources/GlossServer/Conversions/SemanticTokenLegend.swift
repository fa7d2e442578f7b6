package import GlossIndex
package import GlossSyntax
package import LanguageServerProtocol

/// The semantic-token legend Gloss advertises, and the delta encoding of note tokens in it.
///
/// Standard LSP names only, so every client's theme colours them: a cited key is a `variable`, a locator a
/// `parameter`, a tag a `decorator`, a wiki link's target a `namespace` and its heading a `property`, a
/// cross-reference or label an `enumMember` (a label with the `declaration` modifier); a key no source has, a
/// cross-reference to no label, or a link to no note or heading, carries the `deprecated` modifier.
package enum SemanticTokenLegend {
  /// The legend sent in the capabilities.
  package static let legend = SemanticTokensLegend(
    tokenTypes: ["variable", "parameter", "decorator", "namespace", "property", "enumMember"],
    tokenModifiers: ["deprecated", "declaration"])

  /// The index of a token kind in `legend.tokenTypes`.
  package static func typeIndex(of kind: NoteToken.Kind) -> Int {
    switch kind {
    case .citationKey: return 0
    case .locator: return 1
    case .tag: return 2
    case .wikiLinkTarget: return 3
    case .wikiLinkAnchor: return 4
    case .crossref: return 5
    }
  }

  /// The modifier bits of a token.
  package static func modifiers(of token: NoteToken) -> Int {
    (token.isUnresolved ? 1 : 0) | (token.isDeclaration ? 2 : 0)
  }

  /// LSP's five-integer delta encoding of `tokens` (sorted, not overlapping) in `text`: each token is split at line
  /// ends (a token may not span lines), and columns and lengths count units of `encoding`.
  package static func encode(_ tokens: [NoteToken], in text: SourceText, encoding: PositionEncoding) -> [Int] {
    var data: [Int] = []
    data.reserveCapacity(tokens.count * 5)
    var previousLine = 0
    var previousColumn = 0
    // Where the previous token started: columns on its line are counted from there, not from the line start.
    var previousOffset = 0
    for token in tokens {
      let type = typeIndex(of: token.kind)
      let modifiers = modifiers(of: token)
      let firstLine = text.line(containing: token.range.lowerBound)
      let lastLine = text.line(containing: token.range.upperBound)
      for line in firstLine...max(firstLine, lastLine) {
        let lineRange = text.lineRange(line)
        let lower = max(token.range.lowerBound, lineRange.lowerBound)
        let upper = min(token.range.upperBound, lineRange.upperBound)
        guard lower < upper else { continue }
        let sameLine = line == previousLine && previousOffset >= lineRange.lowerBound && previousOffset <= lower
        let column =
          sameLine
          ? previousColumn + text.units(in: previousOffset..<lower, encoding: encoding)
          : text.units(in: lineRange.lowerBound..<lower, encoding: encoding)
        let deltaLine = line - previousLine
        data.append(deltaLine)
        data.append(deltaLine == 0 ? column - previousColumn : column)
        data.append(text.units(in: lower..<upper, encoding: encoding))
        data.append(type)
        data.append(modifiers)
        previousLine = line
        previousColumn = column
        previousOffset = lower
      }
    }
    return data
  }
}
