/* libgstcall tests: GstCallRtpRouter, the packet routing of the plain RTP
 * transport, without a pipeline
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "test-utils.h"

#include "gstcall-rtp-router-private.h"

#define DESCRIPTION \
  "v=0\r\n" \
  "o=- 1 0 IN IP4 127.0.0.1\r\n" \
  "s=-\r\n" \
  "c=IN IP4 127.0.0.1\r\n" \
  "t=0 0\r\n" \
  "a=group:BUNDLE a v\r\n" \
  "m=audio 9 RTP/AVPF 111\r\n" \
  "a=mid:a\r\n" \
  "a=extmap:3 urn:ietf:params:rtp-hdrext:sdes:mid\r\n" \
  "a=rtpmap:111 OPUS/48000/2\r\n" \
  "a=ssrc:1001 cname:x\r\n" \
  "m=video 9 RTP/AVPF 96 97\r\n" \
  "a=mid:v\r\n" \
  "a=extmap:3 urn:ietf:params:rtp-hdrext:sdes:mid\r\n" \
  "a=rtpmap:96 VP8/90000\r\n" \
  "a=rtpmap:97 rtx/90000\r\n" \
  "a=fmtp:97 apt=96\r\n" \
  "a=ssrc-group:FID 2002 3003\r\n" \
  "a=ssrc:2002 cname:x\r\n" \
  "a=ssrc:3003 cname:x\r\n"

/* The same media, naming no SSRC: what plain endpoints send. */
#define UNSIGNALLED_DESCRIPTION \
  "v=0\r\n" \
  "o=- 1 0 IN IP4 127.0.0.1\r\n" \
  "s=-\r\n" \
  "c=IN IP4 127.0.0.1\r\n" \
  "t=0 0\r\n" \
  "a=group:BUNDLE a v\r\n" \
  "m=audio 9 RTP/AVPF 111\r\n" \
  "a=mid:a\r\n" \
  "a=extmap:3 urn:ietf:params:rtp-hdrext:sdes:mid\r\n" \
  "a=rtpmap:111 OPUS/48000/2\r\n" \
  "m=video 9 RTP/AVPF 96 97\r\n" \
  "a=mid:v\r\n" \
  "a=extmap:3 urn:ietf:params:rtp-hdrext:sdes:mid\r\n" \
  "a=rtpmap:96 VP8/90000\r\n" \
  "a=rtpmap:97 rtx/90000\r\n" \
  "a=fmtp:97 apt=96\r\n"

static GstCallRtpRouter *
router_with (const char *text)
{
  GstCallRtpRouter *router = gst_call_rtp_router_new ();
  GstSDPMessage *sdp = NULL;

  g_assert_cmpint (gst_sdp_message_new_from_text (text, &sdp), ==, GST_SDP_OK);
  gst_call_rtp_router_set_remote_description (router, sdp, NULL);
  gst_sdp_message_free (sdp);
  return router;
}

/* An RTP packet; @mid adds a one-byte MID header extension with id 3. */
static gsize
make_rtp (guint8     *packet,
          guint       payload_type,
          guint32     ssrc,
          const char *mid)
{
  gsize size = 12;

  memset (packet, 0, 64);
  packet[0] = 0x80;
  packet[1] = (guint8) payload_type;
  GST_WRITE_UINT32_BE (packet + 8, ssrc);
  if (mid) {
    gsize length = strlen (mid);

    packet[0] |= 0x10;
    GST_WRITE_UINT16_BE (packet + 12, 0xBEDE);
    GST_WRITE_UINT16_BE (packet + 14, (guint16) ((1 + length + 3) / 4));
    packet[16] = (guint8) ((3 << 4) | (length - 1));
    memcpy (packet + 17, mid, length);
    size = 16 + 4 * ((1 + length + 3) / 4);
  }
  return size + 20;
}

static GstCallRtpRouteKind
route (GstCallRtpRouter *router,
       guint             payload_type,
       guint32           ssrc,
       const char       *mid,
       GstCallRtpRoute  *result)
{
  guint8 packet[64];

  return gst_call_rtp_router_route (router, packet, make_rtp (packet, payload_type, ssrc, mid),
                                    result);
}

/* The same, the packet arriving at @now microseconds. */
static GstCallRtpRouteKind
route_at (GstCallRtpRouter *router,
          gint64            now,
          guint             payload_type,
          guint32           ssrc,
          GstCallRtpRoute  *result)
{
  guint8 packet[64];

  return gst_call_rtp_router_route_at (router, packet, make_rtp (packet, payload_type, ssrc, NULL),
                                       now, result);
}

