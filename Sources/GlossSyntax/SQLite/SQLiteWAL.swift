/// The committed pages of an SQLite write-ahead log (`-wal` file): a 32-byte header (magic, format, page size,
/// checkpoint sequence, two salts, a checksum) and frames of a 24-byte header (page number, database size after a
/// commit, the salts, a cumulative checksum) and one page. Frames are read in order while their salts match the
/// header's and their checksums hold; a frame whose database size is not zero ends a transaction, and the frames
/// after the last such frame (a transaction still being written) are ignored. Each page's newest committed frame
/// wins.
struct SQLiteWAL: Sendable {
  /// The log's page size (a power of two from 512 to 65536).
  let pageSize: Int
  /// Where the data of each page's newest committed frame starts in the log.
  let frames: [Int: Int]
  /// The size of the database in pages after the last committed transaction.
  let pageCount: Int
  /// How many frames belong to committed transactions.
  let committedFrames: Int

  /// The committed frames of `bytes`, or nil when the log has no valid header or no committed transaction.
  init?(_ bytes: [UInt8]) {
    let all = bytes[...]
    guard bytes.count >= 32, let magic = SQLiteBytes.uint32(all, at: 0), magic & ~1 == 0x377F_0682,
      let size = SQLiteBytes.uint32(all, at: 8), size >= 512, size <= 65536, size & (size - 1) == 0
    else { return nil }
    let bigEndian = magic & 1 == 1
    var sum = Self.checksum(all, from: 0, count: 24, bigEndian: bigEndian, seed: (0, 0))
    guard SQLiteBytes.uint32(all, at: 24) == Int(sum.0), SQLiteBytes.uint32(all, at: 28) == Int(sum.1) else {
      return nil
    }
    let salts = bytes[16..<24]
    var pending: [(page: Int, offset: Int)] = []
    var frames: [Int: Int] = [:]
    var pageCount = 0
    var committed = 0
    var offset = 32
    while offset + 24 + size <= bytes.count {
      guard bytes[offset + 8..<offset + 16].elementsEqual(salts),
        let page = SQLiteBytes.uint32(all, at: offset), page > 0,
        let commit = SQLiteBytes.uint32(all, at: offset + 4)
      else { break }
      sum = Self.checksum(all, from: offset, count: 8, bigEndian: bigEndian, seed: sum)
      sum = Self.checksum(all, from: offset + 24, count: size, bigEndian: bigEndian, seed: sum)
      guard SQLiteBytes.uint32(all, at: offset + 16) == Int(sum.0),
        SQLiteBytes.uint32(all, at: offset + 20) == Int(sum.1)
      else { break }
      pending.append((page, offset + 24))
      if commit > 0 {
        for frame in pending { frames[frame.page] = frame.offset }
        committed += pending.count
        pending.removeAll()
        pageCount = commit
      }
      offset += 24 + size
    }
    guard committed > 0 else { return nil }
    self.pageSize = size
    self.frames = frames.filter { $0.key <= pageCount }
    self.pageCount = pageCount
    self.committedFrames = committed
  }

  /// SQLite's WAL checksum of `count` bytes (a multiple of 8) from `start`, continuing from `seed`: the bytes are
  /// read as 32-bit words in the log's byte order, two at a time.
  static func checksum(
    _ bytes: ArraySlice<UInt8>, from start: Int, count: Int, bigEndian: Bool, seed: (UInt32, UInt32)
  ) -> (UInt32, UInt32) {
    var (s0, s1) = seed
    bytes.withUnsafeBufferPointer { buffer in
      var index = start
      let end = start + count
      func word(_ at: Int) -> UInt32 {
        let b0 = UInt32(buffer[at]), b1 = UInt32(buffer[at + 1]), b2 = UInt32(buffer[at + 2])
        let b3 = UInt32(buffer[at + 3])
        return bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
      }
      while index + 8 <= end {
        s0 = s0 &+ word(index) &+ s1
        s1 = s1 &+ word(index + 4) &+ s0
        index += 8
      }
    }
    return (s0, s1)
  }
}
