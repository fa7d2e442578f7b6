import Foundation
import GlossIndex
import GlossServer
import GlossSyntax

/// `gloss-bench image <workspace-dir>`: the note image of a workspace, made in memory as the server keeps it between
/// runs, and what reading it back costs on one thread (CPU time, whatever else the machine runs): its tables, the
/// reverse maps of its notes (all of them, and those a restart answering before its notes are in reads and waits for),
/// every note's record (and with its position table), and its bibliographies (against reading and parsing their files).
enum ImageBench {
  /// Runs the benchmark and prints its figures.
  static func run(_ arguments: [String]) {
    guard let root = arguments.first else {
      print("usage: gloss-bench image <workspace-dir> [--rounds N]")
      return
    }
    let rounds = arguments.count >= 3 && arguments[1] == "--rounds" ? max(1, Int(arguments[2]) ?? 5) : 5
    let indexed = IndexedRoot(
      root: root, editorSettings: nil, fileSystem: LocalFileSystem(), stampingNotes: true, keepingNoteTexts: false,
      diagnosing: false)
    var kept: [(record: NoteRecord, byteCount: Int, fingerprint: UInt64)] = []
    var positions: [String: PositionTable] = [:]
    for (path, record) in indexed.workspace.notes {
      guard let stamp = indexed.noteStamps[path] else { continue }
      kept.append((record, stamp.count, stamp.fingerprint))
      positions[path] = stamp.positions
    }
    var sources: [(record: SourceDocumentRecord, parts: SourceDocument.Parts)] = []
    for (path, stamp) in indexed.sourceStamps {
      guard let record = indexed.workspace.sourceDocuments[path], let parts = record.document.parts,
        parts.fileCount == stamp.count, parts.fileFingerprint == stamp.fingerprint
      else { continue }
      sources.append((record, parts))
    }
    var bibliographies: [(path: String, stamp: TextStamp, bibliography: Bibliography)] = []
    for (path, stamp) in indexed.bibliographyStamps {
      guard let record = indexed.workspace.bibliographies[path] else { continue }
      bibliographies.append((path, stamp, record.bibliography))
    }
    let maps = indexed.workspace.noteMaps
    let keyIndex = KeptKeyIndex(building: indexed.workspace)
    let bytes = NoteImage.encode(
      kept, positions: positions, sources: sources, bibliographies: bibliographies, maps: maps, keyIndex: keyIndex,
      build: "bench")
    print(
      String(
        format: "%d notes, %d sources, %d bibliographies; image %.1f MB", kept.count, sources.count,
        bibliographies.count, Double(bytes.count) / 1_048_576))
    var tables: [Double] = []
    var decodedMaps: [Double] = []
    var answerMaps: [Double] = []
    var readBibliographies: [Double] = []
    var parsedBibliographies: [Double] = []
    var records: [Double] = []
    var recordsAndTables: [Double] = []
    var readKeys: [Double] = []
    var builtKeys: [Double] = []
    for _ in 0..<rounds {
      var started = FindBench.threadCPUNanoseconds()
      guard let image = NoteImage(decoding: bytes, build: "bench") else {
        print("the image does not read back")
        return
      }
      tables.append(milliseconds(since: started))
      started = FindBench.threadCPUNanoseconds()
      let decoded = image.noteMaps()
      decodedMaps.append(milliseconds(since: started))
      guard decoded == maps else {
        print("the maps do not read back as written")
        return
      }
      started = FindBench.threadCPUNanoseconds()
      let read = image.noteMaps(only: NoteMaps.readByNoteMapAnswers)
      answerMaps.append(milliseconds(since: started))
      guard read == maps.keeping(NoteMaps.readByNoteMapAnswers) else {
        print("the maps early answers read do not read back as written")
        return
      }
      started = FindBench.threadCPUNanoseconds()
      let place = indexed.files.place
      for note in kept {
        _ = image.record(at: note.record.path, count: note.byteCount, fingerprint: note.fingerprint, place: place)
      }
      records.append(milliseconds(since: started))
      started = FindBench.threadCPUNanoseconds()
      for note in kept {
        _ = image.recordAndPositions(
          at: note.record.path, count: note.byteCount, fingerprint: note.fingerprint, place: place)
      }
      recordsAndTables.append(milliseconds(since: started))
      started = FindBench.threadCPUNanoseconds()
      for file in bibliographies {
        _ = image.bibliography(at: file.path, count: file.stamp.count, fingerprint: file.stamp.fingerprint)
      }
      readBibliographies.append(milliseconds(since: started))
      started = FindBench.threadCPUNanoseconds()
      for file in bibliographies {
        guard let bytes = try? LocalFileSystem().contents(of: indexed.files.absolutePath(file.path)) else { continue }
        _ = BibliographyRecord(path: file.path, bytes: bytes)
      }
      parsedBibliographies.append(milliseconds(since: started))
      started = FindBench.threadCPUNanoseconds()
      guard let read = image.keyIndex(), read == keyIndex, read.fits(indexed.workspace) else {
        print("the keys' search index does not read back as written")
        return
      }
      readKeys.append(milliseconds(since: started))
      started = FindBench.threadCPUNanoseconds()
      _ = KeptKeyIndex(building: indexed.workspace)
      builtKeys.append(milliseconds(since: started))
    }
    for (name, values) in [
      ("tables", tables), ("reverse maps", decodedMaps), ("the maps early answers read", answerMaps),
      ("every note's record", records), ("every note's record and position table", recordsAndTables),
      ("the bibliographies read back", readBibliographies),
      ("the bibliographies read and parsed", parsedBibliographies),
      ("the keys' search index read back and checked", readKeys), ("the keys' search index built", builtKeys),
    ] {
      let sorted = values.sorted()
      print(
        String(format: "%@: median %.1f ms CPU, best %.1f ms", name as NSString, sorted[sorted.count / 2], sorted[0]))
    }
  }

  private static func milliseconds(since start: UInt64) -> Double {
    Double(FindBench.threadCPUNanoseconds() - start) / 1_000_000
  }
}
