/* GstCall over plain RTP: two calls through the loopback signaller.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "test-utils.h"

#include <gst/rtp/rtp.h>

#include "gstcall-codec-tuning-private.h"
#include "gstcallrtptransport-private.h"

#define TIMEOUT_MS 20000

typedef struct {
  TestCallSide base;
  /* bundled-ssrc on the call's transport */
  GHashTable *ssrcs_seen;
  guint bundled_ssrc_calls;
  /* the remote video plays into the remote-track handler's own fakesink,
   * which counts what it receives */
  gint app_sink_buffers; /* atomic */
  GstElement *app_sink;  /* not owned: the call's pipeline holds it */
  char *received_sdp;    /* the last description the signaller brought */
} Side;

static void
on_app_sink_handoff (GstElement *sink,
                     GstBuffer  *buffer,
                     GstPad     *pad,
                     Side       *side)
{
  g_atomic_int_inc (&side->app_sink_buffers);
}

/* The video track plays into a sink of the handler's own; audio is left to
 * the call, which plays it into its configured sink. (The side's own
 * handler counts the tracks.) */
static void
on_remote_track (GstCall      *call,
                 GstCallTrack *track,
                 Side         *side)
{
  g_assert_false (gst_pad_is_linked (gst_call_track_get_pad (track)));
  if (gst_call_track_get_kind (track) == GST_CALL_MEDIA_KIND_VIDEO) {
    g_autoptr (GError) error = NULL;
    GstElement *sink = gst_element_factory_make ("fakesink", NULL);

    g_object_set (sink, "sync", TRUE, "async", FALSE, "signal-handoffs", TRUE, NULL);
    g_signal_connect (sink, "handoff", G_CALLBACK (on_app_sink_handoff), side);
    side->app_sink = sink;
    g_assert_true (gst_call_track_set_sink (track, sink, &error));
    g_assert_no_error (error);
  }
}

static int
on_bundled_ssrc (GstCallRtpTransport *transport,
                 guint                ssrc,
                 guint                payload_type,
                 const char          *mid,
                 Side                *side)
{
  g_assert_true (g_thread_self () == side->base.owner);
  g_test_message ("%s: bundled-ssrc SSRC %u, payload type %u, mid %s", side->base.name, ssrc,
                  payload_type, mid ? mid : "(none)");
  /* Once per new SSRC. */
  g_assert_false (g_hash_table_contains (side->ssrcs_seen, GUINT_TO_POINTER (ssrc)));
  g_hash_table_add (side->ssrcs_seen, GUINT_TO_POINTER (ssrc));
  side->bundled_ssrc_calls++;
  return -1;
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

/* @video_source: a description, or NULL for the default source. */
static void
side_init_with_video (Side             *side,
                      const char       *name,
                      GstCallSignaller *signaller,
                      const char       *video_source)
{
  g_autoptr (GError) error = NULL;
  GstCallTransportKind transport;
  GstCall *call = gst_call_new ();

  memset (side, 0, sizeof (*side));
  side->ssrcs_seen = g_hash_table_new (NULL, NULL);
  g_assert_null (gst_call_get_rtp_transport (call));
  g_object_set (call, "transport", GST_CALL_TRANSPORT_KIND_RTP, NULL);
  g_object_get (call, "transport", &transport, NULL);
  g_assert_cmpint (transport, ==, GST_CALL_TRANSPORT_KIND_RTP);
  g_assert_true (GST_IS_CALL_RTP_TRANSPORT (gst_call_get_rtp_transport (call)));
  gst_call_rtp_transport_set_local_address (gst_call_get_rtp_transport (call),
                                            TEST_ICE_ADDRESS);
  gst_call_set_signaller (call, signaller);
  g_signal_connect (signaller, "description-received", G_CALLBACK (on_description_received),
                    side);
  g_assert_true (gst_call_set_sources_from_description (call, video_source,
                                                        TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  gst_call_set_video_sink (call, test_make_synced_fakesink ());
  gst_call_set_audio_sink (call, test_make_synced_fakesink ());
  test_call_side_init (&side->base, name, call);
  g_signal_connect (call, "remote-track", G_CALLBACK (on_remote_track), side);
}

static void
side_init (Side             *side,
           const char       *name,
           GstCallSignaller *signaller)
{
  side_init_with_video (side, name, signaller, TEST_VIDEO_SOURCE);
}

static void
side_clear (Side *side)
{
  GstCallSignaller *signaller = gst_call_get_signaller (side->base.call);

  if (signaller)
    g_signal_handlers_disconnect_by_data (signaller, side);
  test_call_side_clear (&side->base);
  g_hash_table_unref (side->ssrcs_seen);
  g_free (side->received_sdp);
}

/* The callee answers once the offer raised incoming-call. */
static void
connect_pair (Side *caller,
              Side *callee)
{
  test_call_connect_pair_on_offer (&caller->base, &callee->base);
}

static guint64
stats_uint64 (GstStructure *stats,
              const char   *field)
{
  guint64 value = 0;

  g_assert_true (gst_structure_get_uint64 (stats, field, &value));
  return value;
}

static void
assert_flows_both_ways (Side *a,
                        Side *b)
{
  Side *sides[] = { a, b };

  for (guint i = 0; i < G_N_ELEMENTS (sides); i++) {
    g_autoptr (GstStructure) stats = NULL;
    g_autofree char *text = NULL;

    test_wait_call_stats (sides[i]->base.call, "video-frames-received", 30);
    test_wait_call_stats (sides[i]->base.call, "audio-frames-received", 50);
    test_wait_call_stats (sides[i]->base.call, "video-frames-sent", 30);
    test_wait_call_stats (sides[i]->base.call, "audio-frames-sent", 50);
    stats = test_call_get_stats_structure (sides[i]->base.call);
    text = gst_structure_to_string (stats);
    g_test_message ("%s stats: %s", sides[i]->base.name, text);
    g_assert_cmpint (gst_call_get_state (sides[i]->base.call), ==, GST_CALL_STATE_ACTIVE);
    g_assert_cmpuint (stats_uint64 (stats, "bytes-sent"), >, 10000);
    g_assert_cmpuint (stats_uint64 (stats, "bytes-received"), >, 10000);
    g_assert_cmpuint (stats_uint64 (stats, "packets-sent"), >, 50);
    g_assert_cmpuint (stats_uint64 (stats, "packets-received"), >, 50);
  }
}

static gboolean
app_sink_has_buffers (gpointer data)
{
  return g_atomic_int_get (&((Side *) data)->app_sink_buffers) >= 30;
}

static void
test_both_ways (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (GstStructure) stats = NULL;
  guint64 bitrate = 0;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a));
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b));

  connect_pair (&a, &b);
  g_assert_null (gst_call_get_peer_connection (a.base.call));
  g_assert_null (gst_call_get_peer_connection (b.base.call));
  g_assert_true (b.base.incoming);
  g_assert_false (a.base.incoming);

  assert_flows_both_ways (&a, &b);
  /* The bitrate is measured since the previous statistics: half a second
   * of media. */
  g_clear_pointer (&stats, gst_structure_free);
  stats = test_call_get_stats_structure (a.base.call);
  g_clear_pointer (&stats, gst_structure_free);
  test_iterate_for (500);
  stats = test_call_get_stats_structure (a.base.call);
  g_assert_true (gst_structure_get_uint64 (stats, "bitrate-received", &bitrate));
  g_test_message ("caller bitrate received: %" G_GUINT64_FORMAT " bit/s", bitrate);
  g_assert_cmpuint (bitrate, >, 0);

  /* One remote track of each kind on each side; the video one reached the
   * handler's own sink, and the call's frame counts include it. */
  for (guint i = 0; i < 2; i++) {
    Side *side = i == 0 ? &a : &b;

    g_assert_cmpuint (side->base.remote_tracks[GST_CALL_MEDIA_KIND_VIDEO], ==, 1);
    g_assert_cmpuint (side->base.remote_tracks[GST_CALL_MEDIA_KIND_AUDIO], ==, 1);
    test_wait_until (app_sink_has_buffers, side, TIMEOUT_MS,
                     "the handler's sink to receive video");
    g_test_message ("%s: the handler's sink received %d video buffers", side->base.name,
                    g_atomic_int_get (&side->app_sink_buffers));
  }

  /* Mute stops media, unmute resumes it, in both directions. */
  test_assert_mute_stops_media (a.base.call, b.base.call, "video-frames-received",
                                gst_call_set_video_muted, gst_call_get_video_muted, 15);
  test_assert_mute_stops_media (b.base.call, a.base.call, "audio-frames-received",
                                gst_call_set_audio_muted, gst_call_get_audio_muted, 25);

  /* Hanging up on one side ends both. */
  gst_call_hangup (b.base.call);
  g_assert_cmpint (gst_call_get_state (b.base.call), ==, GST_CALL_STATE_ENDED);
  test_wait_until (test_call_side_ended, &a.base, 2000, "the caller to see the hang-up");
  g_assert_cmpint (gst_call_get_state (a.base.call), ==, GST_CALL_STATE_ENDED);
  g_assert_null (a.base.ended_reason);
  g_assert_null (b.base.ended_reason);
  g_assert_cmpuint (a.base.ended, ==, 1);
  g_assert_cmpuint (b.base.ended, ==, 1);

  /* idle -> connecting -> active -> ended on both sides */
  for (guint i = 0; i < 2; i++) {
    GPtrArray *states = i == 0 ? a.base.states : b.base.states;

    g_assert_cmpuint (states->len, ==, 3);
    g_assert_cmpint (GPOINTER_TO_INT (states->pdata[0]), ==, GST_CALL_STATE_CONNECTING);
    g_assert_cmpint (GPOINTER_TO_INT (states->pdata[1]), ==, GST_CALL_STATE_ACTIVE);
    g_assert_cmpint (GPOINTER_TO_INT (states->pdata[2]), ==, GST_CALL_STATE_ENDED);
  }

  side_clear (&a);
  side_clear (&b);
}

