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

/* Streaming thread: times the packets leaving @jitterbuffer (an
 * rtpjitterbuffer, from rtpbin's new-jitterbuffer) with a GstCallPlayout
 * of its own, for as long as the element lives. */
void            gst_call_playout_watch_jitterbuffer (GstElement *jitterbuffer);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GstCallPlayout, gst_call_playout_free)

G_END_DECLS
