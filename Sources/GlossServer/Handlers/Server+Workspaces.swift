import Dispatch
package import GlossIndex
package import GlossSyntax
package import LanguageServerProtocol

/// The workspace roots: where a URI lives, the URI of a path, the text of any indexed file, and roots coming and
/// going (workspace folders, `rootUri`/`rootPath`, single-file mode).
///
/// Feature handlers start from `locate(_:)`, query `root(id)?.workspace`, and convert offsets with
/// `text(of:in:)` (open buffer, else the indexed text, else the file read again).
extension Server {
  /// The root with `id`, if it still exists.
  package func root(_ id: RootID) -> WorkspaceRoot? {
    roots.first { $0.id == id }
  }

  /// The index of the root with `id`.
  package func workspace(_ id: RootID) -> Workspace? {
    root(id)?.workspace
  }

  /// The root and root-relative path of the document at `uri`: the deepest folder root holding it, else the loose
  /// root of its folder; nil for URIs that are not files or lie outside every root.
  package func locate(_ uri: DocumentURI) -> DocumentLocation? {
    guard let path = FileURI(uri).filePath else { return nil }
    var best: (root: RootID, path: String, depth: Int)?
    for root in roots {
      guard let relative = PathComponents.relative(path, to: root.path), !relative.isEmpty else { continue }
      // A loose root only holds the files directly in its folder; a folder root wins over a loose one.
      if root.kind == .looseFiles && relative.contains("/") { continue }
      let depth = root.kind == .folder ? root.path.utf8.count + 1 : 0
      if depth >= (best?.depth ?? -1) { best = (root.id, relative, depth) }
    }
    return best.map { DocumentLocation(root: $0.root, path: $0.path) }
  }

  /// The URI of the file at `path` in root `id` (the client's own URI when the document is open).
  package func uri(for path: String, in id: RootID) -> DocumentURI? {
    root(id)?.uri(for: path)
  }

  /// The text of the file at `path` in root `id` as the index sees it: the open buffer, else the indexed text, else
  /// the file read from disk (source documents, the config file); nil when it cannot be read.
  package func text(of path: String, in id: RootID) -> SourceText? {
    guard let root = root(id) else { return nil }
    if let uri = root.openPaths[path], let document = documents[uri] { return document.text }
    return root.storedText(of: path, fileSystem: options.reader)
  }

  /// The position tables kept with the released texts of `paths` (closed notes, `TextStamp.positions`), in their
  /// order: the offsets the index holds in such a note convert to positions without reading it again, while the file
  /// is as the last scan found it (one `status` call; a file changed since is read again, `texts(of:in:)`, and left
  /// out unless it still holds the text indexed). Open documents and kept texts have none here. The tables a restart
  /// left to the background are made then (`makeMissingPositionTables(of:in:)`). Each path is looked up once in each
  /// of the root's tables (a key cited across the workspace names a thousand notes).
  package func positionTables(of paths: [String], in id: RootID) -> [PositionTable?] {
    guard let root = root(id) else { return paths.map { _ in nil } }
    var out: [PositionTable?] = []
    out.reserveCapacity(paths.count)
    var tabled: [Int] = []
    var untabled: [Int] = []
    for (index, path) in paths.enumerated() {
      guard root.openPaths[path] == nil, root.texts[path] == nil, let stamp = root.releasedTexts[path] else {
        out.append(nil)
        continue
      }
      out.append(stamp.positions)
      if stamp.positions == nil { untabled.append(index) } else { tabled.append(index) }
    }
    // The `status` calls on all cores: they are most of the time, and run side by side.
    let fileSystem = options.reader
    let (files, checked) = (root.files, tabled)
    let unchanged = ParallelWork.map(count: checked.count) {
      files.fileLooksUnchanged(paths[checked[$0]], fileSystem: fileSystem)
    }
    for (index, isUnchanged) in zip(checked, unchanged) where !isUnchanged { out[index] = nil }
    guard !untabled.isEmpty else { return out }
    makeMissingPositionTables(of: untabled.map { paths[$0] }, in: id)
    guard let made = self.root(id) else { return out }
    for index in untabled {
      guard let table = made.releasedTexts[paths[index]]?.positions,
        made.files.fileLooksUnchanged(paths[index], fileSystem: fileSystem)
      else { continue }
      out[index] = table
    }
    return out
  }

