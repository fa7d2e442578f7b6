import Foundation
import GlossSyntax
import TestSupport
import Testing

/// Page labels read from PDFs made by pdflatex + hyperref, qpdf and an incremental update, compared with what qpdf
/// reads of the same files (`qpdf --json --json-key=pagelabels`, recorded by `make.sh` as `*.qpdf.json`): an oracle
/// no one here wrote.
@Suite struct PageLabelsPDFTests {
  static let directory = Repository.url("Tests/Fixtures/pdfs/page-labels")
  static let fixtures = ["thesis", "thesis-linearized", "prefixed", "prefixed-objstm", "revised"]

  func labels(_ name: String) throws -> PageLabels? {
    PageLabels(pdf: Array(try Data(contentsOf: Self.directory.appendingPathComponent("\(name).pdf"))))
  }

  /// qpdf's page labels of a fixture, as ranges.
  func oracle(_ name: String) throws -> [PageLabels.Range] {
    struct Output: Decodable {
      struct Item: Decodable {
        var index: Int
        var label: [String: Value]
      }
      enum Value: Decodable {
        case number(Int)
        case text(String)
        init(from decoder: any Decoder) throws {
          let container = try decoder.singleValueContainer()
          if let number = try? container.decode(Int.self) {
            self = .number(number)
          } else {
            self = .text(try container.decode(String.self))
          }
        }
      }
      var pagelabels: [Item]
    }
    let data = try Data(contentsOf: Self.directory.appendingPathComponent("\(name).qpdf.json"))
    return try JSONDecoder().decode(Output.self, from: data).pagelabels.map { item in
      var style: PageLabels.Style?
      var prefix = ""
      var start = 1
      if case .text(let name)? = item.label["/S"] { style = PageLabels.Style(rawValue: String(name.dropFirst())) }
      // qpdf writes text strings as `u:` + the text.
      if case .text(let text)? = item.label["/P"] { prefix = String(text.dropFirst(2)) }
      if case .number(let number)? = item.label["/St"] { start = number }
      return PageLabels.Range(firstPage: item.index, style: style, prefix: prefix, start: start)
    }
  }

  @Test(arguments: fixtures) func labelsAreThoseQpdfReads(fixture: String) throws {
    let labels = try #require(try labels(fixture))
    #expect(labels.ranges == (try oracle(fixture)))
  }

  @Test func aThesisNumbersItsFrontMatterInRomanAndItsBodyFromOne() throws {
    let labels = try #require(try labels("thesis"))
    #expect((1...8).map(labels.label(ofPage:)) == ["i", "ii", "iii", "iv", "v", "vi", "1", "2"])
    #expect(labels.page(labelled: "xii", pageCount: 20) == nil)
    #expect(labels.page(labelled: "vi", pageCount: 20) == 6)
    #expect(labels.page(labelled: "VI", pageCount: 20) == 6)
    #expect(labels.page(labelled: "12", pageCount: 20) == 18)
    #expect(labels.page(labelled: "15", pageCount: 20) == nil)
    #expect(labels.summary(pageCount: 20) == "i–vi, 1–14")
  }

  @Test(arguments: ["prefixed", "prefixed-objstm"]) func prefixesAndLettersAreRead(fixture: String) throws {
    let labels = try #require(try labels(fixture))
    #expect(
      (1...11).map(labels.label(ofPage:)) == ["I", "II", "1", "2", "3", "4", "A-1", "A-2", "A-3", "a", "b"])
    #expect(labels.page(labelled: "A-2", pageCount: 11) == 8)
    #expect(labels.page(labelled: "a-2", pageCount: 11) == 8)
    #expect(labels.page(labelled: "b", pageCount: 11) == 11)
    #expect(labels.summary(pageCount: 11) == "I–II, 1–4, A-1–A-3, a–b")
  }

  @Test func anIncrementalUpdatesLabelsReplaceTheOriginals() throws {
    let labels = try #require(try labels("revised"))
    #expect(
      (1...11).map(labels.label(ofPage:)) == [
        "I", "II", "11", "12", "13", "14", "A-1", "A-2", "A-3", "Gloss-", "Gloss-",
      ])
    #expect(labels.page(labelled: "13", pageCount: 11) == 5)
    #expect(labels.page(labelled: "Gloss-", pageCount: 11) == 10)
  }

  @Test func aPDFWithoutLabelsOrWithBrokenOnesHasNone() throws {
    let pdf = try Data(contentsOf: Self.directory.appendingPathComponent("prefixed.pdf"))
    #expect(
      PageLabels(pdf: Array("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>".utf8)) == nil)
    #expect(PageLabels(pdf: Array(pdf.prefix(pdf.count / 2))) == nil)
    #expect(PageLabels(pdf: []) == nil)
    // A catalog whose labels point at themselves.
    let loop = "1 0 obj << /PageLabels 2 0 R >> endobj 2 0 obj << /Kids [2 0 R] >> endobj trailer << /Root 1 0 R >>"
    #expect(PageLabels(pdf: Array(loop.utf8)) == nil)
  }

  @Test func pagesBeforeTheFirstRangeAreNumberedAsThePDFCountsThem() throws {
    let labels = try #require(PageLabels(ranges: [PageLabels.Range(firstPage: 2, style: .lowerRoman)]))
    #expect((1...4).map(labels.label(ofPage:)) == ["1", "2", "i", "ii"])
  }

  @Test func lettersGoOnAfterZWithDoubledLetters() throws {
    let labels = try #require(PageLabels(ranges: [PageLabels.Range(firstPage: 0, style: .upperLetters, start: 26)]))
    #expect((1...3).map(labels.label(ofPage:)) == ["Z", "AA", "BB"])
    #expect(labels.page(labelled: "BB", pageCount: 3) == 3)
  }

  @Test func inflateReadsStoredAndFixedBlocksWithTheZlibWrapper() {
    func bytes(_ hex: String) -> [UInt8] {
      var out: [UInt8] = []
      var index = hex.startIndex
      while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        out.append(UInt8(hex[index..<next], radix: 16) ?? 0)
        index = next
      }
      return out
    }
    #expect(Inflate.decompress(bytes("78dacb48cdc9c957c8402701680308b1")[...]) == Array("hello hello hello hello".utf8))
    #expect(Inflate.decompress(bytes("7801010300fcff616263024d0127")[...]) == Array("abc".utf8))
    #expect(Inflate.decompress(bytes("78dacb48cdc9c957c8402701680308b1")[...], limit: 10) == nil)
    #expect(Inflate.decompress(bytes("78dacb48cdc9")[...]) == nil)
  }

  /// Pages labelled with nothing (no style, no prefix, as a merge of PDFs can leave them) are summed up as
  /// unnumbered, never as an empty text (a diagnostic would read "its 3 PDF pages are printed ").
  @Test func pagesLabelledWithNothingAreSummedUpAsUnnumbered() throws {
    let labels = try #require(PageLabels(ranges: [.init(firstPage: 0, style: nil)]))
    #expect(labels.summary(pageCount: 3) == "unnumbered")
    let mixed = try #require(
      PageLabels(ranges: [.init(firstPage: 0, style: nil), .init(firstPage: 2, style: .decimal)]))
    #expect(mixed.summary(pageCount: 4) == "unnumbered, 1–2")
  }
}
