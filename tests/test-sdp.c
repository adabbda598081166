/* SDP helpers the call relies on to interoperate: the BUNDLE ICE
 * normalisation (aiortc's offers) and the choice of what to send when
 * answering an offer.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "test-utils.h"

#include "gstcall-media-private.h"
#include "gstcall-sdp-private.h"

/* As aiortc 1.4 offers: BUNDLE declared, one ICE ufrag per section, its
 * own payload type numbers (Opus 96, VP8 97, H.264 99). */
static const char aiortc_offer[] =
    "v=0\r\n"
    "o=- 3891392150 3891392150 IN IP4 0.0.0.0\r\n"
    "s=-\r\n"
    "t=0 0\r\n"
    "a=group:BUNDLE 0 1\r\n"
    "a=msid-semantic:WMS *\r\n"
    "m=audio 51234 UDP/TLS/RTP/SAVPF 96 0 8\r\n"
    "c=IN IP4 127.0.0.1\r\n"
    "a=sendrecv\r\n"
    "a=mid:0\r\n"
    "a=rtcp-mux\r\n"
    "a=rtpmap:96 opus/48000/2\r\n"
    "a=rtpmap:0 PCMU/8000\r\n"
    "a=rtpmap:8 PCMA/8000\r\n"
    "a=candidate:7b7bd3 1 udp 2130706431 127.0.0.1 51234 typ host\r\n"
    "a=end-of-candidates\r\n"
    "a=ice-ufrag:Yv1A\r\n"
    "a=ice-pwd:4qP3X5xv0mYJAwVHgVWnJ1\r\n"
    "a=fingerprint:sha-256 9D:4A:7B:1C:22:E0:5F:11:AB:93:6C:0D:EE:41:27:8A:3B:C5:90:12:7F:6E:D4:A8:01:BC:33:9F:5E:62:48:C7\r\n"
    "a=setup:actpass\r\n"
    "m=video 51235 UDP/TLS/RTP/SAVPF 97 98 99 100 101\r\n"
    "c=IN IP4 127.0.0.1\r\n"
    "a=sendrecv\r\n"
    "a=mid:1\r\n"
    "a=rtcp-mux\r\n"
    "a=rtpmap:97 VP8/90000\r\n"
    "a=rtcp-fb:97 nack\r\n"
    "a=rtpmap:98 rtx/90000\r\n"
    "a=fmtp:98 apt=97\r\n"
    "a=rtpmap:101 H264/90000\r\n"
    "a=fmtp:101 level-asymmetry-allowed=1;packetization-mode=0;profile-level-id=42e01f\r\n"
    "a=rtpmap:99 H264/90000\r\n"
    "a=fmtp:99 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42E01F\r\n"
    "a=rtpmap:100 rtx/90000\r\n"
    "a=fmtp:100 apt=99\r\n"
    "a=candidate:9c1a2b 1 udp 2130706431 127.0.0.1 51235 typ host\r\n"
    "a=end-of-candidates\r\n"
    "a=ice-ufrag:Zq9B\r\n"
    "a=ice-pwd:8rT2mK0vYwQ5nH3jL6pB1c\r\n"
    "a=fingerprint:sha-256 9D:4A:7B:1C:22:E0:5F:11:AB:93:6C:0D:EE:41:27:8A:3B:C5:90:12:7F:6E:D4:A8:01:BC:33:9F:5E:62:48:C7\r\n"
    "a=setup:actpass\r\n";

static GstSDPMessage *
parse (const char *text)
{
  g_autoptr (GError) error = NULL;
  GstSDPMessage *message = gst_call_sdp_parse_webrtc (text, &error);

  g_assert_no_error (error);
  g_assert_nonnull (message);
  return message;
}

static guint
count_attribute (const GstSDPMedia *media,
                 const char        *key)
{
  guint count = 0;

  for (guint i = 0; i < gst_sdp_media_attributes_len (media); i++) {
    if (g_strcmp0 (gst_sdp_media_get_attribute (media, i)->key, key) == 0)
      count++;
  }
  return count;
}

