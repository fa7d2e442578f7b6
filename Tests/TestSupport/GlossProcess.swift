package import Foundation
package import LanguageServerProtocol

/// The built `gloss` executable run as a child process over real pipes, with timeouts so a hang fails a test.
package final class GlossProcess: @unchecked Sendable {
  /// The child process.
  package let process = Process()
  private let stdinPipe = Pipe()
  private let stdoutPipe = Pipe()
  private let stderrPipe = Pipe()
  private let condition = NSCondition()
  private var messages: [IncomingMessage] = []
  private var outputEnded = false
  private var stderrData = Data()
  private var stderrEnded = false
  private let exited = DispatchSemaphore(value: 0)

  /// The `gloss` binary beside the test bundle in the build products directory.
  package static var executableURL: URL? {
    let candidates = [
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("gloss"),
      Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("gloss"),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gloss"),
      // When run from the package root by other means, the default debug build.
      Repository.url(".build/debug/gloss"),
    ]
    return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// The folder of this test process that holds Gloss's cache and state folders while tests run.
  private static var testFolder: URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "gloss-tests-\(ProcessInfo.processInfo.processIdentifier)")
  }

  /// This process's environment with Gloss's cache and state folders (PDF texts, restart snapshots, the export
  /// record) in a folder of this test run, so that tests never write into the user's own `~/.cache` or
  /// `~/.local/state`.
  package static let testEnvironment: [String: String] = {
    let folder = testFolder
    // Removed when the test process ends (the folder of every past run used to stay in the temporary folder).
    atexit { try? FileManager.default.removeItem(at: GlossProcess.testFolder) }
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
    environment["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
    return environment
  }()

  /// Runs `gloss` with `arguments` (a command that ends by itself, such as `check` or `export`) with no input, and
  /// returns its exit status and what it wrote on standard output and standard error; `environment` replaces
  /// `testEnvironment` when given; `directory` is the current folder it runs in (this process's when nil).
  package static func run(
    _ arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil
  ) throws -> (status: Int32, stdout: String, stderr: String) {
    guard let url = executableURL else { throw TestClientError("the built 'gloss' executable was not found") }
    let process = Process()
    process.executableURL = url
    if let directory { process.currentDirectoryURL = directory }
    process.arguments = arguments
    process.environment = environment ?? Self.testEnvironment
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Standard error is read beside standard output, so that neither pipe can fill up and stall the child.
    nonisolated(unsafe) var errorData = Data()
    let errorRead = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      errorData = stderr.fileHandleForReading.readDataToEndOfFile()
      errorRead.signal()
    }
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    errorRead.wait()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self)
    )
  }

  /// Starts `gloss` with `arguments` (such as `["lsp"]`), in `environment` when given (else `testEnvironment`).
  package init(arguments: [String], environment: [String: String]? = nil) throws {
    // A server that already exited must fail the test, not kill it with SIGPIPE on the next write.
    signal(SIGPIPE, SIG_IGN)
    guard let url = Self.executableURL else { throw TestClientError("the built 'gloss' executable was not found") }
    process.executableURL = url
    process.arguments = arguments
    process.environment = environment ?? Self.testEnvironment
    process.standardInput = stdinPipe
    process.standardOutput = stdoutPipe
    process.standardError = stderrPipe
    process.terminationHandler = { [exited] _ in exited.signal() }
    try process.run()
    let stdout = stdoutPipe.fileHandleForReading
    Thread { [self] in
      var framer = MessageFramer()
      while true {
        let chunk = stdout.availableData
        if chunk.isEmpty { break }
        framer.append(chunk)
        while let item = framer.next() {
          guard case .message(let body) = item, let message = try? IncomingMessage(body: body) else { continue }
          condition.lock()
          messages.append(message)
          condition.broadcast()
          condition.unlock()
        }
      }
      condition.lock()
      outputEnded = true
      condition.broadcast()
      condition.unlock()
    }.start()
    let stderr = stderrPipe.fileHandleForReading
    Thread { [self] in
      let data = stderr.readDataToEndOfFile()
      condition.lock()
      stderrData = data
      stderrEnded = true
      condition.broadcast()
      condition.unlock()
    }.start()
  }

  /// Writes raw bytes to the server's stdin.
  package func write(_ bytes: [UInt8]) throws {
    try stdinPipe.fileHandleForWriting.write(contentsOf: Data(bytes))
  }

  /// Writes a framed message to the server's stdin.
  package func send(_ body: String) throws {
    try write(frame(body))
  }

  /// Closes the server's stdin.
  package func closeInput() throws {
    try stdinPipe.fileHandleForWriting.close()
  }

  /// Waits for the first received message that `matches`, and removes it; nil on timeout or end of output.
  package func waitForMessage(
    timeout: TimeInterval = 20, where matches: (IncomingMessage) -> Bool
  ) -> IncomingMessage? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let index = messages.firstIndex(where: matches) { return messages.remove(at: index) }
      if outputEnded || !condition.wait(until: deadline) { return nil }
    }
  }

  /// Waits for the response to request `id`; nil on timeout.
  package func waitForResponse(to id: RequestID, timeout: TimeInterval = 20) -> IncomingResponse? {
    let message = waitForMessage(timeout: timeout) { message in
      if case .response(let response) = message { return response.id == id }
      return false
    }
    if case .response(let response)? = message { return response }
    return nil
  }

  /// Waits for the process to end and returns its exit status; kills it and returns nil on timeout.
  package func waitForExit(timeout: TimeInterval = 20) -> Int32? {
    if exited.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      return nil
    }
    return process.terminationStatus
  }

  /// What the server wrote on stderr, waiting (up to 20 seconds) for the process to close it.
  package var standardError: String {
    let deadline = Date(timeIntervalSinceNow: 20)
    condition.lock()
    defer { condition.unlock() }
    while !stderrEnded, condition.wait(until: deadline) {}
    return String(decoding: stderrData, as: UTF8.self)
  }

  deinit {
    if process.isRunning { process.terminate() }
  }
}
