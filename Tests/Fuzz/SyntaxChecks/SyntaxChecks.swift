@testable import GlossSyntax

// Invariant checks shared by the GlossSyntax targets (the test suite's `ParserInvariants`, aborting instead).

/// The invariants of a parsed note (as `ParserInvariants.checkNote` in the test suite).
func checkNote(_ note: Note, _ bytes: [UInt8]) {
  let count = bytes.count
  checkProblems(note.problems, count: count)
  if let frontMatter = note.frontMatter { checkFrontMatter(frontMatter, count: count) }
  checkBlocks(note.blocks, within: 0..<count, depth: 0)
  for heading in note.headings {
    fuzzCheck((1...6).contains(heading.level), "heading level \(heading.level)")
    fuzzCheck(isInside(heading.range, count), "heading \(heading.range)")
    fuzzCheck(isInside(heading.textRange, heading.range), "heading text \(heading.textRange) in \(heading.range)")
  }
  var previousStart = 0
  for citation in note.citations {
    fuzzCheck(isInside(citation.range, count), "citation \(citation.range)")
    fuzzCheck(citation.range.lowerBound >= previousStart, "citations out of order")
    previousStart = citation.range.lowerBound
    fuzzCheck(!citation.items.isEmpty, "citation without items")
    for item in citation.items {
      fuzzCheck(!item.key.isEmpty, "empty citation key")
      fuzzCheck(isInside(item.keyRange, citation.range), "key \(item.keyRange) in \(citation.range)")
      fuzzCheck(isInside(item.range, citation.range), "item \(item.range) in \(citation.range)")
      fuzzCheck(isInside(item.suffixRange, citation.range), "suffix \(item.suffixRange) in \(citation.range)")
      fuzzCheck(
        String(decoding: bytes[item.keyRange], as: UTF8.self) == item.key, "key '\(item.key)' not at its range")
    }
  }
  for link in note.links {
    fuzzCheck(isInside(link.range, count), "link \(link.range)")
    fuzzCheck(isInside(link.targetRange, link.range), "link target \(link.targetRange) in \(link.range)")
    if let anchorRange = link.anchorRange {
      fuzzCheck(isInside(anchorRange, link.range), "link anchor \(anchorRange) in \(link.range)")
    }
  }
  for tag in note.tags {
    fuzzCheck(!tag.name.isEmpty && isInside(tag.range, count), "tag \(tag)")
    if !tag.isInFrontMatter {
      fuzzCheck(String(decoding: bytes[tag.range], as: UTF8.self) == tag.name, "tag '\(tag.name)' not at its range")
    }
  }
}

func checkProblems(_ problems: [SyntaxProblem], count: Int) {
  for problem in problems {
    fuzzCheck(isInside(problem.range, count), "problem \(problem.range) in \(count) bytes")
    let first = problem.message.unicodeScalars.first
    fuzzCheck(
      first.map { !$0.properties.isUppercase } == true && !problem.message.hasSuffix("."),
      "problem message '\(problem.message)' is not in the house style")
  }
}

func checkFrontMatter(_ frontMatter: FrontMatter, count: Int) {
  fuzzCheck(isInside(frontMatter.range, count), "front matter \(frontMatter.range)")
  for entry in frontMatter.entries {
    fuzzCheck(!entry.key.isEmpty, "front matter entry without key")
    fuzzCheck(isInside(entry.keyRange, frontMatter.range), "front matter key \(entry.keyRange)")
    switch entry.value {
    case .scalar(_, let range):
      fuzzCheck(isInside(range, frontMatter.range), "front matter value \(range)")
    case .list(let items):
      for item in items { fuzzCheck(isInside(item.range, frontMatter.range), "front matter item \(item.range)") }
    }
  }
}

func checkBlocks(_ blocks: [Block], within parent: Range<Int>, depth: Int) {
  fuzzCheck(depth <= BlockParser.maximumDepth, "blocks nested \(depth) deep")
  var previousStart = parent.lowerBound
  for block in blocks {
    fuzzCheck(isInside(block.range, parent), "block \(block.kind) \(block.range) outside \(parent)")
    fuzzCheck(block.range.lowerBound >= previousStart, "blocks out of order")
    previousStart = block.range.lowerBound
    checkBlocks(block.children, within: block.range, depth: depth + 1)
  }
}

