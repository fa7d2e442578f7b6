#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What tells an export artefact Gloss wrote from any other file: a record, kept outside every workspace (in
/// `$XDG_STATE_HOME/gloss/exports.json`), of each export's real path with the length and FNV-1a hash of the bytes
/// written. A file is Gloss's to replace only while its bytes are still exactly those: one the user edited, or one
/// that merely has the same name, is not.
package struct ExportRecord: Sendable {
  /// Where the record lives, and how it is written.
  package let store: PrivateFileWriter
  /// The record's file name inside `store`'s folder.
  package static let fileName = "exports.json"

  /// A record kept in `store`.
  package init(store: PrivateFileWriter) {
    self.store = store
  }

  /// Whether `bytes`, found at the real path `path`, are an export Gloss wrote there and nobody changed since.
  package func isExport(_ bytes: [UInt8], at path: String) -> Bool {
    load()[path] == Self.fingerprint(bytes)
  }

  /// Records that Gloss wrote `bytes` at the real path `path`; entries whose files are gone are dropped (a stat
  /// each, no read). The record is read and written again under a lock (`exports.json.lock`), so two processes
  /// exporting at the same moment both keep their entries. A record that cannot be written only means a later
  /// export to that path is refused, so failures are ignored.
  package func record(_ bytes: [UInt8], at path: String) {
    store.exclusively(Self.lockName) {
      var entries = load().filter { $0.key != path && store.reader.fileExists($0.key) }
      entries[path] = Self.fingerprint(bytes)
      guard let data = try? JSONEncoder.sorted.encode(Stored(version: 1, files: entries)) else { return }
      try? store.write(Array(data), to: Self.fileName)
    }
  }

  /// The lock file beside the record.
  package static let lockName = "exports.json.lock"

  /// The length and 64-bit FNV-1a hash of `bytes`, as text (`1234:9f2c…`).
  package static func fingerprint(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return "\(bytes.count):" + String(hash, radix: 16)
  }

  private func load() -> [String: String] {
    guard let bytes = try? store.read(Self.fileName),
      let stored = try? JSONDecoder().decode(Stored.self, from: Data(bytes)), stored.version == 1
    else { return [:] }
    return stored.files
  }

  private struct Stored: Codable {
    var version: Int
    var files: [String: String]
  }
}

extension JSONEncoder {
  fileprivate static var sorted: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }
}
