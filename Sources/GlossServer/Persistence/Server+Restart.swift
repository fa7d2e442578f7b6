import Dispatch
import GlossIndex
import GlossSyntax
import LanguageServerProtocol

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Restarts with nothing changed: the diagnostics a workspace had at the end of the last run are published
/// at once from its restart snapshot, when a fresh walk finds every file exactly as it was; the index is then built
/// as on a cold start, and only the diagnostics that differ from those published are sent again.
///
/// A snapshot is written in the background after a root's first publishing (`saveRestartSnapshot`), only when the
/// files on disk are still those the index read. Pull clients ask for their diagnostics themselves: only push
/// clients get the replay.
extension Server {
  /// The restart snapshots, when there is a folder for them and this build can be told from others.
  var restartCache: RestartCache? {
    guard let writer = options.restartCacheWriter, let build = options.build else { return nil }
    return RestartCache(writer: writer, build: build)
  }

  /// Everything besides the files that the diagnostics of the root at `path` depend on, for a root indexed with
  /// `settings` (canonical text: by default the editor settings now).
  func restartKey(ofRoot path: String, settings: String? = nil) -> RestartKey? {
    guard let build = options.build else { return nil }
    return RestartKey(
      build: build, root: path, realRoot: (try? options.reader.realPath(of: path)) ?? path,
      home: options.homeDirectory ?? "", positionEncoding: connection.positionEncoding.rawValue,
      settings: settings ?? canonicalEditorSettings)
  }

  /// The editor settings written canonically; none and an empty object are the same.
  var canonicalEditorSettings: String { Self.canonicalText(of: connection.editorSettings) }

  /// `settings` written canonically; none and an empty object are the same.
  static func canonicalText(of settings: ConfigValue?) -> String {
    guard let settings, settings != .object([:]) else { return "" }
    return settings.canonicalText
  }

  /// Whether diagnostics published now are those of the files on disk: pushed, and no document open (an open
  /// buffer may differ from its file).
  var publishesFromDisk: Bool {
    diagnosticsLedger.mode == .push && documents.uris.isEmpty
  }

  /// Publishes the diagnostics of the root at `path` from its restart snapshot when every input is as it was;
  /// returns what was published, by path, with the walk that found the files as they were (the index starts from
  /// it rather than walking again), or nil when nothing was published (no snapshot, or something changed).
  func replayRestartSnapshot(ofRoot path: String) -> RestartReplay? {
    restartSnapshotToReplay(ofRoot: path).flatMap { replay($0) }
  }

  /// The restart snapshot of the root at `path` a replay would check against a fresh walk, when there is one for
  /// this build, root, settings and encoding, with the config read now.
  func restartSnapshotToReplay(ofRoot path: String) -> RestartCandidate? {
    guard publishesFromDisk, let cache = restartCache, let key = restartKey(ofRoot: path) else { return nil }
    let started = ContinuousClock.now
    guard let snapshot = cache.snapshot(for: key) else { return nil }
    let config = WorkspaceFiles.loadConfig(
      root: path, editorSettings: connection.editorSettings, fileSystem: options.reader)
    return RestartCandidate(root: path, snapshot: snapshot, config: config, started: started)
  }

  /// Publishes the diagnostics `candidate` holds when a fresh walk finds every file as it says
  /// (`replayRestartSnapshot(ofRoot:)`). `knownTexts`, when given, gives the texts the snapshot names of its own
  /// files (`RestartSnapshot.knownTexts(of:)`, worked out on another core meanwhile): those of the walk when it
  /// matches.
  func replay(_ candidate: RestartCandidate, knownTexts: (() -> [String: KnownText]?)? = nil) -> RestartReplay? {
    let (path, snapshot, config, started) = (candidate.root, candidate.snapshot, candidate.config, candidate.started)
    let fileSystem = options.reader
    let files = WorkspaceFiles.walk(
      root: path, config: config.config, fileSystem: fileSystem, home: options.homeDirectory)
    let walk = files.adding(referenced: snapshot.referenced, fileSystem: fileSystem)
    let entries = snapshot.extractionEntries.map { StampedPath(path: $0.path, fileSystem: fileSystem) }
    guard snapshot.matches(walk, entries: entries) else {
      log("restart snapshot of '\(path)' is out of date: indexing from scratch")
      return nil
    }
    var published: [String: Data] = [:]
    published.reserveCapacity(snapshot.published.count)
    var messages: [OutgoingMessage] = []
    messages.reserveCapacity(snapshot.published.count)
    for record in snapshot.published {
      published[record.path] = record.body
      messages.append(.publishDiagnostics(body: record.body))
    }
    // Written while the index is built: the client reads a notification per file, which took the loop 0.2 s of
    // waiting on the pipe for 12,000 files.
    if let writeInBackground = outbox.writeInBackground {
      flushOutbox()
      writeInBackground(messages)
      messages = []
    }
    for message in messages { send(encoded: message) }
    flushOutbox()
    log(
      "published the diagnostics of \(snapshot.published.count) files of '\(path)' from its restart snapshot in "
        + "\(ContinuousClock.now - started)" + (outbox.writeInBackground == nil ? "" : " (written while indexing)"))
    return RestartReplay(
      published: published, discovered: DiscoveredRoot(config: config, files: files),
      knownTexts: knownTexts?() ?? snapshot.knownTexts(in: walk))
  }

