package import GlossIndex

/// What a file is to Gloss.
package enum FileRole: String, Hashable, Sendable {
  /// A Markdown note (`notes` globs, outside the sources folders).
  case note
  /// A source document in a sources folder: `.md`, `.markdown`, `.txt`, `.html`, `.htm`, and the formats whose text
  /// an external tool extracts (`.pdf`, `.docx`, `.epub`, `.odt`).
  case sourceDocument
  /// A BibTeX or CSL-JSON file.
  case bibliography
  /// The root's `.gloss.json`, `_quarto.yml` or `_metadata.yml`.
  case config
}

/// The rules of docs/configuration.md for one root, compiled once: which paths are ignored and what role each file has.
package struct WorkspaceLayout: Sendable {
  /// The name of the config file at the root.
  package static let configFileName = ".gloss.json"
  /// The Quarto project files at the root that Gloss reads as settings (`WorkspaceFiles.loadConfig`).
  package static let projectFileNames = ["_quarto.yml", "_metadata.yml"]
  /// Every file at the root read as settings.
  package static let settingsFileNames: Set<String> = Set([configFileName] + projectFileNames)
  /// The extensions of source documents: those read as they are, and those whose text an external tool extracts.
  package static let sourceExtensions: Set<String> = Set(["md", "markdown", "txt", "html", "htm"]).union(
    ExtractedFormat.allCases.map(\.rawValue))

  /// The configuration the rules come from.
  package let config: WorkspaceConfig
  /// The sources folders, root-relative without trailing `/` (`sources`).
  package let sourceFolders: [String]
  private let sourcePrefixes: [String]
  private let noteGlobs: [PathPattern]
  private let ignoredLiteralNames: Set<String>
  private let ignoredNames: [PathPattern]
  private let ignoredPaths: [PathPattern]
  private let bibliographyPaths: Set<String>?
  private let bibliographyGlobs: [PathPattern]
  /// The config's bibliographies given as absolute or `~/` paths, as written.
  package let outsideBibliographies: [String]

  /// The rules for `config`, with `sourceFolders` already settled (see `WorkspaceFiles.sourceFolders`).
  package init(config: WorkspaceConfig, sourceFolders: [String]) {
    self.config = config
    self.sourceFolders = sourceFolders.map(Self.cleanRelative).filter { !$0.isEmpty }
    self.sourcePrefixes = self.sourceFolders.map { $0 + "/" }
    self.noteGlobs = config.notes.map { PathPattern(Self.cleanRelative($0)) }
    var literalNames: Set<String> = []
    var names: [PathPattern] = []
    var paths: [PathPattern] = []
    for entry in config.ignore {
      let cleaned = Self.cleanRelative(entry)
      guard !cleaned.isEmpty else { continue }
      if cleaned.contains("/") {
        paths.append(PathPattern(cleaned))
      } else if Self.hasGlobCharacters(cleaned) {
        names.append(PathPattern(cleaned))
      } else {
        literalNames.insert(cleaned)
      }
    }
    // The export folder (a path from the root, not a name) holds Gloss's own output, which must never come back
    // as notes.
    let exportDir = Self.cleanRelative(config.exportDir)
    if !exportDir.isEmpty, !exportDir.hasPrefix("..") { paths.append(PathPattern(exportDir)) }
    self.ignoredLiteralNames = literalNames
    self.ignoredNames = names
    self.ignoredPaths = paths
    if let entries = config.bibliography {
      // `/…` and `~/…` name files anywhere; everything else is relative to the root.
      let isOutside = { (entry: String) in entry.hasPrefix("/") || entry.hasPrefix("~/") }
      self.outsideBibliographies = entries.filter(isOutside)
      let cleaned = entries.filter { !isOutside($0) }.map(Self.cleanRelative)
      self.bibliographyPaths = Set(cleaned.filter { !Self.hasGlobCharacters($0) })
      self.bibliographyGlobs = cleaned.filter(Self.hasGlobCharacters).map(PathPattern.init)
    } else {
      self.bibliographyPaths = nil
      self.bibliographyGlobs = []
      self.outsideBibliographies = []
    }
  }

  /// Whether the folder or file at the root-relative `path` is never indexed (its folders are not looked at).
  package func isIgnored(_ path: String) -> Bool {
    isIgnored(path, name: PathComponents.split(path).name)
  }

  /// Whether the folder or file at `path`, whose last component is `name`, is never indexed.
  package func isIgnored(_ path: String, name: String) -> Bool {
    ignoredLiteralNames.contains(name) || ignoredNames.contains { $0.matches(name) }
      || ignoredPaths.contains { $0.matches(path) }
  }

  /// Whether `path` or one of its folders is ignored.
  package func isIgnoredWithFolders(_ path: String) -> Bool {
    var prefix = ""
    for component in path.split(separator: "/") {
      prefix = PathComponents.join(prefix, String(component))
      if isIgnored(prefix) { return true }
    }
    return false
  }

  /// The sources folder holding `path`, if any.
  package func sourceFolder(of path: String) -> String? {
    sourcePrefixes.firstIndex { path.hasPrefix($0) }.map { sourceFolders[$0] }
  }

  /// The role of the file at the root-relative `path`, or `nil` when Gloss does not read it; ignored folders are
  /// the caller's business (a walk never enters them; see `isIgnoredWithFolders`).
  package func role(of path: String) -> FileRole? {
    if Self.settingsFileNames.contains(path) { return .config }
    if let bibliographyPaths {
      if bibliographyPaths.contains(path) || bibliographyGlobs.contains(where: { $0.matches(path) }) {
        return .bibliography
      }
    } else if Self.hasSuffixIgnoringCase(path, ".bib") || Self.hasSuffixIgnoringCase(path, ".csl.json") {
      return .bibliography
    } else if Self.hasSuffixIgnoringCase(path, ".json"), !Self.otherJSONNames.contains(PathComponents.split(path).name)
    {
      // A plain `.json` (Manubot's and Zotero's `bibliography.json`) is a bibliography when its content is CSL-JSON;
      // the index reads anything else as an empty one (`CSLJSON.looksLikeCSL`).
      return .bibliography
    }
    if sourceFolder(of: path) != nil {
      let name = PathComponents.split(path).name
      return Self.sourceExtensions.contains(PathUtilities.pathExtension(name)) ? .sourceDocument : nil
    }
    return noteGlobs.contains { $0.matches(path) } ? .note : nil
  }

  /// JSON files that are never bibliographies (tool and editor settings), not even read.
  static let otherJSONNames: Set<String> = [
    "package.json", "package-lock.json", "tsconfig.json", "jsconfig.json", "composer.json", "composer.lock",
    "settings.json", "launch.json", "tasks.json", "extensions.json", "manifest.json", "deno.json", "lerna.json",
    "renovate.json", "bower.json", ".eslintrc.json", ".prettierrc.json", "devcontainer.json", "app.json",
  ]

  /// The bibliography files named in the config (not globs), root-relative and cleaned.
  package var configuredBibliographies: [String] {
    (bibliographyPaths ?? []).sorted()
  }

  /// `./a/b/` → `a/b`.
  static func cleanRelative(_ path: String) -> String {
    let normalized = PathComponents.normalize(path)
    return normalized.hasPrefix("/") ? String(normalized.dropFirst()) : normalized
  }

  /// Whether `text` ends with the lowercase ASCII `suffix`, ignoring ASCII case.
  private static func hasSuffixIgnoringCase(_ text: String, _ suffix: StaticString) -> Bool {
    let bytes = text.utf8
    let count = suffix.utf8CodeUnitCount
    guard bytes.count >= count else { return false }
    return suffix.withUTF8Buffer { expected in
      zip(bytes.suffix(count), expected).allSatisfy { byte, lower in
        (0x41...0x5A).contains(byte) ? byte | 0x20 == lower : byte == lower
      }
    }
  }

  private static func hasGlobCharacters(_ text: String) -> Bool {
    text.contains { "*?[{".contains($0) }
  }
}
