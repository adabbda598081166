/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Playout that keeps up with the link. rtpjitterbuffer (in rtpbin, in
 * webrtcbin) times each received packet on its estimate of the link's
 * smallest delay, and that estimate comes down slowly: after a congested
 * moment (a queue on the path that filled, then drained) it stays
 * seconds too late, so the sinks hold every frame that long although the
 * packets arrived long before. A browser shows a frame as soon as it can
 * after it arrived.
 *
 * A GstCallPlayout watches, for one received stream, how far ahead of its
 * arrival the jitterbuffer timed each packet (its PTS against its DTS, the
 * arrival running time rtpjitterbuffer leaves on it). When every packet of
 * the last second was timed ahead of its arrival, the stream is delayed
 * for nothing by at least that much, and the timestamps are brought
 * forward by it. Once the jitterbuffer's own estimate catches up (or the
 * link gets slower and packets arrive late), the correction shrinks again.
 * Pure logic: the receive branch feeds it the timestamps of each buffer.
 *
 * All times are GstClockTime nanoseconds. Not thread-safe: one streaming
 * thread uses it.
 */

#pragma once

#include <gst/gst.h>

G_BEGIN_DECLS

typedef struct _GstCallPlayout GstCallPlayout;

/* How long packets must all have been timed ahead before their timestamps
 * are brought forward; and the least lead corrected (less is jitter
 * the jitterbuffer is meant to absorb). */
#define GST_CALL_PLAYOUT_WINDOW (GST_SECOND)
#define GST_CALL_PLAYOUT_MIN_CORRECTION (20 * GST_MSECOND)
/* While catching up, frames play this many times faster. */
#define GST_CALL_PLAYOUT_CATCH_UP 4

GstCallPlayout *gst_call_playout_new        (void);
void            gst_call_playout_free       (GstCallPlayout *self);

/* One received buffer: @pts as the jitterbuffer timed it, @dts when it
 * arrived (running time). Returns the PTS it should have: @pts, or
 * earlier by the current correction. Packets of one frame (the same @pts)
 * get the same correction. The result never goes back while @pts goes
 * forward: a correction that grows is reached step by step, the frames
 * playing GST_CALL_PLAYOUT_CATCH_UP times faster meanwhile. Buffers
 * without an arrival time get the current correction. */
GstClockTime    gst_call_playout_correct    (GstCallPlayout *self,
                                             GstClockTime    pts,
                                             GstClockTime    dts);

/* The current correction: how much earlier timestamps are made. */
GstClockTime    gst_call_playout_get_correction (GstCallPlayout *self);

/* Jitterbuffer latency that follows the link. A jitterbuffer gives up on
 * a packet that has not come by its time plus the latency; on a slow link
 * a frame's packets come one after another over tens of milliseconds (a
 * keyframe at 500 kbit/s: a quarter of a second), and a queue growing on
 * the path makes them later still, so a short latency loses packets that
 * do arrive, and every loss costs a keyframe. When a packet arrives after
 * its jitterbuffer gave up on it, the latency grows by how late it was
 * (plus a margin, up to GST_CALL_LATENCY_MAX_MS); after
 * GST_CALL_LATENCY_CALM without such a packet it goes back a fifth of the
 * way to the one configured every GST_CALL_LATENCY_LOWER_INTERVAL, as a
 * browser's jitter buffer shrinks its delay again: from the cap to 50 ms
 * in about ten seconds (a queue that grew when the link got slower and
 * then drained no longer shows in every frame's delay for a minute).
 * A lost packet the sender sent again (RTX) must come in time too, and
 * when the request or the retransmission is lost as well, a second
 * request's: a repaired packet arriving some time after the packets
 * behind it (the request's delay and a round trip, or two for a second
 * request) means the latency must cover the longest repair and twice the
 * shortest (room for a second request), plus the margin. It rises to that
 * at once, and does not come back below what the repairs of the last
 * GST_CALL_LATENCY_REPAIR_HOLD ask for, as a browser's jitter buffer
 * waits for retransmissions while it sees them.
 * Times are monotonic microseconds, latencies milliseconds. */
