/* Two peer connections in one process through the loopback signaller.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "test-utils.h"

#define CALL_TIMEOUT_MS 20000
#define MIN_VIDEO_FRAMES 30
#define MIN_AUDIO_BUFFERS 50

typedef struct {
  TestPeer *offerer;
  TestPeer *answerer;
} Call;

static gboolean
both_connected (gpointer data)
{
  Call *call = data;

  return (call->offerer->connected && call->answerer->connected) ||
         call->offerer->error || call->answerer->error;
}

static gboolean
media_flowing_both_ways (gpointer data)
{
  Call *call = data;
  TestPeer *peers[] = { call->offerer, call->answerer };

  for (guint i = 0; i < G_N_ELEMENTS (peers); i++) {
    if (peers[i]->error)
      return TRUE;
    if (g_atomic_int_get (&peers[i]->video_buffers) < MIN_VIDEO_FRAMES ||
        g_atomic_int_get (&peers[i]->audio_buffers) < MIN_AUDIO_BUFFERS)
      return FALSE;
  }
  return TRUE;
}

static gboolean
ice_completed (gpointer data)
{
  Call *call = data;

  return gst_peer_connection_get_ice_connection_state (call->offerer->pc) ==
             GST_CALL_ICE_CONNECTION_STATE_COMPLETED &&
         gst_peer_connection_get_ice_connection_state (call->answerer->pc) ==
             GST_CALL_ICE_CONNECTION_STATE_COMPLETED;
}

static guint
ice_check_pacing_ms (GstPeerConnection *pc)
{
  g_autoptr (GObject) ice = NULL;
  g_autoptr (GObject) agent = NULL;
  guint pacing_ms = 0;

  g_object_get (gst_peer_connection_get_webrtcbin (pc), "ice-agent", &ice, NULL);
  g_object_get (ice, "agent", &agent, NULL);
  g_object_get (agent, "stun-pacing-timer", &pacing_ms, NULL);
  return pacing_ms;
}

static void
assert_video_section_has_rtx (const char *sdp)
{
  g_autoptr (GstSDPMessage) message = NULL;
  gboolean found_video = FALSE;

  g_assert_cmpint (gst_sdp_message_new_from_text (sdp, &message), ==, GST_SDP_OK);
  for (guint i = 0; i < gst_sdp_message_medias_len (message); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (message, i);
    gboolean has_rtx = FALSE, has_nack = FALSE;

    if (g_strcmp0 (gst_sdp_media_get_media (media), "video") != 0)
      continue;
    found_video = TRUE;
    for (guint j = 0; j < gst_sdp_media_attributes_len (media); j++) {
      const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, j);

      if (g_str_equal (attribute->key, "fmtp") && attribute->value &&
          strstr (attribute->value, "apt="))
        has_rtx = TRUE;
      if (g_str_equal (attribute->key, "rtcp-fb") && attribute->value &&
          g_str_has_suffix (attribute->value, " nack"))
        has_nack = TRUE;
    }
    g_assert_true (has_rtx);
    g_assert_true (has_nack);
    g_assert_nonnull (gst_sdp_media_get_attribute_val (media, "rtcp-mux"));
  }
  g_assert_true (found_video);
  g_assert_nonnull (strstr (sdp, "a=group:BUNDLE"));
}

static void
run_loopback_call (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  Call call;
  gint64 start = g_get_monotonic_time ();

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  call.offerer = test_peer_new ("offerer", GST_CALL_SIGNALLER (signaller_a), TRUE);
  call.answerer = test_peer_new ("answerer", GST_CALL_SIGNALLER (signaller_b), FALSE);

  test_peer_add_media (call.answerer, TRUE, TRUE);
  test_peer_add_media (call.offerer, TRUE, TRUE);

  test_wait_until (both_connected, &call, CALL_TIMEOUT_MS, "both peers connected");
  g_assert_no_error (call.offerer->error);
  g_assert_no_error (call.answerer->error);
  g_test_message ("connected after %.0f ms",
                  (g_get_monotonic_time () - start) / 1000.0);

  test_wait_until (media_flowing_both_ways, &call, CALL_TIMEOUT_MS,
                   "decoded audio and video on both sides");
  g_assert_no_error (call.offerer->error);
  g_assert_no_error (call.answerer->error);
  g_test_message ("offerer decoded %d video frames, %d audio buffers; "
                  "answerer %d and %d",
                  g_atomic_int_get (&call.offerer->video_buffers),
                  g_atomic_int_get (&call.offerer->audio_buffers),
                  g_atomic_int_get (&call.answerer->video_buffers),
                  g_atomic_int_get (&call.answerer->audio_buffers));

  /* Checks went at 5 ms; with ICE completed, the idle check timer is
   * back at libnice's 20 ms pace, so it stops after as many ticks. */
  test_wait_until (ice_completed, &call, CALL_TIMEOUT_MS, "ICE completed on both sides");
  g_assert_cmpuint (ice_check_pacing_ms (call.offerer->pc), ==, 20);
  g_assert_cmpuint (ice_check_pacing_ms (call.answerer->pc), ==, 20);

  /* One remote track of each kind on each side. */
  g_assert_cmpuint (call.offerer->video_tracks, ==, 1);
  g_assert_cmpuint (call.offerer->audio_tracks, ==, 1);
  g_assert_cmpuint (call.answerer->video_tracks, ==, 1);
  g_assert_cmpuint (call.answerer->audio_tracks, ==, 1);

  /* Trickle ICE went both ways through the signaller. */
  g_assert_cmpuint (gst_call_negotiator_get_candidates_sent (call.offerer->negotiator), >, 0);
  g_assert_cmpuint (gst_call_negotiator_get_candidates_received (call.answerer->negotiator), ==,
                    gst_call_negotiator_get_candidates_sent (call.offerer->negotiator));
  g_assert_cmpuint (gst_call_negotiator_get_candidates_sent (call.answerer->negotiator), >, 0);

  /* BUNDLE, rtcp-mux, NACK and RTX for video, in the offer and the answer. */
  assert_video_section_has_rtx (test_peer_get_offer (call.offerer));
  assert_video_section_has_rtx (test_peer_get_answer (call.offerer));
  g_assert_cmpstr (test_peer_get_answer (call.offerer), ==,
                   test_peer_get_answer (call.answerer));

  g_assert_cmpint (gst_peer_connection_get_signaling_state (call.offerer->pc), ==,
                   GST_CALL_SIGNALING_STATE_STABLE);
  g_assert_cmpint (gst_peer_connection_get_signaling_state (call.answerer->pc), ==,
                   GST_CALL_SIGNALING_STATE_STABLE);

  test_peer_free (call.offerer);
  test_peer_free (call.answerer);
  test_drain_context ();
  g_assert_finalize_object (g_steal_pointer (&signaller_a));
  g_assert_finalize_object (g_steal_pointer (&signaller_b));
}

static void
test_loopback_video_audio_both_ways (void)
{
  run_loopback_call ();
}

static gpointer
call_in_thread (gpointer data)
{
  GMainContext *context = g_main_context_new ();

  g_main_context_push_thread_default (context);
  /* Every handler of the call asserts it runs on this thread. */
  run_loopback_call ();
  g_main_context_pop_thread_default (context);
  g_main_context_unref (context);
  return NULL;
}

/* A call created on a worker thread with its own main context is served
 * entirely there: nothing reaches the default context of the main thread. */
static void
test_loopback_other_context (void)
{
  GThread *thread = g_thread_new ("call", call_in_thread, NULL);

  g_thread_join (thread);
  g_assert_false (g_main_context_pending (g_main_context_default ()));
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);
  test_tolerate_known_gstreamer_criticals ();

  g_test_add_func ("/GstCall/PeerConnection/loopback/video-audio-both-ways",
                   test_loopback_video_audio_both_ways);
  g_test_add_func ("/GstCall/PeerConnection/loopback/other-main-context",
                   test_loopback_other_context);

  return g_test_run ();
}