  /// Makes now, and keeps, the position tables of those of `paths` (each named once) that a restart indexed without
  /// reading and whose tables the background has not brought yet (`makePositionTables(of:)`): each note is then read
  /// once, by the first request that needs it, rather than by every request until the tables are in.
  func makeMissingPositionTables(of paths: [String], in id: RootID) {
    guard let index = rootIndex(id) else { return }
    let missing = roots[index].untabledNotes(among: paths)
    guard !missing.isEmpty else { return }
    // On all cores: the first references to a key cited across the workspace read hundreds of notes.
    let made = roots[index].positionTables(of: missing, fileSystem: options.reader, onAllCores: true)
    roots[index].keepPositionTables(made)
  }

  /// The texts of `paths` in root `id` as `text(of:in:)` gives them, each looked up once, without those that cannot
  /// be read (closed notes are read from disk: references to or a rename of a key cited a thousand times read a
  /// thousand notes). Reading them on all cores was tried: no faster under load, and the worker threads' heaps grew
  /// with every request (peak 1.8 GB after 20 references requests on the standard workspace).
  package func texts(of paths: some Sequence<String>, in id: RootID) -> [String: SourceText] {
    guard let root = root(id) else { return [:] }
    var out: [String: SourceText] = [:]
    var onDisk: [String] = []
    for path in Set(paths) {
      if let uri = root.openPaths[path], let document = documents[uri] {
        out[path] = document.text
      } else if let text = root.texts[path] {
        out[path] = text
      } else {
        onDisk.append(path)
      }
    }
    // The released texts are read again from disk (a thousand files for a key cited across the workspace), on
    // every core.
    let paths = onDisk
    let fileSystem = options.reader
    let read = ParallelWork.map(count: paths.count) { root.storedText(of: paths[$0], fileSystem: fileSystem) }
    for (path, text) in zip(paths, read) {
      if let text { out[path] = text }
    }
    return out
  }

  /// The LSP range of UTF-8 `range` in the file at `path` of root `id`, in the negotiated encoding.
  package func lspRange(of range: Range<Int>, path: String, in id: RootID) -> LSPRange? {
    text(of: path, in: id)?.lspRange(of: range, in: connection.positionEncoding)
  }

  /// The LSP location of UTF-8 `range` in the file at `path` of root `id`. A range in a PDF's text is in the text
  /// file the extraction cache keeps (an editor cannot show a range of a PDF; `documentLink` opens the PDF itself).
  package func location(of range: Range<Int>, path: String, in id: RootID) -> Location? {
    guard let uri = textURI(for: path, in: id), let range = lspRange(of: range, path: path, in: id) else { return nil }
    return Location(uri: uri, range: range)
  }

  /// The URI of the file holding the text of `path`: the cached text of an extracted file when there is one, else
  /// the file itself.
  func textURI(for path: String, in id: RootID) -> DocumentURI? {
    root(id).map { textURI(for: path, in: $0) }
  }

  /// `textURI(for:in:)` in a root already looked up (a request naming a thousand files copies the root once).
  func textURI(for path: String, in root: WorkspaceRoot) -> DocumentURI {
    if root.texts[path] != nil, ExtractedFormat(path: path) != nil, let cache = extractionCache {
      let textFile = cache.textFile(of: root.files.absolutePath(path))
      if options.reader.fileExists(textFile) { return FileURI(filePath: textFile).string }
    }
    return root.uri(for: path)
  }

  // MARK: Loading

