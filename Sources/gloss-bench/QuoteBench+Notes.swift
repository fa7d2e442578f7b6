import Foundation
import GlossMatching
import GlossSyntax

extension QuoteBench {
  /// The generated workspace end to end: every note parsed, its attributed quotations checked within the
  /// locator's passage of the cited source document, and the quote-mismatch verdicts compared with the manifest's.
  static func runNotes(path: String) {
    let root = path as NSString
    guard
      let manifestData = FileManager.default.contents(atPath: root.appendingPathComponent("manifest.json")),
      let manifest = try? JSONSerialization.jsonObject(with: manifestData) as? [String: Any],
      let expectedByFile = manifest["expected_diagnostics_by_file"] as? [String: [[String: Any]]]
    else { return }
    var expected = Set<String>()
    for (file, diagnostics) in expectedByFile {
      for d in diagnostics where d["code"] as? String == "quote-mismatch" {
        expected.insert("\(file):\(d["line"] as? Int ?? -1) \(d["detail"] as? String ?? "")")
      }
    }
    // Source documents by key, with their indexes.
    var documents: [String: (SourceDocument, QuoteIndex)] = [:]
    let lexicon = QuoteLexicon()
    let sourcesDir = root.appendingPathComponent("sources")
    for name in ((try? FileManager.default.contentsOfDirectory(atPath: sourcesDir)) ?? []).sorted() {
      let ext = (name as NSString).pathExtension
      guard let format = SourceFormat(pathExtension: ext),
        let data = FileManager.default.contents(atPath: (sourcesDir as NSString).appendingPathComponent(name))
      else { continue }
      let document = SourceDocument(parsing: [UInt8](data), format: format)
      let key = document.metadata.id ?? (name as NSString).deletingPathExtension
      if documents[key] == nil { documents[key] = (document, QuoteIndex(text: document.text, lexicon: lexicon)) }
    }
    // BibTeX entries whose `file` field gives them a text.
    if let bib = FileManager.default.contents(atPath: root.appendingPathComponent("references.bib")) {
      for entry in BibTeX.parse([UInt8](bib)).entries where documents[entry.key] == nil {
        for file in entry.files where SourceFormat(pathExtension: (file as NSString).pathExtension) != nil {
          guard let format = SourceFormat(pathExtension: (file as NSString).pathExtension),
            let data = FileManager.default.contents(atPath: root.appendingPathComponent(file))
          else { continue }
          let document = SourceDocument(parsing: [UInt8](data), format: format)
          documents[entry.key] = (document, QuoteIndex(text: document.text, lexicon: lexicon))
          break
        }
      }
    }
    var notePaths: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: path)
    while let relative = enumerator?.nextObject() as? String {
      guard relative.hasSuffix(".md"), !relative.hasPrefix("sources/"), !relative.hasPrefix("export/"),
        !relative.hasPrefix(".obsidian/")
      else { continue }
      notePaths.append(relative)
    }
    var produced = Set<String>()
    var series = [Series(name: "notes: quotations in their passage, found"), Series(name: "notes: not found")]
    var detected = 0
    var checked = 0
    for relative in notePaths.sorted() {
      guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(relative)) else { continue }
      let bytes = [UInt8](data)
      let note = Note(parsing: bytes)
      for quotation in note.attributedQuotations(in: bytes) {
        detected += 1
        let item = note.citations[quotation.citationIndex].items[quotation.itemIndex]
        guard let (document, index) = documents[item.key] else { continue }
        var range: Range<Int>?
        if let locator = Locator.first(in: item.suffix) {
          switch document.passage(for: locator) {
          case .resolved(let passage): range = passage.textRange
          case .unresolved: continue
          case .notResolvable: range = nil
          }
        }
        checked += 1
        let (micros, result) = time(3) { index.match(quotation.text, within: range) }
        let line = bytes[..<item.keyRange.lowerBound].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        if case .found = result {
          series[0].micros.append(micros)
        } else {
          series[1].micros.append(micros)
          produced.insert("\(relative):\(line) \(item.key)")
        }
      }
    }
    series.forEach { $0.report() }
    print(
      "notes: \(detected) attributed quotations detected, \(checked) checked; quote-mismatch expected \(expected.count),"
        + " reported \(produced.count), missed \(expected.subtracting(produced).count),"
        + " extra \(produced.subtracting(expected).count)")
    if ProcessInfo.processInfo.environment["QUOTE_BENCH_VERBOSE"] != nil {
      for miss in expected.subtracting(produced).sorted().prefix(20) { print("missed: \(miss)") }
      for extra in produced.subtracting(expected).sorted().prefix(20) { print("extra: \(extra)") }
    }
  }
}
