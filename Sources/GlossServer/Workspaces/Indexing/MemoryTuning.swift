#if canImport(Glibc)
  import Glibc
#endif

/// Tunes the C allocator (glibc's, where there is one) for indexing a workspace: the first indexing allocates and
/// frees a few hundred megabytes in blocks of all sizes, and by default glibc hands large blocks back to the kernel
/// on every free, so that each new one is faulted in page by page again. Looked up at run time, since `malloc.h` is
/// not part of the C library's Swift module; a no-op elsewhere.
package enum MemoryTuning {
  /// Keeps freed memory for reuse while indexing: blocks up to 64 MB come from the heap, the heap grows 64 MB at a
  /// time, and is trimmed only past 512 MB of free memory. Call at start, and again before indexing a root after
  /// `settle()`.
  ///
  /// The number of heaps (arenas) is left to glibc. Capping it at two keeps memory at ready no lower, since closed
  /// texts are released and the heap trimmed after publishing (162-166 MB against 164-167 MB on the standard bench
  /// workspace, 689 against 692 MB on the large one), and makes the loop share a heap's lock with the background
  /// threads: completion requests over 6 ms become three times as many.
  package static func keepFreedMemoryForReuse() {
    #if canImport(Glibc)
      guard let mallopt = function("mallopt", as: (@convention(c) (Int32, Int32) -> Int32).self) else { return }
      _ = mallopt(Parameter.mmapThreshold, 64 << 20)
      _ = mallopt(Parameter.topPad, 64 << 20)
      _ = mallopt(Parameter.trimThreshold, 512 << 20)
    #endif
  }

  /// Once a root is indexed and published: what follows (edits, background builds of search indexes, restart
  /// snapshots) allocates less at a time, and what it frees is handed back: blocks of 1 MB or more are mapped on their
  /// own (unmapped when freed, so their temporaries leave no holes among what is kept), the heap grows 1 MB at a time
  /// and is trimmed past 8 MB of free memory at its top.
  package static func settle() {
    #if canImport(Glibc)
      guard let mallopt = function("mallopt", as: (@convention(c) (Int32, Int32) -> Int32).self) else { return }
      _ = mallopt(Parameter.mmapThreshold, 1 << 20)
      _ = mallopt(Parameter.topPad, 1 << 20)
      _ = mallopt(Parameter.trimThreshold, 8 << 20)
    #endif
  }

  #if canImport(Glibc)
    /// `mallopt` parameters, their values from glibc's malloc.h.
    private enum Parameter {
      static let trimThreshold: Int32 = -1
      static let topPad: Int32 = -2
      static let mmapThreshold: Int32 = -3
    }
  #endif

  /// Hands the memory freed so far back to the kernel (after an indexing, so that the resident size is what the
  /// index holds).
  package static func releaseFreedMemory() {
    #if canImport(Glibc)
      guard let trim = function("malloc_trim", as: (@convention(c) (Int) -> Int32).self) else { return }
      _ = trim(0)
    #endif
  }

  /// Bytes the C allocator has handed out and not taken back (glibc's `mallinfo2`, every arena, mapped blocks
  /// included), for the logs; nil where it cannot be asked. Its 80-byte result comes back through a hidden pointer,
  /// the first argument on x86-64 Linux, the only place it is asked.
  package static func heapInUse() -> Int? {
    #if canImport(Glibc) && arch(x86_64)
      guard
        let mallinfo2 = function(
          "mallinfo2", as: (@convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?).self)
      else { return nil }
      var fields = [Int](repeating: 0, count: 10)
      fields.withUnsafeMutableBytes { _ = mallinfo2($0.baseAddress) }
      // arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, fordblks, keepcost.
      return fields[7] + fields[4]
    #else
      return nil
    #endif
  }

  #if canImport(Glibc)
    /// The C function `name` of the running process, if it has one.
    private static func function<F>(_ name: String, as type: F.Type) -> F? {
      guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, name) else { return nil }
      return unsafeBitCast(symbol, to: type)
    }
  #endif
}