/// Offsets at scalar boundaries map to positions and back unchanged, in every encoding; positions past a line's end
/// clamp to it.
func checkPositions(_ text: SourceText, random: FuzzRandom) {
  var random = random
  let bytes = text.bytes
  fuzzCheck(UTF8Repair.isValid(bytes), "a source text holds invalid UTF-8")
  fuzzCheck(text.lineStarts.first == 0, "the first line does not start at 0")
  for _ in 0..<8 {
    let offset = text.scalarBoundary(atOrBefore: random.next(bytes.count + 1))
    let betweenCRLF = offset > 0 && offset < bytes.count && bytes[offset - 1] == 0x0D && bytes[offset] == 0x0A
    for encoding in [PositionEncoding.utf8, .utf16, .utf32] {
      let position = text.position(of: offset, in: encoding)
      fuzzCheck(position.line >= 0 && position.line < text.lineCount, "line \(position.line) of \(text.lineCount)")
      let back = text.offset(of: position, in: encoding)
      fuzzCheck(
        back == offset || (betweenCRLF && back == offset - 1),
        "offset \(offset) → \(position) → \(back) in \(encoding)")
      let range = text.lineRange(position.line)
      let past = text.offset(of: TextPosition(line: position.line, column: position.column + 10_000), in: encoding)
      fuzzCheck(past == range.upperBound, "a column past the end of line \(position.line) gives \(past)")
    }
  }
}

/// The invariants of any bibliography read from `bytes`.
func checkBibliography(_ bibliography: Bibliography, _ bytes: [UInt8], keysAreWritten: Bool) {
  checkProblems(bibliography.problems, count: bytes.count)
  var previousEnd = 0
  for entry in bibliography.entries {
    fuzzCheck(!entry.key.isEmpty, "entry without key at \(entry.range)")
    fuzzCheck(isInside(entry.range, bytes.count), "entry \(entry.range) in \(bytes.count) bytes")
    fuzzCheck(isInside(entry.keyRange, entry.range), "key \(entry.keyRange) in entry \(entry.range)")
    fuzzCheck(entry.range.lowerBound >= previousEnd, "entries overlap at \(entry.range)")
    previousEnd = entry.range.upperBound
    for reference in entry.keyReferences {
      fuzzCheck(isInside(reference.range, entry.range), "\(reference.field) key \(reference.range) in \(entry.range)")
    }
    if let literal = entry.fileLiteral {
      fuzzCheck(isInside(literal.range, entry.range), "file field \(literal.range) in \(entry.range)")
    }
    for span in entry.linkSpans {
      fuzzCheck(isInside(span.range, entry.range), "\(span.kind) link \(span.range) in \(entry.range)")
    }
    if keysAreWritten {
      fuzzCheck(
        String(decoding: bytes[entry.keyRange], as: UTF8.self) == entry.key, "key '\(entry.key)' not at its range")
    }
  }
}

/// The invariants of a source document read from `fileLength` bytes.
func checkSourceDocument(_ document: SourceDocument, fileLength: Int, random: FuzzRandom) {
  var random = random
  let count = document.text.count
  fuzzCheck(UTF8Repair.isValid(document.text), "the text is not valid UTF-8")
  checkProblems(document.problems, count: fileLength)
  fuzzCheck((0...fileLength).contains(document.bodyStart), "body starts at \(document.bodyStart)")
  for heading in document.headings {
    fuzzCheck(isInside(heading.range, count), "heading \(heading.range) in \(count)")
    fuzzCheck(isInside(heading.textRange, count), "heading text \(heading.textRange) in \(count)")
  }
  var previousEnd = 0
  for paragraph in document.paragraphs {
    fuzzCheck(isInside(paragraph, count) && paragraph.lowerBound >= previousEnd, "paragraph \(paragraph)")
    previousEnd = paragraph.upperBound
  }
  var previousPage = -1
  for start in document.pageStarts {
    fuzzCheck(start >= 0 && start <= count && start > previousPage, "page start \(start)")
    previousPage = start
  }
  for _ in 0..<8 {
    let a = random.next(count + 1)
    let b = random.next(count + 1)
    let text = min(a, b)..<max(a, b)
    let file = document.fileRange(ofText: text)
    fuzzCheck(isInside(file, fileLength), "text \(text) maps to file \(file) of \(fileLength)")
    let back = document.textRange(ofFile: file)
    fuzzCheck(isInside(back, count), "file \(file) maps to text \(back) of \(count)")
    let c = random.next(fileLength + 1)
    let d = random.next(fileLength + 1)
    fuzzCheck(isInside(document.textRange(ofFile: min(c, d)..<max(c, d)), count), "file \(c)..\(d) maps outside")
  }
  fuzzCheck(isInside(document.fileRange(ofText: -5..<(count + 9)), fileLength), "a clamped range maps outside")
  for line in [0, document.lineCount - 1, document.lineCount, random.next(document.lineCount + 1)] {
    if let range = document.fileRange(ofLine: line) {
      fuzzCheck(isInside(range, fileLength), "line \(line) at \(range) of \(fileLength)")
    }
  }
}
