/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The frame monitor of the decode branches with made-up timestamps: frames
 * received, decoded and dropped, and freezes counted as Chrome's
 * freezeCount (a gap longer than three average intervals and than 150 ms).
 */

#include <locale.h>

#include <gst/gst.h>

#include "gstcall-frame-monitor-private.h"

#define MS (G_TIME_SPAN_MILLISECOND)

typedef struct {
  GstCallFrameMonitor *monitor;
  gint64 now;            /* microseconds */
  GstClockTime pts;
} Clock;

/* One frame through the decoder, shown @interval_us after the previous. */
static void
frame (Clock *clock,
       gint64 interval_us)
{
  clock->now += interval_us;
  clock->pts += interval_us * GST_USECOND;
  gst_call_frame_monitor_frame_in (clock->monitor, clock->pts);
  gst_call_frame_monitor_frame_out (clock->monitor, clock->pts, clock->now);
}

static void
frames (Clock *clock,
        guint  count,
        gint64 interval_us)
{
  for (guint i = 0; i < count; i++)
    frame (clock, interval_us);
}

static GstCallFrameMonitorReading
read_monitor (GstCallFrameMonitor *monitor)
{
  GstCallFrameMonitorReading reading = { 0 };

  gst_call_frame_monitor_read (monitor, &reading);
  return reading;
}

static guint
freezes (GstCallFrameMonitor *monitor)
{
  GstCallFrameMonitorReading reading = read_monitor (monitor);

  gst_call_frame_monitor_reading_clear (&reading);
  return reading.freeze_count;
}

static void
test_freezes_at_30_fps (void)
{
  Clock clock = { gst_call_frame_monitor_new (GST_CALL_MEDIA_KIND_VIDEO), 1000 * MS, 0 };
  GstCallFrameMonitorReading reading;

  /* Steady 30 fps: no freeze. */
  frames (&clock, 60, 33 * MS);
  g_assert_cmpuint (freezes (clock.monitor), ==, 0);

  /* 100 ms is three intervals but under 150 ms: not a freeze. */
  frame (&clock, 100 * MS);
  frames (&clock, 10, 33 * MS);
  g_assert_cmpuint (freezes (clock.monitor), ==, 0);

  /* 200 ms is over both: one freeze, and it does not stretch the average
   * the next gap is measured against. */
  frame (&clock, 200 * MS);
  g_assert_cmpuint (freezes (clock.monitor), ==, 1);
  frame (&clock, 33 * MS);
  frame (&clock, 160 * MS);
  g_assert_cmpuint (freezes (clock.monitor), ==, 2);

  reading = read_monitor (clock.monitor);
  g_assert_cmpuint (reading.frames_received, ==, 74);
  g_assert_cmpuint (reading.frames_decoded, ==, 74);
  g_assert_cmpuint (reading.frames_dropped, ==, 0);
  g_assert_false (reading.have_ssrc);
  g_assert_null (reading.codec);
  g_assert_null (reading.decoder);
  gst_call_frame_monitor_reading_clear (&reading);
  gst_call_frame_monitor_free (clock.monitor);
}

static void
test_freezes_at_10_fps (void)
{
  Clock clock = { gst_call_frame_monitor_new (GST_CALL_MEDIA_KIND_VIDEO), 0, 0 };

  /* 100 ms intervals: the threshold is three of them, 300 ms. */
  frames (&clock, 20, 100 * MS);
  frame (&clock, 250 * MS);
  g_assert_cmpuint (freezes (clock.monitor), ==, 0);
  frames (&clock, 5, 100 * MS);
  frame (&clock, 350 * MS);
  g_assert_cmpuint (freezes (clock.monitor), ==, 1);
  gst_call_frame_monitor_free (clock.monitor);
}

static void
test_no_freeze_before_an_average (void)
{
  Clock clock = { gst_call_frame_monitor_new (GST_CALL_MEDIA_KIND_VIDEO), 0, 0 };

  /* The first frames have no average yet: a slow start is no freeze. */
  frame (&clock, 0);
  frame (&clock, 500 * MS);
  frame (&clock, 33 * MS);
  g_assert_cmpuint (freezes (clock.monitor), ==, 0);
  gst_call_frame_monitor_free (clock.monitor);
}

static void
test_audio_never_freezes (void)
{
  Clock clock = { gst_call_frame_monitor_new (GST_CALL_MEDIA_KIND_AUDIO), 0, 0 };

  frames (&clock, 50, 20 * MS);
  frame (&clock, 2000 * MS);
  g_assert_cmpuint (freezes (clock.monitor), ==, 0);
  gst_call_frame_monitor_free (clock.monitor);
}

