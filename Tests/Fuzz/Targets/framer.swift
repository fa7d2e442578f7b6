@testable import LanguageServerProtocol

/// The Content-Length framer: any byte stream, read whole or in random pieces, gives the same message bodies; every
/// body is bytes of the stream; `next()` always makes progress and the buffer never holds more than was sent.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFramer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  let whole = frame(bytes, pieces: [bytes.count])
  fuzzCheck(whole == frame(bytes, pieces: [bytes.count]), "a second framing of the same bytes differs")
  var random = FuzzRandom(seed: bytes)
  var pieces: [Int] = []
  var left = bytes.count
  while left > 0 {
    let piece = min(left, 1 + random.next(random.next(2) == 0 ? 8 : 600))
    pieces.append(piece)
    left -= piece
  }
  let split = frame(bytes, pieces: pieces)
  if whole.bodies != split.bodies {
    let common = min(whole.bodies.count, split.bodies.count)
    let index = (0..<common).first { whole.bodies[$0] != split.bodies[$0] } ?? common
    func describe(_ framed: Framed) -> String {
      guard index < framed.bodies.count else { return "none" }
      return
        "\(framed.bodies[index].count) bytes: \(String(decoding: framed.bodies[index], as: UTF8.self).debugDescription)"
    }
    fuzzCheck(
      false,
      """
      bodies differ when read in pieces \(pieces): \(whole.bodies.count) whole, \(split.bodies.count) in pieces; \
      body \(index) whole: \(describe(whole)), in pieces: \(describe(split)); errors whole: \(whole.errors), \
      in pieces: \(split.errors)
      """)
  }
  return 0
}

private struct Framed: Equatable {
  var bodies: [[UInt8]] = []
  var errors: [String] = []
}

/// Frames `bytes` handed over in pieces of the given sizes, as the transport does.
private func frame(_ bytes: [UInt8], pieces: [Int]) -> Framed {
  var framer = MessageFramer(maximumBodyLength: 1 << 16)
  var result = Framed()
  var offset = 0
  var bodyBytes = 0
  for piece in pieces {
    framer.append(bytes[offset..<(offset + piece)])
    offset += piece
    var outputs = 0
    while let output = framer.next() {
      outputs += 1
      fuzzCheck(outputs <= bytes.count + 2, "next() keeps returning outputs without consuming bytes")
      switch output {
      case .message(let body):
        bodyBytes += body.count
        result.bodies.append(body)
      case .error(let error):
        fuzzCheck(!error.message.isEmpty, "a framing error without a message")
        result.errors.append(error.message)
      }
    }
    fuzzCheck(framer.bufferedByteCount <= offset, "buffered \(framer.bufferedByteCount) of \(offset) bytes sent")
  }
  fuzzCheck(bodyBytes <= bytes.count, "bodies hold \(bodyBytes) bytes of \(bytes.count)")
  if case .error(let error) = framer.finish() { result.errors.append(error.message) }
  fuzzCheck(framer.bufferedByteCount == 0, "bytes left after finish()")
  for body in result.bodies {
    fuzzCheck(contains(bytes, body), "a body that is not bytes of the stream")
  }
  return result
}

/// Whether `part` occurs in `whole` (small inputs: a plain scan is fine).
private func contains(_ whole: [UInt8], _ part: [UInt8]) -> Bool {
  guard !part.isEmpty else { return true }
  guard part.count <= whole.count else { return false }
  for start in 0...(whole.count - part.count) where whole[start] == part[0] {
    if whole[start..<(start + part.count)].elementsEqual(part) { return true }
  }
  return false
}
