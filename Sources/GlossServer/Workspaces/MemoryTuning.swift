#if canImport(Glibc)
  import Glibc
#endif

/// Tunes the C allocator (glibc's, where there is one) for indexing a workspace: the first indexing allocates and
/// frees a few hundred megabytes in blocks of all sizes, and by default glibc hands large blocks back to the kernel
/// on every free, so that each new one is faulted in page by page again. Looked up at run time, since `malloc.h` is
/// not part of the C library's Swift module; a no-op elsewhere.
package enum MemoryTuning {
  /// Keeps freed memory for reuse while indexing: blocks up to 64 MB come from the heap, the heap grows 64 MB at a
  /// time, and is trimmed only past 512 MB of free memory. Call once, at start.
  package static func keepFreedMemoryForReuse() {
    #if canImport(Glibc)
      guard let mallopt = function("mallopt", as: (@convention(c) (Int32, Int32) -> Int32).self) else { return }
      // The parameters' values from glibc's malloc.h.
      let trimThreshold: Int32 = -1
      let topPad: Int32 = -2
      let mmapThreshold: Int32 = -3
      _ = mallopt(mmapThreshold, 64 << 20)
      _ = mallopt(topPad, 64 << 20)
      _ = mallopt(trimThreshold, 512 << 20)
    #endif
  }

  /// Hands the memory freed so far back to the kernel (after an indexing, so that the resident size is what the
  /// index holds).
  package static func releaseFreedMemory() {
    #if canImport(Glibc)
      guard let trim = function("malloc_trim", as: (@convention(c) (Int) -> Int32).self) else { return }
      _ = trim(0)
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