/* SRTP through GstCall: the caller's transport requires it, the callee's
 * follows the offer; media flows encrypted both ways. A callee that
 * requires SRTP refuses a plain caller, and the call fails with the
 * reason. */
static void
test_srtp (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a));
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b));
  gst_call_rtp_transport_set_srtp (gst_call_get_rtp_transport (a.base.call), TRUE);

  connect_pair (&a, &b);
  assert_flows_both_ways (&a, &b);
  for (guint i = 0; i < 2; i++) {
    GstCallRtpTransport *transport = gst_call_get_rtp_transport ((i ? &b : &a)->base.call);
    g_autoptr (GstStructure) stats = gst_call_rtp_transport_get_stats (transport);
    guint dropped = G_MAXUINT;

    g_assert_true (gst_call_rtp_transport_get_secure (transport));
    g_assert_true (gst_structure_get_uint (stats, "srtp-packets-dropped", &dropped));
    g_assert_cmpuint (dropped, ==, 0);
  }
  gst_call_hangup (a.base.call);
  test_wait_until (test_call_side_ended, &b.base, 2000, "the callee to see the hang-up");
  side_clear (&a);
  side_clear (&b);
}

static void
test_srtp_required (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (GError) error = NULL;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a));
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b));
  gst_call_rtp_transport_set_srtp (gst_call_get_rtp_transport (b.base.call), TRUE);

  gst_call_dial_async (a.base.call, NULL, NULL, test_call_side_on_setup_done, &a.base);
  test_wait_until (test_call_side_incoming, &b.base, TIMEOUT_MS,
                   "the offer to reach the callee");
  gst_call_answer_async (b.base.call, NULL, test_call_side_on_setup_done, &b.base);
  g_assert_false (test_call_side_finish_setup (&b.base, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION);
  g_test_message ("callee: %s", error->message);
  g_assert_nonnull (strstr (error->message, "requires SRTP"));
  g_assert_false (gst_call_rtp_transport_get_secure (gst_call_get_rtp_transport (b.base.call)));
  gst_call_hangup (a.base.call);
  test_drain_context ();
  side_clear (&a);
  side_clear (&b);
}

/* A bundled-ssrc handler on each call's transport hears every new SSRC of
 * the peer once, on the call's thread; the default routing still plays
 * both media. */
static void
test_bundled_ssrc (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  Side a, b;
  Side *sides[] = { &a, &b };

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a));
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b));
  for (guint i = 0; i < G_N_ELEMENTS (sides); i++) {
    GstCallRtpTransport *transport = NULL;

    g_object_get (sides[i]->base.call, "rtp-transport", &transport, NULL);
    g_assert_true (transport == gst_call_get_rtp_transport (sides[i]->base.call));
    g_signal_connect (transport, "bundled-ssrc", G_CALLBACK (on_bundled_ssrc), sides[i]);
    g_object_unref (transport);
  }

  connect_pair (&a, &b);
  assert_flows_both_ways (&a, &b);

  for (guint i = 0; i < G_N_ELEMENTS (sides); i++) {
    g_autoptr (GstStructure) stats =
        gst_call_rtp_transport_get_stats (gst_call_get_rtp_transport (sides[i]->base.call));
    guint calls = 0;

    g_assert_true (gst_structure_get_uint (stats, "bundled-ssrc-calls", &calls));
    g_test_message ("%s: %u bundled-ssrc calls, %u SSRCs", sides[i]->base.name,
                    sides[i]->bundled_ssrc_calls, g_hash_table_size (sides[i]->ssrcs_seen));
    /* At least the peer's audio and video SSRCs, each once. */
    g_assert_cmpuint (sides[i]->bundled_ssrc_calls, >=, 2);
    g_assert_cmpuint (sides[i]->bundled_ssrc_calls, ==,
                      g_hash_table_size (sides[i]->ssrcs_seen));
    g_assert_cmpuint (calls, ==, sides[i]->bundled_ssrc_calls);
  }

  gst_call_hangup (a.base.call);
  test_wait_until (test_call_side_ended, &b.base, 2000, "the callee to see the hang-up");
  side_clear (&a);
  side_clear (&b);
}

