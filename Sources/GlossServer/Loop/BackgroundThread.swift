#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Threads of the server's own (pthreads), for work that blocks for long or changes its thread's priority — the
/// reader of the input, the extractions, the find preparation — which a pooled Dispatch thread must not do.
enum BackgroundThread {
  /// Starts `body` on a new thread named `name` (what `top -H` shows: at most 15 bytes are kept).
  static func start(name: String, _ body: @escaping @Sendable () -> Void) {
    let work = Unmanaged.passRetained(Work(name: name, body: body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let result = pthread_create(
      &thread, nil,
      { context in
        let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
        BackgroundThread.nameThisThread(work.name)
        work.body()
        return nil
      }, work)
    precondition(result == 0, "cannot start a thread: \(String(cString: strerror(result)))")
    #if canImport(Darwin)
      pthread_detach(thread!)
    #else
      pthread_detach(thread)
    #endif
  }

  /// Gives the calling thread the lowest priority (nice 19): it runs on what the other threads leave of the cores.
  /// On Linux a thread has a nice value of its own (0 names the calling thread).
  static func lowerPriority() {
    #if canImport(Glibc)
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
    #endif
  }

  /// Blocks the calling thread for `seconds` (carrying on after a signal interrupts the sleep).
  static func sleep(seconds: Double) {
    guard seconds > 0 else { return }
    let whole = seconds.rounded(.down)
    var request = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) == -1, errno == EINTR { request = remaining }
  }

  /// What a new thread runs.
  private final class Work {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
      self.name = name
      self.body = body
    }
  }

  /// Names the calling thread (best effort: `pthread_setname_np` is looked up, the C library's Swift module lacks it).
  private static func nameThisThread(_ name: String) {
    #if canImport(Glibc)
      typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32
      guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "pthread_setname_np") else { return }
      _ = unsafeBitCast(symbol, to: SetName.self)(pthread_self(), String(decoding: name.utf8.prefix(15), as: UTF8.self))
    #elseif canImport(Darwin)
      _ = pthread_setname_np(name)
    #endif
  }
}
