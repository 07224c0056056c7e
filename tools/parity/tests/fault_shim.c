// A fault-injection shim for the hostile-input tests (LD_PRELOAD): it counts the calls through
// which a process changes files (write, pwrite, fsync, ftruncate, rename, link, unlink, mkdir,
// creating opens) and, at the Nth one, either fails it with ENOSPC (a full disk at exactly that
// point) or kills the process with SIGKILL before it happens (kill -9 at exactly that point).
//
//   PARITY_FAULT=enospc:N | kill:N   what to do at the Nth mutating call (N counts from 1)
//   PARITY_FAULT_COUNT=FILE          at exit, write the number of mutating calls to FILE (so a
//                                    test can sweep N over every point of an operation)
//
// Calls inside libc that do not go through the PLT (stdio's own writes) are not seen; parity's
// golden store, manifest and transaction code call these functions directly, and so does HDF5.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static atomic_long calls;
static long fault_at = -1;
static int fault_kill = 0;
static const char* count_file = NULL;

static void write_count(void) {
  if (count_file == NULL) return;
  FILE* f = fopen(count_file, "w");
  if (f == NULL) return;
  fprintf(f, "%ld\n", (long)atomic_load(&calls));
  fclose(f);
}

__attribute__((constructor)) static void parity_fault_init(void) {
  const char* spec = getenv("PARITY_FAULT");
  if (spec != NULL) {
    if (strncmp(spec, "enospc:", 7) == 0) fault_at = atol(spec + 7);
    if (strncmp(spec, "kill:", 5) == 0) {
      fault_at = atol(spec + 5);
      fault_kill = 1;
    }
  }
  count_file = getenv("PARITY_FAULT_COUNT");
  if (count_file != NULL) atexit(write_count);
}

// 1: fail this call with ENOSPC; the process is killed here in kill mode.
static int fault_now(void) {
  const long n = atomic_fetch_add(&calls, 1) + 1;
  if (n != fault_at) return 0;
  if (fault_kill) {
    write_count();
    raise(SIGKILL);
  }
  return 1;
}

// Anonymous memory files (memfd_create) never see a full disk: calls on them are not counted.
static int on_memfd(int fd) {
  char link[64], target[64];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  const ssize_t n = readlink(link, target, sizeof target - 1);
  return n >= 7 && strncmp(target, "/memfd:", 7) == 0;
}

#define NEXT(name) ((__typeof__(&name))dlsym(RTLD_NEXT, #name))
#define FAULT(ret)     \
  do {                 \
    if (fault_now()) { \
      errno = ENOSPC;  \
      return ret;      \
    }                  \
  } while (0)

ssize_t write(int fd, const void* buf, size_t n) {
  if (fd > 2 && !on_memfd(fd)) FAULT(-1);
  return NEXT(write)(fd, buf, n);
}
ssize_t pwrite(int fd, const void* buf, size_t n, off_t off) {
  if (!on_memfd(fd)) FAULT(-1);
  return NEXT(pwrite)(fd, buf, n, off);
}
ssize_t pwrite64(int fd, const void* buf, size_t n, off_t off) {
  if (!on_memfd(fd)) FAULT(-1);
  return NEXT(pwrite64)(fd, buf, n, off);
}
int fsync(int fd) {
  if (!on_memfd(fd)) FAULT(-1);
  return NEXT(fsync)(fd);
}
int fdatasync(int fd) {
  if (!on_memfd(fd)) FAULT(-1);
  return NEXT(fdatasync)(fd);
}
int ftruncate(int fd, off_t len) {
  if (!on_memfd(fd)) FAULT(-1);
  return NEXT(ftruncate)(fd, len);
}
int ftruncate64(int fd, off_t len) {
  if (!on_memfd(fd)) FAULT(-1);
  return NEXT(ftruncate64)(fd, len);
}
int rename(const char* a, const char* b) {
  FAULT(-1);
  return NEXT(rename)(a, b);
}
int renameat(int da, const char* a, int db, const char* b) {
  FAULT(-1);
  return NEXT(renameat)(da, a, db, b);
}
int renameat2(int da, const char* a, int db, const char* b, unsigned flags) {
  FAULT(-1);
  return NEXT(renameat2)(da, a, db, b, flags);
}
int link(const char* a, const char* b) {
  FAULT(-1);
  return NEXT(link)(a, b);
}
int linkat(int da, const char* a, int db, const char* b, int flags) {
  FAULT(-1);
  return NEXT(linkat)(da, a, db, b, flags);
}
int unlink(const char* p) {
  FAULT(-1);
  return NEXT(unlink)(p);
}
int unlinkat(int d, const char* p, int flags) {
  FAULT(-1);
  return NEXT(unlinkat)(d, p, flags);
}
int mkdir(const char* p, mode_t m) {
  FAULT(-1);
  return NEXT(mkdir)(p, m);
}
int mkdirat(int d, const char* p, mode_t m) {
  FAULT(-1);
  return NEXT(mkdirat)(d, p, m);
}

// Opens that create or truncate change the folder; plain reads do not count.
static int creates(int flags) {
  return (flags & (O_CREAT | O_TRUNC)) != 0 || (flags & O_TMPFILE) == O_TMPFILE;
}
#define OPEN_BODY(call, ...)           \
  mode_t mode = 0;                     \
  if (flags & (O_CREAT | O_TMPFILE)) { \
    va_list ap;                        \
    va_start(ap, flags);               \
    mode = (mode_t)va_arg(ap, int);    \
    va_end(ap);                        \
  }                                    \
  if (creates(flags)) FAULT(-1);       \
  return NEXT(call)(__VA_ARGS__, flags, mode)

int open(const char* p, int flags, ...) {
  OPEN_BODY(open, p);
}
int open64(const char* p, int flags, ...) {
  OPEN_BODY(open64, p);
}
int openat(int d, const char* p, int flags, ...) {
  OPEN_BODY(openat, d, p);
}
int openat64(int d, const char* p, int flags, ...) {
  OPEN_BODY(openat64, d, p);
}
