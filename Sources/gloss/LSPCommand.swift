import Foundation
import GlossServer
import LanguageServerProtocol

/// `gloss lsp [--stdio]`: runs the language server on stdin and stdout until `exit` or the end of stdin.
func runLSP(_ arguments: [String]) -> Int32 {
  // `--stdio` is what VS Code's client passes; stdio is the only transport.
  if let unknown = arguments.first(where: { $0 != "--stdio" }) {
    printError("gloss lsp: unknown option '\(unknown)'\n\nusage: gloss lsp [--stdio]")
    return 2
  }
  // A client that closes its end must not kill the server with SIGPIPE in the middle of a write.
  signal(SIGPIPE, SIG_IGN)
  let server = Server(options: ServerOptions())
  return runLanguageServer(server, transport: StdioTransport())
}