#define GST_CALL_LATENCY_MAX_MS 400
#define GST_CALL_LATENCY_MARGIN_MS 20
#define GST_CALL_LATENCY_RAISE_INTERVAL (500 * G_TIME_SPAN_MILLISECOND)
#define GST_CALL_LATENCY_CALM (3 * G_TIME_SPAN_SECOND)
#define GST_CALL_LATENCY_LOWER_INTERVAL (500 * G_TIME_SPAN_MILLISECOND)
#define GST_CALL_LATENCY_REPAIR_HOLD (10 * G_TIME_SPAN_SECOND)

/* A video jitterbuffer waits at least this long (ms) for a late or a
 * repaired packet: it reports its base latency to the pipeline, so the
 * wait costs the frames that came in order nothing. */
#define GST_CALL_LATENCY_VIDEO_MS 300

typedef struct {
  guint base;          /* configured, ms */
  guint least;         /* ms: waits at least this long (0: the base) */
  guint current;       /* ms */
  gint64 last_raise;   /* 0: never */
  gint64 last_late;
  gint64 last_lower;
  /* The shortest and the longest repair of the current and of the
   * previous half of GST_CALL_LATENCY_REPAIR_HOLD, in ms (0: none): a
   * long one is forgotten within the hold even while repairs go on. */
  guint repair_shortest[2];
  guint repair_longest[2];
  gint64 repair_since; /* start of the current half; 0: no repair yet */
} GstCallLatency;

void  gst_call_latency_init           (GstCallLatency *self,
                                       guint           base,
                                       gint64          now);
/* A packet arrived @late after its jitterbuffer gave up on it. Returns
 * the new latency, or 0 to keep the current one. */
guint gst_call_latency_on_late_packet (GstCallLatency *self,
                                       gint64          late,
                                       gint64          now);
/* A retransmitted packet arrived @repair after the first packet behind
 * it (before its jitterbuffer gave up on it or after). Returns the new
 * latency, or 0 to keep the current one. */
guint gst_call_latency_on_repaired_packet (GstCallLatency *self,
                                           gint64          repair,
                                           gint64          now);
/* Waits at least @least ms from now on (0: the base), until the next
 * gst_call_latency_init(). Returns the new latency, or 0 to keep the
 * current one. */
guint gst_call_latency_set_least     (GstCallLatency *self,
                                       guint           least);
/* Any other packet arrived. Returns the new latency, or 0 to keep the
 * current one. */
guint gst_call_latency_on_packet      (GstCallLatency *self,
                                       gint64          now);

/* Streaming thread, from rtpbin's new-jitterbuffer: sets up
 * @jitterbuffer (an rtpjitterbuffer) for a call, with retransmission
 * requests or not (@retransmission), and watches it
 * (gst_call_playout_watch_jitterbuffer()). Retransmissions are asked for
 * packets missing between two that came, as soon as the gap shows
 * (GST_CALL_RTX_DELAY_MS, as browsers send NACKs), not for the next one
 * before it was sent. */
#define GST_CALL_RTX_DELAY_MS 5
void            gst_call_playout_setup_jitterbuffer (GstElement *jitterbuffer,
                                                     gboolean    retransmission);

/* Streaming thread: times the packets leaving @jitterbuffer (an
 * rtpjitterbuffer, from rtpbin's new-jitterbuffer) with a GstCallPlayout
 * of its own, and makes its latency follow the link (GstCallLatency), for
 * as long as the element lives; a latency the application sets on it
 * later (through rtpbin's) becomes the one it follows the link from. The
 * pipeline's owner recalculates the pipeline's latency on the
 * jitterbuffer's latency messages. A video jitterbuffer (the media of its
 * payload type) waits at least GST_CALL_LATENCY_VIDEO_MS but reports its
 * base latency in latency queries; the packets it pushes after their time
 * plus that base (they waited for a late or a repaired packet) are timed
 * for now less the base, so the sinks show them at once. */
void            gst_call_playout_watch_jitterbuffer (GstElement *jitterbuffer);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GstCallPlayout, gst_call_playout_free)

G_END_DECLS
