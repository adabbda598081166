/* GstCallBroadcast: one encoder for several calls.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <gst/video/video.h>

#include "gstcallbroadcast-private.h"
#include "test-utils.h"

#define N_VIEWERS 3
#define TIMEOUT_MS 20000

typedef struct {
  GstCallLoopbackSignaller *signallers[2];
  GstCall *sender;              /* sends the broadcast */
  GstCall *viewer;              /* receives only */
  GAsyncResult *results[2];
  gint keyframes;               /* atomic: keyframes decoded by the viewer */
  gint frames;                  /* atomic: frames decoded by the viewer */
} Pair;

static void
store_result (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  GAsyncResult **slot = user_data;

  *slot = g_object_ref (result);
}

static gboolean
pair_set_up (gpointer data)
{
  Pair *pair = data;

  return pair->results[0] && pair->results[1];
}

static GstPadProbeReturn
count_decoded (GstPad          *pad,
               GstPadProbeInfo *info,
               gpointer         user_data)
{
  Pair *pair = user_data;

  g_atomic_int_inc (&pair->frames);
  return GST_PAD_PROBE_OK;
}

/* Encoded frames, as the depayloader hands them to the decoder. */
static GstPadProbeReturn
count_keyframe (GstPad          *pad,
                GstPadProbeInfo *info,
                gpointer         user_data)
{
  Pair *pair = user_data;
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);

  if (!GST_BUFFER_FLAG_IS_SET (buffer, GST_BUFFER_FLAG_DELTA_UNIT))
    g_atomic_int_inc (&pair->keyframes);
  return GST_PAD_PROBE_OK;
}

static void
watch_keyframes (Pair *pair)
{
  GstPeerConnection *pc = gst_call_get_peer_connection (pair->viewer);
  GstIterator *it = gst_bin_iterate_recurse (GST_BIN (gst_peer_connection_get_pipeline (pc)));
  GValue item = G_VALUE_INIT;
  gboolean found = FALSE;

  while (gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    GstElement *element = g_value_get_object (&item);
    GstElementFactory *factory = gst_element_get_factory (element);

    if (factory && g_str_equal (gst_plugin_feature_get_name (factory), "rtpvp8depay")) {
      g_autoptr (GstPad) src = gst_element_get_static_pad (element, "src");

      gst_pad_add_probe (src, GST_PAD_PROBE_TYPE_BUFFER, count_keyframe, pair, NULL);
      found = TRUE;
    }
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);
  g_assert_true (found);
}

static void
on_remote_track (GstCall      *call,
                 GstCallTrack *track,
                 Pair         *pair)
{
  if (gst_call_track_get_kind (track) == GST_CALL_MEDIA_KIND_VIDEO)
    gst_pad_add_probe (gst_call_track_get_pad (track), GST_PAD_PROBE_TYPE_BUFFER,
                       count_decoded, pair, NULL);
}

static GstCall *
new_call (GstCallSignaller *signaller,
          gboolean          sends)
{
  const char * const loopback[] = { TEST_ICE_ADDRESS, NULL };
  GstCall *call = gst_call_new ();

  g_object_set (call, "ice-local-addresses", loopback, "send-video", sends,
                "send-audio", FALSE, NULL);
  gst_call_set_signaller (call, signaller);
  gst_call_set_video_sink (call, test_make_synced_fakesink ());
  return call;
}

static void
pair_connect (Pair             *pair,
              GstCallBroadcast *broadcast)
{
  g_autoptr (GError) error = NULL;

  memset (pair, 0, sizeof (*pair));
  gst_call_loopback_signaller_new_pair (&pair->signallers[0], &pair->signallers[1]);
  pair->sender = new_call (GST_CALL_SIGNALLER (pair->signallers[0]), TRUE);
  pair->viewer = new_call (GST_CALL_SIGNALLER (pair->signallers[1]), FALSE);
  gst_call_set_broadcast (pair->sender, broadcast);
  g_assert_true (gst_call_get_broadcast (pair->sender, GST_CALL_MEDIA_KIND_VIDEO) == broadcast);
  g_signal_connect (pair->viewer, "remote-track", G_CALLBACK (on_remote_track), pair);

  gst_call_dial_async (pair->sender, NULL, NULL, store_result, &pair->results[0]);
  gst_call_answer_async (pair->viewer, NULL, store_result, &pair->results[1]);
  test_wait_until (pair_set_up, pair, TIMEOUT_MS, "the call to connect");
  g_assert_true (gst_call_dial_finish (pair->sender, pair->results[0], &error));
  g_assert_no_error (error);
  g_assert_true (gst_call_answer_finish (pair->viewer, pair->results[1], &error));
  g_assert_no_error (error);
}