  /// The root's first publishing. After a replay (`replayed`: what the restart snapshot sent, by path), nothing is
  /// published now: what the index gives is checked against it in the background and only what differs is sent
  /// again (`checkReplay`), so that requests are answered as soon as the index is built. Otherwise every file is
  /// published, and what was published is returned, to save for the next start, unless it is not the disk's (open
  /// documents).
  func publishAllKeepingSnapshot(in id: RootID, replayed: [String: Data]?) -> [PublishedDiagnostics]? {
    if let replayed, let root = root(id) {
      checkReplay(of: root, replayed: replayed)
      return nil
    }
    restart.captured = publishesFromDisk && restartCache != nil ? [] : nil
    defer { restart.captured = nil }
    publishAll(in: id)
    return restart.captured
  }

  /// On each tick: the roots whose index changed since their last snapshot, and not since the last tick, get a new
  /// one in the background (one save at a time; none while extractions run or edits wait to be indexed).
  func saveSettledRestartSnapshots() {
    guard restartCache != nil, diagnosticsLedger.mode == .push, loading.hasLoaded, documents.changed.isEmpty,
      extractions.progress.remaining == 0
    else { return }
    for index in roots.indices where roots[index].kind == .folder {
      let generation = roots[index].generation
      defer { roots[index].generationAtLastTick = generation }
      guard generation != roots[index].snapshotGeneration, generation == roots[index].generationAtLastTick else {
        continue
      }
      // Opening a note, say, changes the index but nothing a snapshot holds: the one saved is still right.
      if roots[index].snapshotBasis == roots[index].snapshotBasisNow {
        roots[index].snapshotGeneration = generation
        continue
      }
      guard restart.writes.wait(timeout: .now()) == .success else { continue }
      saveRestartSnapshot(of: roots[index].id, published: nil)
    }
  }

  /// Once per run, removes in the background the temporary files that snapshot writes killed half-way (a crash, a
  /// `kill -9` while saving) left in the cache folder; only old ones, so another Gloss writing now keeps its own.
  func removeRestartLeftoversOnce() {
    guard let cache = restartCache, restart.takeLeftoverCheck() else { return }
    let log = options.log
    let now = FileTime(nanoseconds: Int64(options.now().timeIntervalSince1970 * 1_000_000_000))
    inRestartBackground {
      let removed = cache.removeLeftovers(now: now)
      if !removed.isEmpty { log("removed \(removed.count) leftover temporary file(s) of restart snapshots") }
    }
  }

  /// Runs restart work off the loop: counted in `restart.writes` (tests and the exit wait for it), at the lowest
  /// priority (nobody waits for it: nice 10 on Linux, where `.utility` is 2 and the loop 0), and after the completion
  /// index a user may be waiting for, which gets the second core first.
  func inRestartBackground(_ work: @escaping @Sendable () -> Void) {
    let group = restart.writes
    let completion = restart.completionBuilds
    group.enter()
    DispatchQueue.global(qos: .background).async {
      defer { group.leave() }
      completion.wait()
      work()
    }
  }

  /// Writes the restart snapshot of root `id` in the background, when the files are still those the index read, and
  /// `gloss find`'s image after it (`findImageWork`).
  /// `published` is what its first publishing sent; without it the notifications are made again, off the loop, as a
  /// cold start would publish them (open documents count only when their text is the file's).
  func saveRestartSnapshot(of id: RootID, published: [PublishedDiagnostics]?) {
    guard let cache = restartCache, let index = rootIndex(id),
      let key = restartKey(ofRoot: roots[index].path, settings: roots[index].indexedSettings)
    else { return }
    roots[index].snapshotGeneration = roots[index].generation
    roots[index].snapshotBasis = roots[index].snapshotBasisNow
    let root = roots[index]
    var texts: [String: SourceText] = [:]
    for (path, uri) in root.openPaths {
      if let document = documents[uri] { texts[path] = document.text }
    }
    let openTexts = texts
    let settings = connection.editorSettings
    let fileSystem = options.reader
    let extractionCache = self.extractionCache
    let encoding = connection.positionEncoding
    let log = options.log
    let findImage = findImageWork(of: root)
    inRestartBackground {
      let started = ContinuousClock.now
      let notifications: Result<[PublishedDiagnostics], RestartRefusal> =
        if let published { .success(published) } else {
          Server.publishedFromDisk(root, openTexts: openTexts, encoding: encoding, fileSystem: fileSystem)
        }
      switch notifications.flatMap({
        RestartSnapshot.capture(
          root, published: $0, key: key, editorSettings: settings, fileSystem: fileSystem,
          extractionCache: extractionCache, openTexts: openTexts)
      }) {
      case .success(let snapshot):
        do {
          try cache.store(snapshot)
          log("saved the restart snapshot of '\(root.path)' in \(ContinuousClock.now - started)")
        } catch let error as CommandError {
          log("cannot save the restart snapshot of '\(root.path)': \(error.message)")
        } catch {
          log("cannot save the restart snapshot of '\(root.path)': \(error)")
        }
      case .failure(let refusal):
        // An older snapshot stays: it is checked against the files at the next start like any other, and an
        // unsaved buffer must not cost the next start its snapshot.
        log("restart snapshot of '\(root.path)' not saved: \(refusal.description)")
      }
      findImage?(openTexts)
    }
  }
}

