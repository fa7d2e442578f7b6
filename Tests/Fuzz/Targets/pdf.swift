@testable import GlossSyntax

/// PDF page labels and the inflater: any bytes read as a PDF give page labels or none, the same twice; the ranges
/// start at page 0 in order with start numbers of 1 or more; a page's label names that page or one labelled alike.
/// The same bytes inflated give nil or at most the limit's bytes, the same twice.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPDF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  let labels = PageLabels(pdf: bytes)
  fuzzCheck(labels == PageLabels(pdf: bytes), "a second read of the same bytes differs")
  if let labels {
    fuzzCheck(labels.ranges.first?.firstPage == 0, "the first range does not start at page 0")
    fuzzCheck(
      zip(labels.ranges, labels.ranges.dropFirst()).allSatisfy { $0.firstPage < $1.firstPage }, "ranges out of order")
    fuzzCheck(labels.ranges.allSatisfy { $0.start >= 1 }, "a start number below 1")
    let pageCount = min(64, labels.ranges.count + 8)
    for page in 1...pageCount {
      let label = labels.label(ofPage: page)
      let found = labels.page(labelled: label, pageCount: pageCount)
      fuzzCheck(
        found.map { labels.label(ofPage: $0) } == label, "label '\(label)' of page \(page) names \(found as Any)")
    }
    fuzzCheck(!labels.summary(pageCount: pageCount).isEmpty, "an empty summary")
  }
  let limit = 1 << 20
  let inflated = Inflate.decompress(bytes[...], limit: limit)
  fuzzCheck(inflated == Inflate.decompress(bytes[...], limit: limit), "a second inflate differs")
  fuzzCheck((inflated?.count ?? 0) <= limit, "inflated past the limit")
  return 0
}
