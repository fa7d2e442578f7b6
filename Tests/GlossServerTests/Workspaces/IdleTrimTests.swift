import Foundation
import GlossServer
import Testing

/// The memory a background build freed is handed back once, when the client has been quiet for a while.
@Suite struct IdleTrimTests {
  let start = Date(timeIntervalSince1970: 1_790_000_000)

  @Test func aFinishedBuildIsHandedBackOnceTheClientIsQuiet() {
    var trim = IdleTrim()
    func due(_ rounds: Int, _ last: Date?, after seconds: TimeInterval) -> Bool {
      trim.isDue(finishedRounds: rounds, lastClientMessage: last, now: start.addingTimeInterval(seconds))
    }
    // Nothing built yet.
    #expect(due(0, nil, after: 0) == false)
    // Built while the client types: not now; once it is quiet, yes.
    #expect(due(1, start, after: 0.5) == false)
    #expect(due(1, start, after: IdleTrim.quietFor) == true)
    // Once for that build.
    #expect(due(1, start, after: 10) == false)
    // The next build, with a client that never wrote.
    #expect(due(2, nil, after: 11) == true)
  }
}
