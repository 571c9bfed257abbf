/*
 * The heap of a one-shot command (every command but `serve`).
 *
 * A command allocates a few megabytes (a list of 10,000 tasks) to hundreds (a rebuild of
 * 500,000 events) in one burst and frees nothing it could give back before it exits. The
 * kernel hands anonymous memory out a 4 KiB page at a time, one fault each, and on the
 * project's VM a fault costs ~2.5 us, most of it not the zeroing. glibc's own switch for huge
 * pages (GLIBC_TUNABLES=glibc.malloc.hugetlb=1) is read only when the process starts, so the
 * same policy is applied here, before the command runs:
 *
 *  - blocks up to 32 MiB come from the heap rather than a mapping of their own, which was
 *    unmapped when freed, so the next large array faulted in fresh pages again;
 *  - freed memory stays in the heap until exit (no trim);
 *  - the heap's first extension reserves 64 MiB of address space (memory is still only
 *    backed when touched) and that range is advised MADV_HUGEPAGE, so it is faulted in 2 MiB
 *    at a time where the kernel allows it (transparent_hugepage "madvise" or "always").
 *
 * Every step may fail (an old kernel, huge pages off); the heap then works as before.
 */
#include "CHeapPolicy.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

enum {
    reserve = 64 << 20,
    huge_page = 2 << 20,
    largest_heap_block = 32 << 20,
};

size_t teamflow_heap_for_one_shot_command(void) {
    if (mallopt(M_MMAP_THRESHOLD, largest_heap_block) != 1) return 0;
    if (mallopt(M_TRIM_THRESHOLD, INT32_MAX) != 1) return 0;
    if (mallopt(M_TOP_PAD, reserve) != 1) return 0;
    void *before = sbrk(0);
    if (before == (void *)-1) return 0;
    /* Larger than what is left at the heap's top: the break moves by the top pad too. Freed,
     * the block goes back to the top, which is no longer trimmed. Volatile: a compiler may
     * otherwise drop a malloc whose block is only freed. */
    void *volatile block = malloc(1 << 20);
    if (block == NULL) return 0;
    free(block);
    void *after = sbrk(0);
    if (after == (void *)-1) return 0;
    uintptr_t start = ((uintptr_t)before + huge_page - 1) & ~(uintptr_t)(huge_page - 1);
    uintptr_t end = (uintptr_t)after & ~(uintptr_t)(huge_page - 1);
    if (end <= start) return 0;
    if (madvise((void *)start, end - start, MADV_HUGEPAGE) != 0) return 0;
    return end - start;
}
