/// The objects of a PDF file, found by scanning its bytes for `N G obj` rather than trusting its cross-reference
/// tables (often wrong in files that were edited, and never needed here): the last definition of an object in the
/// file wins, as an incremental update's does. Objects inside object streams (`/Type /ObjStm`, FlateDecode) are read
/// when asked for; the trailer is the last `trailer` dictionary or cross-reference stream dictionary with a `/Root`.
///
/// Never fails: what cannot be read is nil. Work is bounded by the file's size and by `inflateBudget`.
struct PDFFile {
  let bytes: [UInt8]
  /// Where each object's body starts (after `obj`): the last definition in the file.
  private(set) var offsets: [Int: Int] = [:]
  /// The object streams, in file order: their numbers and where their bodies start.
  private(set) var objectStreams: [(number: Int, offset: Int)] = []
  /// The trailer dictionaries with a `/Root`, in file order (classic trailers and cross-reference streams).
  private(set) var trailers: [[String: PDFObject]] = []
  /// The object streams read so far: where each object sits in the stream's data.
  private var loadedStreams: [Int: (data: [UInt8], offsets: [Int: Int])] = [:]
  /// How many bytes all inflated streams together may hold.
  private var inflateBudget = 64 << 20
  /// The objects read so far, by number (a tree whose nodes share children reads each once).
  private var readObjects: [Int: PDFObject?] = [:]

