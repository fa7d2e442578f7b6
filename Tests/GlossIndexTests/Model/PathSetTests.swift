import Testing

@testable import GlossIndex

/// The reverse maps' member sets hold what a `Set` would, in sorted order, whatever the order of inserts and removals.
@Suite struct PathSetTests {
  @Test(arguments: 0..<4)
  func holdsWhatASetHolds(seed: Int) {
    var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(max(1, bound)))
    }
    let members = ["notes/a.md", "notes/b.md", "é.md", "漢字.md", "notes/long/path/to/a/note-with-a-long-name.md", "z"]
    var paths = PathSet()
    var expected: Set<String> = []
    for _ in 0..<400 {
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
      for candidate in members { #expect(paths.contains(candidate) == expected.contains(candidate)) }
    }
  }

  @Test func anArrayLiteralIsASet() {
    let paths: PathSet = ["b", "a", "b"]
    #expect(Array(paths) == ["a", "b"])
    #expect(PathSet() == [])
  }
}
