import GlossServer
import GlossSyntax

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `gloss find "PHRASE" [DIR] [--format text|json] [--limit N] [--notes]`: every place in the sources' text (and
/// the notes' with `--notes`) where the phrase occurs, with the citation that points there; exit 0 when found, 1
/// when not (the closest passages are printed instead), 2 on bad usage. A workspace unchanged since the last find that
/// indexed it is searched in the image kept then, in Gloss's cache.
func runFind(_ arguments: [String]) -> Int32 {
  let usage = "usage: gloss find \"PHRASE\" [DIR] [--format text|json] [--limit N] [--notes]"
  var positional: [String] = []
  var format = "text"
  var limit = 50
  var includingNotes = false
  var index = 0
  func fail(_ message: String) -> Int32 {
    printError("gloss find: \(message)\n\n\(usage)")
    return 2
  }
  while index < arguments.count {
    let argument = arguments[index]
    index += 1
    switch argument {
    case "--format":
      guard index < arguments.count, ["text", "json"].contains(arguments[index]) else {
        return fail("'--format' takes 'text' or 'json'")
      }
      format = arguments[index]
      index += 1
    case "--format=text", "--format=json":
      format = String(argument.dropFirst("--format=".count))
    case "--limit":
      guard index < arguments.count, let n = Int(arguments[index]), n > 0 else {
        return fail("'--limit' takes a positive number")
      }
      limit = n
      index += 1
    case "--notes":
      includingNotes = true
    case "-h", "--help":
      print(usage)
      return 0
    case "--":
      positional += arguments[index...]
      index = arguments.count
    default:
      if argument.hasPrefix("--limit=") {
        guard let n = Int(argument.dropFirst("--limit=".count)), n > 0 else {
          return fail("'--limit' takes a positive number")
        }
        limit = n
      } else if argument.hasPrefix("-") && argument.count > 1 {
        return fail("unexpected argument '\(argument)'")
      } else {
        positional.append(argument)
      }
    }
  }
  guard let phrase = positional.first, !phrase.trimming(.whitespacesAndNewlines).isEmpty else {
    return fail("no phrase to find")
  }
  guard positional.count <= 2 else { return fail("unexpected argument '\(positional[2])'") }
  let fileManager = FileManager.default
  let given = positional.count == 2 ? positional[1] : fileManager.currentDirectoryPath
  let absolute = given.hasPrefix("/") ? given : fileManager.currentDirectoryPath + "/" + given
  guard (try? LocalFileSystem().status(of: absolute))?.isDirectory == true else {
    return fail("no such folder '\(given)'")
  }
  let progress = TerminalProgress()
  // A workspace unchanged since the last run is searched in the image kept then (docs/troubleshooting.md). The
  // workspace is only read; the image goes through the writer of Gloss's cache folder.
  let fileSystem: any FileReading = LocalFileSystem()
  let cache = GlossVersion.build.map { FindImageCache(writer: .cache(), build: $0) }
  let report = FindReport.keptOrIndexed(
    root: absolute, phrase: phrase, limit: limit, includingNotes: includingNotes, cache: cache,
    fileSystem: fileSystem, progress: progress.show
  ).report
  progress.clear()
  for problem in report.skipped {
    printError("gloss: skipped '\(problem.path.isEmpty ? given : problem.path)': \(problem.reason)")
  }
  if format == "json" {
    print(report.json)
  } else {
    for line in report.textLines { print(line) }
  }
  return report.isFound ? 0 : 1
}
