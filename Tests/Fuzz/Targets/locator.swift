@testable import GlossSyntax

/// Locators: the input before the first NUL byte is a citation suffix, the rest a source text (its format chosen by
/// the suffix's length). The locator lies inside the suffix with its label written there, parsing twice gives the
/// same locator, and the passage it names lies inside the source's text and file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLocator(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let (suffixBytes, sourceBytes) = splitAtNull(fuzzBytes(data, size))
  let suffix = String(decoding: suffixBytes, as: UTF8.self)
  let utf8 = Array(suffix.utf8)
  let locator = Locator.first(in: suffix)
  fuzzCheck(locator == Locator.first(in: suffix), "a second parse of the same suffix differs")
  guard let locator else { return 0 }
  fuzzCheck(isInside(locator.range, utf8.count) && !locator.range.isEmpty, "locator \(locator.range)")
  fuzzCheck(!locator.value.isEmpty, "locator without a value")
  let written = String(decoding: utf8[locator.range], as: UTF8.self)
  // Compared as bytes: a combining mark after the label (`¶` + U+031E) makes one Character that `contains` misses.
  let label = Array(locator.label.utf8)
  let writtenBytes = Array(written.utf8)
  let labelIsWritten =
    label.isEmpty
    || (0...max(0, writtenBytes.count - label.count)).contains { start in
      start + label.count <= writtenBytes.count && Array(writtenBytes[start..<start + label.count]) == label
    }
  fuzzCheck(labelIsWritten, "label '\(locator.label)' not in '\(written)'")

  let formats: [SourceFormat] = [.plainText, .markdown, .html]
  let document = SourceDocument(parsing: sourceBytes, format: formats[utf8.count % formats.count])
  let lookup = document.passage(for: locator)
  fuzzCheck(lookup == document.passage(for: locator), "a second lookup of the same locator differs")
  switch lookup {
  case .resolved(let passage):
    fuzzCheck(isInside(passage.textRange, document.text.count), "passage text \(passage.textRange)")
    fuzzCheck(isInside(passage.fileRange, sourceBytes.count), "passage file \(passage.fileRange)")
    fuzzCheck(!passage.description.isEmpty, "passage without description")
  case .unresolved(let reason):
    fuzzCheck(!reason.isEmpty && !reason.hasSuffix("."), "unresolved reason '\(reason)'")
  case .notResolvable:
    break
  }
  return 0
}
