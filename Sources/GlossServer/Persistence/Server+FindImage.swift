import GlossIndex
import GlossSyntax

/// `gloss find`'s image written by the language server too (docs/troubleshooting.md, "The find image"): after a
/// root's restart snapshot, in the same background work, so that a search from the command line after editing in the
/// editor answers without indexing. It is exactly the image the command line would write for the files on disk, or
/// none: written only when the root was indexed with the config the command line reads (no editor settings), no open
/// document differs from its file, nothing was skipped, and the files are still those the index read.
extension Server {
  /// `gloss find`'s images, in the restart snapshots' folder, when there is one and this build can be told from
  /// others.
  var findImageCache: FindImageCache? {
    guard let writer = options.restartCacheWriter, let build = options.build else { return nil }
    return FindImageCache(writer: writer, build: build)
  }

  /// Reads, on a thread of its own once `after` returns, the search over the sources' text that `gloss find`'s image
  /// keeps for the root at `path` (written by the last run of the server or of the command line), for an early root's
  /// completion after a quotation and then the first indexing to take (`adoptKeptTextSearch`); nil when there is no
  /// cache folder. `then` is called on that thread once it is read (an early root's loop is woken to answer what
  /// waited for it).
  ///
  /// An early root has it read once the root is built, while the loop's walk ends: a 50,000-note restart's completion
  /// after a quotation then waits for nothing but the walk (read when that completion came, it waited 70–150 ms
  /// more). Read from the restart's start, beside the early root's build, even at the lowest priority, it made a
  /// 10,000-note restart's first answers 20–30 ms later.
  func keptTextSearchReading(
    ofRoot path: String, after: @escaping @Sendable () -> Void, then: (@Sendable () -> Void)?
  ) -> BackgroundResult<KeptTextSearch>? {
    guard let cache = findImageCache else { return nil }
    let (home, reader, log) = (options.homeDirectory, options.reader, options.log)
    let delay = options.earlyFindImageReadDelay
    return BackgroundResult(
      {
        after()
        BackgroundThread.sleep(seconds: delay)
        let started = ContinuousClock.now
        let kept = cache.keptTextSearch(root: path, home: home, fileSystem: reader)
        if kept != nil { log("read the find image of '\(path)' in \(ContinuousClock.now - started)") }
        return kept
      }, then: then, start: Self.onEarlyThread)
  }

  /// Has `workspace` (whose files a walk found as `files`) take the search `reading` reads, when it was made from
  /// exactly these sources (an early root answering a completion after a quotation). True when taken.
  @discardableResult
  func adoptKeptTextSearch(
    _ reading: BackgroundResult<KeptTextSearch>?, in workspace: Workspace, files: [DiscoveredFile], root path: String
  ) -> Bool {
    guard !workspace.isFindPrepared, let kept = reading?.value(),
      let changed = Self.changedSources(kept, files: files, fileSystem: options.reader, root: path, log: options.log)
    else { return false }
    guard changed.isEmpty else {
      // Before its notes are in, a root answers only from an image of exactly its sources.
      log("the find image of '\(path)' was not taken: \(changed.count) of its sources changed")
      return false
    }
    guard workspace.adoptTextSearch(kept.find) else {
      log("the find image of '\(path)' was not taken: its sources' texts are not the workspace's")
      return false
    }
    log("took the search over the sources' text of '\(path)' from its find image")
    return true
  }

