import Testing

@testable import GlossIndex

/// The reverse maps' member sets hold what a `Set` would, in sorted order, whatever the order of inserts and removals.
@Suite struct PathSetTests {
  /// Inserts and removes `rounds` members of `members` at random (from `seed`) in `paths` and in a `Set` holding
  /// `expected`, and checks after each change that both hold the same, in sorted order, and answer `contains` alike
  /// for each of `candidates`.
  static func changeAtRandom(
    _ paths: PathSet, holding expected: Set<String>, among members: [String], candidates: [String], seed: Int,
    rounds: Int
  ) {
    var (paths, expected) = (paths, expected)
    var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(max(1, bound)))
    }
    for _ in 0..<rounds {
      let member = members[next(members.count)]
      if next(2) == 0 {
        paths.insert(member)
        expected.insert(member)
      } else {
        paths.remove(member)
        expected.remove(member)
      }
      #expect(Array(paths) == expected.sorted())
      #expect(paths.count == expected.count)
      #expect(paths.isEmpty == expected.isEmpty)
      for candidate in candidates { #expect(paths.contains(candidate) == expected.contains(candidate)) }
    }
  }

  @Test(arguments: 0..<4)
  func holdsWhatASetHolds(seed: Int) {
    let members = ["notes/a.md", "notes/b.md", "é.md", "漢字.md", "notes/long/path/to/a/note-with-a-long-name.md", "z"]
    Self.changeAtRandom(PathSet(), holding: [], among: members, candidates: members, seed: seed, rounds: 400)
  }

  @Test func anArrayLiteralIsASet() {
    let paths: PathSet = ["b", "a", "b"]
    #expect(Array(paths) == ["a", "b"])
    #expect(PathSet() == [])
  }

  /// A set read back from a table of paths (a note image's maps) holds the paths at its places, and changes as any
  /// other set does.
  @Test(arguments: 0..<4)
  func aSetReadFromATableHoldsWhatASetHolds(seed: Int) throws {
    let members = ["notes/a.md", "notes/b.md", "z", "é.md", "漢字.md", "🦉.md"]
    let table = try #require(PathTable(sorted: members.sorted()))
    let places: [Int32] = seed % 2 == 0 ? [0, 2, 5] : [3]
    let paths = PathSet(placed: places, in: table)
    let expected = Set(places.map { table.paths[Int($0)] })
    #expect(Array(paths) == expected.sorted())
    #expect(paths == PathSet(placed: places, in: table))
    var built = PathSet()
    for member in expected { built.insert(member) }
    #expect(paths == built)
    #expect(built == paths)
    Self.changeAtRandom(
      paths, holding: expected, among: members, candidates: members + ["notes/c.md"], seed: seed, rounds: 200)
  }

  /// Only paths sorted as strings sort, each once, make a table.
  @Test func aTableIsOfSortedPathsEachOnce() {
    #expect(PathTable(sorted: ["a", "b/c", "é"]) != nil)
    #expect(PathTable(sorted: []) != nil)
    #expect(PathTable(sorted: ["b", "a"]) == nil)
    #expect(PathTable(sorted: ["a", "a"]) == nil)
  }

  /// The notes using a tag read back from a table answer as the dictionary they were written from, before and after
  /// a change.
  @Test func tagCountsReadFromATableAnswerAsADictionary() throws {
    let table = try #require(PathTable(sorted: ["notes/a.md", "notes/b.md", "notes/c.md", "notes/ệ.md"]))
    var placed = PathCounts(placed: [0, 3], counts: [2, 5], in: table)
    var counted = PathCounts(["notes/a.md": 2, "notes/ệ.md": 5])
    #expect(placed == counted)
    #expect(placed.count == 2)
    #expect(placed["notes/ệ.md"] == 5)
    #expect(placed["notes/b.md"] == nil)
    #expect(placed.dictionary == ["notes/a.md": 2, "notes/ệ.md": 5])
    #expect(placed.paths == ["notes/a.md", "notes/ệ.md"])
    #expect(Dictionary(uniqueKeysWithValues: placed.map { ($0.path, $0.count) }) == placed.dictionary)
    placed["notes/b.md"] = 1
    counted["notes/b.md"] = 1
    placed["notes/a.md"] = nil
    counted["notes/a.md"] = nil
    #expect(placed == counted)
    #expect(placed.dictionary == ["notes/b.md": 1, "notes/ệ.md": 5])
    #expect(PathCounts(placed: [1], counts: [1], in: table) != PathCounts(placed: [1], counts: [2], in: table))
    #expect(PathCounts().isEmpty)
  }
}
