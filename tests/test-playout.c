/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Playout that keeps up with the link, on synthetic timestamps, and the
 * jitterbuffer latency that follows it. Playout: a stream
 * of 30 frames a second, each of a few packets, timed the way
 * rtpjitterbuffer times them (its PTS) and arriving when the simulated
 * link delivers them. No pipeline.
 */

#include <gst/gst.h>
#include <gst/rtp/rtp.h>

#include "gstcall-playout-private.h"

#define MS GST_MSECOND
#define FRAME_INTERVAL (GST_SECOND / 30)
#define PACKETS_PER_FRAME 3

typedef struct {
  GstCallPlayout *playout;
  guint frame;
  GstClockTime last_output;
  guint went_back; /* times the output went back */
} Stream;

static void
stream_init (Stream *stream)
{
  stream->playout = gst_call_playout_new ();
  stream->frame = 0;
  stream->last_output = GST_CLOCK_TIME_NONE;
  stream->went_back = 0;
}

static void
stream_clear (Stream *stream)
{
  gst_call_playout_free (stream->playout);
}

/* The next frame: captured at frame x interval, arriving @delay later,
 * timed by the jitterbuffer @lead after its arrival. Returns the output
 * PTS of its packets (all the same, checked). */
static GstClockTime
send_frame (Stream          *stream,
            GstClockTime     delay,
            GstClockTimeDiff lead)
{
  GstClockTime capture = stream->frame * FRAME_INTERVAL;
  GstClockTime arrival = capture + delay;
  GstClockTime pts = arrival + lead;
  GstClockTime output = GST_CLOCK_TIME_NONE;

  for (guint i = 0; i < PACKETS_PER_FRAME; i++) {
    /* The packets of a frame arrive a millisecond apart. */
    GstClockTime out = gst_call_playout_correct (stream->playout, pts, arrival + i * MS);

    if (i == 0)
      output = out;
    g_assert_cmpuint (out, ==, output);
  }
  if (GST_CLOCK_TIME_IS_VALID (stream->last_output) && output < stream->last_output)
    stream->went_back++;
  stream->last_output = output;
  stream->frame++;
  return output;
}

static void
send_frames (Stream          *stream,
             GstClockTime     duration,
             GstClockTime     delay,
             GstClockTimeDiff lead)
{
  for (GstClockTime t = 0; t < duration; t += FRAME_INTERVAL)
    send_frame (stream, delay, lead);
}

/* In a steady state the jitterbuffer times packets at or before their
 * arrival (its skew estimate is the smallest delay): nothing to correct,
 * and jitter under the threshold is left alone too. */
static void
test_steady_is_left_alone (void)
{
  Stream stream;

  stream_init (&stream);
  send_frames (&stream, 10 * GST_SECOND, 40 * MS, -5 * MS);
  g_assert_cmpuint (gst_call_playout_get_correction (stream.playout), ==, 0);
  for (guint i = 0; i < 300; i++) {
    GstClockTimeDiff lead = (GstClockTimeDiff) (i % 7) * 2 * MS; /* 0 to 12 ms */
    GstClockTime capture = stream.frame * FRAME_INTERVAL;
    GstClockTime output = send_frame (&stream, 40 * MS, lead);

    g_assert_cmpuint (output, ==, capture + 40 * MS + lead);
  }
  g_assert_cmpuint (gst_call_playout_get_correction (stream.playout), ==, 0);
  g_assert_cmpuint (stream.went_back, ==, 0);
  stream_clear (&stream);
}

/* After a congested moment the jitterbuffer's timing stays 2 s behind:
 * after a second (the window) the frames play 4 times faster until they
 * are timed at their arrival again, and the output never goes back. */