static void
test_signalled (void)
{
  GstCallRtpRouter *router = router_with (DESCRIPTION);
  GstCallRtpRoute result;

  g_assert_cmpint (route (router, 111, 1001, NULL, &result), ==, GST_CALL_RTP_ROUTE_RTP);
  g_assert_cmpuint (result.session, ==, 0);
  g_assert_true (result.new_ssrc);
  g_assert_cmpint (route (router, 96, 2002, NULL, &result), ==, GST_CALL_RTP_ROUTE_RTP);
  g_assert_cmpuint (result.session, ==, 1);
  /* The RTX SSRC of the FID group goes with its media. */
  g_assert_cmpint (route (router, 97, 3003, NULL, &result), ==, GST_CALL_RTP_ROUTE_RTP);
  g_assert_cmpuint (result.session, ==, 1);
  g_assert_true (result.rtx);
  /* Known now: no longer new. */
  g_assert_cmpint (route (router, 96, 2002, NULL, &result), ==, GST_CALL_RTP_ROUTE_RTP);
  g_assert_false (result.new_ssrc);
  /* The sections the description names them in (SRTP keys follow them). */
  g_assert_cmpint (gst_call_rtp_router_signalled_session (router, 1001), ==, 0);
  g_assert_cmpint (gst_call_rtp_router_signalled_session (router, 3003), ==, 1);
  g_assert_cmpint (gst_call_rtp_router_signalled_session (router, 4242), ==, -1);
  gst_call_rtp_router_free (router);
}

static void
test_mid_and_payload_type (void)
{
  GstCallRtpRouter *router = router_with (UNSIGNALLED_DESCRIPTION);
  GstCallRtpRoute result;

  /* Unsignalled SSRCs: the MID extension says audio although the payload
   * type is video's; MID wins. */
  g_assert_cmpint (route (router, 96, 7007, "a", &result), ==, GST_CALL_RTP_ROUTE_RTP);
  g_assert_cmpstr (result.mid, ==, "a");
  g_assert_cmpuint (result.session, ==, 0);
  /* No MID: the payload type; an RTX payload type goes where its apt does. */
  g_assert_cmpint (route (router, 111, 8008, NULL, &result), ==, GST_CALL_RTP_ROUTE_RTP);
  g_assert_cmpuint (result.session, ==, 0);
  g_assert_cmpint (route (router, 97, 9009, NULL, &result), ==, GST_CALL_RTP_ROUTE_RTP);
  g_assert_cmpuint (result.session, ==, 1);
  g_assert_true (result.rtx);
  /* A payload type of no section is dropped. */
  g_assert_cmpint (route (router, 100, 9010, NULL, &result), ==, GST_CALL_RTP_ROUTE_DROP);
  g_assert_cmpint (result.drop_reason, ==, GST_CALL_RTP_DROP_UNKNOWN_PAYLOAD_TYPE);
  gst_call_rtp_router_free (router);
}

static void
test_application_first_rtx_with_media (void)
{
  GstCallRtpRouter *router = router_with (DESCRIPTION);
  GstCallRtpRoute result;

  gst_call_rtp_router_set_ask_application (router, TRUE);
  /* Held until the application answers, with the default proposed. */
  g_assert_cmpint (route (router, 96, 2002, NULL, &result), ==, GST_CALL_RTP_ROUTE_HOLD);
  g_assert_true (result.new_ssrc);
  g_assert_true (result.has_session);
  g_assert_cmpuint (result.session, ==, 1);
  g_assert_cmpint (route (router, 96, 2002, NULL, &result), ==, GST_CALL_RTP_ROUTE_HOLD);
  g_assert_false (result.new_ssrc);
  /* The application puts the video in session 5... */
  g_assert_cmpint (gst_call_rtp_router_resolve (router, 2002, 5), ==, 5);
  g_assert_cmpint (route (router, 96, 2002, NULL, &result), ==, GST_CALL_RTP_ROUTE_RTP);
  g_assert_cmpuint (result.session, ==, 5);
  /* ...and its RTX follows, whatever the application says. */
  g_assert_cmpint (route (router, 97, 3003, NULL, &result), ==, GST_CALL_RTP_ROUTE_HOLD);
  g_assert_cmpint (gst_call_rtp_router_resolve (router, 3003, 0), ==, 5);
  /* -1: the default routing. */
  g_assert_cmpint (route (router, 111, 1001, NULL, &result), ==, GST_CALL_RTP_ROUTE_HOLD);
  g_assert_cmpint (gst_call_rtp_router_resolve (router, 1001, -1), ==, 0);
  /* Past the session limit: dropped from then on. */
  g_assert_cmpint (route (router, 111, 4444, NULL, &result), ==, GST_CALL_RTP_ROUTE_HOLD);
  g_assert_cmpint (gst_call_rtp_router_resolve (router, 4444, 99), ==, -1);
  g_assert_cmpint (route (router, 111, 4444, NULL, &result), ==, GST_CALL_RTP_ROUTE_DROP);
  g_assert_cmpint (result.drop_reason, ==, GST_CALL_RTP_DROP_LIMIT);
  gst_call_rtp_router_free (router);
}

