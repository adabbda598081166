/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Playout that keeps up with the link (see gstcall-playout-private.h).
 *
 * Per buffer the lead is PTS - DTS: how long after its arrival the
 * jitterbuffer means the packet to be played (before the pipeline's
 * latency is added). In a steady state rtpjitterbuffer's skew estimate is
 * the smallest delay of its window, so the lead is zero or negative (the
 * jitter). The smallest lead over the last GST_CALL_PLAYOUT_WINDOW of
 * arrivals (a monotonic queue keeps the sliding minimum) is what every
 * packet of that second waited for nothing: it becomes the correction
 * once it reaches GST_CALL_PLAYOUT_MIN_CORRECTION, and follows it down to
 * zero as rtpjitterbuffer's estimate catches up.
 */

#include "config.h"

#include <gst/rtp/rtp.h>

#include "gstcall-playout-private.h"
#include "gstcall-private.h"

/* Sliding-window samples kept at most: a second of packets of a fast
 * video stream. When full, the oldest goes (the minimum is then taken
 * over a slightly shorter window). */
#define MAX_SAMPLES 2048

typedef struct {
  GstClockTime arrival;
  GstClockTimeDiff lead;
} Sample;

struct _GstCallPlayout {
  /* Monotonic queue (ring): leads increasing from head to tail, arrivals
   * increasing. The head is the window's minimum. */
  Sample samples[MAX_SAMPLES];
  guint head;
  guint length;

  GstClockTime first_arrival;  /* of the current history */
  GstClockTime correction;
  GstClockTime last_pts;       /* input, of the last frame */
  GstClockTime last_output;    /* output, of the last frame */
};

GstCallPlayout *
gst_call_playout_new (void)
{
  GstCallPlayout *self = g_new0 (GstCallPlayout, 1);

  self->first_arrival = GST_CLOCK_TIME_NONE;
  self->last_pts = GST_CLOCK_TIME_NONE;
  self->last_output = GST_CLOCK_TIME_NONE;
  return self;
}

void
gst_call_playout_free (GstCallPlayout *self)
{
  g_free (self);
}

GstClockTime
gst_call_playout_get_correction (GstCallPlayout *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->correction;
}

static Sample *
sample_at (GstCallPlayout *self,
           guint           index)
{
  return &self->samples[(self->head + index) % MAX_SAMPLES];
}

static void
add_sample (GstCallPlayout  *self,
            GstClockTime     arrival,
            GstClockTimeDiff lead)
{
  /* Arrival times going back (a new segment, a flush): start over. */
  if (self->length > 0 && arrival < sample_at (self, self->length - 1)->arrival)
    self->length = 0;
  if (self->length == 0)
    self->first_arrival = arrival;

  /* Later samples with a lead at least as large can never be the
   * minimum again. */
  while (self->length > 0 && sample_at (self, self->length - 1)->lead >= lead)
    self->length--;
  if (self->length == MAX_SAMPLES) {
    self->head = (self->head + 1) % MAX_SAMPLES;
    self->length--;
  }
  *sample_at (self, self->length) = (Sample) { arrival, lead };
  self->length++;

  /* Out of the window: arrived more than a window before this one. */
  while (self->length > 1 &&
         sample_at (self, 0)->arrival + GST_CALL_PLAYOUT_WINDOW < arrival) {
    self->head = (self->head + 1) % MAX_SAMPLES;
    self->length--;
  }
}

/* The correction the window asks for now. */
static GstClockTime
window_correction (GstCallPlayout *self,
                   GstClockTime    arrival)
{
  GstClockTimeDiff smallest;

  /* A full window of history first. */
  if (self->length == 0 || arrival < self->first_arrival + GST_CALL_PLAYOUT_WINDOW)
    return self->correction;
  smallest = sample_at (self, 0)->lead;
  if (smallest <= 0)
    return 0;
  /* Below the threshold only while coming down from a larger one: a
   * small lead alone is left to the jitterbuffer. */
  if ((GstClockTime) smallest < GST_CALL_PLAYOUT_MIN_CORRECTION && self->correction == 0)
    return 0;
  return (GstClockTime) smallest;
}

