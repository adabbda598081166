/* GstCallTrack:frames-decoded: counted on streaming threads, notified on
 * the application's main context, at most ten times a second.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "test-utils.h"

#define TIMEOUT_MS 20000
#define WANTED_FRAMES 45 /* 1.5 s of 30 fps */

typedef struct {
  GThread *owner;
  GstCallTrack *video;
  guint notifies;
  guint notifies_elsewhere;
  guint64 first_value;
  guint64 last_value;
  gboolean went_back;
  gint64 first_at;
  gint64 last_at;
} FrameWatch;

static void
on_frames_decoded (GstCallTrack *track,
                   GParamSpec   *pspec,
                   FrameWatch   *watch)
{
  guint64 frames = gst_call_track_get_frames_decoded (track);
  guint64 property = 0;

  if (g_thread_self () != watch->owner)
    watch->notifies_elsewhere++;
  g_object_get (track, "frames-decoded", &property, NULL);
  g_assert_cmpuint (property, >=, frames);
  if (watch->notifies == 0) {
    watch->first_value = frames;
    watch->first_at = g_get_monotonic_time ();
  }
  if (frames < watch->last_value)
    watch->went_back = TRUE;
  watch->last_value = frames;
  watch->last_at = g_get_monotonic_time ();
  watch->notifies++;
}

static void
on_remote_track (GstCall      *call,
                 GstCallTrack *track,
                 FrameWatch   *watch)
{
  g_assert_true (gst_call_track_is_remote (track));
  if (gst_call_track_get_kind (track) != GST_CALL_MEDIA_KIND_VIDEO)
    return;
  g_assert_cmpuint (gst_call_track_get_frames_decoded (track), ==, 0);
  watch->video = g_object_ref (track);
  g_signal_connect (track, "notify::frames-decoded", G_CALLBACK (on_frames_decoded), watch);
}

static gboolean
enough_frames (gpointer data)
{
  FrameWatch *watch = data;

  return watch->last_value >= WANTED_FRAMES;
}

static void
side_init (TestCallSide     *side,
           const char       *name,
           GstCallSignaller *signaller)
{
  const char * const loopback[] = { TEST_ICE_ADDRESS, NULL };
  g_autoptr (GError) error = NULL;
  GstCall *call = gst_call_new ();

  g_object_set (call, "ice-local-addresses", loopback, "send-audio", FALSE,
                "video-width", 320, "video-height", 240, NULL);
  gst_call_set_signaller (call, signaller);
  g_assert_true (gst_call_set_sources_from_description (call, TEST_VIDEO_SOURCE, NULL, &error));
  g_assert_no_error (error);
  gst_call_set_video_sink (call, test_make_synced_fakesink ());
  test_call_side_init (side, name, call);
}

static void
test_remote_video_frames (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (GError) error = NULL;
  FrameWatch watch = { .owner = g_thread_self () };
  g_autoptr (GPtrArray) local = NULL;
  double seconds;
  TestCallSide a, b;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  side_init (&a, "caller", GST_CALL_SIGNALLER (signaller_a));
  side_init (&b, "callee", GST_CALL_SIGNALLER (signaller_b));
  g_signal_connect (b.call, "remote-track", G_CALLBACK (on_remote_track), &watch);

  gst_call_dial_async (a.call, NULL, NULL, test_call_side_on_setup_done, &a);
  gst_call_answer_async (b.call, NULL, test_call_side_on_setup_done, &b);
  g_assert_true (test_call_side_finish_setup (&a, &error));
  g_assert_no_error (error);
  g_assert_true (test_call_side_finish_setup (&b, &error));
  g_assert_no_error (error);

  test_wait_until (enough_frames, &watch, TIMEOUT_MS, "45 decoded frames notified");
  g_assert_nonnull (watch.video);
  g_assert_cmpuint (watch.notifies_elsewhere, ==, 0);
  g_assert_false (watch.went_back);
  /* The first notification comes with the first frames, not a batch later. */
  g_assert_cmpuint (watch.first_value, >=, 1);
  g_assert_cmpuint (watch.first_value, <, WANTED_FRAMES / 2);
  /* Throttled: at most one notification per 100 ms after the first (and one
   * for a timer that fired late), far fewer than frames. */
  seconds = (watch.last_at - watch.first_at) / (double) G_USEC_PER_SEC;
  g_assert_cmpuint (watch.notifies, <=, 2 + (guint) (seconds * 10));
  g_assert_cmpuint (watch.notifies, <, watch.last_value);
  g_assert_cmpuint (gst_call_track_get_frames_decoded (watch.video), >=, watch.last_value);

  /* Local tracks count nothing. */
  local = gst_call_get_local_tracks (a.call);
  g_assert_cmpuint (local->len, ==, 1);
  for (guint i = 0; i < local->len; i++)
    g_assert_cmpuint (gst_call_track_get_frames_decoded (local->pdata[i]), ==, 0);

  gst_call_hangup (a.call);
  test_wait_until (test_call_side_ended, &b, 2000, "the callee to see the hang-up");
  /* Once the track is gone, no notification is left on the way. */
  g_clear_object (&watch.video);
  test_call_side_clear (&a);
  test_call_side_clear (&b);
  test_drain_context ();
}

int
main (int argc, char **argv)
{
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);
  test_tolerate_known_gstreamer_criticals ();

  g_test_add_func ("/GstCall/Track/remote-video-frames", test_remote_video_frames);

  return g_test_run ();
}
