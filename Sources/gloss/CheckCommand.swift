import GlossServer

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `gloss check [DIR] [--format text|json]`: indexes DIR (default: the current directory) like the language
/// server does and prints every diagnostic; exit 1 when there is an error, 2 on bad usage, else 0. A DIR inside a
/// workspace that holds no config, bibliography or sources folder itself is widened to that workspace.
func runCheck(_ arguments: [String]) -> Int32 {
  let usage = "usage: gloss check [DIR] [--format text|json]"
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
  guard (try? LocalFileSystem().status(of: absolute))?.isDirectory == true else {
    printError("gloss check: no such folder '\(given)'\n\n\(usage)")
    return 2
  }
  // A folder that is only part of a workspace (`notes/`, with `.gloss.json` above it) is checked as that workspace,
  // as the language server does for a client's root: else its bibliography would be missed.
  let root = WorkspaceDiscovery(
    fileSystem: LocalFileSystem(), homeDirectory: ProcessInfo.processInfo.environment["HOME"]
  ).widened(PathComponents.normalize(absolute))
  if root != PathComponents.normalize(absolute) {
    printError("gloss: checking the workspace '\(root)', which holds '\(given)'")
  }
  let progress = TerminalProgress()
  let report = CheckReport(root: root, fileSystem: LocalFileSystem(), progress: progress.show)
  progress.clear()
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
