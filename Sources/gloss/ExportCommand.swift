import GlossIndex
import GlossServer
import GlossSyntax

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The usage line of `gloss export`.
let exportUsage = "usage: gloss export NOTE… | --tag TAG [--format markdown|html|pandoc|json] [-o FILE] [--root DIR]"

/// `gloss export NOTE… | --tag TAG [--format F] [-o FILE] [--root DIR]`: exports one note, several notes bound
/// together, or the notebook of a tag, to `exportDir/<slug>.<ext>` (or FILE), and prints the files written.
func runExport(_ arguments: [String]) -> Int32 {
  var notes: [String] = []
  var tag: String?
  var format = ExportFormat.markdown
  var output: String?
  var root = FileManager.default.currentDirectoryPath
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
      root = absolute(given)
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
  let rootPath = PathComponents.normalize(root)
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
    // `-o` is relative to the current folder; it must name a file inside the workspace.
    let relativeOutput = try output.map { given throws(CommandError) in
      try writer.relativePath(ofGiven: given.hasPrefix("file:") ? given : absolute(given))
    }
    let result = try indexed.workspace.export(
      selection, format: format, output: relativeOutput, text: { indexed.texts[$0]?.bytes })
    try writer.writeExport(result)
    for file in result.files { print(PathComponents.absolute(file.path, in: rootPath)) }
    return 0
  } catch {
    printError("gloss export: \(error.message)")
    return 1
  }
}

/// `path` made absolute against the current directory.
private func absolute(_ path: String) -> String {
  path.hasPrefix("/") ? path : PathComponents.join(FileManager.default.currentDirectoryPath, path)
}