static void
test_rtcp (void)
{
  GstCallRtpRouter *router = router_with (DESCRIPTION);
  GstCallRtpRoute result;
  guint8 nack[16] = { 0x81, 205, 0, 3 };
  guint8 sender_report[28] = { 0x80, 200, 0, 6 };

  gst_call_rtp_router_add_local_ssrc (router, 0x22222222, 1);
  /* A NACK from an SSRC we never saw, about our video: session 1. */
  GST_WRITE_UINT32_BE (nack + 4, 0xABCDEF);
  GST_WRITE_UINT32_BE (nack + 8, 0x22222222);
  g_assert_cmpint (gst_call_rtp_router_route (router, nack, sizeof nack, &result), ==,
                   GST_CALL_RTP_ROUTE_RTCP);
  g_assert_cmpuint (result.session, ==, 1);
  /* A sender report of the signalled audio SSRC: session 0. */
  GST_WRITE_UINT32_BE (sender_report + 4, 1001);
  g_assert_cmpint (gst_call_rtp_router_route (router, sender_report, sizeof sender_report,
                                              &result), ==, GST_CALL_RTP_ROUTE_RTCP);
  g_assert_cmpuint (result.session, ==, 0);
  /* About nobody we know: dropped. */
  GST_WRITE_UINT32_BE (nack + 8, 0x33333333);
  g_assert_cmpint (gst_call_rtp_router_route (router, nack, sizeof nack, &result), ==,
                   GST_CALL_RTP_ROUTE_DROP);
  g_assert_cmpint (result.drop_reason, ==, GST_CALL_RTP_DROP_UNKNOWN_SSRC);
  /* A length past the end: invalid. */
  nack[3] = 9;
  g_assert_cmpint (gst_call_rtp_router_route (router, nack, sizeof nack, &result), ==,
                   GST_CALL_RTP_ROUTE_DROP);
  g_assert_cmpint (result.drop_reason, ==, GST_CALL_RTP_DROP_INVALID);
  gst_call_rtp_router_free (router);
}

static void
test_contradictory_and_limits (void)
{
  GstCallRtpRouter *router = router_with (
      "v=0\r\no=- 1 0 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\n"
      "m=video 9 RTP/AVPF 96 97\r\na=rtpmap:96 VP8/90000\r\na=rtpmap:97 rtx/90000\r\n"
      "a=fmtp:97 apt=96\r\n"
      "a=ssrc-group:FID 2002 3003\r\na=ssrc-group:FID 5005 3003\r\n");
  GstCallRtpRouterCounters counters;
  GstCallRtpRoute result;

  gst_call_rtp_router_get_counters (router, &counters);
  g_assert_cmpuint (counters.contradictory_ssrcs, ==, 3);
  g_assert_cmpint (route (router, 97, 3003, NULL, &result), ==, GST_CALL_RTP_ROUTE_DROP);
  g_assert_cmpint (result.drop_reason, ==, GST_CALL_RTP_DROP_CONTRADICTORY);
  g_assert_cmpint (route (router, 96, 5005, NULL, &result), ==, GST_CALL_RTP_ROUTE_DROP);
  g_assert_cmpint (gst_call_rtp_router_signalled_session (router, 3003), ==, -1);

  /* The section names SSRCs (if contradictory ones): no other gets in by
   * payload type. */
  for (guint i = 0; i < 3 * GST_CALL_RTP_ROUTER_MAX_SSRCS; i++)
    route (router, 96, 100000 + i, NULL, &result);
  gst_call_rtp_router_get_counters (router, &counters);
  g_assert_cmpuint (counters.ssrcs, ==, 0);
  g_assert_cmpuint (counters.dropped[GST_CALL_RTP_DROP_UNKNOWN_SSRC], ==,
                    3 * GST_CALL_RTP_ROUTER_MAX_SSRCS);
  g_assert_cmpuint (counters.sessions, ==, 0);
  gst_call_rtp_router_free (router);
}

