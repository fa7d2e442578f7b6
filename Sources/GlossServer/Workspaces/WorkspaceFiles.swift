package import GlossIndex
import GlossSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One file Gloss reads, found by discovery.
package struct DiscoveredFile: Hashable, Sendable {
  /// The path relative to the root, with `/`.
  package var path: String
  /// What the file is.
  package var role: FileRole
  /// The size in bytes when listed.
  package var size: Int
  /// The modification time when listed.
  package var modificationTime: FileTime
  /// The inode change time when listed: unlike the modification time it cannot be set back, so a file rewritten
  /// with its size and modification time restored still counts as changed.
  package var changeTime: FileTime
  /// Device and inode when listed: a file replaced by another (a rename over it) counts as changed.
  package var identity: FileIdentity

  /// Makes a file record; the change time defaults to the modification time.
  package init(
    path: String, role: FileRole, size: Int, modificationTime: FileTime, changeTime: FileTime? = nil,
    identity: FileIdentity = FileIdentity(device: 0, inode: 0)
  ) {
    self.path = path
    self.role = role
    self.size = size
    self.modificationTime = modificationTime
    self.changeTime = changeTime ?? modificationTime
    self.identity = identity
  }

  /// The record of the file at `path` with `status` (followed links, as reading does).
  package init(path: String, role: FileRole, status: FileStatus) {
    self.init(
      path: path, role: role, size: status.size, modificationTime: status.modificationTime,
      changeTime: status.changeTime, identity: status.identity)
  }
}

extension DiscoveredFile {
  /// A file Gloss does not read but notes may link to: its path, size and time.
  package struct Stamped: Hashable, Sendable {
    /// The path relative to the root, with `/`.
    package var path: String
    /// The size in bytes when listed.
    package var size: Int
    /// The modification time when listed.
    package var modificationTime: FileTime

    /// Makes a record.
    package init(path: String, size: Int, modificationTime: FileTime) {
      self.path = path
      self.size = size
      self.modificationTime = modificationTime
    }
  }
}

/// A file or folder Gloss could not read, and why (`permission denied`, `binary file`, `symbolic link loop …`).
package struct SkippedFile: Error, Hashable, Sendable {
  /// The path relative to the root.
  package var path: String
  /// A user-facing reason: lowercase start, no final period.
  package var reason: String

  /// Makes a record.
  package init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
}

