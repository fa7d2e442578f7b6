import GlossIndex

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Finding a workspace from a folder inside it, for a file opened outside every root and for a client root that is
/// only a part of a workspace (eglot without version control roots a project at the note's own folder).
///
/// The walk goes up from the folder to the nearest `.gloss.json`; else to the nearest folder holding a bibliography
/// (`*.bib`, `*.csl.json`) or a `sources/` folder, not above the repository (`.git`) holding the start; else to that
/// repository's root. The file system root, the home folder and the system's temporary folders are never a workspace
/// unless they hold `.gloss.json`: a dotfiles repository or a stray `.bib` there must not make Gloss index (and place
/// new notes in) a whole home folder or everything that programs unpacked into `/tmp`.
package struct WorkspaceDiscovery {
  /// How a folder was found.
  package enum Reason: Hashable, Sendable {
    /// It holds `.gloss.json` or `_quarto.yml`.
    case config
    /// It holds a bibliography or a `sources/` folder.
    case bibliographyOrSources
    /// It is the root of a Git repository.
    case repository

    /// Why the folder was taken, for the log.
    package var description: String {
      switch self {
      case .config: "it holds .gloss.json or _quarto.yml"
      case .bibliographyOrSources: "it holds a bibliography or a sources folder"
      case .repository: "it is the root of the Git repository"
      }
    }
  }

  /// Where files are looked at.
  package var fileSystem: any FileReading
  /// The user's home folder (never a workspace without `.gloss.json`), if known.
  package var homeDirectory: String?
  /// Folders shared by every program (never a workspace without `.gloss.json`): `/tmp`, `/var/tmp` and `$TMPDIR`.
  package var temporaryDirectories: Set<String>

  /// A discovery over `fileSystem`; `temporaryDirectories` defaults to the system's.
  package init(
    fileSystem: any FileReading, homeDirectory: String?,
    temporaryDirectories: [String] = WorkspaceDiscovery.systemTemporaryDirectories
  ) {
    self.fileSystem = fileSystem
    self.homeDirectory = homeDirectory.map(PathComponents.normalize)
    self.temporaryDirectories = Set(temporaryDirectories.map(PathComponents.normalize))
  }

  /// `/tmp`, `/var/tmp` and `$TMPDIR` when it is set.
  package static var systemTemporaryDirectories: [String] {
    var folders = ["/tmp", "/var/tmp"]
    if let variable = ProcessInfo.processInfo.environment["TMPDIR"], variable.hasPrefix("/") {
      folders.append(variable)
    }
    return folders
  }

  /// The workspace holding `folder` (absolute), and why; nil when nothing marks one (single-file mode).
  package func workspace(containing folder: String) -> (path: String, reason: Reason)? {
    let chain = ancestors(of: folder)
    // A Quarto project (`_quarto.yml`) is a workspace as `.gloss.json` makes one.
    if let config = chain.first(where: { folder in
      [WorkspaceLayout.configFileName, "_quarto.yml"].contains {
        fileSystem.fileExists(PathComponents.join(folder, $0))
      }
    }) {
      return (config, .config)
    }
    let candidates = chain.filter { !isNeverAWorkspace($0) }
    let repository = candidates.firstIndex { fileSystem.fileExists(PathComponents.join($0, ".git")) }
    let inRepository = repository.map { Array(candidates[...$0]) } ?? candidates
    if let marked = inRepository.first(where: holdsBibliographyOrSources) { return (marked, .bibliographyOrSources) }
    if let repository { return (candidates[repository], .repository) }
    return nil
  }

  /// The folder to index for a client's root `folder`: `folder` itself, unless it holds no config, bibliography or
  /// sources folder and a folder above it does (`.gloss.json`, or a bibliography or `sources/` folder below the
  /// repository root): then that folder, which holds `folder`.
  package func widened(_ folder: String) -> String {
    let folder = PathComponents.normalize(folder)
    guard !fileSystem.fileExists(PathComponents.join(folder, WorkspaceLayout.configFileName)),
      !fileSystem.fileExists(PathComponents.join(folder, "_quarto.yml")),
      !holdsBibliographyOrSources(folder), !fileSystem.fileExists(PathComponents.join(folder, ".git")),
      let parent = ancestors(of: folder).dropFirst().first,
      let found = workspace(containing: parent), found.reason != .repository
    else { return folder }
    return found.path
  }

  /// `folder` and every folder above it, nearest first, up to (and with) `/`.
  private func ancestors(of folder: String) -> [String] {
    var out: [String] = []
    var current = PathComponents.normalize(folder)
    while true {
      out.append(current)
      let parent = PathComponents.split(current).folder
      if parent == current || parent.isEmpty { break }
      current = parent
    }
    return out
  }

  /// Whether `folder` is `/`, the home folder or a temporary folder shared by every program.
  private func isNeverAWorkspace(_ folder: String) -> Bool {
    folder == "/" || folder == homeDirectory || temporaryDirectories.contains(folder)
  }

  /// Whether `folder` holds a `*.bib` or `*.csl.json` file or a `sources` folder.
  private func holdsBibliographyOrSources(_ folder: String) -> Bool {
    guard !isNeverAWorkspace(folder), let items = try? fileSystem.listing(of: folder) else { return false }
    return items.contains { item in
      let name = item.name.lowercased()
      if item.isDirectory { return name == "sources" }
      return name.hasSuffix(".bib") || name.hasSuffix(".csl.json")
    }
  }
}
