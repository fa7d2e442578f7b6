/// What a re-parse around an edit replaced (`Note(reparsing:…, splice:)`): the bytes `start ..< oldEnd` of the old
/// text became `start ..< newEnd` of the new one, and every block, citation, link, tag and heading of the note that
/// starts outside them is the old one, moved by `delta` when it starts at or after the replaced bytes. Heading slugs
/// are the one exception: they are made unique over the whole note, so a slug outside may change.
///
/// Whatever is derived from one top-level block alone (a citation's locator, a quotation attributed to it, a
/// diagnostic of a citation or link) can therefore be kept for the blocks outside and derived again only inside.
package struct NoteSplice: Hashable, Sendable {
  /// Where the replaced bytes start (a line start, the same in both texts).
  package var start: Int
  /// Where they ended in the old text.
  package var oldEnd: Int
  /// Where their replacement ends in the new text.
  package var newEnd: Int
  /// The old note's top-level blocks, citations, links, tags and headings that the splice replaced (what an
  /// update of the note's summary takes away).
  package var replaced = Note()

  /// A splice replacing `start ..< oldEnd` with `start ..< newEnd`.
  package init(start: Int, oldEnd: Int, newEnd: Int) {
    self.start = start
    self.oldEnd = oldEnd
    self.newEnd = newEnd
  }

  /// How far what follows the replaced bytes moved.
  package var delta: Int { newEnd - oldEnd }

  /// The replaced bytes in the old text.
  package var oldRange: Range<Int> { start..<oldEnd }

  /// Their replacement in the new text.
  package var newRange: Range<Int> { start..<newEnd }

  /// The indices of `items` (sorted by `lowerBound`) that start in `range`.
  package static func indices<T>(of items: [T], startingIn range: Range<Int>, lowerBound: (T) -> Int) -> Range<Int> {
    let lower = firstIndex(in: items, startingAtOrAfter: range.lowerBound, lowerBound: lowerBound)
    let upper = firstIndex(in: items, startingAtOrAfter: range.upperBound, lowerBound: lowerBound)
    return lower..<max(lower, upper)
  }

  /// The index of the first item of `items` (sorted by `lowerBound`) starting at or after `offset`.
  package static func firstIndex<T>(in items: [T], startingAtOrAfter offset: Int, lowerBound: (T) -> Int) -> Int {
    items.partitioningIndex { lowerBound($0) >= offset }
  }
}

extension NoteSplice {
  /// The splice between `old` and `new`, whole parses of a text before and after an edit that replaced `range` of
  /// the old text with `insertedCount` bytes (`oldCount` long before, `newCount` after), or nil when their elements
  /// differ outside one run of top-level blocks around the edit.
  ///
  /// A note holding syntax read across blocks is parsed whole after each edit; this finds what that parse changed,
  /// so that its summary and diagnostics are still made again only there. Top-level blocks are compared from both
  /// ends (those before the edit must be equal, those after it equal once moved), then every citation, link and tag
  /// outside them (an example label can turn a citation far away into an example reference). Both notes must have
  /// the same front matter.
  package init?(
    between old: Note, and new: Note, replacing range: Range<Int>, insertedCount: Int, oldCount: Int, newCount: Int
  ) {
    let delta = insertedCount - range.count
    let oldBlocks = old.blocks
    let newBlocks = new.blocks
    var front = 0
    while front < oldBlocks.count, front < newBlocks.count, oldBlocks[front].range.upperBound < range.lowerBound,
      oldBlocks[front] == newBlocks[front]
    {
      front += 1
    }
    var back = 0
    while back < oldBlocks.count - front, back < newBlocks.count - front {
      let a = oldBlocks[oldBlocks.count - 1 - back]
      let b = newBlocks[newBlocks.count - 1 - back]
      guard a.range.lowerBound > range.upperBound, a.shifted(by: delta) == b else { break }
      back += 1
    }
    let start = front > 0 ? newBlocks[front - 1].range.upperBound : 0
    let oldEnd = back > 0 ? oldBlocks[oldBlocks.count - back].range.lowerBound : oldCount
    let newEnd = back > 0 ? newBlocks[newBlocks.count - back].range.lowerBound : newCount
    guard start <= oldEnd, start <= newEnd else { return nil }
    self.init(start: start, oldEnd: oldEnd, newEnd: newEnd)
    func inside<T>(_ items: [T], _ lowerBound: (T) -> Int) -> [T] {
      Array(items[Self.indices(of: items, startingIn: start..<oldEnd, lowerBound: lowerBound)])
    }
    replaced.blocks = inside(old.blocks) { $0.range.lowerBound }
    replaced.citations = inside(old.citations) { $0.range.lowerBound }
    replaced.links = inside(old.links) { $0.range.lowerBound }
    replaced.tags = inside(old.tags) { $0.range.lowerBound }
    replaced.headings = inside(old.headings) { $0.range.lowerBound }
    replaced.labels = inside(old.labels) { $0.range.lowerBound }
    guard
      Self.outsideAlike(old.citations, new.citations, self, lowerBound: { $0.range.lowerBound }, alike: Citation.alike),
      Self.outsideAlike(old.links, new.links, self, lowerBound: { $0.range.lowerBound }, alike: Link.alike),
      Self.outsideAlike(old.tags, new.tags, self, lowerBound: { $0.range.lowerBound }, alike: TagUse.alike),
      Self.outsideAlike(old.labels, new.labels, self, lowerBound: { $0.range.lowerBound }, alike: CrossrefLabel.alike)
    else { return nil }
  }

