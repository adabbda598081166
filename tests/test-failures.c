/* GstCall failure paths: a peer that vanishes, a DTLS certificate that does
 * not match the signalled fingerprint, no common codec, hang-ups from signal
 * handlers.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "test-utils.h"

#define TIMEOUT_MS 20000

/* ------------------------------------------------------------------------ */
/* A signaller that passes everything on to an inner one, rewriting the
 * descriptions it sends: a man in the middle of the signaling. It can also
 * send a malformed candidate before the first real one, and drop the byes
 * it sends and receives.                                                   */

typedef char *(*RewriteFunc) (const char *sdp);

#define TEST_TYPE_REWRITING_SIGNALLER (test_rewriting_signaller_get_type ())
G_DECLARE_FINAL_TYPE (TestRewritingSignaller, test_rewriting_signaller, TEST,
                      REWRITING_SIGNALLER, GObject)

struct _TestRewritingSignaller {
  GObject parent_instance;
  GstCallSignaller *inner;
  RewriteFunc rewrite;
  guint rewritten;
  gboolean inject_bad_candidate;
  guint bad_candidates_sent;
  gboolean drops_byes;
  gboolean drops_descriptions; /* and candidates: the peer hears nothing */
};

static void test_rewriting_signaller_iface_init (GstCallSignallerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestRewritingSignaller, test_rewriting_signaller,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GST_TYPE_CALL_SIGNALLER,
                                                      test_rewriting_signaller_iface_init))

static void
rewriting_send_description (GstCallSignaller *signaller,
                            GstCallSdpType    type,
                            const char       *sdp)
{
  TestRewritingSignaller *self = TEST_REWRITING_SIGNALLER (signaller);
  g_autofree char *rewritten = self->rewrite (sdp);

  if (self->drops_descriptions)
    return;
  if (g_strcmp0 (rewritten, sdp) != 0)
    self->rewritten++;
  gst_call_signaller_send_description (self->inner, type, rewritten);
}

static void
rewriting_send_candidate (GstCallSignaller *signaller,
                          guint             mline_index,
                          const char       *candidate)
{
  TestRewritingSignaller *self = TEST_REWRITING_SIGNALLER (signaller);

  if (self->drops_descriptions)
    return;
  if (self->inject_bad_candidate && candidate && self->bad_candidates_sent == 0) {
    gst_call_signaller_send_candidate (self->inner, mline_index, "candidate:garbage");
    self->bad_candidates_sent++;
  }
  gst_call_signaller_send_candidate (self->inner, mline_index, candidate);
}

static void
rewriting_send_bye (GstCallSignaller *signaller)
{
  if (!TEST_REWRITING_SIGNALLER (signaller)->drops_byes)
    gst_call_signaller_send_bye (TEST_REWRITING_SIGNALLER (signaller)->inner);
}

static void
test_rewriting_signaller_iface_init (GstCallSignallerInterface *iface)
{
  iface->send_description = rewriting_send_description;
  iface->send_candidate = rewriting_send_candidate;
  iface->send_bye = rewriting_send_bye;
}

static void
test_rewriting_signaller_dispose (GObject *object)
{
  TestRewritingSignaller *self = TEST_REWRITING_SIGNALLER (object);

  if (self->inner)
    g_signal_handlers_disconnect_by_data (self->inner, self);
  g_clear_object (&self->inner);
  G_OBJECT_CLASS (test_rewriting_signaller_parent_class)->dispose (object);
}

static void
test_rewriting_signaller_class_init (TestRewritingSignallerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = test_rewriting_signaller_dispose;
}

static void
test_rewriting_signaller_init (TestRewritingSignaller *self)
{
}

static void
forward_description (GstCallSignaller *inner,
                     GstCallSdpType    type,
                     const char       *sdp,
                     GstCallSignaller *self)
{
  gst_call_signaller_emit_description (self, type, sdp);
}

static void
forward_candidate (GstCallSignaller *inner,
                   guint             mline_index,
                   const char       *candidate,
                   GstCallSignaller *self)
{
  gst_call_signaller_emit_candidate (self, mline_index, candidate);
}

static void
forward_bye (GstCallSignaller *inner,
             GstCallSignaller *self)
{
  if (!TEST_REWRITING_SIGNALLER (self)->drops_byes)
    gst_call_signaller_emit_bye (self);
}

static void
forward_closed (GstCallSignaller *inner,
                const GError     *reason,
                GstCallSignaller *self)
{
  gst_call_signaller_emit_closed (self, reason);
}

static TestRewritingSignaller *
test_rewriting_signaller_new (GstCallSignaller *inner,
                              RewriteFunc       rewrite)
{
  TestRewritingSignaller *self = g_object_new (TEST_TYPE_REWRITING_SIGNALLER, NULL);

  self->inner = g_object_ref (inner);
  self->rewrite = rewrite;
  g_signal_connect (inner, "description-received", G_CALLBACK (forward_description), self);
  g_signal_connect (inner, "candidate-received", G_CALLBACK (forward_candidate), self);
  g_signal_connect (inner, "bye-received", G_CALLBACK (forward_bye), self);
  g_signal_connect (inner, "closed", G_CALLBACK (forward_closed), self);
  return self;
}

static char *
keep_description (const char *sdp)
{
  return g_strdup (sdp);
}

/* ------------------------------------------------------------------------ */
/* One side of a call                                                         */

typedef TestCallSide Side;