/* The element of @factory_name in @call's RTP pipeline, or NULL. */
static GstElement *
find_call_element (GstCall    *call,
                   const char *factory_name)
{
  GstPipeline *pipeline = gst_call_rtp_transport_get_pipeline (gst_call_get_rtp_transport (call));

  return test_find_element (GST_ELEMENT (pipeline), factory_name);
}

typedef struct {
  GstCallCodec video_codec;
  GstCallCodec audio_codec;
  const char *depayloaders[2]; /* by GstCallMediaKind */
  const char *offer_lines[3];  /* the offer holds them */
} CodecCase;

static const CodecCase codec_vp9 = {
  GST_CALL_CODEC_VP9, GST_CALL_CODEC_OPUS, { "rtpvp9depay", "rtpopusdepay" },
  { "a=rtpmap:96 VP9/90000\r\n", "a=rtcp-fb:96 nack\r\n", "a=fmtp:97 apt=96\r\n" },
};
static const CodecCase codec_h264 = {
  GST_CALL_CODEC_H264, GST_CALL_CODEC_OPUS, { "rtph264depay", "rtpopusdepay" },
  { "a=rtpmap:96 H264/90000\r\n", "packetization-mode=1", "profile-level-id=42e01f" },
};
/* G.711: static payload types 0 and 8, 8 kHz, the rtpmap written all the
 * same; no RTX on audio. */
static const CodecCase codec_pcmu = {
  GST_CALL_CODEC_VP8, GST_CALL_CODEC_PCMU, { "rtpvp8depay", "rtppcmudepay" },
  { " RTP/AVPF 0 126\r\n", "a=rtpmap:0 PCMU/8000\r\n", "a=rtpmap:96 VP8/90000\r\n" },
};
static const CodecCase codec_pcma = {
  GST_CALL_CODEC_VP8, GST_CALL_CODEC_PCMA, { "rtpvp8depay", "rtppcmadepay" },
  { " RTP/AVPF 8 126\r\n", "a=rtpmap:8 PCMA/8000\r\n", "a=rtpmap:96 VP8/90000\r\n" },
};

/* A call in each codec the library negotiates: the offer describes it, the
 * far end depayloads and decodes it, both ways. */
static void
test_codec (gconstpointer data)
{
  const CodecCase *codec = data;
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a));
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b));
  for (guint i = 0; i < 2; i++)
    g_object_set ((i ? &b : &a)->base.call, "video-codec", codec->video_codec,
                  "audio-codec", codec->audio_codec, NULL);

  connect_pair (&a, &b);
  g_test_message ("offer: %s", b.received_sdp);
  for (guint i = 0; i < G_N_ELEMENTS (codec->offer_lines); i++)
    g_assert_nonnull (strstr (b.received_sdp, codec->offer_lines[i]));
  /* The codec table gives G.711 no format parameters. */
  g_assert_null (strstr (b.received_sdp, "a=fmtp:0 "));
  g_assert_null (strstr (b.received_sdp, "a=fmtp:8 "));
  assert_flows_both_ways (&a, &b);
  for (guint i = 0; i < 2; i++) {
    Side *side = i ? &b : &a;

    for (guint kind = 0; kind < 2; kind++) {
      g_autoptr (GstElement) depayloader = find_call_element (side->base.call,
                                                              codec->depayloaders[kind]);

      g_assert_nonnull (depayloader);
    }
  }
  g_assert_null (gst_call_get_error (a.base.call));
  g_assert_null (gst_call_get_error (b.base.call));

  gst_call_hangup (a.base.call);
  test_wait_until (test_call_side_ended, &b.base, 2000, "the callee to see the hang-up");
  side_clear (&a);
  side_clear (&b);
}

static void
assert_pad_caps (GstElement *element,
                 const char *pad_name,
                 int         width,
                 int         height,
                 int         framerate)
{
  g_autoptr (GstPad) pad = gst_element_get_static_pad (element, pad_name);
  g_autoptr (GstCaps) caps = gst_pad_get_current_caps (pad);
  const GstStructure *structure = gst_caps_get_structure (caps, 0);
  int value = 0, denominator = 0;

  g_test_message ("%s: %" GST_PTR_FORMAT, GST_OBJECT_NAME (element), caps);
  g_assert_true (gst_structure_get_int (structure, "width", &value));
  g_assert_cmpint (value, ==, width);
  g_assert_true (gst_structure_get_int (structure, "height", &value));
  g_assert_cmpint (value, ==, height);
  if (framerate) {
    g_assert_true (gst_structure_get_fraction (structure, "framerate", &value, &denominator));
    g_assert_cmpint (value, ==, framerate);
    g_assert_cmpint (denominator, ==, 1);
  }
}

static int
encoder_int_property (GstCall    *call,
                      const char *factory_name,
                      const char *property)
{
  g_autoptr (GstElement) encoder = find_call_element (call, factory_name);
  int value = 0;

  g_assert_nonnull (encoder);
  g_object_get (encoder, property, &value, NULL);
  return value;
}

/* The call's video size and frame rate shape its default source (the far end
 * decodes that size); without congestion control, the bitrate properties
 * set the encoders' targets, before the call and during it. */