static void
test_stale_timing_is_caught_up (void)
{
  Stream stream;
  GstClockTime output;
  GstClockTime arrival;
  GstClockTime previous;

  stream_init (&stream);
  send_frames (&stream, 5 * GST_SECOND, 40 * MS, 0);
  /* A second of frames timed 2 s after they arrive: not corrected yet. */
  send_frames (&stream, GST_SECOND - FRAME_INTERVAL, 40 * MS, 2 * GST_SECOND);
  g_assert_cmpuint (gst_call_playout_get_correction (stream.playout), ==, 0);

  /* Then each frame is brought forward by 3/4 of its interval. */
  previous = stream.last_output;
  output = send_frame (&stream, 40 * MS, 2 * GST_SECOND);
  g_assert_cmpuint (output - previous, ==, FRAME_INTERVAL / 4);

  /* 2 s take 8/3 s of frames to catch up. */
  send_frames (&stream, 2700 * MS, 40 * MS, 2 * GST_SECOND);
  g_assert_cmpuint (gst_call_playout_get_correction (stream.playout), >=, 2 * GST_SECOND - 5 * MS);
  g_assert_cmpuint (gst_call_playout_get_correction (stream.playout), <=, 2 * GST_SECOND);

  arrival = stream.frame * FRAME_INTERVAL + 40 * MS;
  output = send_frame (&stream, 40 * MS, 2 * GST_SECOND);
  g_assert_cmpuint (output, <=, arrival + 5 * MS);
  g_assert_cmpuint (output, >=, arrival);
  g_assert_cmpuint (stream.went_back, ==, 0);
  stream_clear (&stream);
}

/* Less than a full window of stale timing is not corrected: a lead that
 * lasts only part of a second is jitter the jitterbuffer absorbs. */
static void
test_short_lead_is_not_corrected (void)
{
  Stream stream;

  stream_init (&stream);
  send_frames (&stream, 5 * GST_SECOND, 40 * MS, 0);
  send_frames (&stream, 500 * MS, 40 * MS, 300 * MS);
  send_frames (&stream, 2 * GST_SECOND, 40 * MS, 0);
  g_assert_cmpuint (gst_call_playout_get_correction (stream.playout), ==, 0);
  stream_clear (&stream);
}

/* As the jitterbuffer's estimate catches up by itself, the correction
 * follows it down, and frames keep their spacing. */
static void
test_correction_follows_the_jitterbuffer_down (void)
{
  Stream stream;
  GstClockTime previous = GST_CLOCK_TIME_NONE;

  stream_init (&stream);
  send_frames (&stream, 3 * GST_SECOND, 40 * MS, 800 * MS);
  g_assert_cmpuint (gst_call_playout_get_correction (stream.playout), >=, 795 * MS);

  /* The lead shrinks by 1 ms a frame, down to nothing. */
  for (gint lead = 800; lead >= 0; lead--) {
    GstClockTime output = send_frame (&stream, 40 * MS, lead * MS);

    /* Frames never bunch up by more than the correction's step nor
     * spread by more than a window's worth of it. */
    if (GST_CLOCK_TIME_IS_VALID (previous)) {
      g_assert_cmpuint (output, >=, previous);
      g_assert_cmpuint (output - previous, <=, FRAME_INTERVAL + 31 * MS);
    }
    previous = output;
  }
  send_frames (&stream, 2 * GST_SECOND, 40 * MS, 0);
  g_assert_cmpuint (gst_call_playout_get_correction (stream.playout), ==, 0);
  g_assert_cmpuint (stream.went_back, ==, 0);
  stream_clear (&stream);
}

/* The link gets slower (packets arrive later than the jitterbuffer
 * timed them): nothing is brought forward. */
static void
test_late_packets_are_not_corrected (void)
{
  Stream stream;

  stream_init (&stream);
  send_frames (&stream, 3 * GST_SECOND, 40 * MS, 0);
  send_frames (&stream, 3 * GST_SECOND, 400 * MS, -360 * MS);
  g_assert_cmpuint (gst_call_playout_get_correction (stream.playout), ==, 0);
  stream_clear (&stream);
}

/* Buffers without timestamps pass as they are; arrival times going back
 * (a flush) start the history over. */