/* The SSRCs of the description against strangers that send its payload
 * types and MIDs: before media, and mid-call when the RTX SSRC appears
 * (the first retransmission). */
static void
test_signalled_flood (void)
{
  GstCallRtpRouter *router = router_with (DESCRIPTION);
  GstCallRtpRouterCounters counters;
  GstCallRtpRoute result;
  guint legit = 0;

  /* 100 before media, half with the MID extension of their section. */
  for (guint i = 0; i < 100; i++) {
    g_assert_cmpint (route (router, i % 2 ? 96 : 111, 500000 + i, i % 4 < 2 ? NULL : (i % 2 ? "v" : "a"),
                            &result), ==, GST_CALL_RTP_ROUTE_DROP);
    g_assert_cmpint (result.drop_reason, ==, GST_CALL_RTP_DROP_UNKNOWN_SSRC);
  }
  gst_call_rtp_router_get_counters (router, &counters);
  g_assert_cmpuint (counters.ssrcs, ==, 0);

  /* Media starts: every packet of the signalled SSRCs gets through. */
  for (guint i = 0; i < 50; i++) {
    legit += route (router, 111, 1001, NULL, &result) == GST_CALL_RTP_ROUTE_RTP &&
             result.session == 0;
    legit += route (router, 96, 2002, NULL, &result) == GST_CALL_RTP_ROUTE_RTP &&
             result.session == 1;
  }
  /* 70 mid-call, the RTX payload type among them. */
  for (guint i = 0; i < 70; i++) {
    g_assert_cmpint (route (router, i % 2 ? 96 : 97, 600000 + i, NULL, &result), ==,
                     GST_CALL_RTP_ROUTE_DROP);
    g_assert_cmpint (result.drop_reason, ==, GST_CALL_RTP_DROP_UNKNOWN_SSRC);
  }
  /* The first retransmission: its SSRC, named by the FID group, is new and
   * goes with its media. */
  g_assert_cmpint (route (router, 97, 3003, NULL, &result), ==, GST_CALL_RTP_ROUTE_RTP);
  g_assert_true (result.new_ssrc);
  g_assert_true (result.rtx);
  g_assert_cmpuint (result.session, ==, 1);
  for (guint i = 0; i < 50; i++) {
    legit += route (router, 111, 1001, NULL, &result) == GST_CALL_RTP_ROUTE_RTP &&
             result.session == 0;
    legit += route (router, 96, 2002, NULL, &result) == GST_CALL_RTP_ROUTE_RTP &&
             result.session == 1;
  }
  g_assert_cmpuint (legit, ==, 200);
  gst_call_rtp_router_get_counters (router, &counters);
  g_assert_cmpuint (counters.ssrcs, ==, 3);
  g_assert_cmpuint (counters.dropped[GST_CALL_RTP_DROP_UNKNOWN_SSRC], ==, 170);
  g_assert_cmpuint (counters.dropped[GST_CALL_RTP_DROP_LIMIT], ==, 0);

  /* The application may still place a stranger: it has no default. */
  gst_call_rtp_router_set_ask_application (router, TRUE);
  g_assert_cmpint (route (router, 96, 700001, NULL, &result), ==, GST_CALL_RTP_ROUTE_HOLD);
  g_assert_false (result.has_session);
  g_assert_cmpint (gst_call_rtp_router_resolve (router, 700001, -1), ==, -1);
  g_assert_cmpint (gst_call_rtp_router_lookup (router, 700001), ==, -1);
  g_assert_cmpint (route (router, 96, 700002, NULL, &result), ==, GST_CALL_RTP_ROUTE_HOLD);
  g_assert_cmpint (gst_call_rtp_router_resolve (router, 700002, 1), ==, 1);
  g_assert_cmpint (route (router, 96, 700002, NULL, &result), ==, GST_CALL_RTP_ROUTE_RTP);
  g_assert_cmpuint (result.session, ==, 1);
  gst_call_rtp_router_free (router);
}

#define MS (G_GINT64_CONSTANT (1000))

/* No SSRC in the description: the table of SSRCs admitted by payload type
 * stays open to the legitimate source. */
