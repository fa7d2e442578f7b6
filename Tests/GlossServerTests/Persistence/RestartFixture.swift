import Foundation
import GlossIndex
import GlossServer
import LanguageServerProtocol
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A workspace on disk with a cache folder beside it, run by in-process servers one after another as an editor
/// restarting Gloss would: each run indexes, publishes, writes its restart snapshot and stops.
final class RestartFixture {
  /// The parent of every folder (removed at the end).
  let base: String
  /// The workspace root.
  let root: String
  /// Gloss's cache folder (restart snapshots and extracted texts).
  let cache: String

  /// The stand-in for `pdftotext`: a "PDF" holds its own text (the real tool is tested in `PDFExtractionTests`).
  static let extract: @Sendable (String, ExtractedFormat) -> ExtractionOutcome = { path, _ in
    guard let bytes = try? LocalFileSystem().contents(of: path) else {
      return .noText(reason: "cannot open", isLasting: false)
    }
    return .text(bytes)
  }

  init(files: [String: String]) throws {
    base = FileManager.default.temporaryDirectory.path + "/gloss-restart-\(UUID().uuidString)"
    root = base + "/workspace"
    cache = base + "/cache"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    for (path, text) in files { try write(path, text) }
  }

  deinit {
    try? FileManager.default.removeItem(atPath: base)
  }

