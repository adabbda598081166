/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Typed statistics of live calls, the same from both transports: frames
 * decoded, codecs, encoders and decoders from the pipeline, round trip
 * times, figures that grow between two readings, and a freeze counted when
 * the video stops for a while.
 */

#include <locale.h>

#include <gstcall/gstcall.h>

#include "test-utils.h"

#define TIMEOUT_MS 20000

typedef struct {
  GstCallStats *stats;
  GThread *thread;
} Reading;

static void
on_transport_stats (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  Reading *reading = user_data;
  g_autoptr (GError) error = NULL;

  reading->thread = g_thread_self ();
  reading->stats = GST_IS_PEER_CONNECTION (source)
      ? gst_peer_connection_get_stats_finish (GST_PEER_CONNECTION (source), result, &error)
      : gst_call_rtp_transport_get_stats_finish (GST_CALL_RTP_TRANSPORT (source), result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (reading->stats);
}

static gboolean
has_stats (gpointer data)
{
  return ((Reading *) data)->stats != NULL;
}

/* The statistics straight from the call's transport. */
static GstCallStats *
transport_stats (GstCall *call)
{
  Reading reading = { NULL, NULL };
  GstPeerConnection *pc = gst_call_get_peer_connection (call);

  if (pc)
    gst_peer_connection_get_stats_async (pc, NULL, on_transport_stats, &reading);
  else
    gst_call_rtp_transport_get_stats_async (gst_call_get_rtp_transport (call), NULL,
                                            on_transport_stats, &reading);
  g_assert_null (reading.stats); /* never before the function returns */
  test_wait_until (has_stats, &reading, TIMEOUT_MS, "the statistics");
  /* On the thread (and context) that made the call, not webrtcbin's. */
  g_assert_true (reading.thread == g_thread_self ());
  return reading.stats;
}

static gpointer
find_stream (GPtrArray        *streams,
             GstCallMediaKind  kind)
{
  for (guint i = 0; i < streams->len; i++) {
    GstCallMediaKind stream_kind;

    g_object_get (streams->pdata[i], "kind", &stream_kind, NULL);
    if (stream_kind == kind)
      return streams->pdata[i];
  }
  return NULL;
}

static void
init_side (TestCallSide         *side,
           const char           *name,
           GstCallSignaller     *signaller,
           GstCallTransportKind  transport)
{
  const char * const loopback[] = { TEST_ICE_ADDRESS, NULL };
  g_autoptr (GError) error = NULL;
  GstCall *call = gst_call_new ();

  gst_call_set_transport (call, transport);
  if (transport == GST_CALL_TRANSPORT_KIND_RTP)
    gst_call_rtp_transport_set_local_address (gst_call_get_rtp_transport (call),
                                              TEST_ICE_ADDRESS);
  else
    g_object_set (call, "ice-local-addresses", loopback, NULL);
  gst_call_set_signaller (call, signaller);
  g_assert_true (gst_call_set_sources_from_description (call, TEST_VIDEO_SOURCE,
                                                        TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  gst_call_set_video_sink (call, test_make_synced_fakesink ());
  gst_call_set_audio_sink (call, test_make_synced_fakesink ());
  test_call_side_init (side, name, call);
}

static double
round_trip_time (GstCallStats *stats)
{
  GstCallCandidatePairStats *pair = gst_call_stats_get_candidate_pair (stats);
  GstCallOutboundStreamStats *video =
      find_stream (gst_call_stats_get_outbound_streams (stats), GST_CALL_MEDIA_KIND_VIDEO);

  /* WebRTC: the selected candidate pair's; plain RTP has no ICE, only the
   * RTCP reports about each stream sent. */
  if (pair)
    return gst_call_candidate_pair_stats_get_round_trip_time (pair);
  return video ? gst_call_outbound_stream_stats_get_round_trip_time (video) : 0;
}

typedef struct {
  GstCall *call;
  guint64 frames;
} FramesWait;

static guint64
video_frames_decoded (GstCall *call)
{
  g_autoptr (GstCallStats) stats = transport_stats (call);
  GstCallInboundStreamStats *video =
      find_stream (gst_call_stats_get_inbound_streams (stats), GST_CALL_MEDIA_KIND_VIDEO);

  return video ? gst_call_inbound_stream_stats_get_frames_decoded (video) : 0;
}

static gboolean
frames_decoded_and_round_trip (gpointer data)
{
  FramesWait *wait = data;
  g_autoptr (GstCallStats) stats = transport_stats (wait->call);

  return video_frames_decoded (wait->call) >= wait->frames && round_trip_time (stats) > 0;
}

static void
check_streams (GstCallStats *stats,
               gboolean      webrtc)
{
  GPtrArray *outbound = gst_call_stats_get_outbound_streams (stats);
  GPtrArray *inbound = gst_call_stats_get_inbound_streams (stats);
  GstCallOutboundStreamStats *video_out = find_stream (outbound, GST_CALL_MEDIA_KIND_VIDEO);
  GstCallOutboundStreamStats *audio_out = find_stream (outbound, GST_CALL_MEDIA_KIND_AUDIO);
  GstCallInboundStreamStats *video_in = find_stream (inbound, GST_CALL_MEDIA_KIND_VIDEO);
  GstCallInboundStreamStats *audio_in = find_stream (inbound, GST_CALL_MEDIA_KIND_AUDIO);

  /* One stream each way per kind: retransmissions belong to theirs. */
  g_assert_cmpuint (outbound->len, ==, 2);
  g_assert_cmpuint (inbound->len, ==, 2);
  g_assert_nonnull (video_out);
  g_assert_nonnull (audio_out);
  g_assert_nonnull (video_in);
  g_assert_nonnull (audio_in);

  g_assert_cmpstr (gst_call_outbound_stream_stats_get_codec (video_out), ==, "VP8");
  g_assert_cmpstr (gst_call_outbound_stream_stats_get_codec (audio_out), ==, "OPUS");
  g_assert_cmpstr (gst_call_outbound_stream_stats_get_encoder (video_out), ==, "vp8enc");
  g_assert_cmpstr (gst_call_outbound_stream_stats_get_encoder (audio_out), ==, "opusenc");
  g_assert_cmpuint (gst_call_outbound_stream_stats_get_frames_sent (video_out), >, 0);
  g_assert_cmpuint (gst_call_outbound_stream_stats_get_packets_sent (video_out), >=,
                    gst_call_outbound_stream_stats_get_frames_sent (video_out) / 2);

  g_assert_cmpstr (gst_call_inbound_stream_stats_get_codec (video_in), ==, "VP8");
  g_assert_cmpstr (gst_call_inbound_stream_stats_get_codec (audio_in), ==, "OPUS");
  g_assert_cmpstr (gst_call_inbound_stream_stats_get_decoder (video_in), ==, "vp8dec");
  g_assert_cmpstr (gst_call_inbound_stream_stats_get_decoder (audio_in), ==, "opusdec");
  g_assert_cmpuint (gst_call_inbound_stream_stats_get_frames_decoded (video_in), >, 0);
  g_assert_cmpuint (gst_call_inbound_stream_stats_get_frames_received (video_in), >=,
                    gst_call_inbound_stream_stats_get_frames_decoded (video_in));
  g_assert_cmpuint (gst_call_inbound_stream_stats_get_frames_decoded (audio_in), >, 0);
  g_assert_cmpfloat (gst_call_inbound_stream_stats_get_jitter_buffer_delay (video_in), >, 0);
  g_assert_cmpuint (gst_call_inbound_stream_stats_get_payload_type (video_in), ==,
                    gst_call_outbound_stream_stats_get_payload_type (video_out));

  if (webrtc) {
    GstCallCandidatePairStats *pair = gst_call_stats_get_candidate_pair (stats);

    g_assert_nonnull (pair);
    g_assert_cmpfloat (gst_call_candidate_pair_stats_get_round_trip_time (pair), >, 0);
    g_assert_cmpstr (gst_call_candidate_pair_stats_get_local_candidate_type (pair), ==, "host");
    g_assert_cmpstr (gst_call_candidate_pair_stats_get_local_address (pair), ==,
                     TEST_ICE_ADDRESS);
    /* Congestion control's estimate, from the first feedback reports. */
    g_assert_cmpuint (gst_call_candidate_pair_stats_get_available_outgoing_bitrate (pair), >=,
                      30000);
  } else {
    g_assert_null (gst_call_stats_get_candidate_pair (stats));
  }
}

static void
test_live_call (gconstpointer data)
{
  GstCallTransportKind transport = GPOINTER_TO_INT (data);
  gboolean webrtc = transport == GST_CALL_TRANSPORT_KIND_WEBRTC;
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (GstCallStats) first = NULL;
  g_autoptr (GstCallStats) second = NULL;
  g_autoptr (GstCallStats) from_call = NULL;
  GstCallOutboundStreamStats *sent[2];
  GstCallInboundStreamStats *received[2];
  TestCallSide a, b;
  FramesWait wait;
  guint freezes;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  init_side (&a, "caller", GST_CALL_SIGNALLER (signaller_a), transport);
  init_side (&b, "callee", GST_CALL_SIGNALLER (signaller_b), transport);
  test_call_connect_pair_on_offer (&a, &b);

  wait.call = a.call;
  wait.frames = 30;
  test_wait_until (frames_decoded_and_round_trip, &wait, TIMEOUT_MS,
                   "30 frames decoded and a round trip time");
  first = transport_stats (a.call);
  check_streams (first, webrtc);

  /* Everything grows between two readings. */
  test_iterate_for (500);
  second = transport_stats (a.call);
  check_streams (second, webrtc);
  g_assert_cmpint (gst_call_stats_get_timestamp (second), >,
                   gst_call_stats_get_timestamp (first));
  for (guint i = 0; i < 2; i++) {
    GstCallStats *stats = i ? second : first;

    sent[i] = find_stream (gst_call_stats_get_outbound_streams (stats),
                           GST_CALL_MEDIA_KIND_VIDEO);
    received[i] = find_stream (gst_call_stats_get_inbound_streams (stats),
                               GST_CALL_MEDIA_KIND_VIDEO);
  }
  g_assert_cmpuint (gst_call_outbound_stream_stats_get_ssrc (sent[1]), ==,
                    gst_call_outbound_stream_stats_get_ssrc (sent[0]));
  g_assert_cmpuint (gst_call_outbound_stream_stats_get_bytes_sent (sent[1]), >,
                    gst_call_outbound_stream_stats_get_bytes_sent (sent[0]));
  g_assert_cmpuint (gst_call_outbound_stream_stats_get_frames_sent (sent[1]), >,
                    gst_call_outbound_stream_stats_get_frames_sent (sent[0]));
  g_assert_cmpuint (gst_call_inbound_stream_stats_get_bytes_received (received[1]), >,
                    gst_call_inbound_stream_stats_get_bytes_received (received[0]));
  g_assert_cmpuint (gst_call_inbound_stream_stats_get_frames_decoded (received[1]), >,
                    gst_call_inbound_stream_stats_get_frames_decoded (received[0]));
  /* Half a second of 30 fps video since the previous reading. */
  g_assert_cmpuint (gst_call_outbound_stream_stats_get_bitrate (sent[1]), >, 10000);
  g_assert_cmpuint (gst_call_inbound_stream_stats_get_bitrate (received[1]), >, 10000);

  /* The call gives the same, from the same transport. */
  from_call = test_call_get_stats (a.call);
  check_streams (from_call, webrtc);

  /* The caller's video stops for a while: the callee counts a freeze once
   * it comes back (one more than before: a loaded machine may have had its
   * own). */
  {
    g_autoptr (GstCallStats) stats = transport_stats (b.call);
    GstCallInboundStreamStats *video =
        find_stream (gst_call_stats_get_inbound_streams (stats), GST_CALL_MEDIA_KIND_VIDEO);

    freezes = gst_call_inbound_stream_stats_get_freeze_count (video);
  }
  gst_call_set_video_muted (a.call, TRUE);
  test_iterate_for (2500);
  gst_call_set_video_muted (a.call, FALSE);
  wait.call = b.call;
  wait.frames = video_frames_decoded (b.call) + 30;
  test_wait_until (frames_decoded_and_round_trip, &wait, TIMEOUT_MS, "video again");
  {
    g_autoptr (GstCallStats) stats = transport_stats (b.call);
    GstCallInboundStreamStats *video =
        find_stream (gst_call_stats_get_inbound_streams (stats), GST_CALL_MEDIA_KIND_VIDEO);

    g_assert_cmpuint (gst_call_inbound_stream_stats_get_freeze_count (video), >, freezes);
  }

  gst_call_hangup (a.call);
  test_wait_until (test_call_side_ended, &b, TIMEOUT_MS, "the callee to see the hang-up");
  g_clear_object (&first);
  g_clear_object (&second);
  g_clear_object (&from_call);
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

  g_test_add_data_func ("/GstCall/Stats/webrtc",
                        GINT_TO_POINTER (GST_CALL_TRANSPORT_KIND_WEBRTC), test_live_call);
  g_test_add_data_func ("/GstCall/Stats/plain-rtp",
                        GINT_TO_POINTER (GST_CALL_TRANSPORT_KIND_RTP), test_live_call);

  return g_test_run ();
}