GstClockTime
gst_call_playout_correct (GstCallPlayout *self,
                          GstClockTime    pts,
                          GstClockTime    dts)
{
  GstClockTime output;

  g_return_val_if_fail (self != NULL, pts);

  if (!GST_CLOCK_TIME_IS_VALID (pts))
    return pts;
  if (GST_CLOCK_TIME_IS_VALID (dts))
    add_sample (self, dts, GST_CLOCK_DIFF (dts, pts));
  /* The packets of one frame share its correction. */
  if (pts == self->last_pts)
    return self->last_output;

  if (GST_CLOCK_TIME_IS_VALID (dts)) {
    GstClockTime wanted = window_correction (self, dts);

    output = pts > wanted ? pts - wanted : 0;
    /* Caught up step by step: each frame keeps a part of its interval, so
     * the output never goes back (a decoder's QoS would drop every frame
     * timed before the last one shown) and the frames that waited play
     * fast instead. */
    if (GST_CLOCK_TIME_IS_VALID (self->last_pts) && pts > self->last_pts) {
      GstClockTime least = self->last_output + (pts - self->last_pts) / GST_CALL_PLAYOUT_CATCH_UP;

      output = MAX (output, least);
    }
    self->correction = pts - MIN (output, pts);
  } else {
    output = pts > self->correction ? pts - self->correction : 0;
  }
  self->last_pts = pts;
  self->last_output = output;
  return output;
}

/* ---- Jitterbuffer latency that follows the link ---- */

static void
forget_repairs (GstCallLatency *self,
                gint64          now)
{
  for (guint i = 0; i < 2; i++)
    self->repair_shortest[i] = self->repair_longest[i] = 0;
  self->repair_since = now;
}

void
gst_call_latency_init (GstCallLatency *self,
                       guint           base,
                       gint64          now)
{
  g_return_if_fail (self != NULL);

  self->base = base;
  self->least = 0;
  self->current = base;
  self->last_raise = 0;
  self->last_late = now;
  self->last_lower = now;
  forget_repairs (self, 0);
}

static guint
latency_cap (GstCallLatency *self)
{
  return MAX (GST_CALL_LATENCY_MAX_MS, self->base);
}

guint
gst_call_latency_on_late_packet (GstCallLatency *self,
                                 gint64          late,
                                 gint64          now)
{
  guint wanted;

  g_return_val_if_fail (self != NULL, 0);

  self->last_late = now;
  self->last_lower = now;
  /* One raise per round of late packets: the ones behind it arrive late
   * by as much, and the new latency is not in force yet. */
  if (self->last_raise != 0 && now - self->last_raise < GST_CALL_LATENCY_RAISE_INTERVAL)
    return 0;
  wanted = self->current + (guint) (MAX (late, 0) / 1000) + GST_CALL_LATENCY_MARGIN_MS;
  wanted = MIN (wanted, latency_cap (self));
  if (wanted <= self->current)
    return 0;
  self->current = wanted;
  self->last_raise = now;
  return wanted;
}

/* What the repairs of the last GST_CALL_LATENCY_REPAIR_HOLD ask for, ms;
 * 0: none. */
static guint
repair_floor (GstCallLatency *self,
              gint64          now)
{
  guint shortest = 0, longest = 0;
  guint halves;

  if (self->repair_since == 0 || now - self->repair_since >= GST_CALL_LATENCY_REPAIR_HOLD)
    return 0;
  /* The previous half is over once the current one is. */
  halves = now - self->repair_since >= GST_CALL_LATENCY_REPAIR_HOLD / 2 ? 1 : 2;
  for (guint i = 0; i < halves; i++) {
    if (self->repair_longest[i] == 0)
      continue;
    shortest = shortest ? MIN (shortest, self->repair_shortest[i]) : self->repair_shortest[i];
    longest = MAX (longest, self->repair_longest[i]);
  }
  if (longest == 0)
    return 0;
  return MIN (MAX (longest, 2 * shortest) + GST_CALL_LATENCY_MARGIN_MS, latency_cap (self));
}