static void
test_missing_and_restarted_timestamps (void)
{
  g_autoptr (GstCallPlayout) playout = gst_call_playout_new ();
  GstClockTime t;

  g_assert_cmpuint (gst_call_playout_correct (playout, GST_CLOCK_TIME_NONE, 10 * MS), ==,
                    GST_CLOCK_TIME_NONE);
  for (t = 0; t < 3 * GST_SECOND; t += FRAME_INTERVAL)
    gst_call_playout_correct (playout, t + 500 * MS, t);
  g_assert_cmpuint (gst_call_playout_get_correction (playout), >=, 495 * MS);
  /* Without an arrival time, a buffer takes the current correction. */
  g_assert_cmpuint (gst_call_playout_correct (playout, t + 600 * MS, GST_CLOCK_TIME_NONE), ==,
                    t + 600 * MS - gst_call_playout_get_correction (playout));

  /* A flush: times start again lower, the old window is forgotten
   * and a new one must fill before the correction moves again. */
  for (t = GST_SECOND; t < 1500 * MS; t += FRAME_INTERVAL)
    gst_call_playout_correct (playout, t, t);
  g_assert_cmpuint (gst_call_playout_get_correction (playout), >=, 495 * MS);
  for (; t < 3 * GST_SECOND; t += FRAME_INTERVAL)
    gst_call_playout_correct (playout, t, t);
  g_assert_cmpuint (gst_call_playout_get_correction (playout), ==, 0);
}

/* ---- Jitterbuffer latency that follows the link ---- */

#define US(ms) ((gint64) (ms) * 1000)

/* Nothing late: the configured latency stays. */
static void
test_latency_stays_without_late_packets (void)
{
  GstCallLatency latency;

  gst_call_latency_init (&latency, 50, US (1000));
  for (gint64 t = US (1000); t < US (60000); t += US (20))
    g_assert_cmpuint (gst_call_latency_on_packet (&latency, t), ==, 0);
  g_assert_cmpuint (latency.current, ==, 50);
}

/* A packet 80 ms later than the jitterbuffer waited: the latency grows by
 * that and the margin, once for a burst of such packets; a later burst
 * raises it again, never above the cap. */
static void
test_latency_grows_with_late_packets (void)
{
  GstCallLatency latency;
  gint64 t = US (1000);

  gst_call_latency_init (&latency, 50, t);
  g_assert_cmpuint (gst_call_latency_on_late_packet (&latency, US (80), t), ==,
                    50 + 80 + GST_CALL_LATENCY_MARGIN_MS);
  /* The packets behind it, late by as much, in the same round. */
  g_assert_cmpuint (gst_call_latency_on_late_packet (&latency, US (80), t + US (10)), ==, 0);
  g_assert_cmpuint (latency.current, ==, 150);

  t += US (1000);
  g_assert_cmpuint (gst_call_latency_on_late_packet (&latency, US (30), t), ==, 200);
  for (guint i = 0; i < 20; i++) {
    t += US (1000);
    gst_call_latency_on_late_packet (&latency, US (500), t);
  }
  g_assert_cmpuint (latency.current, ==, GST_CALL_LATENCY_MAX_MS);
}

/* After a calm period the latency comes back, a fifth of the way at a
 * time, one step per GST_CALL_LATENCY_LOWER_INTERVAL, to the configured
 * one and not below, within about ten seconds from 300 ms. */
static void
test_latency_comes_back (void)
{
  GstCallLatency latency;
  gint64 t = US (1000);
  gint64 calm_end, last_step;
  guint previous;
  guint steps = 0;

  gst_call_latency_init (&latency, 50, t);
  gst_call_latency_on_late_packet (&latency, US (230), t);
  g_assert_cmpuint (latency.current, ==, 300);

  /* Not before the calm period. */
  g_assert_cmpuint (gst_call_latency_on_packet (&latency, t + GST_CALL_LATENCY_CALM - 1), ==, 0);
  previous = latency.current;
  calm_end = last_step = t + GST_CALL_LATENCY_CALM;
  for (t += GST_CALL_LATENCY_CALM; latency.current > 50; t += US (20)) {
    guint lowered = gst_call_latency_on_packet (&latency, t);

    if (lowered) {
      if (steps > 0)
        g_assert_cmpint (t - last_step, >=, GST_CALL_LATENCY_LOWER_INTERVAL);
      last_step = t;
      g_assert_cmpuint (lowered, <, previous);
      g_assert_cmpuint (lowered, >=, 50);
      g_assert_cmpuint (previous - lowered, <=, MAX ((previous - 50) / 5, 10));
      previous = lowered;
      steps++;
    }
  }
  g_assert_cmpuint (latency.current, ==, 50);
  g_test_message ("300 -> 50 ms in %u steps, %" G_GINT64_FORMAT " ms after the calm period",
                  steps, (t - calm_end) / 1000);
  g_assert_cmpuint (steps, >=, 5);
  g_assert_cmpint (t - calm_end, <=, 10 * G_USEC_PER_SEC);
  /* A late packet during the way back stops it. */
  gst_call_latency_on_late_packet (&latency, US (100), t);
  g_assert_cmpuint (gst_call_latency_on_packet (&latency, t + US (1000)), ==, 0);
}