static void
side_init (Side             *side,
           const char       *name,
           GstCallSignaller *signaller,
           gboolean          video,
           gboolean          audio)
{
  const char * const loopback[] = { TEST_ICE_ADDRESS, NULL };
  g_autoptr (GError) error = NULL;
  GstCall *call = gst_call_new ();

  g_object_set (call, "ice-local-addresses", loopback, "send-video", video,
                "send-audio", audio, NULL);
  gst_call_set_signaller (call, signaller);
  g_assert_true (gst_call_set_sources_from_description (call, TEST_VIDEO_SOURCE,
                                                        TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  gst_call_set_video_sink (call, test_make_synced_fakesink ());
  gst_call_set_audio_sink (call, test_make_synced_fakesink ());
  test_call_side_init (side, name, call);
}


/* Hangs up @side's call under a watchdog. */
static void
hangup_bounded (GstCall    *call,
                const char *what)
{
  TestWatchdog watchdog;

  test_watchdog_start (&watchdog, what);
  gst_call_hangup (call);
  test_watchdog_stop (&watchdog);
}

/* ------------------------------------------------------------------------ */
/* The peer vanishes                                                          */

static GstPadProbeReturn
drop_everything (GstPad          *pad,
                 GstPadProbeInfo *info,
                 gpointer         user_data)
{
  return GST_PAD_PROBE_DROP;
}

/* Cuts @call's network: every packet it sends or receives is dropped, as if
 * its machine went to sleep. Its signaling stays up and it says nothing. */
static guint
cut_network (GstCall *call)
{
  GstElement *pipeline = gst_peer_connection_get_pipeline (gst_call_get_peer_connection (call));
  GstIterator *it = gst_bin_iterate_recurse (GST_BIN (pipeline));
  GValue item = G_VALUE_INIT;
  guint cut = 0;

  while (gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    GstElement *element = g_value_get_object (&item);
    GstElementFactory *factory = gst_element_get_factory (element);
    const char *name = factory ? gst_plugin_feature_get_name (factory) : "";
    const char *pad_name = g_str_equal (name, "nicesrc") ? "src"
                         : g_str_equal (name, "nicesink") ? "sink" : NULL;

    if (pad_name) {
      g_autoptr (GstPad) pad = gst_element_get_static_pad (element, pad_name);

      gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST,
                         drop_everything, NULL, NULL);
      cut++;
    }
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);
  return cut;
}

/* The callee disappears without a bye while media flows, with reconnection
 * disabled (reconnect-timeout 0) (its packets stop,
 * its signaling stays up): the caller ends with an ICE error within 10 s.
 * No bye passes between the two (the callee's machine is gone; each side
 * gives up on its own): each must notice the silence itself. */
static void
test_peer_vanishes (gconstpointer data)
{
  gboolean muted = GPOINTER_TO_INT (data);
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (TestRewritingSignaller) vanished = NULL;
  gint64 cut_at;
  double seconds;
  guint timeout = 0;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  vanished = test_rewriting_signaller_new (GST_CALL_SIGNALLER (signaller_b), keep_description);
  vanished->drops_byes = TRUE;
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a), FALSE, TRUE);
  side_init (&b, "callee", GST_CALL_SIGNALLER (vanished), FALSE, TRUE);
  g_object_get (a.call, "peer-timeout", &timeout, NULL);
  g_assert_cmpuint (timeout, >, 0);
  g_assert_cmpuint (timeout, <, 10);
  /* Without reconnection: a lost connection fails the call at once. */
  g_object_set (a.call, "reconnect-timeout", 0, NULL);
  g_object_set (b.call, "reconnect-timeout", 0, NULL);

  test_call_connect_pair (&a, &b);
  test_wait_call_stats (a.call, "audio-frames-received", 25);
  test_wait_call_stats (b.call, "audio-frames-received", 25);

  if (muted) {
    /* Both sides muted: only RTCP keeps the call alive. It must stay up
     * for longer than the timeout. */
    gst_call_set_audio_muted (a.call, TRUE);
    gst_call_set_audio_muted (b.call, TRUE);
    test_iterate_for ((timeout + 3) * 1000);
    g_assert_cmpuint (a.ended, ==, 0);
    g_assert_cmpuint (b.ended, ==, 0);
    g_assert_cmpint (gst_call_get_state (a.call), ==, GST_CALL_STATE_ACTIVE);
    g_test_message ("a call with both sides muted stayed up for %u s", timeout + 3);
  }

  g_assert_cmpuint (cut_network (b.call), >, 0);
  cut_at = g_get_monotonic_time ();
  test_wait_until (test_call_side_ended, &a, 10000, "the caller to notice the callee vanished");
  seconds = (a.ended_at - cut_at) / (double) G_USEC_PER_SEC;
  g_test_message ("the caller ended %.2f s after the callee vanished: %s", seconds,
                  a.ended_reason ? a.ended_reason->message : "(no reason)");
  g_assert_error (a.ended_reason, GST_CALL_ERROR, GST_CALL_ERROR_ICE);
  g_assert_cmpint (gst_call_get_state (a.call), ==, GST_CALL_STATE_FAILED);
  g_assert_cmpfloat (seconds, <, 10.0);

  /* The callee lost the caller just the same. Its own silence started at
   * the cut, not when the caller gave up: with both sides muted only RTCP
   * flows, every 2–7 s, so the caller may have ended several seconds before
   * the callee's timeout is due. */
  test_wait_until (test_call_side_ended, &b, 10000, "the callee to notice it is cut off");
  seconds = (b.ended_at - cut_at) / (double) G_USEC_PER_SEC;
  g_test_message ("the callee ended %.2f s after it was cut off", seconds);
  g_assert_error (b.ended_reason, GST_CALL_ERROR, GST_CALL_ERROR_ICE);
  g_assert_cmpfloat (seconds, <, 10.0);

  test_call_side_clear (&a);
  test_call_side_clear (&b);
}

