/* libgstcall test utilities
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <execinfo.h>
#include <stdio.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "test-utils.h"

static gboolean
on_timeout (gpointer user_data)
{
  gboolean *timed_out = user_data;

  *timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
keep_polling (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

/* GST_CALL_TEST_TIMEOUT_SCALE stretches every wait (the valgrind test
 * setup sets it: everything runs tens of times slower there). */
static guint
scaled_timeout (guint timeout_ms)
{
  const char *scale = g_getenv ("GST_CALL_TEST_TIMEOUT_SCALE");
  guint64 factor = scale ? g_ascii_strtoull (scale, NULL, 10) : 1;

  return (guint) MIN ((guint64) timeout_ms * MAX (factor, 1), G_MAXUINT);
}

void
test_wait_until (gboolean    (*condition) (gpointer data),
                 gpointer      data,
                 guint         timeout_ms,
                 const char   *what)
{
  GMainContext *context = g_main_context_ref_thread_default ();
  gboolean timed_out = FALSE;
  GSource *timeout;
  /* Conditions may depend on counters bumped by streaming threads, which
   * do not wake the context: look again every 20 ms. */
  GSource *poll = g_timeout_source_new (20);

  timeout_ms = scaled_timeout (timeout_ms);
  timeout = g_timeout_source_new (timeout_ms);

  g_source_set_callback (timeout, on_timeout, &timed_out, NULL);
  g_source_attach (timeout, context);
  g_source_set_callback (poll, keep_polling, NULL, NULL);
  g_source_attach (poll, context);

  while (!condition (data) && !timed_out)
    g_main_context_iteration (context, TRUE);

  g_source_destroy (poll);
  g_source_unref (poll);
  g_source_destroy (timeout);
  g_source_unref (timeout);
  g_main_context_unref (context);

  if (!condition (data))
    g_error ("timed out after %u ms waiting for %s", timeout_ms, what);
}

static gboolean
flag_is_set (gpointer data)
{
  return *(const gboolean *) data;
}

void
test_wait_for_flag (const gboolean *flag,
                    guint           timeout_ms,
                    const char     *what)
{
  test_wait_until (flag_is_set, (gpointer) flag, timeout_ms, what);
}

/* Criticals GStreamer 1.22 itself raises in calls that go on unharmed:
 * - srtpdec, given RTCP before any RTP, makes a stream id on an element with
 *   two sink pads and trips an assertion in
 *   gst_pad_create_stream_id_internal(); newer GStreamer no longer takes
 *   that path. The NULL id it gets then goes, on the same thread and right
 *   after, to gst_event_new_stream_start(), and the NULL event that makes to
 *   gst_pad_push_event() (seen in the churn test under AddressSanitizer):
 *   those two criticals are let through only in that order, right after the
 *   first. The first RTP packet gives srtpdec its stream id.
 * - srtpdec's RTCP packets before the RTP side has a segment (after the
 *   chain above, or when RTCP overtakes the first RTP packet's events on
 *   another thread) leave its rtcp_src with no segment event before them,
 *   and gst_pad_push_data() warns. rtpbin takes RTCP without a segment: that
 *   warning, on an srtpdec's rtcp_src only, is let through.
 * - the VP8/VP9 depayloaders' packet-lost handling, when the jitterbuffer
 *   gives up on a packet in the middle of a picture (seen now and then in
 *   VP9 calls on a loaded machine), asks gst_event_writable_structure() for
 *   the structure of something that is not an event; the lost packet is
 *   reported all the same. Right after it, on the same thread, the NULL it
 *   got goes to gst_structure_remove_field() (seen under valgrind): that
 *   second critical is let through only there.
 * - rtpsession's RTCP thread, making the first sender report of a source
 *   whose clock rate it does not know yet (webrtcbin's rtpfunnel sends caps
 *   without one), lets go of the session lock to ask for it in the middle of
 *   walking the session's sources; a packet from a new remote SSRC arriving
 *   right then adds a source, and GLib's check that the table did not change
 *   fires. The walk only stops early: that one report goes out shorter.
 *   GStreamer fixed it after 1.22.0 (merge request 4585, iterating over a
 *   copy); from GStreamer 1.24 on, the critical stays fatal. */
