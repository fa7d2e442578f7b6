/// A change to the workspace in editor terms: text edits by root-relative path and file operations, no LSP types.
///
/// Text edits are in each file's current bytes (UTF-8 offsets), before any file operation: an edit to a file that
/// is renamed names it by its old path. A client applies the creations (each followed by inserting its contents),
/// then the text edits, then the renames.
package struct WorkspaceChange: Hashable, Sendable {
  /// One replacement of a byte range of a file.
  package struct Edit: Hashable, Sendable {
    /// The UTF-8 byte range replaced.
    package var range: Range<Int>
    /// The text put in its place.
    package var newText: String

    /// Replaces `range` with `newText`.
    package init(range: Range<Int>, newText: String) {
      self.range = range
      self.newText = newText
    }
  }

  /// A file operation.
  package enum FileOperation: Hashable, Sendable {
    /// A new file with `contents`; never overwrites an existing file.
    case create(path: String, contents: String)
    /// A file moved from `old` to `new` (root-relative paths); never overwrites an existing file.
    case rename(old: String, new: String)
  }

  /// Text edits by root-relative path, each list sorted by range and non-overlapping.
  package var edits: [String: [Edit]] = [:]
  /// File operations, creations first, then renames.
  package var operations: [FileOperation] = []
  /// The file a command's change is about (the new note, the moved note), which the editor is asked to show.
  package var primaryPath: String?

  /// An empty change.
  package init() {}

  /// A change of `edits` and `operations`, about `primaryPath` when a command makes it.
  package init(edits: [String: [Edit]], operations: [FileOperation] = [], primaryPath: String? = nil) {
    self.edits = edits
    self.operations = operations
    self.primaryPath = primaryPath
    normalize()
  }

  /// True when nothing changes.
  package var isEmpty: Bool { edits.isEmpty && operations.isEmpty }

  /// The number of text edits over every file.
  package var editCount: Int { edits.values.reduce(0) { $0 + $1.count } }

  /// Whether the change creates or renames files (so the client must support resource operations).
  package var hasFileOperations: Bool { !operations.isEmpty }

  /// Adds an edit to the file at `path`.
  package mutating func replace(_ range: Range<Int>, in path: String, with newText: String) {
    edits[path, default: []].append(Edit(range: range, newText: newText))
  }

  /// Sorts each file's edits by range, drops exact duplicates and empty lists, and orders creations before renames.
  package mutating func normalize() {
    for (path, list) in edits {
      if list.isEmpty {
        edits[path] = nil
        continue
      }
      var sorted = list.sorted {
        ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound)
      }
      var index = 1
      while index < sorted.count {
        if sorted[index] == sorted[index - 1] { sorted.remove(at: index) } else { index += 1 }
      }
      edits[path] = sorted
    }
    let creations = operations.filter { if case .create = $0 { true } else { false } }
    operations = creations + operations.filter { if case .rename = $0 { true } else { false } }
  }

  /// `text` with this change's edits to the file at `path` applied (for tests and for files the editor lacks).
  package func applied(to text: String, at path: String) -> String {
    var bytes = Array(text.utf8)
    for edit in (edits[path] ?? []).reversed() {
      let lower = min(edit.range.lowerBound, bytes.count)
      let upper = min(max(edit.range.upperBound, lower), bytes.count)
      bytes.replaceSubrange(lower..<upper, with: Array(edit.newText.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
