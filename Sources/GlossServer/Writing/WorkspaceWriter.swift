package import GlossIndex

/// The one guarded way Gloss changes files in a workspace; every command, export and the CLI write through it.
///
/// Its rules: the target's real path (every symbolic link resolved, the folder's included) lies inside the real
/// path of the root; a folder it makes is made only there; a new file is created exclusively (never over anything
/// that appears meanwhile); an existing file is replaced only when it is an export artefact Gloss wrote itself
/// (`ExportRecord`) or when an edit was computed from exactly the bytes on disk (compare-and-swap), and then
/// atomically; a symbolic link, a device, a pipe or a folder is never replaced. A refusal is a `CommandError` whose
/// message says why, and nothing is written. The one exception to "inside the workspace" is an export's output
/// named on the command line (`writeExport(_:outsideAllowed:)`), which follows the same rules in the folder named.
package struct WorkspaceWriter: Sendable {
  /// The root folder as the workspace names it (absolute).
  package let root: String
  /// Where files are read and written.
  private let fileSystem: any FileSystem
  /// The record of the export artefacts Gloss wrote.
  package let exports: ExportRecord

  /// A writer for the workspace at `root`, recording exports in Gloss's state folder `stateDirectory`.
  package init(root: String, fileSystem: any FileSystem, stateDirectory: String) {
    self.init(
      root: root, fileSystem: fileSystem,
      exports: ExportRecord(store: PrivateFileWriter(directory: stateDirectory, fileSystem: fileSystem)))
  }

  /// A writer for the workspace at `root`, recording exports in `exports`.
  package init(root: String, fileSystem: any FileSystem, exports: ExportRecord) {
    self.root = root
    self.fileSystem = fileSystem
    self.exports = exports
  }

  // MARK: Targets

  /// The root-relative path of a path a user gave (absolute, or relative to the root, or a `file://` URI); a path
  /// outside the workspace, or one that climbs out of it with `..`, is refused.
  package func relativePath(ofGiven given: String) throws(CommandError) -> String {
    var path = given
    let uri = FileURI(given)
    if uri.scheme == "file" {
      guard let filePath = uri.filePath else { throw CommandError("'\(given)' is not a file URI Gloss can read") }
      path = filePath
    } else if uri.scheme != nil, given.contains("://") {
      throw CommandError("'\(given)' is not a file path")
    }
    guard !path.isEmpty, !path.utf8.contains(0) else { throw CommandError("'\(given)' is not a file path") }
    if path.hasPrefix("/") {
      let rootReal = (try? fileSystem.realPath(of: root)) ?? root
      guard
        let relative = PathComponents.relative(path, to: root) ?? PathComponents.relative(path, to: rootReal),
        !relative.isEmpty
      else {
        throw CommandError("'\(given)' is outside the workspace '\(root)'")
      }
      return relative
    }
    return try Self.relativeInside(path, given: given)
  }

  /// `path` (root-relative) normalised, refused when it is absolute or climbs above the root.
  package static func relativeInside(_ path: String, given: String? = nil) throws(CommandError) -> String {
    let shown = given ?? path
    guard !path.hasPrefix("/") else {
      throw CommandError("'\(shown)' is an absolute path; give a path inside the workspace")
    }
    let normalized = PathComponents.normalize(path)
    guard !normalized.isEmpty, normalized != "..", !normalized.hasPrefix("../") else {
      throw CommandError("'\(shown)' is outside the workspace")
    }
    return normalized
  }

  // MARK: Writes

  /// Creates the new file `path` (root-relative) with `bytes`, making its missing folders inside the workspace;
  /// refuses when anything already has that name.
  package func create(_ bytes: [UInt8], at path: String) throws(CommandError) {
    let target = try preparedTarget(path)
    if let kind = try entryKind(target, shown: path) {
      throw CommandError("'\(path)' already exists\(Self.describe(kind)): Gloss never replaces it")
    }
    do {
      try fileSystem.write(bytes, to: target, overwrite: false)
    } catch {
      throw Self.failure(error, path: path)
    }
  }

  /// Writes the files of an export (root-relative paths): each is a new file, or written atomically over an
  /// earlier export that Gloss wrote and nobody changed since. Every file is checked before any is written, so a
  /// refusal of one (a note, a bibliography, a link, a pipe) writes none. The bytes are recorded as Gloss's.
  ///
  /// With `outsideAllowed` (an output path the user named on the command line), a file may also be an absolute path
  /// outside the workspace: its folder must exist (named by the user, it may be reached through links), its own
  /// name must not be a link, and the same rules hold there: created exclusively, or written atomically over an
  /// export Gloss wrote there and nobody changed since, never over anything else.
  package func writeExport(_ output: ExportOutput, outsideAllowed: Bool = false) throws(CommandError) {
    var targets: [(target: String, replace: Bool)] = []
    for file in output.files {
      if outsideAllowed, file.path.hasPrefix("/") {
        targets.append(try outsideExportTarget(file.path))
      } else {
        targets.append(try exportTarget(file.path))
      }
    }
    for (file, (target, replace)) in zip(output.files, targets) {
      do {
        try fileSystem.write(file.bytes, to: target, overwrite: replace)
      } catch {
        throw Self.failure(error, path: file.path)
      }
      exports.record(file.bytes, at: target)
    }
  }

  /// Where the export file `path` goes, and whether it replaces an earlier export there.
  private func exportTarget(_ path: String) throws(CommandError) -> (target: String, replace: Bool) {
    let target = try preparedTarget(path)
    return (target, try replacesExport(at: target, shown: path))
  }

  /// Whether an export to `target` (shown to the user as `path`) replaces an earlier export there: false when nothing
  /// has that name; an error when anything but an export Gloss recorded writing there does.
  private func replacesExport(at target: String, shown path: String) throws(CommandError) -> Bool {
    switch try entryKind(target, shown: path) {
    case nil:
      return false
    case .regularFile:
      let current: [UInt8]
      do {
        current = try fileSystem.contents(of: target)
      } catch {
        throw Self.failure(error, path: path)
      }
      guard exports.isExport(current, at: target) else {
        throw CommandError(
          "'\(path)' already exists and is not an export Gloss wrote: an export never replaces it "
            + "(choose another output, or remove the file)")
      }
      return true
    case let kind?:
      throw CommandError("'\(path)' already exists\(Self.describe(kind)): an export never replaces it")
    }
  }

  /// The path an export's output given on the command line (`-o`, absolute or relative to the current folder)
  /// stands for: root-relative when it lies inside the workspace, else the absolute path itself (for
  /// `writeExport(_:outsideAllowed:)`).
  package func exportOutputPath(ofGiven given: String) throws(CommandError) -> String {
    guard given.hasPrefix("/") else { return try relativePath(ofGiven: given) }
    if let inside = try? relativePath(ofGiven: given) { return inside }
    let path = PathComponents.normalize(given)
    let (folder, name) = PathComponents.split(path)
    guard !name.isEmpty, name != ".", name != ".." else { throw CommandError("'\(given)' is not a file name") }
    // A folder that leads into the workspace through a link: the workspace's own rules.
    if let folderReal = try? fileSystem.realPath(of: folder), let rootReal = try? realRoot(),
      let inside = PathComponents.relative(PathComponents.join(folderReal, name), to: rootReal), !inside.isEmpty
    {
      return inside
    }
    return path
  }

  /// Where the export file at the absolute `path` outside the workspace goes (its folder's real path and its name),
  /// and whether it replaces an earlier export there.
  private func outsideExportTarget(_ path: String) throws(CommandError) -> (target: String, replace: Bool) {
    let (folder, name) = PathComponents.split(path)
    guard !name.isEmpty, name != ".", name != ".." else { throw CommandError("'\(path)' is not a file name") }
    let folderReal: String
    do {
      folderReal = try fileSystem.realPath(of: folder)
    } catch {
      throw CommandError("cannot write '\(path)': the folder '\(folder)' \(error.reason)")
    }
    guard fileSystem.isDirectory(folderReal) else {
      throw CommandError("cannot write '\(path)': '\(folder)' is not a folder")
    }
    let target = PathComponents.join(folderReal, name)
    return (target, try replacesExport(at: target, shown: path))
  }

  /// Replaces the file `path` (root-relative) with `bytes`, only if it still holds exactly `expected` (the bytes
  /// the change was computed from); a link to a file inside the workspace is followed and the link kept.
  package func replace(_ path: String, expecting expected: [UInt8], with bytes: [UInt8]) throws(CommandError) {
    let target = try existingFile(path)
    try checkUnchanged(target, path: path, expected: expected)
    do {
      // Compared again at the moment of the swap, so a save after the check above is never lost either.
      try fileSystem.replace(target, expecting: expected, with: bytes)
    } catch {
      throw Self.failure(error, path: path)
    }
  }

  /// Checks, writing nothing, that `change` may be carried out (by Gloss or by the editor): each file it creates or
  /// renames to is a free name whose existing folders lie inside the workspace; each file it edits or moves is a
  /// regular file inside it (a moved file not even a link). `includingEdits: false` checks the file operations only
  /// (an editor applies text edits to its own buffers).
  package func check(_ change: WorkspaceChange, includingEdits: Bool = true) throws(CommandError) {
    for operation in change.operations {
      switch operation {
      case .create(let path, _):
        try checkFree(path)
      case .rename(let old, let new):
        _ = try movableFile(old)
        try checkFree(new)
      }
    }
    guard includingEdits else { return }
    for path in change.edits.keys.sorted() { _ = try existingFile(path) }
  }

  /// Why an editor must not apply a text edit to the file at the index path `path`, as a phrase to follow the file's
  /// name (`is outside the workspace`); nil when it may. A file outside the workspace (named by an absolute path, or
  /// reached through a link that leads out), anything but a regular file, and a read-only file are never edited:
  /// Gloss sends no edit of them, so no editor applies one. A file not on disk is allowed only when `isOpen` (a new
  /// buffer not saved yet), and then only in a folder inside the workspace.
  package func editRefusal(_ path: String, isOpen: Bool) -> String? {
    editRefusals([path], open: isOpen ? [path] : [])[path]
  }

  /// `editRefusal` for each of `paths` (the root's real path resolved once, for a rename touching a thousand
  /// files): the refused paths with their reasons.
  package func editRefusals(_ paths: [String], open: Set<String>) -> [String: String] {
    let rootReal: String
    do {
      rootReal = try realRoot()
    } catch {
      return Dictionary(paths.map { ($0, "cannot be edited (\(error.message))") }) { first, _ in first }
    }
    // A few file-system calls each, for every file an edit touches (a thousand for a rename): on every core.
    let found = ParallelWork.map(count: paths.count) {
      editRefusal(paths[$0], isOpen: open.contains(paths[$0]), rootReal: rootReal)
    }
    var refusals: [String: String] = [:]
    for (path, refusal) in zip(paths, found) {
      if let refusal { refusals[path] = refusal }
    }
    return refusals
  }

  private func editRefusal(_ path: String, isOpen: Bool, rootReal: String) -> String? {
    if WorkspacePlace.isOutside(path) { return "is outside the workspace" }
    let absolute = PathComponents.absolute(path, in: root)
    do {
      guard try fileSystem.entryKind(of: absolute) != nil else {
        guard isOpen else { return "does not exist" }
        _ = try resolvedTarget(path, missing: .stop)
        return nil
      }
      let real = try fileSystem.realPath(of: absolute)
      guard PathComponents.relative(real, to: rootReal) != nil else {
        return "leads outside the workspace (to '\(real)')"
      }
      guard try fileSystem.entryKind(of: real) == .regularFile else { return "is not a regular file" }
      return fileSystem.isWritable(real) ? nil : "is read-only"
    } catch let error as CommandError {
      return "cannot be edited (\(error.message))"
    } catch {
      return "cannot be edited (\(error))"
    }
  }

  /// Throws unless the file `path` (root-relative) holds exactly `expected`, the bytes a change was computed from.
  package func verify(_ path: String, holds expected: [UInt8]) throws(CommandError) {
    try checkUnchanged(try existingFile(path), path: path, expected: expected)
  }

  /// Throws unless `path` is a free name whose existing folders lie inside the workspace.
  private func checkFree(_ path: String) throws(CommandError) {
    guard let target = try resolvedTarget(path, missing: .stop) else { return }
    if let kind = try entryKind(target, shown: path) {
      throw CommandError("'\(path)' already exists\(Self.describe(kind)): Gloss never replaces it")
    }
  }

  /// Moves the file `old` to the new name `new` (both root-relative) with the contents `bytes`, only if `old` still
  /// holds exactly `expected`: the new file is created exclusively, then the old one removed.
  package func move(_ old: String, expecting expected: [UInt8], to new: String, bytes: [UInt8]) throws(CommandError) {
    let source = try movableFile(old)
    try checkUnchanged(source, path: old, expected: expected)
    try create(bytes, at: new)
    do {
      // Compared again as the old name goes (taken aside first), so a save in between is never lost.
      try fileSystem.remove(source, expecting: expected)
    } catch {
      if let target = try? resolvedTarget(new, missing: .refuse) { try? fileSystem.remove(target, expecting: bytes) }
      throw Self.failure(error, path: old)
    }
  }

  /// Removes the leftover temporary files of a workspace just walked: those the walk met, and those in the export
  /// folder, which the walk does not enter (it is ignored by default) but exports write into.
  @discardableResult
  package func removeLeftovers(in files: WorkspaceFiles) -> [String] {
    var paths = files.temporaryFiles
    if let exportDir = Workspace.folderInside(files.layout.config.exportDir), !exportDir.isEmpty,
      let items = try? fileSystem.listing(of: PathComponents.absolute(exportDir, in: root))
    {
      paths += items.filter { TemporaryFile.isTemporary($0.name) }.map { PathComponents.join(exportDir, $0.name) }
    }
    return removeLeftovers(paths)
  }

  /// Removes the temporary files among `paths` (root-relative, found by a walk) whose writing process is gone, and
  /// returns those removed; a temporary file of a write in progress (its process runs) is left alone.
  @discardableResult
  package func removeLeftovers(_ paths: [String]) -> [String] {
    guard let rootReal = try? realRoot() else { return [] }
    return paths.filter { path in
      let name = PathComponents.split(path).name
      guard TemporaryFile.isTemporary(name), TemporaryFile.isLeftover(name),
        let target = try? resolvedTarget(path, missing: .refuse), target.hasPrefix(rootReal + "/"),
        (try? fileSystem.entryKind(of: target)) == .regularFile
      else { return false }
      return (try? fileSystem.remove(target)) != nil
    }
  }

  // MARK: Checks

  /// What `resolvedFolder` does with a folder that does not exist yet.
  private enum MissingFolder {
    /// Makes it (inside the workspace, one level at a time).
    case make
    /// Refuses: the path must exist.
    case refuse
    /// Stops there: a check of a write that is yet to come.
    case stop
  }

  /// The absolute path to write `path` at: its folder resolved to a real path inside the workspace (never through
  /// a link that leaves it) and its name; nil when a folder is missing and `missing` is `.stop`.
  private func resolvedTarget(_ path: String, missing: MissingFolder) throws(CommandError) -> String? {
    let relative = try Self.relativeInside(path)
    let (folder, name) = PathComponents.split(relative)
    guard !name.isEmpty, name != ".", name != ".." else { throw CommandError("'\(path)' is not a file name") }
    let rootReal = try realRoot()
    var current = rootReal
    for component in folder.split(separator: "/").map(String.init) {
      let candidate = PathComponents.join(current, component)
      switch try entryKind(candidate, shown: path) {
      case nil:
        switch missing {
        case .stop: return nil
        case .refuse: throw CommandError("'\(path)': the folder '\(folder)' does not exist")
        case .make:
          do {
            try fileSystem.createDirectory(candidate)
          } catch {
            throw Self.failure(error, path: folder)
          }
        }
        current = candidate
      case .directory:
        current = candidate
      case .symbolicLink:
        let real = try inside(candidate, rootReal: rootReal, shown: path)
        guard fileSystem.isDirectory(real) else { throw CommandError("'\(path)': '\(component)' is not a folder") }
        current = real
      case .regularFile, .other:
        throw CommandError("'\(path)': '\(component)' is not a folder")
      }
    }
    return PathComponents.join(current, name)
  }

  /// The absolute path to write `path` at, its missing folders made inside the workspace.
  private func preparedTarget(_ path: String) throws(CommandError) -> String {
    guard let target = try resolvedTarget(path, missing: .make) else { throw CommandError("cannot write '\(path)'") }
    return target
  }

  /// The real path of the existing file `path` (root-relative): inside the workspace, a regular file.
  private func existingFile(_ path: String) throws(CommandError) -> String {
    guard let target = try resolvedTarget(path, missing: .refuse) else {
      throw CommandError("'\(path)' does not exist")
    }
    let file: String
    switch try entryKind(target, shown: path) {
    case .regularFile:
      file = target
    case .symbolicLink:
      let real = try inside(target, rootReal: try realRoot(), shown: path)
      guard (try? fileSystem.entryKind(of: real)) == .regularFile else {
        throw CommandError("'\(path)' is not a regular file: Gloss never writes it")
      }
      file = real
    case nil:
      throw CommandError("'\(path)' does not exist")
    case let kind?:
      throw CommandError("'\(path)' is\(Self.describe(kind, article: true)): Gloss never writes it")
    }
    // A rename puts the new bytes in place whatever the file's permissions: a read-only file must be refused here.
    guard fileSystem.isWritable(file) else { throw CommandError("'\(path)' is read-only: Gloss never writes it") }
    return file
  }

  /// The path of the file `path` (root-relative) that a move may take away: a regular file (not a link) whose
  /// folder lies inside the workspace.
  private func movableFile(_ path: String) throws(CommandError) -> String {
    guard let target = try resolvedTarget(path, missing: .refuse) else {
      throw CommandError("'\(path)' does not exist")
    }
    switch try entryKind(target, shown: path) {
    case .regularFile: return target
    case nil: throw CommandError("'\(path)' does not exist")
    case let kind?: throw CommandError("'\(path)' is\(Self.describe(kind, article: true)): Gloss does not move it")
    }
  }

  /// Throws unless the file at `target` holds exactly `expected`.
  private func checkUnchanged(_ target: String, path: String, expected: [UInt8]) throws(CommandError) {
    let current: [UInt8]
    do {
      current = try fileSystem.contents(of: target)
    } catch {
      throw Self.failure(error, path: path)
    }
    guard current == expected else { throw Self.changed(path) }
  }

  private static func changed(_ path: String) -> CommandError {
    CommandError(
      "'\(path)' is not what the change was computed from (changed on disk, or unsaved in the editor): "
        + "nothing was written; save it and try again")
  }

  /// The real path of the root.
  private func realRoot() throws(CommandError) -> String {
    do {
      return try fileSystem.realPath(of: root)
    } catch {
      throw CommandError("the workspace '\(root)' cannot be reached: \(error.reason)")
    }
  }

  /// The real path of `path`, refused unless it lies inside `rootReal`.
  private func inside(_ path: String, rootReal: String, shown: String) throws(CommandError) -> String {
    let real: String
    do {
      real = try fileSystem.realPath(of: path)
    } catch {
      throw CommandError("'\(shown)': \(error.reason)")
    }
    guard PathComponents.relative(real, to: rootReal) != nil else {
      throw CommandError("'\(shown)' leads outside the workspace (to '\(real)'): Gloss never writes there")
    }
    return real
  }

  private func entryKind(_ path: String, shown: String) throws(CommandError) -> EntryKind? {
    do {
      return try fileSystem.entryKind(of: path)
    } catch {
      throw CommandError("'\(shown)': \(error.reason)")
    }
  }

  private static func describe(_ kind: EntryKind, article: Bool = false) -> String {
    switch kind {
    case .regularFile: ""
    case .directory: article ? " a folder" : " as a folder"
    case .symbolicLink: article ? " a symbolic link" : " as a symbolic link"
    case .other: article ? " a device or a pipe" : " as a device or a pipe"
    }
  }

  private static func failure(_ error: FileSystemError, path: String) -> CommandError {
    switch error.kind {
    case .alreadyExists: CommandError("'\(path)' already exists: Gloss never replaces it")
    case .changed: changed(path)
    default: CommandError("cannot write '\(path)': \(error.reason)")
    }
  }
}