/* A latency configured above the cap is the floor and the cap. */
static void
test_latency_configured_above_cap (void)
{
  GstCallLatency latency;

  gst_call_latency_init (&latency, 1000, US (1000));
  g_assert_cmpuint (gst_call_latency_on_late_packet (&latency, US (100), US (1000)), ==, 0);
  g_assert_cmpuint (latency.current, ==, 1000);
}

/* A video jitterbuffer waits at least GST_CALL_LATENCY_VIDEO_MS: the
 * latency rises to it at once (the base stays what it was), grows above it
 * with late packets and comes back to it, not to the base. A base above
 * it stays. */
static void
test_latency_waits_longer_for_video (void)
{
  GstCallLatency latency;
  gint64 t = US (1000);

  gst_call_latency_init (&latency, 50, t);
  g_assert_cmpuint (gst_call_latency_set_least (&latency, GST_CALL_LATENCY_VIDEO_MS), ==,
                    GST_CALL_LATENCY_VIDEO_MS);
  g_assert_cmpuint (gst_call_latency_set_least (&latency, GST_CALL_LATENCY_VIDEO_MS), ==, 0);
  g_assert_cmpuint (latency.base, ==, 50);

  g_assert_cmpuint (gst_call_latency_on_late_packet (&latency, US (60), t), ==,
                    MIN (GST_CALL_LATENCY_VIDEO_MS + 60 + GST_CALL_LATENCY_MARGIN_MS,
                         GST_CALL_LATENCY_MAX_MS));
  for (t += US (20); t < US (60000); t += US (20))
    gst_call_latency_on_packet (&latency, t);
  g_assert_cmpuint (latency.current, ==, GST_CALL_LATENCY_VIDEO_MS);

  gst_call_latency_init (&latency, 1000, t);
  g_assert_cmpuint (gst_call_latency_set_least (&latency, GST_CALL_LATENCY_VIDEO_MS), ==, 0);
  g_assert_cmpuint (latency.current, ==, 1000);
}

/* Repaired packets raise the latency at once to the longest repair and
 * twice the shortest (room for a second request), plus the margin; it does
 * not come back below what the repairs of the hold period ask for, forgets
 * an old repair within the hold while others go on, and comes back to the
 * configured latency once repairs stop. */
static void
test_latency_covers_repairs (void)
{
  GstCallLatency latency;
  gint64 start = US (1000);
  gint64 t = start;
  gint64 end;

  gst_call_latency_init (&latency, 50, t);
  /* Twice 10 ms and the margin fit in 50 ms: no change. */
  g_assert_cmpuint (gst_call_latency_on_repaired_packet (&latency, US (10), t), ==, 0);
  g_assert_cmpuint (gst_call_latency_on_repaired_packet (&latency, US (120), t), ==,
                    120 + GST_CALL_LATENCY_MARGIN_MS);
  /* Calm, repairs of 70 ms go on: held at 140 ms while the 120 ms repair
   * is remembered, then twice 70 ms and the margin. */
  for (end = t + 3 * GST_CALL_LATENCY_REPAIR_HOLD; t < end; t += US (20)) {
    gst_call_latency_on_packet (&latency, t);
    if (t % US (200) == 0)
      gst_call_latency_on_repaired_packet (&latency, US (70), t);
    if (t < start + GST_CALL_LATENCY_REPAIR_HOLD / 2)
      g_assert_cmpuint (latency.current, ==, 140);
    g_assert_cmpuint (latency.current, >=, 140);
  }
  g_assert_cmpuint (latency.current, ==, 2 * 70 + GST_CALL_LATENCY_MARGIN_MS);
  /* Repairs stop: back to the configured latency after the hold. */
  for (end = t + 2 * GST_CALL_LATENCY_REPAIR_HOLD; t < end; t += US (20))
    gst_call_latency_on_packet (&latency, t);
  g_assert_cmpuint (latency.current, ==, 50);
  /* Capped as late packets are. */
  g_assert_cmpuint (gst_call_latency_on_repaired_packet (&latency, US (5000), t), ==,
                    GST_CALL_LATENCY_MAX_MS);
}

