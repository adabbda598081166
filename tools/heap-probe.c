/* libgstcall: tools/heap-probe.c
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A preload library for tools/soak-outage --heap: it tells how much of a
 * process's heap is in use and how much glibc's allocator holds, free, in
 * its arenas (resident memory that is not a leak). A thread checks once a
 * second for the file $GST_CALL_HEAP_PROBE_DIR/dump-PID; when it is there
 * the thread removes it and appends one line to
 * $GST_CALL_HEAP_PROBE_DIR/heap-PID:
 *
 *   in-use=BYTES arenas=BYTES free=BYTES mmapped=BYTES
 *
 * from mallinfo2(). It never runs in a signal handler, so it cannot stop
 * the process in the middle of an allocation.
 *
 *   cc -shared -fPIC -O2 -pthread -o heap-probe.so tools/heap-probe.c
 *   GST_CALL_HEAP_PROBE_DIR=/tmp/probe LD_PRELOAD=$PWD/heap-probe.so PROGRAM
 */

#define _GNU_SOURCE
#include <limits.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char trigger_path[PATH_MAX];
static char report_path[PATH_MAX];

static void *
probe_thread (void *data)
{
  (void) data;
  for (;;) {
    struct mallinfo2 info;
    FILE *report;

    sleep (1);
    if (access (trigger_path, F_OK) != 0)
      continue;
    unlink (trigger_path);
    info = mallinfo2 ();
    report = fopen (report_path, "a");
    if (!report)
      continue;
    fprintf (report, "in-use=%zu arenas=%zu free=%zu mmapped=%zu\n",
             info.uordblks, info.arena, info.fordblks, info.hblkhd);
    fclose (report);
  }
  return NULL;
}

__attribute__ ((constructor)) static void
heap_probe_init (void)
{
  const char *dir = getenv ("GST_CALL_HEAP_PROBE_DIR");
  pthread_t thread;

  if (!dir)
    return;
  snprintf (trigger_path, sizeof trigger_path, "%s/dump-%ld", dir, (long) getpid ());
  snprintf (report_path, sizeof report_path, "%s/heap-%ld", dir, (long) getpid ());
  if (pthread_create (&thread, NULL, probe_thread, NULL) == 0)
    pthread_detach (thread);
}