guint
gst_call_latency_on_repaired_packet (GstCallLatency *self,
                                     gint64          repair,
                                     gint64          now)
{
  guint repair_ms;
  guint floor;

  g_return_val_if_fail (self != NULL, 0);

  repair_ms = (guint) (MIN (MAX (repair, 1000), 60 * G_TIME_SPAN_SECOND) / 1000);
  if (self->repair_since == 0 || now - self->repair_since >= GST_CALL_LATENCY_REPAIR_HOLD) {
    forget_repairs (self, now);
  } else if (now - self->repair_since >= GST_CALL_LATENCY_REPAIR_HOLD / 2) {
    self->repair_shortest[1] = self->repair_shortest[0];
    self->repair_longest[1] = self->repair_longest[0];
    self->repair_shortest[0] = self->repair_longest[0] = 0;
    self->repair_since = now;
  }
  self->repair_shortest[0] = self->repair_shortest[0] ? MIN (self->repair_shortest[0], repair_ms)
                                                      : repair_ms;
  self->repair_longest[0] = MAX (self->repair_longest[0], repair_ms);
  floor = repair_floor (self, now);
  if (floor <= self->current)
    return 0;
  self->current = floor;
  self->last_raise = now;
  return self->current;
}

guint
gst_call_latency_set_least (GstCallLatency *self,
                            guint           least)
{
  g_return_val_if_fail (self != NULL, 0);

  self->least = MIN (least, latency_cap (self));
  if (self->current >= self->least)
    return 0;
  self->current = self->least;
  return self->current;
}

guint
gst_call_latency_on_packet (GstCallLatency *self,
                            gint64          now)
{
  guint floor;
  guint step;

  g_return_val_if_fail (self != NULL, 0);

  floor = MAX (MAX (self->base, self->least), repair_floor (self, now));
  if (self->current <= floor ||
      now - self->last_late < GST_CALL_LATENCY_CALM ||
      now - self->last_lower < GST_CALL_LATENCY_LOWER_INTERVAL)
    return 0;
  /* Calm for a while: a fifth of the way back, 10 ms at least, at most
   * every GST_CALL_LATENCY_LOWER_INTERVAL. */
  step = MAX ((self->current - floor) / 5, 10);
  self->current = self->current > floor + step ? self->current - step : floor;
  self->last_lower = now;
  return self->current;
}

/* What watches one jitterbuffer: its packets' arrival times (rtpjitterbuffer
 * 1.22 does not leave them on what it pushes), by sequence number, from
 * its sink pad to its src pad, which two threads run; and the packets it
 * gave up on (a gap in what it pushes), for its latency. */
#define ARRIVALS 1024
#define GIVEN_UP 256
/* A repaired packet's repair time is counted from the first of this many
 * packets after it to arrive (the ones right after it may be lost too). */
#define REPAIR_LOOKAHEAD 16

typedef struct {
  GMutex lock;
  struct {
    GstClockTime time;
    guint16 seqnum;
  } arrivals[ARRIVALS];
  struct {
    gint64 when;           /* monotonic, µs; 0: none */
    guint16 seqnum;
  } given_up[GIVEN_UP];
  gboolean pushed_any;
  guint16 last_pushed;     /* sequence number */
  GstElement *jitterbuffer; /* weak: the probes go with it */
  GstCallLatency latency;
  GstCallPlayout *playout; /* the src pad's thread only */
  gboolean kind_known;     /* the src pad's thread only */
  gint video;              /* atomic: its payload's media is video */
} Watch;

static void
watch_clear (gpointer data)
{
  Watch *watch = data;

  g_mutex_clear (&watch->lock);
  gst_call_playout_free (watch->playout);
}

static void
watch_unref (gpointer data)
{
  g_atomic_rc_box_release_full (data, watch_clear);
}

static gboolean
read_seqnum (GstBuffer *buffer,
             guint16   *seqnum)
{
  GstRTPBuffer rtp = GST_RTP_BUFFER_INIT;

  if (!gst_rtp_buffer_map (buffer, GST_MAP_READ, &rtp))
    return FALSE;
  *seqnum = gst_rtp_buffer_get_seq (&rtp);
  gst_rtp_buffer_unmap (&rtp);
  return TRUE;
}

/* Called with the watch's lock: when the first of the few packets after
 * @seqnum arrived, or GST_CLOCK_TIME_NONE. */
static GstClockTime
first_arrival_behind (Watch   *watch,
                      guint16  seqnum)
{
  GstClockTime first = GST_CLOCK_TIME_NONE;

  for (guint16 i = 1; i <= REPAIR_LOOKAHEAD; i++) {
    guint16 behind = seqnum + i;

    if (watch->arrivals[behind % ARRIVALS].seqnum == behind &&
        GST_CLOCK_TIME_IS_VALID (watch->arrivals[behind % ARRIVALS].time))
      first = MIN (first, watch->arrivals[behind % ARRIVALS].time);
  }
  return first;
}