static void
test_unsignalled_table (void)
{
  GstCallRtpRouter *router = router_with (UNSIGNALLED_DESCRIPTION);
  GstCallRtpRouterCounters counters;
  GstCallRtpRoute result;
  gint64 now = 1000 * MS;
  guint legit = 0;

  /* 100 strangers, one packet each, before media: the table fills. */
  for (guint i = 0; i < 100; i++, now += MS)
    g_assert_cmpint (route_at (router, now, 96, 500000 + i, &result), ==,
                     GST_CALL_RTP_ROUTE_RTP);
  gst_call_rtp_router_get_counters (router, &counters);
  g_assert_cmpuint (counters.ssrcs, ==, GST_CALL_RTP_ROUTER_MAX_SSRCS);
  g_assert_cmpuint (counters.ssrcs_replaced, ==, 100 - GST_CALL_RTP_ROUTER_MAX_SSRCS);

  /* Media starts at once: the video takes the place of a stranger on
   * probation, and a flood of new strangers, 10 between two of its
   * packets, never pushes it out. */
  for (guint i = 0; i < 200; i++, now += 33 * MS) {
    legit += route_at (router, now, 96, 2002, &result) == GST_CALL_RTP_ROUTE_RTP &&
             result.session == 1 && (i == 0) == result.new_ssrc;
    for (guint j = 0; j < 10; j++)
      route_at (router, now + j, 96, 600000 + 10 * i + j, &result);
  }
  g_assert_cmpuint (legit, ==, 200);
  gst_call_rtp_router_get_counters (router, &counters);
  g_assert_cmpuint (counters.dropped[GST_CALL_RTP_DROP_LIMIT], ==, 0);
  g_assert_cmpuint (counters.ssrcs_expired, ==, 0);

  /* Strangers that keep sending, as many as the table holds: a new SSRC
   * finds no place... */
  gst_call_rtp_router_free (router);
  router = router_with (UNSIGNALLED_DESCRIPTION);
  for (guint p = 0; p < GST_CALL_RTP_ROUTER_PROBATION; p++, now += 10 * MS) {
    for (guint i = 0; i < GST_CALL_RTP_ROUTER_MAX_SSRCS; i++)
      g_assert_cmpint (route_at (router, now, 111, 800000 + i, &result), ==,
                       GST_CALL_RTP_ROUTE_RTP);
  }
  g_assert_cmpint (route_at (router, now, 111, 1001, &result), ==, GST_CALL_RTP_ROUTE_DROP);
  g_assert_cmpint (result.drop_reason, ==, GST_CALL_RTP_DROP_LIMIT);
  g_assert_true (result.table_full);
  /* ...until they stop: a second later still none... */
  now += 1000 * MS;
  g_assert_cmpint (route_at (router, now, 111, 1001, &result), ==, GST_CALL_RTP_ROUTE_DROP);
  g_assert_true (result.table_full);
  /* ...then they expire and the audio gets in. */
  now += GST_CALL_RTP_ROUTER_SSRC_TIMEOUT;
  g_assert_cmpint (route_at (router, now, 111, 1001, &result), ==, GST_CALL_RTP_ROUTE_RTP);
  g_assert_true (result.new_ssrc);
  g_assert_cmpuint (result.session, ==, 0);
  gst_call_rtp_router_get_counters (router, &counters);
  g_assert_cmpuint (counters.ssrcs_expired, ==, GST_CALL_RTP_ROUTER_MAX_SSRCS);
  g_assert_cmpuint (counters.ssrcs, ==, 1);
  g_assert_cmpuint (counters.dropped[GST_CALL_RTP_DROP_LIMIT], ==, 2);
  gst_call_rtp_router_free (router);
}

int
main (int argc, char **argv)
{
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/GstCall/RtpRouter/signalled", test_signalled);
  g_test_add_func ("/GstCall/RtpRouter/mid-and-payload-type", test_mid_and_payload_type);
  g_test_add_func ("/GstCall/RtpRouter/application-first-rtx-with-media",
                   test_application_first_rtx_with_media);
  g_test_add_func ("/GstCall/RtpRouter/rtcp", test_rtcp);
  g_test_add_func ("/GstCall/RtpRouter/contradictory-and-limits", test_contradictory_and_limits);
  g_test_add_func ("/GstCall/RtpRouter/signalled-flood", test_signalled_flood);
  g_test_add_func ("/GstCall/RtpRouter/unsignalled-table", test_unsignalled_table);

  return g_test_run ();
}
