/* GstCall: DTMF (RFC 4733 telephone-event) over both transports.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "test-utils.h"

#define TIMEOUT_MS 15000
#define TONES "1234*#"

/* ------------------------------------------------------------------------ */
/* A signaller pair that can take telephone-event out of the descriptions
 * it carries, as a peer that does not support it would. */

#define TEST_TYPE_FILTER_SIGNALLER (test_filter_signaller_get_type ())
G_DECLARE_FINAL_TYPE (TestFilterSignaller, test_filter_signaller, TEST, FILTER_SIGNALLER,
                      GObject)

struct _TestFilterSignaller {
  GObject parent_instance;
  GWeakRef peer;
  const char *strip;     /* what this side sends loses these rtpmaps, e.g.
                          * " telephone-event/" (all of them) */
};

static void test_filter_signaller_iface_init (GstCallSignallerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestFilterSignaller, test_filter_signaller, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GST_TYPE_CALL_SIGNALLER,
                                                      test_filter_signaller_iface_init))

typedef struct {
  GstCallSignaller *to;
  int kind; /* 0 description, 1 candidate, 2 bye */
  GstCallSdpType type;
  guint mline_index;
  char *text;
} Delivery;

static gboolean
deliver (gpointer data)
{
  Delivery *delivery = data;

  if (delivery->kind == 0)
    gst_call_signaller_emit_description (delivery->to, delivery->type, delivery->text);
  else if (delivery->kind == 1)
    gst_call_signaller_emit_candidate (delivery->to, delivery->mline_index, delivery->text);
  else
    gst_call_signaller_emit_bye (delivery->to);
  g_object_unref (delivery->to);
  g_free (delivery->text);
  g_free (delivery);
  return G_SOURCE_REMOVE;
}

static void
post (TestFilterSignaller *self,
      int                  kind,
      GstCallSdpType       type,
      guint                mline_index,
      const char          *text)
{
  GstCallSignaller *peer = g_weak_ref_get (&self->peer);
  Delivery *delivery;

  if (!peer)
    return;
  delivery = g_new0 (Delivery, 1);
  delivery->to = peer;
  delivery->kind = kind;
  delivery->type = type;
  delivery->mline_index = mline_index;
  delivery->text = g_strdup (text);
  g_idle_add (deliver, delivery);
}

/* @sdp without its formats whose rtpmap has @encoding (" telephone-event/"
 * or " telephone-event/48000"). */
static char *
strip_telephone_events (const char *sdp,
                        const char *encoding)
{
  g_auto (GStrv) lines = g_strsplit (sdp, "\r\n", -1);
  g_autoptr (GPtrArray) payload_types = g_ptr_array_new_with_free_func (g_free);
  GString *out = g_string_new (NULL);

  for (guint i = 0; lines[i]; i++) {
    const char *event = strstr (lines[i], encoding);

    if (g_str_has_prefix (lines[i], "a=rtpmap:") && event)
      g_ptr_array_add (payload_types,
                       g_strndup (lines[i] + strlen ("a=rtpmap:"),
                                  event - lines[i] - strlen ("a=rtpmap:")));
  }
  for (guint i = 0; lines[i]; i++) {
    gboolean drop = FALSE;

    if (!*lines[i])
      continue;
    for (guint p = 0; p < payload_types->len; p++) {
      g_autofree char *rtpmap = g_strdup_printf ("a=rtpmap:%s ", (char *) payload_types->pdata[p]);
      g_autofree char *fmtp = g_strdup_printf ("a=fmtp:%s ", (char *) payload_types->pdata[p]);

      drop |= g_str_has_prefix (lines[i], rtpmap) || g_str_has_prefix (lines[i], fmtp);
    }
    if (drop)
      continue;
    if (g_str_has_prefix (lines[i], "m=audio ")) {
      g_auto (GStrv) words = g_strsplit (lines[i], " ", -1);

      for (guint w = 0; words[w]; w++) {
        gboolean event = FALSE;

        for (guint p = 0; w >= 3 && p < payload_types->len; p++)
          event |= g_str_equal (words[w], payload_types->pdata[p]);
        if (!event)
          g_string_append_printf (out, "%s%s", w ? " " : "", words[w]);
      }
      g_string_append (out, "\r\n");
      continue;
    }
    g_string_append_printf (out, "%s\r\n", lines[i]);
  }
  return g_string_free (out, FALSE);
}

