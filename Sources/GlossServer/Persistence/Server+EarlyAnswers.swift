import GlossIndex
import GlossSyntax
import LanguageServerProtocol

/// A restarted workspace answers a citation's hover, definition and completion before its notes are in.
///
/// When nothing changed since the last run (the restart snapshot's walk finds every file as it was) and the note image
/// holds every note parsed from exactly its text, the first `didOpen` or citation request, before the first indexing,
/// makes an early root: the bibliographies and sources (the sources from the image), and the reverse maps the image
/// keeps of all the notes (`NoteMaps`), without the notes themselves. The note a request is about is taken from the
/// image when its open buffer is the text the image holds. Such a root answers exactly as the whole index does the
/// requests that read nothing else (`Workspace.navigationReadsOnlyNoteMaps`, `completionReadsOnlyNoteMaps`); any
/// other event starts the first indexing, which takes the replay and the root's id over and drops the early root, and
/// so does a moment (`earlyGrace`) with no event after the last one answered early. Documents opened meanwhile are only
/// kept, and attached to the indexed root (`reattachOpenDocuments`).
extension Server {
  /// How long the first indexing waits after an event answered early, for the requests an editor sends with it.
  static let earlyGrace: Duration = .milliseconds(50)

  /// The requests an early root may answer.
  static let requestsAnsweredEarly: Set<String> = [
    HoverRequest.method, DefinitionRequest.method, CompletionRequest.method,
  ]

  /// Handles `event` with the early root when the first indexing has not started and it can: true when it did (the
  /// event needs nothing else), false when the caller must index first.
  func answerBeforeLoading(_ event: ServerEvent) -> Bool {
    guard loading.isPending || loading.deferredToken != nil else { return false }
    switch event {
    case .idle:
      guard let early = restart.early, early.id != nil else { return false }
      return ContinuousClock.now - early.lastAnswer < Self.earlyGrace
    case .message(.notification(let notification)) where notification.method == DidOpenTextDocumentNotification.method:
      guard prepareEarlyRoot(),
        let params = try? RawJSON.decode(DidOpenTextDocumentNotification.self, from: notification.params)
      else { return false }
      // Attached once the notes are in (`reattachOpenDocuments`).
      documents.open(params.textDocument)
      restart.early?.lastAnswer = .now
      return true
    case .message(.notification(let notification)) where notification.method == CancelRequestNotification.method:
      guard restart.early?.id != nil else { return false }
      handleNotification(notification)
      return true
    case .message(.request(let request)) where Self.requestsAnsweredEarly.contains(request.method):
      guard prepareEarlyRoot(), answersEarly(request) else { return false }
      handleRequest(request)
      restart.early?.lastAnswer = .now
      return true
    default:
      return false
    }
  }

  /// How long the loop may wait for an event before it is idle: the rest of the early root's grace, nil otherwise.
  package var idleWait: Duration? {
    guard let early = restart.early, early.id != nil else { return nil }
    let left = Self.earlyGrace - (ContinuousClock.now - early.lastAnswer)
    return left > .zero ? left : nil
  }

  /// Whether the early root answers `request` as the whole index would: its document is a note the early root holds
  /// (or takes from the image now) and what is asked reads only that note, the maps, the bibliographies and the
  /// sources.
  private func answersEarly(_ request: IncomingRequest) -> Bool {
    let target: (uri: DocumentURI, position: Position)?
    switch request.method {
    case HoverRequest.method:
      target = (try? RawJSON.decode(HoverRequest.self, from: request.params)).map { ($0.textDocument.uri, $0.position) }
    case DefinitionRequest.method:
      target = (try? RawJSON.decode(DefinitionRequest.self, from: request.params)).map {
        ($0.textDocument.uri, $0.position)
      }
    case CompletionRequest.method:
      target = (try? RawJSON.decode(CompletionRequest.self, from: request.params)).map {
        ($0.textDocument.uri, $0.position)
      }
    default:
      target = nil
    }
    guard let target, let (index, path, text) = placeEarlyNote(target.uri) else { return false }
    let offset = text.offset(of: target.position, in: connection.positionEncoding)
    let workspace = roots[index].workspace
    if request.method == CompletionRequest.method {
      return workspace.completionReadsOnlyNoteMaps(at: offset, in: path, text: text.bytes)
    }
    return workspace.navigationReadsOnlyNoteMaps(at: offset, in: path)
  }