  /// Whether the items of `old` and `new` starting before the splice are equal, and those starting after it equal
  /// once moved by `delta` (`alike(old, new, delta)`).
  private static func outsideAlike<T: Equatable>(
    _ old: [T], _ new: [T], _ splice: NoteSplice, lowerBound: (T) -> Int, alike: (T, T, Int) -> Bool
  ) -> Bool {
    let before = firstIndex(in: old, startingAtOrAfter: splice.start, lowerBound: lowerBound)
    guard before == firstIndex(in: new, startingAtOrAfter: splice.start, lowerBound: lowerBound),
      old[..<before] == new[..<before]
    else { return false }
    let oldAfter = firstIndex(in: old, startingAtOrAfter: splice.oldEnd, lowerBound: lowerBound)
    let newAfter = firstIndex(in: new, startingAtOrAfter: splice.newEnd, lowerBound: lowerBound)
    guard old.count - oldAfter == new.count - newAfter else { return false }
    for offset in 0..<old.count - oldAfter where !alike(old[oldAfter + offset], new[newAfter + offset], splice.delta) {
      return false
    }
    return true
  }
}

extension Range<Int> {
  /// Whether `other` is this range moved by `delta`.
  fileprivate func moved(by delta: Int, equals other: Range<Int>) -> Bool {
    lowerBound + delta == other.lowerBound && upperBound + delta == other.upperBound
  }
}

extension Citation {
  /// Whether `b` is `a` moved by `delta` (compared without making the moved copy).
  fileprivate static func alike(_ a: Citation, _ b: Citation, _ delta: Int) -> Bool {
    guard a.range.moved(by: delta, equals: b.range), a.isBracketed == b.isBracketed, a.items.count == b.items.count
    else { return false }
    for (x, y) in zip(a.items, b.items) {
      guard x.key == y.key, x.mode == y.mode, x.prefix == y.prefix, x.suffix == y.suffix,
        x.keyRange.moved(by: delta, equals: y.keyRange), x.suffixRange.moved(by: delta, equals: y.suffixRange),
        x.range.moved(by: delta, equals: y.range)
      else { return false }
    }
    return true
  }
}

extension Link {
  fileprivate static func alike(_ a: Link, _ b: Link, _ delta: Int) -> Bool {
    var moved = a
    moved.range = b.range
    moved.targetRange = b.targetRange
    moved.anchorRange = b.anchorRange
    return moved == b && a.range.moved(by: delta, equals: b.range)
      && a.targetRange.moved(by: delta, equals: b.targetRange)
      && (a.anchorRange == nil) == (b.anchorRange == nil)
      && (a.anchorRange.map { x in b.anchorRange.map { x.moved(by: delta, equals: $0) } ?? false } ?? true)
  }
}

extension CrossrefLabel {
  fileprivate static func alike(_ a: CrossrefLabel, _ b: CrossrefLabel, _ delta: Int) -> Bool {
    var moved = a
    moved.shift(by: delta)
    return moved == b
  }
}

extension TagUse {
  fileprivate static func alike(_ a: TagUse, _ b: TagUse, _ delta: Int) -> Bool {
    a.name == b.name && a.isInFrontMatter == b.isInFrontMatter && a.range.moved(by: delta, equals: b.range)
  }
}
