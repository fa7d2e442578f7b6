/// Writes small PDFs for tests: pages of lines in Times-Roman, with real ligature glyphs.
///
/// Typeset text is what `pdftotext` reads back: `ﬁ`, `ﬂ` and `ﬃ` in a line become the font's ligature glyphs
/// (named `/fi`, `/fl`, `/ffi` through the font's encoding, as TeX and word processors emit them), and a line may
/// end with a hyphen that breaks a word, as justified text does. Other characters must be Latin-1.
package enum MinimalPDF {
  /// A PDF of `pages`, each a list of lines from the top; a page with no lines has no text at all (a scan).
  package static func document(pages: [[String]]) -> [UInt8] {
    var objects: [[UInt8]] = []
    func add(_ body: [UInt8]) -> Int {
      objects.append(body)
      return objects.count
    }
    let font = add(
      Array(
        ("<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding << /Type /Encoding "
          + "/BaseEncoding /WinAnsiEncoding /Differences [1 /fi 2 /fl 3 /ffi] >> >>").utf8))
    let pagesID = add([])
    var kids: [Int] = []
    for lines in pages {
      var content = Array("BT /F1 12 Tf 72 720 Td 14 TL ".utf8)
      for line in lines {
        content += Array("(".utf8) + encode(line) + Array(") Tj T* ".utf8)
      }
      content += Array("ET".utf8)
      let stream = add(Array("<< /Length \(content.count) >>\nstream\n".utf8) + content + Array("\nendstream".utf8))
      kids.append(
        add(
          Array(
            ("<< /Type /Page /Parent \(pagesID) 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 \(font) 0 R >> "
              + ">> /Contents \(stream) 0 R >>").utf8)))
    }
    objects[pagesID - 1] = Array(
      "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(kids.count) >>".utf8)
    let catalog = add(Array("<< /Type /Catalog /Pages \(pagesID) 0 R >>".utf8))
    return file(objects: objects, catalog: catalog)
  }

  /// A PDF file of numbered `objects` (object n is `objects[n - 1]`) whose catalog is object `catalog`: header,
  /// objects, cross-reference table and trailer.
  static func file(objects: [[UInt8]], catalog: Int) -> [UInt8] {
    var out = Array("%PDF-1.4\n".utf8)
    var offsets: [Int] = []
    for (index, body) in objects.enumerated() {
      offsets.append(out.count)
      out += Array("\(index + 1) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
    }
    let xref = out.count
    out += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
    for offset in offsets {
      let digits = String(offset)
      out += Array((String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n").utf8)
    }
    out += Array(
      "trailer\n<< /Size \(objects.count + 1) /Root \(catalog) 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
    return out
  }

  /// A line as a PDF string's bytes: ligatures as their codes, Latin-1 as is, `\`, `(` and `)` escaped.
  private static func encode(_ line: String) -> [UInt8] {
    var out: [UInt8] = []
    for scalar in line.unicodeScalars {
      switch scalar {
      case "\u{FB01}": out.append(1)
      case "\u{FB02}": out.append(2)
      case "\u{FB03}": out.append(3)
      case "\\", "(", ")": out += [UInt8(ascii: "\\"), UInt8(scalar.value)]
      default: out.append(scalar.value < 0x100 ? UInt8(scalar.value) : UInt8(ascii: "?"))
      }
    }
    return out
  }
}