/* ------------------------------------------------------------------------ */
/* A malformed candidate                                                     */

typedef struct {
  guint signals;
  guint notifies;
  GError *error;
} RejectedCandidates;

static void
on_candidate_rejected (GstCall            *call,
                       const GError       *error,
                       RejectedCandidates *rejected)
{
  rejected->signals++;
  g_clear_error (&rejected->error);
  rejected->error = g_error_copy (error);
  /* The count is up to date when the signal comes. */
  g_assert_cmpuint (gst_call_get_rejected_candidates (call), ==, rejected->signals);
}

static void
on_rejected_candidates_notify (GstCall            *call,
                               GParamSpec         *pspec,
                               RejectedCandidates *rejected)
{
  rejected->notifies++;
}

/* Each side sends `candidate:garbage` before its first real candidate: as
 * with a W3C peer connection, the bad candidate is refused on its own
 * (counted, reported with candidate-rejected) and the call connects with
 * the good ones; media flows both ways. */
static void
test_malformed_candidate (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (TestRewritingSignaller) garbling_a = NULL;
  g_autoptr (TestRewritingSignaller) garbling_b = NULL;
  RejectedCandidates rejected_by_a = { 0 }, rejected_by_b = { 0 };
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  garbling_a = test_rewriting_signaller_new (GST_CALL_SIGNALLER (signaller_a), keep_description);
  garbling_b = test_rewriting_signaller_new (GST_CALL_SIGNALLER (signaller_b), keep_description);
  garbling_a->inject_bad_candidate = TRUE;
  garbling_b->inject_bad_candidate = TRUE;
  side_init (&a, "caller", GST_CALL_SIGNALLER (garbling_a), TRUE, TRUE);
  side_init (&b, "callee", GST_CALL_SIGNALLER (garbling_b), TRUE, TRUE);
  g_signal_connect (a.call, "candidate-rejected", G_CALLBACK (on_candidate_rejected),
                    &rejected_by_a);
  g_signal_connect (b.call, "candidate-rejected", G_CALLBACK (on_candidate_rejected),
                    &rejected_by_b);
  g_signal_connect (a.call, "notify::rejected-candidates",
                    G_CALLBACK (on_rejected_candidates_notify), &rejected_by_a);
  g_signal_connect (b.call, "notify::rejected-candidates",
                    G_CALLBACK (on_rejected_candidates_notify), &rejected_by_b);

  test_call_connect_pair (&a, &b);
  test_wait_call_stats (a.call, "video-frames-received", 30);
  test_wait_call_stats (b.call, "video-frames-received", 30);
  test_wait_call_stats (a.call, "audio-frames-received", 25);
  test_wait_call_stats (b.call, "audio-frames-received", 25);

  g_assert_cmpuint (garbling_a->bad_candidates_sent, ==, 1);
  g_assert_cmpuint (garbling_b->bad_candidates_sent, ==, 1);
  g_assert_cmpint (gst_call_get_state (a.call), ==, GST_CALL_STATE_ACTIVE);
  g_assert_cmpint (gst_call_get_state (b.call), ==, GST_CALL_STATE_ACTIVE);
  g_assert_cmpuint (a.ended + b.ended, ==, 0);
  for (guint i = 0; i < 2; i++) {
    RejectedCandidates *rejected = i == 0 ? &rejected_by_a : &rejected_by_b;
    GstCall *call = i == 0 ? a.call : b.call;
    guint count = 0;

    g_assert_cmpuint (rejected->signals, ==, 1);
    g_assert_cmpuint (rejected->notifies, ==, 1);
    g_assert_cmpuint (gst_call_get_rejected_candidates (call), ==, 1);
    g_object_get (call, "rejected-candidates", &count, NULL);
    g_assert_cmpuint (count, ==, 1);
    g_assert_error (rejected->error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (rejected->error->message, "candidate:garbage"));
    g_clear_error (&rejected->error);
  }

  gst_call_hangup (a.call);
  test_wait_until (test_call_side_ended, &b, 2000, "the callee to see the hang-up");
  g_assert_cmpint (gst_call_get_end_reason (a.call), ==, GST_CALL_END_REASON_HANGUP);
  g_assert_cmpint (gst_call_get_end_reason (b.call), ==, GST_CALL_END_REASON_PEER_HANGUP);
  test_call_side_clear (&a);
  test_call_side_clear (&b);
}

/* ------------------------------------------------------------------------ */
/* DTLS certificate and fingerprint                                          */

/* Replaces every a=fingerprint hash by one of another certificate. */
static char *
forge_fingerprint (const char *sdp)
{
  g_auto (GStrv) lines = g_strsplit (sdp, "\r\n", -1);

  for (guint i = 0; lines[i]; i++) {
    if (g_str_has_prefix (lines[i], "a=fingerprint:sha-256 ")) {
      char *hash = lines[i] + strlen ("a=fingerprint:sha-256 ");

      /* Flip the first byte: still well-formed, another certificate. */
      hash[0] = hash[0] == 'A' ? 'B' : 'A';
    }
  }
  return g_strjoinv ("\r\n", lines);
}

/* The callee receives an offer whose fingerprint is not the one of the
 * certificate the caller presents (a forged offer, a man in the middle):
 * it must not play or send any media and fails with a DTLS error. */
