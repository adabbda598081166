/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What a sender learns of the path from the peer's RTCP, without
 * transport-wide feedback: the receiver report blocks about its streams
 * (fraction lost, and the round trip from LSR and DLSR, RFC 3550 section
 * 6.4.1) and REMB, the receiver's own estimate of what it can take
 * (draft-alvestrand-rmcat-remb-03: RTCP PSFB, FMT 15, "REMB"). Pure
 * parsing and bookkeeping, no pipeline.
 */

#pragma once

#include <gst/gst.h>
#include <gst/rtp/rtp.h>

G_BEGIN_DECLS

/* The most report blocks one compound packet gives; more are ignored. */
#define GST_CALL_RTCP_FEEDBACK_MAX_BLOCKS 32

typedef struct {
  guint32 ssrc;          /* the stream it is about */
  double fraction_lost;  /* since the previous report, in [0, 1] */
  guint32 last_sr;       /* LSR: middle 32 bits of that stream's last SR's NTP time, 0: none */
  guint32 delay_since_last_sr; /* DLSR, 1/65536 s */
} GstCallRtcpReportBlock;

typedef struct {
  GstCallRtcpReportBlock blocks[GST_CALL_RTCP_FEEDBACK_MAX_BLOCKS];
  guint n_blocks;
  gboolean have_remb;
  guint64 remb_bitrate;  /* bit/s, G_MAXUINT64 when it does not fit */
} GstCallRtcpFeedback;

/* Reads the report blocks (of SRs and RRs) and the last REMB of a compound
 * (or reduced-size) RTCP packet into @feedback; FALSE when @buffer is no
 * valid RTCP. */
gboolean gst_call_rtcp_feedback_parse       (GstBuffer           *buffer,
                                             GstCallRtcpFeedback *feedback);

/* Whether @packet is a REMB; its bitrate in *@bitrate (bit/s, G_MAXUINT64
 * when the exponent puts it past 64 bits). */
gboolean gst_call_rtcp_packet_get_remb      (GstRTCPPacket       *packet,
                                             guint64             *bitrate);

/* The sender reports a stream sent, to find the one a report block's LSR
 * names and so the round trip. */
typedef struct _GstCallRtcpSentReports GstCallRtcpSentReports;

GstCallRtcpSentReports *gst_call_rtcp_sent_reports_new  (void);
void                    gst_call_rtcp_sent_reports_free (GstCallRtcpSentReports *self);
/* Notes the SRs of @buffer (an RTCP packet about to be sent) at @now,
 * microseconds of a monotonic clock. */
void                    gst_call_rtcp_sent_reports_add_packet (GstCallRtcpSentReports *self,
                                                               GstBuffer              *buffer,
                                                               gint64                  now);
/* Notes one SR whose NTP time had @ntp_middle as its middle 32 bits. */
void                    gst_call_rtcp_sent_reports_add  (GstCallRtcpSentReports *self,
                                                         guint32                 ntp_middle,
                                                         gint64                  now);
/* The round trip a report block arriving at @now gives, microseconds:
 * @now less when the SR it names (@last_sr) was sent, less the time the
 * peer held it (@delay_since_last_sr, 1/65536 s); -1 when it names none
 * that is remembered. */
gint64                  gst_call_rtcp_sent_reports_round_trip (GstCallRtcpSentReports *self,
                                                               guint32                 last_sr,
                                                               guint32                 delay_since_last_sr,
                                                               gint64                  now);

G_END_DECLS