  /// The early root's index, the path and the text of the open note at `uri`, its record taken from the note image
  /// when the early root does not hold it yet; nil when the document is not open, not a note of the early root, or its
  /// buffer is not the text the image holds.
  private func placeEarlyNote(_ uri: DocumentURI) -> (index: Int, path: String, text: SourceText)? {
    guard let early = restart.early, let id = early.id, let image = early.image, let replay = early.replay,
      let document = documents[uri], let location = locate(uri), location.root == id,
      let index = rootIndex(id), let known = replay.knownTexts[location.path]
    else { return nil }
    let path = location.path
    let bytes = document.text.bytes
    guard bytes.count == known.count, TextFingerprint.of(bytes) == known.fingerprint else { return nil }
    if roots[index].workspace.notes[path] == nil {
      guard
        let record = image.record(
          at: path, count: known.count, fingerprint: known.fingerprint, place: roots[index].files.place)
      else { return nil }
      roots[index].workspace.placeFiledNote(record)
    }
    roots[index].openPaths[path] = uri
    return (index, path, document.text)
  }

  /// Makes the early root once, before the first indexing: true when there is one.
  private func prepareEarlyRoot() -> Bool {
    if let early = restart.early { return early.id != nil }
    guard roots.isEmpty, initialFolders.count == 1, let folder = initialFolders.first,
      let given = FileURI(folder.uri).filePath
    else { return false }
    let path = discovery.widened(given)
    // The image first: its maps are decoded on another core while the replay walks the root (the client has nothing
    // to read yet). The replay is made now, once: the first indexing takes it over, with the image.
    let image = noteImage(ofRoot: path)
    let maps = image.map { image in BackgroundResult { image.noteMaps() } }
    var early = EarlyRoot(path: path, replay: replayRestartSnapshot(ofRoot: path), image: image)
    defer { restart.early = early }
    guard let replay = early.replay, let image, let maps else { return false }
    let started = ContinuousClock.now
    // Every note the walk found must be in the image, parsed from the text the snapshot knows it has.
    let notes = replay.discovered.files.files.filter { $0.role == .note }
    let vouched = notes.allSatisfy { file in
      guard let known = replay.knownTexts[file.path], known.file == file else { return false }
      return image.holdsNote(at: file.path, count: known.count, fingerprint: known.fingerprint)
    }
    let checked = ContinuousClock.now
    guard notes.count == image.count, vouched, let noteMaps = maps.value() else {
      log("no early answers for '\(path)': the note image does not hold exactly its notes")
      return false
    }
    let mapped = ContinuousClock.now
    var files = replay.discovered.files
    files.files.removeAll { $0.role == .note }
    let indexed = IndexedRoot(
      root: path, editorSettings: connection.editorSettings, fileSystem: options.reader,
      home: options.homeDirectory, cache: extractionCache, keepingNoteTexts: false,
      zoteroDirectory: options.defaultZoteroDirectory, diagnosing: false, noteImage: image,
      discovered: DiscoveredRoot(config: replay.discovered.config, files: files), knownTexts: replay.knownTexts,
      noteMaps: noteMaps)
    let id = loading.takeRootID()
    early.id = id
    roots.append(WorkspaceRoot(id: id, kind: .folder, folderURI: folder.uri, indexed: indexed))
    roots[roots.count - 1].indexedSettings = canonicalEditorSettings
    log(
      "answering citations in '\(path)' before its \(notes.count) notes are in: made in "
        + "\(ContinuousClock.now - started) (checking the notes \(checked - started), waiting for their maps "
        + "\(mapped - checked), the bibliographies and sources \(ContinuousClock.now - mapped))")
    return true
  }

  /// Takes the early made for the root at `path` off the roots, for its first indexing: the replay, the image and the
  /// id it made; nil when none was made for it.
  func takeEarlyRoot(ofRoot path: String) -> EarlyRoot? {
    guard let early = restart.early, early.path == path else { return nil }
    restart.early = nil
    if let id = early.id { roots.removeAll { $0.id == id } }
    return early
  }
}

/// What was made for a restarted root before its first indexing (`Server+EarlyAnswers.swift`).
struct EarlyRoot {
  /// The root's path.
  var path: String
  /// The restart snapshot's replay, when it was current.
  var replay: RestartReplay?
  /// The note image, when one was read.
  var image: NoteImage?
  /// The early root in `roots`, when one could be made.
  var id: RootID?
  /// When an event was last answered early.
  var lastAnswer = ContinuousClock.now
}