static void
test_video_format_and_bitrate (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (GstElement) encoder = NULL;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init_with_video (&a, "caller", GST_CALL_SIGNALLER (signaller_a), NULL);
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b));
  /* Without congestion control the encoders run at what is asked. */
  g_object_set (a.base.call, "video-width", 352, "video-height", 288, "video-framerate", 15,
                "video-bitrate", 300, "audio-bitrate", 40,
                "congestion-control", GST_CALL_CONGESTION_CONTROL_NONE, NULL);

  connect_pair (&a, &b);
  assert_flows_both_ways (&a, &b);
  test_wait_until (app_sink_has_buffers, &b, TIMEOUT_MS, "the callee's sink to receive video");
  assert_pad_caps (b.app_sink, "sink", 352, 288, 0);
  encoder = find_call_element (a.base.call, "vp8enc");
  g_assert_nonnull (encoder);
  assert_pad_caps (encoder, "sink", 352, 288, 15);

  g_assert_cmpint (encoder_int_property (a.base.call, "vp8enc", "target-bitrate"), ==, 300000);
  g_assert_cmpint (encoder_int_property (a.base.call, "opusenc", "bitrate"), ==, 40000);
  /* A plain RTP peer may not ask for keyframes: the encoder's own come
   * every 10 s. */
  g_assert_cmpint (encoder_int_property (a.base.call, "vp8enc", "keyframe-max-dist"), ==,
                   GST_CALL_KEYFRAME_INTERVAL);
  g_object_set (a.base.call, "video-bitrate", 500, "audio-bitrate", 24, NULL);
  g_assert_cmpint (encoder_int_property (a.base.call, "vp8enc", "target-bitrate"), ==, 500000);
  g_assert_cmpint (encoder_int_property (a.base.call, "opusenc", "bitrate"), ==, 24000);

  gst_call_hangup (a.base.call);
  test_wait_until (test_call_side_ended, &b.base, 2000, "the callee to see the hang-up");
  side_clear (&a);
  side_clear (&b);
}

/* Streaming thread of a call's socket: every fourth RTP packet is dropped,
 * as a lossy link would; RTCP, which shares the port (rtcp-mux, RFC 5761:
 * its packet types 200 to 206 make a second byte of 192 to 223), passes. */
static GstPadProbeReturn
drop_quarter_of_rtp (GstPad          *pad,
                     GstPadProbeInfo *info,
                     gpointer         data)
{
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);
  guint8 second = 0;

  if (gst_buffer_extract (buffer, 1, &second, 1) != 1 || (second >= 192 && second <= 223))
    return GST_PAD_PROBE_OK;
  return g_atomic_int_add ((gint *) data, 1) % 4 == 0 ? GST_PAD_PROBE_DROP : GST_PAD_PROBE_OK;
}

/* What @call receives loses a quarter of its RTP from now on. */
static void
inject_receive_loss (GstCall *call,
                     gint    *counter)
{
  GstPipeline *pipeline = gst_call_rtp_transport_get_pipeline (gst_call_get_rtp_transport (call));
  g_autoptr (GstElement) udpsrc = gst_bin_get_by_name (GST_BIN (pipeline), "udpsrc");
  g_autoptr (GstPad) src = NULL;

  g_assert_nonnull (udpsrc);
  src = gst_element_get_static_pad (udpsrc, "src");
  gst_pad_add_probe (src, GST_PAD_PROBE_TYPE_BUFFER, drop_quarter_of_rtp, counter, NULL);
}

/* What notify::target-bitrate of a call saw. */
typedef struct {
  GThread *thread;        /* the test's: every notification must come there */
  guint notifications;
  guint first;            /* the first target notified, bit/s */
  guint lowest;
} TargetWatch;

static void
on_target_bitrate (GObject    *object,
                   GParamSpec *pspec,
                   gpointer    data)
{
  TargetWatch *watch = data;
  guint target = 0;

  g_assert_true (g_thread_self () == watch->thread);
  g_object_get (object, "target-bitrate", &target, NULL);
  if (watch->notifications++ == 0)
    watch->first = target;
  watch->lowest = MIN (watch->lowest, target);
}

static gboolean
target_notified (gpointer data)
{
  return ((TargetWatch *) data)->notifications > 0;
}

static gboolean
target_below_start (gpointer data)
{
  guint target = gst_call_get_target_bitrate (data);

  return target > 0 && target < 300000;
}

/* The video encoder's bitrate at the start: its share of 300 kbit/s,
 * 221.4 kbit/s, in whole kbit/s. */
#define START_VIDEO_BITRATE 221000

/* The video encoder below what the start bitrate gave it. */
static gboolean
video_encoder_below_start (gpointer data)
{
  return encoder_int_property (data, "vp8enc", "target-bitrate") < START_VIDEO_BITRATE;
}

/* The video encoder at its share of a REMB of 150 kbit/s, or below. */
static gboolean
video_encoder_within_remb (gpointer data)
{
  return encoder_int_property (data, "vp8enc", "target-bitrate") <= 150000;
}


/* Congestion control on plain RTP, from receiver reports: the caller's
 * transport gets the call's settings and starts at the start bitrate
 * (300 kbit/s: the video encoder at its share, 221.4 kbit/s, below the
 * 1000 kbit/s it is configured with); once the callee loses a quarter of
 * the RTP it receives, its receiver reports lower the target below the
 * start, and the video encoder follows. notify::target-bitrate comes on
 * the test's thread. */