  /// Offers the search the find image keeps (the one `reading` read, when an early root read it already) to the first
  /// build of the search over the sources' text of `roots[index]`, just indexed (`Workspace.offerKeptTextSearch`):
  /// taken for the sources whose files have the stamps the image holds, the others (edited, added, removed since, each
  /// one whose text is its file's) signed again; the search is built whole when the extracted texts changed.
  func offerKeptTextSearch(toRootAt index: Int, reading: BackgroundResult<KeptTextSearch>?) {
    guard let cache = findImageCache else { return }
    let (path, files) = (roots[index].path, roots[index].files.files)
    let (home, reader, log) = (options.homeDirectory, options.reader, options.log)
    roots[index].workspace.offerKeptTextSearch(
      {
        guard let kept = reading?.value() ?? cache.keptTextSearch(root: path, home: home, fileSystem: reader),
          let changed = Self.changedSources(kept, files: files, fileSystem: reader, root: path, log: log)
        else { return nil }
        return (kept.find, changed)
      },
      taken: { signedAgain in
        guard let signedAgain else {
          log("the find image of '\(path)' was not taken: its sources' texts are not the workspace's")
          return
        }
        log(
          "took the search over the sources' text of '\(path)' from its find image"
            + (signedAgain == 0 ? "" : ", signing again \(signedAgain) changed source\(signedAgain == 1 ? "" : "s")"))
      })
  }

  /// The sources among `files` changed since `kept` was made (`KeptTextSearch.changedSources`); nil, after `log` says
  /// why, when its search cannot be brought up to them.
  static func changedSources(
    _ kept: KeptTextSearch, files: [DiscoveredFile], fileSystem: any FileReading, root path: String,
    log: (String) -> Void
  ) -> Set<String>? {
    switch kept.changedSources(files: files, fileSystem: fileSystem) {
    case .success(let changed): return changed
    case .failure(let misfit):
      log("the find image of '\(path)' was not taken: \(misfit.reason)")
      return nil
    }
  }

  /// The work that writes `gloss find`'s image of `root` (a copy taken on the loop), given the texts of its open
  /// documents by path; run off the loop. Nil when the image the command line would write cannot be told from what
  /// the server holds: editor settings (they change the config), a file skipped since the root was indexed (the
  /// server keeps no list of why), a root that is not a folder.
  func findImageWork(of root: WorkspaceRoot) -> (@Sendable ([String: SourceText]) -> Void)? {
    guard let cache = findImageCache, root.kind == .folder, canonicalEditorSettings.isEmpty,
      root.indexedSettings.isEmpty, root.reportedSkips.isEmpty
    else { return nil }
    let home = options.homeDirectory
    let fileSystem = options.reader
    let extractionCache = self.extractionCache
    let log = options.log
    return { openTexts in
      let started = ContinuousClock.now
      guard Server.openTextsAreFiles(root, openTexts: openTexts, fileSystem: fileSystem) else {
        log("find image of '\(root.path)' not saved: \(RestartRefusal.unsavedDocument.description)")
        return
      }
      guard let naming = Server.notesNamingBibliographies(root, fileSystem: fileSystem) else {
        log("find image of '\(root.path)' not saved: a note could not be read again")
        return
      }
      let notesRead = ContinuousClock.now - started
      if let refusal = cache.store(
        root, root: root.path, skipped: [], notesNamingBibliographies: naming, home: home, fileSystem: fileSystem,
        extractionCache: extractionCache)
      {
        log("find image of '\(root.path)' not saved: \(refusal)")
      } else {
        log(
          "saved the find image of '\(root.path)' in \(ContinuousClock.now - started) (the notes read again in "
            + "\(notesRead))")
      }
    }
  }

  /// The notes of `root` that may name a bibliography (`FindImage.mayNameBibliography`), each read as the index took
  /// it: its kept text, else its file again (the snapshot's walk, taken after, refuses a file changed since it was
  /// read). Nil when a note cannot be read.
  static func notesNamingBibliographies(_ root: WorkspaceRoot, fileSystem: any FileReading) -> Set<String>? {
    var naming: Set<String> = []
    for path in root.workspace.notes.keys {
      let bytes: [UInt8]
      if let text = root.texts[path] {
        bytes = text.bytes
      } else if case .success(let read) = root.files.read(path, fileSystem: fileSystem) {
        bytes = WorkspaceRoot.noteBytes(read)
      } else {
        return nil
      }
      if FindImage.mayNameBibliography(bytes) { naming.insert(path) }
    }
    return naming
  }
}