static void
filter_send_description (GstCallSignaller *signaller,
                         GstCallSdpType    type,
                         const char       *sdp)
{
  TestFilterSignaller *self = TEST_FILTER_SIGNALLER (signaller);
  g_autofree char *sent = self->strip ? strip_telephone_events (sdp, self->strip)
                                      : g_strdup (sdp);

  if (self->strip)
    g_assert_null (strstr (sent, self->strip));
  post (self, 0, type, 0, sent);
}

static void
filter_send_candidate (GstCallSignaller *signaller,
                       guint             mline_index,
                       const char       *candidate)
{
  post (TEST_FILTER_SIGNALLER (signaller), 1, 0, mline_index, candidate);
}

static void
filter_send_bye (GstCallSignaller *signaller)
{
  post (TEST_FILTER_SIGNALLER (signaller), 2, 0, 0, NULL);
}

static void
test_filter_signaller_iface_init (GstCallSignallerInterface *iface)
{
  iface->send_description = filter_send_description;
  iface->send_candidate = filter_send_candidate;
  iface->send_bye = filter_send_bye;
}

static void
test_filter_signaller_finalize (GObject *object)
{
  g_weak_ref_clear (&TEST_FILTER_SIGNALLER (object)->peer);
  G_OBJECT_CLASS (test_filter_signaller_parent_class)->finalize (object);
}

static void
test_filter_signaller_class_init (TestFilterSignallerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = test_filter_signaller_finalize;
}

static void
test_filter_signaller_init (TestFilterSignaller *self)
{
  g_weak_ref_init (&self->peer, NULL);
}

static void
filter_signaller_pair (TestFilterSignaller **a,
                       TestFilterSignaller **b)
{
  *a = g_object_new (TEST_TYPE_FILTER_SIGNALLER, NULL);
  *b = g_object_new (TEST_TYPE_FILTER_SIGNALLER, NULL);
  g_weak_ref_set (&(*a)->peer, *b);
  g_weak_ref_set (&(*b)->peer, *a);
}

/* ------------------------------------------------------------------------ */
/* Calls */

typedef struct {
  TestCallSide base;
  GString *tones;       /* received, in order */
  GArray *durations;    /* guint ms, of each */
  char *received_sdp;   /* the last description the peer sent */
} Side;

static void
on_dtmf (GstCall    *call,
         const char *tone,
         guint       duration_ms,
         Side       *side)
{
  g_assert_true (g_thread_self () == side->base.owner);
  g_assert_cmpuint (strlen (tone), ==, 1);
  g_string_append (side->tones, tone);
  g_array_append_val (side->durations, duration_ms);
  g_test_message ("%s: DTMF %s, %u ms", side->base.name, tone, duration_ms);
}

static void
on_description_received (GstCallSignaller *signaller,
                         GstCallSdpType    type,
                         const char       *sdp,
                         Side             *side)
{
  g_free (side->received_sdp);
  side->received_sdp = g_strdup (sdp);
}

