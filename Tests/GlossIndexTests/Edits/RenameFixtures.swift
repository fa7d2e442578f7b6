import GlossIndex
import GlossSyntax
import TestSupport
import Testing

/// Fixture functions for rename and quick-fix tests: apply a `WorkspaceChange` to multi-file fixtures.
enum ChangeFixture {
  /// The fixture files with their markers removed.
  static func plain(_ files: [String: String]) -> [String: String] {
    files.mapValues { MarkedText($0).text }
  }

  /// `files` after `change`: creations, then text edits (by old path), then renames.
  static func applying(_ change: WorkspaceChange, to files: [String: String]) -> [String: String] {
    var out = plain(files)
    for operation in change.operations {
      if case .create(let path, let contents) = operation, out[path] == nil { out[path] = contents }
    }
    for path in change.edits.keys {
      out[path] = change.applied(to: out[path] ?? "", at: path)
    }
    for operation in change.operations {
      if case .rename(let old, let new) = operation, let text = out[old] {
        out[old] = nil
        out[new] = text
      }
    }
    return out
  }

  /// The files that differ between `before` (marked) and `after`, with their new text (nil: removed).
  static func changed(from before: [String: String], to after: [String: String]) -> [String: String?] {
    let plain = plain(before)
    var out: [String: String?] = [:]
    for path in Set(plain.keys).union(after.keys) where plain[path] != after[path] {
      out[path] = .some(after[path])
    }
    return out
  }
}

/// Renames at cursor `1️⃣` of the file at `path` to `newName` and checks the files that change.
func checkRename(
  _ files: [String: String], at path: String, to newName: String, changes expected: [String: String?],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let workspace = Fixture.workspace(files)
  guard let offset = MarkedText(files[path] ?? "").cursors["1"] else {
    Issue.record("no 1️⃣ in '\(path)'", sourceLocation: sourceLocation)
    return
  }
  do {
    let change = try workspace.rename(at: offset, in: path, to: newName)
    let after = ChangeFixture.applying(change, to: files)
    #expect(ChangeFixture.changed(from: files, to: after) == expected, sourceLocation: sourceLocation)
  } catch {
    Issue.record("rename refused: \(error.message)", sourceLocation: sourceLocation)
  }
}

/// Checks that renaming at `1️⃣` of `path` to `newName` is refused with `message`.
func checkRenameRefused(
  _ files: [String: String], at path: String, to newName: String, message: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let workspace = Fixture.workspace(files)
  let offset = MarkedText(files[path] ?? "").cursors["1"] ?? 0
  #expect(throws: RenameError(message), sourceLocation: sourceLocation) {
    try workspace.rename(at: offset, in: path, to: newName)
  }
}