  /// The folders the client named in `initialize`: workspace folders, else `rootUri`, else `rootPath`.
  var initialFolders: [WorkspaceFolder] {
    guard let params = connection.initializeParams else { return [] }
    if let folders = params.workspaceFolders, !folders.isEmpty { return folders }
    if let uri = params.rootUri, FileURI(uri).filePath != nil {
      return [WorkspaceFolder(uri: uri, name: PathComponents.split(FileURI(uri).filePath ?? "").name)]
    }
    if let path = params.rootPath, path.hasPrefix("/") {
      return [WorkspaceFolder(uri: FileURI(filePath: path).string, name: PathComponents.split(path).name)]
    }
    return []
  }

  /// The first indexing of the root at `path`, after `replay` when its restart snapshot was replayed, with the note
  /// image `image`, to run on any thread (an early root has it run in the background: `Server+EarlyAnswers.swift`);
  /// the step it is given is told each step as it starts.
  func indexing(_ path: String, replay: RestartReplay?, image: NoteImage?)
    -> @Sendable ((IndexingStep) -> Void) -> IndexedRoot
  {
    // While the replayed diagnostics are written, the client needs a core to read them: they are what it shows.
    let workersMayRun: (@Sendable () -> Bool)? = outbox.isWritingInBackground.map { isWriting in
      { @Sendable in !isWriting() }
    }
    let (settings, reader, home, cache) = (
      connection.editorSettings, options.reader, options.homeDirectory, extractionCache
    )
    let zotero = options.defaultZoteroDirectory
    return { progress in
      IndexedRoot(
        root: path, editorSettings: settings, fileSystem: reader, home: home, cache: cache, keepingNoteTexts: false,
        // After a replay the diagnostics are shown: requests are answered first, the diagnosis follows off the loop.
        zoteroDirectory: zotero, diagnosing: replay == nil, noteImage: image, discovered: replay?.discovered,
        knownTexts: replay?.knownTexts ?? [:], workersMayRun: workersMayRun, progress: progress)
    }
  }

  /// Loads the roots named in `initialize` (the first indexing), ending the progress `token` (begun) when given.
  func loadWorkspaces(progressToken token: ProgressToken?) {
    guard !loading.hasLoaded else { return }
    loading.start()
    let folders = initialFolders
    for (number, folder) in folders.enumerated() {
      guard let token else {
        addFolder(folder)
        continue
      }
      // Each step of each folder is reported as it starts and written at once, not when the whole load is over.
      addFolder(folder) { step in
        let done = (Double(number) + step.fraction) / Double(folders.count)
        let name = folders.count > 1 ? "\(folder.name): " : ""
        send(
          ProgressNotification(token: token, value: .report(message: name + step.message, percentage: Int(done * 100))))
        flushOutbox()
      }
    }
    if let token {
      let notes = roots.reduce(0) { $0 + $1.workspace.notes.count }
      send(ProgressNotification(token: token, value: .end(message: "\(notes) notes indexed")))
    }
    // Requests that came before it and waited for it (`Server+EarlyAnswers.swift`).
    answerWaitingRequests()
  }

  /// Loads the roots now when their loading still waits for the client's answer to the progress request.
  func loadIfStillPending(before event: ServerEvent) {
    if loading.isDeferred {
      // Idle time runs the deferred load itself; anything else must not see an empty workspace.
      if case .idle = event { return }
      return loadWorkspaces(progressToken: loading.deferredToken)
    }
    guard loading.isPending else { return }
    // The answer itself starts the loading with progress.
    if case .message(.response) = event { return }
    // Anything else cannot wait for it. Neovim sends `didOpen` and its first requests before it answers: loaded
    // without progress, its users saw nothing while a large workspace was indexed. The token is ours to use: the
    // client reads the request that makes it before the progress, which follows it on the same stream (its answer,
    // when it comes, is then ignored).
    beginIndexingProgress()
    loadWorkspaces(progressToken: Self.indexingProgressToken)
  }