static void
side_init (Side                 *side,
           const char           *name,
           GstCallSignaller     *signaller,
           GstCallTransportKind  transport)
{
  const char * const loopback[] = { TEST_ICE_ADDRESS, NULL };
  g_autoptr (GError) error = NULL;
  GstCall *call = gst_call_new ();

  memset (side, 0, sizeof (*side));
  side->tones = g_string_new (NULL);
  side->durations = g_array_new (FALSE, FALSE, sizeof (guint));
  g_object_set (call, "transport", transport, "send-video", FALSE, NULL);
  if (transport == GST_CALL_TRANSPORT_KIND_RTP)
    gst_call_rtp_transport_set_local_address (gst_call_get_rtp_transport (call),
                                              TEST_ICE_ADDRESS);
  else
    g_object_set (call, "ice-local-addresses", loopback, NULL);
  gst_call_set_signaller (call, signaller);
  g_signal_connect (signaller, "description-received", G_CALLBACK (on_description_received),
                    side);
  g_assert_true (gst_call_set_sources_from_description (call, TEST_VIDEO_SOURCE,
                                                        TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  gst_call_set_audio_sink (call, test_make_synced_fakesink ());
  test_call_side_init (&side->base, name, call);
  g_signal_connect (call, "dtmf", G_CALLBACK (on_dtmf), side);
}

static void
side_clear (Side *side)
{
  g_signal_handlers_disconnect_by_data (gst_call_get_signaller (side->base.call), side);
  test_call_side_clear (&side->base);
  g_string_free (side->tones, TRUE);
  g_array_unref (side->durations);
  g_free (side->received_sdp);
}

typedef struct {
  Side *side;
  guint count;
} ToneWait;

static gboolean
has_tones (gpointer data)
{
  ToneWait *wait = data;

  return wait->side->tones->len >= wait->count;
}

/* @from sends TONES; @to reports each once, in order, while its audio
 * keeps being decoded. */
static void
assert_tones_arrive (Side *from,
                     Side *to)
{
  g_autoptr (GError) error = NULL;
  ToneWait wait = { to, strlen (TONES) };
  guint audio_before, audio_after;
  gint64 started;

  audio_before = test_call_stats_uint (to->base.call, "audio-frames-received");
  started = g_get_monotonic_time ();
  /* Queued in two calls: they play one after the other all the same. */
  g_assert_true (gst_call_send_dtmf (from->base.call, "123", 0, &error));
  g_assert_no_error (error);
  g_assert_true (gst_call_send_dtmf (from->base.call, "4*#", 100, &error));
  g_assert_no_error (error);
  test_wait_until (has_tones, &wait, TIMEOUT_MS, "the DTMF tones to arrive");
  g_test_message ("%s -> %s: %u tones in %.2f s", from->base.name, to->base.name,
                  (guint) to->tones->len,
                  (g_get_monotonic_time () - started) / (double) G_USEC_PER_SEC);
  /* Nothing more: each event is reported once, its end packets counted
   * once. */
  test_iterate_for (300);
  g_assert_cmpstr (to->tones->str, ==, TONES);
  for (guint i = 0; i < to->durations->len; i++) {
    guint duration = g_array_index (to->durations, guint, i);

    g_assert_cmpuint (duration, ==, 100);
  }
  /* The audio went on being decoded around the tones (it pauses while
   * one plays). */
  audio_after = test_call_stats_uint (to->base.call, "audio-frames-received");
  g_test_message ("%s: audio frames decoded %u -> %u", to->base.name, audio_before,
                  audio_after);
  g_assert_cmpuint (audio_after, >, audio_before + 10);
  /* The events never reached a decoder: one remote audio track only. */
  g_assert_cmpuint (to->base.remote_tracks[GST_CALL_MEDIA_KIND_AUDIO], ==, 1);
  g_string_truncate (to->tones, 0);
  g_array_set_size (to->durations, 0);
}

static void
test_both_ways (gconstpointer data)
{
  GstCallTransportKind transport = GPOINTER_TO_INT (data);
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (GError) error = NULL;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a), transport);
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b), transport);

  /* No call yet. */
  g_assert_false (gst_call_send_dtmf (a.base.call, "1", 0, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE);
  g_test_message ("%s", error->message);
  g_clear_error (&error);

  test_call_connect_pair_on_offer (&a.base, &b.base);
  /* Offered at Opus's clock rate, and answered. */
  g_assert_nonnull (b.received_sdp);
  g_assert_nonnull (strstr (b.received_sdp, " telephone-event/48000"));
  g_assert_nonnull (a.received_sdp);
  g_assert_nonnull (strstr (a.received_sdp, " telephone-event/48000"));
  test_wait_call_stats (b.base.call, "audio-frames-received", 10);
  test_wait_call_stats (a.base.call, "audio-frames-received", 10);

  /* A character that is no tone is named; nothing is sent. */
  g_assert_false (gst_call_send_dtmf (a.base.call, "12x", 0, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "“x”"));
  g_test_message ("%s", error->message);
  g_clear_error (&error);
  g_assert_false (gst_call_send_dtmf (a.base.call, "1", 5000, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  assert_tones_arrive (&a, &b);
  g_assert_cmpuint (a.tones->len, ==, 0);
  assert_tones_arrive (&b, &a);
  g_assert_cmpuint (b.tones->len, ==, 0);
  g_assert_cmpint (gst_call_get_state (a.base.call), ==, GST_CALL_STATE_ACTIVE);
  g_assert_cmpint (gst_call_get_state (b.base.call), ==, GST_CALL_STATE_ACTIVE);

  gst_call_hangup (a.base.call);
  test_wait_until (test_call_side_ended, &b.base, 2000, "the callee to see the hang-up");
  g_assert_false (gst_call_send_dtmf (a.base.call, "1", 0, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE);
  g_clear_error (&error);
  side_clear (&a);
  side_clear (&b);
}

/* A call whose offer loses the telephone-event formats matching @strip
 * on its way to the callee; the sides keep their signallers. */
static void
connect_stripped (Side                 *a,
                  Side                 *b,
                  GstCallTransportKind  transport,
                  const char           *strip)
{
  g_autoptr (TestFilterSignaller) signaller_a = NULL;
  g_autoptr (TestFilterSignaller) signaller_b = NULL;

  filter_signaller_pair (&signaller_a, &signaller_b);
  signaller_a->strip = strip;
  side_init (a, "caller", GST_CALL_SIGNALLER (signaller_a), transport);
  side_init (b, "callee", GST_CALL_SIGNALLER (signaller_b), transport);
  test_call_connect_pair_on_offer (&a->base, &b->base);
}

/* A peer without telephone-event: sending fails with an error naming it,
 * on either side. */
static void
test_not_negotiated (gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  Side a, b;

  /* The caller's offer arrives without it. */
  connect_stripped (&a, &b, GPOINTER_TO_INT (data), " telephone-event/");
  g_assert_null (strstr (b.received_sdp, "telephone-event"));
  g_assert_null (strstr (a.received_sdp, "telephone-event"));
  test_wait_call_stats (b.base.call, "audio-frames-received", 10);

  for (guint i = 0; i < 2; i++) {
    Side *side = i ? &b : &a;

    g_assert_false (gst_call_send_dtmf (side->base.call, TONES, 0, &error));
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION);
    g_assert_nonnull (strstr (error->message, "telephone-event/48000"));
    g_test_message ("%s: %s", side->base.name, error->message);
    g_clear_error (&error);
  }

  gst_call_hangup (a.base.call);
  test_wait_until (test_call_side_ended, &b.base, 2000, "the callee to see the hang-up");
  side_clear (&a);
  side_clear (&b);
}

/* A peer offering telephone-event at 8000 Hz only beside Opus (48000 Hz),
 * as SIP endpoints do: the answer takes that rate and tones go both ways on
 * it, timed by the audio's clock (they share its SSRC). */
static void
test_at_8000 (void)
{
  Side a, b;

  connect_stripped (&a, &b, GST_CALL_TRANSPORT_KIND_RTP, " telephone-event/48000");
  g_assert_nonnull (strstr (b.received_sdp, " telephone-event/8000"));
  g_assert_null (strstr (b.received_sdp, " telephone-event/48000"));
  g_assert_nonnull (strstr (a.received_sdp, " telephone-event/8000"));
  g_assert_null (strstr (a.received_sdp, " telephone-event/48000"));
  test_wait_call_stats (b.base.call, "audio-frames-received", 10);
  test_wait_call_stats (a.base.call, "audio-frames-received", 10);

  assert_tones_arrive (&a, &b);
  assert_tones_arrive (&b, &a);

  gst_call_hangup (a.base.call);
  test_wait_until (test_call_side_ended, &b.base, 2000, "the callee to see the hang-up");
  side_clear (&a);
  side_clear (&b);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);
  test_tolerate_known_gstreamer_criticals ();

  g_test_add_data_func ("/GstCall/Dtmf/webrtc/both-ways",
                        GINT_TO_POINTER (GST_CALL_TRANSPORT_KIND_WEBRTC), test_both_ways);
  g_test_add_data_func ("/GstCall/Dtmf/rtp/both-ways",
                        GINT_TO_POINTER (GST_CALL_TRANSPORT_KIND_RTP), test_both_ways);
  g_test_add_data_func ("/GstCall/Dtmf/webrtc/not-negotiated",
                        GINT_TO_POINTER (GST_CALL_TRANSPORT_KIND_WEBRTC), test_not_negotiated);
  g_test_add_data_func ("/GstCall/Dtmf/rtp/not-negotiated",
                        GINT_TO_POINTER (GST_CALL_TRANSPORT_KIND_RTP), test_not_negotiated);
  g_test_add_func ("/GstCall/Dtmf/rtp/at-8000", test_at_8000);

  return g_test_run ();
}
