import GlossIndex

/// Keys that changed between runs (docs/literature-notes.md): each root's key fingerprints are read once it is
/// indexed, so that `unknown-source` can name a cited key's new key, and saved again in the background whenever its
/// set of keys settles on a new one (and once at indexing), beside the restart snapshots.
extension Server {
  /// The fingerprint memory, when there is a folder for restart snapshots.
  var keyMemory: KeyMemory? {
    options.restartCacheWriter.map(KeyMemory.init(writer:))
  }

  /// Gives the freshly indexed root `id` the fingerprints remembered for it (re-diagnosing the notes citing a
  /// remembered key that is gone), then saves the current ones.
  func rememberKeys(in id: RootID) {
    guard let memory = keyMemory, let index = rootIndex(id), roots[index].kind == .folder else { return }
    let realRoot = (try? options.reader.realPath(of: roots[index].path)) ?? roots[index].path
    let remembered = memory.fingerprints(forRealRoot: realRoot)
    if !remembered.isEmpty { roots[index].workspace.setRememberedKeys(remembered) }
    saveKeyFingerprints(of: index, memory: memory)
  }

  /// On each tick: the roots whose keys changed since they were last saved, and whose index did not change since the
  /// last tick, save their fingerprints in the background.
  func saveSettledKeyFingerprints() {
    guard let memory = keyMemory else { return }
    for index in roots.indices where roots[index].kind == .folder {
      let generation = roots[index].generation
      defer { roots[index].keysGenerationAtLastTick = generation }
      guard generation == roots[index].keysGenerationAtLastTick, generation != roots[index].keysGeneration else {
        continue
      }
      roots[index].keysGeneration = generation
      guard Set(roots[index].workspace.sourceKeys) != roots[index].savedKeys else { continue }
      saveKeyFingerprints(of: index, memory: memory)
    }
  }

  /// Saves the fingerprints of the root at `index` in the background (computed there from a copy of the index).
  private func saveKeyFingerprints(of index: Int, memory: KeyMemory) {
    roots[index].savedKeys = Set(roots[index].workspace.sourceKeys)
    roots[index].keysGeneration = roots[index].generation
    let workspace = roots[index].workspace
    let path = roots[index].path
    let realRoot = (try? options.reader.realPath(of: path)) ?? path
    let log = options.log
    inRestartBackground {
      let fingerprints = workspace.fingerprintsToRemember()
      do {
        try memory.store(fingerprints, forRealRoot: realRoot)
      } catch let error as CommandError {
        log("cannot save the key fingerprints of '\(path)': \(error.message)")
      } catch {
        log("cannot save the key fingerprints of '\(path)': \(error)")
      }
    }
  }
}