static void
test_dtls_fingerprint_mismatch (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (TestRewritingSignaller) forging = NULL;
  g_autoptr (GError) error = NULL;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  forging = test_rewriting_signaller_new (GST_CALL_SIGNALLER (signaller_a),
                                          forge_fingerprint);
  side_init (&a, "caller", GST_CALL_SIGNALLER (forging), TRUE, TRUE);
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b), TRUE, TRUE);
  g_object_set (a.call, "connect-timeout", 5, NULL);

  gst_call_dial_async (a.call, NULL, NULL, test_call_side_on_setup_done, &a);
  gst_call_answer_async (b.call, NULL, test_call_side_on_setup_done, &b);

  g_assert_false (test_call_side_finish_setup (&b, &error));
  g_test_message ("callee: %s", error->message);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_DTLS);
  g_assert_nonnull (strstr (error->message, "fingerprint"));
  g_clear_error (&error);
  g_assert_cmpuint (forging->rewritten, >, 0);
  g_assert_cmpint (gst_call_get_state (b.call), ==, GST_CALL_STATE_FAILED);
  g_assert_error (b.ended_reason, GST_CALL_ERROR, GST_CALL_ERROR_DTLS);

  /* The caller never gets a working call either. */
  if (test_call_side_finish_setup (&a, &error)) {
    /* It may have finished its side of the handshake: it must see no media
     * and lose the call. */
    test_wait_until (test_call_side_ended, &a, 15000, "the caller to lose the call");
  } else {
    g_test_message ("caller: %s", error->message);
    g_clear_error (&error);
  }

  /* Nothing was played on either side. */
  g_assert_cmpuint (b.remote_tracks[0] + b.remote_tracks[1], ==, 0);
  g_assert_cmpuint (a.remote_tracks[0] + a.remote_tracks[1], ==, 0);
  g_assert_cmpuint (test_call_stats_uint (b.call, "video-frames-received"), ==, 0);
  g_assert_cmpuint (test_call_stats_uint (b.call, "audio-frames-received"), ==, 0);
  g_assert_cmpuint (test_call_stats_uint (a.call, "video-frames-received"), ==, 0);
  g_assert_cmpuint (test_call_stats_uint (a.call, "audio-frames-received"), ==, 0);

  gst_call_hangup (a.call);
  test_call_side_clear (&a);
  test_call_side_clear (&b);
}

/* ------------------------------------------------------------------------ */
/* No common codec                                                           */

typedef struct {
  GstCallMediaKind kind;
  GstCallCodec caller;
  GstCallCodec callee;
  const char *caller_name;
  const char *callee_name;
} CodecMismatch;

static void
test_no_common_codec (gconstpointer data)
{
  const CodecMismatch *mismatch = data;
  const char *property = mismatch->kind == GST_CALL_MEDIA_KIND_VIDEO ? "video-codec"
                                                                     : "audio-codec";
  gboolean video = mismatch->kind == GST_CALL_MEDIA_KIND_VIDEO;
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (GError) error = NULL;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a), video, !video);
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b), video, !video);
  g_object_set (a.call, property, mismatch->caller, "connect-timeout", 10, NULL);
  g_object_set (b.call, property, mismatch->callee, NULL);

  gst_call_dial_async (a.call, NULL, NULL, test_call_side_on_setup_done, &a);
  gst_call_answer_async (b.call, NULL, test_call_side_on_setup_done, &b);

  /* The callee finds it cannot take the offer and says why. */
  g_assert_false (test_call_side_finish_setup (&b, &error));
  g_test_message ("callee: %s", error->message);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION);
  g_assert_nonnull (strstr (error->message, mismatch->caller_name));
  g_assert_nonnull (strstr (error->message, mismatch->callee_name));
  g_clear_error (&error);

  /* The caller does not hang on. */
  g_assert_false (test_call_side_finish_setup (&a, &error));
  g_test_message ("caller: %s", error->message);
  g_clear_error (&error);
  g_assert_cmpint (gst_call_get_state (a.call), !=, GST_CALL_STATE_ACTIVE);

  test_call_side_clear (&a);
  test_call_side_clear (&b);
}

/* ------------------------------------------------------------------------ */
/* Hang-ups from signal handlers                                             */

typedef enum {
  FROM_STATE_ACTIVE,
  FROM_REMOTE_TRACK,
  FROM_ENDED,
  FROM_INCOMING_CALL,
} HangupPlace;

static void
hangup_when_active (GstCall    *call,
                    GParamSpec *pspec,
                    gpointer    user_data)
{
  if (gst_call_get_state (call) == GST_CALL_STATE_ACTIVE)
    hangup_bounded (call, "gst_call_hangup() from notify::state");
}

static void
hangup_on_remote_track (GstCall      *call,
                        GstCallTrack *track,
                        gpointer      user_data)
{
  hangup_bounded (call, "gst_call_hangup() from remote-track");
}

static void
hangup_on_ended (GstCall      *call,
                 const GError *reason,
                 gpointer      user_data)
{
  /* Again, from inside the end: nothing more happens. */
  hangup_bounded (call, "gst_call_hangup() from ended");
}

static void
hangup_on_incoming (GstCall  *call,
                    gpointer  user_data)
{
  hangup_bounded (call, "gst_call_hangup() from incoming-call");
}

