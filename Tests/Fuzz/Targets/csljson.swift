@testable import GlossSyntax

/// The CSL-JSON reader: entries with non-empty keys inside the file, in order and not overlapping; problems inside
/// the file; a second parse gives the same bibliography.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSLJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  let bibliography = CSLJSON.parse(bytes)
  fuzzCheck(bibliography == CSLJSON.parse(bytes), "a second parse of the same bytes differs")
  checkBibliography(bibliography, bytes, keysAreWritten: false)
  return 0
}