gboolean
test_thread_running (const char *prefix)
{
  g_autoptr (GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  const char *task;
  gboolean found = FALSE;

  while (dir && !found && (task = g_dir_read_name (dir))) {
    g_autofree char *path = g_build_filename ("/proc/self/task", task, "comm", NULL);
    g_autofree char *name = NULL;

    if (g_file_get_contents (path, &name, NULL, NULL))
      found = g_str_has_prefix (name, prefix);
  }
  return found;
}

gboolean
test_gstreamer_may_lack_rtpsession_copy_fix (void)
{
  guint major, minor, micro, nano;

  /* The fix went into the 1.22 series after 1.22.0 and into 1.24: on 1.22.x
   * the critical is let through whether or not that release has it. */
  gst_version (&major, &minor, &micro, &nano);
  return major == 1 && minor <= 22;
}

/* Set on a thread that just raised the depayloaders' known critical. */
static GPrivate after_depayloader_critical;

/* How far a thread is into srtpdec's chain of three criticals. */
typedef enum {
  SRTPDEC_CHAIN_NONE,
  SRTPDEC_CHAIN_NO_STREAM_ID,
  SRTPDEC_CHAIN_NO_STREAM_START,
} SrtpdecChainStep;

static GPrivate srtpdec_chain_step;

/* Returns whether @message is the next critical of srtpdec's chain on this
 * thread, and moves the thread along it. */
static gboolean
continues_srtpdec_chain (const char *message)
{
  SrtpdecChainStep step = GPOINTER_TO_INT (g_private_get (&srtpdec_chain_step));
  SrtpdecChainStep next = SRTPDEC_CHAIN_NONE;
  gboolean known = FALSE;

  if (strstr (message, "gst_pad_create_stream_id_internal") &&
      strstr (message, "numsinkpads <= 1")) {
    next = SRTPDEC_CHAIN_NO_STREAM_ID;
    known = TRUE;
  } else if (step == SRTPDEC_CHAIN_NO_STREAM_ID &&
             strstr (message, "gst_event_new_stream_start") &&
             strstr (message, "stream_id != NULL")) {
    next = SRTPDEC_CHAIN_NO_STREAM_START;
    known = TRUE;
  } else if (step == SRTPDEC_CHAIN_NO_STREAM_START &&
             strstr (message, "gst_pad_push_event") &&
             strstr (message, "GST_IS_EVENT (event)")) {
    known = TRUE;
  }
  g_private_set (&srtpdec_chain_step, GINT_TO_POINTER (next));
  return known;
}

static gboolean
is_known_gstreamer_critical (const char *log_domain,
                             const char *message,
                             const char *thread_name)
{
  gboolean follows_depayloader_critical = g_private_get (&after_depayloader_critical) != NULL;
  gboolean continues_srtpdec = message && continues_srtpdec_chain (message);

  g_private_set (&after_depayloader_critical, NULL);
  if (!message)
    return FALSE;
  if (g_strcmp0 (log_domain, "GLib") == 0)
    return g_str_equal (thread_name, "rtpsession-rtcp") &&
           strstr (message, "g_hash_table_foreach") &&
           strstr (message, "version == hash_table->version") &&
           test_gstreamer_may_lack_rtpsession_copy_fix ();
  if (g_strcmp0 (log_domain, "GStreamer") != 0)
    return FALSE;
  if (strstr (message, "gst_event_writable_structure") &&
      strstr (message, "GST_IS_EVENT (event)")) {
    g_private_set (&after_depayloader_critical, GINT_TO_POINTER (TRUE));
    return TRUE;
  }
  if (follows_depayloader_critical && strstr (message, "gst_structure_remove_field") &&
      strstr (message, "structure != NULL"))
    return TRUE;
  if (strstr (message, "gst_pad_push_data:<srtpdec") &&
      strstr (message, ":rtcp_src> Got data flow before segment event"))
    return TRUE;
  return continues_srtpdec;
}

/* Any other warning or critical ends the test. Which thread raised it, and
 * from where, is what a rare one seen only in CI needs: both are printed
 * first.
 *
 * GLib's own hook for this, g_test_log_set_fatal_handler(), is reset at the
 * start of every test case, so it would only cover main() itself. Instead
 * warnings and criticals stop being fatal in GLib, and this default log
 * handler makes them fatal again, all but the known ones. */
static void
on_log (const char     *log_domain,
        GLogLevelFlags  log_level,
        const char     *message,
        gpointer        user_data)
{
  char thread_name[17] = "";
  gboolean fatal;

  prctl (PR_GET_NAME, thread_name, 0, 0, 0);
  fatal = (log_level & (G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL)) &&
          !is_known_gstreamer_critical (log_domain, message, thread_name);

  if (fatal) {
    void *frames[64];
    int n_frames;

    fprintf (stderr, "fatal log message on thread \"%s\": %s: %s\n", thread_name,
             log_domain ? log_domain : "", message ? message : "");
    n_frames = backtrace (frames, G_N_ELEMENTS (frames));
    backtrace_symbols_fd (frames, n_frames, STDERR_FILENO);
    log_level |= G_LOG_FLAG_FATAL;
  }
  g_log_default_handler (log_domain, log_level, message, user_data);
  if (fatal)
    abort ();
}

void
test_tolerate_known_gstreamer_criticals (void)
{
  g_log_set_always_fatal (G_LOG_FATAL_MASK);
  g_log_set_default_handler (on_log, NULL);
}

GstPeerConnection *
test_new_loopback_peer_connection (GError **error)
{
  const char * const loopback[] = { TEST_ICE_ADDRESS, NULL };

  return g_initable_new (GST_TYPE_PEER_CONNECTION, NULL, error,
                         "ice-local-addresses", loopback, NULL);
}

static void
on_stats (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  GstCallStats **stats = user_data;
  g_autoptr (GError) error = NULL;

  *stats = gst_call_get_stats_finish (GST_CALL (source), result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (*stats);
}

GstCallStats *
test_call_get_stats (GstCall *call)
{
  g_autoptr (GMainContext) context = g_main_context_ref_thread_default ();
  GstCallStats *stats = NULL;

  gst_call_get_stats_async (call, NULL, on_stats, &stats);
  while (!stats)
    g_main_context_iteration (context, TRUE);
  return stats;
}

GstStructure *
test_call_get_stats_structure (GstCall *call)
{
  g_autoptr (GstCallStats) stats = test_call_get_stats (call);

  return gst_call_stats_to_structure (stats);
}

guint
test_call_stats_uint (GstCall    *call,
                      const char *field)
{
  g_autoptr (GstStructure) stats = test_call_get_stats_structure (call);
  guint value = 0;

  g_assert_true (gst_structure_get_uint (stats, field, &value));
  return value;
}

typedef struct {
  GstCall *call;
  const char *field;
  guint at_least;
} StatsWait;

static gboolean
stats_reached (gpointer data)
{
  StatsWait *wait = data;

  return test_call_stats_uint (wait->call, wait->field) >= wait->at_least;
}

void
test_wait_call_stats (GstCall    *call,
                      const char *field,
                      guint       at_least)
{
  StatsWait wait = { call, field, at_least };
  g_autofree char *what = g_strdup_printf ("%s >= %u", field, at_least);

  test_wait_until (stats_reached, &wait, 20000, what);
}

void
test_drain_context (void)
{
  GMainContext *context = g_main_context_ref_thread_default ();

  while (g_main_context_iteration (context, FALSE))
    ;
  g_main_context_unref (context);
}

#define ASSERT_OWNER(peer) \
  G_STMT_START { \
    g_assert_true (g_thread_self () == (peer)->owner_thread); \
    (peer)->handler_calls++; \
  } G_STMT_END

static void
record_error (TestPeer   *peer,
              GError     *error,
              const char *step)
{
  g_printerr ("%s: %s failed: %s\n", peer->name, step, error->message);
  if (!peer->error)
    peer->error = error;
  else
    g_error_free (error);
}

static void
on_negotiated (GstCallNegotiator *negotiator,
               TestPeer          *peer)
{
  ASSERT_OWNER (peer);
  peer->negotiated = TRUE;
}

static void
on_negotiation_failed (GstCallNegotiator *negotiator,
                       GError            *error,
                       TestPeer          *peer)
{
  ASSERT_OWNER (peer);
  record_error (peer, g_error_copy (error), "negotiation");
}

static void
on_ice_candidate (GstPeerConnection *pc,
                  guint              mline_index,
                  const char        *candidate,
                  TestPeer          *peer)
{
  ASSERT_OWNER (peer);
  g_assert_true (g_str_has_prefix (candidate, "candidate:"));
  /* Tests never leave this machine's loopback interface. */
  g_assert_nonnull (strstr (candidate, " 127.0.0.1 "));
}

static void
on_description_received (GstCallSignaller *signaller,
                         GstCallSdpType    type,
                         const char       *sdp,
                         TestPeer         *peer)
{
  ASSERT_OWNER (peer);
}

static void
on_candidate_received (GstCallSignaller *signaller,
                       guint             mline_index,
                       const char       *candidate,
                       TestPeer         *peer)
{
  ASSERT_OWNER (peer);
}

static void
on_connection_state (GstPeerConnection *pc,
                     GParamSpec        *pspec,
                     TestPeer          *peer)
{
  ASSERT_OWNER (peer);
  if (gst_peer_connection_get_connection_state (pc) ==
      GST_CALL_PEER_CONNECTION_STATE_CONNECTED)
    peer->connected = TRUE;
}

static void
on_negotiation_needed (GstPeerConnection *pc,
                       TestPeer          *peer)
{
  ASSERT_OWNER (peer);
}

static void
on_any_state (GstPeerConnection *pc,
              GParamSpec        *pspec,
              TestPeer          *peer)
{
  ASSERT_OWNER (peer);
}

static GstPadProbeReturn
count_buffer (GstPad          *pad,
              GstPadProbeInfo *info,
              gpointer         user_data)
{
  g_atomic_int_inc ((gint *) user_data);
  return GST_PAD_PROBE_OK;
}

static void
on_track (GstPeerConnection *pc,
          GstCallTrack      *track,
          TestPeer          *peer)
{
  gboolean video = gst_call_track_get_kind (track) == GST_CALL_MEDIA_KIND_VIDEO;
  GstElement *sink = gst_element_factory_make ("fakesink", NULL);
  GError *error = NULL;

  ASSERT_OWNER (peer);
  g_assert_true (gst_call_track_is_remote (track));
  g_assert_nonnull (gst_call_track_get_pad (track));
  /* webrtcbin names its media sections after their kind ("video0"). */
  g_assert_nonnull (gst_call_track_get_mid (track));
  g_assert_true (g_str_has_prefix (gst_call_track_get_mid (track), video ? "video" : "audio"));

  if (video)
    peer->video_tracks++;
  else
    peer->audio_tracks++;

  g_object_set (sink, "sync", FALSE, "async", FALSE, NULL);
  gst_pad_add_probe (gst_call_track_get_pad (track), GST_PAD_PROBE_TYPE_BUFFER,
                     count_buffer, video ? &peer->video_buffers : &peer->audio_buffers,
                     NULL);
  if (!gst_call_track_set_sink (track, sink, &error))
    record_error (peer, error, "set-sink");
}

static void
on_pc_error (GstPeerConnection *pc,
             GError            *error,
             TestPeer          *peer)
{
  ASSERT_OWNER (peer);
  record_error (peer, g_error_copy (error), "media");
}

TestPeer *
test_peer_new (const char       *name,
               GstCallSignaller *signaller,
               gboolean          offerer)
{
  TestPeer *peer = g_new0 (TestPeer, 1);
  GError *error = NULL;

  peer->name = name;
  peer->offerer = offerer;
  peer->owner_thread = g_thread_self ();
  peer->signaller = g_object_ref (signaller);
  peer->pc = test_new_loopback_peer_connection (&error);
  g_assert_no_error (error);

  g_signal_connect (peer->pc, "ice-candidate", G_CALLBACK (on_ice_candidate), peer);
  g_signal_connect (peer->pc, "negotiation-needed",
                    G_CALLBACK (on_negotiation_needed), peer);
  g_signal_connect (peer->pc, "track", G_CALLBACK (on_track), peer);
  g_signal_connect (peer->pc, "error", G_CALLBACK (on_pc_error), peer);
  g_signal_connect (peer->pc, "notify::connection-state",
                    G_CALLBACK (on_connection_state), peer);
  g_signal_connect (peer->pc, "notify::signaling-state", G_CALLBACK (on_any_state), peer);
  g_signal_connect (peer->pc, "notify::ice-gathering-state",
                    G_CALLBACK (on_any_state), peer);
  g_signal_connect (peer->pc, "notify::ice-connection-state",
                    G_CALLBACK (on_any_state), peer);
  g_signal_connect (signaller, "description-received",
                    G_CALLBACK (on_description_received), peer);
  g_signal_connect (signaller, "candidate-received",
                    G_CALLBACK (on_candidate_received), peer);

  peer->negotiator = gst_call_negotiator_new (peer->pc, signaller, offerer);
  g_signal_connect (peer->negotiator, "negotiated", G_CALLBACK (on_negotiated), peer);
  g_signal_connect (peer->negotiator, "failed", G_CALLBACK (on_negotiation_failed), peer);
  return peer;
}

void
test_peer_add_media (TestPeer *peer,
                     gboolean  video,
                     gboolean  audio)
{
  GError *error = NULL;

  GstCallTrack *track;

  if (video) {
    track = gst_peer_connection_add_track_from_description (
        peer->pc, GST_CALL_MEDIA_KIND_VIDEO, TEST_VIDEO_SOURCE, &error);
    g_assert_no_error (error);
    g_assert_nonnull (track);
  }
  if (audio) {
    track = gst_peer_connection_add_track_from_description (
        peer->pc, GST_CALL_MEDIA_KIND_AUDIO, TEST_AUDIO_SOURCE, &error);
    g_assert_no_error (error);
    g_assert_nonnull (track);
  }
}

const char *
test_peer_get_offer (TestPeer *peer)
{
  return gst_call_negotiator_get_offer (peer->negotiator);
}

const char *
test_peer_get_answer (TestPeer *peer)
{
  return gst_call_negotiator_get_answer (peer->negotiator);
}

void
test_peer_free (TestPeer *peer)
{
  g_signal_handlers_disconnect_by_data (peer->signaller, peer);
  g_signal_handlers_disconnect_by_data (peer->pc, peer);
  gst_call_negotiator_stop (peer->negotiator);
  gst_peer_connection_close (peer->pc);
  /* Let cancelled operations deliver their results. */
  test_drain_context ();
  g_assert_finalize_object (peer->negotiator);
  g_assert_finalize_object (peer->pc);
  g_object_unref (peer->signaller);
  g_clear_error (&peer->error);
  g_free (peer);
}

static void
die_with_parent (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

GSubprocess *
test_spawn_child (GSubprocessFlags     flags,
                  const char * const  *argv,
                  GError             **error)
{
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (flags);

  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  return g_subprocess_launcher_spawnv (launcher, argv, error);
}

/* A watchdog: a call that does not return in time is a deadlock. */

static gpointer
watchdog_thread (gpointer data)
{
  TestWatchdog *watchdog = data;
  gint64 deadline = g_get_monotonic_time () + watchdog->seconds * G_USEC_PER_SEC;

  g_mutex_lock (&watchdog->lock);
  while (!watchdog->done) {
    if (!g_cond_wait_until (&watchdog->cond, &watchdog->lock, deadline) && !watchdog->done)
      g_error ("deadlock: %s did not return within %u s", watchdog->what,
               watchdog->seconds);
  }
  g_mutex_unlock (&watchdog->lock);
  return NULL;
}

void
test_watchdog_start (TestWatchdog   *watchdog,
                const char *what)
{
  const char *scale = g_getenv ("GST_CALL_TEST_TIMEOUT_SCALE");

  g_mutex_init (&watchdog->lock);
  g_cond_init (&watchdog->cond);
  watchdog->done = FALSE;
  watchdog->what = what;
  watchdog->seconds = 10 * MAX (scale ? (guint) g_ascii_strtoull (scale, NULL, 10) : 1, 1);
  watchdog->thread = g_thread_new ("watchdog", watchdog_thread, watchdog);
}

void
test_watchdog_stop (TestWatchdog *watchdog)
{
  g_mutex_lock (&watchdog->lock);
  watchdog->done = TRUE;
  g_cond_signal (&watchdog->cond);
  g_mutex_unlock (&watchdog->lock);
  g_thread_join (watchdog->thread);
  g_mutex_clear (&watchdog->lock);
  g_cond_clear (&watchdog->cond);
}

static gboolean
timeout_reached (gpointer data)
{
  return g_get_monotonic_time () >= *(gint64 *) data;
}

void
test_iterate_for (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;

  test_wait_until (timeout_reached, &until, ms + 1000, "a pause");
}

/* Muting stops media: once what was in flight drained (the count stops
 * moving within 8 s), nothing more arrives for a full second; unmuting
 * resumes it. The sender's count stops at once. */
void
test_assert_mute_stops_media (GstCall    *sender,
                              GstCall    *receiver,
                              const char *field,
                              void      (*set_muted) (GstCall *, gboolean),
                              gboolean  (*get_muted) (GstCall *),
                              guint       resume_at_least)
{
  g_autofree char *sent_field = g_strdup (field);
  gint64 give_up = g_get_monotonic_time () + 8 * G_USEC_PER_SEC;
  guint before, after, previous, sent;

  /* "video-frames-received" -> "video-frames-sent" */
  strcpy (strrchr (sent_field, '-') + 1, "sent");

  set_muted (sender, TRUE);
  g_assert_true (get_muted (sender));
  /* The sender stops at once: nothing more reaches its encoder. A frame
   * already queued before it may still be counted (on a loaded machine):
   * wait for the count to settle, then it must not move. */
  sent = test_call_stats_uint (sender, sent_field);
  for (guint i = 0; i < 10; i++) {
    guint settled = sent;

    test_iterate_for (300);
    sent = test_call_stats_uint (sender, sent_field);
    if (sent == settled)
      break;
  }
  test_iterate_for (500);
  g_assert_cmpuint (test_call_stats_uint (sender, sent_field), ==, sent);

  /* The receiver drains what was in flight: no change for 1.5 s (a loaded
   * machine may deliver it in bursts), then nothing more for a second. */
  previous = test_call_stats_uint (receiver, field);
  do {
    test_iterate_for (1500);
    before = previous;
    previous = test_call_stats_uint (receiver, field);
  } while (previous != before && g_get_monotonic_time () < give_up);

  test_iterate_for (1000);
  after = test_call_stats_uint (receiver, field);
  g_test_message ("%s while muted: %u -> %u (sender stopped at %u)", field, before,
                  after, sent);
  g_assert_cmpuint (after, ==, before);
  g_assert_cmpuint (test_call_stats_uint (sender, sent_field), ==, sent);

  set_muted (sender, FALSE);
  g_assert_false (get_muted (sender));
  test_wait_call_stats (receiver, field, after + resume_at_least);
  test_wait_call_stats (sender, sent_field, sent + resume_at_least);
}

static void
on_side_state (GstCall      *call,
               GParamSpec   *pspec,
               TestCallSide *side)
{
  g_assert_true (g_thread_self () == side->owner);
  g_ptr_array_add (side->states, GINT_TO_POINTER (gst_call_get_state (call)));
}

static void
on_side_ended (GstCall      *call,
               const GError *reason,
               TestCallSide *side)
{
  g_assert_true (g_thread_self () == side->owner);
  side->ended++;
  side->ended_at = g_get_monotonic_time ();
  g_clear_error (&side->ended_reason);
  if (reason)
    side->ended_reason = g_error_copy (reason);
}

static void
on_side_incoming (GstCall      *call,
                  TestCallSide *side)
{
  g_assert_true (g_thread_self () == side->owner);
  side->incoming = TRUE;
}

static void
on_side_remote_track (GstCall      *call,
                      GstCallTrack *track,
                      TestCallSide *side)
{
  g_assert_true (g_thread_self () == side->owner);
  g_assert_true (gst_call_track_is_remote (track));
  side->remote_tracks[gst_call_track_get_kind (track)]++;
}

void
test_call_side_init (TestCallSide *side,
                     const char   *name,
                     GstCall      *call)
{
  memset (side, 0, sizeof (*side));
  side->name = name;
  side->owner = g_thread_self ();
  side->states = g_ptr_array_new ();
  side->call = call;
  g_signal_connect (call, "notify::state", G_CALLBACK (on_side_state), side);
  g_signal_connect (call, "ended", G_CALLBACK (on_side_ended), side);
  g_signal_connect (call, "incoming-call", G_CALLBACK (on_side_incoming), side);
  g_signal_connect (call, "remote-track", G_CALLBACK (on_side_remote_track), side);
}

void
test_call_side_clear (TestCallSide *side)
{
  g_clear_object (&side->setup_result);
  test_drain_context ();
  g_assert_finalize_object (side->call);
  g_ptr_array_unref (side->states);
  g_clear_error (&side->ended_reason);
}

void
test_call_side_on_setup_done (GObject      *source,
                              GAsyncResult *result,
                              gpointer      data)
{
  TestCallSide *side = data;

  g_assert_true (g_thread_self () == side->owner);
  side->setup_result = g_object_ref (result);
}

static gboolean
has_setup_result (gpointer data)
{
  return ((TestCallSide *) data)->setup_result != NULL;
}

gboolean
test_call_side_finish_setup (TestCallSide  *side,
                             GError       **error)
{
  gboolean dialled;
  gboolean ok;

  test_wait_until (has_setup_result, side, 20000, "call set-up");
  dialled = g_task_get_source_tag (G_TASK (side->setup_result)) == gst_call_dial_async;
  ok = dialled ? gst_call_dial_finish (side->call, side->setup_result, error)
               : gst_call_answer_finish (side->call, side->setup_result, error);
  g_clear_object (&side->setup_result);
  return ok;
}

gboolean
test_call_side_ended (gpointer data)
{
  return ((TestCallSide *) data)->ended > 0;
}

void
test_call_connect_pair (TestCallSide *caller,
                        TestCallSide *callee)
{
  g_autoptr (GError) error = NULL;

  gst_call_dial_async (caller->call, NULL, NULL, test_call_side_on_setup_done, caller);
  gst_call_answer_async (callee->call, NULL, test_call_side_on_setup_done, callee);
  g_assert_true (test_call_side_finish_setup (caller, &error));
  g_assert_no_error (error);
  g_assert_true (test_call_side_finish_setup (callee, &error));
  g_assert_no_error (error);
  g_assert_cmpint (gst_call_get_state (caller->call), ==, GST_CALL_STATE_ACTIVE);
  g_assert_cmpint (gst_call_get_state (callee->call), ==, GST_CALL_STATE_ACTIVE);
}

gboolean
test_call_side_incoming (gpointer data)
{
  return ((TestCallSide *) data)->incoming;
}

void
test_call_connect_pair_on_offer (TestCallSide *caller,
                                 TestCallSide *callee)
{
  g_autoptr (GError) error = NULL;

  gst_call_dial_async (caller->call, NULL, NULL, test_call_side_on_setup_done, caller);
  test_wait_until (test_call_side_incoming, callee, 20000, "the offer to reach the callee");
  g_assert_cmpint (gst_call_get_state (callee->call), ==, GST_CALL_STATE_IDLE);
  gst_call_answer_async (callee->call, NULL, test_call_side_on_setup_done, callee);
  g_assert_true (test_call_side_finish_setup (caller, &error));
  g_assert_no_error (error);
  g_assert_true (test_call_side_finish_setup (callee, &error));
  g_assert_no_error (error);
  g_assert_cmpint (gst_call_get_state (caller->call), ==, GST_CALL_STATE_ACTIVE);
  g_assert_cmpint (gst_call_get_state (callee->call), ==, GST_CALL_STATE_ACTIVE);
}

GstElement *
test_make_synced_fakesink (void)
{
  GstElement *sink = gst_element_factory_make ("fakesink", NULL);

  g_object_set (sink, "sync", TRUE, "async", FALSE, NULL);
  return sink;
}

int
test_cannot_run (const char *reason)
{
  if (g_strcmp0 (g_getenv ("CI"), "true") == 0) {
    g_printerr ("Bail out! cannot run in CI, where it must: %s\n", reason);
    return 1;
  }
  g_test_skip (reason);
  return g_test_run ();
}

/* Not with soup_server_get_uris(): libsoup 3.2 leaks an address there. */
guint16
test_soup_server_port (SoupServer *server)
{
  GSList *listeners = soup_server_get_listeners (server);
  g_autoptr (GSocketAddress) address = NULL;

  g_assert_nonnull (listeners);
  address = g_socket_get_local_address (listeners->data, NULL);
  g_slist_free (listeners);
  return g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (address));
}

/* What the source's pad probe shares with the waiting thread. The probe
 * holds a reference of its own, dropped by the pad once no call of the
 * probe is running any more: gst_pad_remove_probe() does not wait for a
 * call on the streaming thread to return. */
typedef struct {
  GMutex lock;
  GCond cond;
  gboolean pushed;
} ReplayFirstBuffer;

static void
replay_first_buffer_clear (ReplayFirstBuffer *first)
{
  g_mutex_clear (&first->lock);
  g_cond_clear (&first->cond);
}

static void
replay_first_buffer_unref (gpointer first)
{
  g_atomic_rc_box_release_full (first, (GDestroyNotify) replay_first_buffer_clear);
}

struct _TestStateReplay {
  GstElement *pipeline;
  GstElement *source;
  GstPad *source_pad;
  gulong handler;
  gulong probe;
  ReplayFirstBuffer *first;
};

static GstPadProbeReturn
on_replay_first_buffer (GstPad          *pad,
                        GstPadProbeInfo *info,
                        gpointer         user_data)
{
  ReplayFirstBuffer *first = user_data;

  g_mutex_lock (&first->lock);
  first->pushed = TRUE;
  g_cond_signal (&first->cond);
  g_mutex_unlock (&first->lock);
  return GST_PAD_PROBE_OK;
}

static void
on_replay_element_added (GstBin          *bin,
                         GstElement      *element,
                         TestStateReplay *replay)
{
  gint64 give_up = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  /* The source itself, or a bin the track wrapped it in. */
  if (element != replay->source &&
      !gst_object_has_as_ancestor (GST_OBJECT (replay->source), GST_OBJECT (element)))
    return;
  gst_element_set_state (replay->pipeline, GST_STATE_PLAYING);
  if (GST_STATE_TARGET (replay->source) == GST_STATE_NULL)
    return;
  /* A source it started pushes now, before anything is linked to it, and
   * is told where its first buffer went. */
  g_mutex_lock (&replay->first->lock);
  while (!replay->first->pushed &&
         g_cond_wait_until (&replay->first->cond, &replay->first->lock, give_up))
    ;
  g_mutex_unlock (&replay->first->lock);
  while (gst_pad_get_last_flow_return (replay->source_pad) == GST_FLOW_OK &&
         g_get_monotonic_time () < give_up)
    g_usleep (1000);
}

TestStateReplay *
test_state_replay_new (GstElement *pipeline,
                       GstElement *source)
{
  TestStateReplay *replay = g_new0 (TestStateReplay, 1);

  replay->source_pad = gst_element_get_static_pad (source, "src");
  g_assert_nonnull (replay->source_pad);
  replay->first = g_atomic_rc_box_new0 (ReplayFirstBuffer);
  g_mutex_init (&replay->first->lock);
  g_cond_init (&replay->first->cond);
  replay->pipeline = gst_object_ref (pipeline);
  replay->source = source;
  replay->probe = gst_pad_add_probe (replay->source_pad, GST_PAD_PROBE_TYPE_BUFFER,
                                     on_replay_first_buffer,
                                     g_atomic_rc_box_acquire (replay->first),
                                     replay_first_buffer_unref);
  replay->handler = g_signal_connect (pipeline, "element-added",
                                      G_CALLBACK (on_replay_element_added), replay);
  return replay;
}

void
test_state_replay_free (TestStateReplay *replay)
{
  g_signal_handler_disconnect (replay->pipeline, replay->handler);
  gst_pad_remove_probe (replay->source_pad, replay->probe);
  gst_object_unref (replay->source_pad);
  gst_object_unref (replay->pipeline);
  replay_first_buffer_unref (replay->first);
  g_free (replay);
}

char *
test_call_quality_limitation_reason (GstCall          *call,
                                     GstCallMediaKind  kind)
{
  g_autoptr (GstCallStats) stats = test_call_get_stats (call);
  GPtrArray *streams = gst_call_stats_get_outbound_streams (stats);

  for (guint i = 0; i < streams->len; i++) {
    GstCallOutboundStreamStats *stream = streams->pdata[i];
    GstCallMediaKind stream_kind;

    g_object_get (stream, "kind", &stream_kind, NULL);
    if (stream_kind == kind)
      return g_strdup (gst_call_outbound_stream_stats_get_quality_limitation_reason (stream));
  }
  g_assert_not_reached ();
}

GstElement *
test_find_element (GstElement *bin,
                   const char *factory_name)
{
  GstIterator *it = gst_bin_iterate_recurse (GST_BIN (bin));
  GValue item = G_VALUE_INIT;
  GstElement *found = NULL;

  while (!found && gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    GstElement *element = g_value_get_object (&item);
    GstElementFactory *factory = gst_element_get_factory (element);

    if (factory && g_str_equal (gst_plugin_feature_get_name (factory), factory_name))
      found = gst_object_ref (element);
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);
  return found;
}