/// The files of one workspace root and their roles (docs/configuration.md): the entry point of workspace loading.
///
/// `WorkspaceFiles.discover(root:config:fileSystem:)` walks the root without reading files; `load(from:)` then reads
/// them (in parallel), and `snapshot` / `WorkspaceSnapshot.changes(since:)` tell what changed between two walks.
package struct WorkspaceFiles: Sendable {
  /// The absolute path of the root.
  package var root: String
  /// The rules the files were classified with.
  package var layout: WorkspaceLayout
  /// Every file Gloss reads, sorted by path.
  package var files: [DiscoveredFile]
  /// Files and folders that could not be listed, or were left out (symbolic link loops, missing bibliographies).
  package var skipped: [SkippedFile]
  /// Every other file of the workspace (images, PDFs, …), not read but linkable, sorted by path.
  package var otherFiles: [DiscoveredFile.Stamped] = []
  /// The user's home folder, for `~/` paths in the config.
  package var home: String?
  /// Files the index asked for that the walk does not find by their role (front-matter bibliographies, `file`
  /// fields; inside or outside the root), by index path: each walk looks at them again, so they are watched too.
  package var referenced: [String: FileRole] = [:]

  /// Where the root lies, for the index.
  package var place: WorkspacePlace { WorkspacePlace(root: root, home: home) }
  /// Gloss's temporary files met on the walk (`TemporaryFile`), never indexed; leftovers are removed at start.
  package var temporaryFiles: [String] = []
  /// Every folder the walk entered or tried to, root-relative, with what `status` said of it then (nil when it
  /// failed): a folder's times move whenever an entry is added, removed or renamed in it, which lets the periodic
  /// scan tell that nothing changed without listing folders (`looksUnchanged(fileSystem:)`).
  package var folders: [(path: String, status: FileStatus?)] = []
  /// Files looked for outside the walk and not found (configured bibliographies, `referenced` files), by index
  /// path: the periodic scan looks for them again.
  package var missing: [String] = []

  /// The sources folders of a root: the configured ones, else `sources` when that folder exists.
  package static func sourceFolders(root: String, config: WorkspaceConfig, fileSystem: any FileReading) -> [String] {
    if let configured = config.sources { return configured }
    return fileSystem.isDirectory(PathComponents.join(root, "sources")) ? ["sources"] : []
  }

  /// Walks `root` and classifies every file; nothing is read, and nothing that fails stops the walk. The config's
  /// bibliographies and the `referenced` files are looked at wherever they are (`~/` is `home`).
  package static func discover(
    root: String, config: WorkspaceConfig, fileSystem: any FileReading, home: String? = nil,
    referenced: [String: FileRole] = [:]
  ) -> WorkspaceFiles {
    walk(root: root, config: config, fileSystem: fileSystem, home: home).adding(
      referenced: referenced, fileSystem: fileSystem)
  }

  /// The walk of `root` alone (`discover` without `referenced` files): every file classified, the config's
  /// bibliographies looked at wherever they are.
  package static func walk(
    root: String, config: WorkspaceConfig, fileSystem: any FileReading, home: String?
  ) -> WorkspaceFiles {
    let root = PathComponents.normalize(root)
    let layout = WorkspaceLayout(
      config: config,
      sourceFolders: sourceFolders(root: root, config: config, fileSystem: fileSystem)
    )
    let place = WorkspacePlace(root: root, home: home)
    var walk = Walk(root: root, layout: layout, fileSystem: fileSystem)
    walk.run()
    var files = walk.files
    var skipped = walk.skipped
    var others = walk.others
    // Configured bibliographies outside the walk (`../library/refs.bib`, `~/Zotero/library.bib`) are read too;
    // missing ones are reported.
    var found = Set(files.map(\.path))
    var missing: [String] = []
    for written in layout.configuredBibliographies + layout.outsideBibliographies {
      guard let path = place.path(of: written, from: ""), !found.contains(path) else { continue }
      do {
        let status = try fileSystem.status(of: PathComponents.absolute(path, in: root))
        guard !status.isDirectory, WorkspacePlace.isOutside(path) || !layout.isIgnoredWithFolders(path) else {
          continue
        }
        files.append(
          DiscoveredFile(path: path, role: .bibliography, status: status))
        found.insert(path)
      } catch {
        missing.append(path)
        skipped.append(SkippedFile(path: path, reason: "bibliography file not found: \(error.reason)"))
      }
    }
    files = files.sortedByPath(\.path)
    skipped.sort { $0.path.utf8Precedes($1.path) }
    others = others.sortedByPath(\.path)
    var out = WorkspaceFiles(root: root, layout: layout, files: files, skipped: skipped, otherFiles: others)
    out.temporaryFiles = walk.temporaryFiles.sorted()
    out.folders = walk.folders
    out.missing = missing
    out.home = home
    return out
  }

  /// The files of `root` as a walk with the `referenced` files looked at finds them when it finds exactly `files`,
  /// the other files `otherFiles` and `skipped` (a restart snapshot's), made without walking: what a restarted root is
  /// indexed from while the walk that checks the snapshot runs (`Server+EarlyAnswers.swift`). The other files'
  /// stamps, which a snapshot does not keep, are zero, and the folders walked are not known: both are the walk's once
  /// it agrees (`confirmed(by:)`).
  package static func listed(
    root: String, config: WorkspaceConfig, fileSystem: any FileReading, home: String?, files: [DiscoveredFile],
    otherFiles: [String], skipped: [SkippedFile], referenced: [String: FileRole]
  ) -> WorkspaceFiles {
    let root = PathComponents.normalize(root)
    let layout = WorkspaceLayout(
      config: config, sourceFolders: sourceFolders(root: root, config: config, fileSystem: fileSystem))
    var out = WorkspaceFiles(
      root: root, layout: layout, files: files, skipped: skipped,
      otherFiles: otherFiles.map {
        DiscoveredFile.Stamped(path: $0, size: 0, modificationTime: FileTime(nanoseconds: 0))
      })
    out.home = home
    out.referenced = referenced
    return out
  }

  /// These files, listed (`listed`), with what only the walk `walk` that found the same files knows: the other
  /// files' stamps, the folders walked, the temporary files and the missing ones.
  package func confirmed(by walk: WorkspaceFiles) -> WorkspaceFiles {
    var out = self
    out.otherFiles = walk.otherFiles
    out.folders = walk.folders
    out.temporaryFiles = walk.temporaryFiles
    out.missing = walk.missing
    return out
  }

  /// These files with the `referenced` files (those the index asked for at the end of a run) looked at too, as the
  /// next walk sees them: files named from inside the workspace are stamped like the walk's, so a change to one is
  /// seen; a missing one is simply not there (the index says so where it is named).
  package func adding(referenced: [String: FileRole], fileSystem: any FileReading) -> WorkspaceFiles {
    var out = self
    out.referenced = referenced
    guard !referenced.isEmpty else { return out }
    // Looked up in the walk's files, sorted by path: a set of every path (60,000 on a large workspace) for a few
    // referenced files was a twentieth of a large restart's replay.
    let notFound = referenced.keys.filter { fileIndex(of: $0) == nil }
    guard !notFound.isEmpty else { return out }
    let referencedInside = Set(notFound)
    out.otherFiles.removeAll { referencedInside.contains($0.path) }
    for path in notFound.sorted(by: { $0.utf8Precedes($1) }) {
      guard let status = try? fileSystem.status(of: PathComponents.absolute(path, in: root)) else {
        out.missing.append(path)
        continue
      }
      guard !status.isDirectory, let role = referenced[path] else { continue }
      out.files.append(DiscoveredFile(path: path, role: role, status: status))
    }
    if out.files.count > files.count { out.files = out.files.sortedByPath(\.path) }
    return out
  }

  /// Where in `files` the walk's file at `path` is, when it found one: a binary search (`files` is sorted by path),
  /// the records read in place (a copy of one retains its path and role).
  func fileIndex(of path: String) -> Int? {
    files.withUnsafeBufferPointer { files in
      let low = files.indices.partitioningIndex { !files[$0].path.utf8Precedes(path) }
      return low < files.count && files[low].path == path ? low : nil
    }
  }

  /// The absolute path of a root-relative path.
  package func absolutePath(_ path: String) -> String {
    PathComponents.absolute(path, in: root)
  }

  /// The root-relative path of an absolute path inside the root, else `nil`.
  package func relativePath(_ absolutePath: String) -> String? {
    PathComponents.relative(absolutePath, to: root)
  }

  /// The files with `role`, in path order.
  package func files(_ role: FileRole) -> [DiscoveredFile] {
    files.filter { $0.role == role }
  }
}

