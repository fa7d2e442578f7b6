import Foundation
import GlossIndex
import GlossSyntax

#if canImport(Glibc)
  import Glibc
#endif

/// Heap bytes in use, as the C allocator counts them (`mallinfo2`: ordinary blocks plus mapped ones, all arenas).
///
/// `malloc.h` is not part of the C library's Swift module, so the function is looked up at run time; its 80-byte
/// result comes back through a hidden pointer (the first argument on x86-64 Linux; elsewhere this gives nil).
enum HeapUse {
  /// Bytes allocated and not freed, or nil where glibc's `mallinfo2` is missing.
  static func allocated() -> Int? {
    #if canImport(Glibc) && arch(x86_64)
      guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "mallinfo2") else { return nil }
      let function = unsafeBitCast(
        symbol, to: (@convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?).self)
      var fields = [Int](repeating: 0, count: 10)
      fields.withUnsafeMutableBytes { _ = function($0.baseAddress) }
      // arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, fordblks, keepcost.
      return fields[7] + fields[4]
    #else
      return nil
    #endif
  }
}

/// Counts × sizes of what the parsed models hold, with glibc's block sizes and Swift's object headers: one block per
/// array (its capacity, not its count) and per string longer than 15 UTF-8 bytes (shorter ones live inline).
struct MemoryCensus {
  /// One row: what, how many values, how many heap blocks, and their bytes.
  struct Row {
    var values = 0
    var blocks = 0
    var bytes = 0
  }

  private(set) var rows: [String: Row] = [:]
  private(set) var order: [String] = []

  /// The bytes glibc hands out for a request of `size` bytes (8 bytes of header, 16-byte steps, 32 at least).
  static func block(_ size: Int) -> Int { max(32, (size + 8 + 15) / 16 * 16) }

  mutating func add(_ name: String, values: Int = 1, blocks: Int = 0, bytes: Int = 0) {
    if rows[name] == nil { order.append(name) }
    rows[name, default: Row()].values += values
    rows[name, default: Row()].blocks += blocks
    rows[name, default: Row()].bytes += bytes
  }

  /// An array's own block (32 bytes of header, then `capacity` elements); nothing for an empty one.
  mutating func array<T>(_ name: String, _ array: [T]) {
    guard array.capacity > 0 else {
      add(name, values: 0)
      return
    }
    add(name, values: array.count, blocks: 1, bytes: Self.block(32 + array.capacity * MemoryLayout<T>.stride))
  }

  /// A string's own block, when it is not stored inline.
  mutating func string(_ name: String, _ string: String) {
    let count = string.utf8.count
    if count > 15 { add(name, values: 1, blocks: 1, bytes: Self.block(32 + count + 1)) } else { add(name, values: 1) }
  }

  /// A set or dictionary's storage: a power-of-two bucket count at most 3/4 full, keys and values side by side.
  mutating func hashed(_ name: String, count: Int, keyStride: Int, valueStride: Int = 0) {
    guard count > 0 else { return }
    var buckets = 1
    while buckets * 3 < count * 4 { buckets *= 2 }
    add(name, values: count, blocks: 1, bytes: Self.block(64 + buckets / 8 + buckets * (keyStride + valueStride)))
  }

  /// Every row, largest first, with the total.
  func report() -> String {
    var lines: [String] = []
    let total = rows.values.reduce(0) { $0 + $1.bytes }
    for name in order.sorted(by: { rows[$0]!.bytes > rows[$1]!.bytes }) {
      let row = rows[name]!
      lines.append(
        "  \(name.padding(toLength: 44, withPad: " ", startingAt: 0)) \(String(row.values).leftPadded(9))"
          + " values \(String(row.blocks).leftPadded(9)) blocks \(Self.megabytes(row.bytes).leftPadded(8)) MB")
    }
    lines.append("  total \(Self.megabytes(total)) MB")
    return lines.joined(separator: "\n")
  }

  static func megabytes(_ bytes: Int) -> String {
    let tenths = (abs(bytes) * 10 + 524_288) / 1_048_576
    return "\(bytes < 0 ? "-" : "")\(tenths / 10).\(tenths % 10)"
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

extension MemoryCensus {
  /// The parse tree of one note.
  mutating func count(_ note: Note) {
    add("Note (struct, inline in its record)", values: 1)
    array("note.blocks (top level)", note.blocks)
    func blocks(_ children: [Block]) {
      for block in children {
        if case .fencedCode(let info) = block.kind { string("block strings (info, labels)", info) }
        if case .footnoteDefinition(let label) = block.kind { string("block strings (info, labels)", label) }
        if !block.children.isEmpty {
          array("block children arrays", block.children)
          blocks(block.children)
        }
      }
    }
    blocks(note.blocks)
    array("note.headings", note.headings)
    for heading in note.headings {
      string("heading text + slug strings", heading.text)
      string("heading text + slug strings", heading.slug)
    }
    array("note.citations", note.citations)
    for citation in note.citations {
      array("citation.items arrays (the items after the first)", citation.items.itemsAfterFirst)
      for item in citation.items {
        string("item key strings", item.key)
        string("item prefix + suffix strings", item.prefix)
        string("item prefix + suffix strings", item.suffix)
      }
    }
    array("note.links", note.links)
    for link in note.links {
      string("link target/anchor/label strings", link.target)
      if let anchor = link.anchor { string("link target/anchor/label strings", anchor) }
      if let label = link.label { string("link target/anchor/label strings", label) }
    }
    array("note.tags", note.tags)
    for tag in note.tags { string("tag name strings", tag.name) }
    array("note.problems", note.problems)
    if let frontMatter = note.frontMatter {
      array("front matter entries", frontMatter.entries)
      for entry in frontMatter.entries {
        string("front matter strings", entry.key)
        switch entry.value {
        case .scalar(let text, _): string("front matter strings", text)
        case .list(let items):
          array("front matter lists", items)
          for item in items { string("front matter strings", item.text) }
        }
      }
    }
  }

  /// What a note's record adds to its parse tree (the summary fields that are visible outside the index).
  mutating func count(_ record: NoteRecord) {
    string("record path + title strings", record.path)
    string("record path + title strings", record.title)
    array("record.quotations", record.quotations)
    for quotation in record.quotations { string("quotation text strings", quotation.text) }
    // Most records find their locators from the note on each use (`NoteRecord.locators`): these are made here.
    let locators = record.locators
    array("record.locators (most made on use)", locators)
    for locator in locators {
      string("locator strings (key, label, value)", locator.key)
      string("locator strings (key, label, value)", locator.locator.label)
      string("locator strings (key, label, value)", locator.locator.value)
    }
    array("record.aliases + bibliographyPaths", record.aliases)
    array("record.aliases + bibliographyPaths", record.bibliographyPaths)
  }

  /// One source document's text and structure.
  mutating func count(_ document: SourceDocument) {
    array("source text bytes", document.text)
    array("source paragraphs", document.paragraphs)
    array("source headings", document.headings)
    array("source page starts", document.pageStarts)
    add(
      "source line tables (Int32 start + end)", values: document.lineCount, blocks: 2,
      bytes: 2 * MemoryCensus.block(32 + 4 * document.lineCount))
  }
}