static void
test_normalise_bundle_ice (void)
{
  g_autoptr (GstSDPMessage) message = parse (aiortc_offer);
  const GstSDPMedia *audio, *video;

  g_assert_true (gst_call_sdp_normalise_bundle_ice (message));
  audio = gst_sdp_message_get_media (message, 0);
  video = gst_sdp_message_get_media (message, 1);

  /* The bundle runs on the first section's transport: its credentials for
   * all, its candidates kept, the second transport's dropped. */
  g_assert_cmpstr (gst_sdp_media_get_attribute_val (video, "ice-ufrag"), ==, "Yv1A");
  g_assert_cmpstr (gst_sdp_media_get_attribute_val (video, "ice-pwd"), ==,
                   "4qP3X5xv0mYJAwVHgVWnJ1");
  g_assert_cmpuint (count_attribute (video, "ice-ufrag"), ==, 1);
  g_assert_cmpuint (count_attribute (video, "candidate"), ==, 0);
  g_assert_cmpuint (count_attribute (audio, "candidate"), ==, 1);
  g_assert_cmpstr (gst_sdp_media_get_attribute_val (audio, "ice-ufrag"), ==, "Yv1A");

  /* Already consistent: nothing changes. */
  g_assert_false (gst_call_sdp_normalise_bundle_ice (message));
}

static void
test_normalise_without_bundle (void)
{
  g_autofree char *text = NULL;
  g_autoptr (GstSDPMessage) message = NULL;
  GString *unbundled = g_string_new (aiortc_offer);

  /* Without a BUNDLE group, each section keeps its own transport. */
  g_string_replace (unbundled, "a=group:BUNDLE 0 1\r\n", "", 1);
  text = g_string_free (unbundled, FALSE);
  message = parse (text);
  g_assert_false (gst_call_sdp_normalise_bundle_ice (message));
  g_assert_cmpstr (gst_sdp_media_get_attribute_val (gst_sdp_message_get_media (message, 1),
                                                    "ice-ufrag"), ==, "Zq9B");
}

typedef struct {
  GstCallMediaKind kind;
  GstCallCodec preferred;
  gboolean found;
  GstCallCodec codec;
  guint payload_type;
  const char *profile_level_id;
} SendCodecCase;

static void
test_find_send_codec (void)
{
  const SendCodecCase cases[] = {
    /* The offer's own payload type numbers, not ours (Opus 111, VP8 96). */
    { GST_CALL_MEDIA_KIND_AUDIO, GST_CALL_CODEC_OPUS, TRUE, GST_CALL_CODEC_OPUS, 96, NULL },
    { GST_CALL_MEDIA_KIND_VIDEO, GST_CALL_CODEC_VP8, TRUE, GST_CALL_CODEC_VP8, 97, NULL },
    /* H.264: packetization mode 1 only, with the offer's profile. */
    { GST_CALL_MEDIA_KIND_VIDEO, GST_CALL_CODEC_H264, TRUE, GST_CALL_CODEC_H264, 99,
      "42e01f" },
    /* The configured codec when offered, even after others. */
    { GST_CALL_MEDIA_KIND_AUDIO, GST_CALL_CODEC_PCMA, TRUE, GST_CALL_CODEC_PCMA, 8, NULL },
    /* A codec not offered: the first offered one we can send. */
    { GST_CALL_MEDIA_KIND_VIDEO, GST_CALL_CODEC_VP9, TRUE, GST_CALL_CODEC_VP8, 97, NULL },
  };
  g_autoptr (GstSDPMessage) message = parse (aiortc_offer);

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++) {
    const SendCodecCase *expected = &cases[i];
    g_autofree char *profile = NULL;
    GstCallCodec codec = GST_CALL_CODEC_AV1;
    guint payload_type = 0;

    g_assert_cmpint (gst_call_sdp_find_send_codec (message, expected->kind,
                                                   expected->preferred, &codec,
                                                   &payload_type, &profile),
                     ==, expected->found);
    g_assert_cmpint (codec, ==, expected->codec);
    g_assert_cmpuint (payload_type, ==, expected->payload_type);
    g_assert_cmpstr (profile, ==, expected->profile_level_id);
  }
}

static void
test_find_send_codec_nothing_sendable (void)
{
  GString *text = g_string_new (aiortc_offer);
  g_autofree char *offer = NULL;
  g_autoptr (GstSDPMessage) message = NULL;
  g_autofree char *profile = NULL;
  GstCallCodec codec = GST_CALL_CODEC_VP8;
  guint payload_type = 0;

  /* Video offered only as H.264 in packetization mode 0 and in High
   * profile: nothing our encoders can send. */
  g_string_replace (text, "a=rtpmap:97 VP8/90000", "a=rtpmap:97 H264/90000", 1);
  g_string_replace (text, "profile-level-id=42E01F", "profile-level-id=64001f", 1);
  offer = g_string_free (text, FALSE);
  message = parse (offer);
  g_assert_false (gst_call_sdp_find_send_codec (message, GST_CALL_MEDIA_KIND_VIDEO,
                                                GST_CALL_CODEC_H264, &codec,
                                                &payload_type, &profile));
  g_assert_null (profile);
}