/// The state of one walk: an explicit stack, real folders first, then folders reached through symbolic links.
///
/// A symbolic link whose target lies outside the root's real path is not followed (docs/writing.md): the workspace is
/// what is inside its folder, and a link to `/etc` must not index, diagnose or list `/etc`.
private struct Walk {
  let root: String
  let layout: WorkspaceLayout
  let fileSystem: any FileReading
  /// The root's real path, every link resolved: the boundary links are checked against.
  let realRoot: String
  var files: [DiscoveredFile] = []
  var temporaryFiles: [String] = []
  var others: [DiscoveredFile.Stamped] = []
  var skipped: [SkippedFile] = []
  // Every folder walked, by identity, with its root-relative path: a link to one of them is not walked again.
  var walked: [FileIdentity: String] = [:]
  // Every folder entered or tried, with its status (nil when it could not be had).
  var folders: [(path: String, status: FileStatus?)] = []
  var stack: [String] = []
  var linkedFolders: [String] = []

  init(root: String, layout: WorkspaceLayout, fileSystem: any FileReading) {
    self.root = root
    self.layout = layout
    self.fileSystem = fileSystem
    realRoot = (try? fileSystem.realPath(of: root)) ?? root
  }

  /// Whether the link at the root-relative `path` leads inside the root; else it is recorded as skipped.
  mutating func staysInside(_ path: String) -> Bool {
    guard let real = try? fileSystem.realPath(of: PathComponents.absolute(path, in: root)) else { return true }
    if PathComponents.relative(real, to: realRoot) != nil { return true }
    skipped.append(SkippedFile(path: path, reason: "symbolic link to '\(real)', outside the workspace: not followed"))
    return false
  }

