import Foundation

// The entry point: everything else is in the subcommand files (`Command.swift` lists them).
exit(Command.run(Array(CommandLine.arguments.dropFirst())))
