/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What plain RTP congestion control reads of the peer's RTCP: report
 * blocks, REMB, and the round trip from the SRs sent. RTCP packets are
 * built here with GstRTCPBuffer, no pipeline.
 */

#include <locale.h>
#include <string.h>

#include <gst/gst.h>
#include <gst/rtp/rtp.h>

#include "gstcall-rtcp-feedback-private.h"

#define PEER_SSRC 0x11111111u
#define VIDEO_SSRC 0x22222222u
#define RTX_SSRC 0x33333333u

/* A REMB of @exponent and @mantissa (18 bits) naming @n_ssrcs SSRCs, in an
 * FCI of @fci_words 32-bit words (2 + @n_ssrcs when it is right). */
static void
add_remb (GstRTCPBuffer *rtcp,
          const char    *identifier,
          guint          exponent,
          guint32        mantissa,
          guint          n_ssrcs,
          guint          fci_words)
{
  GstRTCPPacket packet;
  guint8 *fci;

  g_assert_true (gst_rtcp_buffer_add_packet (rtcp, GST_RTCP_TYPE_PSFB, &packet));
  gst_rtcp_packet_fb_set_type (&packet, GST_RTCP_PSFB_TYPE_AFB);
  gst_rtcp_packet_fb_set_sender_ssrc (&packet, PEER_SSRC);
  gst_rtcp_packet_fb_set_media_ssrc (&packet, 0);
  g_assert_true (gst_rtcp_packet_fb_set_fci_length (&packet, fci_words));
  fci = gst_rtcp_packet_fb_get_fci (&packet);
  memset (fci, 0, fci_words * 4);
  memcpy (fci, identifier, 4);
  fci[4] = n_ssrcs;
  fci[5] = (guint8) ((exponent << 2) | ((mantissa >> 16) & 0x03));
  fci[6] = (guint8) (mantissa >> 8);
  fci[7] = (guint8) mantissa;
  for (guint i = 0; i < n_ssrcs && 8 + 4 * i + 4 <= fci_words * 4; i++)
    GST_WRITE_UINT32_BE (fci + 8 + 4 * i, VIDEO_SSRC);
}

/* An RR about the video and its RTX stream, then what @add_more adds. */
static GstBuffer *
make_receiver_report (void (*add_more) (GstRTCPBuffer *rtcp))
{
  GstBuffer *buffer = gst_rtcp_buffer_new (1400);
  GstRTCPBuffer rtcp = GST_RTCP_BUFFER_INIT;
  GstRTCPPacket packet;

  g_assert_true (gst_rtcp_buffer_map (buffer, GST_MAP_READWRITE, &rtcp));
  g_assert_true (gst_rtcp_buffer_add_packet (&rtcp, GST_RTCP_TYPE_RR, &packet));
  gst_rtcp_packet_rr_set_ssrc (&packet, PEER_SSRC);
  /* 64/256: a quarter lost; LSR names an SR, held 0.5 s. */
  g_assert_true (gst_rtcp_packet_add_rb (&packet, VIDEO_SSRC, 64, 100, 5000, 10, 0xabcd1234,
                                         32768));
  g_assert_true (gst_rtcp_packet_add_rb (&packet, RTX_SSRC, 0, 0, 40, 0, 0, 0));
  if (add_more)
    add_more (&rtcp);
  gst_rtcp_buffer_unmap (&rtcp);
  return buffer;
}

static void
add_remb_500k (GstRTCPBuffer *rtcp)
{
  /* 500000 = 125000 << 2 */
  add_remb (rtcp, "REMB", 2, 125000, 1, 3);
}

static void
add_remb_huge (GstRTCPBuffer *rtcp)
{
  add_remb (rtcp, "REMB", 63, 0x3ffff, 1, 3);
}

static void
add_other_application (GstRTCPBuffer *rtcp)
{
  add_remb (rtcp, "ABCD", 2, 125000, 1, 3);
}

static void
add_truncated_remb (GstRTCPBuffer *rtcp)
{
  /* Three SSRCs announced, room for one. */
  add_remb (rtcp, "REMB", 2, 125000, 3, 3);
}

/* The report blocks of an RR, each with its SSRC, fraction and LSR/DLSR;
 * no REMB. */
static void
test_report_blocks (void)
{
  g_autoptr (GstBuffer) buffer = make_receiver_report (NULL);
  GstCallRtcpFeedback feedback;

  g_assert_true (gst_call_rtcp_feedback_parse (buffer, &feedback));
  g_assert_cmpuint (feedback.n_blocks, ==, 2);
  g_assert_cmpuint (feedback.blocks[0].ssrc, ==, VIDEO_SSRC);
  g_assert_cmpfloat_with_epsilon (feedback.blocks[0].fraction_lost, 0.25, 1e-9);
  g_assert_cmpuint (feedback.blocks[0].last_sr, ==, 0xabcd1234);
  g_assert_cmpuint (feedback.blocks[0].delay_since_last_sr, ==, 32768);
  g_assert_cmpuint (feedback.blocks[1].ssrc, ==, RTX_SSRC);
  g_assert_cmpfloat (feedback.blocks[1].fraction_lost, ==, 0.0);
  g_assert_false (feedback.have_remb);
}

/* REMB after the RR: its bitrate is exponent and mantissa; one past 64
 * bits saturates; another application's AFB or a REMB shorter than its
 * SSRC count is no REMB. */
