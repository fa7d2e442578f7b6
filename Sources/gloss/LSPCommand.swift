import Dispatch
import GlossServer
import LanguageServerProtocol

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `gloss lsp [--stdio]`: runs the language server on stdin and stdout until `exit` or the end of stdin.
func runLSP(_ arguments: [String]) -> Int32 {
  // `--stdio` is what VS Code's client passes; stdio is the only transport.
  if let unknown = arguments.first(where: { $0 != "--stdio" }) {
    printError("gloss lsp: unknown option '\(unknown)'\n\nusage: gloss lsp [--stdio]")
    return 2
  }
  // A client that closes its end must not kill the server with SIGPIPE in the middle of a write.
  signal(SIGPIPE, SIG_IGN)
  var options = ServerOptions()
  // The periodic scan for files changed outside the editor, every second so that a change made in Zotero is in the
  // editor within 2 s (docs/zotero.md); `ScanPacing` keeps a large workspace's checks rarer.
  options.tickInterval = .seconds(1)
  let server = Server(options: options)
  let status = runLanguageServer(server, transport: StdioTransport())
  // A restart snapshot being written is given a moment to finish (its write is atomic either way).
  _ = server.restart.writes.wait(timeout: .now() + .seconds(3))
  return status
}
