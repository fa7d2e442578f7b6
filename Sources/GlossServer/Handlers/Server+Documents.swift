import GlossIndex
import GlossSyntax
import LanguageServerProtocol

extension Server {
  /// `textDocument/didOpen`: the editor's buffer becomes the truth for the file.
  func didOpen(_ params: DidOpenTextDocumentNotification) {
    let uri = params.textDocument.uri
    documents.open(params.textDocument)
    if let location = documents.locations[uri] {
      updateFromBuffer(uri, at: location)
    } else {
      attach(uri)
    }
  }

  /// `textDocument/didChange`: applies the edits, in order, in the negotiated encoding; re-indexes the one file.
  func didChange(_ params: DidChangeTextDocumentNotification) throws {
    let uri = params.textDocument.uri
    guard
      documents.change(
        uri, version: params.textDocument.version, changes: params.contentChanges, encoding: connection.positionEncoding
      )
    else {
      throw ResponseError.invalidParams("change to '\(uri)', which is not open")
    }
    // Indexed before the next event that is not a change, or when no event waits (`indexChangedDocuments`).
    documents.markChanged(uri)
  }

  /// Indexes the documents changed since they were last indexed (a burst of changes once, at its latest version)
  /// and publishes their diagnostics.
  func indexChangedDocuments() {
    let uris = documents.takeChanged()
    for uri in uris {
      if let location = documents.locations[uri] {
        updateFromBuffer(uri, at: location, reparsingAroundChanges: true)
      } else {
        documents.takeUnindexedEdit(uri)
      }
    }
    // As after the change notifications themselves: a pull client asks for its open documents again after its own
    // edits, so only reports of documents it does not have open call for a refresh (`refreshStaleDiagnostics`).
    diagnosticsLedger.settleAfterEdits()
  }

  /// `textDocument/didSave`: the buffer stays the truth; a saved `.gloss.json` (or `_quarto.yml`, `_metadata.yml`)
  /// is read again.
  func didSave(_ params: DidSaveTextDocumentNotification) {
    guard let location = locate(params.textDocument.uri),
      WorkspaceLayout.settingsFileNames.contains(location.path),
      root(location.root)?.kind == .folder
    else { return }
    reloadConfig(of: location.root)
  }

  /// `textDocument/didClose`: the file on disk is the truth again (a loose file leaves the index).
  func didClose(_ params: DidCloseTextDocumentNotification) {
    let uri = params.textDocument.uri
    documents.close(uri)
    detach(uri)
  }

  /// Attaches the open document at `uri` to its root. A document outside every root gets its workspace found
  /// (`WorkspaceDiscovery`) and indexed; when nothing marks one, a loose root for its folder (single-file mode).
  func attach(_ uri: DocumentURI) {
    guard documents[uri] != nil else { return }
    var location = locate(uri)
    if location == nil, let path = FileURI(uri).filePath {
      let folder = PathComponents.split(path).folder
      if let found = discovery.workspace(containing: folder) {
        log("'\(path)' is outside every workspace folder: indexing '\(found.path)' (\(found.reason.description))")
        // Adding the root attaches every open document it holds, this one included.
        addFolder(
          WorkspaceFolder(uri: FileURI(filePath: found.path).string, name: PathComponents.split(found.path).name))
        if documents.locations[uri] != nil { return }
        location = locate(uri)
      }
    }
    if location == nil, let path = FileURI(uri).filePath {
      let folder = PathComponents.split(path).folder
      let config = roots.first(where: { $0.kind == .folder })?.config.config ?? WorkspaceConfig()
      roots.append(WorkspaceRoot(id: loading.takeRootID(), looseFolder: folder, config: config))
      location = locate(uri)
    }
    guard let location, let index = rootIndex(location.root) else { return }
    documents.locations[uri] = location
    roots[index].openPaths[location.path] = uri
    if !keepIndexedNote(uri, at: location) { updateFromBuffer(uri, at: location) }
    tellIfNoSources(in: location.root)
  }

  /// When the note opened at `uri` holds exactly the text the index was built from and its blocks were released,
  /// keeps what the index holds (summary, reverse maps and diagnostics are those of this text), publishes its
  /// diagnostics for the buffer, and has the blocks the first edit needs parsed off the loop (`OpenedNoteParse`);
  /// returns false, leaving the note to be indexed from the buffer, in every other case.
  private func keepIndexedNote(_ uri: DocumentURI, at location: DocumentLocation) -> Bool {
    guard let index = rootIndex(location.root), roots[index].role(of: location.path) == .note,
      roots[index].workspace.notes[location.path]?.blocksReleased == true, let document = documents[uri],
      let stamp = roots[index].indexedStamp(of: location.path, matching: document.text.bytes)
    else { return false }
    // The buffer is indexed as it is: later edits are changes from it.
    _ = documents.takeUnindexedEdit(uri)
    let bytes = document.text.bytes
    if bytes.count < options.openedNoteParseInBackground {
      roots[index].workspace.restoreNoteBlocks(path: location.path, from: Note(parsing: bytes), byteCount: bytes.count)
    } else {
      documents.parses[uri] = OpenedNoteParse(location: location, bytes: bytes, stamp: stamp)
    }
    if !publishAfterRestartDiagnosis(location.path, in: location.root) { publish([location.path], in: location.root) }
    return true
  }