  /// Indexes a workspace folder (ignored when it is not a local folder or is already a root) and publishes;
  /// `progress` is told each indexing step as it starts.
  @discardableResult
  func addFolder(_ folder: WorkspaceFolder, progress: (IndexingStep) -> Void = { _ in }) -> RootID? {
    guard let given = FileURI(folder.uri).filePath else {
      logMessage(.warning, "workspace folder '\(folder.uri)' is not a local folder; ignored")
      return nil
    }
    // A folder that is only part of a workspace (a client rooted at `notes/`) is widened to the workspace.
    let path = discovery.widened(given)
    if path != PathComponents.normalize(given) {
      log("workspace folder '\(given)' is part of the workspace at '\(path)', which is indexed instead")
      logMessage(.info, "indexing '\(path)', the workspace holding the folder '\(given)'")
    }
    // The early root made for it (`Server+EarlyAnswers.swift`) gives way, and its replay and image are used.
    let early = takeEarlyRoot(ofRoot: path)
    if roots.contains(where: { $0.kind == .folder && $0.path == path }) { return nil }
    // With nothing changed since the last run, the diagnostics go out now; indexing follows.
    let replay = early == nil ? replayRestartSnapshot(ofRoot: path) : early?.replay
    removeRestartLeftoversOnce()
    // The notes parsed at the end of an earlier run: those whose text is unchanged are not parsed again.
    let image = early?.image ?? noteImage(ofRoot: path)
    // Each step's start, for the log: where a start's time goes. An early root may have had it built meanwhile.
    var steps: [(step: IndexingStep, at: ContinuousClock.Instant)] = []
    let started: ContinuousClock.Instant
    let elapsed: Duration
    var indexed: IndexedRoot
    let asked = ContinuousClock.now
    if let built = early?.index?.value() {
      (indexed, steps, started, elapsed) = (built.indexed, built.steps, built.started, built.ended - built.started)
      log("took the index of '\(path)' built in the background (waited \(ContinuousClock.now - asked) for it)")
    } else {
      started = asked
      indexed = indexing(path, replay: replay, image: image)({ step in
        steps.append((step, .now))
        progress(step)
      })
      elapsed = ContinuousClock.now - started
    }
    // The early root's id: what it answered (a completion item's data) names it.
    let id = early?.id ?? loading.takeRootID()
    roots.append(WorkspaceRoot(id: id, kind: .folder, folderURI: folder.uri, indexed: indexed))
    roots[roots.count - 1].indexedSettings = canonicalEditorSettings
    // Its search over the sources' text is the one `gloss find`'s image keeps, when its sources are these.
    offerKeptTextSearch(toRootAt: roots.count - 1, reading: early?.keptSearch)
    // The root holds the texts now; this copy would keep them alive when they are released.
    indexed.texts = [:]
    // What a write killed half-way left behind is removed now, once its process is gone.
    let removed = writer(for: roots[roots.count - 1]).removeLeftovers(in: indexed.files)
    if !removed.isEmpty { log("removed \(removed.count) leftover temporary file(s) in '\(path)'") }
    reportSkipped(indexed.skipped, in: id)
    reportEditorProblems(indexed.config.editorProblems)
    // Before publishing: a key gone since the last run is reported with the key its work has now.
    rememberKeys(in: id)
    if replay != nil { roots[roots.count - 1].workspace.prepareForRequestsBeforeDiagnosis() }
    logZoteroLibrary(in: roots.count - 1)
    let counts = (roots[roots.count - 1].workspace.notes.count, roots[roots.count - 1].workspace.sourceDocuments.count)
    let ends = steps.dropFirst().map(\.at) + [started + elapsed]
    let timings = zip(steps, ends).map { "\($0.step.message) \($1 - $0.at)" }.joined(separator: ", ")
    log(
      "indexed '\(path)' in \(elapsed) (\(timings)): \(counts.0) notes (\(indexed.notesFromImage) from the note "
        + "image), \(indexed.notesNotRead) of them not read, \(counts.1) source documents (\(indexed.sourcesFromImage) "
        + "from the note image)")
    // Publishing places a closed note's diagnostics from the position table kept with its stamp (reading it again
    // only when its file changed since): the texts not kept (closed notes indexed later, files read as empty
    // bibliographies) go first, and the memory freed since indexing is handed back while the diagnostics go out, so
    // that the server is as small as it stays when its last note's diagnostics arrive.
    releaseClosedTexts(in: id)
    if indexed.notesNotRead > 0, let root = root(id) { makePositionTables(of: root) }
    // After a replay nothing is published now: completion's indexes are built at once (the check of the replay waits
    // for them).
    if replay != nil { prepareCompletion(in: id) }
    let publishing = ContinuousClock.now
    let published = publishAllKeepingSnapshot(in: id, replayed: replay?.published)
    log("published the diagnostics of '\(path)' in \(ContinuousClock.now - publishing)")
    // Otherwise completion's indexes are built in the background once the diagnostics are out (0.2 s on 10,000
    // notes): built while they went out, they took the second core from the encoding of the notifications and
    // delayed the last one by 0.1 s.
    if replay == nil { prepareCompletion(in: id) }
    // Publishing encoded every notification.
    handBackFreedMemory(saying: "published the diagnostics of '\(path)'")
    reattachOpenDocuments()
    prepareFind(in: id)
    tellIfNoSources(in: id)
    queueExtractions(indexed.pendingExtractions, in: id)
    // What the root is now is what the snapshot describes (or what the replayed one did).
    if published != nil || replay != nil, let index = rootIndex(id) {
      roots[index].snapshotGeneration = roots[index].generation
      roots[index].snapshotBasis = roots[index].snapshotBasisNow
    }
    if let published { saveRestartSnapshot(of: id, published: published) }
    // Last, so that it waits for completion's index (`inRestartBackground`): written while the diagnostics went out,
    // its buffers were in the memory a start is measured by.
    saveNoteImage(of: indexed, read: image)
    return id
  }

