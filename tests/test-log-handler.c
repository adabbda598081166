/* libgstcall tests: which warnings and criticals end a test
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every test program installs test_tolerate_known_gstreamer_criticals():
 * any warning or critical aborts the test, except the few GStreamer 1.22
 * raises itself in calls that go on unharmed. Each case runs in a child
 * process and checks whether it died.
 */

#include "test-utils.h"

#define HASH_TABLE_CRITICAL \
  "g_hash_table_foreach: assertion 'version == hash_table->version' failed"

static gpointer
raise_hash_table_critical (gpointer data)
{
  g_log ("GLib", G_LOG_LEVEL_CRITICAL, HASH_TABLE_CRITICAL);
  return NULL;
}

static void
raise_on_thread (const char *thread_name)
{
  GThread *thread = g_thread_new (thread_name, raise_hash_table_critical, NULL);

  g_thread_join (thread);
}

static void
test_rtcp_thread_race_tolerated (void)
{
  if (g_test_subprocess ()) {
    test_tolerate_known_gstreamer_criticals ();
    raise_on_thread ("rtpsession-rtcp");
    return;
  }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  if (test_gstreamer_may_lack_rtpsession_copy_fix ()) {
    g_test_trap_assert_passed ();
  } else {
    /* GStreamer fixed the race: the critical means something else now. */
    g_test_trap_assert_failed ();
  }
  g_test_trap_assert_stderr ("*" HASH_TABLE_CRITICAL "*");
}

static void
test_same_critical_elsewhere_fatal (void)
{
  if (g_test_subprocess ()) {
    test_tolerate_known_gstreamer_criticals ();
    raise_on_thread ("some-other");
    return;
  }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*fatal log message on thread \"some-other\"*"
                             HASH_TABLE_CRITICAL "*");
}

