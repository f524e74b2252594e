// Interposes the allocator entry points of glibc in the benchmark executable
// only, forwarding to glibc's own __libc_* functions, to count allocations.
#define _GNU_SOURCE
#include <stddef.h>
#include <errno.h>
#include "MallocCounter.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static unsigned long counter;

unsigned long malloc_counter_allocations(void) { return __atomic_load_n(&counter, __ATOMIC_RELAXED); }

void *malloc(size_t n) { __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED); return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED); return __libc_realloc(p, n); }
int posix_memalign(void **out, size_t align, size_t n) {
    __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
    void *p = __libc_memalign(align, n);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}
void *aligned_alloc(size_t align, size_t n) { __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED); return __libc_memalign(align, n); }