  /// Once a root is indexed, releases the texts of its closed notes and of its files read as empty bibliographies
  /// (`WorkspaceRoot.releaseClosedTexts`; read again from disk when a position in one is needed) and hands the memory
  /// back, off the loop: asking the allocator and trimming a heap of a gigabyte takes a tenth of a second the first
  /// request after ready would wait for.
  func releaseClosedTexts(in id: RootID) {
    guard let index = roots.firstIndex(where: { $0.id == id }) else { return }
    roots[index].releaseClosedTexts()
    MemoryTuning.settle()
    handBackFreedMemory(saying: "released the texts of \(roots[index].releasedTexts.count) closed files")
  }

  /// Hands the memory freed so far back to the kernel off the loop, and logs `what` with the heap in use after.
  func handBackFreedMemory(saying what: String) {
    let log = options.log
    DispatchQueue.global(qos: .utility).async {
      MemoryTuning.releaseFreedMemory()
      if let after = MemoryTuning.heapInUse() { log("\(what): heap in use \(after >> 20) MB") }
    }
  }

  /// How workspaces are found from a folder inside them.
  var discovery: WorkspaceDiscovery {
    WorkspaceDiscovery(fileSystem: options.reader, homeDirectory: options.homeDirectory)
  }

  /// Says once per root that it holds no bibliography and no source document, when one of its notes cites something:
  /// its citations are then not reported as unknown sources, and the user needs to know why nothing is checked.
  func tellIfNoSources(in id: RootID) {
    guard let root = root(id), root.workspace.knowsNoSources,
      root.workspace.notes.values.contains(where: { !$0.note.citations.isEmpty }), loading.tellsNoSources(root.path)
    else { return }
    let message =
      "no bibliography found for '\(root.path)': citations are not checked (add a .bib or .csl.json file or a "
      + "sources/ folder to the workspace, or name them in .gloss.json)"
    log(message)
    send(ShowMessageNotification(type: .warning, message: message))
  }

