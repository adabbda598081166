/* libFuzzer harness: packets of the bundled port through GstCallRtpRouter,
 * the routing of the plain RTP transport's receive side, without a
 * pipeline.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stddef.h>
#include <stdint.h>

#include "gstcall-rtp-router-private.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* The remote side: audio session 0, video session 1 with RTX in an FID
 * group, MID header extension 3. */
static const char remote_description[] =
  "v=0\r\n"
  "o=- 1 0 IN IP4 127.0.0.1\r\n"
  "s=-\r\n"
  "c=IN IP4 127.0.0.1\r\n"
  "t=0 0\r\n"
  "a=group:BUNDLE a v\r\n"
  "m=audio 9 RTP/AVPF 111\r\n"
  "a=mid:a\r\n"
  "a=extmap:3 urn:ietf:params:rtp-hdrext:sdes:mid\r\n"
  "a=rtpmap:111 OPUS/48000/2\r\n"
  "a=ssrc:1001 cname:x\r\n"
  "m=video 9 RTP/AVPF 96 97\r\n"
  "a=mid:v\r\n"
  "a=extmap:3 urn:ietf:params:rtp-hdrext:sdes:mid\r\n"
  "a=rtpmap:96 VP8/90000\r\n"
  "a=rtpmap:97 rtx/90000\r\n"
  "a=fmtp:97 apt=96\r\n"
  "a=ssrc-group:FID 2002 3003\r\n"
  "a=ssrc:2002 cname:x\r\n"
  "a=ssrc:3003 cname:x\r\n";

/* The same without a=ssrc lines: new SSRCs get in by MID and payload
 * type, into a bounded table. */
static const char unsignalled_description[] =
  "v=0\r\n"
  "o=- 1 0 IN IP4 127.0.0.1\r\n"
  "s=-\r\n"
  "c=IN IP4 127.0.0.1\r\n"
  "t=0 0\r\n"
  "a=group:BUNDLE a v\r\n"
  "m=audio 9 RTP/AVPF 111\r\n"
  "a=mid:a\r\n"
  "a=extmap:3 urn:ietf:params:rtp-hdrext:sdes:mid\r\n"
  "a=rtpmap:111 OPUS/48000/2\r\n"
  "m=video 9 RTP/AVPF 96 97\r\n"
  "a=mid:v\r\n"
  "a=extmap:3 urn:ietf:params:rtp-hdrext:sdes:mid\r\n"
  "a=rtpmap:96 VP8/90000\r\n"
  "a=rtpmap:97 rtx/90000\r\n"
  "a=fmtp:97 apt=96\r\n";

/* Input: a flags byte (bit 0: the application chooses sessions; bit 1:
 * the description names no SSRC), then
 * packets, each a 2-byte big-endian length and that many bytes; for a
 * held SSRC the next input byte is the application's session (255: -1).
 * Packet N arrives N * 100 ms after the first: SSRCs expire. */
int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static GstSDPMessage *sdp;
  static GstSDPMessage *unsignalled_sdp;
  GstCallRtpRouter *router;
  GstCallRtpRouterCounters counters;
  size_t offset = 1;
  gint64 now = 0;

  if (!sdp)
    g_assert_cmpint (gst_sdp_message_new_from_text (remote_description, &sdp), ==, GST_SDP_OK);
  if (!unsignalled_sdp)
    g_assert_cmpint (gst_sdp_message_new_from_text (unsignalled_description, &unsignalled_sdp),
                     ==, GST_SDP_OK);
  if (size < 1)
    return 0;

  router = gst_call_rtp_router_new ();
  gst_call_rtp_router_set_remote_description (router, (data[0] & 2) ? unsignalled_sdp : sdp,
                                              NULL);
  gst_call_rtp_router_set_ask_application (router, (data[0] & 1) != 0);
  gst_call_rtp_router_add_local_ssrc (router, 0x11111111, 0);
  gst_call_rtp_router_add_local_ssrc (router, 0x22222222, 1);

  while (offset + 2 <= size) {
    size_t length = ((size_t) data[offset] << 8) | data[offset + 1];
    GstCallRtpRoute route;
    GstCallRtpRouteKind kind;

    offset += 2;
    length = MIN (length, size - offset);
    /* A copy of exactly the packet, so ASan sees any read past it. */
    {
      guint8 *packet = g_memdup2 (data + offset, length);

      kind = gst_call_rtp_router_route_at (router, packet, length, now, &route);
      g_free (packet);
    }
    offset += length;
    now += 100 * 1000;

    g_assert_cmpint (kind, ==, route.kind);
    switch (kind) {
    case GST_CALL_RTP_ROUTE_DROP:
      g_assert_cmpint (route.drop_reason, >, GST_CALL_RTP_DROP_NONE);
      g_assert_cmpint (route.drop_reason, <, GST_CALL_RTP_DROP_N_REASONS);
      break;
    case GST_CALL_RTP_ROUTE_RTP:
    case GST_CALL_RTP_ROUTE_RTCP:
      g_assert_cmpuint (route.session, <, GST_CALL_RTP_ROUTER_MAX_SESSIONS);
      if (kind == GST_CALL_RTP_ROUTE_RTP)
        g_assert_cmpint (gst_call_rtp_router_lookup (router, route.ssrc), ==, (int) route.session);
      break;
    case GST_CALL_RTP_ROUTE_HOLD:
      g_assert_true (data[0] & 1);
      if (offset < size) {
        int session = data[offset] == 255 ? -1 : data[offset];
        int placed = gst_call_rtp_router_resolve (router, route.ssrc, session);

        offset++;
        g_assert_cmpint (placed, <, GST_CALL_RTP_ROUTER_MAX_SESSIONS);
        g_assert_cmpint (gst_call_rtp_router_lookup (router, route.ssrc), ==, placed);
      }
      break;
    }
    g_assert_cmpuint (strlen (route.mid), <=, GST_CALL_RTP_ROUTER_MAX_MID_LEN);
  }

  gst_call_rtp_router_get_counters (router, &counters);
  /* Unsignalled ones, and the three the description names. */
  g_assert_cmpuint (counters.ssrcs, <=, GST_CALL_RTP_ROUTER_MAX_SSRCS + 3);
  g_assert_cmpuint (counters.sessions, <=, GST_CALL_RTP_ROUTER_MAX_SESSIONS);
  gst_call_rtp_router_free (router);
  return 0;
}
