import GlossSyntax
import Testing

/// A hand-built note model for `text`: paragraphs and blockquotes split at blank lines, and bracketed citations
/// `[prefix @key, suffix; …]` (enough for these fixtures; the real parser is tested on its own).
private func model(_ text: String) -> Note {
  let bytes = Array(text.utf8)
  var blocks: [Block] = []
  var lineStart = 0
  var blockStart: Int?
  var blockEnd = 0
  var isQuote = false
  func close() {
    if let start = blockStart {
      let kind: Block.Kind = isQuote ? .blockQuote : .paragraph
      let children = isQuote ? [Block(kind: .paragraph, range: start..<blockEnd)] : []
      blocks.append(Block(kind: kind, range: start..<blockEnd, children: children))
    }
    blockStart = nil
  }
  while lineStart <= bytes.count {
    var lineEnd = lineStart
    while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
    let line = bytes[lineStart..<lineEnd]
    let blank = line.allSatisfy { $0 == 0x20 }
    if blank {
      close()
    } else {
      if blockStart == nil {
        blockStart = lineStart
        isQuote = line.first == UInt8(ascii: ">")
      }
      blockEnd = lineEnd
    }
    lineStart = lineEnd + 1
  }
  close()
  var citations: [Citation] = []
  var i = 0
  while i < bytes.count {
    guard bytes[i] == UInt8(ascii: "["), let close = bytes[i...].firstIndex(of: UInt8(ascii: "]")),
      bytes[i..<close].contains(UInt8(ascii: "@"))
    else {
      i += 1
      continue
    }
    var items: [CitationItem] = []
    var itemStart = i + 1
    for end in (i + 1)...close where end == close || bytes[end] == UInt8(ascii: ";") {
      guard let at = bytes[itemStart..<end].firstIndex(of: UInt8(ascii: "@")) else { continue }
      var keyEnd = at + 1
      while keyEnd < end, bytes[keyEnd] != UInt8(ascii: ","), bytes[keyEnd] != 0x20 { keyEnd += 1 }
      var suffixStart = keyEnd
      while suffixStart < end, bytes[suffixStart] == UInt8(ascii: ",") || bytes[suffixStart] == 0x20 {
        suffixStart += 1
      }
      items.append(
        CitationItem(
          key: String(decoding: bytes[(at + 1)..<keyEnd], as: UTF8.self), keyRange: (at + 1)..<keyEnd,
          mode: .normalCitation, prefix: "", suffix: String(decoding: bytes[suffixStart..<end], as: UTF8.self),
          suffixRange: suffixStart..<end, range: itemStart..<end))
      itemStart = end + 1
    }
    citations.append(Citation(range: i..<(close + 1), isBracketed: true, items: items))
    i = close + 1
  }
  return Note(blocks: blocks, citations: citations)
}

/// A compact dump: kind, citation/item, and the text; the same from the hand-built model and from the parser.
private func dump(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
  let fromModel = dump(text, note: model(text))
  let fromParser = dump(text, note: Note(parsing: Array(text.utf8)))
  #expect(fromModel == fromParser, "the parser's note gives other quotations", sourceLocation: sourceLocation)
  return fromParser
}

private func dump(_ text: String, note: Note) -> [String] {
  let bytes = Array(text.utf8)
  return note.attributedQuotations(in: bytes).map { q in
    let key = note.citations[q.citationIndex].items[q.itemIndex].key
    let raw = String(decoding: bytes[q.range], as: UTF8.self)
    #expect(raw.first == q.text.first && raw.last == q.text.last, "the range is not the quoted words")
    return "\(q.kind) @\(key) \(q.text.debugDescription)"
  }
}

@Suite struct NoteQuotationsTests {
  @Test func inlineQuotationBeforeACitation() {
    #expect(
      dump("Bartlett calls memory \"an imaginative reconstruction\" [@bartlett1932, p. 213].")
        == ["inline @bartlett1932 \"an imaginative reconstruction\""])
    #expect(dump("Er nennt es „eine Rekonstruktion“ [@müller2001].") == ["inline @müller2001 \"eine Rekonstruktion\""])
    #expect(dump("Il dit « la mémoire est vive » [@nora1984, p. 4]") == ["inline @nora1984 \" la mémoire est vive \""])
    #expect(
      dump("Ký ức là “một sự tái tạo”\n[@tran2020, tr. 5].") == ["inline @tran2020 \"một sự tái tạo\""])
    #expect(
      dump("“记忆是 “重建” 的过程” [@liu1936]") == ["inline @liu1936 \"记忆是 “重建” 的过程\""])
  }

  @Test func quotationNotDirectlyBeforeACitationIsNotAttributed() {
    #expect(dump("He said \"memory is fragile\", as shown [@smith2020].") == [])
    #expect(dump("He said \"memory is fragile\".\n\n[@smith2020]") == [])
    #expect(dump("He said \"memory is fragile\" [@a; @b]") == [])
    #expect(dump("No quotation here [@smith2020].") == [])
  }

  @Test func quotationInASuffix() {
    #expect(
      dump("See [@bartlett1932, p. 213, \"an imaginative reconstruction\"] and [@nora1984, “lieux de mémoire”].")
        == [
          "inSuffix @bartlett1932 \"an imaginative reconstruction\"", "inSuffix @nora1984 \"lieux de mémoire\"",
        ])
    #expect(dump("[@a, p. 4; @b, p. 5, \"second item\"]") == ["inSuffix @b \"second item\""])
  }

  @Test func blockquoteEndingWithACitationOfOneKey() {
    let alone = """
      > Remembering is not the re-excitation of innumerable
      > fixed, lifeless and fragmentary traces.
      > — [@bartlett1932, p. 213]
      """
    #expect(
      dump(alone)
        == [
          "blockQuote @bartlett1932 \"Remembering is not the re-excitation of innumerable\\nfixed, lifeless and fragmentary traces.\""
        ])
    let trailing = "> Ký ức là một sự tái tạo\n> đầy tưởng tượng [@tran2020, p. 5]"
    #expect(dump(trailing) == ["blockQuote @tran2020 \"Ký ức là một sự tái tạo\\nđầy tưởng tượng\""])
    let dashed = "> Das Gedächtnis ist keine Kamera. -- [@müller2001]"
    #expect(dump(dashed) == ["blockQuote @müller2001 \"Das Gedächtnis ist keine Kamera.\""])
    let separated = "> 记忆不是录像。\n>\n> – [@liu1936]"
    #expect(dump(separated) == ["blockQuote @liu1936 \"记忆不是录像。\""])
  }

  @Test func blockquoteWithoutAOneKeyCitationAtItsEndIsNotAttributed() {
    #expect(dump("> Words of two sources [@a; @b]") == [])
    #expect(dump("> Words [@a] and more words") == [])
    #expect(dump("> Just words") == [])
  }

  @Test func inlineQuotationInsideABlockquoteWinsOverTheBlockquote() {
    #expect(
      dump("> Bartlett calls it \"an imaginative reconstruction\" [@bartlett1932]")
        == ["inline @bartlett1932 \"an imaginative reconstruction\""])
  }
}
