package import GlossSyntax
package import LanguageServerProtocol

/// Conversions between UTF-8 offsets in a `SourceText` and LSP positions in the negotiated encoding.
extension SourceText {
  /// The UTF-8 offset of an LSP position (clamped into the text; negative numbers count as 0).
  package func offset(of position: Position, in encoding: PositionEncoding) -> Int {
    offset(of: TextPosition(line: max(0, position.line), column: max(0, position.character)), in: encoding)
  }

  /// The UTF-8 range of an LSP range (clamped; an end before the start gives an empty range at the start).
  package func range(of range: LSPRange, in encoding: PositionEncoding) -> Range<Int> {
    let start = offset(of: range.start, in: encoding)
    return start..<max(start, offset(of: range.end, in: encoding))
  }

  /// The LSP position of a UTF-8 offset.
  package func lspPosition(of offset: Int, in encoding: PositionEncoding) -> Position {
    let position = position(of: offset, in: encoding)
    return Position(line: position.line, character: position.column)
  }

  /// The LSP range of a UTF-8 range.
  package func lspRange(of range: Range<Int>, in encoding: PositionEncoding) -> LSPRange {
    LSPRange(
      start: lspPosition(of: range.lowerBound, in: encoding), end: lspPosition(of: range.upperBound, in: encoding))
  }
}
