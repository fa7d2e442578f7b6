import GlossServer
import LanguageServerProtocol

/// A `gloss` subcommand: its name, a one-line summary for the usage text, and the function that runs it.
struct Command: Sendable {
  /// The name typed after `gloss`.
  var name: String
  /// The arguments shown in the usage text.
  var arguments: String
  /// What the command does, in a few words.
  var summary: String
  /// Runs the command with the arguments after its name and returns the exit status.
  var run: @Sendable ([String]) -> Int32

  /// Every subcommand; a new one adds a line here and a function in its own file.
  static let all: [Command] = [
    Command(name: "lsp", arguments: "[--stdio]", summary: "run the language server on stdin and stdout", run: runLSP),
    Command(
      name: "check", arguments: "[DIR|FILE] [--format text|json]",
      summary: "report every diagnostic of the workspace holding DIR, or of FILE alone (exit 1 on errors)",
      run: runCheck),
    Command(
      name: "export", arguments: "NOTE… | --tag TAG [--format F] [-o FILE|-] [--root DIR] [--strict]",
      summary: "export notes or a tag's notebook (markdown, html, pandoc, json)", run: runExport),
    Command(
      name: "find", arguments: "\"PHRASE\" [DIR] [--format text|json] [--limit N] [--notes]",
      summary: "every place in the sources (and notes) holding the phrase, with its citation (exit 1 if none)",
      run: runFind),
    Command(name: "help", arguments: "", summary: "show this help", run: runHelp),
  ]

  /// Runs the command line `arguments` (without the program name) and returns the exit status.
  static func run(_ arguments: [String]) -> Int32 {
    guard let first = arguments.first else {
      printError(usage)
      return 2
    }
    switch first {
    case "--version", "-V":
      print("gloss \(GlossVersion.current)")
      return 0
    case "--help", "-h":
      return runHelp([])
    default:
      guard let command = all.first(where: { $0.name == first }) else {
        printError("gloss: unknown command '\(first)'\n\n\(usage)")
        return 2
      }
      return command.run(Array(arguments.dropFirst()))
    }
  }

  /// The usage text listing every subcommand.
  static var usage: String {
    let width = all.map { ($0.name + " " + $0.arguments).count }.max() ?? 0
    // Each name followed by spaces up to the column of the summaries.
    func padded(_ name: String) -> String { name + String(repeating: " ", count: max(0, width + 2 - name.count)) }
    var lines = ["usage: gloss <command> [options]", "", "commands:"]
    for command in all {
      let synopsis = command.arguments.isEmpty ? command.name : "\(command.name) \(command.arguments)"
      lines.append("  " + padded(synopsis) + command.summary)
    }
    lines.append("  " + padded("--version") + "print the version")
    return lines.joined(separator: "\n")
  }
}

/// `gloss help`: prints the usage text on stdout.
func runHelp(_ arguments: [String]) -> Int32 {
  print(Command.usage)
  return 0
}

/// Writes a line on stderr.
func printError(_ text: String) {
  FileDescriptorIO.writeToStandardError(text + "\n")
}
