/* Churn: many short calls in one process must not leak file descriptors,
 * threads or memory.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each cycle makes two GstCall objects on a loopback signaller pair, dials
 * and answers an audio-only call with a data channel over 127.0.0.1, waits
 * until both are active and a message came through the channel, closes
 * the channel (every other cycle; the hang-up closes it otherwise), hangs
 * up and finalizes everything. The open descriptors, threads
 * and resident memory are measured after WARM_UP_CYCLES calls and again at
 * the end. The warm-up takes what a process allocates once and keeps:
 * GStreamer's registry and the caps of the decoders decodebin looks at,
 * the DTLS certificate, thread pools, and glibc's malloc arenas (one per
 * thread that allocates at once, up to eight per core), which the first
 * few dozen calls fill.
 *
 * GST_CALL_CHURN_CYCLES sets the number of cycles: the default (30, or 15
 * under AddressSanitizer) is for CI; 1000 is the soak setting:
 *   GST_CALL_CHURN_CYCLES=1000 meson test -C build test-churn --timeout-multiplier 20
 */

#include <malloc.h>
#include <stdlib.h>

#include "test-utils.h"

#define TIMEOUT_MS 20000
#define RSS_GROWTH_LIMIT_KB (5 * 1024)

/* AddressSanitizer keeps freed memory in quarantine: resident memory says
 * nothing about leaks there (LeakSanitizer checks those at exit). Without
 * the resident memory check, the long warm-up that fills glibc's malloc
 * arenas is not needed either: a few calls settle the descriptors and
 * threads, and fewer calls keep the sanitized run (about 1.2 s a call)
 * short. A descriptor or thread left behind by every call still shows. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif

#ifdef SANITIZED
#define CHECK_RSS FALSE
#define DEFAULT_CYCLES 15
#define WARM_UP_CYCLES 5
#else
#define CHECK_RSS TRUE
#define DEFAULT_CYCLES 30
#define WARM_UP_CYCLES 20
#endif

typedef struct {
  GstCall *call;
  GAsyncResult *setup_result;
  GstCallDataChannel *channel; /* the caller's, or the one the callee got */
  guint messages;
  guint closed;
} Side;

static void
on_channel_message (GstCallDataChannel *channel,
                    GBytes             *data,
                    gboolean            is_text,
                    Side               *side)
{
  side->messages++;
}

static void
on_channel_close (GstCallDataChannel *channel,
                  Side               *side)
{
  side->closed++;
}

static void
watch_channel (Side               *side,
               GstCallDataChannel *channel)
{
  side->channel = g_object_ref (channel);
  g_signal_connect (channel, "message", G_CALLBACK (on_channel_message), side);
  g_signal_connect (channel, "close", G_CALLBACK (on_channel_close), side);
}

static void
on_data_channel (GstCall            *call,
                 GstCallDataChannel *channel,
                 Side               *side)
{
  watch_channel (side, channel);
}

static gboolean
channels_open (gpointer data)
{
  Side *sides = data;

  return sides[1].channel &&
         gst_call_data_channel_get_ready_state (sides[0].channel) == GST_CALL_DATA_CHANNEL_STATE_OPEN &&
         gst_call_data_channel_get_ready_state (sides[1].channel) == GST_CALL_DATA_CHANNEL_STATE_OPEN;
}

static gboolean
has_message (gpointer data)
{
  return ((Side *) data)->messages > 0;
}

static gboolean
channels_closed (gpointer data)
{
  Side *sides = data;

  return sides[0].closed && sides[1].closed;
}

static void
on_setup_done (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Side *side = user_data;

  side->setup_result = g_object_ref (result);
}

static gboolean
has_setup_result (gpointer data)
{
  return ((Side *) data)->setup_result != NULL;
}

static gboolean
has_ended (gpointer data)
{
  return gst_call_get_state (((Side *) data)->call) == GST_CALL_STATE_ENDED;
}

static void
side_init (Side             *side,
           GstCallSignaller *signaller)
{
  const char * const loopback[] = { TEST_ICE_ADDRESS, NULL };
  g_autoptr (GError) error = NULL;
  GstElement *sink = gst_element_factory_make ("fakesink", NULL);

  memset (side, 0, sizeof (*side));
  side->call = gst_call_new ();
  g_object_set (side->call, "ice-local-addresses", loopback, "send-video", FALSE,
                "send-audio", TRUE, NULL);
  gst_call_set_signaller (side->call, signaller);
  g_assert_true (gst_call_set_sources_from_description (side->call, NULL,
                                                        "audiotestsrc is-live=true",
                                                        &error));
  g_assert_no_error (error);
  g_object_set (sink, "sync", FALSE, "async", FALSE, NULL);
  gst_call_set_audio_sink (side->call, sink);
}

static void
side_finish_setup (Side *side)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  test_wait_until (has_setup_result, side, TIMEOUT_MS, "call set-up");
  if (g_task_get_source_tag (G_TASK (side->setup_result)) == gst_call_dial_async)
    ok = gst_call_dial_finish (side->call, side->setup_result, &error);
  else
    ok = gst_call_answer_finish (side->call, side->setup_result, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  g_clear_object (&side->setup_result);
  g_assert_cmpint (gst_call_get_state (side->call), ==, GST_CALL_STATE_ACTIVE);
}