static void
pair_hang_up_and_free (Pair *pair)
{
  gst_call_hangup (pair->sender);
  test_drain_context ();
  g_clear_object (&pair->results[0]);
  g_clear_object (&pair->results[1]);
  g_assert_finalize_object (pair->sender);
  g_assert_finalize_object (pair->viewer);
  g_clear_object (&pair->signallers[0]);
  g_clear_object (&pair->signallers[1]);
}

/* Video encoders in @bin and the bins it holds. */
static guint
count_encoders (GstElement *bin)
{
  GstIterator *it = gst_bin_iterate_recurse (GST_BIN (bin));
  GValue item = G_VALUE_INIT;
  guint count = 0;

  while (gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    GstElementFactory *factory = gst_element_get_factory (g_value_get_object (&item));

    if (factory && gst_element_factory_list_is_type (factory,
                                                     GST_ELEMENT_FACTORY_TYPE_ENCODER |
                                                         GST_ELEMENT_FACTORY_TYPE_MEDIA_VIDEO))
      count++;
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);
  return count;
}

typedef struct {
  Pair *pairs;
  guint first;
  gint frames[N_VIEWERS];
  gint keyframes[N_VIEWERS];
  guint more;
} Progress;

static void
progress_mark (Progress *progress)
{
  for (guint i = progress->first; i < N_VIEWERS; i++) {
    progress->frames[i] = g_atomic_int_get (&progress->pairs[i].frames);
    progress->keyframes[i] = g_atomic_int_get (&progress->pairs[i].keyframes);
  }
}

static gboolean
all_decoded_more (gpointer data)
{
  Progress *progress = data;

  for (guint i = progress->first; i < N_VIEWERS; i++) {
    if (g_atomic_int_get (&progress->pairs[i].frames) <
        progress->frames[i] + (gint) progress->more)
      return FALSE;
  }
  return TRUE;
}

static gboolean
all_got_a_new_keyframe (gpointer data)
{
  Progress *progress = data;

  for (guint i = progress->first; i < N_VIEWERS; i++) {
    if (g_atomic_int_get (&progress->pairs[i].keyframes) <= progress->keyframes[i])
      return FALSE;
  }
  return TRUE;
}

typedef struct {
  GstCallBroadcast *broadcast;
  guint before;
} RequestWait;

static gboolean
keyframe_requested (gpointer data)
{
  RequestWait *wait = data;

  return gst_call_broadcast_get_keyframe_requests (wait->broadcast) > wait->before;
}

/* Three viewers of one source: one encoder feeds them all; a keyframe
 * asked for by one viewer reaches the others; one viewer leaving does not
 * stop the others. */
