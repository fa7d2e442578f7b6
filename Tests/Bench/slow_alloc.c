// slow_alloc.c: which of the server's allocator calls are slow, and where they come from (glibc, Linux).
//
//   clang -O2 -shared -fPIC -o /tmp/slow_alloc.so Tests/Bench/slow_alloc.c -ldl     # the toolchain's clang
//   python3 Tests/Bench/lsp_bench.py --workspace /tmp/gloss-ws/standard --runs 1 \
//     --server "env LD_PRELOAD=/tmp/slow_alloc.so SLOWMALLOC_US=300 SLOWMALLOC_OUT=/tmp/slow.txt $PWD/.build/release/gloss lsp"
//
// Every malloc, free, realloc, calloc and posix_memalign that takes longer than SLOWMALLOC_US microseconds (200 when
// unset) is written to SLOWMALLOC_OUT (appended) as "== malloc size=… us=… t=<CLOCK_MONOTONIC seconds> tid=…" and its
// backtrace (`addr2line -f -e gloss 0x…` names the offsets in the binary). The thread whose backtraces end in
// __libc_start_main is the server's loop. Slow small allocations on the loop beside slow calls on other threads mean
// they wait for the same heap's lock.
//
// For experiments: SLOWMALLOC_IGNORE="-1,-3" makes the server's mallopt calls with those parameters do nothing
// (-1/-2/-3 the trim threshold, top pad and mmap threshold; -8, the heap cap, the server does not set); SLOWMALLOC_SETTLE_ARENAS=N sets a
// heap cap of N when the server settles its allocator after publishing a root.
// A measuring tool, not part of Gloss.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <execinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/syscall.h>
static void *(*real_malloc)(size_t);
static void (*real_free)(void *);
static void *(*real_realloc)(void *, size_t);
static void *(*real_calloc)(size_t, size_t);
static int (*real_posix_memalign)(void **, size_t, size_t);
static long threshold_ns = 200000;
static int out_fd = -1;
static __thread int inside;
static int ready;
static char bootbuf[65536]; static size_t bootpos;
static inline long now_ns(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1000000000L + t.tv_nsec; }
static void init(void) {
  if (ready) return;
  real_malloc = dlsym(RTLD_NEXT, "malloc"); real_free = dlsym(RTLD_NEXT, "free");
  real_realloc = dlsym(RTLD_NEXT, "realloc"); real_calloc = dlsym(RTLD_NEXT, "calloc");
  real_posix_memalign = dlsym(RTLD_NEXT, "posix_memalign");
  const char *us = getenv("SLOWMALLOC_US"); if (us) threshold_ns = atol(us) * 1000;
  const char *out = getenv("SLOWMALLOC_OUT"); if (out) out_fd = open(out, O_WRONLY|O_CREAT|O_APPEND, 0644);
  ready = 1;
}
static void report(const char *what, size_t size, long ns, long start) {
  if (out_fd < 0 || inside) return;
  inside = 1;
  char line[256];
  int n = snprintf(line, sizeof line, "== %s size=%zu us=%ld t=%ld.%06ld tid=%ld\n", what, size, ns / 1000, start / 1000000000L, (start % 1000000000L) / 1000, (long)syscall(SYS_gettid));
  write(out_fd, line, n);
  void *frames[40]; int k = backtrace(frames, 40);
  backtrace_symbols_fd(frames + 1, k - 1, out_fd);
  inside = 0;
}
void *malloc(size_t size) {
  if (!ready) { if (!real_malloc) { init(); } }
  if (!real_malloc) { void *p = bootbuf + bootpos; bootpos += (size + 15) & ~15; return p; }
  long s = now_ns(); void *p = real_malloc(size); long d = now_ns() - s;
  if (d > threshold_ns) report("malloc", size, d, s);
  return p;
}
void free(void *p) {
  if ((char *)p >= bootbuf && (char *)p < bootbuf + sizeof bootbuf) return;
  if (!real_free) init();
  long s = now_ns(); real_free(p); long d = now_ns() - s;
  if (d > threshold_ns) report("free", 0, d, s);
}
void *realloc(void *p, size_t size) {
  if (!real_realloc) init();
  long s = now_ns(); void *q = real_realloc(p, size); long d = now_ns() - s;
  if (d > threshold_ns) report("realloc", size, d, s);
  return q;
}
void *calloc(size_t n, size_t size) {
  if (!real_calloc) { void *p = malloc(n * size); memset(p, 0, n * size); return p; }
  long s = now_ns(); void *q = real_calloc(n, size); long d = now_ns() - s;
  if (d > threshold_ns) report("calloc", n * size, d, s);
  return q;
}
int mallopt(int param, int value) {
  static int (*real_mallopt)(int, int);
  if (!real_mallopt) real_mallopt = dlsym(RTLD_NEXT, "mallopt");
  const char *ignore = getenv("SLOWMALLOC_IGNORE");
  if (ignore) { char key[16]; snprintf(key, sizeof key, ",%d,", param); char list[256]; snprintf(list, sizeof list, ",%s,", ignore); if (strstr(list, key)) return 1; }
  const char *settle = getenv("SLOWMALLOC_SETTLE_ARENAS");
  if (settle && param == -1 && value == (8 << 20)) real_mallopt(-8, atoi(settle));
  return real_mallopt(param, value);
}
int posix_memalign(void **r, size_t a, size_t size) {
  if (!real_posix_memalign) init();
  long s = now_ns(); int q = real_posix_memalign(r, a, size); long d = now_ns() - s;
  if (d > threshold_ns) report("memalign", size, d, s);
  return q;
}
