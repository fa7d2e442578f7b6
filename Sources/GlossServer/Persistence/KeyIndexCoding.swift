import GlossIndex

/// The keys' search index of a note image (`KeptKeyIndex`) as bytes: the fingerprint of what it was built from, each
/// key with its completion detail and filter text, the words' bytes, then each word's start, length, owner and
/// quality. Whether it fits together is checked when it is taken (`Workspace.prepareSourceSearch(kept:)`).
enum KeyIndexCoding {
  /// Writes `index`.
  static func encode(_ index: KeptKeyIndex, into out: inout ByteWriter) {
    out.append(index.fingerprint)
    out.appendVarint(index.keys.count)
    for (key, (detail, filter)) in zip(index.keys, zip(index.details, index.filterTexts)) {
      out.appendShort(key)
      out.appendShort(detail)
      out.appendShort(filter)
    }
    out.appendVarint(index.wordBytes.count)
    out.appendRaw(index.wordBytes)
    out.appendVarint(index.wordStarts.count)
    for word in index.wordStarts.indices {
      out.appendVarint(Int(index.wordStarts[word]))
      out.appendVarint(Int(index.wordCounts[word]))
      out.appendVarint(Int(index.wordOwners[word]))
      out.append(index.wordQualities[word])
    }
  }

  /// Reads an index `encode` wrote; nil when the bytes are not one.
  static func decode(_ input: inout ByteReader) -> KeptKeyIndex? {
    guard let fingerprint = input.uint64(), let keyCount = input.varintCount(each: 3) else { return nil }
    var (keys, details, filters) = ([String](), [String](), [String]())
    keys.reserveCapacity(keyCount)
    details.reserveCapacity(keyCount)
    filters.reserveCapacity(keyCount)
    for _ in 0..<keyCount {
      guard let key = input.shortString(), let detail = input.shortString(), let filter = input.shortString() else {
        return nil
      }
      keys.append(key)
      details.append(detail)
      filters.append(filter)
    }
    guard let byteCount = input.varintCount(), let bytes = input.raw(byteCount),
      let wordCount = input.varintCount(each: 4)
    else { return nil }
    var (starts, counts, owners, qualities) = ([UInt32](), [UInt32](), [Int32](), [UInt8]())
    starts.reserveCapacity(wordCount)
    counts.reserveCapacity(wordCount)
    owners.reserveCapacity(wordCount)
    qualities.reserveCapacity(wordCount)
    for _ in 0..<wordCount {
      guard let start = input.varint(atMost: byteCount), let count = input.varint(atMost: byteCount),
        let owner = input.varint(atMost: max(keyCount - 1, 0)), let quality = input.byte()
      else { return nil }
      starts.append(UInt32(start))
      counts.append(UInt32(count))
      owners.append(Int32(owner))
      qualities.append(quality)
    }
    return KeptKeyIndex(
      fingerprint: fingerprint, keys: keys, details: details, filterTexts: filters, wordBytes: Array(bytes.buffer),
      wordStarts: starts, wordCounts: counts, wordOwners: owners, wordQualities: qualities)
  }
}