static void
test_three_viewers (void)
{
  g_autoptr (GError) error = NULL;
  GstCallBroadcast *broadcast;
  Pair pairs[N_VIEWERS];
  Progress progress = { pairs, 0, { 0 }, { 0 }, 10 };
  RequestWait request_wait;

  broadcast = gst_call_broadcast_new (GST_CALL_MEDIA_KIND_VIDEO,
                                      gst_parse_bin_from_description (TEST_VIDEO_SOURCE, TRUE,
                                                                      &error),
                                      &error);
  g_assert_no_error (error);
  g_assert_cmpint (gst_call_broadcast_get_kind (broadcast), ==, GST_CALL_MEDIA_KIND_VIDEO);
  g_assert_cmpint (gst_call_broadcast_get_codec (broadcast), ==, GST_CALL_CODEC_VP8);

  for (guint i = 0; i < N_VIEWERS; i++)
    pair_connect (&pairs[i], broadcast);
  g_assert_cmpuint (gst_call_broadcast_get_viewer_count (broadcast), ==, N_VIEWERS);
  g_test_message ("keyframe requests after the calls connected: %u",
                  gst_call_broadcast_get_keyframe_requests (broadcast));

  /* Every viewer decodes the broadcast. */
  progress_mark (&progress);
  test_wait_until (all_decoded_more, &progress, TIMEOUT_MS, "frames at every viewer");

  for (guint i = 0; i < N_VIEWERS; i++)
    watch_keyframes (&pairs[i]);

  /* One encoder in all: the broadcast's; the calls encode nothing. */
  g_assert_cmpuint (count_encoders (gst_call_broadcast_get_pipeline (broadcast)), ==, 1);
  for (guint i = 0; i < N_VIEWERS; i++) {
    GstPeerConnection *pc = gst_call_get_peer_connection (pairs[i].sender);

    g_assert_cmpuint (count_encoders (gst_peer_connection_get_pipeline (pc)), ==, 0);
  }

  /* The first viewer's decoder asks for a keyframe (its RTP session sends
   * a PLI): the shared encoder makes one, and the other viewers see it. */
  {
    GstPeerConnection *pc = gst_call_get_peer_connection (pairs[0].viewer);
    g_autoptr (GPtrArray) tracks = gst_peer_connection_get_tracks (pc);
    GstPad *decoded = NULL;

    for (guint i = 0; i < tracks->len; i++) {
      GstCallTrack *track = g_ptr_array_index (tracks, i);

      if (gst_call_track_is_remote (track) &&
          gst_call_track_get_kind (track) == GST_CALL_MEDIA_KIND_VIDEO)
        decoded = gst_call_track_get_pad (track);
    }
    g_assert_nonnull (decoded);

    request_wait.before = gst_call_broadcast_get_keyframe_requests (broadcast);
    request_wait.broadcast = broadcast;
    progress.first = 1;
    progress_mark (&progress);
    gst_pad_send_event (decoded, gst_video_event_new_upstream_force_key_unit (
                                     GST_CLOCK_TIME_NONE, TRUE, 1));
    test_wait_until (keyframe_requested, &request_wait, TIMEOUT_MS,
                     "the keyframe request to reach the broadcast");
    test_wait_until (all_got_a_new_keyframe, &progress, TIMEOUT_MS,
                     "the other viewers to get the keyframe");
  }

  /* The first viewer leaves; the others go on. */
  pair_hang_up_and_free (&pairs[0]);
  progress.first = 1;
  progress.more = 30;
  progress_mark (&progress);
  test_wait_until (all_decoded_more, &progress, TIMEOUT_MS,
                   "frames at the viewers that stayed");

  for (guint i = 1; i < N_VIEWERS; i++)
    pair_hang_up_and_free (&pairs[i]);
  g_assert_finalize_object (broadcast);
}

#define N_REQUESTS 15
/* Frames after the last request in which it must have been answered: 500
 * ms of a 30 fps stream, more than the 300 ms between keyframes. */
#define FRAMES_AFTER_REQUESTS 15

typedef struct {
  GstPad *request_pad;     /* a viewer's source: requests enter there */
  gint frames;             /* atomic: frames the shared encoder made */
  gint keyframes;          /* atomic: of which keyframes */
  gint last_keyframe;      /* atomic: frame number of the last keyframe */
  gint requests_left;      /* atomic: one request per frame while > 0 */
  gint last_request;       /* atomic: frame number of the last request */
} KeyframeRun;

/* The broadcast's streaming thread: each frame the shared encoder makes. A
 * viewer asks for a keyframe after each of N_REQUESTS frames in a row, as
 * many peers joining one after the other do. */
static GstPadProbeReturn
on_encoded (GstPad          *pad,
            GstPadProbeInfo *info,
            gpointer         user_data)
{
  KeyframeRun *run = user_data;
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);
  gint frame = g_atomic_int_add (&run->frames, 1) + 1;

  if (!GST_BUFFER_FLAG_IS_SET (buffer, GST_BUFFER_FLAG_DELTA_UNIT)) {
    g_atomic_int_inc (&run->keyframes);
    g_atomic_int_set (&run->last_keyframe, frame);
  }
  if (g_atomic_int_get (&run->requests_left) > 0) {
    g_atomic_int_set (&run->last_request, frame);
    gst_pad_send_event (run->request_pad, gst_video_event_new_upstream_force_key_unit (
                                              GST_CLOCK_TIME_NONE, TRUE, 1));
    g_atomic_int_add (&run->requests_left, -1);
  }
  return GST_PAD_PROBE_OK;
}

static gboolean
run_has_frames (gpointer data)
{
  return g_atomic_int_get (&((KeyframeRun *) data)->frames) >= 10;
}