static void
test_find_send_codec_missing_kind (void)
{
  g_autoptr (GstSDPMessage) message = NULL;
  g_autofree char *profile = NULL;
  g_autofree char *audio_only = g_strndup (aiortc_offer,
                                           strstr (aiortc_offer, "m=video") - aiortc_offer);
  GString *text = g_string_new (audio_only);
  g_autofree char *offer = NULL;
  GstCallCodec codec = GST_CALL_CODEC_VP8;
  guint payload_type = 0;

  g_string_replace (text, "a=group:BUNDLE 0 1", "a=group:BUNDLE 0", 1);
  offer = g_string_free (text, FALSE);
  message = parse (offer);
  g_assert_false (gst_call_sdp_find_send_codec (message, GST_CALL_MEDIA_KIND_VIDEO,
                                                GST_CALL_CODEC_VP8, &codec,
                                                &payload_type, &profile));
}

/* An H.264 offer at another level: answering, the offer's profile-level-id
 * is kept (an answer may only keep or lower it, and webrtcbin takes only
 * the offer's); a profile our encoders do not write is not sent. */
static void
test_find_send_codec_h264_level (void)
{
  const struct {
    const char *fmtp;
    gboolean found;
    const char *profile_level_id;
  } cases[] = {
    { "packetization-mode=1;profile-level-id=42E028;level-asymmetry-allowed=1", TRUE,
      "42e028" },
    { "profile-level-id=42001f;packetization-mode=1", TRUE, "42001f" },
    { "packetization-mode=1;profile-level-id=4d0028", FALSE, NULL },
    { "packetization-mode=0;profile-level-id=42e01f", FALSE, NULL },
    { "packetization-mode=1", FALSE, NULL },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *offer = g_strdup_printf (
        "v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n"
        "m=video 9 UDP/TLS/RTP/SAVPF 102\r\nc=IN IP4 127.0.0.1\r\n"
        "a=ice-ufrag:Yv1A\r\na=ice-pwd:4qP3X5xv0mYJAwVHgVWnJ1\r\n"
        "a=fingerprint:sha-256 9D:4A:7B:1C:22:E0:5F:11:AB:93:6C:0D:EE:41:27:8A:3B:C5:90:12:"
        "7F:6E:D4:A8:01:BC:33:9F:5E:62:48:C7\r\na=setup:actpass\r\na=mid:0\r\n"
        "a=rtpmap:102 H264/90000\r\na=fmtp:102 %s\r\n", cases[i].fmtp);
    g_autoptr (GstSDPMessage) message = parse (offer);
    g_autofree char *profile = NULL;
    GstCallCodec codec = GST_CALL_CODEC_AV1;
    guint payload_type = 0;

    g_test_message ("%s", cases[i].fmtp);
    g_assert_cmpint (gst_call_sdp_find_send_codec (message, GST_CALL_MEDIA_KIND_VIDEO,
                                                   GST_CALL_CODEC_H264, &codec,
                                                   &payload_type, &profile),
                     ==, cases[i].found);
    g_assert_cmpstr (profile, ==, cases[i].profile_level_id);
    if (cases[i].found)
      g_assert_cmpuint (payload_type, ==, 102);
  }
}

/* The transport-wide-cc extension identifier of an offer's section, as
 * browsers write it (Chrome: 3, Firefox: 7), only with transport-cc
 * feedback asked for in the same section. */