  /// Gives opened notes the blocks parsed for them off the loop (`keepIndexedNote`): those whose parse has finished,
  /// and the note at `uri`, waiting for its parse (an edit of it needs them now). A note set again meanwhile, from
  /// another text, keeps what it has.
  func takeOpenedNoteParses(waitingFor uri: DocumentURI? = nil) {
    for (opened, parse) in documents.parses {
      let note: Note
      if opened == uri {
        note = parse.wait()
      } else if let parsed = parse.note {
        note = parsed
      } else {
        continue
      }
      documents.parses[opened] = nil
      let location = parse.location
      guard documents.locations[opened] == location, let index = rootIndex(location.root),
        roots[index].indexedStamp(of: location.path) == parse.stamp
      else { continue }
      roots[index].workspace.restoreNoteBlocks(path: location.path, from: note, byteCount: parse.stamp.count)
    }
  }

  /// Detaches a document that was closed (or whose root went away): the disk is the truth again.
  func detach(_ uri: DocumentURI) {
    documents.parses[uri] = nil
    guard let location = documents.locations.removeValue(forKey: uri), let index = rootIndex(location.root) else {
      return
    }
    roots[index].openPaths[location.path] = nil
    if roots[index].kind == .looseFiles {
      let changed = roots[index].workspace.remove(path: location.path)
      publishEmpty(uri)
      publishSorted(changed.subtracting([location.path]), in: location.root)
      if roots[index].openPaths.isEmpty { roots.remove(at: index) }
    } else {
      reloadFromDisk([location.path], in: location.root)
    }
  }

  /// Moves every open document to the root that now holds it (after a root was added or removed).
  func reattachOpenDocuments() {
    for uri in documents.uris.sorted() where documents.locations[uri] != locate(uri) || documents.locations[uri] == nil
    {
      detach(uri)
      attach(uri)
    }
    roots.removeAll { $0.kind == .looseFiles && $0.openPaths.isEmpty }
  }

  /// Re-indexes the open document at `uri` from its buffer: its own diagnostics are published at once, the other
  /// files it affects when no event waits (`runDeferredWork`).
  /// With `reparsingAroundChanges`, a note is parsed again only around what changed since its buffer was last
  /// indexed (the index holds the note parsed from the buffer as it was then: every indexing of a buffer goes
  /// through here and forgets the changes).
  func updateFromBuffer(_ uri: DocumentURI, at location: DocumentLocation, reparsingAroundChanges: Bool = false) {
    // The buffer's changes are diagnosed against the others' diagnostics: a restarted root must have them first.
    finishRestartDiagnoses(before: "indexing a buffer")
    let changes = documents.takeUnindexedEdit(uri)
    let edit = reparsingAroundChanges ? changes : nil
    guard let index = rootIndex(location.root), let document = documents[uri] else { return }
    let path = location.path
    let changed: Set<String>
    switch roots[index].role(of: path) {
    case .note:
      // An edit is re-parsed around the change from the blocks of the text before it.
      if edit != nil, documents.parses[uri] != nil { takeOpenedNoteParses(waitingFor: uri) }
      changed = roots[index].workspace.setNote(
        path: path, bytes: document.text.bytes, after: edit, deferringOthers: true)
    case .bibliography:
      changed = roots[index].workspace.setBibliography(path: path, bytes: document.text.bytes)
    case .sourceDocument:
      changed = roots[index].workspace.setSourceDocument(path: path, bytes: document.text.bytes)
    case .config, nil:
      return
    }
    publish([path], in: location.root)
    publishSorted(changed.subtracting([path]), in: location.root)
    refreshDecorations(afterChanging: [path], affecting: changed, in: location.root)
  }

  /// Whether some root has files waiting to be re-diagnosed, or extracted texts wait to be put in place.
  package var hasDeferredWork: Bool {
    !documents.changed.isEmpty || loading.isDeferred || roots.contains { !$0.workspace.pendingPaths.isEmpty }
      || extractions.hasFinished || restart.early?.mayAnswer == true && !loading.hasLoaded
  }

  /// Runs the first indexing when its progress has begun, else re-diagnoses the files an edit left waiting and
  /// publishes those that changed.
  func runDeferredWork() {
    // `handle` indexed the changed documents before this event; the rest waits for the next idle moment.
    if loading.isDeferred { return loadWorkspaces(progressToken: loading.deferredToken) }
    for index in roots.indices where !roots[index].workspace.pendingPaths.isEmpty {
      let changed = roots[index].workspace.refreshPending()
      publishSorted(changed, in: roots[index].id)
      refreshDecorations(afterChanging: [], affecting: changed, in: roots[index].id)
    }
    // Extracted texts are put in place a batch at a time, between the messages that keep arriving.
    if extractions.hasFinished { applyExtractions() }
  }

  /// The index in `roots` of the root with `id`.
  func rootIndex(_ id: RootID) -> Int? {
    roots.firstIndex { $0.id == id }
  }

  /// Publishes an empty list for `uri` (a document that left the index).
  func publishEmpty(_ uri: DocumentURI) {
    switch diagnosticsLedger.mode {
    case .push: send(PublishDiagnosticsNotification(uri: uri, diagnostics: []))
    case .pull: diagnosticsLedger.forget(uri)
    }
  }
}