static gboolean
run_is_over (gpointer data)
{
  KeyframeRun *run = data;

  return g_atomic_int_get (&run->requests_left) == 0 &&
         g_atomic_int_get (&run->frames) >=
             g_atomic_int_get (&run->last_request) + FRAMES_AFTER_REQUESTS;
}

static GstElement *
find_encoder (GstElement *bin)
{
  GstIterator *it = gst_bin_iterate_recurse (GST_BIN (bin));
  GValue item = G_VALUE_INIT;
  GstElement *encoder = NULL;

  while (!encoder && gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    GstElement *element = g_value_get_object (&item);
    GstElementFactory *factory = gst_element_get_factory (element);

    if (factory && gst_element_factory_list_is_type (factory, GST_ELEMENT_FACTORY_TYPE_ENCODER))
      encoder = gst_object_ref (element);
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);
  return encoder;
}

/* Keyframe requests arriving one frame after the other (viewers joining,
 * or losing packets, at once) are coalesced: the shared encoder makes a
 * keyframe for the first, then at most one per 300 ms of stream, and the
 * last request is still answered by a keyframe made after it. */
static void
test_keyframe_requests_coalesced (void)
{
  g_autoptr (GError) error = NULL;
  GstCallBroadcast *broadcast;
  g_autoptr (GstElement) viewer_source = NULL;
  g_autoptr (GstElement) encoder = NULL;
  g_autoptr (GstPad) encoder_src = NULL;
  GstElement *viewer_pipeline, *sink;
  KeyframeRun run = { 0 };
  gint keyframes_before;

  broadcast = gst_call_broadcast_new (GST_CALL_MEDIA_KIND_VIDEO,
                                      gst_parse_bin_from_description (TEST_VIDEO_SOURCE, TRUE,
                                                                      &error),
                                      &error);
  g_assert_no_error (error);

  /* A viewer as a call's pipeline holds it: its source, then the rest. */
  viewer_source = gst_call_broadcast_add_viewer (broadcast, 96, &error);
  g_assert_no_error (error);
  viewer_pipeline = gst_pipeline_new (NULL);
  sink = gst_element_factory_make ("fakesink", NULL);
  g_object_set (sink, "sync", FALSE, "async", FALSE, NULL);
  /* Not floating: the pipeline takes a reference of its own. */
  gst_bin_add_many (GST_BIN (viewer_pipeline), viewer_source, sink, NULL);
  g_assert_true (gst_element_link (viewer_source, sink));
  g_assert_cmpint (gst_element_set_state (viewer_pipeline, GST_STATE_PLAYING), !=,
                   GST_STATE_CHANGE_FAILURE);
  run.request_pad = gst_element_get_static_pad (viewer_source, "src");

  encoder = find_encoder (gst_call_broadcast_get_pipeline (broadcast));
  g_assert_nonnull (encoder);
  encoder_src = gst_element_get_static_pad (encoder, "src");
  gst_pad_add_probe (encoder_src, GST_PAD_PROBE_TYPE_BUFFER, on_encoded, &run, NULL);
  test_wait_until (run_has_frames, &run, TIMEOUT_MS, "the shared encoder to run");

  keyframes_before = g_atomic_int_get (&run.keyframes);
  g_atomic_int_set (&run.requests_left, N_REQUESTS);
  test_wait_until (run_is_over, &run, TIMEOUT_MS, "the requests and the frames after them");

  g_assert_cmpuint (gst_call_broadcast_get_keyframe_requests (broadcast), ==, N_REQUESTS);
  /* 15 frames with a request each, then 15 more: 1 keyframe at once, and
   * one each 300 ms (9 frames) for the requests waiting; one more may be
   * the encoder's own (every 300 frames). Without coalescing each request
   * makes one: 15. */
  g_test_message ("keyframes for %d requests: %d", N_REQUESTS,
                  g_atomic_int_get (&run.keyframes) - keyframes_before);
  g_assert_cmpint (g_atomic_int_get (&run.keyframes) - keyframes_before, >=, 2);
  g_assert_cmpint (g_atomic_int_get (&run.keyframes) - keyframes_before, <=, 4);
  /* The last request is answered, by a keyframe made after it. */
  g_assert_cmpint (g_atomic_int_get (&run.last_keyframe), >,
                   g_atomic_int_get (&run.last_request));

  gst_element_set_state (viewer_pipeline, GST_STATE_NULL);
  gst_object_unref (viewer_pipeline);
  gst_object_unref (run.request_pad);
  g_clear_object (&viewer_source);
  gst_clear_object (&encoder_src);
  gst_clear_object (&encoder);
  g_assert_finalize_object (broadcast);
}

