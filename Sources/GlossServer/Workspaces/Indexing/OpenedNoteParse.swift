import Dispatch
package import GlossSyntax
import Synchronization

/// The blocks of a note opened with the text the index already holds, parsed off the loop.
///
/// After the bulk load the index keeps every note without its blocks (`Workspace.releaseNoteBlocks`); an edit is
/// re-parsed around the change only from the blocks of the text before it. Opening a note whose buffer is the indexed
/// text changes nothing the index or the diagnostics hold, so the loop only publishes, and the blocks the first edit
/// needs are parsed here in the meantime: the first keystroke then costs what the others do, and waits at most for the
/// rest of this parse (on another core) rather than parsing, summarising and diagnosing the whole note itself.
package final class OpenedNoteParse: Sendable {
  /// The root and path of the note.
  package let location: DocumentLocation
  /// What the parsed text was (the index's offsets are in exactly this text).
  package let stamp: TextStamp
  private let done = DispatchSemaphore(value: 0)
  private let parsed = Mutex<Note?>(nil)

  /// Starts parsing `bytes`, the text of the note at `location`, whose stamp is `stamp`.
  package init(location: DocumentLocation, bytes: [UInt8], stamp: TextStamp) {
    self.location = location
    self.stamp = stamp
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      let note = Note(parsing: bytes)
      parsed.withLock { $0 = note }
      done.signal()
    }
  }

  /// The parsed note, nil while the parse runs.
  package var note: Note? {
    parsed.withLock { $0 }
  }

  /// The parsed note, waiting for the parse to end.
  package func wait() -> Note {
    done.wait()
    done.signal()
    return parsed.withLock { $0 } ?? Note()
  }
}