static void
test_remb (void)
{
  struct {
    void (*add) (GstRTCPBuffer *rtcp);
    gboolean remb;
    guint64 bitrate;
  } cases[] = {
    { add_remb_500k, TRUE, 500000 },
    { add_remb_huge, TRUE, G_MAXUINT64 },
    { add_other_application, FALSE, 0 },
    { add_truncated_remb, FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autoptr (GstBuffer) buffer = make_receiver_report (cases[i].add);
    GstCallRtcpFeedback feedback;

    g_assert_true (gst_call_rtcp_feedback_parse (buffer, &feedback));
    g_assert_cmpuint (feedback.n_blocks, ==, 2);
    g_assert_cmpint (feedback.have_remb, ==, cases[i].remb);
    if (cases[i].remb)
      g_assert_cmpuint (feedback.remb_bitrate, ==, cases[i].bitrate);
  }
}

/* What is not RTCP is refused. */
static void
test_not_rtcp (void)
{
  static const guint8 garbage[] = { 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0 };
  g_autoptr (GstBuffer) buffer = gst_buffer_new_memdup (garbage, sizeof (garbage));
  GstCallRtcpFeedback feedback;

  g_assert_false (gst_call_rtcp_feedback_parse (buffer, &feedback));
}

/* The round trip is the time since the SR the block names less DLSR. */
static void
test_round_trip (void)
{
  GstCallRtcpSentReports *reports = gst_call_rtcp_sent_reports_new ();

  gst_call_rtcp_sent_reports_add (reports, 0xabcd1234, 1000000);
  gst_call_rtcp_sent_reports_add (reports, 0xabcd5678, 1200000);
  /* Held 0.5 s, back 0.7 s after it left: 200 ms. */
  g_assert_cmpint (gst_call_rtcp_sent_reports_round_trip (reports, 0xabcd1234, 32768, 1700000),
                   ==, 200000);
  g_assert_cmpint (gst_call_rtcp_sent_reports_round_trip (reports, 0xabcd5678, 0, 1250000),
                   ==, 50000);
  /* An SR not sent, or none yet (LSR 0). */
  g_assert_cmpint (gst_call_rtcp_sent_reports_round_trip (reports, 0x12345678, 0, 1250000),
                   ==, -1);
  g_assert_cmpint (gst_call_rtcp_sent_reports_round_trip (reports, 0, 0, 1250000), ==, -1);
  /* A DLSR longer than the time since gives no negative round trip. */
  g_assert_cmpint (gst_call_rtcp_sent_reports_round_trip (reports, 0xabcd5678, 65536, 1250000),
                   ==, 0);
  /* The oldest ones are forgotten. */
  for (guint i = 0; i < 16; i++)
    gst_call_rtcp_sent_reports_add (reports, 0x10000 + i, 2000000 + i);
  g_assert_cmpint (gst_call_rtcp_sent_reports_round_trip (reports, 0xabcd1234, 0, 3000000),
                   ==, -1);
  g_assert_cmpint (gst_call_rtcp_sent_reports_round_trip (reports, 0x10000, 0, 3000000),
                   ==, 1000000);
  gst_call_rtcp_sent_reports_free (reports);
}

/* The SRs of an RTCP packet sent are noted by the middle 32 bits of their
 * NTP time, what the peer's LSR gives back. */
static void
test_round_trip_from_sent_packet (void)
{
  GstCallRtcpSentReports *reports = gst_call_rtcp_sent_reports_new ();
  g_autoptr (GstBuffer) buffer = gst_rtcp_buffer_new (1400);
  GstRTCPBuffer rtcp = GST_RTCP_BUFFER_INIT;
  GstRTCPPacket packet;
  guint64 ntp_time = G_GUINT64_CONSTANT (0xe1a2b3c4d5e6f708);

  g_assert_true (gst_rtcp_buffer_map (buffer, GST_MAP_READWRITE, &rtcp));
  g_assert_true (gst_rtcp_buffer_add_packet (&rtcp, GST_RTCP_TYPE_SR, &packet));
  gst_rtcp_packet_sr_set_sender_info (&packet, VIDEO_SSRC, ntp_time, 90000, 10, 12000);
  gst_rtcp_buffer_unmap (&rtcp);

  gst_call_rtcp_sent_reports_add_packet (reports, buffer, 5000000);
  g_assert_cmpint (gst_call_rtcp_sent_reports_round_trip (reports, 0xb3c4d5e6, 6554, 5150000),
                   ==, 150000 - (6554 * G_GINT64_CONSTANT (1000000) >> 16));
  g_assert_cmpint (gst_call_rtcp_sent_reports_round_trip (reports, 0xe1a2b3c4, 0, 5150000), ==,
                   -1);
  gst_call_rtcp_sent_reports_free (reports);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/GstCall/RtcpFeedback/report-blocks", test_report_blocks);
  g_test_add_func ("/GstCall/RtcpFeedback/remb", test_remb);
  g_test_add_func ("/GstCall/RtcpFeedback/not-rtcp", test_not_rtcp);
  g_test_add_func ("/GstCall/RtcpFeedback/round-trip", test_round_trip);
  g_test_add_func ("/GstCall/RtcpFeedback/round-trip-from-sent-packet",
                   test_round_trip_from_sent_packet);

  return g_test_run ();
}