static void
test_known_gstreamer_critical_tolerated (void)
{
  if (g_test_subprocess ()) {
    test_tolerate_known_gstreamer_criticals ();
    g_log ("GStreamer", G_LOG_LEVEL_CRITICAL,
           "gst_pad_create_stream_id_internal: assertion 'numsinkpads <= 1' "
           "failed");
    return;
  }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

#define NO_STREAM_ID_CRITICAL \
  "gst_pad_create_stream_id_internal: assertion 'parent->numsinkpads <= 1' failed"
#define NO_STREAM_START_CRITICAL \
  "gst_event_new_stream_start: assertion 'stream_id != NULL' failed"
#define PUSH_NO_EVENT_CRITICAL \
  "gst_pad_push_event: assertion 'GST_IS_EVENT (event)' failed"
#define NO_SEGMENT_WARNING \
  "../gst/gstpad.c:4705:gst_pad_push_data:<srtpdec96:rtcp_src> Got data flow " \
  "before segment event"
#define NO_SEGMENT_ELSEWHERE_WARNING \
  "../gst/gstpad.c:4705:gst_pad_push_data:<rtpbin0:send_rtp_src_0> Got data " \
  "flow before segment event"

/* srtpdec's chain of three criticals, in that order, on one thread; its
 * warning about RTCP without a segment, after the chain or alone. */
static void
test_srtpdec_chain_tolerated (void)
{
  if (g_test_subprocess ()) {
    test_tolerate_known_gstreamer_criticals ();
    for (guint i = 0; i < 2; i++) {
      g_log ("GStreamer", G_LOG_LEVEL_CRITICAL, NO_STREAM_ID_CRITICAL);
      g_log ("GStreamer", G_LOG_LEVEL_CRITICAL, NO_STREAM_START_CRITICAL);
      g_log ("GStreamer", G_LOG_LEVEL_CRITICAL, PUSH_NO_EVENT_CRITICAL);
      if (i == 0)
        g_log ("GStreamer", G_LOG_LEVEL_WARNING, NO_SEGMENT_WARNING);
    }
    g_log ("GStreamer", G_LOG_LEVEL_WARNING, NO_SEGMENT_WARNING);
    g_log ("GStreamer", G_LOG_LEVEL_WARNING, NO_SEGMENT_WARNING);
    return;
  }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* The follow-up criticals alone, out of order or after something else are
 * fatal. */
static void
test_srtpdec_chain_broken_fatal (gconstpointer data)
{
  const char * const *messages = data;

  if (g_test_subprocess ()) {
    test_tolerate_known_gstreamer_criticals ();
    for (guint i = 0; messages[i]; i++)
      g_log ("GStreamer",
             strstr (messages[i], "Got data flow") ? G_LOG_LEVEL_WARNING : G_LOG_LEVEL_CRITICAL,
             "%s", messages[i]);
    return;
  }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*fatal log message on thread*");
}

static const char * const stream_start_alone[] = { NO_STREAM_START_CRITICAL, NULL };
static const char * const push_event_too_early[] = {
  NO_STREAM_ID_CRITICAL, PUSH_NO_EVENT_CRITICAL, NULL
};
static const char * const push_event_twice[] = {
  NO_STREAM_ID_CRITICAL, NO_STREAM_START_CRITICAL, PUSH_NO_EVENT_CRITICAL,
  PUSH_NO_EVENT_CRITICAL, NULL
};
static const char * const no_segment_elsewhere[] = {
  NO_STREAM_ID_CRITICAL, NO_STREAM_START_CRITICAL, PUSH_NO_EVENT_CRITICAL,
  NO_SEGMENT_ELSEWHERE_WARNING, NULL
};
static const char * const chain_interrupted[] = {
  /* the depayloaders' first critical, tolerated itself, comes between */
  NO_STREAM_ID_CRITICAL,
  "gst_event_writable_structure: assertion 'GST_IS_EVENT (event)' failed",
  NO_STREAM_START_CRITICAL, NULL
};

#define WRITABLE_STRUCTURE_CRITICAL \
  "gst_event_writable_structure: assertion 'GST_IS_EVENT (event)' failed"
#define REMOVE_FIELD_CRITICAL \
  "gst_structure_remove_field: assertion 'structure != NULL' failed"

/* The VP8/VP9 depayloaders' pair of criticals, in that order. */
static void
test_depayloader_criticals_tolerated (void)
{
  if (g_test_subprocess ()) {
    test_tolerate_known_gstreamer_criticals ();
    g_log ("GStreamer", G_LOG_LEVEL_CRITICAL, WRITABLE_STRUCTURE_CRITICAL);
    g_log ("GStreamer", G_LOG_LEVEL_CRITICAL, REMOVE_FIELD_CRITICAL);
    return;
  }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* The second one alone, or not right after the first, is fatal. */
static void
test_remove_field_critical_alone_fatal (void)
{
  if (g_test_subprocess ()) {
    test_tolerate_known_gstreamer_criticals ();
    g_log ("GStreamer", G_LOG_LEVEL_CRITICAL, WRITABLE_STRUCTURE_CRITICAL);
    g_log ("GStreamer", G_LOG_LEVEL_CRITICAL,
           "gst_pad_create_stream_id_internal: assertion 'numsinkpads <= 1' failed");
    g_log ("GStreamer", G_LOG_LEVEL_CRITICAL, REMOVE_FIELD_CRITICAL);
    return;
  }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*fatal log message on thread*" REMOVE_FIELD_CRITICAL "*");
}

static void
test_other_critical_fatal (void)
{
  if (g_test_subprocess ()) {
    test_tolerate_known_gstreamer_criticals ();
    g_log ("GStreamer", G_LOG_LEVEL_CRITICAL,
           "gst_object_unref: assertion 'object != NULL' failed");
    return;
  }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*fatal log message on thread*"
                             "gst_object_unref*");
}

static void
test_warning_fatal (void)
{
  if (g_test_subprocess ()) {
    test_tolerate_known_gstreamer_criticals ();
    g_log ("GstCall", G_LOG_LEVEL_WARNING, "something went wrong");
    return;
  }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*something went wrong*");
}

int
main (int argc, char **argv)
{
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/GstCall/LogHandler/rtcp-thread-race-tolerated",
                   test_rtcp_thread_race_tolerated);
  g_test_add_func ("/GstCall/LogHandler/same-critical-elsewhere-fatal",
                   test_same_critical_elsewhere_fatal);
  g_test_add_func ("/GstCall/LogHandler/known-gstreamer-critical-tolerated",
                   test_known_gstreamer_critical_tolerated);
  g_test_add_func ("/GstCall/LogHandler/depayloader-criticals-tolerated",
                   test_depayloader_criticals_tolerated);
  g_test_add_func ("/GstCall/LogHandler/remove-field-critical-alone-fatal",
                   test_remove_field_critical_alone_fatal);
  g_test_add_func ("/GstCall/LogHandler/other-critical-fatal",
                   test_other_critical_fatal);
  g_test_add_func ("/GstCall/LogHandler/warning-fatal", test_warning_fatal);
  g_test_add_func ("/GstCall/LogHandler/srtpdec-chain-tolerated",
                   test_srtpdec_chain_tolerated);
  g_test_add_data_func ("/GstCall/LogHandler/srtpdec-chain/stream-start-alone-fatal",
                        stream_start_alone, test_srtpdec_chain_broken_fatal);
  g_test_add_data_func ("/GstCall/LogHandler/srtpdec-chain/push-event-too-early-fatal",
                        push_event_too_early, test_srtpdec_chain_broken_fatal);
  g_test_add_data_func ("/GstCall/LogHandler/srtpdec-chain/push-event-twice-fatal",
                        push_event_twice, test_srtpdec_chain_broken_fatal);
  g_test_add_data_func ("/GstCall/LogHandler/srtpdec-chain/no-segment-elsewhere-fatal",
                        no_segment_elsewhere, test_srtpdec_chain_broken_fatal);
  g_test_add_data_func ("/GstCall/LogHandler/srtpdec-chain/interrupted-fatal",
                        chain_interrupted, test_srtpdec_chain_broken_fatal);

  return g_test_run ();
}