/* An RTP packet of a 30 fps video stream: @seqnum, frame @seqnum. */
static GstBuffer *
make_packet (guint16 seqnum)
{
  GstRTPBuffer rtp = GST_RTP_BUFFER_INIT;
  GstBuffer *buffer = gst_rtp_buffer_new_allocate (100, 0, 0);

  gst_rtp_buffer_map (buffer, GST_MAP_WRITE, &rtp);
  gst_rtp_buffer_set_payload_type (&rtp, 96);
  gst_rtp_buffer_set_seq (&rtp, seqnum);
  gst_rtp_buffer_set_timestamp (&rtp, seqnum * 3000);
  gst_rtp_buffer_set_ssrc (&rtp, 0x1234);
  gst_rtp_buffer_set_marker (&rtp, TRUE);
  gst_rtp_buffer_unmap (&rtp);
  return buffer;
}

/* appsrc's push-buffer: the buffer stays ours. */
static GstFlowReturn
push_buffer (GstElement *source,
             GstBuffer  *buffer)
{
  GstFlowReturn ret = GST_FLOW_ERROR;

  g_signal_emit_by_name (source, "push-buffer", buffer, &ret);
  return ret;
}

static GstFlowReturn
push_packet (GstElement *source,
             guint16     seqnum)
{
  g_autoptr (GstBuffer) buffer = make_packet (seqnum);

  return push_buffer (source, buffer);
}

static GstPadProbeReturn
count_pushed (GstPad          *pad,
              GstPadProbeInfo *info,
              gpointer         user_data)
{
  g_atomic_int_inc ((gint *) user_data);
  return GST_PAD_PROBE_OK;
}

/* A watched jitterbuffer in its pipeline, playing. */
typedef struct {
  GstElement *pipeline;
  GstElement *source;
  GstElement *jitterbuffer;
  gint pushed;        /* packets it pushed */
  GstClockTime start; /* running time to count arrival times from */
} Watched;

static void
watched_clear (Watched *watched)
{
  if (watched->pipeline)
    gst_element_set_state (watched->pipeline, GST_STATE_NULL);
  gst_clear_object (&watched->pipeline);
  gst_clear_object (&watched->source);
  gst_clear_object (&watched->jitterbuffer);
  watched->pushed = 0;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Watched, watched_clear)

/* appsrc ! rtpjitterbuffer latency=50 ! fakesink, for a stream of
 * @media (a 90 kHz clock either way), the jitterbuffer watched, playing;
 * the buffers' DTS are the arrival times the test gives. */
static void
start_watched_jitterbuffer (Watched     *watched,
                            const gchar *media)
{
  g_autoptr (GstPad) src = NULL;
  g_autofree gchar *description = NULL;

  description = g_strdup_printf ("appsrc name=source is-live=true format=time "
                                 "caps=application/x-rtp,media=%s,clock-rate=90000,"
                                 "encoding-name=VP8,payload=96 "
                                 "! rtpjitterbuffer name=jitterbuffer latency=50 "
                                 "! fakesink sync=false async=false", media);
  watched->pipeline = gst_parse_launch (description, NULL);
  g_assert_nonnull (watched->pipeline);
  watched->source = gst_bin_get_by_name (GST_BIN (watched->pipeline), "source");
  watched->jitterbuffer = gst_bin_get_by_name (GST_BIN (watched->pipeline), "jitterbuffer");
  gst_call_playout_watch_jitterbuffer (watched->jitterbuffer);
  src = gst_element_get_static_pad (watched->jitterbuffer, "src");
  gst_pad_add_probe (src, GST_PAD_PROBE_TYPE_BUFFER, count_pushed, &watched->pushed, NULL);
  g_assert_cmpint (gst_element_set_state (watched->pipeline, GST_STATE_PLAYING), !=,
                   GST_STATE_CHANGE_FAILURE);
  g_assert_cmpint (gst_element_get_state (watched->pipeline, NULL, NULL, 5 * GST_SECOND), ==,
                   GST_STATE_CHANGE_SUCCESS);
  watched->start = gst_element_get_current_running_time (watched->source);
  g_assert_true (GST_CLOCK_TIME_IS_VALID (watched->start));
}