static void
test_dropped (void)
{
  GstCallFrameMonitor *monitor = gst_call_frame_monitor_new (GST_CALL_MEDIA_KIND_VIDEO);
  GstCallFrameMonitorReading reading;

  /* Frames 2 and 4 go in and never come out: frame 3's output says
   * frame 2 was dropped; frame 4 is still in the decoder. */
  for (GstClockTime pts = 1; pts <= 4; pts++)
    gst_call_frame_monitor_frame_in (monitor, pts * GST_SECOND);
  gst_call_frame_monitor_frame_out (monitor, 1 * GST_SECOND, 1 * G_USEC_PER_SEC);
  gst_call_frame_monitor_frame_out (monitor, 3 * GST_SECOND, 3 * G_USEC_PER_SEC);
  reading = read_monitor (monitor);
  g_assert_cmpuint (reading.frames_received, ==, 4);
  g_assert_cmpuint (reading.frames_decoded, ==, 2);
  g_assert_cmpuint (reading.frames_dropped, ==, 1);

  /* Output the decoder made up (no such input) drops nothing more. */
  gst_call_frame_monitor_frame_out (monitor, GST_CLOCK_TIME_NONE, 4 * G_USEC_PER_SEC);
  gst_call_frame_monitor_frame_out (monitor, 4 * GST_SECOND, 5 * G_USEC_PER_SEC);
  reading = read_monitor (monitor);
  g_assert_cmpuint (reading.frames_decoded, ==, 4);
  g_assert_cmpuint (reading.frames_dropped, ==, 1);

  /* A decoder that keeps everything: beyond 64 frames waiting, the oldest
   * count as dropped. */
  for (GstClockTime pts = 10; pts < 80; pts++)
    gst_call_frame_monitor_frame_in (monitor, pts * GST_SECOND);
  reading = read_monitor (monitor);
  g_assert_cmpuint (reading.frames_received, ==, 74);
  g_assert_cmpuint (reading.frames_dropped, ==, 1 + 70 - 64);
  gst_call_frame_monitor_free (monitor);
}

/* The decoder's pads can outlive the decode bin (a streaming thread still
 * holds them while a track goes away): their probes keep the monitor. */
static void
test_outlives_decodebin (void)
{
  GstElement *bin = gst_bin_new ("decodebin");
  g_autoptr (GstElement) decoder = gst_element_factory_make ("vp8dec", NULL);
  g_autoptr (GstPad) src = NULL;
  g_autoptr (GstCaps) caps = NULL;
  GstCallFrameMonitor *monitor;
  GstCallFrameMonitorReading reading = { 0 };
  GstSegment segment;
  GstBuffer *buffer;

  if (!decoder) {
    g_test_skip ("vp8dec (gst-plugins-good) is not installed");
    gst_object_unref (bin);
    return;
  }
  gst_object_ref_sink (bin);
  gst_call_frame_monitor_watch_decodebin (bin, GST_CALL_MEDIA_KIND_VIDEO);
  monitor = gst_call_frame_monitor_get (bin);
  gst_object_ref (decoder);
  gst_bin_add (GST_BIN (bin), decoder);
  src = gst_element_get_static_pad (decoder, "src");
  gst_bin_remove (GST_BIN (bin), decoder);
  gst_object_unref (bin);

  /* A frame comes out of the decoder after its bin is gone. */
  gst_pad_set_active (src, TRUE);
  gst_pad_push_event (src, gst_event_new_stream_start ("frame-monitor"));
  caps = gst_caps_from_string ("video/x-raw,format=I420,width=16,height=16,framerate=30/1");
  gst_pad_push_event (src, gst_event_new_caps (caps));
  gst_segment_init (&segment, GST_FORMAT_TIME);
  gst_pad_push_event (src, gst_event_new_segment (&segment));
  buffer = gst_buffer_new_allocate (NULL, 16 * 16 * 3 / 2, NULL);
  GST_BUFFER_PTS (buffer) = 0;
  g_assert_cmpint (gst_pad_push (src, buffer), ==, GST_FLOW_NOT_LINKED);

  gst_call_frame_monitor_read (monitor, &reading);
  g_assert_cmpuint (reading.frames_decoded, ==, 1);
  g_assert_cmpstr (reading.decoder, ==, "vp8dec");
  gst_call_frame_monitor_reading_clear (&reading);
  gst_pad_set_active (src, FALSE);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  gst_init (NULL, NULL);

  g_test_add_func ("/GstCall/FrameMonitor/freezes-at-30-fps", test_freezes_at_30_fps);
  g_test_add_func ("/GstCall/FrameMonitor/freezes-at-10-fps", test_freezes_at_10_fps);
  g_test_add_func ("/GstCall/FrameMonitor/no-freeze-before-an-average",
                   test_no_freeze_before_an_average);
  g_test_add_func ("/GstCall/FrameMonitor/audio-never-freezes", test_audio_never_freezes);
  g_test_add_func ("/GstCall/FrameMonitor/dropped", test_dropped);
  g_test_add_func ("/GstCall/FrameMonitor/outlives-decodebin", test_outlives_decodebin);

  return g_test_run ();
}