  /// Forgets the folder root at `uri`: its diagnostics are cleared and its open documents move to loose roots.
  func removeFolder(_ folder: WorkspaceFolder) {
    guard let path = FileURI(folder.uri).filePath,
      let index = roots.firstIndex(where: {
        $0.kind == .folder && ($0.path == path || FileURI($0.folderURI).filePath == path)
      })
    else { return }
    let root = roots.remove(at: index)
    clearDiagnostics(of: root)
    reattachOpenDocuments()
  }

  /// `workspace/didChangeWorkspaceFolders`: indexes the added folders and forgets the removed ones.
  func didChangeWorkspaceFolders(_ params: DidChangeWorkspaceFoldersNotification) {
    for folder in params.event.removed { removeFolder(folder) }
    for folder in params.event.added { addFolder(folder) }
  }

  /// `workspace/didChangeConfiguration`: new editor settings (`settings.gloss`); every root re-reads its config.
  /// The settings in force sent again (Eglot sends them right after every start) change nothing: a config file
  /// changed on disk is seen by the file watching, not by this.
  func didChangeConfiguration(_ params: DidChangeConfigurationNotification) {
    guard let settings = Self.editorSettings(of: params), !areInForce(settings) else { return }
    connection.editorSettings = settings
    for root in roots where root.kind == .folder { reloadConfig(of: root.id) }
  }

  /// The editor settings `params` carries (`settings.gloss`, else `settings` itself), nil when it carries no object.
  static func editorSettings(of params: DidChangeConfigurationNotification) -> ConfigValue? {
    guard case .object(let settings)? = params.settings else { return nil }
    return ConfigValue(settings["gloss"] ?? .object(settings))
  }

  /// Whether `notification` is a `workspace/didChangeConfiguration` that changes nothing: no settings object, or the
  /// settings in force sent again.
  func changesNoSettings(_ notification: IncomingNotification) -> Bool {
    guard notification.method == DidChangeConfigurationNotification.method,
      let params = try? RawJSON.decode(DidChangeConfigurationNotification.self, from: notification.params)
    else { return false }
    return Self.editorSettings(of: params).map(areInForce) ?? true
  }

  /// Whether `settings` mean the editor settings in force (written canonically, none and `{}` alike).
  func areInForce(_ settings: ConfigValue) -> Bool {
    Self.canonicalText(of: settings) == canonicalEditorSettings
  }

  /// Logs each unreadable file of a root once.
  func reportSkipped(_ skipped: [SkippedFile], in id: RootID) {
    guard let index = roots.firstIndex(where: { $0.id == id }) else { return }
    for problem in skipped where !roots[index].reportedSkips.contains(problem.path) {
      roots[index].reportedSkips.insert(problem.path)
      let shown = problem.path.isEmpty ? roots[index].path : problem.path
      log("skipped '\(shown)': \(problem.reason)")
      logMessage(.warning, "skipped '\(shown)': \(problem.reason)")
    }
  }

  /// Logs problems in the editor's settings, which have no file to carry a diagnostic.
  func reportEditorProblems(_ problems: [String]) {
    for problem in problems { logMessage(.warning, "gloss settings: \(problem)") }
  }

  /// The editor settings carried by `initializationOptions` (either the keys themselves or under `gloss`).
  static func editorSettings(from options: JSONValue?) -> ConfigValue? {
    guard case .object(let object)? = options else { return nil }
    if let gloss = object["gloss"], case .object = gloss { return ConfigValue(gloss) }
    return ConfigValue(.object(object))
  }
}

extension ConfigValue {
  /// The same JSON value, as the config parser takes it.
  init(_ value: JSONValue) {
    switch value {
    case .null: self = .null
    case .bool(let bool): self = .bool(bool)
    case .int(let int): self = .number(Double(int))
    case .double(let double): self = .number(double)
    case .string(let string): self = .string(string)
    case .array(let array): self = .array(array.map(ConfigValue.init))
    case .object(let object): self = .object(object.mapValues(ConfigValue.init))
    }
  }
}
