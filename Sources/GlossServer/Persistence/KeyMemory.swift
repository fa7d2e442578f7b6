package import GlossIndex
import GlossSyntax

/// Each key's fingerprint, remembered between runs beside the restart snapshots
/// (`$XDG_CACHE_HOME/gloss/workspaces/<hash of the root's real path>.keys`), written only through `PrivateFileWriter`:
/// what lets `unknown-source` say "was 'X', now 'Y'?" after a key changed (docs/literature-notes.md).
///
/// The file is text: a first line `gloss-keys 1`, then one line per key, `key`, DOI, title, first author and year
/// separated by tabs (the normalised parts hold none). A file that does not start so is ignored whole.
package struct KeyMemory: Sendable {
  /// The memory files.
  let file: WorkspaceCacheFile
  /// The first line of the file.
  static let header = "gloss-keys 1"

  /// The memory in the cache folder `writer` owns.
  package init(writer: PrivateFileWriter) {
    file = WorkspaceCacheFile(writer: writer, suffix: "keys")
  }

  /// The file of the workspace whose real path is `realRoot`, relative to the cache folder.
  package func fileName(forRealRoot realRoot: String) -> String { file.fileName(forRealRoot: realRoot) }

  /// The fingerprints remembered for the workspace at `realRoot`; empty when there are none or the file is not one.
  package func fingerprints(forRealRoot realRoot: String) -> [String: KeyFingerprint] {
    guard let bytes = file.bytes(forRealRoot: realRoot) else { return [:] }
    return Self.decode(bytes)
  }

  /// Keeps `fingerprints` for the workspace at `realRoot`, replacing what was kept.
  package func store(_ fingerprints: [String: KeyFingerprint], forRealRoot realRoot: String) throws(CommandError) {
    try file.store(Self.encode(fingerprints), forRealRoot: realRoot)
  }

  /// The file's bytes for `fingerprints`, sorted by key.
  static func encode(_ fingerprints: [String: KeyFingerprint]) -> [UInt8] {
    var text = header + "\n"
    for key in fingerprints.keys.sorted(by: { $0.utf8Precedes($1) }) {
      guard let print = fingerprints[key], !key.contains(where: { $0 == "\t" || $0.isNewline }) else { continue }
      let fields = [key, print.doi, print.title, print.firstAuthor, print.year].map { field in
        String(field.map { $0 == "\t" || $0.isNewline ? " " : $0 })
      }
      text += fields.joined(separator: "\t") + "\n"
    }
    return Array(text.utf8)
  }

  /// The fingerprints in a file's bytes; empty for anything else.
  ///
  /// Read byte by byte: `encode` writes no tab or line break inside a field (splitting the text by characters took
  /// 20 ms for 5,000 keys, on the way to a restart's first answer).
  static func decode(_ bytes: [UInt8]) -> [String: KeyFingerprint] {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)[...]
    guard let first = lines.popFirst(), first.elementsEqual(header.utf8) else { return [:] }
    var out: [String: KeyFingerprint] = [:]
    out.reserveCapacity(lines.count)
    for line in lines {
      let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
      guard fields.count == 5, !fields[0].isEmpty else { continue }
      let text = fields.map { String(decoding: $0, as: UTF8.self) }
      let print = KeyFingerprint(doi: text[1], title: text[2], firstAuthor: text[3], year: text[4])
      if print.isUsable { out[text[0]] = print }
    }
    return out
  }
}

extension KeyMemory {
  /// Gives `indexed` (the workspace at `root`, indexed for the command line) the fingerprints an earlier run saved, so
  /// that a key gone since is reported with its new key, and saves the current ones for the next run.
  package func apply(to indexed: inout IndexedRoot, root: String, fileSystem: any FileReading) {
    let realRoot = (try? fileSystem.realPath(of: root)) ?? root
    let kept = file.bytes(forRealRoot: realRoot)
    indexed.workspace.setRememberedKeys(kept.map(Self.decode) ?? [:])
    // A cache that cannot be written costs only the next run's hint; one that holds these bytes already is left.
    let bytes = Self.encode(indexed.workspace.fingerprintsToRemember())
    if bytes != kept { try? file.store(bytes, forRealRoot: realRoot) }
  }
}
