import Testing

@testable import GlossSyntax

/// The one binary search: the first element of the second part, as a linear scan finds it.
@Suite struct PartitioningIndexTests {
  @Test func lowerAndUpperBoundsAreThoseOfALinearScan() {
    let sorted = [1, 3, 3, 3, 7, 9, 12, 12, 20]
    for value in -1...22 {
      #expect(sorted.partitioningIndex { $0 >= value } == sorted.firstIndex { $0 >= value } ?? sorted.count)
      #expect(sorted.partitioningIndex { $0 > value } == sorted.firstIndex { $0 > value } ?? sorted.count)
    }
  }

  @Test func emptyAndOneElementCollections() {
    let empty: [UInt32] = []
    #expect(empty.partitioningIndex { $0 >= 5 } == 0)
    #expect([5].partitioningIndex { $0 >= 5 } == 0)
    #expect([5].partitioningIndex { $0 > 5 } == 1)
  }

  @Test func aSliceAnswersInItsBaseIndices() {
    let postings: [UInt32] = [9, 9, 1, 4, 4, 8, 0, 0]
    let list = 2..<6
    #expect(postings[list].partitioningIndex { $0 >= 4 } == 3)
    #expect(postings[list].partitioningIndex { $0 >= 5 } == 5)
    #expect(postings[list].partitioningIndex { $0 >= 100 } == 6)
    #expect(postings[list].partitioningIndex { $0 >= 0 } == 2)
  }

  @Test func everyLengthAndSplitPoint() {
    for count in 0...40 {
      let values = Array(0..<count)
      for split in 0...count {
        #expect(values.partitioningIndex { $0 >= split } == split)
      }
    }
  }
}
