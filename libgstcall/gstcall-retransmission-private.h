/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>

G_BEGIN_DECLS

/* The retransmission policy of GstCallRtpTransport's rtpbin sessions.
 * (webrtcbin's bundled session in GstPeerConnection gets an RTCP bandwidth
 * of 100000 for transport-wide feedback, see gstpeerconnection.c, which
 * serves its NACKs as this one does.)
 *
 * A receiver asks for a lost packet with an RTCP NACK (RFC 4585). rtpbin's
 * jitterbuffer asks in time and asks again while the packet can still
 * arrive within the latency, but rtpsession sends the NACK under RFC
 * 4585's rules: an early RTCP packet only once per regular interval, which
 * RFC 3550 derives from the RTCP bandwidth, 5% of the session bandwidth.
 * rtpsession's estimate of that bandwidth is the received bitrate, at
 * least 64 kbit/s: a video stream of 100 kbit/s gets 5 kbit/s of RTCP, a
 * regular interval near half a second, and a NACK that follows another
 * within that interval waits for the next regular packet, past the
 * latency, so rtpsession drops it. (rtcp-min-interval does not help:
 * under AVPF it is RFC 4585's T_rr_interval, which spaces regular reports
 * further apart but leaves the interval that paces early ones as it is.)
 *
 * A session that sends NACKs therefore gets a fixed RTCP bandwidth of
 * GST_CALL_FEEDBACK_RTCP_BANDWIDTH bits per second (what an RFC 3556
 * `b=RR`/`b=RS` would set): about 100 bytes per RTCP packet and three or
 * four members give an interval of 40 to 100 ms at any media bitrate, so every NACK, and every repeated one, leaves within the 200 ms
 * of GstCallRtpTransport's default latency. The bandwidth is a ceiling:
 * with regular reports at most every 100 ms (T_rr_interval) and the NACKs,
 * a receiver of audio and video sent 14 RTCP packets a second in all at
 * 5% loss, about 10 kbit/s.
 * rtpsession's property says bytes, its arithmetic uses bits. */
#define GST_CALL_FEEDBACK_RTCP_BANDWIDTH 50000.0

/* Gives @rtp_session (an rtpbin session, the `rtpsession` element) the
 * RTCP bandwidth for timely NACKs. Any thread. */
void gst_call_retransmission_configure_session (GstElement *rtp_session);

G_END_DECLS
