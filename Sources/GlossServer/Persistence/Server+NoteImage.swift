import GlossIndex
import GlossSyntax

/// The note image (`NoteImage`): read before a root is indexed, so that the notes whose text it holds parsed are not
/// parsed again, and written after, in the background, when the index parsed notes it did not hold (or holds notes
/// that are gone).
extension Server {
  /// The note images, in the restart snapshots' folder, when there is one and this build can be told from others.
  var noteImageCache: NoteImageCache? {
    guard let writer = options.restartCacheWriter, let build = options.build else { return nil }
    return NoteImageCache(writer: writer, build: build)
  }

  /// The note image kept for the root at `path`, when there is one this build can read.
  func noteImage(ofRoot path: String) -> NoteImage? {
    noteImageReader(ofRoot: path)?()
  }

  /// What reads the note image kept for the root at `path` (nil when there is none this build can read), on any
  /// thread; nil when there is no cache.
  func noteImageReader(ofRoot path: String) -> (@Sendable () -> NoteImage?)? {
    guard let cache = noteImageCache else { return nil }
    let realRoot = (try? options.reader.realPath(of: path)) ?? path
    let log = options.log
    return {
      let started = ContinuousClock.now
      guard let image = cache.image(forRealRoot: realRoot) else { return nil }
      log("read the note image of '\(path)' (\(image.count) notes) in \(ContinuousClock.now - started)")
      return image
    }
  }

  /// Writes the note image of a root just indexed (`indexed`, read with `image`) in the background, unless the image
  /// already holds exactly its notes. Every note's record is then the parse of the text its stamp describes: nothing
  /// was edited yet.
  func saveNoteImage(of indexed: IndexedRoot, read image: NoteImage?) {
    guard let cache = noteImageCache, NoteImageCache.isOutdated(image, by: indexed) else { return }
    // Only the notes and their stamps are held until the write: `indexed` holds the texts too.
    let notes = indexed.workspace.notes
    let maps = indexed.workspace.noteMaps
    let stamps = indexed.noteStamps
    let sources = indexed.workspace.sourceDocuments
    let sourceStamps = indexed.sourceStamps
    let bibliographies = indexed.workspace.bibliographies
    let bibliographyStamps = indexed.bibliographyStamps
    // The keys' search index, built by then (the completion index is built before the image is written).
    let workspace = indexed.workspace
    let realRoot = (try? options.reader.realPath(of: indexed.files.root)) ?? indexed.files.root
    let root = indexed.files.root
    let log = options.log
    inRestartBackground {
      let started = ContinuousClock.now
      do throws(CommandError) {
        let kept = try cache.store(
          notes: notes, stamps: stamps, maps: maps, sources: sources, sourceStamps: sourceStamps,
          bibliographies: bibliographies, bibliographyStamps: bibliographyStamps,
          keyIndex: workspace.keyIndexToKeep(), forRealRoot: realRoot)
        // The image's bytes (a quarter of the notes' text) are freed: hand them back.
        MemoryTuning.releaseFreedMemory()
        log(
          "saved the note image of '\(root)' (\(kept) notes, \(sourceStamps.count) sources, "
            + "\(bibliographyStamps.count) bibliographies) in "
            + "\(ContinuousClock.now - started)")
      } catch {
        log("cannot save the note image of '\(root)': \(error.message)")
      }
    }
  }
}
