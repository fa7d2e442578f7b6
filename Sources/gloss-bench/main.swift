// `gloss-bench <benchmark> [arguments]`: benchmarks run in release builds, outside the unit tests.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "parse":
  ParseBench.run(Array(arguments.dropFirst()))
case "quotes":
  QuoteBench.run(Array(arguments.dropFirst()))
case "completion":
  CompletionBench.run(Array(arguments.dropFirst()))
case "load":
  LoadBench.run(Array(arguments.dropFirst()))
case "memory":
  MemoryBench.run(Array(arguments.dropFirst()))
case "edit":
  EditBench.run(Array(arguments.dropFirst()))
case "symbols":
  SymbolBench.run(Array(arguments.dropFirst()))
case "find":
  FindBench.run(Array(arguments.dropFirst()))
case "literature":
  LiteratureNoteBench.run(Array(arguments.dropFirst()))
case "page-labels":
  PageLabelsBench.run(Array(arguments.dropFirst()))
case "sqlite":
  SQLiteBench.run(Array(arguments.dropFirst()))
case "image":
  ImageBench.run(Array(arguments.dropFirst()))
case "zotero":
  ZoteroBench.run(Array(arguments.dropFirst()))
default:
  print(
    "usage: gloss-bench parse <workspace-dir> | parse --stress | quotes <workspace-dir-or-file>"
      + " | completion <workspace-dir> | load <workspace-dir> | symbols <workspace-dir>"
      + " | find <workspace-dir> [--queries N] [--cjk] [--answers] | edit <workspace-dir> <note>"
      + " | memory <workspace-dir> | literature <workspace-dir> | page-labels [--extract] <pdf>…"
      + " | sqlite <database> [--wal <log>] [--table NAME]… | zotero <zotero-data-folder>"
      + " | image <workspace-dir> [--rounds N]")
}