  /// Writes a root-relative file (and its folders) as another program would.
  func write(_ path: String, _ text: String) throws {
    let url = URL(fileURLWithPath: root + "/" + path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// Writes a file outside the workspace, relative to the base folder.
  func writeOutside(_ path: String, _ text: String) throws {
    let url = URL(fileURLWithPath: base + "/" + path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// A copy of the cache folder as it is now (the extracted texts), for a cold start to compare with: a run that
  /// extracts a text fills the cache, and the run after it would no longer start from the same state.
  func copyOfCache() throws -> String {
    let copy = base + "/cache-\(UUID().uuidString)"
    if FileManager.default.fileExists(atPath: cache) {
      try FileManager.default.copyItem(atPath: cache, toPath: copy)
    } else {
      try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
    }
    return copy
  }

  /// The text of a root-relative file.
  func text(_ path: String) throws -> String {
    try String(contentsOfFile: root + "/" + path, encoding: .utf8)
  }

  /// Removes a root-relative file or folder.
  func remove(_ path: String) throws {
    try FileManager.default.removeItem(atPath: root + "/" + path)
  }

  /// Renames a root-relative file.
  func move(_ path: String, to newPath: String) throws {
    try FileManager.default.moveItem(atPath: root + "/" + path, toPath: root + "/" + newPath)
  }

  /// The raw `stat` of a root-relative file.
  func status(_ path: String) throws -> stat {
    var info = stat()
    guard stat(root + "/" + path, &info) == 0 else { throw CocoaError(.fileReadNoSuchFile) }
    return info
  }

  /// Sets a root-relative file's modification time back to what `info` says (as `rsync -t` or `cp -p` do).
  func restoreModificationTime(_ path: String, from info: stat) throws {
    // `UTIME_OMIT` (a C macro Swift does not import): leave the access time alone.
    let omit = (1 << 30) - 2
    #if canImport(Darwin)
      var times = [timespec(tv_sec: 0, tv_nsec: omit), info.st_mtimespec]
    #else
      var times = [timespec(tv_sec: 0, tv_nsec: omit), info.st_mtim]
    #endif
    guard utimensat(AT_FDCWD, root + "/" + path, &times, 0) == 0 else { throw CocoaError(.fileWriteUnknown) }
  }

  /// The build every run claims to be, unless a test says otherwise.
  static let build = "test-build"

  /// The absolute path of the workspace's restart snapshot.
  var snapshotFile: String {
    let realRoot = (try? LocalFileSystem().realPath(of: root)) ?? root
    return RestartCache(directory: cache, fileSystem: LocalFileSystem(), build: Self.build)
      .filePath(forRealRoot: realRoot)
  }

  /// The absolute path of the workspace's note image.
  var noteImageFile: String {
    let realRoot = (try? LocalFileSystem().realPath(of: root)) ?? root
    return cache + "/"
      + NoteImageCache(directory: cache, fileSystem: LocalFileSystem(), build: Self.build)
      .fileName(forRealRoot: realRoot)
  }

  /// One run of a server: initialize, index (and finish the background extractions), write the snapshot, stop.
  /// `restarts` off makes it a cold start that neither reads nor writes a snapshot.
  /// `opening` documents (path → unsaved text) are opened once the workspace is indexed, `configuration` is sent as
  /// `didChangeConfiguration`, and `meanwhile` runs then (a change on disk while the server runs), before the ticks
  /// that let a new snapshot be taken.
  func run(
    restarts: Bool = true, settings: JSONValue? = nil, build: String = RestartFixture.build, cache: String? = nil,
    opening: [String: String] = [:], configuration: JSONValue? = nil, writingInBackground: Bool = false,
    meanwhile: () throws -> Void = {}
  ) throws -> Run {
    let logs = LogLines()
    let client = client(restarts: restarts, build: build, cache: cache, logs: logs)
    // As the loop does: a long run of notifications is handed over whole (here counted, then sent as any message).
    var backgroundRuns: [Int] = []
    if writingInBackground {
      let server = client.server
      server.outbox.writeInBackground = { [unowned server] messages in
        backgroundRuns.append(messages.count)
        for message in messages { server.send(encoded: message) }
      }
    }
    try client.initialize(
      InitializeRequest(
        initializationOptions: settings,
        workspaceFolders: [WorkspaceFolder(uri: FileURI(filePath: root).string, name: "workspace")]))
    settle(client)
    for (path, text) in opening.sorted(by: { $0.key < $1.key }) {
      client.notify(
        DidOpenTextDocumentNotification(
          textDocument: TextDocumentItem(
            uri: FileURI(filePath: root + "/" + path).string, languageId: "markdown", version: 1, text: text)))
    }
    if let configuration { client.notify(DidChangeConfigurationNotification(settings: configuration)) }
    try meanwhile()
    // A tick sees a change made meanwhile; two ticks without a change in between: what changed since the last snapshot has settled.
    for _ in 0..<3 {
      client.enqueue(event: .tick(Date()))
      client.processQueue()
    }
    client.server.restart.writes.wait()
    return Run(
      published: client.notifications(PublishDiagnosticsNotification.self), logs: logs.lines,
      backgroundRuns: backgroundRuns)
  }

  /// A client of a new in-process server on this workspace and cache (see `run`); `findImageReadDelay` makes an early
  /// root's read of the find image take that much longer.
  private func client(
    restarts: Bool, build: String, cache: String?, logs: LogLines, findImageReadDelay: TimeInterval = 0,
    indexDelay: TimeInterval = 0
  ) -> TestClient {
    var options = ServerOptions.silent
    options.earlyFindImageReadDelay = findImageReadDelay
    options.earlyIndexDelay = indexDelay
    options.fileSystem = LocalFileSystem()
    options.homeDirectory = base + "/home"
    options.stateDirectory = base + "/state"
    options.cacheDirectory = cache ?? self.cache
    options.restartCacheDirectory = restarts ? cache ?? self.cache : nil
    options.build = build
    options.extractText = Self.extract
    options.log = { logs.append($0) }
    // The search over the sources' text is prepared at once (from the find image a restart finds, when it fits);
    // `settle` waits for it.
    options.findPreparationDelay = 0
    return TestClient(options: options)
  }

  /// Lets the background work of a start end (extractions, the diagnosis of a restart, snapshot writes) and the loop
  /// take what it made.
  private func settle(_ client: TestClient) {
    client.server.extractions.waitUntilIdle()
    client.server.restart.writes.wait()
    client.server.findPreparation.waitUntilIdle()
    client.enqueue(event: .extracted)
    client.processQueue()
  }

  /// The questions at `places` in the note at `path` whose text is `text`: each place is the first line holding its
  /// needle, `offset` UTF-16 units into it; places the text no longer has are left out.
  static func questions(
    at places: [(needle: String, offset: Int, kinds: [Question.Kind])], in text: String, path: String
  ) -> [Question] {
    let lines = text.components(separatedBy: "\n")
    var out: [Question] = []
    for place in places {
      guard let line = lines.firstIndex(where: { $0.contains(place.needle) }),
        let found = lines[line].range(of: place.needle)
      else { continue }
      let column = lines[line][..<found.lowerBound].utf16.count + place.offset
      for kind in place.kinds { out.append(Question(kind: kind, path: path, line: line, character: column)) }
    }
    return out
  }

  /// A request a client makes at a place in a note.
  struct Question: CustomStringConvertible {
    enum Kind: String { case hover, definition, references, completion, codeLens, semanticTokens, find }
    var kind: Kind
    var path: String
    var line: Int
    var character: Int
    /// What `gloss.find` looks for (`find`).
    var phrase = ""

    var description: String {
      kind == .find ? "find \"\(phrase)\"" : "\(kind.rawValue) at \(path):\(line):\(character)"
    }

    /// `gloss.find` of `phrase` in the sources' text.
    static func find(_ phrase: String) -> Question {
      Question(kind: .find, path: "", line: 0, character: 0, phrase: phrase)
    }
  }

  /// What one start answered, as JSON text (or the error), before its background work was over and after.
  struct Answers {
    /// The answers given as soon as the server was initialized.
    var early: [String]
    /// Whether the workspace still waited for its diagnosis then, and how many files it had diagnosed one by one.
    var awaitedDiagnosis: Bool
    var wholeDiagnoses: Int
    /// The same questions asked again once everything settled.
    var late: [String]
    /// How many closed notes' released texts had no position table once everything settled.
    var releasedWithoutPositions: Int
    /// The same before the early questions were asked, and after.
    var untabledBeforeEarly: Int
    var untabledAfterEarly: Int
    /// What the start published and logged.
    var run: Run
  }

  /// One start of a server that opens `opening` (as they are on disk) and `buffers` (path → text) and asks
  /// `questions` as an editor restoring its buffers does, right after `initialize`; with `holdingBackground`, the
  /// background work (a restart's diagnosis) does not begin before every question is answered. Then `meanwhile` runs
  /// (a change on disk), ticks let the server see it, and the questions are asked again once everything settled.
  /// With `askingEarly` off, they are asked only then (`early` is empty).
  func ask(
    _ questions: [Question], restarts: Bool = true, cache: String? = nil, opening: [String] = [],
    buffers: [String: String] = [:], holdingBackground: Bool = false, askingEarly: Bool = true,
    meanwhile: () throws -> Void = {}
  ) throws -> Answers {
    let logs = LogLines()
    let client = client(restarts: restarts, build: Self.build, cache: cache, logs: logs)
    // A restart's diagnosis waits for the completion index first: one more member in its group holds it back.
    if holdingBackground { client.server.restart.completionBuilds.enter() }
    try client.initialize(
      InitializeRequest(workspaceFolders: [WorkspaceFolder(uri: FileURI(filePath: root).string, name: "workspace")]))
    let opened = try opening.map { ($0, try text($0)) } + buffers.sorted { $0.key < $1.key }
    for (path, text) in opened {
      client.notify(
        DidOpenTextDocumentNotification(
          textDocument: TextDocumentItem(
            uri: FileURI(filePath: root + "/" + path).string, languageId: "markdown", version: 1, text: text)))
    }
    let awaited = client.server.roots.first?.workspace.awaitsDiagnosis ?? false
    let diagnosed = client.server.roots.first?.workspace.wholeDiagnoses ?? 0
    let folder = cache ?? self.cache
    let untabled = { client.server.roots.first?.releasedTexts.values.filter { $0.positions == nil }.count ?? 0 }
    let untabledBefore = untabled()
    let early = askingEarly ? questions.map { answer($0, from: client, cache: folder) } : []
    let untabledAfterEarly = untabled()
    if holdingBackground { client.server.restart.completionBuilds.leave() }
    try meanwhile()
    // Ticks while a restart's diagnosis is under way do nothing; those after it see the change.
    for round in 0..<2 {
      for _ in 0..<3 {
        client.enqueue(event: .tick(Date()))
        client.processQueue()
      }
      if round == 0 { settle(client) }
    }
    settle(client)
    let late = questions.map { answer($0, from: client, cache: folder) }
    let released = client.server.roots.first?.releasedTexts.values.map { $0 } ?? []
    return Answers(
      early: early, awaitedDiagnosis: awaited, wholeDiagnoses: diagnosed, late: late,
      releasedWithoutPositions: released.filter { $0.positions == nil }.count,
      untabledBeforeEarly: untabledBefore, untabledAfterEarly: untabledAfterEarly,
      run: Run(published: client.notifications(PublishDiagnosticsNotification.self), logs: logs.lines))
  }

  /// A restart whose diagnosis is held back for `holding` seconds (then let go from another thread), to which the
  /// editor sends `settings` as `didChangeConfiguration` right after `initialize` (as Eglot does), then asks
  /// `question`. Returns the log, whether the diagnosis was still awaited once the question was answered, and the
  /// answer.
  func sendSettings(
    _ settings: JSONValue?, thenAsk question: Question, whileTheDiagnosisIsHeldFor holding: TimeInterval
  ) throws -> (logs: [String], stillAwaited: Bool, answer: String) {
    let logs = LogLines()
    let client = client(restarts: true, build: Self.build, cache: nil, logs: logs)
    let builds = client.server.restart.completionBuilds
    builds.enter()
    let letGo = DispatchSemaphore(value: 0)
    DispatchQueue.global().asyncAfter(deadline: .now() + holding) {
      builds.leave()
      letGo.signal()
    }
    try client.initialize(
      InitializeRequest(workspaceFolders: [WorkspaceFolder(uri: FileURI(filePath: root).string, name: "workspace")]))
    client.notify(DidChangeConfigurationNotification(settings: settings))
    let answered = answer(question, from: client, cache: cache)
    let stillAwaited = client.server.roots.first?.workspace.awaitsDiagnosis ?? false
    letGo.wait()
    settle(client)
    return (logs.lines, stillAwaited, answered)
  }

  /// The answer to `question` as JSON with sorted keys, the cache folder `cache` (an extracted text's file) written
  /// `<cache>`.
  private func answer(_ question: Question, from client: TestClient, cache: String) -> String {
    let id = ask(question, of: client)
    client.processQueue()
    return answer(to: id, from: client, cache: cache)
  }

  /// Queues `question` to `client`'s server; returns the request's id.
  private func ask(_ question: Question, of client: TestClient) -> RequestID {
    let document = TextDocumentIdentifier(uri: FileURI(filePath: root + "/" + question.path).string)
    let position = Position(line: question.line, character: question.character)
    return switch question.kind {
    case .hover: client.enqueue(HoverRequest(textDocument: document, position: position))
    case .definition: client.enqueue(DefinitionRequest(textDocument: document, position: position))
    case .references:
      client.enqueue(
        ReferencesRequest(
          textDocument: document, position: position, context: ReferenceContext(includeDeclaration: true)))
    case .completion: client.enqueue(CompletionRequest(textDocument: document, position: position))
    case .codeLens: client.enqueue(CodeLensRequest(textDocument: document))
    case .semanticTokens: client.enqueue(SemanticTokensRequest(textDocument: document))
    case .find:
      client.enqueue(
        ExecuteCommandRequest(command: "gloss.find", arguments: [.object(["text": .string(question.phrase)])]))
    }
  }

  /// The first answer to the request `id`, as JSON with sorted keys, the cache folder `cache` written `<cache>`.
  private func answer(to id: RequestID, from client: TestClient, cache: String) -> String {
    switch client.answers[id]?.first {
    case .success(let raw)?:
      guard let value = try? JSONSerialization.jsonObject(with: raw.data, options: [.fragmentsAllowed]),
        let sorted = try? JSONSerialization.data(
          withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
      else { return "unreadable answer" }
      return String(decoding: sorted, as: UTF8.self).replacingOccurrences(of: cache, with: "<cache>")
    case .failure(let error)?: return "error \(error.code): \(error.message)"
    case nil: return "no answer"
    }
  }

  /// One start, as `askBeforeIndexing`, whose client sends `questions` all at once (an editor restoring a buffer
  /// asks several things together) while the find image an early root reads takes `findImageReadDelay` seconds more:
  /// which were answered once the queue was handled, then every answer once the image was read and the loop woken
  /// (`lateWakes` more times after that, as a read's wake that comes after what waited was answered), and whether all
  /// that came before the first indexing.
  func askAtOnceBeforeIndexing(
    _ questions: [Question], opening: [String], findImageReadDelay: TimeInterval, lateWakes: Int = 0
  ) throws -> (answeredAtOnce: [Bool], answers: [String], beforeIndexing: Bool) {
    let client = client(
      restarts: true, build: Self.build, cache: nil, logs: LogLines(), findImageReadDelay: findImageReadDelay)
    try client.initialize(
      InitializeRequest(
        capabilities: ClientCapabilities(window: ClientCapabilities.Window(workDoneProgress: true)),
        workspaceFolders: [WorkspaceFolder(uri: FileURI(filePath: root).string, name: "workspace")]))
    try enqueueOpening(opening, to: client)
    let ids = questions.map { ask($0, of: client) }
    client.processQueuedEvents()
    let answeredAtOnce = ids.map { client.answers[$0] != nil }
    if client.server.waitForTheEarlySearch() {
      client.enqueue(event: .restartChecked)
      client.processQueuedEvents()
    }
    for _ in 0..<lateWakes {
      client.enqueue(event: .restartChecked)
      client.processQueuedEvents()
    }
    let beforeIndexing = !client.server.loading.hasLoaded
    let answers = ids.map { answer(to: $0, from: client, cache: cache) }
    client.processQueue()
    settle(client)
    return (answeredAtOnce, answers, beforeIndexing)
  }

  /// One start whose first indexing, built in the background, takes `indexDelay` seconds more, with a client that
  /// answers the progress request and opens `opening` (as on disk) before the first idle moment or, with `openingLate`,
  /// after it (an editor started with no file, a note opened a moment later), then asks each of `questions` after an
  /// idle moment past the early grace and a tick of the timer: each answer, whether it came before the first indexing
  /// was taken, and the answers once everything settled.
  func askWhileIndexing(
    _ questions: [Question], opening: [String], openingLate: Bool, indexDelay: TimeInterval
  ) throws -> (first: [(answer: String, beforeIndexing: Bool)], late: [String]) {
    let client = client(restarts: true, build: Self.build, cache: nil, logs: LogLines(), indexDelay: indexDelay)
    try client.initialize(
      InitializeRequest(
        capabilities: ClientCapabilities(window: ClientCapabilities.Window(workDoneProgress: true)),
        workspaceFolders: [WorkspaceFolder(uri: FileURI(filePath: root).string, name: "workspace")]))
    guard let create = client.serverRequests.first(where: { $0.method == "window/workDoneProgress/create" }) else {
      throw TestClientError("no progress request")
    }
    client.enqueue(body: jsonText(ResponseMessage(id: create.id, result: VoidResponse())))
    client.processQueuedEvents()
    func open() throws {
      try enqueueOpening(opening, to: client)
      client.processQueuedEvents()
    }
    if !openingLate { try open() }
    client.enqueue(event: .idle)
    client.processQueuedEvents()
    if openingLate { try open() }
    let first = questions.map { question in
      Thread.sleep(forTimeInterval: 0.06)
      client.enqueue(event: .idle)
      client.enqueue(event: .tick(Date()))
      client.processQueuedEvents()
      let id = ask(question, of: client)
      client.processQueuedEvents()
      return (id, client.answers[id] != nil && !client.server.loading.hasLoaded)
    }
    client.processQueue()
    settle(client)
    return (
      first.map { (answer(to: $0.0, from: client, cache: cache), $0.1) },
      questions.map { answer($0, from: client, cache: cache) }
    )
  }

  /// Queues the opening of the notes at `paths` (as they are on disk) to `client`'s server.
  private func enqueueOpening(_ paths: [String], to client: TestClient) throws {
    for path in paths {
      client.enqueue(
        DidOpenTextDocumentNotification(
          textDocument: TextDocumentItem(
            uri: FileURI(filePath: root + "/" + path).string, languageId: "markdown", version: 1,
            text: try text(path))))
    }
  }

  /// What a start answered before its first indexing and after.
  struct EarlyAnswers {
    /// Each question's answer, asked in turn right after `initialize` and the documents' `didOpen`, before any idle
    /// moment; whether it was answered before the first indexing began, and whether it waited for that indexing
    /// (asked before it, answered after it).
    var first: [(answer: String, beforeIndexing: Bool, waited: Bool)]
    /// The same questions asked again once everything settled.
    var late: [String]
    /// What the start published and logged.
    var run: Run
  }

  /// One start of a server whose client takes progress (or, without `takingProgress`, does not, as Eglot 1.9) that
  /// opens `opening` (as they are on disk) and `buffers` (path → text) and asks `questions` in turn, each handled with
  /// nothing else (no idle moment in between), as an editor restoring its buffers sends them; then the questions are
  /// asked again once everything settled.
  func askBeforeIndexing(
    _ questions: [Question], opening: [String] = [], buffers: [String: String] = [:], takingProgress: Bool = true
  ) throws -> EarlyAnswers {
    let logs = LogLines()
    let client = client(restarts: true, build: Self.build, cache: nil, logs: logs)
    let folders = [WorkspaceFolder(uri: FileURI(filePath: root).string, name: "workspace")]
    if takingProgress {
      try client.initialize(
        InitializeRequest(
          capabilities: ClientCapabilities(window: ClientCapabilities.Window(workDoneProgress: true)),
          workspaceFolders: folders))
    } else {
      // `initialize` and `initialized` without an idle moment after them, as an editor sends them with the rest.
      let id = client.enqueue(InitializeRequest(workspaceFolders: folders))
      client.enqueue(InitializedNotification())
      client.processQueuedEvents()
      _ = try client.response(to: id, as: InitializeRequest.self)
    }
    let opened = try opening.map { ($0, try text($0)) } + buffers.sorted { $0.key < $1.key }
    for (path, text) in opened {
      client.enqueue(
        DidOpenTextDocumentNotification(
          textDocument: TextDocumentItem(
            uri: FileURI(filePath: root + "/" + path).string, languageId: "markdown", version: 1, text: text)))
    }
    client.processQueuedEvents()
    let asked = questions.map { question in
      let id = ask(question, of: client)
      client.processQueuedEvents()
      // A completion after a quotation waits for the find image's search, read off the loop, which wakes it then.
      if client.server.waitForTheEarlySearch() {
        client.enqueue(event: .restartChecked)
        client.processQueuedEvents()
      }
      let answered = client.answers[id] != nil
      return (id, answered && !client.server.loading.hasLoaded, !answered && !client.server.loading.hasLoaded)
    }
    client.processQueue()
    let first = asked.map { (answer(to: $0.0, from: client, cache: cache), $0.1, $0.2) }
    for _ in 0..<3 {
      client.enqueue(event: .tick(Date()))
      client.processQueue()
    }
    settle(client)
    let late = questions.map { answer($0, from: client, cache: cache) }
    return EarlyAnswers(
      first: first, late: late,
      run: Run(published: client.notifications(PublishDiagnosticsNotification.self), logs: logs.lines))
  }

  /// What one run published and logged.
  struct Run {
    /// Every `publishDiagnostics`, in order.
    var published: [PublishDiagnosticsNotification]
    /// The server's log.
    var logs: [String]
    /// The length of each run of notifications handed to be written in the background (`writingInBackground`).
    var backgroundRuns: [Int] = []

    /// Whether the diagnostics were published from a restart snapshot.
    var replayed: Bool { logs.contains { $0.contains("from its restart snapshot") } }
    /// Whether a snapshot was written.
    var saved: Bool { logs.contains { $0.contains("saved the restart snapshot") } }

    /// The first publishing of each file: what the client showed first.
    var first: [String: [String]] {
      var out: [String: [String]] = [:]
      for notification in published where out[notification.uri] == nil {
        out[notification.uri] = Self.lines(notification)
      }
      return out
    }

    /// The last publishing of each file: what the client shows in the end.
    var last: [String: [String]] {
      var out: [String: [String]] = [:]
      for notification in published { out[notification.uri] = Self.lines(notification) }
      return out
    }

    /// How many times each file was published.
    var counts: [String: Int] {
      var out: [String: Int] = [:]
      for notification in published { out[notification.uri, default: 0] += 1 }
      return out
    }

    private static func lines(_ notification: PublishDiagnosticsNotification) -> [String] {
      notification.diagnostics.map { diagnostic in
        let range = diagnostic.range
        return "\(range.start.line):\(range.start.character)-\(range.end.line):\(range.end.character) "
          + "\(diagnostic.code ?? "") \(diagnostic.message)"
      }
    }
  }
}

/// Log lines collected from any thread.
private final class LogLines: @unchecked Sendable {
  private let lock = NSLock()
  private var collected: [String] = []

  func append(_ line: String) { lock.withLock { collected.append(line) } }

  var lines: [String] { lock.withLock { collected } }
}
