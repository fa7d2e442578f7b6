import Dispatch
import GlossIndex
import GlossSyntax
import LanguageServerProtocol

/// A restarted workspace answers a citation's hover, definition and completion, and a note's semantic tokens, before
/// its notes are in.
///
/// With a client that takes progress, the first indexing waits for an event. When that event is a `didOpen` or one
/// of those requests, the restart snapshot is replayed then (once: the first indexing takes the replay over) and the
/// note image read. When nothing changed since the last run (the snapshot's walk finds every file as it was) and the
/// image holds every note parsed from exactly the text the snapshot vouches for, a request about a note open as it is
/// on disk makes an early root: the bibliographies and sources (the sources from the image), and the reverse maps the
/// image keeps of all the notes (`NoteMaps`), without the notes themselves; the note asked about is taken from the
/// image. Such a root answers exactly as the whole index does the requests that read nothing else
/// (`Workspace.navigationReadsOnlyNoteMaps`, `completionNeed`, `semanticTokensReadOnlyNoteMaps`).
/// Another request that only reads waits for the first indexing, then built in the background; any other event
/// starts that indexing, which takes the replay, the image, the root's id and what was built over and drops the early
/// root, and so does a moment (`earlyGrace`) with no event after the last one handled early. Documents opened
/// meanwhile are only kept, and attached to the indexed root (`reattachOpenDocuments`).
extension Server {
  /// Starts `work` on a thread of its own (the work before the first indexing waits for other work).
  static func onEarlyThread(_ work: @escaping @Sendable () -> Void) {
    BackgroundThread.start(name: "gloss-early", work)
  }

  /// How long the first indexing waits after an event handled early, for the requests an editor sends with it.
  static let earlyGrace: Duration = .milliseconds(50)

  /// The requests an early root may answer.
  static let requestsAnsweredEarly: Set<String> = [
    HoverRequest.method, DefinitionRequest.method, CompletionRequest.method, SemanticTokensRequest.method,
  ]

  /// Handles `event` before the first indexing when it can: true when it did (the event needs nothing else), false
  /// when the caller must index first.
  func answerBeforeLoading(_ event: ServerEvent) -> Bool {
    guard loading.isPending || loading.isDeferred else { return false }
    switch event {
    case .idle:
      // A restart whose client opened nothing yet gets its early root now, at the first idle moment, like one that
      // opened a note: a note opened while the workspace is indexed is answered at once.
      if restart.early == nil, loading.isDeferred, !prepareEarlyAnswers() { return false }
      guard let early = restart.early, early.mayAnswer else { return false }
      // While a completion waits for the find image, the first indexing is not started: it would take the cores the
      // read needs (a 5x restart's completion took 3 s instead of 0.8 s). The read wakes the loop; this is the
      // fallback.
      if early.holdsIndexingForTheSearch {
        answerRequestsThatWaitedForTheSearch()
        return true
      }
      // The first indexing is built in the background while the early root answers what it can; its end wakes the
      // loop, which takes it. (Waited for on the loop, it held every request of a 50,000-note restart for 2-3 s.)
      guard let index = early.index else {
        buildIndexInBackground()
        return true
      }
      return !index.isFinished
    case .tick:
      // The periodic work waits for the first indexing: a tick does not make the loop wait for it either.
      return restart.early?.mayAnswer == true
    case .restartChecked:
      // The find image read for a completion after a quotation woke the loop: what waited for it is answered.
      if answerRequestsThatWaitedForTheSearch() { return true }
      // The first indexing built in the background woke the loop: it is taken now (the caller loads). Before it is
      // started there is nothing to take (the read woke the loop after what waited for it was answered when idle).
      guard let early = restart.early else { return false }
      guard let index = early.index else { return true }
      return !index.isFinished
    case .message(.notification(let notification)) where notification.method == DidOpenTextDocumentNotification.method:
      guard prepareEarlyAnswers(),
        let params = try? RawJSON.decode(DidOpenTextDocumentNotification.self, from: notification.params)
      else { return false }
      // Attached once the notes are in (`reattachOpenDocuments`).
      documents.open(params.textDocument)
      restart.early?.lastAnswer = .now
      return true
    case .message(.notification(let notification)) where changesNoSettings(notification):
      // The settings in force sent again (Eglot and VS Code do right after the start): nothing to do.
      return true
    case .message(.notification(let notification)) where notification.method == CancelRequestNotification.method:
      guard restart.early?.mayAnswer == true else { return false }
      handleNotification(notification)
      return true
    case .message(.request(let request)):
      if Self.requestsAnsweredEarly.contains(request.method), prepareEarlyAnswers() {
        switch earlyAnswer(to: request) {
        case .now:
          handleRequest(request)
          restart.early?.lastAnswer = .now
          return true
        case .afterTheSearch:
          // Read off the loop: the requests after it are answered meanwhile (answers may come in any order).
          restart.early?.waitingForSearch.append(request)
          restart.early?.lastAnswer = .now
          return true
        case .no:
          break
        }
      }
      // Another request that only reads waits for the first indexing, built in the background meanwhile, while the
      // requests after it the early root can answer are answered (answers may come in any order).
      guard Self.requestsBeforeRestartDiagnosis.contains(request.method), prepareEarlyAnswers() else { return false }
      restart.early?.waiting.append(request)
      buildIndexInBackground()
      return true
    default:
      return false
    }
  }

