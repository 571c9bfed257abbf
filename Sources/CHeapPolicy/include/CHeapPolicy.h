#ifndef TEAMFLOW_CHEAPPOLICY_H
#define TEAMFLOW_CHEAPPOLICY_H

#include <stddef.h>

/* Sets up the heap for a command that allocates in one burst and exits (see heap_policy.c).
 * Returns how many bytes of the heap were advised for transparent huge pages (0 when none
 * were: the kernel refused, or a step failed and the heap stays as glibc set it up). */
size_t teamflow_heap_for_one_shot_command(void);

#endif