static void
test_hangup_from_handler (gconstpointer data)
{
  HangupPlace place = GPOINTER_TO_INT (data);
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (GError) error = NULL;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a), TRUE, TRUE);
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b), TRUE, TRUE);

  switch (place) {
    case FROM_STATE_ACTIVE:
      g_signal_connect (b.call, "notify::state", G_CALLBACK (hangup_when_active), NULL);
      break;
    case FROM_REMOTE_TRACK:
      g_signal_connect (b.call, "remote-track", G_CALLBACK (hangup_on_remote_track), NULL);
      break;
    case FROM_ENDED:
      g_signal_connect (b.call, "ended", G_CALLBACK (hangup_on_ended), NULL);
      break;
    case FROM_INCOMING_CALL:
      g_signal_connect (b.call, "incoming-call", G_CALLBACK (hangup_on_incoming), NULL);
      break;
  }

  gst_call_dial_async (a.call, NULL, NULL, test_call_side_on_setup_done, &a);
  if (place == FROM_INCOMING_CALL) {
    /* Declined from the handler: the caller hears it. */
    g_assert_false (test_call_side_finish_setup (&a, &error));
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED);
    g_assert_cmpint (gst_call_get_state (b.call), ==, GST_CALL_STATE_ENDED);
    g_assert_cmpuint (b.ended, ==, 1);
    test_call_side_clear (&a);
    test_call_side_clear (&b);
    return;
  }

  gst_call_answer_async (b.call, NULL, test_call_side_on_setup_done, &b);
  if (place == FROM_ENDED) {
    g_assert_true (test_call_side_finish_setup (&b, &error));
    g_assert_no_error (error);
    test_wait_call_stats (b.call, "video-frames-received", 10);
    hangup_bounded (b.call, "gst_call_hangup() while media flows");
  } else {
    /* The hang-up may land before or after the answer completes. */
    if (!test_call_side_finish_setup (&b, &error)) {
      g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED);
      g_clear_error (&error);
    }
  }
  test_wait_until (test_call_side_ended, &b, TIMEOUT_MS, "the callee to end");
  g_assert_cmpint (gst_call_get_state (b.call), ==, GST_CALL_STATE_ENDED);
  g_assert_cmpuint (b.ended, ==, 1);
  g_assert_null (b.ended_reason);

  /* The caller hears the hang-up, whether it was connected or not. */
  if (!test_call_side_finish_setup (&a, &error))
    g_clear_error (&error);
  test_wait_until (test_call_side_ended, &a, TIMEOUT_MS, "the caller to see the hang-up");
  g_assert_cmpint (gst_call_get_state (a.call), ==, GST_CALL_STATE_ENDED);

  test_call_side_clear (&a);
  test_call_side_clear (&b);
}

/* Both sides hang up at the same moment while audio and video flow both
 * ways, and the last reference goes right after: no deadlock, no leak. */
static void
test_hangup_while_media_flows (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  TestWatchdog watchdog;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a), TRUE, TRUE);
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b), TRUE, TRUE);
  test_call_connect_pair (&a, &b);
  test_wait_call_stats (a.call, "video-frames-received", 10);
  test_wait_call_stats (b.call, "video-frames-received", 10);

  test_watchdog_start (&watchdog, "two hang-ups and finalization while media flows");
  gst_call_hangup (a.call);
  gst_call_hangup (b.call);
  g_assert_cmpint (gst_call_get_state (a.call), ==, GST_CALL_STATE_ENDED);
  g_assert_cmpint (gst_call_get_state (b.call), ==, GST_CALL_STATE_ENDED);
  test_call_side_clear (&a);
  test_call_side_clear (&b);
  test_watchdog_stop (&watchdog);
}

/* ------------------------------------------------------------------------ */
/* Reconnection                                                               */

#define RECONNECT_PEER_TIMEOUT 3

static gboolean
saw_state (Side         *side,
           GstCallState  state)
{
  for (guint i = 0; i < side->states->len; i++) {
    if (GPOINTER_TO_INT (g_ptr_array_index (side->states, i)) == (int) state)
      return TRUE;
  }
  return FALSE;
}

static gboolean
is_reconnecting (gpointer side)
{
  return gst_call_get_state (((Side *) side)->call) == GST_CALL_STATE_RECONNECTING;
}

static gboolean
is_active (gpointer side)
{
  return gst_call_get_state (((Side *) side)->call) == GST_CALL_STATE_ACTIVE;
}

static void
count_close (GstCallDataChannel *channel,
             guint              *closes)
{
  (*closes)++;
}

static gboolean
channel_is_open (gpointer channel)
{
  return gst_call_data_channel_get_ready_state (channel) == GST_CALL_DATA_CHANNEL_STATE_OPEN;
}

static gboolean
has_new_video_track (gpointer side)
{
  return ((Side *) side)->remote_tracks[GST_CALL_MEDIA_KIND_VIDEO] >= 2;
}

static void
assert_states (Side               *side,
               const GstCallState *expected,
               guint               n_expected)
{
  g_autoptr (GString) seen = g_string_new (NULL);

  for (guint i = 0; i < side->states->len; i++)
    g_string_append_printf (seen, " %d", GPOINTER_TO_INT (g_ptr_array_index (side->states, i)));
  g_test_message ("%s went through the states%s", side->name, seen->str);
  g_assert_cmpuint (side->states->len, ==, n_expected);
  for (guint i = 0; i < n_expected; i++)
    g_assert_cmpint (GPOINTER_TO_INT (g_ptr_array_index (side->states, i)), ==, expected[i]);
}

/* Both sides lose every packet of their transport (their signaling stays
 * up): each notices the silence, goes RECONNECTING, and the call comes
 * back on a new transport by itself: new remote tracks into the same
 * sinks, frames both ways, ACTIVE again, nobody dialled again. */
