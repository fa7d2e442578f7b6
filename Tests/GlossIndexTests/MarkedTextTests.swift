import TestSupport
import Testing

@Suite struct MarkedTextTests {
  @Test func markersBecomeByteOffsets() {
    let marked = MarkedText("é1️⃣⏩ab⏩c⏪⏪ 日本2️⃣ 10")
    #expect(marked.text == "éabc 日本 10")
    #expect(marked.cursors == ["1": 2, "2": 12])
    #expect(marked.ranges == [2..<5, 4..<5])
  }
}
