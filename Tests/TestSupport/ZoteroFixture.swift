import Foundation

/// A Zotero data folder built for a test by `Tests/Fixtures/zotero/make_library.py` (Zotero's own table definitions,
/// rows shaped as Zotero writes them) in a fresh temporary folder, with a record of every file's bytes so a test can
/// check that Gloss changed nothing there.
package struct ZoteroFixture {
  /// The temporary folder holding the data folder (and anything else the test puts there).
  package let base: String
  /// The Zotero data folder (`<base>/Zotero`).
  package var dataDirectory: String { base + "/Zotero" }

  /// Builds a data folder from `description` (the JSON `make_library.py` documents).
  package init(_ description: String) throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-zotero-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    base = url.path
    try rebuild(description)
  }

  /// Builds the data folder again from `description` (a change made in Zotero).
  package func rebuild(_ description: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Repository.url("Tests/Fixtures/zotero/make_library.py").path, dataDirectory]
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(description.utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      throw FixtureError(message: "make_library.py failed: \(message)")
    }
  }

  /// The bytes of the file at `relativePath` in the data folder, or nil when it does not exist.
  package func bytes(_ relativePath: String) -> [UInt8]? {
    FileManager.default.contents(atPath: dataDirectory + "/" + relativePath).map { Array($0) }
  }

  /// Every file under the data folder with its bytes (and every folder, with nil): what "unchanged" compares.
  package func contents() -> [String: [UInt8]?] {
    var out: [String: [UInt8]?] = [:]
    guard let walker = FileManager.default.enumerator(atPath: dataDirectory) else { return out }
    while let relative = walker.nextObject() as? String {
      var isFolder: ObjCBool = false
      let path = dataDirectory + "/" + relative
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
      out[relative] = isFolder.boolValue ? .some(nil) : FileManager.default.contents(atPath: path).map { Array($0) }
    }
    return out
  }

  /// Writes `bytes` to `relativePath` under the base folder, making folders as needed.
  package func write(_ bytes: [UInt8], to relativePath: String) throws {
    let url = URL(fileURLWithPath: base + "/" + relativePath)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  /// Removes the whole temporary folder.
  package func remove() {
    try? FileManager.default.removeItem(atPath: base)
  }

  /// Why a fixture could not be built.
  package struct FixtureError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
  }
}