  /// Scans `bytes` for objects, object streams and trailers.
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    scan()
  }

  private mutating func scan() {
    let count = bytes.count
    var index = 0
    while index + 3 <= count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "o"), bytes[index + 1] == UInt8(ascii: "b"), bytes[index + 2] == UInt8(ascii: "j"),
        index + 3 == count || Self.isBoundary(bytes[index + 3]), let number = objectNumber(before: index)
      {
        index = readObject(number, bodyStart: index + 3)
      } else if byte == UInt8(ascii: "t"), Self.matches(bytes, at: index, "trailer"),
        index + 7 < count, Self.isBoundary(bytes[index + 7])
      {
        var lexer = PDFLexer(bytes, at: index + 7)
        if let dictionary = lexer.object().dictionary, dictionary["Root"] != nil { trailers.append(dictionary) }
        index = max(index + 7, lexer.position)
      } else {
        index += 1
      }
    }
  }

  /// Reads the object whose body starts at `bodyStart`, records it, and returns where scanning goes on (past its
  /// stream's data when it has one).
  private mutating func readObject(_ number: Int, bodyStart: Int) -> Int {
    offsets[number] = bodyStart
    var lexer = PDFLexer(bytes, at: bodyStart)
    let object = lexer.object()
    guard let dictionary = object.dictionary, let data = streamStart(after: &lexer) else {
      return max(bodyStart, lexer.position)
    }
    switch dictionary["Type"]?.name {
    case "ObjStm": objectStreams.append((number, bodyStart))
    case "XRef" where dictionary["Root"] != nil: trailers.append(dictionary)
    default: break
    }
    if let length = dictionary["Length"]?.integer, length >= 0, data + length <= bytes.count {
      return data + length
    }
    return Self.find(Array("endstream".utf8), in: bytes, from: data) ?? bytes.count
  }

  /// Where a stream's data starts, when `stream` comes next.
  private func streamStart(after lexer: inout PDFLexer) -> Int? {
    guard lexer.consume(keyword: "stream") else { return nil }
    var start = lexer.position
    if start < bytes.count, bytes[start] == 0x0D { start += 1 }
    if start < bytes.count, bytes[start] == 0x0A { start += 1 }
    return start
  }

  /// The object number of `N G obj` when `obj` starts at `index`: two unsigned integers before it, each after
  /// whitespace.
  private func objectNumber(before index: Int) -> Int? {
    var cursor = index - 1
    func skipSpace() -> Bool {
      let start = cursor
      while cursor >= 0, PDFLexer.isWhitespace(bytes[cursor]) { cursor -= 1 }
      return cursor < start
    }
    func digits() -> Int? {
      let end = cursor
      while cursor >= 0, cursor > end - 12, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "9") {
        cursor -= 1
      }
      guard cursor < end else { return nil }
      return PDFLexer.integer(bytes[(cursor + 1)...end])
    }
    guard skipSpace(), digits() != nil, skipSpace(), let number = digits() else { return nil }
    guard cursor < 0 || PDFLexer.isWhitespace(bytes[cursor]) || PDFLexer.isDelimiter(bytes[cursor]) else {
      return nil
    }
    return number
  }

  /// The object `number`, references inside it left as they are; nil when the file has no such object.
  mutating func object(_ number: Int) -> PDFObject? {
    if let read = readObjects[number] { return read }
    let object = readObject(number)
    readObjects[number] = object
    return object
  }

  private mutating func readObject(_ number: Int) -> PDFObject? {
    let direct = offsets[number]
    // An object stream after the direct definition may hold a newer version (an incremental update).
    for stream in objectStreams.reversed() where stream.offset > (direct ?? -1) {
      if let object = objectInStream(stream.number, containing: number) { return object }
    }
    guard let direct else { return nil }
    var lexer = PDFLexer(bytes, at: direct)
    return lexer.object()
  }

  /// `object` with references followed (a few levels: a reference to a reference is allowed, a cycle is not).
  mutating func resolve(_ object: PDFObject?) -> PDFObject? {
    var current = object
    for _ in 0..<8 {
      guard case .reference(let number, _)? = current else { return current }
      current = self.object(number)
    }
    return nil
  }

  /// Object `number` from object stream `streamNumber`, when that stream holds it.
  private mutating func objectInStream(_ streamNumber: Int, containing number: Int) -> PDFObject? {
    if loadedStreams[streamNumber] == nil { loadedStreams[streamNumber] = loadObjectStream(streamNumber) }
    guard let stream = loadedStreams[streamNumber], let offset = stream.offsets[number] else { return nil }
    var lexer = PDFLexer(stream.data, at: offset)
    return lexer.object()
  }

  /// The data of object stream `number` and where each of its objects starts (empty when it cannot be read).
  private mutating func loadObjectStream(_ number: Int) -> (data: [UInt8], offsets: [Int: Int]) {
    let empty: (data: [UInt8], offsets: [Int: Int]) = ([], [:])
    guard let bodyStart = objectStreams.last(where: { $0.number == number })?.offset else { return empty }
    var lexer = PDFLexer(bytes, at: bodyStart)
    guard let dictionary = lexer.object().dictionary, let data = streamData(dictionary, lexer: &lexer),
      let count = dictionary["N"]?.integer, let first = dictionary["First"]?.integer, count >= 0, first >= 0
    else { return empty }
    var header = PDFLexer(data, at: 0)
    var offsets: [Int: Int] = [:]
    for _ in 0..<min(count, data.count / 2) {
      guard case .integer(let object) = header.object(), case .integer(let offset) = header.object(),
        header.position <= first, offset >= 0, first + offset < data.count
      else { break }
      // The first definition of an object in a stream is the one that counts.
      if offsets[object] == nil { offsets[object] = first + offset }
    }
    return (data, offsets)
  }

  /// A stream's decoded data (no filter or FlateDecode without a predictor), when `stream` follows the dictionary.
  private mutating func streamData(_ dictionary: [String: PDFObject], lexer: inout PDFLexer) -> [UInt8]? {
    guard let start = streamStart(after: &lexer) else { return nil }
    var end: Int?
    var length = dictionary["Length"]
    if case .reference(let number, _)? = length, let offset = offsets[number] {
      var lengthLexer = PDFLexer(bytes, at: offset)
      length = lengthLexer.object()
    }
    if let count = length?.integer, count >= 0, start + count <= bytes.count { end = start + count }
    if end == nil, let found = Self.find(Array("endstream".utf8), in: bytes, from: start) { end = found }
    guard let end else { return nil }
    let raw = bytes[start..<end]
    let filters: [PDFObject] =
      switch dictionary["Filter"] {
      case .array(let items)?: items
      case let filter?: [filter]
      case nil: []
      }
    if filters.isEmpty { return Array(raw) }
    guard filters.count == 1, filters[0].name == "FlateDecode" || filters[0].name == "Fl" else { return nil }
    if let parameters = dictionary["DecodeParms"]?.dictionary, let predictor = parameters["Predictor"]?.integer,
      predictor > 1
    {
      return nil
    }
    guard inflateBudget > 0, let data = Inflate.decompress(raw, limit: inflateBudget) else { return nil }
    inflateBudget -= data.count
    return data
  }

  /// The catalog: `/Root` of the last trailer whose root is a dictionary; nil when there is none or the file is
  /// encrypted (its strings would be ciphertext).
  mutating func catalog() -> [String: PDFObject]? {
    for trailer in trailers.reversed() {
      if trailer["Encrypt"] != nil { return nil }
      if let catalog = resolve(trailer["Root"])?.dictionary { return catalog }
    }
    return nil
  }

  static func isBoundary(_ byte: UInt8) -> Bool { PDFLexer.isWhitespace(byte) || PDFLexer.isDelimiter(byte) }

  static func matches(_ bytes: [UInt8], at index: Int, _ word: String) -> Bool {
    let count = word.utf8.count
    guard index + count <= bytes.count else { return false }
    return bytes[index..<index + count].elementsEqual(word.utf8)
  }

  /// Where `needle` first occurs in `bytes` from `start`.
  static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, start >= 0 else { return nil }
    var index = start
    while index + needle.count <= bytes.count {
      if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }
}
