import GlossIndex
import GlossServer
import GlossSyntax
import LanguageServerProtocol

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The usage line of `gloss export`.
let exportUsage =
  "usage: gloss export NOTE… | --tag TAG [--format markdown|html|pandoc|json] [-o FILE|-] [--root DIR] [--strict]"

/// `gloss export NOTE… | --tag TAG [--format F] [-o FILE|-] [--root DIR] [--strict]`: exports one note, several
/// notes bound together, or the notebook of a tag, to `exportDir/<slug>.<ext>` (or FILE, anywhere, as a new file;
/// `-` for standard output), and prints the files written. The workspace is found from the first note's folder (or
/// the current folder) as `gloss check` finds it, unless `--root` names it. Citations of unknown sources and
/// cross-references naming no label are listed on stderr; with `--strict` they fail the export, and nothing is
/// written.
func runExport(_ arguments: [String]) -> Int32 {
  var notes: [String] = []
  var tag: String?
  var format = ExportFormat.markdown
  var output: String?
  var explicitRoot: String?
  var strict = false
  var index = 0
  func value(_ option: String) -> String? {
    index += 1
    guard index < arguments.count else {
      printError("gloss export: '\(option)' needs a value\n\n\(exportUsage)")
      return nil
    }
    return arguments[index]
  }
  while index < arguments.count {
    let argument = arguments[index]
    switch argument {
    case "--tag", "-t":
      guard let given = value(argument) else { return 2 }
      tag = given
    case "--format", "-f":
      guard let given = value(argument) else { return 2 }
      guard let parsed = ExportFormat(rawValue: given) else {
        printError("gloss export: unknown format '\(given)'\n\n\(exportUsage)")
        return 2
      }
      format = parsed
    case "--output", "-o":
      guard let given = value(argument) else { return 2 }
      output = given
    case "--root":
      guard let given = value(argument) else { return 2 }
      explicitRoot = absolute(given)
    case "--strict":
      strict = true
    case "--help", "-h":
      print(exportUsage)
      return 0
    default:
      if argument.hasPrefix("-") && argument != "-" {
        printError("gloss export: unknown option '\(argument)'\n\n\(exportUsage)")
        return 2
      }
      notes.append(argument)
    }
    index += 1
  }
  guard (tag == nil) != notes.isEmpty else {
    printError("gloss export: give notes or '--tag TAG', not both and not neither\n\n\(exportUsage)")
    return 2
  }
  if output == "-", format == .pandoc {
    printError("gloss export: '-o -' writes one file, and the pandoc format writes two (give -o FILE)")
    return 2
  }
  guard let rootPath = exportRoot(explicit: explicitRoot, firstNote: notes.first) else { return 1 }
  let progress = TerminalProgress()
  let indexed = IndexedRoot.forCommandLine(root: rootPath, fileSystem: LocalFileSystem(), progress: progress.show)
  progress.clear()
  var selection = ExportSelection.tag(tag ?? "")
  if tag == nil {
    var paths: [String] = []
    for note in notes {
      guard let relative = PathComponents.relative(absolute(note), to: rootPath) else {
        printError("gloss export: '\(note)' is not inside the workspace '\(rootPath)'")
        return 1
      }
      paths.append(relative)
    }
    selection = .notes(paths)
  }
  let writer = WorkspaceWriter(
    root: rootPath, fileSystem: LocalFileSystem(), stateDirectory: PrivateFileWriter.state().directory)
  writer.removeLeftovers(in: indexed.files)
  do {
    // `-o` is relative to the current folder: inside the workspace, or a new file anywhere the user names.
    let toStandardOutput = output == "-"
    let outputPath = try output.flatMap { given throws(CommandError) -> String? in
      if toStandardOutput { return nil }
      return try writer.exportOutputPath(ofGiven: given.hasPrefix("file:") ? given : absolute(given))
    }
    let result = try indexed.workspace.export(
      selection, format: format, output: outputPath, text: { indexed.texts[$0]?.bytes })
    if !result.unknownKeys.isEmpty {
      let keys = result.unknownKeys.map { "'\($0)'" }.joined(separator: ", ")
      let count = result.unknownKeys.count
      printError(
        "gloss export: \(count) cited \(count == 1 ? "key has" : "keys have") no source in '\(rootPath)': \(keys)"
          + " (shown as 'key?')" + (strict ? "; nothing was written (--strict)" : ""))
      if strict { return 1 }
    }
    if !result.unknownCrossrefs.isEmpty {
      let keys = result.unknownCrossrefs.map { "'\($0)'" }.joined(separator: ", ")
      let count = result.unknownCrossrefs.count
      printError(
        "gloss export: \(count) \(count == 1 ? "cross-reference names" : "cross-references name") no label"
          + " [unknown-crossref]: \(keys)" + (strict ? "; nothing was written (--strict)" : ""))
      if strict { return 1 }
    }
    if toStandardOutput {
      let bytes = result.files.first?.bytes ?? []
      guard bytes.withUnsafeBytes({ FileDescriptorIO.writeAll(1, $0) }) else {
        printError("gloss export: cannot write to standard output")
        return 1
      }
      return 0
    }
    try writer.writeExport(result, outsideAllowed: true)
    for file in result.files { print(PathComponents.absolute(file.path, in: rootPath)) }
    return 0
  } catch {
    printError("gloss export: \(error.message)")
    return 1
  }
}

/// The workspace an export reads: `explicit` (`--root`) as given, else the one holding the first note's folder (or
/// the current folder) as `gloss check` finds it. The home folder and `/` are never indexed unless they hold
/// `.gloss.json` or are named with `--root`: nil then, with the reason on stderr.
private func exportRoot(explicit: String?, firstNote: String?) -> String? {
  if let explicit { return PathComponents.normalize(explicit) }
  let start = firstNote.map { PathComponents.split(PathComponents.normalize(absolute($0))).folder }
  let folder = PathComponents.normalize(start ?? FileManager.default.currentDirectoryPath)
  let home = ProcessInfo.processInfo.environment["HOME"].map(PathComponents.normalize)
  let fileSystem: any FileReading = LocalFileSystem()
  let root = WorkspaceDiscovery(fileSystem: fileSystem, homeDirectory: home).widened(folder)
  if root == "/" || root == home, !fileSystem.fileExists(PathComponents.join(root, WorkspaceLayout.configFileName)) {
    printError(
      "gloss export: no workspace holds '\(folder)' (no .gloss.json, bibliography or sources folder there or above "
        + "it), and Gloss never indexes '\(root)' whole: run it inside a workspace, or give --root DIR")
    return nil
  }
  if root != folder { printError("gloss: exporting from the workspace '\(root)'") }
  return root
}

/// `path` made absolute against the current directory.
private func absolute(_ path: String) -> String {
  path.hasPrefix("/") ? path : PathComponents.join(FileManager.default.currentDirectoryPath, path)
}
