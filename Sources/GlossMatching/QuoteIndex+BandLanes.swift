extension QuoteIndex {
  /// How many windows' bands `alignBands` aligns at once, one in each lane of a vector.
  static let bandLanes = 4

  /// Whether the band along `diagonal` (cells from `halfWidth` before it to `bandSpread + halfWidth` after it) of a
  /// quotation of `m` tokens meets a window of `width` tokens at its first row, so that `alignBands` aligns it as
  /// `align` does. (A band that runs past the window's end at a later row is squeezed into its last column by
  /// `align`, and `alignBands` works that column out the same way; one that starts past it is left to `align`.)
  static func bandFitsLanes(diagonal: Int, halfWidth: Int, m: Int, width: Int) -> Bool {
    diagonal - halfWidth <= width && diagonal + bandSpread + halfWidth >= 0
  }

  /// The banded alignment (`align` with a band) of `tokens` against up to `bandLanes` windows at once, each in a lane
  /// of a vector: every lane works out exactly what `align` works out for its window alone, cell by cell, with the
  /// same costs and ties, so that a window costs a fraction of a row of cells rather than a row.
  ///
  /// A quotation thirty words of Chinese long (600 tokens) has four windows in each source tried, and in a source
  /// that does not hold it every window is aligned nearly to its end before it is given up: aligned one after the
  /// other, they were most of a search's time.
  ///
  /// The band is read skewed, as wide at every row (`halfWidth` before the diagonal, `bandSpread + halfWidth`
  /// after): cell `t` of row `i` is column `diagonal - halfWidth + i + t` of the window, so that the cell diagonally
  /// before is cell `t` of the row before, the one above is cell `t + 1`, the one to the left cell `t - 1`. Where
  /// the window cuts the band (`align` scores only columns `0...w`), the cells before column 0 stay out of the band
  /// (every cell they could come from is), column 0 then takes only the cell above, as in `align`, and the cells
  /// past column `w` are worked out but never read by a cell of the window, nor taken at the end. Each band must
  /// meet its window at its first row (`bandFitsLanes`). Once a band's first cell is past column `w` (the band ran
  /// past the window's end), `align` scores column `w` alone at each row, from the cell above (the cell before it is
  /// out of the band): its distance grows by a deletion a row from what the row where the band's first cell was
  /// column `w` held there, and it keeps that cell's start. Each lane works that out beside its cells.
  ///
  /// A window whose distance reaches `giveUpAt` gives `Int.max` and no positions, as `align` does (it gives up as
  /// soon as a row's least distance reaches it; rows' least distances only grow, so the last row's, the distance,
  /// reaches it too).
  func alignBands(
    _ tokens: [UInt32], wordAt: [Bool], windows: [(range: Range<Int>, diagonal: Int)], halfWidth: Int,
    giveUpAt: Int = Int.max
  ) -> [(distance: Int, positions: Range<Int>)] {
    typealias Lanes = SIMD4<Int32>
    let laneCount = Lanes.scalarCount
    precondition(!windows.isEmpty && windows.count <= laneCount)
    let m = tokens.count
    let width = 2 * halfWidth + Self.bandSpread + 1
    let insertion = Int32(Self.editCost)
    let substitution = insertion + 1
    let deletion = insertion + 2
    let crossing = insertion + deletion
    let outside = Int32.max / 4
    let giveUp = Int32(clamping: giveUpAt)
    // The lanes a window fills (a lane left over repeats the first window, its result dropped).
    let lanes = (0..<laneCount).map { windows[min($0, windows.count - 1)] }
    // Cell `t` of row `i` reads source token `x - 1` of the band, `x = i + t`: per `x`, each lane's token, and its
    // cost against a word and against a mark of the quotation when they differ (a word for a mark costs more).
    let span = m + width
    var ids = [SIMD4<UInt32>](repeating: SIMD4(repeating: QuoteQuery.unknown), count: span)
    var costForWord = [Lanes](repeating: Lanes(repeating: crossing), count: span)
    var costForMark = [Lanes](repeating: Lanes(repeating: crossing), count: span)
    var isSourceWord = [SIMDMask<Lanes.MaskStorage>](repeating: .init(repeating: false), count: span)
    for (lane, window) in lanes.enumerated() {
      let first = window.range.lowerBound + window.diagonal - halfWidth - 1
      for x in 1..<span {
        // Outside the window: cells no cell of the window reads.
        guard window.range.contains(first + x) else { continue }
        let id = tokenIDs[first + x]
        let word = isWord[Int(id)]
        ids[x][lane] = id
        isSourceWord[x][lane] = word
        costForWord[x][lane] = word ? substitution : crossing
        costForMark[x][lane] = word ? crossing : substitution
      }
    }
    // Two rows of distances and of where each alignment starts; cell `width` of a row stays out of the band (the
    // cell above the last of the next row).
    var previous = [Lanes](repeating: Lanes(repeating: outside), count: width + 1)
    var previousStart = [Lanes](repeating: .zero, count: width + 1)
    var current = previous
    var currentStart = previousStart
    for t in 0..<width {
      for (lane, window) in lanes.enumerated() {
        let column = window.diagonal - halfWidth + t
        previous[t][lane] = column >= 0 ? 0 : outside
        previousStart[t][lane] = Int32(column)
      }
    }
    // The row at which each lane's band has its first cell at the window's last column, when that comes before the
    // last row; from the row after it, the lane's distance is that of its squeezed column (`squeezedValue`, from
    // the start `squeezedStart`), the lanes so far on in `isSqueezed`.
    let squeezeRows = lanes.map { $0.range.count - $0.diagonal + halfWidth }
    var squeezedValue = Lanes.zero
    var squeezedStart = Lanes.zero
    var isSqueezed = SIMDMask<Lanes.MaskStorage>(repeating: false)
    // Takes each lane whose band's first cell at row `i` (now in `previous`) is the window's last column.
    func squeeze(atRow i: Int) {
      for lane in 0..<laneCount where squeezeRows[lane] == i && i < m {
        squeezedValue[lane] = previous[0][lane]
        squeezedStart[lane] = previousStart[0][lane]
        isSqueezed[lane] = true
      }
    }
    squeeze(atRow: 0)
    var gaveUp = false
    let outsideLanes = Lanes(repeating: outside)
    let giveUpLanes = Lanes(repeating: giveUp)
    let deletionLanes = Lanes(repeating: deletion)
    ids.withUnsafeBufferPointer { ids in
      costForWord.withUnsafeBufferPointer { costForWord in
        costForMark.withUnsafeBufferPointer { costForMark in
          isSourceWord.withUnsafeBufferPointer { isSourceWord in
            for i in 1...m {
              let q = tokens[i - 1]
              let wildcard = q == QuoteQuery.wildcard
              let qLanes = SIMD4<UInt32>(repeating: q)
              let costs = wordAt[i - 1] ? costForWord : costForMark
              var rowLeast = outsideLanes
              previous.withUnsafeBufferPointer { up in
                previousStart.withUnsafeBufferPointer { upStart in
                  current.withUnsafeMutableBufferPointer { cells in
                    currentStart.withUnsafeMutableBufferPointer { starts in
                      var left = outsideLanes
                      var leftStart = Lanes.zero
                      for t in 0..<width {
                        let x = i + t
                        var equal = ids[x] .== qLanes
                        if wildcard { equal .|= isSourceWord[x] }
                        var value = up[t] &+ Lanes.zero.replacing(with: costs[x], where: .!equal)
                        var start = upStart[t]
                        let above = up[t + 1] &+ deletion
                        let fromAbove = above .< value
                        value.replace(with: above, where: fromAbove)
                        start.replace(with: upStart[t + 1], where: fromAbove)
                        let fromLeft = left &+ insertion
                        let leftward = fromLeft .< value
                        value.replace(with: fromLeft, where: leftward)
                        start.replace(with: leftStart, where: leftward)
                        rowLeast = pointwiseMin(rowLeast, value)
                        let stored = pointwiseMin(value, outsideLanes)
                        cells[t] = stored
                        starts[t] = start
                        left = stored
                        leftStart = start
                      }
                    }
                  }
                }
              }
              // A squeezed lane's row holds its one column, a deletion further on.
              if any(isSqueezed) {
                squeezedValue.replace(with: squeezedValue &+ deletionLanes, where: isSqueezed)
                rowLeast.replace(with: squeezedValue, where: isSqueezed)
              }
              // Every lane given up: no window can be the answer.
              if all(rowLeast .>= giveUpLanes) {
                gaveUp = true
                return
              }
              swap(&previous, &current)
              swap(&previousStart, &currentStart)
              squeeze(atRow: i)
            }
          }
        }
      }
    }
    return windows.indices.map { lane in
      guard !gaveUp else { return (Int.max, windows[lane].range.lowerBound..<windows[lane].range.lowerBound) }
      let window = windows[lane]
      if isSqueezed[lane] {
        // The squeezed column, the window's last (distances stay far below `outside`: at most a few costs a row).
        let distance = min(squeezedValue[lane], outside)
        guard distance < giveUp else { return (Int.max, window.range.lowerBound..<window.range.lowerBound) }
        let start = Int(squeezedStart[lane])
        return (
          Int(distance), (window.range.lowerBound + start)..<(window.range.lowerBound + max(start, window.range.count))
        )
      }
      // The first least cell of the last row inside the window, as `align` takes it.
      var best = (distance: Int32.max, cell: 0)
      for t in 0..<width where previous[t][lane] < best.distance {
        let column = window.diagonal - halfWidth + m + t
        if column >= 0, column <= window.range.count { best = (previous[t][lane], t) }
      }
      guard best.distance < giveUp else { return (Int.max, window.range.lowerBound..<window.range.lowerBound) }
      let start = Int(previousStart[best.cell][lane])
      let end = window.diagonal - halfWidth + m + best.cell
      return (Int(best.distance), (window.range.lowerBound + start)..<(window.range.lowerBound + max(start, end)))
    }
  }
}