/* Sets the latency the watch decided on, outside its lock. The
 * jitterbuffer posts a latency message, on which the pipeline's owner
 * recalculates the pipeline's latency. */
static void
set_latency (Watch *watch,
             guint  latency)
{
  GST_INFO_OBJECT (watch->jitterbuffer, "latency %u ms", latency);
  g_object_set (watch->jitterbuffer, "latency", latency, NULL);
}

static gboolean
note_arrival (GstBuffer **buffer,
              guint       index,
              gpointer    user_data)
{
  Watch *watch = user_data;
  GstClockTime arrival = GST_BUFFER_DTS_OR_PTS (*buffer);
  gint64 now = g_get_monotonic_time ();
  guint latency = 0;
  guint16 seqnum;

  if (!read_seqnum (*buffer, &seqnum))
    return TRUE;
  g_mutex_lock (&watch->lock);
  if (GST_CLOCK_TIME_IS_VALID (arrival)) {
    watch->arrivals[seqnum % ARRIVALS].time = arrival;
    watch->arrivals[seqnum % ARRIVALS].seqnum = seqnum;
  }
  /* A repaired packet: the latency must cover its repair (even when it
   * came too late, the first repairs of a call often do). */
  if (GST_BUFFER_FLAG_IS_SET (*buffer, GST_RTP_BUFFER_FLAG_RETRANSMISSION) &&
      GST_CLOCK_TIME_IS_VALID (arrival)) {
    GstClockTime behind = first_arrival_behind (watch, seqnum);

    if (GST_CLOCK_TIME_IS_VALID (behind) && behind < arrival) {
      GST_DEBUG_OBJECT (watch->jitterbuffer, "#%u repaired %" GST_TIME_FORMAT
                        " after the packets behind it", seqnum, GST_TIME_ARGS (arrival - behind));
      latency = gst_call_latency_on_repaired_packet (&watch->latency,
                                                     (gint64) (arrival - behind) / 1000, now);
    }
  }
  /* A packet the jitterbuffer already gave up on: it waits too little. */
  if (watch->given_up[seqnum % GIVEN_UP].when != 0 &&
      watch->given_up[seqnum % GIVEN_UP].seqnum == seqnum) {
    gint64 late = now - watch->given_up[seqnum % GIVEN_UP].when;
    guint raised;

    watch->given_up[seqnum % GIVEN_UP].when = 0;
    raised = gst_call_latency_on_late_packet (&watch->latency, late, now);
    latency = MAX (latency, raised);
  } else if (latency == 0) {
    latency = gst_call_latency_on_packet (&watch->latency, now);
  }
  g_mutex_unlock (&watch->lock);

  if (latency)
    set_latency (watch, latency);
  return TRUE;
}

/* Called with the watch's lock: @seqnum was pushed; the ones skipped
 * since the last were given up. */
static void
note_pushed (Watch   *watch,
             guint16  seqnum)
{
  gint64 now = g_get_monotonic_time ();

  if (watch->pushed_any) {
    gint16 gap = (gint16) (seqnum - watch->last_pushed);

    /* A few at a time: a jump (a new stream, a restart) is not a loss. */
    for (gint16 i = 1; gap > 1 && gap <= 64 && i < gap; i++) {
      guint16 lost = watch->last_pushed + i;

      watch->given_up[lost % GIVEN_UP].when = now;
      watch->given_up[lost % GIVEN_UP].seqnum = lost;
    }
    if (gap <= 0)
      return;
  }
  watch->pushed_any = TRUE;
  watch->last_pushed = seqnum;
}

/* Streaming thread (the one that receives): a packet goes into the
 * jitterbuffer. */
static GstPadProbeReturn
on_packet_arrived (GstPad          *pad,
                   GstPadProbeInfo *info,
                   gpointer         user_data)
{
  if (info->type & GST_PAD_PROBE_TYPE_BUFFER) {
    GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);

    note_arrival (&buffer, 0, user_data);
  } else if (info->type & GST_PAD_PROBE_TYPE_BUFFER_LIST) {
    gst_buffer_list_foreach (GST_PAD_PROBE_INFO_BUFFER_LIST (info), note_arrival, user_data);
  }
  return GST_PAD_PROBE_OK;
}