  /// How long the loop may wait for an event before it is idle: the rest of the grace after the last event handled
  /// before the first indexing, while the first indexing is built in the background a moment (its end wakes the
  /// loop), nil when there is none.
  package var idleWait: Duration? {
    guard let early = restart.early, early.mayAnswer, loading.isPending || loading.isDeferred else {
      return nil
    }
    // A completion waits for the find image, read without the first indexing beside it: the read wakes the loop.
    if early.holdsIndexingForTheSearch { return .milliseconds(100) }
    // The first indexing is being built: its end wakes the loop.
    if let index = early.index { return index.isFinished ? nil : .milliseconds(100) }
    let left = Self.earlyGrace - (ContinuousClock.now - early.lastAnswer)
    return left > .zero ? left : nil
  }

  /// Starts building the first indexing in the background once the early root has answered what came with the
  /// first event (the loop is idle): an event the early root cannot answer then waits only for its end.
  private func buildIndexInBackground() {
    guard var early = restart.early, early.index == nil, let replay = early.replay else { return }
    let build = indexing(early.path, replay: replay, image: early.image)
    let wake = restart.checks.wake
    let delay = options.earlyIndexDelay
    early.index = BackgroundResult(
      {
        BackgroundThread.sleep(seconds: delay)
        let started = ContinuousClock.now
        var steps: [(step: IndexingStep, at: ContinuousClock.Instant)] = []
        let indexed = build { steps.append(($0, .now)) }
        return BuiltIndex(indexed: indexed, steps: steps, started: started, ended: .now)
      }, then: { wake?() })
    restart.early = early
  }

  /// Answers the requests that waited for the search the find image keeps, once it is read (`EarlyRoot.keptSearch`):
  /// each as the early root answers it now, or, when the image could not be taken, after the first indexing like any
  /// request that reads more. True when there were such requests and the image is read.
  @discardableResult
  func answerRequestsThatWaitedForTheSearch() -> Bool {
    guard var early = restart.early, !early.waitingForSearch.isEmpty, early.keptSearch?.isFinished != false else {
      return false
    }
    let waiting = early.waitingForSearch
    early.waitingForSearch = []
    restart.early = early
    for request in waiting {
      if earlyAnswer(to: request) == .now {
        handleRequest(request)
        restart.early?.lastAnswer = .now
      } else {
        restart.early?.waiting.append(request)
        buildIndexInBackground()
      }
    }
    return true
  }

