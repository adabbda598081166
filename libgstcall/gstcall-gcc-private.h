/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The sender-side congestion controller: Google Congestion Control as
 * described in draft-ietf-rmcat-gcc-02 and as libwebrtc's GoogCC
 * implements it. Pure logic, no pipeline: it is fed transport-wide
 * feedback (per packet: send time, arrival time or lost, size) and RTCP
 * receiver report figures (fraction lost, round-trip time), and gives the
 * bitrate the sender should aim at.
 *
 * All times are microseconds. Send times and @now are on the sender's
 * monotonic clock; arrival times are on the receiver's clock, whatever
 * its origin (only differences between arrival times are used).
 *
 * A controller is not thread-safe: its owner serialises the calls.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _GstCallGcc GstCallGcc;

/* The bounds a call's congestion control has by default, bit/s: a start
 * at libwebrtc's (300 kbit/s: the fast start finds a faster link within
 * about 2 s, and a slow one is not flooded at once), a ceiling at
 * libwebrtc's for a camera stream (2.5 Mbit/s), so a call on a fast link
 * does not spend a LAN's capacity and the encoders' CPU on a 640x480
 * picture. */
#define GST_CALL_GCC_DEFAULT_MIN_BITRATE 30000
#define GST_CALL_GCC_DEFAULT_START_BITRATE 300000
#define GST_CALL_GCC_DEFAULT_MAX_BITRATE 2500000

/* What the delay-based detector concludes from the one-way delay trend. */
typedef enum {
  GST_CALL_GCC_USAGE_NORMAL,
  GST_CALL_GCC_USAGE_UNDERUSING,
  GST_CALL_GCC_USAGE_OVERUSING,
} GstCallGccUsage;

/* One media packet in a transport-wide feedback report. */
typedef struct {
  gint64 send_time;    /* when it was sent, sender's clock */
  gint64 arrival_time; /* when it arrived, receiver's clock; unused if lost */
  guint size;          /* bytes it took on the wire */
  gboolean lost;       /* reported as not received */
} GstCallGccPacket;

/* Bitrates are bits per second. @min_bitrate <= @start_bitrate <=
 * @max_bitrate. */
GstCallGcc     *gst_call_gcc_new                  (guint min_bitrate,
                                                   guint start_bitrate,
                                                   guint max_bitrate);
void            gst_call_gcc_free                 (GstCallGcc *self);
/* New bounds for a running controller (@min_bitrate <= @max_bitrate): its
 * estimates are clamped into them at once. */
void            gst_call_gcc_set_bounds           (GstCallGcc *self,
                                                   guint       min_bitrate,
                                                   guint       max_bitrate);

/* One transport-wide feedback report (RTCP transport-cc) arrived at @now:
 * its packets in the order they were sent (transport sequence number). */
void            gst_call_gcc_on_transport_feedback (GstCallGcc             *self,
                                                    const GstCallGccPacket *packets,
                                                    guint                   n_packets,
                                                    gint64                  now);

/* An RTCP receiver report block arrived at @now: @fraction_lost in [0, 1],
 * @round_trip_time in microseconds or -1 when unknown. Its loss figure is
 * used only while no transport-wide feedback has come (that feedback
 * counts the same losses per packet). */
void            gst_call_gcc_on_receiver_report   (GstCallGcc *self,
                                                   double      fraction_lost,
                                                   gint64      round_trip_time,
                                                   gint64      now);

/* What the sender should send, in bits per second: the lower of the
 * delay-based and the loss-based estimates, within min and max; for about
 * a second after an overuse found a standing queue of more than 100 ms,
 * lower still, so the queue drains. */
guint           gst_call_gcc_get_target_bitrate   (GstCallGcc *self);
guint           gst_call_gcc_get_delay_based_bitrate (GstCallGcc *self);
/* The acknowledged throughput (what arrived), 0 before it is known. */
guint           gst_call_gcc_get_acknowledged_bitrate (GstCallGcc *self);
GstCallGccUsage gst_call_gcc_get_usage            (GstCallGcc *self);
/* TRUE while the start-up ramp runs (before the first sign of congestion)
 * or a ramp after the link is seen to have grown. */
gboolean        gst_call_gcc_is_ramping           (GstCallGcc *self);

G_END_DECLS