static GstClockTime
arrival_of (Watch     *watch,
            GstBuffer *buffer)
{
  GstClockTime arrival = GST_CLOCK_TIME_NONE;
  guint16 seqnum;

  if (!read_seqnum (buffer, &seqnum))
    return GST_CLOCK_TIME_NONE;
  g_mutex_lock (&watch->lock);
  if (watch->arrivals[seqnum % ARRIVALS].seqnum == seqnum)
    arrival = watch->arrivals[seqnum % ARRIVALS].time;
  note_pushed (watch, seqnum);
  g_mutex_unlock (&watch->lock);
  return arrival;
}

/* Any thread, for a video stream: the jitterbuffer waits at least
 * GST_CALL_LATENCY_VIDEO_MS. Whether its latency changed. */
static gboolean
wait_longer_for_video (Watch *watch)
{
  guint latency;

  g_mutex_lock (&watch->lock);
  latency = gst_call_latency_set_least (&watch->latency, GST_CALL_LATENCY_VIDEO_MS);
  g_mutex_unlock (&watch->lock);
  if (latency == 0)
    return FALSE;
  set_latency (watch, latency);
  return TRUE;
}

/* Streaming thread (the jitterbuffer's), on its first packet: whether the
 * stream is video. rtpjitterbuffer leaves the media out of its caps and
 * gets the payload's from its bin (rtpbin's request-pt-map, which
 * webrtcbin and GstCallRtpTransport answer); asked the same way, or from
 * the caps when the jitterbuffer is on its own. */
static void
learn_kind (Watch     *watch,
            GstPad    *pad,
            GstBuffer *buffer)
{
  GstRTPBuffer rtp = GST_RTP_BUFFER_INIT;
  g_autoptr (GstCaps) caps = NULL;
  const gchar *media = NULL;
  guint pt;

  if (!gst_rtp_buffer_map (buffer, GST_MAP_READ, &rtp))
    return;
  pt = gst_rtp_buffer_get_payload_type (&rtp);
  gst_rtp_buffer_unmap (&rtp);
  g_signal_emit_by_name (watch->jitterbuffer, "request-pt-map", pt, &caps);
  if (!caps)
    caps = gst_pad_get_current_caps (pad);
  if (caps && gst_caps_get_size (caps) > 0)
    media = gst_structure_get_string (gst_caps_get_structure (caps, 0), "media");
  watch->kind_known = TRUE;
  GST_DEBUG_OBJECT (watch->jitterbuffer, "payload %u: %s", pt, media ? media : "no media");
  if (g_strcmp0 (media, "video") != 0)
    return;
  g_atomic_int_set (&watch->video, TRUE);
  if (!wait_longer_for_video (watch))
    /* Reported from now on (report_base_latency()): the pipeline asks
     * again (a latency set posts a message, too). */
    gst_element_post_message (watch->jitterbuffer,
                              gst_message_new_latency (GST_OBJECT (watch->jitterbuffer)));
}

/* Streaming thread (the jitterbuffer's): for a video stream, the earliest
 * PTS a packet pushed now can have: now less the latency the jitterbuffer
 * reports (report_base_latency()), so that the frame is shown as soon as
 * it is decoded. GST_CLOCK_TIME_NONE for other streams, or without a
 * clock or a segment. */
static GstClockTime
earliest_pts (Watch  *watch,
              GstPad *pad)
{
  g_autoptr (GstEvent) event = NULL;
  const GstSegment *segment = NULL;
  GstClockTime now;
  GstClockTime reported;
  guint64 position;

  if (!g_atomic_int_get (&watch->video))
    return GST_CLOCK_TIME_NONE;

  now = gst_element_get_current_running_time (watch->jitterbuffer);
  event = gst_pad_get_sticky_event (pad, GST_EVENT_SEGMENT, 0);
  if (!GST_CLOCK_TIME_IS_VALID (now) || !event)
    return GST_CLOCK_TIME_NONE;
  gst_event_parse_segment (event, &segment);
  if (segment->format != GST_FORMAT_TIME)
    return GST_CLOCK_TIME_NONE;
  g_mutex_lock (&watch->lock);
  reported = watch->latency.base * GST_MSECOND;
  g_mutex_unlock (&watch->lock);
  if (now <= reported)
    return GST_CLOCK_TIME_NONE;
  if (gst_segment_position_from_running_time_full (segment, GST_FORMAT_TIME, now - reported,
                                                   &position) != 1)
    return GST_CLOCK_TIME_NONE;
  return position;
}