typedef struct {
  GThread *fan_out_thread;           /* atomic: where the broadcast hands packets out */
  GThread *viewer_threads[2];        /* atomic: where each viewer got its packets */
  gint packets[2];                   /* atomic */
} ThreadWatch;

static GstPadProbeReturn
note_fan_out_thread (GstPad          *pad,
                     GstPadProbeInfo *info,
                     gpointer         user_data)
{
  ThreadWatch *watch = user_data;

  g_atomic_pointer_set (&watch->fan_out_thread, g_thread_self ());
  return GST_PAD_PROBE_OK;
}

static GstPadProbeReturn
note_viewer_thread (GstPad          *pad,
                    GstPadProbeInfo *info,
                    gpointer         user_data)
{
  ThreadWatch *watch = g_object_get_data (G_OBJECT (pad), "watch");
  guint viewer = GPOINTER_TO_UINT (user_data);

  g_atomic_pointer_set (&watch->viewer_threads[viewer], g_thread_self ());
  g_atomic_int_inc (&watch->packets[viewer]);
  return GST_PAD_PROBE_OK;
}

static gboolean
both_viewers_got_packets (gpointer data)
{
  ThreadWatch *watch = data;

  return g_atomic_int_get (&watch->packets[0]) >= 10 &&
         g_atomic_int_get (&watch->packets[1]) >= 10;
}

/* A viewer costs the sending process no thread of its own: one streaming
 * thread of the broadcast, the one its packets reach the broadcast's
 * appsink on, carries them into every viewer's pipeline. */
static void
test_viewers_add_no_thread (void)
{
  g_autoptr (GError) error = NULL;
  GstCallBroadcast *broadcast;
  g_autoptr (GstElement) appsink = NULL;
  g_autoptr (GstPad) appsink_sink = NULL;
  GstElement *pipelines[2];
  ThreadWatch watch = { 0 };

  broadcast = gst_call_broadcast_new (GST_CALL_MEDIA_KIND_VIDEO,
                                      gst_parse_bin_from_description (TEST_VIDEO_SOURCE, TRUE,
                                                                      &error),
                                      &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (pipelines); i++) {
    GstElement *source = gst_call_broadcast_add_viewer (broadcast, 96, &error);
    GstElement *sink = gst_element_factory_make ("fakesink", NULL);
    g_autoptr (GstPad) sink_pad = gst_element_get_static_pad (sink, "sink");

    g_assert_no_error (error);
    g_object_set (sink, "sync", FALSE, "async", FALSE, NULL);
    pipelines[i] = gst_pipeline_new (NULL);
    gst_bin_add_many (GST_BIN (pipelines[i]), source, sink, NULL);
    /* As a call does once it is up. */
    gst_call_broadcast_viewer_set_flowing (source, TRUE);
    /* The pipeline holds it now. */
    gst_object_unref (source);
    g_assert_true (gst_element_link (source, sink));
    g_object_set_data (G_OBJECT (sink_pad), "watch", &watch);
    gst_pad_add_probe (sink_pad, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST,
                       note_viewer_thread, GUINT_TO_POINTER (i), NULL);
    g_assert_cmpint (gst_element_set_state (pipelines[i], GST_STATE_PLAYING), !=,
                     GST_STATE_CHANGE_FAILURE);
  }
  appsink = test_find_element (gst_call_broadcast_get_pipeline (broadcast), "appsink");
  g_assert_nonnull (appsink);
  appsink_sink = gst_element_get_static_pad (appsink, "sink");
  gst_pad_add_probe (appsink_sink, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST,
                     note_fan_out_thread, &watch, NULL);

  test_wait_until (both_viewers_got_packets, &watch, TIMEOUT_MS, "packets at both viewers");
  g_assert_nonnull (g_atomic_pointer_get (&watch.fan_out_thread));
  g_assert_true (g_atomic_pointer_get (&watch.viewer_threads[0]) ==
                 g_atomic_pointer_get (&watch.fan_out_thread));
  g_assert_true (g_atomic_pointer_get (&watch.viewer_threads[1]) ==
                 g_atomic_pointer_get (&watch.fan_out_thread));

  for (guint i = 0; i < G_N_ELEMENTS (pipelines); i++) {
    gst_element_set_state (pipelines[i], GST_STATE_NULL);
    gst_object_unref (pipelines[i]);
  }
  gst_clear_object (&appsink_sink);
  gst_clear_object (&appsink);
  g_assert_finalize_object (broadcast);
}

