#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of a file read in place (`FileReading.mappedContents(of:)`): mapped from the file, so that its pages are
/// the kernel's cache of it, neither copied nor zeroed first (reading a 121 MB note image took 64–95 ms with `read`,
/// 10–12 ms mapped, checksum included), or, from a file system that cannot map, held in memory of its own.
///
/// Only the files Gloss keeps in its cache folder are read so: they are replaced by renaming a new file over them,
/// never rewritten in place, so a mapping of the old one stays whole for as long as it is held. The bytes never change.
// @unchecked: the bytes are never written after `init` (mapped read-only, or a private copy), so any thread may read
// them; the memory goes only with the last holder.
package final class FileBytes: RandomAccessCollection, @unchecked Sendable {
  /// The first byte; nil when there are none.
  private let start: UnsafePointer<UInt8>?
  /// How many bytes there are.
  package let count: Int
  /// The length mapped, which is unmapped when the bytes go; nil for bytes in memory of their own.
  private let mappedLength: Int?

  /// A copy of `bytes`.
  package init(_ bytes: [UInt8]) {
    count = bytes.count
    mappedLength = nil
    guard !bytes.isEmpty else {
      start = nil
      return
    }
    let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
    bytes.withUnsafeBufferPointer { memory.initialize(from: $0.baseAddress!, count: bytes.count) }
    start = UnsafePointer(memory)
  }

  /// The `count` bytes of the open file `descriptor`, mapped read-only; nil when the file cannot be mapped.
  init?(mapping descriptor: Int32, count: Int) {
    guard count > 0 else { return nil }
    let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0)
    guard let address, address != MAP_FAILED else { return nil }
    start = UnsafePointer(address.assumingMemoryBound(to: UInt8.self))
    self.count = count
    mappedLength = count
  }

  deinit {
    guard let start else { return }
    if let mappedLength {
      munmap(UnsafeMutableRawPointer(mutating: start), mappedLength)
    } else {
      UnsafeMutablePointer(mutating: start).deallocate()
    }
  }

  package var startIndex: Int { 0 }
  package var endIndex: Int { count }

  /// The byte at `position` (a position outside the bytes stops the program, as an array's does).
  @inline(__always)
  package subscript(position: Int) -> UInt8 {
    precondition(position >= 0 && position < count, "a position outside the file's bytes")
    return start.unsafelyUnwrapped[position]
  }

  /// The bytes at `range` as a buffer, valid while these bytes are held.
  func buffer(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "a range outside the file's bytes")
    guard let start else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: start + range.lowerBound, count: range.count)
  }

  package func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
    try body(buffer(0..<count))
  }
}

extension Slice where Base == FileBytes {
  /// The bytes as a buffer, valid while their file's bytes are held.
  var buffer: UnsafeBufferPointer<UInt8> { base.buffer(startIndex..<endIndex) }
}
