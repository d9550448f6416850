// sched_setaffinity and the CPU_* macros are GNU extensions of glibc, which Swift's Glibc module does not show.
#define _GNU_SOURCE
#include "ccorelimit.h"

#include <errno.h>

#if defined(__linux__)
#include <sched.h>
#include <sys/types.h>

int kitbench_confine_thread(int thread_id, int cores) {
    cpu_set_t mask;
    CPU_ZERO(&mask);
    for (int core = 0; core < cores && core < CPU_SETSIZE; core++) CPU_SET(core, &mask);
    return sched_setaffinity((pid_t)thread_id, sizeof(mask), &mask) == 0 ? 0 : errno;
}
#else
int kitbench_confine_thread(int thread_id, int cores) {
    (void)thread_id;
    (void)cores;
    return ENOSYS;
}
#endif
