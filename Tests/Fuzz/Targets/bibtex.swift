@testable import GlossSyntax

/// The BibTeX reader: entries with non-empty keys written at their key range, inside the file, in order and not
/// overlapping; problems inside the file; a second parse gives the same bibliography.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBibTeX(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  let bibliography = BibTeX.parse(bytes)
  fuzzCheck(bibliography == BibTeX.parse(bytes), "a second parse of the same bytes differs")
  checkBibliography(bibliography, bytes, keysAreWritten: true)
  return 0
}
