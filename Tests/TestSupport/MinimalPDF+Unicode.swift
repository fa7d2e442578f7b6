extension MinimalPDF {
  /// A PDF of `pages` in any script (Vietnamese, decomposed or not, Chinese, Japanese, emoji): each character is a
  /// glyph of a composite font whose `ToUnicode` map gives it back, as PDFs made by word processors carry, so that
  /// `pdftotext` reads the text as written (combining marks stay separate characters). The font is not embedded:
  /// the pages show nothing readable, only their text layer matters.
  package static func unicodeDocument(pages: [[String]]) -> [UInt8] {
    // One code per distinct character, from 1.
    var codes: [Unicode.Scalar: Int] = [:]
    var scalars: [Unicode.Scalar] = []
    for line in pages.joined() {
      for scalar in line.unicodeScalars where codes[scalar] == nil {
        scalars.append(scalar)
        codes[scalar] = scalars.count
      }
    }
    func hex(_ value: Int) -> String {
      let digits = String(value, radix: 16, uppercase: true)
      return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
    var objects: [[UInt8]] = []
    func add(_ body: String) -> Int {
      objects.append(Array(body.utf8))
      return objects.count
    }
    func stream(_ content: String) -> Int {
      add("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
    }
    var map = """
      /CIDInit /ProcSet findresource begin
      12 dict begin
      begincmap
      /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
      /CMapName /Adobe-Identity-UCS def
      /CMapType 2 def
      1 begincodespacerange
      <0000> <FFFF>
      endcodespacerange

      """
    // At most 100 entries a block, as the CMap format allows.
    for block in stride(from: 0, to: scalars.count, by: 100) {
      let entries = scalars[block..<min(scalars.count, block + 100)]
      map += "\(entries.count) beginbfchar\n"
      for scalar in entries {
        let utf16 = String(scalar).utf16.map { hex(Int($0)) }.joined()
        map += "<\(hex(codes[scalar] ?? 0))> <\(utf16)>\n"
      }
      map += "endbfchar\n"
    }
    map += "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend"
    let toUnicode = stream(map)
    let descriptor = add(
      "<< /Type /FontDescriptor /FontName /GlossTest /Flags 4 /FontBBox [0 -200 1000 900] /ItalicAngle 0 "
        + "/Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 >>")
    let descendant = add(
      "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /GlossTest /CIDSystemInfo << /Registry (Adobe) "
        + "/Ordering (Identity) /Supplement 0 >> /FontDescriptor \(descriptor) 0 R /DW 500 /CIDToGIDMap /Identity >>")
    let font = add(
      "<< /Type /Font /Subtype /Type0 /BaseFont /GlossTest /Encoding /Identity-H /DescendantFonts [\(descendant) 0 R] "
        + "/ToUnicode \(toUnicode) 0 R >>")
    let pagesID = add("")
    var kids: [Int] = []
    for lines in pages {
      var content = "BT /F1 10 Tf 36 720 Td 14 TL "
      for line in lines {
        content += "<" + line.unicodeScalars.map { hex(codes[$0] ?? 0) }.joined() + "> Tj T* "
      }
      content += "ET"
      let contents = stream(content)
      kids.append(
        add(
          "<< /Type /Page /Parent \(pagesID) 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 \(font) 0 R >> "
            + ">> /Contents \(contents) 0 R >>"))
    }
    objects[pagesID - 1] = Array(
      "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(kids.count) >>".utf8)
    let catalog = add("<< /Type /Catalog /Pages \(pagesID) 0 R >>")
    return file(objects: objects, catalog: catalog)
  }
}