static GstPadProbeReturn
hold_packets (GstPad          *pad,
              GstPadProbeInfo *info,
              gpointer         user_data)
{
  g_atomic_int_set ((gint *) user_data, 1);
  return GST_PAD_PROBE_OK;
}

static GstPadProbeReturn
count_packets (GstPad          *pad,
               GstPadProbeInfo *info,
               gpointer         user_data)
{
  g_atomic_int_inc ((gint *) user_data);
  return GST_PAD_PROBE_OK;
}

static gboolean
got_packets (gpointer data)
{
  return g_atomic_int_get ((gint *) data) >= 30;
}

/* A call that is not up yet holds the packets given it (webrtcbin blocks
 * them until its transceiver is negotiated and DTLS is done): its source
 * drops them until the call opens it, and the other viewers, on the same
 * thread, go on getting theirs. */
static void
test_viewer_not_up_holds_no_one (void)
{
  g_autoptr (GError) error = NULL;
  GstCallBroadcast *broadcast;
  GstElement *pipelines[2];
  gint held = 0, packets = 0;

  broadcast = gst_call_broadcast_new (GST_CALL_MEDIA_KIND_VIDEO,
                                      gst_parse_bin_from_description (TEST_VIDEO_SOURCE, TRUE,
                                                                      &error),
                                      &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (pipelines); i++) {
    GstElement *source = gst_call_broadcast_add_viewer (broadcast, 96, &error);
    GstElement *sink = gst_element_factory_make ("fakesink", NULL);
    g_autoptr (GstPad) sink_pad = gst_element_get_static_pad (sink, "sink");

    g_assert_no_error (error);
    g_object_set (sink, "sync", FALSE, "async", FALSE, NULL);
    pipelines[i] = gst_pipeline_new (NULL);
    gst_bin_add_many (GST_BIN (pipelines[i]), source, sink, NULL);
    g_assert_true (gst_element_link (source, sink));
    if (i == 0) {
      /* The call being set up: what reaches it waits. */
      gst_pad_add_probe (sink_pad, GST_PAD_PROBE_TYPE_BLOCK | GST_PAD_PROBE_TYPE_BUFFER |
                                       GST_PAD_PROBE_TYPE_BUFFER_LIST,
                         hold_packets, &held, NULL);
    } else {
      gst_call_broadcast_viewer_set_flowing (source, TRUE);
      gst_pad_add_probe (sink_pad, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST,
                         count_packets, &packets, NULL);
    }
    gst_object_unref (source);
    g_assert_cmpint (gst_element_set_state (pipelines[i], GST_STATE_PLAYING), !=,
                     GST_STATE_CHANGE_FAILURE);
  }

  test_wait_until (got_packets, &packets, TIMEOUT_MS, "packets at the viewer that is up");
  g_assert_cmpint (g_atomic_int_get (&held), ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (pipelines); i++) {
    gst_element_set_state (pipelines[i], GST_STATE_NULL);
    gst_object_unref (pipelines[i]);
  }
  g_assert_finalize_object (broadcast);
}

typedef struct {
  gint packets[2]; /* atomic: packets each viewer got */
  gint wanted;     /* of the first viewer */
} JoinWatch;

static gboolean
first_viewer_got_wanted (gpointer data)
{
  JoinWatch *watch = data;

  return g_atomic_int_get (&watch->packets[0]) >= watch->wanted;
}

static gboolean
second_viewer_got_packets (gpointer data)
{
  return g_atomic_int_get (&((JoinWatch *) data)->packets[1]) >= 10;
}

static gboolean
one_viewer_left (gpointer data)
{
  return gst_call_broadcast_get_viewer_count (data) == 1;
}

