/// The file changes one command makes, in editor terms: files to create, files to rename, and text replacements.
///
/// The server turns it into a `workspace/applyEdit` (`CreateFile`, `RenameFile`, `TextDocumentEdit`), or writes the
/// files itself when the client cannot apply resource operations. Paths are root-relative with `/`.
package struct CommandChange: Hashable, Sendable {
  /// One step of the change, applied in order.
  package enum Operation: Hashable, Sendable {
    /// A new file with its whole text; it never replaces an existing one.
    case create(path: String, text: String)
    /// A file moved to a new path; it never replaces an existing one.
    case rename(from: String, to: String)
    /// Replacements in one file's current text (UTF-8 offsets), non-overlapping, in order.
    case edit(path: String, replacements: [TextReplacement])
  }

  /// The steps, in order.
  package var operations: [Operation]
  /// The file the command is about (the new note, the moved note), which the editor is asked to show.
  package var primaryPath: String

  /// Makes a change.
  package init(operations: [Operation], primaryPath: String) {
    self.operations = operations
    self.primaryPath = primaryPath
  }
}

/// A replacement of one range of a file's text.
package struct TextReplacement: Hashable, Sendable {
  /// The UTF-8 range replaced.
  package var range: Range<Int>
  /// The text put in its place.
  package var text: String

  /// Makes a replacement.
  package init(range: Range<Int>, text: String) {
    self.range = range
    self.text = text
  }
}

/// Why a command cannot be carried out, in words for the user.
package struct CommandError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The message (lowercase start, no final period).
  package var message: String

  /// Makes an error.
  package init(_ message: String) { self.message = message }

  /// The message.
  package var description: String { message }
}

extension CommandChange {
  /// The same change as the rename helper's `WorkspaceChange` (creations, then text edits, then renames).
  package var workspaceChange: WorkspaceChange {
    var change = WorkspaceChange()
    for operation in operations {
      switch operation {
      case .create(let path, let text): change.operations.append(.create(path: path, contents: text))
      case .rename(let from, let to): change.operations.append(.rename(old: from, new: to))
      case .edit(let path, let replacements):
        for replacement in replacements { change.replace(replacement.range, in: path, with: replacement.text) }
      }
    }
    change.normalize()
    return change
  }
}