  /// Waits until the find image an early root reads for a completion after a quotation is read, and says whether
  /// requests wait for it (tests: the loop is woken by the read, `RestartChecks.wake`).
  package func waitForTheEarlySearch() -> Bool {
    guard let early = restart.early, !early.waitingForSearch.isEmpty else { return false }
    _ = early.keptSearch?.value()
    return true
  }

  /// Answers the requests that waited for the first indexing (now done), in the order they came.
  func answerWaitingRequests() {
    let waiting = restart.waitingRequests
    restart.waitingRequests = []
    for request in waiting { handleRequest(request) }
  }

  /// When the early root answers a request.
  enum EarlyAnswer {
    /// Now, as the whole index would.
    case now
    /// Once the search over the sources' text the find image keeps is read (a completion after a quotation).
    case afterTheSearch
    /// Not: the request waits for the first indexing.
    case no
  }

  /// Whether the early root answers `request` as the whole index would (making the root first when the request is
  /// about a citation): its document is a note open as it is on disk, and what is asked reads only that note, the
  /// maps, the bibliographies and the sources (and, after a quotation, the find image's search: read off the loop,
  /// the request answered once it is in).
  private func earlyAnswer(to request: IncomingRequest) -> EarlyAnswer {
    if request.method == SemanticTokensRequest.method {
      guard let params = try? RawJSON.decode(SemanticTokensRequest.self, from: request.params) else { return .no }
      let answers = answersEarly(in: params.textDocument.uri) { workspace, path, _, _ in
        workspace.semanticTokensReadOnlyNoteMaps(in: path)
      }
      return answers ? .now : .no
    }
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
    guard let target else { return .no }
    let isCompletion = request.method == CompletionRequest.method
    let encoding = connection.positionEncoding
    var waitsForTheSearch = false
    let answers = answersEarly(in: target.uri) { workspace, path, text, isRoot in
      let offset = text.offset(of: target.position, in: encoding)
      if isCompletion {
        switch workspace.completionNeed(at: offset, in: path, text: text.bytes) {
        case .nothingElse: return true
        case .notes: return false
        case .textSearch:
          // The root needs the search over the sources' text the find image keeps (the whole index takes it too).
          // The note alone cannot tell whether the root will have it.
          guard isRoot else { return true }
          guard let early = restart.early, let index = early.id.flatMap(rootIndex) else { return false }
          // Read off the loop since the early root was built (0.07–0.15 s for a 68 MB image): the request is answered
          // once it is in.
          if early.keptSearch?.isFinished == false {
            waitsForTheSearch = true
            return false
          }
          adoptKeptTextSearch(early.keptSearch, in: workspace, files: roots[index].files.files, root: early.path)
          return workspace.isFindBuilt
        }
      }
      // Whether the key is known is asked of the root (the note alone has no bibliography).
      return isRoot
        ? workspace.navigationReadsOnlyNoteMaps(at: offset, in: path)
        : workspace.isCitation(at: offset, in: path)
    }
    return answers ? .now : waitsForTheSearch ? .afterTheSearch : .no
  }

  /// Whether `answers` says the early root answers a request about the note at `uri` as the whole index would. It is
  /// asked first of a workspace holding the note and the config alone (`isRoot` false), so that a root is made only
  /// for a request it may answer, then of the root (`isRoot` true: the answer may depend on the bibliographies).
  private func answersEarly(
    in uri: DocumentURI, _ answers: (_ workspace: Workspace, _ path: String, _ text: SourceText, _ isRoot: Bool) -> Bool
  ) -> Bool {
    guard let (path, record, text) = earlyNote(uri), let early = restart.early, let replay = early.replay else {
      return false
    }
    var alone = Workspace(indexing: [], config: replay.discovered.config.config, place: replay.discovered.files.place)
    alone.placeFiledNote(record)
    guard answers(alone, path, text, false), let index = earlyRootIndex() else { return false }
    if roots[index].workspace.notes[path] == nil { roots[index].workspace.placeFiledNote(record) }
    roots[index].openPaths[path] = uri
    return answers(roots[index].workspace, path, text, true)
  }

