import GlossServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The entry point: everything else is in the subcommand files (`Command.swift` lists them).
MemoryTuning.keepFreedMemoryForReuse()
exit(Command.run(Array(CommandLine.arguments.dropFirst())))
