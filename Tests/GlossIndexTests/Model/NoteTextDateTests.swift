import Foundation
import GlossIndex
import Testing

/// The `created` date of a new note is written as Foundation's `ISO8601DateFormatter` wrote it.
@Suite struct NoteTextDateTests {
  @Test func datesAreWrittenInISO8601InUTCToTheSecond() {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    let seconds: [Double] = [
      0, 1, 59.999, 1_790_000_000, 1_790_000_000.5, 951_782_400, -1, -0.25, -86_400 * 365.25 * 30, 2_147_483_648,
      4_102_444_799.9, 253_402_300_799,
    ]
    for second in seconds {
      let date = Date(timeIntervalSince1970: second)
      #expect(NoteText.iso8601(date) == formatter.string(from: date), "\(second)")
    }
    #expect(NoteText.iso8601(Date(timeIntervalSince1970: 1_790_240_000)) == "2026-09-24T08:53:20Z")
  }
}
