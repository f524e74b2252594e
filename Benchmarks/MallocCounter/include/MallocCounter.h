#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H
/// Number of malloc/calloc/realloc/posix_memalign/aligned_alloc calls so far in this process.
unsigned long malloc_counter_allocations(void);
#endif