  /// The path, the record (from the note image) and the open buffer of the note at `uri` in the restarted root,
  /// when its buffer is exactly the text the snapshot vouches for and the image holds parsed.
  private func earlyNote(_ uri: DocumentURI) -> (path: String, record: NoteRecord, text: SourceText)? {
    guard let early = restart.early, early.mayAnswer, let image = early.image, let replay = early.replay,
      let document = documents[uri], let absolute = FileURI(uri).filePath,
      let path = PathComponents.relative(absolute, to: early.path), !path.isEmpty,
      let known = replay.knownTexts[path]
    else { return nil }
    let bytes = document.text.bytes
    guard bytes.count == known.count, TextFingerprint.of(bytes) == known.fingerprint else { return nil }
    if let id = early.id, let index = rootIndex(id), let record = roots[index].workspace.notes[path] {
      return (path, record, document.text)
    }
    guard
      let record = image.record(
        at: path, count: known.count, fingerprint: known.fingerprint, place: replay.discovered.files.place)
    else { return nil }
    return (path, record, document.text)
  }

  /// Replays the restart snapshot and reads the note image once, before the first indexing, and checks that the image
  /// holds every note the snapshot's walk found parsed from the text the snapshot vouches for; true when an early root
  /// can be made.
  ///
  /// The image is read, its maps decoded, the texts the snapshot names looked up, the image's notes checked against
  /// them and the early root built from the files the snapshot lists, then the keys' search index, on other cores
  /// while the replay walks the root (the client has nothing to read yet); all of it is used only when the walk finds
  /// the files as listed. (On the loop after the walk, the lookup and the check took a 50,000-note restart 0.19 s.)
  private func prepareEarlyAnswers() -> Bool {
    if let early = restart.early { return early.mayAnswer }
    guard roots.isEmpty, initialFolders.count == 1, let folder = initialFolders.first,
      let given = FileURI(folder.uri).filePath
    else { return false }
    let path = discovery.widened(given)
    let log = options.log
    // Threads of their own: each waits for the one before.
    let reading = noteImageReader(ofRoot: path).map { BackgroundResult($0, start: Self.onEarlyThread) }
    let maps = reading.map { reading in
      BackgroundResult(
        { () -> NoteMaps? in
          guard let image = reading.value(), image.mapsAreIntact else { return nil }
          let started = ContinuousClock.now
          // Only the maps the early answers read: the backlinks and tags were a quarter of the decoding (standard
          // workspace, `gloss-bench image`: 15.9 ms of CPU against 21.1 ms).
          let maps = image.noteMaps(only: NoteMaps.readByNoteMapAnswers)
          log("decoded the reverse maps of the note image of '\(path)' in \(ContinuousClock.now - started)")
          return maps
        }, start: Self.onEarlyThread)
    }
    let candidate = restartSnapshotToReplay(ofRoot: path)
    // The texts the snapshot names of its files (the walk's, when it finds them as listed), and whether the image
    // holds each of its notes parsed from that text, worked out while the walk runs.
    let known = candidate.map { candidate in
      BackgroundResult({ candidate.snapshot.knownTexts(of: candidate.snapshot.files) }, start: Self.onEarlyThread)
    }
    let holdsNotes = candidate.flatMap { candidate in
      reading.map { reading in
        BackgroundResult(
          { () -> Bool? in
            guard let image = reading.value(), let texts = known?.value() else { return false }
            return Self.image(image, holdsNotesOf: candidate.snapshot.files, knownTexts: texts)
          }, start: Self.onEarlyThread)
      }
    }
    var building: BackgroundResult<EarlyBuild>?
    var keptSearch: BackgroundResult<KeptTextSearch>?
    if let candidate, let reading, let maps, let known {
      let built = earlyRootBuilding(candidate, reading, maps, known)
      building = built
      // Read once the early root is built, beside the walk's end: for a completion after a quotation, and for the
      // first indexing, which takes it.
      keptSearch = keptTextSearchReading(ofRoot: path, after: { _ = built.value() }, then: restart.checks.wake)
    }
    let replay = candidate.flatMap { self.replay($0, knownTexts: known.map { known in { known.value() } }) }
    var early = EarlyRoot(path: path, folderURI: folder.uri, replay: replay, image: reading?.value(), maps: maps)
    early.building = building
    early.keptSearch = keptSearch
    defer { restart.early = early }
    guard replay != nil, early.image != nil else { return false }
    // Damaged maps are told when the root is made (`earlyRootIndex`).
    early.mayAnswer = holdsNotes?.value() == true
    if !early.mayAnswer { log("no early answers for '\(path)': the note image does not hold exactly its notes") }
    return early.mayAnswer
  }

