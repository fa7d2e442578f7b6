import Foundation
import GlossIndex

/// The files of a generated benchmark workspace, with the roles the default layout gives them.
enum BenchWorkspace {
  /// Every note, source document and bibliography under `root` (dot folders, `export/` and the manifest left out).
  static func files(in root: String) -> [WorkspaceFile] {
    var files: [WorkspaceFile] = []
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let relative = enumerator?.nextObject() as? String {
      if relative.hasPrefix(".") || relative.hasPrefix("export/") || relative == "manifest.json" { continue }
      let role: WorkspaceFile.Role
      if relative.hasPrefix("sources/") {
        role = .sourceDocument
      } else if relative.hasSuffix(".bib") || relative.hasSuffix(".csl.json") {
        role = .bibliography
      } else if relative.hasSuffix(".md") {
        role = .note
      } else {
        continue
      }
      guard let data = FileManager.default.contents(atPath: root + "/" + relative) else { continue }
      files.append(WorkspaceFile(path: relative, role: role, bytes: [UInt8](data)))
    }
    return files
  }
}
