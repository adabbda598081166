/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "gstcall-rtcp-feedback-private.h"

/* RTCP sender reports go out every 100 ms to a few seconds: the last 16
 * cover any report block that comes back in time to mean something. */
#define SENT_REPORTS 16

/* REMB's FCI: "REMB", the number of SSRCs (8 bits), the exponent (6 bits)
 * and the mantissa (18 bits) of the bitrate, then the SSRCs. */
#define REMB_HEADER_SIZE 8

gboolean
gst_call_rtcp_packet_get_remb (GstRTCPPacket *packet,
                               guint64       *bitrate)
{
  const guint8 *fci;
  guint size, n_ssrcs, exponent;
  guint64 mantissa;

  g_return_val_if_fail (packet != NULL, FALSE);
  g_return_val_if_fail (bitrate != NULL, FALSE);

  if (gst_rtcp_packet_get_type (packet) != GST_RTCP_TYPE_PSFB ||
      gst_rtcp_packet_fb_get_type (packet) != GST_RTCP_PSFB_TYPE_AFB)
    return FALSE;
  fci = gst_rtcp_packet_fb_get_fci (packet);
  size = gst_rtcp_packet_fb_get_fci_length (packet) * 4;
  if (!fci || size < REMB_HEADER_SIZE || memcmp (fci, "REMB", 4) != 0)
    return FALSE;
  n_ssrcs = fci[4];
  if (size < REMB_HEADER_SIZE + 4 * n_ssrcs)
    return FALSE;
  exponent = fci[5] >> 2;
  mantissa = ((guint64) (fci[5] & 0x03) << 16) | ((guint64) fci[6] << 8) | fci[7];
  /* 18 bits shifted by up to 63: past 46 it may not fit. */
  if (mantissa != 0 && exponent > 46 && (mantissa >> (64 - exponent)) != 0)
    *bitrate = G_MAXUINT64;
  else
    *bitrate = mantissa << exponent;
  return TRUE;
}

static void
add_report_blocks (GstRTCPPacket       *packet,
                   GstCallRtcpFeedback *feedback)
{
  guint count = gst_rtcp_packet_get_rb_count (packet);

  for (guint i = 0; i < count && feedback->n_blocks < GST_CALL_RTCP_FEEDBACK_MAX_BLOCKS; i++) {
    GstCallRtcpReportBlock *block = &feedback->blocks[feedback->n_blocks];
    guint8 fraction_lost = 0;
    gint32 packets_lost = 0;
    guint32 highest = 0, jitter = 0;

    gst_rtcp_packet_get_rb (packet, i, &block->ssrc, &fraction_lost, &packets_lost, &highest,
                            &jitter, &block->last_sr, &block->delay_since_last_sr);
    /* An 8-bit fixed point fraction (RFC 3550 section 6.4.1). */
    block->fraction_lost = fraction_lost / 256.0;
    feedback->n_blocks++;
  }
}

gboolean
gst_call_rtcp_feedback_parse (GstBuffer           *buffer,
                              GstCallRtcpFeedback *feedback)
{
  GstRTCPBuffer rtcp = GST_RTCP_BUFFER_INIT;
  GstRTCPPacket packet;
  gboolean more;

  g_return_val_if_fail (GST_IS_BUFFER (buffer), FALSE);
  g_return_val_if_fail (feedback != NULL, FALSE);

  memset (feedback, 0, sizeof (*feedback));
  if (!gst_rtcp_buffer_validate_reduced (buffer) ||
      !gst_rtcp_buffer_map (buffer, GST_MAP_READ, &rtcp))
    return FALSE;
  for (more = gst_rtcp_buffer_get_first_packet (&rtcp, &packet); more;
       more = gst_rtcp_packet_move_to_next (&packet)) {
    guint64 bitrate;

    switch (gst_rtcp_packet_get_type (&packet)) {
    case GST_RTCP_TYPE_SR:
    case GST_RTCP_TYPE_RR:
      add_report_blocks (&packet, feedback);
      break;
    case GST_RTCP_TYPE_PSFB:
      if (gst_call_rtcp_packet_get_remb (&packet, &bitrate)) {
        feedback->have_remb = TRUE;
        feedback->remb_bitrate = bitrate;
      }
      break;
    default:
      break;
    }
  }
  gst_rtcp_buffer_unmap (&rtcp);
  return TRUE;
}

typedef struct {
  guint32 ntp_middle;
  gint64 time;
} SentReport;

struct _GstCallRtcpSentReports {
  SentReport reports[SENT_REPORTS];
  guint next;     /* where the next one goes */
  guint length;
};

GstCallRtcpSentReports *
gst_call_rtcp_sent_reports_new (void)
{
  return g_new0 (GstCallRtcpSentReports, 1);
}

void
gst_call_rtcp_sent_reports_free (GstCallRtcpSentReports *self)
{
  g_free (self);
}

void
gst_call_rtcp_sent_reports_add (GstCallRtcpSentReports *self,
                                guint32                 ntp_middle,
                                gint64                  now)
{
  g_return_if_fail (self != NULL);

  self->reports[self->next].ntp_middle = ntp_middle;
  self->reports[self->next].time = now;
  self->next = (self->next + 1) % SENT_REPORTS;
  self->length = MIN (self->length + 1, SENT_REPORTS);
}

void
gst_call_rtcp_sent_reports_add_packet (GstCallRtcpSentReports *self,
                                       GstBuffer              *buffer,
                                       gint64                  now)
{
  GstRTCPBuffer rtcp = GST_RTCP_BUFFER_INIT;
  GstRTCPPacket packet;
  gboolean more;

  g_return_if_fail (self != NULL);
  g_return_if_fail (GST_IS_BUFFER (buffer));

  if (!gst_rtcp_buffer_map (buffer, GST_MAP_READ, &rtcp))
    return;
  for (more = gst_rtcp_buffer_get_first_packet (&rtcp, &packet); more;
       more = gst_rtcp_packet_move_to_next (&packet)) {
    guint32 ssrc, rtp_time, packets, octets;
    guint64 ntp_time;

    if (gst_rtcp_packet_get_type (&packet) != GST_RTCP_TYPE_SR)
      continue;
    gst_rtcp_packet_sr_get_sender_info (&packet, &ssrc, &ntp_time, &rtp_time, &packets,
                                        &octets);
    gst_call_rtcp_sent_reports_add (self, (guint32) (ntp_time >> 16), now);
  }
  gst_rtcp_buffer_unmap (&rtcp);
}

gint64
gst_call_rtcp_sent_reports_round_trip (GstCallRtcpSentReports *self,
                                       guint32                 last_sr,
                                       guint32                 delay_since_last_sr,
                                       gint64                  now)
{
  g_return_val_if_fail (self != NULL, -1);

  /* 0: the peer has no SR of ours yet (RFC 3550). */
  if (last_sr == 0)
    return -1;
  for (guint i = 0; i < self->length; i++) {
    const SentReport *report = &self->reports[i];
    gint64 held, round_trip;

    if (report->ntp_middle != last_sr)
      continue;
    held = (gint64) (((guint64) delay_since_last_sr * G_USEC_PER_SEC) >> 16);
    round_trip = now - report->time - held;
    /* The peer's DLSR is rounded to 1/65536 s: a loopback round trip may
     * come out a little below nothing. */
    return MAX (round_trip, 0);
  }
  return -1;
}