  /// Whether `image` holds exactly the notes of `files` (a restart snapshot's), each parsed from the text the snapshot
  /// names (`knownTexts`).
  private static func image(
    _ image: NoteImage, holdsNotesOf files: [DiscoveredFile], knownTexts: [String: KnownText]
  ) -> Bool {
    var count = 0
    for file in files where file.role == .note {
      count += 1
      guard let known = knownTexts[file.path],
        image.holdsNote(at: file.path, count: known.count, fingerprint: known.fingerprint)
      else { return false }
    }
    return count == image.count
  }

  /// Builds, on another core, the early root of the restarted root whose snapshot is `candidate`, from the files the
  /// snapshot lists (without its notes), the note image `reading` reads and the maps `maps` decodes; then the keys'
  /// search index, which a completion asked with the first hover waits for. Nil when the image or its maps cannot be
  /// read.
  private func earlyRootBuilding(
    _ candidate: RestartCandidate, _ reading: BackgroundResult<NoteImage>, _ maps: BackgroundResult<NoteMaps>,
    _ known: BackgroundResult<[String: KnownText]>
  ) -> BackgroundResult<EarlyBuild> {
    let (settings, reader, home, cache) = (
      connection.editorSettings, options.reader, options.homeDirectory, extractionCache
    )
    let zotero = options.defaultZoteroDirectory
    let completionBuilds = restart.completionBuilds
    let log = options.log
    let building = BackgroundResult(
      { () -> EarlyBuild? in
        let started = ContinuousClock.now
        let snapshot = candidate.snapshot
        let listed = WorkspaceFiles.listed(
          root: candidate.root, config: candidate.config.config, fileSystem: reader, home: home, files: snapshot.files,
          otherFiles: snapshot.otherFiles, skipped: snapshot.skipped, referenced: snapshot.referenced)
        let knownTexts = known.value() ?? snapshot.knownTexts(in: listed)
        var files = listed
        files.files.removeAll { $0.role == .note }
        guard let image = reading.value() else { return nil }
        let indexed = IndexedRoot(
          root: candidate.root, editorSettings: settings, fileSystem: reader, home: home, cache: cache,
          keepingNoteTexts: false, zoteroDirectory: zotero, diagnosing: false, noteImage: image,
          discovered: DiscoveredRoot(config: candidate.config, files: files), knownTexts: knownTexts, noteMaps: maps)
        return EarlyBuild(indexed: indexed, took: ContinuousClock.now - started)
      }, start: Self.onEarlyThread)
    completionBuilds.enter()
    Self.onEarlyThread {
      defer { completionBuilds.leave() }
      guard let built = building.value(), built.indexed.adoptedNoteMaps else { return }
      let started = ContinuousClock.now
      built.indexed.workspace.prepareCompletion(notes: false)
      log("built the completion index of the keys before the notes are in, in \(ContinuousClock.now - started)")
    }
    return building
  }