static void
test_congestion_control_receiver_reports (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  TargetWatch watch = { g_thread_self (), 0, 0, G_MAXUINT };
  GstCallRtpTransport *transport;
  guint reports = 0, rembs = 0, target = 0;
  gint64 round_trip = -1;
  gint dropped = 0;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a));
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b));
  gst_call_set_min_bitrate (a.base.call, 50000);
  gst_call_set_max_bitrate (a.base.call, 2000000);
  /* Without retransmissions: the callee's rtpsession counts a
   * retransmitted packet as received, so with RTX every other report
   * says nothing was lost. */
  gst_call_rtp_transport_set_rtx (gst_call_get_rtp_transport (a.base.call), FALSE);
  gst_call_rtp_transport_set_rtx (gst_call_get_rtp_transport (b.base.call), FALSE);
  g_signal_connect (a.base.call, "notify::target-bitrate", G_CALLBACK (on_target_bitrate),
                    &watch);
  connect_pair (&a, &b);

  transport = gst_call_get_rtp_transport (a.base.call);
  g_assert_cmpint (gst_call_rtp_transport_get_congestion_control (transport), ==,
                   GST_CALL_CONGESTION_CONTROL_GCC);
  g_assert_cmpuint (gst_call_rtp_transport_get_min_bitrate (transport), ==, 50000);
  g_assert_cmpuint (gst_call_rtp_transport_get_start_bitrate (transport), ==, 300000);
  g_assert_cmpuint (gst_call_rtp_transport_get_max_bitrate (transport), ==, 2000000);
  test_wait_until (target_notified, &watch, TIMEOUT_MS, "the start target");
  g_assert_cmpuint (watch.first, ==, 300000);
  assert_flows_both_ways (&a, &b);
  g_assert_cmpint (encoder_int_property (a.base.call, "vp8enc", "target-bitrate"), >=,
                   START_VIDEO_BITRATE);
  g_assert_cmpint (encoder_int_property (a.base.call, "vp8enc", "target-bitrate"), <=, 400000);

  inject_receive_loss (b.base.call, &dropped);
  test_wait_until (target_below_start, a.base.call, TIMEOUT_MS,
                   "the target to fall below the start");
  test_wait_until (video_encoder_below_start, a.base.call, TIMEOUT_MS,
                   "the video encoder to follow the target down");
  g_assert_true (gst_call_rtp_transport_get_congestion_estimate (transport, &reports, &rembs,
                                                                 &target, &round_trip));
  g_test_message ("caller: %u receiver reports, %u REMBs, target %u bit/s (call %u), "
                  "round trip %" G_GINT64_FORMAT " us, video encoder %d bit/s, "
                  "%u notifications, %d RTP packets seen by the callee",
                  reports, rembs, target, gst_call_get_target_bitrate (a.base.call), round_trip,
                  encoder_int_property (a.base.call, "vp8enc", "target-bitrate"),
                  watch.notifications, g_atomic_int_get (&dropped));
  g_assert_cmpuint (reports, >, 0);
  g_assert_cmpuint (rembs, ==, 0);
  /* LSR and DLSR named an SR sent: the round trip is known (loopback). */
  g_assert_cmpint (round_trip, >=, 0);
  g_assert_cmpint (round_trip, <, G_USEC_PER_SEC);
  g_assert_cmpuint (gst_call_get_target_bitrate (a.base.call), ==,
                    gst_call_rtp_transport_get_target_bitrate (transport));
  g_assert_cmpuint (watch.lowest, <, 300000);
  g_assert_cmpuint (watch.lowest, >=, 50000);
  {
    g_autofree char *video =
        test_call_quality_limitation_reason (a.base.call, GST_CALL_MEDIA_KIND_VIDEO);

    g_assert_cmpstr (video, ==, "bandwidth");
  }

  gst_call_hangup (a.base.call);
  test_wait_until (test_call_side_ended, &b.base, 2000, "the callee to see the hang-up");
  side_clear (&a);
  side_clear (&b);
}

/* RTCP thread of the callee's sessions: each RTCP packet it sends carries
 * a REMB of 150 kbit/s (draft-alvestrand-rmcat-remb: PSFB, FMT 15). */
static gboolean
add_remb (GObject   *rtp_session,
          GstBuffer *buffer,
          gboolean   early,
          gpointer   data)
{
  GstRTCPBuffer rtcp = GST_RTCP_BUFFER_INIT;
  GstRTCPPacket packet;

  if (!gst_rtcp_buffer_map (buffer, GST_MAP_READWRITE, &rtcp))
    return FALSE;
  if (gst_rtcp_buffer_add_packet (&rtcp, GST_RTCP_TYPE_PSFB, &packet)) {
    guint8 *fci;

    gst_rtcp_packet_fb_set_type (&packet, GST_RTCP_PSFB_TYPE_AFB);
    gst_rtcp_packet_fb_set_sender_ssrc (&packet, 1);
    gst_rtcp_packet_fb_set_media_ssrc (&packet, 0);
    gst_rtcp_packet_fb_set_fci_length (&packet, 3);
    fci = gst_rtcp_packet_fb_get_fci (&packet);
    memcpy (fci, "REMB", 4);
    /* One SSRC; exponent 0, mantissa 150000. */
    fci[4] = 1;
    fci[5] = (guint8) (150000 >> 16);
    fci[6] = (guint8) (150000 >> 8);
    fci[7] = (guint8) 150000;
    GST_WRITE_UINT32_BE (fci + 8, 0);
  }
  gst_rtcp_buffer_unmap (&rtcp);
  return FALSE;
}

static gboolean
target_at_remb (gpointer data)
{
  return gst_call_get_target_bitrate (data) == 150000;
}

/* A peer that sends REMB bounds the target: the callee's RTCP carries one
 * of 150 kbit/s, the caller's target comes down to it from the start
 * bitrate (without any loss) and the video encoder follows. */
static void
test_congestion_control_remb (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  TargetWatch watch = { g_thread_self (), 0, 0, G_MAXUINT };
  GstCallRtpTransport *transport;
  GstPipeline *pipeline;
  g_autoptr (GstElement) rtpbin = NULL;
  guint reports = 0, rembs = 0, target = 0;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a));
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b));
  g_signal_connect (a.base.call, "notify::target-bitrate", G_CALLBACK (on_target_bitrate),
                    &watch);
  connect_pair (&a, &b);

  pipeline = gst_call_rtp_transport_get_pipeline (gst_call_get_rtp_transport (b.base.call));
  rtpbin = gst_bin_get_by_name (GST_BIN (pipeline), "rtpbin");
  for (guint session = 0; session < 2; session++) {
    g_autoptr (GObject) rtp_session = NULL;

    g_signal_emit_by_name (rtpbin, "get-internal-session", session, &rtp_session);
    g_assert_nonnull (rtp_session);
    g_signal_connect (rtp_session, "on-sending-rtcp", G_CALLBACK (add_remb), NULL);
  }
  test_wait_until (target_at_remb, a.base.call, TIMEOUT_MS, "the target to come down to the REMB");
  /* The encoders were given it before the target was notified. */
  g_assert_cmpint (encoder_int_property (a.base.call, "vp8enc", "target-bitrate"), <=, 150000);
  test_wait_until (video_encoder_within_remb, a.base.call, TIMEOUT_MS,
                   "the video encoder to follow the target down");
  transport = gst_call_get_rtp_transport (a.base.call);
  g_assert_true (gst_call_rtp_transport_get_congestion_estimate (transport, &reports, &rembs,
                                                                 &target, NULL));
  g_test_message ("caller: %u receiver reports, %u REMBs, target %u bit/s, video encoder %d bit/s",
                  reports, rembs, target,
                  encoder_int_property (a.base.call, "vp8enc", "target-bitrate"));
  g_assert_cmpuint (rembs, >, 0);
  g_assert_cmpuint (target, ==, 150000);
  g_assert_cmpuint (watch.first, ==, 300000);
  g_assert_cmpuint (watch.lowest, ==, 150000);
  g_assert_cmpint (encoder_int_property (a.base.call, "vp8enc", "target-bitrate"), <=, 150000);

  gst_call_hangup (a.base.call);
  test_wait_until (test_call_side_ended, &b.base, 2000, "the callee to see the hang-up");
  side_clear (&a);
  side_clear (&b);
}

/* congestion-control=none on plain RTP: the same loss leaves the video
 * and audio encoders at their configured bitrates, and there is no
 * target. */
