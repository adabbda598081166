/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>

G_BEGIN_DECLS

/* Watches that a connected peer is still there: counts every packet that
 * reaches the ICE transports of a webrtcbin @bin (RTP, RTCP, DTLS, data
 * channel; libnice keeps STUN to itself), or the UDP sources of a plain RTP
 * pipeline @bin (RTP and RTCP), and calls @silent on the thread-default
 * main context once none arrived for @timeout_seconds. webrtcbin 1.22 does
 * not enable libnice's ICE consent freshness (RFC 7675) and libnice's own
 * keepalives take 25 s and more to give up: without this a vanished peer
 * would keep a call "connected" for ever.
 *
 * The peer's RTCP alone arrives at least every 5 s * 1.5 / 1.22 = 6.2 s
 * (RFC 3550 randomised interval, rtpsession's 5 s minimum), so a timeout
 * above that does not end calls whose media is muted both ways. */
typedef struct _GstCallLiveness GstCallLiveness;

GstCallLiveness *gst_call_liveness_new  (GstElement  *bin,
                                         guint        timeout_seconds,
                                         GSourceFunc  silent,
                                         gpointer     user_data);
/* Seconds since the last packet from the peer. */
double           gst_call_liveness_get_silence (GstCallLiveness *liveness);
/* Stops watching; @silent is not called afterwards. */
void             gst_call_liveness_free (GstCallLiveness *liveness);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GstCallLiveness, gst_call_liveness_free)

G_END_DECLS