  mutating func run() {
    guard enter("") else { return }
    while true {
      if let folder = stack.popLast() {
        list(folder)
      } else if let link = linkedFolders.popLast() {
        // Entered only after every real folder, so a link never hides the real path of a folder.
        _ = enter(link)
      } else {
        return
      }
    }
  }

  /// Marks a folder as walked and schedules it, unless it was walked already under another path.
  mutating func enter(_ folder: String) -> Bool {
    let absolute = PathComponents.absolute(folder, in: root)
    let identity: FileIdentity
    do {
      let status = try fileSystem.status(of: absolute)
      folders.append((folder, status))
      identity = status.identity
    } catch {
      folders.append((folder, nil))
      skipped.append(SkippedFile(path: folder, reason: error.reason))
      return false
    }
    if let earlier = walked[identity] {
      let isAncestor = earlier.isEmpty || folder.hasPrefix(earlier + "/")
      let reason =
        isAncestor
        ? "symbolic link loop back to '\(earlier.isEmpty ? "." : earlier)'"
        : "same folder as '\(earlier)', not read twice"
      skipped.append(SkippedFile(path: folder, reason: reason))
      return false
    }
    walked[identity] = folder
    stack.append(folder)
    return true
  }

  mutating func list(_ folder: String) {
    let items: [DirectoryItem]
    do {
      items = try fileSystem.listing(of: PathComponents.absolute(folder, in: root))
    } catch {
      skipped.append(SkippedFile(path: folder, reason: error.reason))
      return
    }
    for item in items {
      let path = PathComponents.join(folder, item.name)
      if !item.isDirectory, TemporaryFile.isTemporary(item.name) {
        temporaryFiles.append(path)
        continue
      }
      if layout.isIgnored(path, name: item.name) { continue }
      if item.isSymlink, !staysInside(path) { continue }
      if item.isDirectory {
        if item.isSymlink {
          linkedFolders.append(path)
        } else if !enter(path) {
          continue
        }
      } else if let role = layout.role(of: path) {
        files.append(
          DiscoveredFile(
            path: path, role: role, size: item.size, modificationTime: item.modificationTime,
            changeTime: item.changeTime, identity: item.identity))
      } else {
        others.append(DiscoveredFile.Stamped(path: path, size: item.size, modificationTime: item.modificationTime))
      }
    }
  }
}

extension Array {
  /// The elements in the byte order of their paths (`utf8Precedes`), the same order a stable sort gives: their
  /// indices are sorted, not the elements moved at each step (a walk's files are large values, and moving them was
  /// most of the sort, itself a tenth of a `gloss find` from its image). The paths' bytes are copied into one store
  /// and compared there: comparing the strings themselves was most of what was left (0.1 s of a core for 60,000
  /// files).
  fileprivate func sortedByPath(_ path: (Element) -> String) -> [Element] {
    var store: [UInt8] = []
    var bounds: [(start: Int, count: Int)] = []
    bounds.reserveCapacity(count)
    for element in self {
      var text = path(element)
      let start = store.count
      text.withUTF8 { store.append(contentsOf: $0) }
      bounds.append((start, store.count - start))
    }
    let order = store.withUnsafeBufferPointer { bytes in
      bounds.indices.sorted { a, b in
        let (x, y) = (bounds[a], bounds[b])
        let common = Swift.min(x.count, y.count)
        if common > 0, let base = bytes.baseAddress {
          let order = memcmp(base + x.start, base + y.start, common)
          if order != 0 { return order < 0 }
        }
        return x.count != y.count ? x.count < y.count : a < b
      }
    }
    return order.map { self[$0] }
  }
}