static void
test_congestion_control_none (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  TargetWatch watch = { g_thread_self (), 0, 0, G_MAXUINT };
  GstCallRtpTransport *transport;
  gint dropped = 0;
  gint64 until;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a));
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b));
  g_object_set (a.base.call, "congestion-control", GST_CALL_CONGESTION_CONTROL_NONE,
                "video-bitrate", 300, NULL);
  g_signal_connect (a.base.call, "notify::target-bitrate", G_CALLBACK (on_target_bitrate),
                    &watch);
  connect_pair (&a, &b);

  transport = gst_call_get_rtp_transport (a.base.call);
  g_assert_cmpint (gst_call_rtp_transport_get_congestion_control (transport), ==,
                   GST_CALL_CONGESTION_CONTROL_NONE);
  assert_flows_both_ways (&a, &b);
  inject_receive_loss (b.base.call, &dropped);
  until = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < until) {
    g_assert_cmpint (encoder_int_property (a.base.call, "vp8enc", "target-bitrate"), ==,
                     300000);
    /* Opus keeps opusenc's own 64 kbit/s. */
    g_assert_cmpint (encoder_int_property (a.base.call, "opusenc", "bitrate"), ==, 64000);
    test_iterate_for (50);
  }
  g_assert_cmpint (g_atomic_int_get (&dropped), >, 100);
  g_assert_false (gst_call_rtp_transport_get_congestion_estimate (transport, NULL, NULL, NULL,
                                                                  NULL));
  g_assert_cmpuint (gst_call_get_target_bitrate (a.base.call), ==, 0);
  g_assert_cmpuint (gst_call_rtp_transport_get_target_bitrate (transport), ==, 0);
  g_assert_cmpuint (watch.notifications, ==, 0);
  {
    g_autofree char *video =
        test_call_quality_limitation_reason (a.base.call, GST_CALL_MEDIA_KIND_VIDEO);

    g_assert_cmpstr (video, ==, "none");
  }

  gst_call_hangup (a.base.call);
  test_wait_until (test_call_side_ended, &b.base, 2000, "the callee to see the hang-up");
  side_clear (&a);
  side_clear (&b);
}

/* H.264 at 1080p30: both descriptions carry level 4.0, which the encoder
 * needs for that size (RFC 6184 8.2.2 answer: the offer's profile, the
 * level both sides allow), and the far end decodes the full picture.
 * Without congestion control: from its start bitrate (300 kbit/s) it
 * would send a smaller picture until the link proved it could carry
 * 1080p. */
static void
test_h264_1080p (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init_with_video (&a, "caller", GST_CALL_SIGNALLER (signaller_a),
                        "videotestsrc is-live=true pattern=ball ! capsfilter "
                        "caps=video/x-raw,width=1920,height=1080,framerate=30/1");
  side_init_with_video (&b, "callee", GST_CALL_SIGNALLER (signaller_b),
                        "videotestsrc is-live=true pattern=ball ! capsfilter "
                        "caps=video/x-raw,width=1920,height=1080,framerate=30/1");
  for (guint i = 0; i < 2; i++)
    g_object_set ((i ? &b : &a)->base.call, "video-codec", GST_CALL_CODEC_H264,
                  "video-width", 1920, "video-height", 1080, "video-framerate", 30,
                  "congestion-control", GST_CALL_CONGESTION_CONTROL_NONE, NULL);

  connect_pair (&a, &b);
  test_wait_call_stats (a.base.call, "video-frames-received", 30);
  test_wait_call_stats (b.base.call, "video-frames-received", 30);
  g_assert_null (gst_call_get_error (a.base.call));
  g_assert_null (gst_call_get_error (b.base.call));
  g_test_message ("answer: %s", a.received_sdp);
  g_assert_nonnull (strstr (b.received_sdp, "profile-level-id=42e028"));
  g_assert_nonnull (strstr (a.received_sdp, "profile-level-id=42e028"));
  for (guint i = 0; i < 2; i++) {
    Side *side = i ? &b : &a;

    test_wait_until (app_sink_has_buffers, side, TIMEOUT_MS, "the sink to receive video");
    assert_pad_caps (side->app_sink, "sink", 1920, 1080, 0);
  }

  gst_call_hangup (a.base.call);
  test_wait_until (test_call_side_ended, &b.base, 2000, "the callee to see the hang-up");
  side_clear (&a);
  side_clear (&b);
}

static GstPadProbeReturn
drop_everything (GstPad          *pad,
                 GstPadProbeInfo *info,
                 gpointer         user_data)
{
  return GST_PAD_PROBE_DROP;
}

/* The callee stops sending (no RTP, no RTCP, no BYE; its signalling stays
 * up): with reconnection disabled, the caller fails with the error it gets
 * on WebRTC once the peer was silent for peer-timeout seconds. Muted both
 * ways, RTCP alone keeps the call up. */
static void
test_peer_silent (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (GstElement) udpsink = NULL;
  g_autoptr (GstPad) udpsink_pad = NULL;
  const guint timeout = 3;
  gint64 cut_at;
  double seconds;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a));
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b));
  g_object_set (a.base.call, "peer-timeout", timeout, "reconnect-timeout", 0, NULL);
  g_object_set (b.base.call, "peer-timeout", timeout, NULL);

  connect_pair (&a, &b);
  assert_flows_both_ways (&a, &b);

  gst_call_set_video_muted (a.base.call, TRUE);
  gst_call_set_audio_muted (a.base.call, TRUE);
  gst_call_set_video_muted (b.base.call, TRUE);
  gst_call_set_audio_muted (b.base.call, TRUE);
  test_iterate_for ((timeout + 2) * 1000);
  g_assert_cmpuint (a.base.ended, ==, 0);
  g_assert_cmpuint (b.base.ended, ==, 0);
  g_assert_cmpint (gst_call_get_state (a.base.call), ==, GST_CALL_STATE_ACTIVE);
  gst_call_set_video_muted (b.base.call, FALSE);
  gst_call_set_audio_muted (b.base.call, FALSE);

  udpsink = find_call_element (b.base.call, "udpsink");
  g_assert_nonnull (udpsink);
  udpsink_pad = gst_element_get_static_pad (udpsink, "sink");
  gst_pad_add_probe (udpsink_pad, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST,
                     drop_everything, NULL, NULL);
  cut_at = g_get_monotonic_time ();
  test_wait_until (test_call_side_ended, &a.base, (timeout + 5) * 1000,
                   "the caller to notice the callee went silent");
  seconds = (a.base.ended_at - cut_at) / (double) G_USEC_PER_SEC;
  g_test_message ("the caller ended %.2f s after the callee went silent: %s", seconds,
                  a.base.ended_reason ? a.base.ended_reason->message : "(no reason)");
  g_assert_error (a.base.ended_reason, GST_CALL_ERROR, GST_CALL_ERROR_ICE);
  g_assert_cmpint (gst_call_get_state (a.base.call), ==, GST_CALL_STATE_FAILED);
  g_assert_cmpfloat (seconds, >=, timeout - 0.5);
  g_assert_cmpfloat (seconds, <, timeout + 2);

  gst_call_hangup (b.base.call);
  side_clear (&a);
  side_clear (&b);
}

