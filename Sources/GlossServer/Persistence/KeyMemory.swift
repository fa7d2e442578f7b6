package import GlossIndex
import GlossSyntax

/// Each key's fingerprint, remembered between runs beside the restart snapshots
/// (`$XDG_CACHE_HOME/gloss/workspaces/<hash of the root's real path>.keys`), written only through `PrivateFileWriter`:
/// what lets `unknown-source` say "was 'X', now 'Y'?" after a key changed (docs/literature-notes.md).
///
/// The file is text: a first line `gloss-keys 1`, then one line per key, `key`, DOI, title, first author and year
/// separated by tabs (the normalised parts hold none). A file that does not start so is ignored whole.
package struct KeyMemory: Sendable {
  /// The writer of Gloss's cache folder.
  package let writer: PrivateFileWriter
  /// The first line of the file.
  static let header = "gloss-keys 1"

  /// The memory in the cache folder `directory`.
  package init(directory: String, fileSystem: any FileSystem) {
    writer = PrivateFileWriter(directory: directory, fileSystem: fileSystem)
  }

  /// The file of the workspace whose real path is `realRoot`, relative to the cache folder.
  package func fileName(forRealRoot realRoot: String) -> String {
    RestartCache.fileName(forRealRoot: realRoot, suffix: "keys")
  }

  /// The fingerprints remembered for the workspace at `realRoot`; empty when there are none or the file is not one.
  package func fingerprints(forRealRoot realRoot: String) -> [String: KeyFingerprint] {
    guard let bytes = try? writer.read(fileName(forRealRoot: realRoot)) else { return [:] }
    return Self.decode(bytes)
  }

  /// Keeps `fingerprints` for the workspace at `realRoot`, replacing what was kept.
  package func store(_ fingerprints: [String: KeyFingerprint], forRealRoot realRoot: String) throws(CommandError) {
    try writer.write(Self.encode(fingerprints), to: fileName(forRealRoot: realRoot))
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
  static func decode(_ bytes: [UInt8]) -> [String: KeyFingerprint] {
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
    guard lines.first == Substring(header) else { return [:] }
    var out: [String: KeyFingerprint] = [:]
    for line in lines.dropFirst() {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 5, !fields[0].isEmpty else { continue }
      let print = KeyFingerprint(doi: fields[1], title: fields[2], firstAuthor: fields[3], year: fields[4])
      if print.isUsable { out[fields[0]] = print }
    }
    return out
  }
}

extension KeyMemory {
  /// Gives `indexed` (the workspace at `root`, indexed for the command line) the fingerprints an earlier run saved, so
  /// that a key gone since is reported with its new key, and saves the current ones for the next run.
  package func apply(to indexed: inout IndexedRoot, root: String, fileSystem: any FileReading) {
    let realRoot = (try? fileSystem.realPath(of: root)) ?? root
    let name = fileName(forRealRoot: realRoot)
    let kept = try? writer.read(name)
    indexed.workspace.setRememberedKeys(kept.map(Self.decode) ?? [:])
    // A cache that cannot be written costs only the next run's hint; one that holds these bytes already is left.
    let bytes = Self.encode(indexed.workspace.fingerprintsToRemember())
    if bytes != kept { try? writer.write(bytes, to: name) }
  }
}