/* Pushes packet @seqnum arriving at @arrival, retransmitted or not. */
static void
push_arrival (GstElement   *source,
              guint16       seqnum,
              GstClockTime  arrival,
              gboolean      retransmitted)
{
  g_autoptr (GstBuffer) buffer = make_packet (seqnum);

  GST_BUFFER_DTS (buffer) = arrival;
  if (retransmitted)
    GST_BUFFER_FLAG_SET (buffer, GST_RTP_BUFFER_FLAG_RETRANSMISSION);
  g_assert_cmpint (push_buffer (source, buffer), ==, GST_FLOW_OK);
}

/* Waits until the jitterbuffer pushed @count packets (at most 5 s). */
static void
wait_pushed (gint *pushed,
             gint  count)
{
  gint64 until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (g_atomic_int_get (pushed) < count && g_get_monotonic_time () < until)
    g_usleep (10 * 1000);
  g_assert_cmpint (g_atomic_int_get (pushed), ==, count);
}

/* start_watched_jitterbuffer() for a stream that is not video (the
 * latency follows the link alone), then packets 0-6 but 5, 33 ms apart by
 * their arrival times, pushed at once. */
static void
start_with_a_gap (Watched *watched)
{
  start_watched_jitterbuffer (watched, "audio");
  for (guint16 seqnum = 0; seqnum < 7; seqnum++) {
    if (seqnum != 5)
      push_arrival (watched->source, seqnum, watched->start + seqnum * 33 * GST_MSECOND, FALSE);
  }
}

/* Waits until the jitterbuffer's latency is no longer @from; returns it. */
static guint
wait_latency_change (GstElement *jitterbuffer,
                     guint       from)
{
  gint64 until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  guint latency = from;

  do {
    g_object_get (jitterbuffer, "latency", &latency, NULL);
    if (latency != from)
      break;
    g_usleep (10 * 1000);
  } while (g_get_monotonic_time () < until);
  return latency;
}

/* A latency the application sets during the call is the one the watch
 * grows from and comes back to: a late packet never takes the
 * jitterbuffer below it. */
static void
test_latency_follows_application (void)
{
  g_auto (Watched) watched = { 0 };
  guint latency;

  start_watched_jitterbuffer (&watched, "audio");
  /* Arrival times as the packets are pushed, in real time. */
  g_object_set (watched.source, "do-timestamp", TRUE, NULL);

  /* The application raises it. */
  g_object_set (watched.jitterbuffer, "latency", 150, NULL);

  /* Packets 0-9 but 5, which the jitterbuffer gives up on after its
   * latency; then 5, late. */
  for (guint16 seqnum = 0; seqnum < 10; seqnum++) {
    if (seqnum != 5)
      g_assert_cmpint (push_packet (watched.source, seqnum), ==, GST_FLOW_OK);
    g_usleep (33 * 1000);
  }
  wait_pushed (&watched.pushed, 9);
  g_assert_cmpint (push_packet (watched.source, 5), ==, GST_FLOW_OK);
  /* The late packet made the watch set a latency. */
  latency = wait_latency_change (watched.jitterbuffer, 150);
  g_test_message ("latency after a late packet: %u ms", latency);
  g_assert_cmpuint (latency, >, 150);
}

/* The watched jitterbuffer's latency after packets 0-6 but 5, then 5
 * retransmitted (as rtprtxreceive flags it) @repair_ms after 6 by their
 * arrival times: at once, or (@after_giving_up) once the jitterbuffer gave
 * up on it. The arrival times are the buffers' DTS, set here, so that the
 * result does not depend on how fast the test runs. */