static gboolean
rtp_side_reconnecting (gpointer side)
{
  return gst_call_get_state (((Side *) side)->base.call) == GST_CALL_STATE_RECONNECTING;
}

static gboolean
rtp_side_active (gpointer side)
{
  return gst_call_get_state (((Side *) side)->base.call) == GST_CALL_STATE_ACTIVE;
}

/* Plain RTP has no ICE: the same 5-tuple comes back by itself. The callee
 * goes silent: the caller is RECONNECTING after peer-timeout; its packets
 * come again: ACTIVE again with frames flowing; silent for good: FAILED
 * with CONNECTION_LOST after reconnect-timeout. */
static void
test_peer_silent_comes_back (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (GstElement) udpsink = NULL;
  g_autoptr (GstPad) udpsink_pad = NULL;
  const guint timeout = 2;
  const guint reconnect_timeout = 3;
  guint frames;
  gulong probe;
  gint64 back_at;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a));
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b));
  g_object_set (a.base.call, "peer-timeout", timeout, "reconnect-timeout", reconnect_timeout,
                NULL);
  g_object_set (b.base.call, "peer-timeout", 0, NULL);
  connect_pair (&a, &b);
  assert_flows_both_ways (&a, &b);

  udpsink = find_call_element (b.base.call, "udpsink");
  g_assert_nonnull (udpsink);
  udpsink_pad = gst_element_get_static_pad (udpsink, "sink");
  probe = gst_pad_add_probe (udpsink_pad,
                             GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST,
                             drop_everything, NULL, NULL);
  test_wait_until (rtp_side_reconnecting, &a, (timeout + 5) * 1000,
                   "the caller to notice the callee went silent");
  g_assert_cmpuint (a.base.ended, ==, 0);

  frames = test_call_stats_uint (a.base.call, "video-frames-received");
  gst_pad_remove_probe (udpsink_pad, probe);
  back_at = g_get_monotonic_time ();
  test_wait_until (rtp_side_active, &a, 3000, "the caller to be active again");
  g_test_message ("the caller was active again %.2f s after the callee's packets came back",
                  (g_get_monotonic_time () - back_at) / (double) G_USEC_PER_SEC);
  test_wait_call_stats (a.base.call, "video-frames-received", frames + 15);
  g_assert_cmpuint (a.base.states->len, ==, 4);
  g_assert_cmpint (GPOINTER_TO_INT (g_ptr_array_index (a.base.states, 2)), ==,
                   GST_CALL_STATE_RECONNECTING);
  g_assert_cmpint (GPOINTER_TO_INT (g_ptr_array_index (a.base.states, 3)), ==,
                   GST_CALL_STATE_ACTIVE);

  /* Silent for good this time. */
  gst_pad_add_probe (udpsink_pad, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST,
                     drop_everything, NULL, NULL);
  test_wait_until (rtp_side_reconnecting, &a, (timeout + 5) * 1000,
                   "the caller to notice the callee went silent again");
  test_wait_until (test_call_side_ended, &a.base, (reconnect_timeout + 5) * 1000,
                   "the caller to give up");
  g_assert_error (a.base.ended_reason, GST_CALL_ERROR, GST_CALL_ERROR_CONNECTION_LOST);
  g_assert_cmpint (gst_call_get_state (a.base.call), ==, GST_CALL_STATE_FAILED);
  /* It said bye. */
  test_wait_until (test_call_side_ended, &b.base, 5000, "the callee to hear the bye");
  side_clear (&a);
  side_clear (&b);
}

/* Tracks added and removed mid-call over plain RTP, from either side: each
 * change is a new offer through the signaller; the far end gets a new
 * remote track, and its frames stop when the track is removed. */
/* A state change of the caller's pipeline comes as a track is added mid-call
 * (see test_state_replay_new()): the new branch must not start unlinked. */
static void
test_add_track_while_pipeline_replays_state (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (GError) error = NULL;
  TestStateReplay *replay;
  GstElement *source;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a));
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b));
  g_object_set (a.base.call, "send-video", FALSE, NULL);
  g_object_set (b.base.call, "send-video", FALSE, NULL);
  connect_pair (&a, &b);
  test_wait_call_stats (b.base.call, "audio-frames-received", 5);

  /* Not live: it pushes at once. */
  source = gst_element_factory_make ("videotestsrc", NULL);
  g_assert_nonnull (source);
  replay = test_state_replay_new (
      GST_ELEMENT (gst_call_rtp_transport_get_pipeline (gst_call_get_rtp_transport (a.base.call))),
      source);
  g_assert_nonnull (gst_call_add_track (a.base.call, GST_CALL_MEDIA_KIND_VIDEO, source, &error));
  g_assert_no_error (error);
  /* On plain RTP the branch is built once the peer answered the new offer. */
  test_wait_call_stats (b.base.call, "video-frames-received", 10);
  test_state_replay_free (replay);
  g_assert_no_error (gst_call_get_error (a.base.call));
  g_assert_cmpint (gst_call_get_state (a.base.call), ==, GST_CALL_STATE_ACTIVE);
  g_assert_cmpint (gst_call_get_state (b.base.call), ==, GST_CALL_STATE_ACTIVE);
  g_assert_cmpuint (b.base.remote_tracks[GST_CALL_MEDIA_KIND_VIDEO], ==, 1);

  gst_call_hangup (a.base.call);
  side_clear (&a);
  side_clear (&b);
}

