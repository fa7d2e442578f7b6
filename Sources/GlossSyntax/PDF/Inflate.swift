/// A small DEFLATE decoder (RFC 1951), with or without the zlib wrapper (RFC 1950), for the compressed streams of PDF
/// files; after Mark Adler's `puff.c`.
///
/// It never fails: damaged data gives nil, and the output is bounded by a limit (a few bytes can inflate to gigabytes).
/// The zlib checksum is not checked: PDF writers get it wrong often enough that readers ignore it.
package enum Inflate {
  /// The data `bytes` inflate to, nil when they are not DEFLATE data or their output would pass `limit` bytes.
  package static func decompress(_ bytes: ArraySlice<UInt8>, limit: Int = 16 << 20) -> [UInt8]? {
    var start = bytes.startIndex
    // A zlib header: method 8 (deflate), a window of at most 32 KB, no preset dictionary, and a valid check.
    if bytes.count >= 2 {
      let cmf = Int(bytes[start])
      let flg = Int(bytes[start + 1])
      if cmf & 0x0F == 8, cmf >> 4 <= 7, (cmf << 8 | flg) % 31 == 0, flg & 0x20 == 0 { start += 2 }
    }
    var state = State(input: bytes[start...], limit: limit)
    return state.inflate() ? state.output : nil
  }

  /// Lengths and distances: the base and the number of extra bits of each code (RFC 1951, 3.2.5).
  private static let lengthBase: [Int] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
  ]
  private static let lengthExtra: [Int] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  private static let distanceBase: [Int] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289, 16385, 24577,
  ]
  private static let distanceExtra: [Int] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
  ]
  /// The order in which a dynamic block gives its code-length code lengths.
  private static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

  /// A canonical Huffman code: how many symbols have each length, and the symbols in code order.
  private struct Huffman {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int]

    /// The code of `lengths`; nil when it is over-subscribed, or incomplete where only a complete code is allowed.
    init?(lengths: ArraySlice<Int>, allowIncomplete: Bool) {
      symbols = [Int](repeating: 0, count: lengths.count)
      for length in lengths { counts[length] += 1 }
      if counts[0] == lengths.count {
        // No codes at all: valid, but any attempt to decode with it fails.
        return
      }
      var left = 1
      for length in 1...15 {
        left <<= 1
        left -= counts[length]
        if left < 0 { return nil }
      }
      if left > 0 && !allowIncomplete { return nil }
      var offsets = [Int](repeating: 0, count: 16)
      for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
      for (symbol, length) in zip(0..., lengths) where length != 0 {
        symbols[offsets[length]] = symbol
        offsets[length] += 1
      }
    }
  }

  private struct State {
    let input: ArraySlice<UInt8>
    let limit: Int
    var position: Int
    var bitBuffer = 0
    var bitCount = 0
    var output: [UInt8] = []
    var failed = false

    init(input: ArraySlice<UInt8>, limit: Int) {
      self.input = input
      self.limit = limit
      position = input.startIndex
    }

    /// `count` bits, least significant first; on running out of input, zeros and `failed`.
    mutating func bits(_ count: Int) -> Int {
      var value = bitBuffer
      while bitCount < count {
        guard position < input.endIndex else {
          failed = true
          return 0
        }
        value |= Int(input[position]) << bitCount
        position += 1
        bitCount += 8
      }
      bitBuffer = value >> count
      bitCount -= count
      return value & ((1 << count) - 1)
    }

    mutating func inflate() -> Bool {
      var last = 0
      repeat {
        last = bits(1)
        let type = bits(2)
        if failed { return false }
        let ok: Bool
        switch type {
        case 0: ok = stored()
        case 1: ok = fixed()
        case 2: ok = dynamic()
        default: ok = false
        }
        if !ok || failed { return false }
      } while last == 0
      return true
    }

    mutating func stored() -> Bool {
      bitBuffer = 0
      bitCount = 0
      guard position + 4 <= input.endIndex else { return false }
      let length = Int(input[position]) | Int(input[position + 1]) << 8
      let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
      position += 4
      guard length == ~complement & 0xFFFF, position + length <= input.endIndex,
        output.count + length <= limit
      else { return false }
      output.append(contentsOf: input[position..<position + length])
      position += length
      return true
    }

    mutating func decode(_ code: Huffman) -> Int? {
      var code1 = 0
      var first = 0
      var index = 0
      for length in 1...15 {
        code1 |= bits(1)
        if failed { return nil }
        let count = code.counts[length]
        if code1 - count < first { return code.symbols[index + (code1 - first)] }
        index += count
        first += count
        first <<= 1
        code1 <<= 1
      }
      return nil
    }

    mutating func codes(_ lengthCode: Huffman, _ distanceCode: Huffman) -> Bool {
      while true {
        guard let symbol = decode(lengthCode) else { return false }
        if symbol < 256 {
          guard output.count < limit else { return false }
          output.append(UInt8(symbol))
        } else if symbol == 256 {
          return true
        } else {
          let index = symbol - 257
          guard index < 29 else { return false }
          let length = Inflate.lengthBase[index] + bits(Inflate.lengthExtra[index])
          guard let distanceSymbol = decode(distanceCode), distanceSymbol < 30 else { return false }
          let distance = Inflate.distanceBase[distanceSymbol] + bits(Inflate.distanceExtra[distanceSymbol])
          guard !failed, distance <= output.count, output.count + length <= limit else { return false }
          let from = output.count - distance
          for offset in 0..<length { output.append(output[from + offset]) }
        }
      }
    }

    mutating func fixed() -> Bool {
      var lengths = [Int](repeating: 8, count: 288)
      for symbol in 144..<256 { lengths[symbol] = 9 }
      for symbol in 256..<280 { lengths[symbol] = 7 }
      guard let lengthCode = Huffman(lengths: lengths[...], allowIncomplete: true),
        let distanceCode = Huffman(lengths: [Int](repeating: 5, count: 30)[...], allowIncomplete: true)
      else { return false }
      return codes(lengthCode, distanceCode)
    }

    mutating func dynamic() -> Bool {
      let literalCount = bits(5) + 257
      let distanceCount = bits(5) + 1
      let codeLengthCount = bits(4) + 4
      guard !failed, literalCount <= 286, distanceCount <= 30 else { return false }
      var lengths = [Int](repeating: 0, count: 320)
      for index in 0..<codeLengthCount { lengths[Inflate.codeLengthOrder[index]] = bits(3) }
      guard !failed, let lengthLengths = Huffman(lengths: lengths[0..<19], allowIncomplete: false) else {
        return false
      }
      var index = 0
      while index < literalCount + distanceCount {
        guard var symbol = decode(lengthLengths) else { return false }
        if symbol < 16 {
          lengths[index] = symbol
          index += 1
          continue
        }
        var repeated = 0
        if symbol == 16 {
          guard index > 0 else { return false }
          repeated = lengths[index - 1]
          symbol = 3 + bits(2)
        } else if symbol == 17 {
          symbol = 3 + bits(3)
        } else {
          symbol = 11 + bits(7)
        }
        guard !failed, index + symbol <= literalCount + distanceCount else { return false }
        for _ in 0..<symbol {
          lengths[index] = repeated
          index += 1
        }
      }
      // The end-of-block code must be there.
      guard lengths[256] != 0 else { return false }
      // Incomplete codes are allowed only for a single length-1 code, as zlib allows.
      guard
        let lengthCode = Huffman(
          lengths: lengths[0..<literalCount],
          allowIncomplete: lengths[0..<literalCount].filter { $0 != 0 }.count == 1),
        let distanceCode = Huffman(
          lengths: lengths[literalCount..<literalCount + distanceCount],
          allowIncomplete: lengths[literalCount..<literalCount + distanceCount].filter { $0 != 0 }.count <= 1)
      else { return false }
      return codes(lengthCode, distanceCode)
    }
  }
}