static guint
latency_after_repair (guint    repair_ms,
                      gboolean after_giving_up)
{
  g_auto (Watched) watched = { 0 };

  start_with_a_gap (&watched);
  /* The jitterbuffer gives up on 5 and pushes 6. */
  if (after_giving_up)
    wait_pushed (&watched.pushed, 6);
  push_arrival (watched.source, 5, watched.start + (6 * 33 + repair_ms) * GST_MSECOND, TRUE);
  return wait_latency_change (watched.jitterbuffer, 50);
}

/* A repair of 90 ms, before the jitterbuffer gave up on the packet, makes
 * the watch raise the latency to cover that repair and a second one. */
static void
test_latency_covers_repaired_packets (void)
{
  guint latency = latency_after_repair (90, FALSE);

  g_test_message ("latency after a repair of 90 ms: %u ms", latency);
  g_assert_cmpuint (latency, ==, 2 * 90 + GST_CALL_LATENCY_MARGIN_MS);
}

/* The first repairs of a call come too late for a short latency: one that
 * arrives after the jitterbuffer gave up on it still counts, the latency
 * covers its repair (not only how late it was). */
static void
test_latency_covers_late_repairs (void)
{
  guint latency = latency_after_repair (100, TRUE);

  g_test_message ("latency after a repair of 100 ms that came too late: %u ms", latency);
  g_assert_cmpuint (latency, >=, 2 * 100 + GST_CALL_LATENCY_MARGIN_MS);
}

/* The minimum latency @jitterbuffer answers, less its upstream's. */
static GstClockTime
reported_latency (GstElement *jitterbuffer)
{
  g_autoptr (GstPad) sink = gst_element_get_static_pad (jitterbuffer, "sink");
  g_autoptr (GstPad) src = gst_element_get_static_pad (jitterbuffer, "src");
  g_autoptr (GstQuery) upstream = gst_query_new_latency ();
  g_autoptr (GstQuery) query = gst_query_new_latency ();
  GstClockTime upstream_min = 0, min = 0;

  g_assert_true (gst_pad_peer_query (sink, upstream));
  gst_query_parse_latency (upstream, NULL, &upstream_min, NULL);
  g_assert_true (gst_pad_query (src, query));
  gst_query_parse_latency (query, NULL, &min, NULL);
  g_assert_cmpuint (min, >=, upstream_min);
  return min - upstream_min;
}

/* Once a video stream's first packet is through, its jitterbuffer waits
 * GST_CALL_LATENCY_VIDEO_MS and reports its base latency (50 ms) to the
 * pipeline. Another stream's reports the latency it waits (here raised by
 * a repair). */
static void
test_latency_video_reports_base (void)
{
  g_auto (Watched) watched = { 0 };
  guint latency;

  start_watched_jitterbuffer (&watched, "video");
  push_arrival (watched.source, 0, watched.start, FALSE);
  g_assert_cmpuint (wait_latency_change (watched.jitterbuffer, 50), ==,
                    GST_CALL_LATENCY_VIDEO_MS);
  g_assert_cmpuint (reported_latency (watched.jitterbuffer), ==, 50 * GST_MSECOND);
  watched_clear (&watched);

  start_with_a_gap (&watched);
  push_arrival (watched.source, 5, watched.start + (6 * 33 + 90) * GST_MSECOND, TRUE);
  latency = wait_latency_change (watched.jitterbuffer, 50);
  g_assert_cmpuint (latency, ==, 2 * 90 + GST_CALL_LATENCY_MARGIN_MS);
  g_assert_cmpuint (reported_latency (watched.jitterbuffer), ==, latency * GST_MSECOND);
}

#define RECORDED 16

/* The PTS of the packets a jitterbuffer pushed, and when (running time). */
typedef struct {
  GstElement *jitterbuffer;
  gint count;
  GstClockTime pts[RECORDED];
  GstClockTime at[RECORDED];
} Pushes;

static GstPadProbeReturn
record_pushed (GstPad          *pad,
               GstPadProbeInfo *info,
               gpointer         user_data)
{
  Pushes *pushes = user_data;
  gint i = g_atomic_int_get (&pushes->count);

  if (i < RECORDED) {
    pushes->pts[i] = GST_BUFFER_PTS (GST_PAD_PROBE_INFO_BUFFER (info));
    pushes->at[i] = gst_element_get_current_running_time (pushes->jitterbuffer);
    g_atomic_int_inc (&pushes->count);
  }
  return GST_PAD_PROBE_OK;
}