static void
correct_buffer (Watch        *watch,
                GstBuffer   **buffer,
                GstClockTime  earliest)
{
  GstClockTime arrival = arrival_of (watch, *buffer);
  GstClockTime pts = gst_call_playout_correct (watch->playout, GST_BUFFER_PTS (*buffer),
                                               arrival);

  if (GST_CLOCK_TIME_IS_VALID (pts) && GST_CLOCK_TIME_IS_VALID (earliest) && pts < earliest) {
    GST_LOG ("pts %" GST_TIME_FORMAT ": pushed %" GST_TIME_FORMAT " after its time, shown now",
             GST_TIME_ARGS (pts), GST_TIME_ARGS (earliest - pts));
    pts = earliest;
  }
  if (pts == GST_BUFFER_PTS (*buffer))
    return;
  GST_LOG ("pts %" GST_TIME_FORMAT ", arrived %" GST_TIME_FORMAT ": now %" GST_TIME_FORMAT,
           GST_TIME_ARGS (GST_BUFFER_PTS (*buffer)), GST_TIME_ARGS (arrival),
           GST_TIME_ARGS (pts));
  *buffer = gst_buffer_make_writable (*buffer);
  GST_BUFFER_PTS (*buffer) = pts;
}

typedef struct {
  Watch *watch;
  GstClockTime earliest;
} Correction;

static gboolean
correct_list_item (GstBuffer **buffer,
                   guint       index,
                   gpointer    user_data)
{
  Correction *correction = user_data;

  correct_buffer (correction->watch, buffer, correction->earliest);
  return TRUE;
}

/* Streaming thread (the jitterbuffer's): packets on their way out. */
static GstPadProbeReturn
keep_up_with_link (GstPad          *pad,
                   GstPadProbeInfo *info,
                   gpointer         user_data)
{
  Watch *watch = user_data;
  GstClockTime earliest;

  if (!watch->kind_known) {
    GstBuffer *first = (info->type & GST_PAD_PROBE_TYPE_BUFFER)
      ? GST_PAD_PROBE_INFO_BUFFER (info)
      : gst_buffer_list_get (GST_PAD_PROBE_INFO_BUFFER_LIST (info), 0);

    if (first)
      learn_kind (watch, pad, first);
  }
  earliest = earliest_pts (watch, pad);
  if (info->type & GST_PAD_PROBE_TYPE_BUFFER) {
    GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);

    correct_buffer (watch, &buffer, earliest);
    GST_PAD_PROBE_INFO_DATA (info) = buffer;
  } else if (info->type & GST_PAD_PROBE_TYPE_BUFFER_LIST) {
    GstBufferList *list = gst_buffer_list_make_writable (GST_PAD_PROBE_INFO_BUFFER_LIST (info));
    Correction correction = { watch, earliest };

    gst_buffer_list_foreach (list, correct_list_item, &correction);
    GST_PAD_PROBE_INFO_DATA (info) = list;
  }
  return GST_PAD_PROBE_OK;
}

/* Any thread, once the jitterbuffer answered a latency query: a video
 * jitterbuffer reports the latency it was configured with (the base),
 * not the longer one it waits for late and repaired packets. The sinks
 * then play every frame that came in order that early, and a frame that
 * waited (keep_up_with_link() times it for now) late, as a browser does;
 * the pipeline's latency stays where it was. */
static GstPadProbeReturn
report_base_latency (GstPad          *pad,
                     GstPadProbeInfo *info,
                     gpointer         user_data)
{
  Watch *watch = user_data;
  GstQuery *query = GST_PAD_PROBE_INFO_QUERY (info);
  GstClockTime min, max, extra;
  gboolean live;
  guint waits = 0;
  guint base;

  if (!(info->type & GST_PAD_PROBE_TYPE_PULL) || GST_QUERY_TYPE (query) != GST_QUERY_LATENCY ||
      !g_atomic_int_get (&watch->video))
    return GST_PAD_PROBE_OK;
  g_object_get (watch->jitterbuffer, "latency", &waits, NULL);
  g_mutex_lock (&watch->lock);
  base = watch->latency.base;
  g_mutex_unlock (&watch->lock);
  if (waits <= base)
    return GST_PAD_PROBE_OK;
  extra = (GstClockTime) (waits - base) * GST_MSECOND;
  gst_query_parse_latency (query, &live, &min, &max);
  min = min > extra ? min - extra : 0;
  if (GST_CLOCK_TIME_IS_VALID (max))
    max = max > extra ? max - extra : 0;
  GST_DEBUG_OBJECT (watch->jitterbuffer, "waits %u ms, reports %u", waits, base);
  gst_query_set_latency (query, live, min, max);
  return GST_PAD_PROBE_OK;
}

