@testable import GlossSyntax

/// Front matter on its own: the body starts after the block and inside the input, ranges lie inside the block, and
/// a second parse gives the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontMatter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  let (frontMatter, bodyStart, problems) = FrontMatter.parse(bytes)
  let again = FrontMatter.parse(bytes)
  fuzzCheck(
    again.frontMatter == frontMatter && again.bodyStart == bodyStart && again.problems == problems,
    "a second parse of the same bytes differs")
  fuzzCheck((0...bytes.count).contains(bodyStart), "body starts at \(bodyStart) of \(bytes.count)")
  checkProblems(problems, count: bytes.count)
  if let frontMatter {
    checkFrontMatter(frontMatter, count: bytes.count)
    fuzzCheck(bodyStart >= frontMatter.range.upperBound, "body starts at \(bodyStart) inside \(frontMatter.range)")
  } else {
    fuzzCheck(bodyStart == 0, "no front matter but the body starts at \(bodyStart)")
  }
  return 0
}
