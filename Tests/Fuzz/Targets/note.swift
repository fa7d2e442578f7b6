@testable import GlossSyntax

/// The note parser: any bytes give a note whose ranges lie inside the input, ordered and nested, with house-style
/// problems; a second parse gives the same note; the text's offset ⇄ position conversions round-trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNote(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  let note = Note(parsing: bytes)
  fuzzCheck(note == Note(parsing: bytes), "a second parse of the same bytes differs")
  checkNote(note, bytes)
  checkPositions(SourceText(bytes: bytes), random: FuzzRandom(seed: bytes))
  return 0
}
