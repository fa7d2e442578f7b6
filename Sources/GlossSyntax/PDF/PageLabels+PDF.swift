/// Reading page labels from a PDF file's bytes: the catalog's `/PageLabels` number tree (`/Nums` pairs of page index
/// and label dictionary, `/Kids` subtrees), each dictionary's `/S` style, `/P` prefix and `/St` start.
extension PageLabels {
  /// How many tree nodes and ranges a file may have before the rest is ignored.
  static let maxNodes = 4096
  static let maxRanges = 100_000

  /// The page labels of the PDF file `bytes`; nil when it has none, or when they cannot be read (damaged, encrypted,
  /// compressed in a way not read here). Never fails.
  package init?(pdf bytes: [UInt8]) {
    var file = PDFFile(bytes)
    guard let catalog = file.catalog(), let root = file.resolve(catalog["PageLabels"])?.dictionary else { return nil }
    var ranges: [Range] = []
    var pending: [(node: [String: PDFObject], depth: Int)] = [(root, 0)]
    var visited = 0
    while let (node, depth) = pending.popLast(), visited < Self.maxNodes, ranges.count < Self.maxRanges {
      visited += 1
      if case .array(let nums)? = file.resolve(node["Nums"]) {
        var index = 0
        while index + 1 < nums.count, ranges.count < Self.maxRanges {
          if let page = nums[index].integer, let label = file.resolve(nums[index + 1])?.dictionary {
            ranges.append(Self.range(page, label))
          }
          index += 2
        }
      }
      if depth < 32, case .array(let kids)? = file.resolve(node["Kids"]) {
        // Reversed, so that popping the stack visits the kids in order.
        for kid in kids.reversed() where visited + pending.count < Self.maxNodes {
          if let child = file.resolve(kid)?.dictionary { pending.append((child, depth + 1)) }
        }
      }
    }
    self.init(ranges: ranges)
  }

  private static func range(_ page: Int, _ label: [String: PDFObject]) -> Range {
    var prefix = ""
    if case .string(let bytes)? = label["P"] { prefix = textString(bytes) }
    return Range(
      firstPage: page, style: label["S"]?.name.flatMap(Style.init(rawValue:)), prefix: prefix,
      start: label["St"]?.integer ?? 1)
  }

  /// A PDF text string: UTF-16BE or UTF-8 after their byte order marks, else PDFDocEncoding (read as Latin-1, which
  /// it is for the characters a prefix uses).
  static func textString(_ bytes: [UInt8]) -> String {
    if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
      var units: [UInt16] = []
      var index = 2
      while index + 1 < bytes.count {
        units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
        index += 2
      }
      return String(decoding: units, as: UTF16.self)
    }
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      return String(decoding: bytes.dropFirst(3), as: UTF8.self)
    }
    return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }
}