/* Any thread: the jitterbuffer's latency was set. A value other than the
 * watch's own is the application's (rtpbin passes its latency on to every
 * jitterbuffer): the latency grows from it and comes back to it. */
static void
on_latency_set (GObject    *jitterbuffer,
                GParamSpec *pspec,
                gpointer    user_data)
{
  Watch *watch = user_data;
  guint latency = 0;
  gboolean changed = FALSE;

  g_object_get (jitterbuffer, "latency", &latency, NULL);
  g_mutex_lock (&watch->lock);
  if (latency != watch->latency.current) {
    GST_INFO_OBJECT (jitterbuffer, "latency set to %u ms, from %u", latency,
                     watch->latency.current);
    gst_call_latency_init (&watch->latency, latency, g_get_monotonic_time ());
    changed = TRUE;
  }
  g_mutex_unlock (&watch->lock);
  if (changed && g_atomic_int_get (&watch->video))
    wait_longer_for_video (watch);
}

static void
watch_closure_unref (gpointer  data,
                     GClosure *closure)
{
  watch_unref (data);
}

void
gst_call_playout_watch_jitterbuffer (GstElement *jitterbuffer)
{
  g_autoptr (GstPad) sink = NULL;
  g_autoptr (GstPad) src = NULL;
  guint latency = 0;
  Watch *watch;

  g_return_if_fail (GST_IS_ELEMENT (jitterbuffer));

  sink = gst_element_get_static_pad (jitterbuffer, "sink");
  src = gst_element_get_static_pad (jitterbuffer, "src");
  if (!sink || !src) {
    GST_WARNING_OBJECT (jitterbuffer, "no sink or src pad: its packets keep their timing");
    return;
  }
  watch = g_atomic_rc_box_new0 (Watch);
  g_mutex_init (&watch->lock);
  watch->playout = gst_call_playout_new ();
  watch->jitterbuffer = jitterbuffer;
  for (guint i = 0; i < ARRIVALS; i++)
    watch->arrivals[i].time = GST_CLOCK_TIME_NONE;
  g_object_get (jitterbuffer, "latency", &latency, NULL);
  gst_call_latency_init (&watch->latency, latency, g_get_monotonic_time ());
  /* Each probe holds the watch: the pads go when the element does. */
  gst_pad_add_probe (sink, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST,
                     on_packet_arrived, g_atomic_rc_box_acquire (watch), watch_unref);
  g_signal_connect_data (jitterbuffer, "notify::latency", G_CALLBACK (on_latency_set),
                         g_atomic_rc_box_acquire (watch), watch_closure_unref, 0);
  gst_pad_add_probe (src, GST_PAD_PROBE_TYPE_QUERY_UPSTREAM, report_base_latency,
                     g_atomic_rc_box_acquire (watch), watch_unref);
  gst_pad_add_probe (src, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST,
                     keep_up_with_link, watch, watch_unref);
}

void
gst_call_playout_setup_jitterbuffer (GstElement *jitterbuffer,
                                     gboolean    retransmission)
{
  g_return_if_fail (GST_IS_ELEMENT (jitterbuffer));

  /* Not for the next packet before it was sent: an encoder that skips
   * frames (its rate control after a keyframe, say) would have it asked
   * for, given up on, and its late arrival dropped as a loss, each
   * costing a keyframe, which made the encoder skip more. And without
   * rtpjitterbuffer's automatic delay (half a frame interval, since a
   * frame's packets share a timestamp): every request waited about 17 ms
   * at 30 fps, which the latency had to cover twice (see GstCallLatency). */
  g_object_set (jitterbuffer, "do-retransmission", retransmission, "rtx-next-seqnum", FALSE,
                "rtx-delay", GST_CALL_RTX_DELAY_MS, NULL);
  gst_call_playout_watch_jitterbuffer (jitterbuffer);
}