static void
test_add_track_mid_call (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) local_tracks = NULL;
  GstCallTrack *video;
  GstElement *source;
  guint frozen, previous;
  gint64 give_up;
  Side a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a));
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b));
  g_object_set (a.base.call, "send-video", FALSE, NULL);
  g_object_set (b.base.call, "send-video", FALSE, NULL);
  connect_pair (&a, &b);
  test_wait_call_stats (b.base.call, "audio-frames-received", 25);
  g_assert_cmpuint (test_call_stats_uint (b.base.call, "video-frames-received"), ==, 0);
  local_tracks = gst_call_get_local_tracks (a.base.call);
  g_assert_cmpuint (local_tracks->len, ==, 1);

  /* The caller starts video: a new offer, the callee receives it. */
  source = gst_parse_bin_from_description (TEST_VIDEO_SOURCE, TRUE, &error);
  g_assert_no_error (error);
  video = gst_call_add_track (a.base.call, GST_CALL_MEDIA_KIND_VIDEO, source, &error);
  g_assert_no_error (error);
  g_assert_nonnull (video);
  test_wait_call_stats (b.base.call, "video-frames-received", 30);
  g_assert_cmpuint (b.base.remote_tracks[GST_CALL_MEDIA_KIND_VIDEO], ==, 1);
  g_test_message ("the callee receives the caller's new video: %s", b.received_sdp);
  g_assert_nonnull (strstr (b.received_sdp, "o=- "));
  g_assert_nonnull (strstr (b.received_sdp, " 1 IN IP4 "));
  g_clear_pointer (&local_tracks, g_ptr_array_unref);
  local_tracks = gst_call_get_local_tracks (a.base.call);
  g_assert_cmpuint (local_tracks->len, ==, 2);

  /* Then the callee does: the side that answered offers this time. */
  source = gst_parse_bin_from_description (TEST_VIDEO_SOURCE, TRUE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (gst_call_add_track (b.base.call, GST_CALL_MEDIA_KIND_VIDEO, source, &error));
  g_assert_no_error (error);
  test_wait_call_stats (a.base.call, "video-frames-received", 30);
  g_assert_cmpuint (a.base.remote_tracks[GST_CALL_MEDIA_KIND_VIDEO], ==, 1);

  /* The caller stops its video: the callee's frames stop... */
  g_assert_true (gst_call_remove_track (a.base.call, video, &error));
  g_assert_no_error (error);
  g_assert_false (gst_call_remove_track (a.base.call, video, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  give_up = g_get_monotonic_time () + 8 * G_USEC_PER_SEC;
  previous = test_call_stats_uint (b.base.call, "video-frames-received");
  do {
    test_iterate_for (1000);
    frozen = previous;
    previous = test_call_stats_uint (b.base.call, "video-frames-received");
  } while (previous != frozen && g_get_monotonic_time () < give_up);
  test_iterate_for (1000);
  g_assert_cmpuint (test_call_stats_uint (b.base.call, "video-frames-received"), ==, frozen);
  g_test_message ("the caller's video stopped at %u frames", frozen);
  g_assert_nonnull (strstr (b.received_sdp, "a=recvonly"));

  /* ... and start again when it shares something else. */
  source = gst_parse_bin_from_description (TEST_VIDEO_SOURCE, TRUE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (gst_call_add_track (a.base.call, GST_CALL_MEDIA_KIND_VIDEO, source, &error));
  g_assert_no_error (error);
  test_wait_call_stats (b.base.call, "video-frames-received", frozen + 30);
  g_assert_cmpuint (b.base.remote_tracks[GST_CALL_MEDIA_KIND_VIDEO], ==, 2);

  /* The callee's video and audio kept flowing. */
  previous = test_call_stats_uint (a.base.call, "video-frames-received");
  test_wait_call_stats (a.base.call, "video-frames-received", previous + 15);
  previous = test_call_stats_uint (a.base.call, "audio-frames-received");
  test_wait_call_stats (a.base.call, "audio-frames-received", previous + 25);
  g_assert_cmpint (gst_call_get_state (a.base.call), ==, GST_CALL_STATE_ACTIVE);
  g_assert_cmpint (gst_call_get_state (b.base.call), ==, GST_CALL_STATE_ACTIVE);

  gst_call_hangup (a.base.call);
  test_wait_until (test_call_side_ended, &b.base, 2000, "the callee to see the hang-up");
  side_clear (&a);
  side_clear (&b);
}

/* What the RTP transport cannot take fails the dial with a clear error. */
static void
test_bad_configuration (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (GError) error = NULL;
  Side a;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);

  /* A source element, not a description. */
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a));
  gst_call_set_video_source (a.base.call, gst_element_factory_make ("videotestsrc", NULL));
  gst_call_dial_async (a.base.call, NULL, NULL, test_call_side_on_setup_done, &a.base);
  g_assert_false (test_call_side_finish_setup (&a.base, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s", error->message);
  g_assert_cmpint (gst_call_get_state (a.base.call), ==, GST_CALL_STATE_FAILED);
  g_clear_error (&error);
  side_clear (&a);

  /* Back to WebRTC: the RTP transport goes. */
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a));
  gst_call_set_transport (a.base.call, GST_CALL_TRANSPORT_KIND_WEBRTC);
  g_assert_cmpint (gst_call_get_transport (a.base.call), ==, GST_CALL_TRANSPORT_KIND_WEBRTC);
  g_assert_null (gst_call_get_rtp_transport (a.base.call));
  side_clear (&a);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);
  test_tolerate_known_gstreamer_criticals ();

  g_test_add_func ("/GstCall/RtpCall/both-ways", test_both_ways);
  g_test_add_func ("/GstCall/RtpCall/bundled-ssrc", test_bundled_ssrc);
  g_test_add_func ("/GstCall/RtpCall/bad-configuration", test_bad_configuration);
  g_test_add_func ("/GstCall/RtpCall/srtp", test_srtp);
  g_test_add_func ("/GstCall/RtpCall/srtp-required", test_srtp_required);
  g_test_add_data_func ("/GstCall/RtpCall/codec/vp9", &codec_vp9, test_codec);
  g_test_add_data_func ("/GstCall/RtpCall/codec/h264", &codec_h264, test_codec);
  g_test_add_data_func ("/GstCall/RtpCall/codec/pcmu", &codec_pcmu, test_codec);
  g_test_add_data_func ("/GstCall/RtpCall/codec/pcma", &codec_pcma, test_codec);
  g_test_add_func ("/GstCall/RtpCall/video-format-and-bitrate", test_video_format_and_bitrate);
  g_test_add_func ("/GstCall/RtpCall/h264-1080p", test_h264_1080p);
  g_test_add_func ("/GstCall/RtpCall/congestion-control/receiver-reports",
                   test_congestion_control_receiver_reports);
  g_test_add_func ("/GstCall/RtpCall/congestion-control/remb", test_congestion_control_remb);
  g_test_add_func ("/GstCall/RtpCall/congestion-control/none", test_congestion_control_none);
  g_test_add_func ("/GstCall/RtpCall/peer-silent", test_peer_silent);
  g_test_add_func ("/GstCall/RtpCall/peer-silent-comes-back", test_peer_silent_comes_back);
  g_test_add_func ("/GstCall/RtpCall/add-and-remove-tracks-mid-call", test_add_track_mid_call);
  g_test_add_func ("/GstCall/RtpCall/add-track-while-pipeline-replays-state",
                   test_add_track_while_pipeline_replays_state);

  return g_test_run ();
}