static void
test_reconnect_comes_back (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  const GstCallState expected[] = {
    GST_CALL_STATE_CONNECTING, GST_CALL_STATE_ACTIVE, GST_CALL_STATE_RECONNECTING,
    GST_CALL_STATE_ACTIVE,
  };
  g_autoptr (GstCallDataChannel) channel = NULL;
  g_autoptr (GError) error = NULL;
  GstPeerConnection *first_pc;
  GstElement *video_sink;
  guint closes = 0;
  gint64 cut_at;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a), TRUE, TRUE);
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b), TRUE, TRUE);
  g_assert_cmpuint (gst_call_get_reconnect_timeout (a.call), ==, 30);
  for (guint i = 0; i < 2; i++) {
    GstCall *call = i ? b.call : a.call;

    gst_call_set_peer_timeout (call, RECONNECT_PEER_TIMEOUT);
    gst_call_set_reconnect_timeout (call, 20);
  }
  /* A data channel does not survive the transport it was on: it closes. */
  channel = gst_call_create_data_channel (a.call, "chat", NULL, &error);
  g_assert_no_error (error);
  g_signal_connect (channel, "close", G_CALLBACK (count_close), &closes);
  test_call_connect_pair (&a, &b);
  test_wait_call_stats (a.call, "video-frames-received", 10);
  test_wait_call_stats (b.call, "video-frames-received", 10);
  test_wait_until (channel_is_open, channel, 10000, "the data channel to open");
  first_pc = gst_call_get_peer_connection (b.call);
  g_object_add_weak_pointer (G_OBJECT (first_pc), (gpointer *) &first_pc);
  video_sink = gst_call_get_video_sink (b.call);

  g_assert_cmpuint (cut_network (a.call), >, 0);
  g_assert_cmpuint (cut_network (b.call), >, 0);
  cut_at = g_get_monotonic_time ();
  test_wait_until (is_reconnecting, &a, (RECONNECT_PEER_TIMEOUT + 5) * 1000,
                   "the caller to notice the connection is lost");
  g_test_message ("the caller reconnects %.2f s after the cut",
                  (g_get_monotonic_time () - cut_at) / (double) G_USEC_PER_SEC);

  test_wait_until (is_active, &a, 15000, "the caller to be active again");
  test_wait_until (is_active, &b, 15000, "the callee to be active again");
  g_test_message ("both sides active again %.2f s after the cut",
                  (g_get_monotonic_time () - cut_at) / (double) G_USEC_PER_SEC);
  test_wait_until (has_new_video_track, &a, 10000, "a new remote video track at the caller");
  test_wait_until (has_new_video_track, &b, 10000, "a new remote video track at the callee");
  test_wait_call_stats (a.call, "video-frames-received", 10);
  test_wait_call_stats (b.call, "video-frames-received", 10);
  test_wait_call_stats (a.call, "audio-frames-received", 10);
  test_wait_call_stats (b.call, "audio-frames-received", 10);

  /* A new transport, the same sink; the lost one is gone. */
  g_assert_null (first_pc);
  g_assert_true (gst_call_get_video_sink (b.call) == video_sink);
  g_assert_true (GST_OBJECT_PARENT (video_sink) ==
                 GST_OBJECT (gst_peer_connection_get_pipeline (gst_call_get_peer_connection (b.call))));
  assert_states (&a, expected, G_N_ELEMENTS (expected));
  assert_states (&b, expected, G_N_ELEMENTS (expected));
  g_assert_cmpuint (closes, ==, 1);
  g_assert_cmpint (gst_call_data_channel_get_ready_state (channel), ==,
                   GST_CALL_DATA_CHANNEL_STATE_CLOSED);
  g_assert_cmpuint (a.ended, ==, 0);
  g_assert_cmpuint (b.ended, ==, 0);

  hangup_bounded (a.call, "hanging up the reconnected call");
  test_wait_until (test_call_side_ended, &b, 5000, "the callee to hear the bye");
  g_assert_cmpint (b.ended_reason == NULL, ==, TRUE);
  test_call_side_clear (&a);
  test_call_side_clear (&b);
}

/* The caller's first transport after the cut has a slow DTLS handshake:
 * the first DTLS packet it sends (its first flight: it answers the
 * callee's hello) is held until SLOW_HANDSHAKE_MS after the transport was
 * made, a little past the 2 s after which an answered attempt that is not
 * up may be replaced. Meanwhile ICE is connected and the callee's hello
 * (and its retransmission, 1 s later) come in. */
#define SLOW_HANDSHAKE_MS 2400

typedef struct {
  guint transports;      /* the caller's peer connections since armed */
  gint64 hold_until;     /* monotonic µs, of the first transport */
  gint held;             /* atomic: the first DTLS packet was held */
  gboolean armed;
} SlowHandshake;

static GstPadProbeReturn
hold_first_dtls_packet (GstPad          *pad,
                        GstPadProbeInfo *info,
                        gpointer         user_data)
{
  SlowHandshake *slow = user_data;
  GstBuffer *buffer = NULL;
  guint8 first = 0;
  gint64 wait;

  if (info->type & GST_PAD_PROBE_TYPE_BUFFER)
    buffer = GST_PAD_PROBE_INFO_BUFFER (info);
  else if (gst_buffer_list_length (GST_PAD_PROBE_INFO_BUFFER_LIST (info)) > 0)
    buffer = gst_buffer_list_get (GST_PAD_PROBE_INFO_BUFFER_LIST (info), 0);
  /* DTLS: 20 to 63 in the first byte (RFC 7983). */
  if (!buffer || gst_buffer_extract (buffer, 0, &first, 1) != 1 || first < 20 || first > 63)
    return GST_PAD_PROBE_OK;
  if (!g_atomic_int_compare_and_exchange (&slow->held, 0, 1))
    return GST_PAD_PROBE_REMOVE;
  wait = slow->hold_until - g_get_monotonic_time ();
  if (wait > 0)
    g_usleep (wait);
  return GST_PAD_PROBE_REMOVE;
}