/* Video packets that waited in the jitterbuffer (behind a packet it gave
 * up on after GST_CALL_LATENCY_VIDEO_MS) are timed for when they leave it,
 * less the 50 ms it reports: the sinks show them at once instead of
 * dropping them as late. The timestamps never go back. */
static void
test_waiting_video_is_shown_now (void)
{
  Pushes pushes = { 0 };
  g_auto (Watched) watched = { 0 };
  g_autoptr (GstPad) src = NULL;
  GstClockTime now;

  start_watched_jitterbuffer (&watched, "video");
  now = watched.start;
  pushes.jitterbuffer = watched.jitterbuffer;
  src = gst_element_get_static_pad (watched.jitterbuffer, "src");
  gst_pad_add_probe (src, GST_PAD_PROBE_TYPE_BUFFER, record_pushed, &pushes, NULL);
  push_arrival (watched.source, 0, now, FALSE);
  g_assert_cmpuint (wait_latency_change (watched.jitterbuffer, 50), ==,
                    GST_CALL_LATENCY_VIDEO_MS);

  /* 1-6 but 4, 33 ms apart: 5 and 6 wait until the jitterbuffer gives
   * up on 4. */
  for (guint16 seqnum = 1; seqnum < 7; seqnum++) {
    if (seqnum != 4)
      push_arrival (watched.source, seqnum, now + seqnum * 33 * GST_MSECOND, FALSE);
  }
  wait_pushed (&watched.pushed, 6);
  g_assert_cmpint (g_atomic_int_get (&pushes.count), ==, 6);
  g_assert_cmpuint (pushes.at[4], >=, now + (4 * 33 + GST_CALL_LATENCY_VIDEO_MS / 2) * GST_MSECOND);
  for (gint i = 0; i < 6; i++) {
    g_test_message ("packet %d: pushed at %" GST_TIME_FORMAT ", timed %" GST_TIME_FORMAT, i,
                    GST_TIME_ARGS (pushes.at[i]), GST_TIME_ARGS (pushes.pts[i]));
    /* 50 ms, and room for a slow machine between the two probes. */
    g_assert_cmpuint (pushes.pts[i] + 100 * GST_MSECOND, >=, pushes.at[i]);
    if (i > 0)
      g_assert_cmpuint (pushes.pts[i], >=, pushes.pts[i - 1]);
  }
}

int
main (int argc, char **argv)
{
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/playout/steady-is-left-alone", test_steady_is_left_alone);
  g_test_add_func ("/playout/stale-timing-is-caught-up", test_stale_timing_is_caught_up);
  g_test_add_func ("/playout/short-lead-is-not-corrected", test_short_lead_is_not_corrected);
  g_test_add_func ("/playout/correction-follows-the-jitterbuffer-down",
                   test_correction_follows_the_jitterbuffer_down);
  g_test_add_func ("/playout/late-packets-are-not-corrected", test_late_packets_are_not_corrected);
  g_test_add_func ("/playout/missing-and-restarted-timestamps",
                   test_missing_and_restarted_timestamps);
  g_test_add_func ("/latency/stays-without-late-packets", test_latency_stays_without_late_packets);
  g_test_add_func ("/latency/grows-with-late-packets", test_latency_grows_with_late_packets);
  g_test_add_func ("/latency/comes-back", test_latency_comes_back);
  g_test_add_func ("/latency/configured-above-cap", test_latency_configured_above_cap);
  g_test_add_func ("/latency/follows-application", test_latency_follows_application);
  g_test_add_func ("/latency/covers-repairs", test_latency_covers_repairs);
  g_test_add_func ("/latency/covers-repaired-packets", test_latency_covers_repaired_packets);
  g_test_add_func ("/latency/covers-late-repairs", test_latency_covers_late_repairs);
  g_test_add_func ("/latency/waits-longer-for-video", test_latency_waits_longer_for_video);
  g_test_add_func ("/latency/video-reports-base", test_latency_video_reports_base);
  g_test_add_func ("/playout/waiting-video-is-shown-now", test_waiting_video_is_shown_now);
  return g_test_run ();
}
