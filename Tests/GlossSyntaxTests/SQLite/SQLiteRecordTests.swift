import Testing

@testable import GlossSyntax

/// Varints and records decoded from hand-made bytes.
@Suite struct SQLiteRecordTests {
  @Test func readsVarintsOfOneToNineBytes() {
    #expect(SQLiteBytes.varint([0x00][...], at: 0)! == (0, 1))
    #expect(SQLiteBytes.varint([0x7F][...], at: 0)! == (127, 1))
    #expect(SQLiteBytes.varint([0x81, 0x00][...], at: 0)! == (128, 2))
    #expect(SQLiteBytes.varint([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF][...], at: 0)! == (.max, 9))
    #expect(SQLiteBytes.varint([0x81, 0x81][...], at: 0) == nil, "ends inside the varint")
    #expect(SQLiteBytes.varint([0x05, 0x81, 0x00][...], at: 1)! == (128, 2))
  }

  @Test func readsEverySerialType() {
    // Header: size 11, then NULL, int8, int16, int24, int48, 0, 1, real, text of 3, blob of 1.
    let record: [UInt8] =
      [11, 0, 1, 2, 3, 5, 8, 9, 7, 19, 14] + [0xFF] + [0x01, 0x00] + [0x80, 0x00, 0x00]
      + [0x00, 0x01, 0x00, 0x00, 0x00, 0x00] + [0x40, 0x09, 0x21, 0xFB, 0x54, 0x44, 0x2D, 0x18] + Array("hé".utf8)
      + [0xAB]
    #expect(
      SQLiteRecord.values(record[...], encoding: .utf8) == [
        .null, .integer(-1), .integer(256), .integer(-8_388_608), .integer(4_294_967_296), .integer(0), .integer(1),
        .real(3.141592653589793), .text("hé"), .blob([0xAB]),
      ])
  }

  @Test func aNaNIsReadAsNull() {
    let record: [UInt8] = [2, 7, 0x7F, 0xF8, 0, 0, 0, 0, 0, 1]
    #expect(SQLiteRecord.values(record[...], encoding: .utf8) == [.null])
  }

  @Test func damagedRecordsGiveNothing() {
    #expect(SQLiteRecord.values([2, 10][...], encoding: .utf8) == nil, "serial type 10 is reserved")
    #expect(SQLiteRecord.values([2, 6, 1, 2][...], encoding: .utf8) == nil, "an integer past the end")
    #expect(SQLiteRecord.values([2, 0x81][...], encoding: .utf8) == nil, "a serial type past the header")
    #expect(SQLiteRecord.values([9][...], encoding: .utf8) == nil, "a header longer than the record")
    #expect(SQLiteRecord.values([][...], encoding: .utf8) == nil)
    #expect(SQLiteRecord.values([1][...], encoding: .utf8) == [], "a record of no values")
  }

  @Test func decodesUTF16Text() {
    #expect(SQLiteTextEncoding.utf16LittleEndian.decode([0x69, 0x00, 0x3D, 0xD8, 0x00, 0xDE, 0x41][...]) == "i😀")
    #expect(SQLiteTextEncoding.utf16BigEndian.decode([0x00, 0x69, 0xD8, 0x3D][...]) == "i\u{FFFD}")
  }
}