/* A call is given its source of the broadcast, then puts it in its
 * pipeline: meanwhile (long, when many calls are set up at once) the
 * broadcast's thread already hands it packets. It flushes them, having no
 * pipeline yet; that is not a call gone away, and once in its pipeline and
 * up, the call gets the packets. */
static void
test_viewer_added_while_streaming (void)
{
  g_autoptr (GError) error = NULL;
  GstCallBroadcast *broadcast;
  GstElement *pipelines[2];
  GstElement *late_source = NULL;
  guint64 frames_sent = 0;
  JoinWatch watch = { 0 };

  broadcast = gst_call_broadcast_new (GST_CALL_MEDIA_KIND_VIDEO,
                                      gst_parse_bin_from_description (TEST_VIDEO_SOURCE, TRUE,
                                                                      &error),
                                      &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (pipelines); i++) {
    GstElement *source = gst_call_broadcast_add_viewer (broadcast, 96, &error);
    GstElement *sink = gst_element_factory_make ("fakesink", NULL);
    g_autoptr (GstPad) sink_pad = gst_element_get_static_pad (sink, "sink");

    g_assert_no_error (error);
    if (i == 1) {
      /* The broadcast streams: the second call's source is handed
       * packets before the call put it in its pipeline. */
      watch.wanted = g_atomic_int_get (&watch.packets[0]) + 10;
      test_wait_until (first_viewer_got_wanted, &watch, TIMEOUT_MS,
                       "packets while the second source has no pipeline");
      late_source = source;
    }
    g_object_set (sink, "sync", FALSE, "async", FALSE, NULL);
    pipelines[i] = gst_pipeline_new (NULL);
    gst_bin_add_many (GST_BIN (pipelines[i]), source, sink, NULL);
    g_assert_true (gst_element_link (source, sink));
    gst_pad_add_probe (sink_pad, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST,
                       count_packets, &watch.packets[i], NULL);
    gst_call_broadcast_viewer_set_flowing (source, TRUE);
    gst_object_unref (source);
    g_assert_cmpint (gst_element_set_state (pipelines[i], GST_STATE_PLAYING), !=,
                     GST_STATE_CHANGE_FAILURE);
    if (i == 0) {
      watch.wanted = 10;
      test_wait_until (first_viewer_got_wanted, &watch, TIMEOUT_MS,
                       "packets at the first viewer");
    }
  }

  /* Still a viewer: not taken for a call that was freed. */
  g_assert_cmpuint (gst_call_broadcast_get_viewer_count (broadcast), ==, 2);
  test_wait_until (second_viewer_got_packets, &watch, TIMEOUT_MS,
                   "packets at the viewer whose source was handed some before its pipeline");
  /* Its frames count as sent (the call's statistics). */
  g_assert_true (gst_call_broadcast_read_viewer (late_source, &frames_sent));
  g_assert_cmpuint (frames_sent, >, 0);

  /* A call freed, its source out of its pipeline, is gone. */
  gst_element_set_state (pipelines[0], GST_STATE_NULL);
  gst_object_unref (pipelines[0]);
  test_wait_until (one_viewer_left, broadcast, TIMEOUT_MS, "the freed call to be gone");

  gst_element_set_state (pipelines[1], GST_STATE_NULL);
  gst_object_unref (pipelines[1]);
  g_assert_finalize_object (broadcast);
}

/* Bad input is refused with a clear error. */
static void
test_bad_source (void)
{
  g_autoptr (GError) error = NULL;
  GstElement *audio = gst_element_factory_make ("audiotestsrc", NULL);

  g_assert_null (gst_call_broadcast_new (GST_CALL_MEDIA_KIND_VIDEO, audio, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);
  test_tolerate_known_gstreamer_criticals ();

  g_test_add_func ("/GstCall/Broadcast/three-viewers", test_three_viewers);
  g_test_add_func ("/GstCall/Broadcast/keyframe-requests-coalesced",
                   test_keyframe_requests_coalesced);
  g_test_add_func ("/GstCall/Broadcast/viewers-add-no-thread", test_viewers_add_no_thread);
  g_test_add_func ("/GstCall/Broadcast/viewer-not-up-holds-no-one",
                   test_viewer_not_up_holds_no_one);
  g_test_add_func ("/GstCall/Broadcast/viewer-added-while-streaming",
                   test_viewer_added_while_streaming);
  g_test_add_func ("/GstCall/Broadcast/bad-source", test_bad_source);

  return g_test_run ();
}
