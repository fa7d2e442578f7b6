/// A table b-tree walked from its root page in key order: interior pages (type 0x05: a left child page and a key
/// per cell, then the right-most child) lead to leaf pages (type 0x0D: a payload size, a rowid and the payload per
/// cell); a payload too long for its page goes on in a chain of overflow pages (a 4-byte next page number, then
/// content).
///
/// Never fails: a page that cannot be read, is not a table page, or is reached a second time (a cycle, or a page
/// two parents share) is a problem and its rows are skipped; so is a cell that lies outside its page or whose
/// overflow chain breaks. Each page is read at most once, so work is bounded by the number of pages.
struct SQLiteTableTree {
  /// Where pages come from.
  let pager: SQLitePager
  /// The pages read so far (b-tree and overflow pages).
  private var seen: Set<Int> = []
  /// What could not be read, in the order met.
  private(set) var problems: [String] = []

  /// A walker over `pager`'s pages.
  init(pager: SQLitePager) {
    self.pager = pager
  }

  /// Calls `body` with the rowid and payload of each cell of the tree rooted at `root`, in tree order.
  mutating func walk(root: Int, _ body: (Int64, ArraySlice<UInt8>) -> Void) {
    var stack = [root]
    while let number = stack.popLast() {
      guard seen.insert(number).inserted else {
        problems.append("page \(number) is reached twice (a cycle, or a page used twice)")
        continue
      }
      guard let page = pager.page(number) else {
        problems.append(pager.whyMissing(number))
        continue
      }
      let header = number == 1 ? 100 : 0
      let type = page[page.startIndex + header]
      guard type == 0x0D || type == 0x05 else {
        problems.append("page \(number) is not a table page (type \(type))")
        continue
      }
      let leaf = type == 0x0D
      let pointers = header + (leaf ? 8 : 12)
      guard let count = SQLiteBytes.uint16(page, at: header + 3), pointers + 2 * count <= pager.usableSize else {
        problems.append("page \(number) claims more cells than it can hold")
        continue
      }
      var children: [Int] = []
      for cell in 0..<count {
        guard let offset = SQLiteBytes.uint16(page, at: pointers + 2 * cell),
          offset >= pointers + 2 * count, offset < pager.usableSize
        else {
          problems.append("cell \(cell) of page \(number) lies outside its page")
          continue
        }
        if leaf {
          if let (rowid, payload) = leafCell(page, at: offset, on: number) { body(rowid, payload) }
        } else if let child = SQLiteBytes.uint32(page, at: offset) {
          children.append(child)
        }
      }
      if !leaf, let rightmost = SQLiteBytes.uint32(page, at: header + 8) {
        children.append(rightmost)
        stack.append(contentsOf: children.reversed())
      }
    }
  }

  /// The rowid and payload of the leaf cell at `offset` of page `number`, or nil (with a problem) when the cell is
  /// damaged.
  private mutating func leafCell(_ page: ArraySlice<UInt8>, at offset: Int, on number: Int) -> (
    Int64, ArraySlice<UInt8>
  )? {
    let usable = pager.usableSize
    let limit = page[..<(page.startIndex + usable)]
    guard let (size, sizeLength) = SQLiteBytes.varint(limit, at: offset),
      let (key, keyLength) = SQLiteBytes.varint(limit, at: offset + sizeLength)
    else {
      problems.append("a cell of page \(number) runs past the end of its page")
      return nil
    }
    let rowid = Int64(bitPattern: key)
    let start = offset + sizeLength + keyLength
    let local = Self.localSize(payload: size, usableSize: usable)
    guard start + local <= usable else {
      problems.append("row \(rowid) on page \(number) runs past the end of its page")
      return nil
    }
    let inPage = page[(page.startIndex + start)..<(page.startIndex + start + local)]
    guard size > UInt64(local) else { return (rowid, inPage) }
    guard size <= UInt64(pager.pageCount) * UInt64(usable), let first = SQLiteBytes.uint32(limit, at: start + local)
    else {
      problems.append("row \(rowid) on page \(number) claims \(size) bytes, more than the database holds")
      return nil
    }
    var payload = Array(inPage)
    payload.reserveCapacity(min(Int(size), pager.file.count + pager.log.count))
    var next = first
    while payload.count < Int(size) {
      guard seen.insert(next).inserted, let overflow = pager.page(next) else {
        problems.append("the overflow pages of row \(rowid) on page \(number) break at page \(next)")
        return nil
      }
      let take = min(Int(size) - payload.count, usable - 4)
      payload.append(contentsOf: overflow[(overflow.startIndex + 4)..<(overflow.startIndex + 4 + take)])
      next = SQLiteBytes.uint32(overflow, at: 0) ?? 0
    }
    return (rowid, payload[...])
  }

  /// How many bytes of a payload of `payload` bytes a table leaf cell keeps in its page (the rest overflows).
  static func localSize(payload: UInt64, usableSize usable: Int) -> Int {
    let most = usable - 35
    guard payload > UInt64(most) else { return Int(payload) }
    let least = (usable - 12) * 32 / 255 - 23
    let kept = least + Int((payload - UInt64(least)) % UInt64(usable - 4))
    return kept <= most ? kept : least
  }
}