extension Server {
  /// The notifications a cold start would publish for `root` (every diagnosed file, in order, without versions), when
  /// every open document's text is its file's; run off the loop.
  static func publishedFromDisk(
    _ root: WorkspaceRoot, openTexts: [String: SourceText], encoding: PositionEncoding, fileSystem: any FileReading
  ) -> Result<[PublishedDiagnostics], RestartRefusal> {
    guard openTextsAreFiles(root, openTexts: openTexts, fileSystem: fileSystem) else {
      return .failure(.unsavedDocument)
    }
    var paths = root.workspace.diagnosedPaths
    if !paths.contains(root.workspace.configPath), root.files.files.contains(where: { $0.role == .config }) {
      paths.append(root.workspace.configPath)
    }
    return .success(
      paths.map { path in
        let diagnostics = root.workspace.diagnostics(for: path)
        let text = diagnostics.isEmpty ? nil : openTexts[path] ?? root.storedText(of: path, fileSystem: fileSystem)
        let body = DiagnosticJSON.publishBody(
          uri: FileURI(filePath: root.files.absolutePath(path)).string, version: nil,
          diagnostics: text.map { text in diagnostics.map { $0.lspDiagnostic(in: text, encoding: encoding) } } ?? [])
        return PublishedDiagnostics(path: path, body: body)
      })
  }
}

extension Server {
  /// Whether every open document of `root` (`openTexts`, by path) holds its file's text: what is kept between runs
  /// describes the files on disk, never a buffer not saved. Run off the loop.
  static func openTextsAreFiles(
    _ root: WorkspaceRoot, openTexts: [String: SourceText], fileSystem: any FileReading
  ) -> Bool {
    openTexts.allSatisfy { path, text in
      guard case .success(let bytes) = root.files.read(path, fileSystem: fileSystem) else { return false }
      return bytes == text.bytes
    }
  }
}

extension ConfigValue {
  /// The value as JSON with sorted keys: equal settings give equal text.
  var canonicalText: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let value): String(value)
    case .string(let value): String(reflecting: value)
    case .array(let values): "[" + values.map(\.canonicalText).joined(separator: ",") + "]"
    case .object(let object):
      "{"
        + object.keys.sorted().map { String(reflecting: $0) + ":" + object[$0, default: .null].canonicalText }
        .joined(separator: ",") + "}"
    }
  }
}

/// What a restart's replay published, by path, the config and walk it found unchanged, and the notes and sources whose
/// text the snapshot names (`RestartSnapshot.fileTexts`: still theirs, the walk having found every stamp as it was).
struct RestartReplay {
  var published: [String: Data]
  var discovered: DiscoveredRoot
  var knownTexts: [String: KnownText]
}

/// A restart snapshot read for a root, before the walk that tells whether it is current (`Server.replay(_:)`).
struct RestartCandidate {
  var root: String
  var snapshot: RestartSnapshot
  var config: LoadedConfig
  /// When reading it started.
  var started: ContinuousClock.Instant
}

extension RestartSnapshot {
  /// The notes and source documents of `files` (a walk that found every stamp as this snapshot has it) whose text this
  /// snapshot names.
  func knownTexts(in files: WorkspaceFiles) -> [String: KnownText] {
    knownTexts(of: files.files)
  }

  /// The notes and source documents of `files` whose text this snapshot names (its own `files`, before a walk finds
  /// them as they were: the same as the walk's when it does).
  func knownTexts(of files: [DiscoveredFile]) -> [String: KnownText] {
    var out: [String: KnownText] = [:]
    out.reserveCapacity(fileTexts.count)
    for file in files where file.role == .note || file.role == .sourceDocument {
      guard let text = fileTexts[file.path] else { continue }
      out[file.path] = KnownText(file: file, count: text.count, fingerprint: text.fingerprint)
    }
    return out
  }
}