static void
slow_element_added (GstBin        *pipeline,
                    GstBin        *bin,
                    GstElement    *element,
                    SlowHandshake *slow)
{
  GstElementFactory *factory = gst_element_get_factory (element);
  g_autoptr (GstPad) sink = NULL;

  if (!factory || !g_str_equal (gst_plugin_feature_get_name (factory), "nicesink"))
    return;
  sink = gst_element_get_static_pad (element, "sink");
  gst_pad_add_probe (sink, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST,
                     hold_first_dtls_packet, slow, NULL);
}

static void
slow_on_peer_connection (GstCall       *call,
                         GParamSpec    *pspec,
                         SlowHandshake *slow)
{
  GstPeerConnection *pc = gst_call_get_peer_connection (call);

  if (!slow->armed || !pc)
    return;
  if (slow->transports++ > 0)
    return;
  slow->hold_until = g_get_monotonic_time () + SLOW_HANDSHAKE_MS * 1000;
  g_signal_connect (gst_peer_connection_get_pipeline (pc), "deep-element-added",
                    G_CALLBACK (slow_element_added), slow);
}

/* The caller's attempt to reconnect is answered, its ICE connects, and its
 * DTLS handshake ends a little later than the 2 s after which an attempt
 * that is not up is replaced. That attempt is given its time: the caller
 * makes one transport, not a second one that would throw the first away
 * as it connects (and, had the callee gone active on it, make the callee
 * reconnect twice). Both sides: connecting, active, reconnecting, active. */
static void
test_reconnect_slow_handshake (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  const GstCallState expected[] = {
    GST_CALL_STATE_CONNECTING, GST_CALL_STATE_ACTIVE, GST_CALL_STATE_RECONNECTING,
    GST_CALL_STATE_ACTIVE,
  };
  SlowHandshake slow = { 0 };
  gint64 cut_at;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a), TRUE, TRUE);
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b), TRUE, TRUE);
  for (guint i = 0; i < 2; i++) {
    GstCall *call = i ? b.call : a.call;

    gst_call_set_peer_timeout (call, RECONNECT_PEER_TIMEOUT);
    gst_call_set_reconnect_timeout (call, 20);
  }
  g_signal_connect (a.call, "notify::peer-connection", G_CALLBACK (slow_on_peer_connection),
                    &slow);
  test_call_connect_pair (&a, &b);
  test_wait_call_stats (a.call, "video-frames-received", 10);
  test_wait_call_stats (b.call, "video-frames-received", 10);

  slow.armed = TRUE;
  g_assert_cmpuint (cut_network (a.call), >, 0);
  g_assert_cmpuint (cut_network (b.call), >, 0);
  cut_at = g_get_monotonic_time ();
  test_wait_until (is_reconnecting, &a, (RECONNECT_PEER_TIMEOUT + 5) * 1000,
                   "the caller to notice the connection is lost");
  test_wait_until (is_active, &a, 15000, "the caller to be active again");
  test_wait_until (is_active, &b, 15000, "the callee to be active again");
  g_test_message ("both sides active again %.2f s after the cut, the caller made %u "
                  "transport(s)", (g_get_monotonic_time () - cut_at) / (double) G_USEC_PER_SEC,
                  slow.transports);
  test_wait_call_stats (a.call, "video-frames-received", 10);
  test_wait_call_stats (b.call, "video-frames-received", 10);

  g_assert_cmpint (g_atomic_int_get (&slow.held), ==, 1);
  g_assert_cmpuint (slow.transports, ==, 1);
  assert_states (&a, expected, G_N_ELEMENTS (expected));
  assert_states (&b, expected, G_N_ELEMENTS (expected));

  g_signal_handlers_disconnect_by_data (a.call, &slow);
  hangup_bounded (a.call, "hanging up the reconnected call");
  test_wait_until (test_call_side_ended, &b, 5000, "the callee to hear the bye");
  test_call_side_clear (&a);
  test_call_side_clear (&b);
}

/* The callee is gone for good (no packet, no message): the caller is
 * RECONNECTING, then FAILED with CONNECTION_LOST after reconnect-timeout,
 * and says bye. */
