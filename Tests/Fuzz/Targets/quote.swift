@testable import GlossMatching

/// The quotation matcher: the input before the first NUL byte is a source text, the rest a quotation. Matching twice
/// gives the same answer; found and closest ranges lie inside the text and start inside the passage searched (the
/// last word may run past its end: a passage holds the words that start in it); the
/// similarity is in 0...1; a run of whole words copied from the text, none of them in its page furniture (a running
/// head or footer, which a quotation crossing a page break skips), is found; and a text repeated until the index
/// keeps postings finds a quotation where the scanned original did.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuote(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  let (text, quotationBytes) = splitAtNull(bytes)
  let quotation = String(decoding: quotationBytes, as: UTF8.self)
  var random = FuzzRandom(seed: bytes)
  let index = QuoteIndex(text: text)
  let result = index.match(quotation)
  fuzzCheck(result == index.match(quotation), "a second match of the same quotation differs")
  check(result, within: 0..<text.count, text)

  let a = random.next(text.count + 1)
  let b = random.next(text.count + 1)
  let passage = min(a, b)..<max(a, b)
  check(index.match(quotation, within: passage), within: passage, text)

  if let words = wordRun(in: text, avoiding: index.furniture, random: &random) {
    let found = index.match(words)
    guard case .found = found else {
      fuzzCheck(false, "'\(words)', copied from the text, is not found: \(found)")
      return 0
    }
  }

  if random.next(16) == 0, case .found(let range) = result, index.tokenCount > 0 {
    let copies = (QuoteIndex.postingsThreshold + index.tokenCount - 1) / index.tokenCount
    if copies * (text.count + 1) <= 1 << 19 {
      // The copies keep the original's page furniture: more pages would make more lines recur at their ends.
      var long = text
      var furniture = index.furniture
      for copy in 1..<copies {
        let shift = copy * (text.count + 1)
        long += [0x0A] + text
        furniture += index.furniture.map { $0.lowerBound + shift..<$0.upperBound + shift }
      }
      let large = QuoteIndex(text: long, furniture: furniture)
      let again = large.match(quotation)
      fuzzCheck(again == .found(textRange: range), "with postings: \(again), scanning: \(result)")
    }
  }
  return 0
}

private func check(_ result: QuoteMatch, within passage: Range<Int>, _ text: [UInt8]) {
  func isInPassage(_ range: Range<Int>) -> Bool {
    guard range.lowerBound >= passage.lowerBound, range.lowerBound <= passage.upperBound, range.upperBound <= text.count
    else { return false }
    // Only the word that starts last in the passage may run past its end; that word may be joined across a line
    // break after a hyphen or a soft hyphen (`15-\n98` is one word), so such breaks are part of it.
    for k in min(passage.upperBound, range.upperBound)..<range.upperBound where isSpace(text[k]) {
      var j = k
      while j > 0, isSpace(text[j - 1]) { j -= 1 }
      let afterHyphen = j > 0 && (text[j - 1] == 0x2D || (j > 1 && text[j - 2] == 0xC2 && text[j - 1] == 0xAD))
      if !afterHyphen { return false }
    }
    return true
  }
  func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
  switch result {
  case .found(let found):
    fuzzCheck(isInPassage(found), "found \(found) outside \(passage)")
  case .notFound(let closest, let similarity):
    fuzzCheck(similarity >= 0 && similarity <= 1, "similarity \(similarity)")
    if let closest { fuzzCheck(isInPassage(closest), "closest \(closest) outside \(passage)") }
  }
}

/// A run of one to eight whole words of `text` that holds only letters, digits and spaces, and no word of the
/// ranges `furniture`, if the text has one where the generator looks.
private func wordRun(in text: [UInt8], avoiding furniture: [Range<Int>], random: inout FuzzRandom) -> String? {
  let string = String(decoding: text, as: UTF8.self)
  guard Array(string.utf8) == text else { return nil }
  // White space as the matcher reads it: a carriage return (alone or before a line feed) ends a line too.
  let words = string.split(whereSeparator: { [" ", "\n", "\r", "\r\n", "\t"].contains($0) })
  guard !words.isEmpty else { return nil }
  let start = random.next(words.count)
  // A word after a hyphen at a line end is joined to it (`tulv-\n tul`, `ts-\r gene` are one word), so it cannot
  // start a run.
  if start > 0, let before = words[start - 1].last, before == "-" || before == "\u{AD}" { return nil }
  let end = min(words.count, start + 1 + random.next(8))
  let run = words[start..<end]
  // The separators are ASCII: a word's UTF-8 offsets are its place in `text`.
  let inFurniture = run.contains { word in
    let offset = string.utf8.distance(from: string.utf8.startIndex, to: word.startIndex)
    let range = offset..<offset + word.utf8.count
    return furniture.contains { $0.overlaps(range) }
  }
  guard !inFurniture else { return nil }
  let isPlain = run.allSatisfy { word in
    word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil }
  }
  guard isPlain else { return nil }
  return run.joined(separator: " ")
}
