/* libFuzzer harness: a remote description's a=ssrc, a=ssrc-group:FID,
 * a=mid, rtpmap and extmap lines as the plain RTP transport reads them
 * (GstCallRtpRouter), then a few packets routed with what was read; its
 * SDES a=crypto lines (GstCallSrtpCrypto); its formats, a=mid and a=rtcp
 * as the transport checks them.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stddef.h>
#include <stdint.h>

#include "gstcall-rtp-router-private.h"
#include "gstcall-sdp-private.h"
#include "gstcall-srtp-private.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static gsize
make_rtp (guint8  *packet,
          guint    payload_type,
          guint32  ssrc)
{
  memset (packet, 0, 32);
  packet[0] = 0x80;
  packet[1] = (guint8) payload_type;
  packet[8] = (guint8) (ssrc >> 24);
  packet[9] = (guint8) (ssrc >> 16);
  packet[10] = (guint8) (ssrc >> 8);
  packet[11] = (guint8) ssrc;
  return 32;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  GstSDPMessage *sdp = NULL;
  GstCallRtpRouter *router;
  GstCallRtpRouterCounters counters;
  guint contradictory = 0;
  static const guint32 ssrcs[] = { 1001, 2002, 3003, 4004, 5005, 0, G_MAXUINT32 };

  if (!*text)
    return 0;
  if (gst_sdp_message_new_from_text (text, &sdp) != GST_SDP_OK) {
    gst_sdp_message_free (sdp);
    return 0;
  }

  for (guint i = 0; i < gst_sdp_message_medias_len (sdp); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (sdp, i);
    GError *error = NULL;
    GstCallSrtpCrypto crypto;

    if (gst_call_sdp_check_rtp_media (media, i, &error)) {
      const char *mid = gst_sdp_media_get_attribute_val (media, "mid");

      /* What passes is fit to be written back in an answer. */
      g_assert_true (!mid || (strlen (mid) <= GST_CALL_SDP_MAX_MID_LEN &&
                              !strpbrk (mid, " \r\n")));
      for (guint f = 0; f < gst_sdp_media_formats_len (media); f++)
        g_assert_cmpuint (g_ascii_strtoull (gst_sdp_media_get_format (media, f), NULL, 10),
                          <=, 127);
    } else {
      /* The message is short, whatever the input. */
      g_assert_nonnull (error);
      g_assert_cmpuint (strlen (error->message), <, 512);
      g_clear_error (&error);
    }

    {
      guint rtcp_port = 0;

      /* The RTCP port of a section without rtcp-mux (RFC 3605). */
      if (gst_call_sdp_media_rtcp_port (media, i, "127.0.0.1", &rtcp_port, &error)) {
        g_assert_cmpuint (rtcp_port, >=, gst_sdp_media_get_attribute_val (media, "rtcp-mux")
                                         ? 0 : 1);
        g_assert_cmpuint (rtcp_port, <=, 65535);
      } else {
        g_assert_nonnull (error);
        g_assert_cmpuint (strlen (error->message), <, 512);
        g_clear_error (&error);
      }
    }

    if (gst_call_srtp_media_find_crypto (media, i, 0, &crypto, &error)) {
      g_autofree char *line = gst_call_srtp_crypto_to_string (&crypto);
      GstCallSrtpCrypto again;

      /* What we read, we write back the same. */
      g_assert_true (gst_call_srtp_crypto_parse (line, &again, NULL));
      g_assert_cmpuint (again.tag, ==, crypto.tag);
      g_assert_cmpmem (again.key, sizeof again.key, crypto.key, sizeof crypto.key);
    } else {
      g_assert_nonnull (error);
      g_clear_error (&error);
    }
  }

  router = gst_call_rtp_router_new ();
  gst_call_rtp_router_set_remote_description (router, sdp, &contradictory);
  gst_call_rtp_router_get_counters (router, &counters);
  g_assert_cmpuint (counters.contradictory_ssrcs, ==, contradictory);

  for (guint i = 0; i < G_N_ELEMENTS (ssrcs); i++) {
    for (guint payload_type = 0; payload_type < 128; payload_type += 7) {
      guint8 packet[32];
      GstCallRtpRoute route;
      GstCallRtpRouteKind kind;

      kind = gst_call_rtp_router_route (router, packet, make_rtp (packet, payload_type, ssrcs[i]),
                                        &route);
      if (kind == GST_CALL_RTP_ROUTE_RTP || kind == GST_CALL_RTP_ROUTE_RTCP)
        g_assert_cmpuint (route.session, <, GST_CALL_RTP_ROUTER_MAX_SESSIONS);
      g_assert_cmpint (kind, !=, GST_CALL_RTP_ROUTE_HOLD);
    }
  }
  /* Read again: nothing is left over from the first time. */
  gst_call_rtp_router_set_remote_description (router, sdp, NULL);
  gst_call_rtp_router_get_counters (router, &counters);
  g_assert_cmpuint (counters.contradictory_ssrcs, ==, contradictory);
  g_assert_cmpuint (counters.ssrcs, <=, GST_CALL_RTP_ROUTER_MAX_SSRCS);

  gst_call_rtp_router_free (router);
  gst_sdp_message_free (sdp);
  return 0;
}