static void
test_find_twcc_id (void)
{
  static const struct {
    const char *video_attributes;
    guint id;
  } cases[] = {
    { "a=extmap:3 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01\r\n"
      "a=rtcp-fb:97 transport-cc\r\n", 3 },
    { "a=extmap:2 http://www.webrtc.org/experiments/rtp-hdrext/abs-send-time\r\n"
      "a=extmap:7/sendrecv http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01\r\n"
      "a=rtcp-fb:97 transport-cc\r\n", 7 },
    /* The extension without the feedback, the feedback without it. */
    { "a=extmap:3 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01\r\n", 0 },
    { "a=rtcp-fb:97 transport-cc\r\n", 0 },
    /* Not a one-byte header identifier, or another URI that starts alike. */
    { "a=extmap:15 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01\r\n"
      "a=rtcp-fb:97 transport-cc\r\n", 0 },
    { "a=extmap:5 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-012\r\n"
      "a=rtcp-fb:97 transport-cc\r\n", 0 },
    { "a=extmap:x http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01\r\n"
      "a=rtcp-fb:97 transport-cc\r\n", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *text = g_strconcat (aiortc_offer, cases[i].video_attributes, NULL);
    g_autoptr (GstSDPMessage) offer = parse (text);

    g_assert_cmpuint (gst_call_sdp_find_twcc_id (offer, GST_CALL_MEDIA_KIND_VIDEO), ==,
                      cases[i].id);
    /* The audio section has none. */
    g_assert_cmpuint (gst_call_sdp_find_twcc_id (offer, GST_CALL_MEDIA_KIND_AUDIO), ==, 0);
  }
}

/* A receive-only answer with transport-cc feedback gets the offer's
 * transport-wide-cc extension, section by section; an answer that has it,
 * or has no such feedback, or a section offered without it, is left alone. */
static void
test_complete_twcc_answer (void)
{
  g_autofree char *offer_text = g_strconcat (
      aiortc_offer,
      "a=extmap:5 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01\r\n"
      "a=rtcp-fb:97 transport-cc\r\n", NULL);
  g_autoptr (GstSDPMessage) offer = parse (offer_text);
  static const char audio[] = "m=audio 9 UDP/TLS/RTP/SAVPF 96\r\na=recvonly\r\n"
                              "a=rtpmap:96 opus/48000/2\r\na=rtcp-fb:96 transport-cc\r\n";
  static const struct {
    const char *video;
    gboolean changed;
  } cases[] = {
    { "m=video 9 UDP/TLS/RTP/SAVPF 97\r\na=recvonly\r\na=rtpmap:97 VP8/90000\r\n"
      "a=rtcp-fb:97 transport-cc\r\n", TRUE },
    { "m=video 9 UDP/TLS/RTP/SAVPF 97\r\na=recvonly\r\na=rtpmap:97 VP8/90000\r\n"
      "a=rtcp-fb:97 transport-cc\r\n"
      "a=extmap:5 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01\r\n",
      FALSE },
    { "m=video 9 UDP/TLS/RTP/SAVPF 97\r\na=recvonly\r\na=rtpmap:97 VP8/90000\r\n", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *text = g_strconcat ("v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\n",
                                         audio, cases[i].video, NULL);
    g_autoptr (GstSDPMessage) answer = NULL;
    const GstSDPMedia *video;
    guint extmaps = 0;

    g_assert_cmpint (gst_sdp_message_new_from_text (text, &answer), ==, GST_SDP_OK);
    /* The offer's audio has no extension: its answer gets none. */
    g_assert_cmpint (gst_call_sdp_complete_twcc_answer (answer, offer), ==, cases[i].changed);
    g_assert_null (gst_sdp_media_get_attribute_val (gst_sdp_message_get_media (answer, 0),
                                                    "extmap"));
    video = gst_sdp_message_get_media (answer, 1);
    for (guint a = 0; a < gst_sdp_media_attributes_len (video); a++) {
      const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (video, a);

      if (g_str_equal (attribute->key, "extmap")) {
        g_assert_true (g_str_has_prefix (attribute->value, "5 ") &&
                       g_str_equal (attribute->value + 2, GST_CALL_MEDIA_TWCC_URI));
        extmaps++;
      }
    }
    g_assert_cmpuint (extmaps, ==, i < 2 ? 1 : 0);
  }
}

int
main (int argc, char **argv)
{
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/GstCall/Sdp/normalise-bundle-ice", test_normalise_bundle_ice);
  g_test_add_func ("/GstCall/Sdp/normalise-without-bundle", test_normalise_without_bundle);
  g_test_add_func ("/GstCall/Sdp/find-send-codec", test_find_send_codec);
  g_test_add_func ("/GstCall/Sdp/find-send-codec-nothing-sendable",
                   test_find_send_codec_nothing_sendable);
  g_test_add_func ("/GstCall/Sdp/find-send-codec-h264-level",
                   test_find_send_codec_h264_level);
  g_test_add_func ("/GstCall/Sdp/find-send-codec-missing-kind",
                   test_find_send_codec_missing_kind);
  g_test_add_func ("/GstCall/Sdp/find-twcc-id", test_find_twcc_id);
  g_test_add_func ("/GstCall/Sdp/complete-twcc-answer", test_complete_twcc_answer);
  return g_test_run ();
}
