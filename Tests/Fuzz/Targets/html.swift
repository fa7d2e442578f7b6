@testable import GlossSyntax

/// HTML source text (and the same bytes read as Markdown and plain text, selected by the first byte): the text is
/// valid UTF-8, headings, paragraphs and pages lie inside it, text ⇄ file offsets map inside both and keep order,
/// and a second parse gives the same document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  let formats: [SourceFormat] = [.html, .html, .markdown, .plainText]
  let format = formats[Int(bytes.first ?? 0) % formats.count]
  let document = SourceDocument(parsing: bytes, format: format)
  fuzzCheck(document == SourceDocument(parsing: bytes, format: format), "a second parse of the same bytes differs")
  checkSourceDocument(document, fileLength: bytes.count, random: FuzzRandom(seed: bytes))
  return 0
}
