import GlossIndex

/// The reverse maps of a note image's notes (`NoteMaps`) as bytes, each note named by its place in the image's table.
///
/// The maps of paths (their count first), then the tags, each map as its length in bytes (so that a reader may skip
/// it), its count, then each key with the places of its notes (a count, then each place as a varint, ascending); each
/// tag with its notes' places (ascending) and the uses in each. A key none of whose notes is in the table is left
/// out, so that maps filed from more notes than the table holds are written as the maps of its notes alone. Read back
/// from a sorted table, a map's members are kept as their places (`PathTable`): no path is copied per member, which
/// cost most of a restart's wait on a large workspace.
enum NoteMapsCoding {
  /// Writes `maps`, as far as they name the notes `paths` (the image's table, in order).
  static func encode(_ maps: NoteMaps, paths: [String], into out: inout ByteWriter) {
    var place: [String: Int] = [:]
    place.reserveCapacity(paths.count)
    for (index, path) in paths.enumerated() { place[path] = index }
    var places: [Int] = []
    let sets = maps.setMaps
    out.appendVarint(sets.count)
    for map in sets {
      var entries = ByteWriter()
      var count = 0
      for (key, members) in map {
        places.removeAll(keepingCapacity: true)
        for member in members { if let index = place[member] { places.append(index) } }
        guard !places.isEmpty else { continue }
        places.sort()
        count += 1
        entries.appendShort(key)
        entries.appendVarint(places.count)
        for index in places { entries.appendVarint(index) }
      }
      append(count: count, entries: entries, to: &out)
    }
    var entries = ByteWriter()
    var count = 0
    var uses: [(Int, Int)] = []
    for (tag, notes) in maps.tagUseCounts {
      uses.removeAll(keepingCapacity: true)
      for (path, used) in notes { if let index = place[path] { uses.append((index, used)) } }
      guard !uses.isEmpty else { continue }
      // In the table's order, as a reader keeps them.
      uses.sort { $0.0 < $1.0 }
      count += 1
      entries.appendShort(tag)
      entries.appendVarint(uses.count)
      for (index, used) in uses {
        entries.appendVarint(index)
        entries.appendVarint(used)
      }
    }
    append(count: count, entries: entries, to: &out)
  }

  /// Writes one map: its length in bytes, its count of entries, its entries.
  private static func append(count: Int, entries: ByteWriter, to out: inout ByteWriter) {
    var map = ByteWriter()
    map.appendVarint(count)
    map.appendRaw(entries.bytes)
    out.appendVarint(map.bytes.count)
    out.appendRaw(map.bytes)
  }

  /// Reads maps `encode` wrote for the notes `paths`, those of `members` only (the others are skipped, and left
  /// empty); nil when they are damaged or name a place outside `paths`.
  static func decode(
    _ input: inout ByteReader, paths: [String], only members: Set<NoteMaps.Member> = Set(NoteMaps.Member.allCases)
  ) -> NoteMaps? {
    guard input.varint(atMost: 64) == NoteMaps.setMapCount else { return nil }
    // Sets whose places ascend in a sorted table hold the places, not the paths (no string copied per member).
    let table = PathTable(sorted: paths)
    var maps = NoteMaps()
    for index in 0..<NoteMaps.setMapCount {
      guard let length = input.varintCount() else { return nil }
      let end = input.offset + length
      guard members.contains(NoteMaps.Member.allCases[index]) else {
        guard input.raw(length) != nil else { return nil }
        continue
      }
      guard let count = input.varintCount(each: 2) else { return nil }
      var map: [String: PathSet] = [:]
      map.reserveCapacity(count)
      for _ in 0..<count {
        guard let key = input.shortString(), let members = input.varintCount(), members > 0 else { return nil }
        // A fresh array each time: the set keeps it (emptying a shared one would copy its whole capacity).
        var places: [Int32] = []
        places.reserveCapacity(members)
        var ascending = true
        for _ in 0..<members {
          guard let place = input.varint(atMost: paths.count - 1), place < paths.count else { return nil }
          if let last = places.last, Int(last) >= place { ascending = false }
          places.append(Int32(place))
        }
        if let table, ascending {
          map[key] = PathSet(placed: places, in: table)
        } else {
          var set = PathSet()
          for place in places { set.insert(paths[Int(place)]) }
          map[key] = set
        }
      }
      guard input.offset == end else { return nil }
      maps.setMap(index, map)
    }
    guard let length = input.varintCount() else { return nil }
    let end = input.offset + length
    guard members.contains(.tagUses) else { return input.raw(length) == nil ? nil : maps }
    guard let tagCount = input.varintCount(each: 2) else { return nil }
    var tags: [String: PathCounts] = [:]
    tags.reserveCapacity(tagCount)
    for _ in 0..<tagCount {
      guard let tag = input.shortString(), let count = input.varintCount(each: 2), count > 0 else { return nil }
      var places: [Int32] = []
      var counts: [Int32] = []
      places.reserveCapacity(count)
      counts.reserveCapacity(count)
      var ascending = true
      for _ in 0..<count {
        guard let place = input.varint(atMost: paths.count - 1), place < paths.count,
          let used = input.varint(atMost: Int(Int32.max))
        else { return nil }
        if let last = places.last, Int(last) >= place { ascending = false }
        places.append(Int32(place))
        counts.append(Int32(used))
      }
      if let table, ascending {
        tags[tag] = PathCounts(placed: places, counts: counts, in: table)
      } else {
        var uses: [String: Int] = [:]
        for (place, used) in zip(places, counts) { uses[paths[Int(place)]] = Int(used) }
        tags[tag] = PathCounts(uses)
      }
    }
    guard input.offset == end else { return nil }
    maps.tagUseCounts = tags
    return maps
  }
}
