#ifndef KITBENCH_CCORELIMIT_H
#define KITBENCH_CCORELIMIT_H

/// Confines thread `thread_id` (a Linux thread id, as listed in /proc/self/task) to cores 0..<cores with
/// sched_setaffinity. Returns 0, or the errno of the refusal; ENOSYS where the platform has no such call.
int kitbench_confine_thread(int thread_id, int cores);

#endif