static void
test_reconnect_gives_up (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (TestRewritingSignaller) vanished = NULL;
  const guint reconnect_timeout = 2;
  gint64 lost_at;
  double seconds;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  vanished = test_rewriting_signaller_new (GST_CALL_SIGNALLER (signaller_b), keep_description);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a), FALSE, TRUE);
  side_init (&b, "callee", GST_CALL_SIGNALLER (vanished), FALSE, TRUE);
  gst_call_set_peer_timeout (a.call, RECONNECT_PEER_TIMEOUT);
  gst_call_set_reconnect_timeout (a.call, reconnect_timeout);
  gst_call_set_peer_timeout (b.call, 0);
  test_call_connect_pair (&a, &b);
  test_wait_call_stats (a.call, "audio-frames-received", 25);

  vanished->drops_descriptions = TRUE;
  g_assert_cmpuint (cut_network (b.call), >, 0);
  test_wait_until (is_reconnecting, &a, (RECONNECT_PEER_TIMEOUT + 5) * 1000,
                   "the caller to notice the connection is lost");
  lost_at = g_get_monotonic_time ();
  test_wait_until (test_call_side_ended, &a, (reconnect_timeout + 5) * 1000,
                   "the caller to give up");
  seconds = (a.ended_at - lost_at) / (double) G_USEC_PER_SEC;
  g_test_message ("the caller gave up %.2f s after it started reconnecting: %s", seconds,
                  a.ended_reason ? a.ended_reason->message : "(no reason)");
  g_assert_error (a.ended_reason, GST_CALL_ERROR, GST_CALL_ERROR_CONNECTION_LOST);
  g_assert_nonnull (strstr (a.ended_reason->message, "reconnect-timeout"));
  g_assert_cmpint (gst_call_get_state (a.call), ==, GST_CALL_STATE_FAILED);
  g_assert_cmpint (gst_call_get_end_reason (a.call), ==, GST_CALL_END_REASON_FAILED);
  g_assert_cmpfloat (seconds, >=, reconnect_timeout - 0.5);
  g_assert_cmpfloat (seconds, <, reconnect_timeout + 3);
  g_assert_true (saw_state (&a, GST_CALL_STATE_RECONNECTING));

  /* The caller's bye reached the callee. */
  test_wait_until (test_call_side_ended, &b, 5000, "the callee to hear the bye");
  g_assert_cmpint (gst_call_get_end_reason (b.call), ==, GST_CALL_END_REASON_PEER_HANGUP);
  test_call_side_clear (&a);
  test_call_side_clear (&b);
}

/* A peer that hangs up while the call reconnects ends it ENDED, as any
 * hang-up. */
static void
test_reconnect_peer_hangs_up (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (TestRewritingSignaller) vanished = NULL;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  vanished = test_rewriting_signaller_new (GST_CALL_SIGNALLER (signaller_b), keep_description);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a), FALSE, TRUE);
  side_init (&b, "callee", GST_CALL_SIGNALLER (vanished), FALSE, TRUE);
  gst_call_set_peer_timeout (a.call, RECONNECT_PEER_TIMEOUT);
  gst_call_set_peer_timeout (b.call, 0);
  test_call_connect_pair (&a, &b);
  test_wait_call_stats (a.call, "audio-frames-received", 25);

  vanished->drops_descriptions = TRUE;
  g_assert_cmpuint (cut_network (b.call), >, 0);
  test_wait_until (is_reconnecting, &a, (RECONNECT_PEER_TIMEOUT + 5) * 1000,
                   "the caller to notice the connection is lost");
  hangup_bounded (b.call, "the callee hanging up");
  test_wait_until (test_call_side_ended, &a, 5000, "the caller to hear the bye");
  g_assert_null (a.ended_reason);
  g_assert_cmpint (gst_call_get_state (a.call), ==, GST_CALL_STATE_ENDED);
  g_assert_cmpint (gst_call_get_end_reason (a.call), ==, GST_CALL_END_REASON_PEER_HANGUP);
  test_call_side_clear (&a);
  test_call_side_clear (&b);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);
  test_tolerate_known_gstreamer_criticals ();

  g_test_add_data_func ("/GstCall/Failures/peer-vanishes", GINT_TO_POINTER (FALSE),
                        test_peer_vanishes);
  g_test_add_data_func ("/GstCall/Failures/peer-vanishes-while-muted", GINT_TO_POINTER (TRUE),
                        test_peer_vanishes);
  g_test_add_func ("/GstCall/Failures/reconnect/comes-back", test_reconnect_comes_back);
  g_test_add_func ("/GstCall/Failures/reconnect/slow-handshake", test_reconnect_slow_handshake);
  g_test_add_func ("/GstCall/Failures/reconnect/gives-up", test_reconnect_gives_up);
  g_test_add_func ("/GstCall/Failures/reconnect/peer-hangs-up", test_reconnect_peer_hangs_up);
  g_test_add_func ("/GstCall/Failures/malformed-candidate", test_malformed_candidate);
  g_test_add_func ("/GstCall/Failures/dtls-fingerprint-mismatch",
                   test_dtls_fingerprint_mismatch);
  {
    static const CodecMismatch video = {
      GST_CALL_MEDIA_KIND_VIDEO, GST_CALL_CODEC_VP9, GST_CALL_CODEC_H264, "VP9", "H264"
    };
    static const CodecMismatch audio = {
      GST_CALL_MEDIA_KIND_AUDIO, GST_CALL_CODEC_OPUS, GST_CALL_CODEC_PCMU, "OPUS", "PCMU"
    };

    g_test_add_data_func ("/GstCall/Failures/no-common-codec/video", &video,
                          test_no_common_codec);
    g_test_add_data_func ("/GstCall/Failures/no-common-codec/audio", &audio,
                          test_no_common_codec);
  }
  g_test_add_data_func ("/GstCall/Failures/hangup-from/state-active",
                        GINT_TO_POINTER (FROM_STATE_ACTIVE), test_hangup_from_handler);
  g_test_add_data_func ("/GstCall/Failures/hangup-from/remote-track",
                        GINT_TO_POINTER (FROM_REMOTE_TRACK), test_hangup_from_handler);
  g_test_add_data_func ("/GstCall/Failures/hangup-from/ended",
                        GINT_TO_POINTER (FROM_ENDED), test_hangup_from_handler);
  g_test_add_data_func ("/GstCall/Failures/hangup-from/incoming-call",
                        GINT_TO_POINTER (FROM_INCOMING_CALL), test_hangup_from_handler);
  g_test_add_func ("/GstCall/Failures/hangup-while-media-flows",
                   test_hangup_while_media_flows);

  return g_test_run ();
}
