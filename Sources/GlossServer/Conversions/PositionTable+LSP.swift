package import GlossSyntax
package import LanguageServerProtocol

/// Conversions from UTF-8 offsets in a released text to LSP positions, from the text's position table alone.
extension PositionTable {
  /// The LSP range of a UTF-8 range, as `SourceText.lspRange(of:in:)` gives it for the text the table was made from.
  package func lspRange(of range: Range<Int>, in encoding: PositionEncoding) -> LSPRange {
    let (start, end) = positions(of: range, in: encoding)
    return LSPRange(
      start: Position(line: start.line, character: start.column), end: Position(line: end.line, character: end.column))
  }
}
