#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A lock with a condition variable (pthread's mutex and condition), for state that threads wait on: take the lock,
/// check the state, `wait()` until another thread has changed it and called `signal()` or `broadcast()`, release.
///
/// `wait()` may return without a signal (a spurious wake-up), so callers wait in a loop that checks the state.
// @unchecked: a pthread mutex and condition are made to be shared between threads, and the pointers never change.
package final class Condition: @unchecked Sendable {
  // Allocated once: a pthread mutex or condition may not move in memory.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  /// An unlocked condition.
  package init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Takes the lock, waiting for it.
  package func lock() {
    pthread_mutex_lock(mutex)
  }

  /// Releases the lock (taken by this thread).
  package func unlock() {
    pthread_mutex_unlock(mutex)
  }

  /// Releases the lock, waits for a signal, and takes the lock again before returning (called holding the lock).
  package func wait() {
    pthread_cond_wait(condition, mutex)
  }

  /// As `wait()`, returning after `limit` at the latest.
  package func wait(atMost limit: Duration) {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let (seconds, attoseconds) = limit.components
    let nanoseconds = Int(now.tv_nsec) + Int(attoseconds / 1_000_000_000)
    var deadline = timespec()
    deadline.tv_sec = now.tv_sec + Int(seconds) + nanoseconds / 1_000_000_000
    deadline.tv_nsec = nanoseconds % 1_000_000_000
    pthread_cond_timedwait(condition, mutex, &deadline)
  }

  /// Wakes one thread waiting, if any.
  package func signal() {
    pthread_cond_signal(condition)
  }

  /// Wakes every thread waiting.
  package func broadcast() {
    pthread_cond_broadcast(condition)
  }
}