  /// The index in `roots` of the early root, put there now when it is not yet (waiting for its build); nil when it
  /// cannot be (its maps do not decode).
  private func earlyRootIndex() -> Int? {
    guard var early = restart.early, early.mayAnswer, let replay = early.replay, let image = early.image,
      let building = early.building
    else { return nil }
    if let id = early.id { return rootIndex(id) }
    defer { restart.early = early }
    let started = ContinuousClock.now
    guard let built = building.value(), built.indexed.adoptedNoteMaps else {
      early.mayAnswer = false
      log("no early answers for '\(early.path)': the note image's maps cannot be read")
      return nil
    }
    var indexed = built.indexed
    // Built from the files the snapshot lists, which the walk found as listed.
    indexed.files = indexed.files.confirmed(by: replay.discovered.files)
    let id = loading.takeRootID()
    early.id = id

    roots.append(WorkspaceRoot(id: id, kind: .folder, folderURI: early.folderURI, indexed: indexed))
    roots[roots.count - 1].indexedSettings = canonicalEditorSettings
    log(
      "answering citations in '\(early.path)' before its \(image.count) notes are in: made in \(built.took) "
        + "beside the walk, waited for \(ContinuousClock.now - started)")
    return roots.count - 1
  }

  /// Takes what was made for the root at `path` before its first indexing off the roots, for that indexing: the
  /// replay, the image and the id of the early root; nil when nothing was made for it.
  func takeEarlyRoot(ofRoot path: String) -> EarlyRoot? {
    guard let early = restart.early, early.path == path else { return nil }
    restart.early = nil
    restart.waitingRequests += early.waiting + early.waitingForSearch
    if let id = early.id { roots.removeAll { $0.id == id } }
    return early
  }
}

/// What was made for a restarted root before its first indexing (`Server+EarlyAnswers.swift`).
struct EarlyRoot {
  /// The root's path, and the URI of its workspace folder.
  var path: String
  var folderURI: DocumentURI
  /// The restart snapshot's replay, when it was current.
  var replay: RestartReplay?
  /// The note image, when one was read.
  var image: NoteImage?
  /// The image's maps, decoded in the background.
  var maps: BackgroundResult<NoteMaps>?
  /// The early root, built in the background from the files the snapshot lists.
  var building: BackgroundResult<EarlyBuild>?
  /// Whether the image holds every note as the snapshot vouches for it: an early root can be made.
  var mayAnswer = false
  /// The early root in `roots`, once made.
  var id: RootID?
  /// When an event was last handled early.
  var lastAnswer = ContinuousClock.now
  /// The first indexing, built in the background from the first idle moment after the early root is made, or from
  /// the first request that must wait for it.
  var index: BackgroundResult<BuiltIndex>?
  /// The requests that wait for it, in the order they came.
  var waiting: [IncomingRequest] = []
  /// The search over the sources' text that the find image keeps, read once the early root is built
  /// (`keptTextSearchReading`), for the completions after a quotation, then taken by the first indexing.
  var keptSearch: BackgroundResult<KeptTextSearch>?
  /// The completions after a quotation that wait for it to be read, in the order they came.
  var waitingForSearch: [IncomingRequest] = []

  /// Whether the first indexing waits for the find image's read (completions wait for it and the indexing has not
  /// started): it would take the cores the read needs.
  var holdsIndexingForTheSearch: Bool { !waitingForSearch.isEmpty && index == nil }
}

/// A first indexing built in the background, with the start of each of its steps.
struct BuiltIndex: Sendable {
  var indexed: IndexedRoot
  var steps: [(step: IndexingStep, at: ContinuousClock.Instant)]
  var started: ContinuousClock.Instant
  var ended: ContinuousClock.Instant
}

/// An early root built in the background, and how long that took.
struct EarlyBuild: Sendable {
  var indexed: IndexedRoot
  var took: Duration
}
