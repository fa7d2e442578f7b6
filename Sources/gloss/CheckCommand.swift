import GlossIndex
import GlossServer

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `gloss check [DIR|FILE] [--format text|json]`: indexes DIR (default: the current directory) like the language
/// server does and prints every diagnostic; exit 1 when there is an error, 2 on bad usage, else 0. A DIR inside a
/// workspace that holds no config, bibliography or sources folder itself is widened to that workspace. A FILE is
/// checked in the workspace that holds it (found from its folder the same way), and only its diagnostics are printed.
/// A workspace unchanged since the last check is not indexed again: its report is kept in Gloss's cache; after notes
/// alone changed, only the notes whose diagnostics may have changed are diagnosed again (`CheckReportCache`).
func runCheck(_ arguments: [String]) -> Int32 {
  let usage = "usage: gloss check [DIR|FILE] [--format text|json]"
  var directory: String?
  var format = "text"
  var index = 0
  while index < arguments.count {
    let argument = arguments[index]
    index += 1
    switch argument {
    case "--format":
      guard index < arguments.count, ["text", "json"].contains(arguments[index]) else {
        printError("gloss check: '--format' takes 'text' or 'json'\n\n\(usage)")
        return 2
      }
      format = arguments[index]
      index += 1
    case "--format=text", "--format=json":
      format = String(argument.dropFirst("--format=".count))
    case "-h", "--help":
      print(usage)
      return 0
    default:
      if argument.hasPrefix("-") || directory != nil {
        printError("gloss check: unexpected argument '\(argument)'\n\n\(usage)")
        return 2
      }
      directory = argument
    }
  }
  let fileManager = FileManager.default
  let given = directory ?? fileManager.currentDirectoryPath
  let absolute = given.hasPrefix("/") ? given : fileManager.currentDirectoryPath + "/" + given
  guard let status = try? LocalFileSystem().status(of: absolute) else {
    printError("gloss check: no such file or folder '\(given)'\n\n\(usage)")
    return 2
  }
  let normalized = PathComponents.normalize(absolute)
  let folder = status.isDirectory ? normalized : PathComponents.split(normalized).folder
  // A folder that is only part of a workspace (`notes/`, with `.gloss.json` above it) is checked as that workspace,
  // as the language server does for a client's root: else its bibliography would be missed.
  let root = WorkspaceDiscovery(
    fileSystem: LocalFileSystem(), homeDirectory: ProcessInfo.processInfo.environment["HOME"]
  ).widened(folder)
  var only: String?
  if !status.isDirectory {
    guard let relative = PathComponents.relative(normalized, to: root), !relative.isEmpty else {
      printError("gloss check: '\(given)' is not inside a workspace\n\n\(usage)")
      return 2
    }
    only = relative
  } else if root != folder {
    printError("gloss: checking the workspace '\(root)', which holds '\(given)'")
  }
  let progress = TerminalProgress()
  // The report of the last run is used again when no file changed since, and updated when notes alone did
  // (docs/cli.md). The workspace is only read; what is kept goes through the writer of Gloss's cache folder.
  let fileSystem: any FileReading = LocalFileSystem()
  let caches = PrivateFileWriter.cache()
  let cache = GlossVersion.build.map { CheckReportCache(writer: caches, build: $0) }
  let memory = KeyMemory(writer: caches)
  var report = CheckReport.keptOrIndexed(
    root: root, cache: cache, fileSystem: fileSystem, progress: progress.show, keyMemory: memory
  ).report
  progress.clear()
  if let only { report.keepOnly(only) }
  for problem in report.skipped {
    printError("gloss: skipped '\(problem.path.isEmpty ? given : problem.path)': \(problem.reason)")
  }
  if report.citesWithoutSources {
    printError(
      "gloss: no bibliography found in '\(given)': citations are not checked (add a .bib or .csl.json file or a "
        + "sources/ folder, or name them in .gloss.json)")
  }
  if format == "json" {
    print(report.json)
  } else {
    for line in report.textLines { print(line) }
    print(report.summary)
  }
  return report.hasErrors ? 1 : 0
}