static void
run_one_call (guint cycle)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (GstCallDataChannel) channel = NULL;
  g_autoptr (GError) error = NULL;
  Side sides[2];
  Side *caller = &sides[0], *callee = &sides[1];

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (caller, GST_CALL_SIGNALLER (signaller_a));
  side_init (callee, GST_CALL_SIGNALLER (signaller_b));
  channel = gst_call_create_data_channel (caller->call, "churn", NULL, &error);
  g_assert_no_error (error);
  watch_channel (caller, channel);
  g_clear_object (&channel);
  g_signal_connect (callee->call, "data-channel", G_CALLBACK (on_data_channel), callee);

  gst_call_dial_async (caller->call, NULL, NULL, on_setup_done, caller);
  gst_call_answer_async (callee->call, NULL, on_setup_done, callee);
  side_finish_setup (caller);
  side_finish_setup (callee);

  test_wait_until (channels_open, sides, TIMEOUT_MS, "the data channel open on both sides");
  g_assert_true (gst_call_data_channel_send_string (callee->channel, "hello", &error));
  g_assert_no_error (error);
  test_wait_until (has_message, caller, TIMEOUT_MS, "the message over the data channel");
  if (cycle % 2) {
    gst_call_data_channel_close (caller->channel);
    test_wait_until (channels_closed, sides, TIMEOUT_MS, "the data channel closed");
  }

  gst_call_hangup (caller->call);
  test_wait_until (has_ended, callee, TIMEOUT_MS, "the hang-up reaching the callee");
  gst_call_hangup (callee->call);
  test_wait_until (channels_closed, sides, TIMEOUT_MS, "the data channel closed");

  test_drain_context ();
  g_assert_cmpuint (caller->closed, ==, 1);
  g_assert_cmpuint (callee->closed, ==, 1);
  g_assert_finalize_object (caller->call);
  g_assert_finalize_object (callee->call);
  g_assert_finalize_object (g_steal_pointer (&caller->channel));
  g_assert_finalize_object (g_steal_pointer (&callee->channel));
  g_assert_finalize_object (g_steal_pointer (&signaller_a));
  g_assert_finalize_object (g_steal_pointer (&signaller_b));
}

static guint
count_entries (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  guint count = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir))
    count++;
  /* Reading /proc/self/fd holds one descriptor itself. */
  return g_str_equal (path, "/proc/self/fd") ? count - 1 : count;
}

static guint64
resident_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  line = strstr (status, "VmRSS:");
  g_assert_nonnull (line);
  return g_ascii_strtoull (line + strlen ("VmRSS:"), NULL, 10);
}

typedef struct {
  guint fds;
  guint threads;
  guint64 rss_kb;
} Usage;

static void
measure (Usage *usage)
{
  /* Threads that end with a call exit shortly after it: let them. */
  test_drain_context ();
  g_usleep (200 * 1000);
  test_drain_context ();
  usage->fds = count_entries ("/proc/self/fd");
  usage->threads = count_entries ("/proc/self/task");
  /* Hand back what glibc keeps cached in the arenas of exited streaming
   * threads: freed memory is not a leak. */
  malloc_trim (0);
  usage->rss_kb = resident_kb ();
}

static gboolean
usage_settled (Usage       *usage,
               const Usage *baseline)
{
  /* GStreamer's thread pools retire idle threads a few seconds after use. */
  for (guint attempt = 0; attempt < 50; attempt++) {
    measure (usage);
    if (usage->fds <= baseline->fds && usage->threads <= baseline->threads)
      return TRUE;
  }
  return FALSE;
}

static void
test_churn (void)
{
  const char *cycles_env = g_getenv ("GST_CALL_CHURN_CYCLES");
  guint cycles = cycles_env ? (guint) g_ascii_strtoull (cycles_env, NULL, 10) : DEFAULT_CYCLES;
  Usage baseline, after;
  gint64 started;
  gint64 rss_growth;

  g_assert_cmpuint (cycles, >, 0);

  /* Warm-up: what the first calls allocate for the whole process. */
  for (guint i = 0; i < WARM_UP_CYCLES; i++)
    run_one_call (i);
  measure (&baseline);
  /* A thread of the last call may still be on its way out: the baseline is
   * the lowest of a few samples. */
  for (guint sample = 0; sample < 5; sample++) {
    Usage usage;

    measure (&usage);
    baseline.fds = MIN (baseline.fds, usage.fds);
    baseline.threads = MIN (baseline.threads, usage.threads);
  }
  g_test_message ("before: %u fds, %u threads, RSS %" G_GUINT64_FORMAT " kB",
                  baseline.fds, baseline.threads, baseline.rss_kb);

  started = g_get_monotonic_time ();
  for (guint i = 0; i < cycles; i++)
    run_one_call (i);

  usage_settled (&after, &baseline);
  rss_growth = (gint64) after.rss_kb - (gint64) baseline.rss_kb;
  g_test_message ("after %u calls (%.0f ms each): %u fds, %u threads, RSS %"
                  G_GUINT64_FORMAT " kB (%+" G_GINT64_FORMAT " kB)",
                  cycles, (g_get_monotonic_time () - started) / 1000.0 / cycles,
                  after.fds, after.threads, after.rss_kb, rss_growth);

  g_assert_cmpuint (after.fds, ==, baseline.fds);
  g_assert_cmpuint (after.threads, ==, baseline.threads);
  if (CHECK_RSS)
    g_assert_cmpint (rss_growth, <, RSS_GROWTH_LIMIT_KB);
  else
    g_test_message ("resident memory not checked under AddressSanitizer");
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);
  test_tolerate_known_gstreamer_criticals ();

  g_test_add_func ("/GstCall/Churn/calls", test_churn);

  return g_test_run ();
}
