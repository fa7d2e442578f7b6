import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of an external program (`posix_spawn`), its output and error output read as they come so that a large text
/// never blocks it, and stopped with everything it started when it takes longer than its timeout.
///
/// The program gets the server's environment, `/dev/null` as its input and a process group of its own, so that a
/// wrapper script's children (`pdftotext` called by a script) can be stopped with it.
enum ProcessRun {
  case finished(status: Int32, output: [UInt8], errors: [UInt8])
  case timedOut
  case failedToStart(String)

  /// Runs `executable` (a path) with `arguments` until it exits and its output ends, or until `timeout` has passed.
  static func run(_ executable: String, _ arguments: [String], timeout: Duration) -> ProcessRun {
    let deadline = ContinuousClock.now + timeout
    let started: (pid: pid_t, output: Int32, errors: Int32)
    switch spawn(executable, arguments) {
    case .success(let process): started = process
    case .failure(let error): return .failedToStart(error.reason)
    }
    var pipes = OutputPipes(output: started.output, errors: started.errors)
    defer { pipes.closeAll() }
    // The output ends when every process holding the pipes is gone, which may be after the tool itself (a child of a
    // wrapper script): the reading and the exit both count against the timeout.
    guard pipes.readToEnd(before: deadline), let status = waitForExit(started.pid, before: deadline) else {
      stopGroup(of: started.pid)
      _ = reap(started.pid, options: 0)
      return .timedOut
    }
    return .finished(status: status, output: pipes.output, errors: pipes.errors)
  }

  /// Why a program could not be started: the C library's text for `errno`.
  struct SpawnError: Error {
    var code: Int32
    var reason: String { String(cString: strerror(code)) }
  }

  /// Taken from making a program's pipes to starting it: the pipes are made close-on-exec in two steps (`pipe2` is not
  /// in the C library's Swift module), so no other program may start in between and inherit them (holding another
  /// run's output open past its end).
  private static let spawning = Mutex(())

  /// Starts `executable` with its output and error output on new pipes; their reading ends are returned.
  private static func spawn(
    _ executable: String, _ arguments: [String]
  ) -> Result<(pid: pid_t, output: Int32, errors: Int32), SpawnError> {
    spawning.withLock { _ in
      var output: [Int32] = [-1, -1]
      var errors: [Int32] = [-1, -1]
      guard makePipe(&output) else { return .failure(SpawnError(code: errno)) }
      guard makePipe(&errors) else {
        let code = errno
        for fd in output { close(fd) }
        return .failure(SpawnError(code: code))
      }
      #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
      #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
      #endif
      posix_spawn_file_actions_init(&actions)
      posix_spawnattr_init(&attributes)
      defer {
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
      }
      posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
      posix_spawn_file_actions_adddup2(&actions, errors[1], STDERR_FILENO)
      // A process group of its own (numbered by its process id), so that stopping it stops what it started too.
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
      posix_spawnattr_setpgroup(&attributes, 0)

      let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
      defer { for pointer in argv { free(pointer) } }
      var pid: pid_t = 0
      #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
      #else
        let environment = environ
      #endif
      var code = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
      // A program just written is "busy" while any process still holds it open for writing, as a child forked at
      // that moment by another thread does until it runs its own program (and that program, for as long as it runs,
      // when the descriptor was not opened close-on-exec): wait up to a second for that moment to pass.
      for _ in 0..<50 where code == ETXTBSY {
        usleep(20_000)
        code = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
      }
      close(output[1])
      close(errors[1])
      guard code == 0 else {
        close(output[0])
        close(errors[0])
        return .failure(SpawnError(code: code))
      }
      return .success((pid, output[0], errors[0]))
    }
  }

  /// Makes a pipe whose two ends are closed when a program starts (the spawned one gets copies of the writing end).
  private static func makePipe(_ fds: inout [Int32]) -> Bool {
    guard pipe(&fds) == 0 else { return false }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return true
  }

  /// The exit status of `pid` (or the signal that ended it) once it has exited, or nil if it still runs at
  /// `deadline`.
  private static func waitForExit(_ pid: pid_t, before deadline: ContinuousClock.Instant) -> Int32? {
    // Its output has ended, so it has exited or is about to (unless it closed its output and went on).
    var pause: UInt32 = 200
    while true {
      if let status = reap(pid, options: WNOHANG) { return status }
      if ContinuousClock.now >= deadline { return nil }
      usleep(pause)
      pause = min(pause * 2, 20_000)
    }
  }

  /// Reaps `pid` once it has exited (waiting for that unless `options` hold `WNOHANG`): its exit status, or the
  /// number of the signal that ended it; nil while it runs.
  private static func reap(_ pid: pid_t, options: Int32) -> Int32? {
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, options)
      if result == pid { break }
      if result == -1, errno == EINTR { continue }
      // Running still (0), or not a child of this process any more (-1: nothing to wait for).
      return result == 0 ? nil : -1
    }
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : signal
  }

  /// Kills the process `pid` and everything it started, its process group: killing only the process itself would
  /// leave a wrapper script's children running, holding the output pipes open.
  static func stopGroup(of pid: pid_t) {
    // The group outlives its first process while a child holds it; `kill` fails only when no member is left.
    if pid > 0, kill(-pid, SIGKILL) != 0 { kill(pid, SIGKILL) }
  }
}

/// The reading ends of a program's output and error output, read together (`poll`) so that neither pipe can fill
/// up and block the program while the other is read.
private struct OutputPipes {
  private var fds: [Int32]
  private(set) var output: [UInt8] = []
  private(set) var errors: [UInt8] = []

  init(output: Int32, errors: Int32) {
    fds = [output, errors]
  }

  /// Reads both pipes until they end (true) or `deadline` passes (false).
  mutating func readToEnd(before deadline: ContinuousClock.Instant) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while fds.contains(where: { $0 >= 0 }) {
      let left = deadline - ContinuousClock.now
      if left <= .zero { return false }
      let (seconds, attoseconds) = left.components
      let milliseconds = min(seconds * 1_000 + attoseconds / 1_000_000_000_000_000 + 1, Int64(Int32.max))
      // A closed pipe has a negative descriptor, which `poll` skips.
      var polled = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let ready = poll(&polled, nfds_t(polled.count), Int32(milliseconds))
      if ready < 0 {
        if errno == EINTR { continue }
        return false
      }
      for (index, entry) in polled.enumerated() where entry.fd >= 0 && entry.revents != 0 {
        let count = chunk.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
        if count > 0 {
          if index == 0 {
            output.append(contentsOf: chunk[0..<count])
          } else {
            errors.append(contentsOf: chunk[0..<count])
          }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          // The end of the output (every writer has closed it), or a pipe that cannot be read.
          close(entry.fd)
          fds[index] = -1
        }
      }
    }
    return true
  }

  /// Closes what is still open (after a timeout).
  mutating func closeAll() {
    for fd in fds where fd >= 0 { close(fd) }
    fds = [-1, -1]
  }
}
