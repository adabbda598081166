/* The checks a remote description passes: the peer's DTLS certificate
 * against its a=fingerprint, and the codec we send against the ones it
 * accepts.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "test-utils.h"

#include "gstcall-dtls-private.h"
#include "gstcall-sdp-private.h"

/* A self-signed P-256 certificate; its fingerprints, from
 * `openssl x509 -noout -fingerprint -sha256` (and -sha1). */
static const char certificate[] =
  "-----BEGIN CERTIFICATE-----\n"
  "MIIBcjCCARmgAwIBAgIUcY130DUqAZDDWRm/v1GppH1vpnUwCgYIKoZIzj0EAwIw\n"
  "DzENMAsGA1UEAwwEZnV6ejAeFw0yNjEyMDMwOTE5MTRaFw0yNjEyMDQwOTE5MTRa\n"
  "MA8xDTALBgNVBAMMBGZ1enowWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAATln1Xg\n"
  "9EC7NQRv0Tt1vbtAwqr3V5/IitX7gGxjIUly4ZNj5z5TTgCoJ52wp16DZc8j+aYy\n"
  "GEpKIhHTtkG/v0CDo1MwUTAdBgNVHQ4EFgQUoWOvPkYqo4aaC3N9zYS8uNUOSVkw\n"
  "HwYDVR0jBBgwFoAUoWOvPkYqo4aaC3N9zYS8uNUOSVkwDwYDVR0TAQH/BAUwAwEB\n"
  "/zAKBggqhkjOPQQDAgNHADBEAiBHT/I0kS0K7o34uFggY+YlfWbN2QcEsk7SZM6x\n"
  "Kysn/AIgFkAruj8e/IyYVvAHSq0al4BpYX7VdKDKsLrPoSLzJNs=\n"
  "-----END CERTIFICATE-----\n";
#define SHA256_TAIL ":B0:25:7B:D5:48:E8:26:4C:2A:FF:07:FF:DB:84:5D:17:F4:36:AC:E1:74:4C:39:B1:8D:4E:A8:32:57:8C:E7"
#define SHA256 "28" SHA256_TAIL
#define SHA1_TAIL ":A4:00:88:B3:FF:B3:C8:77:07:99:3A:65:C3:28:46:59:47:EA:6C"
#define SHA1 "2A" SHA1_TAIL

static void
assert_certificate (const char * const *fingerprints,
                    gboolean            matches,
                    const char         *message_part)
{
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (gst_call_dtls_check_certificate (certificate, fingerprints, &error), ==,
                   matches);
  if (matches) {
    g_assert_no_error (error);
  } else {
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_DTLS);
    g_assert_nonnull (strstr (error->message, message_part));
    /* The error never repeats a fingerprint. */
    g_assert_null (strstr (error->message, "28:B0"));
  }
}

static void
test_fingerprint (void)
{
  const char * const sha256[] = { "sha-256 " SHA256, NULL };
  const char * const sha1_lower[] = { "SHA-1 2a:a4:00:88:b3:ff:b3:c8:77:07:99:3a:65:c3:28:46:59:47:ea:6c", NULL };
  const char * const both[] = { "sha-1 " SHA1, "sha-256 " SHA256, NULL };
  const char * const unknown_and_sha256[] = { "sha-224 00:11", "sha-256 " SHA256, NULL };
  const char * const other[] = { "sha-256 29" SHA256_TAIL, NULL };
  const char * const one_wrong[] = { "sha-256 " SHA256, "sha-1 2B" SHA1_TAIL, NULL };
  const char * const truncated[] = { "sha-256 28:B0:25", NULL };
  const char * const malformed[] = { "sha-256 28:B0:2", NULL };
  const char * const not_hex[] = { "sha-256 ZZ" SHA256_TAIL, NULL };
  const char * const unknown_only[] = { "md5 28:B0:25:7B", NULL };
  const char * const none[] = { NULL };

  assert_certificate (sha256, TRUE, NULL);
  assert_certificate (sha1_lower, TRUE, NULL);
  assert_certificate (both, TRUE, NULL);
  assert_certificate (unknown_and_sha256, TRUE, NULL);

  assert_certificate (other, FALSE, "does not match the sha-256 fingerprint");
  assert_certificate (one_wrong, FALSE, "does not match the sha-1 fingerprint");
  assert_certificate (truncated, FALSE, "does not match");
  assert_certificate (malformed, FALSE, "malformed sha-256 fingerprint");
  assert_certificate (not_hex, FALSE, "malformed");
  assert_certificate (unknown_only, FALSE, "no fingerprint");
  assert_certificate (none, FALSE, "no fingerprint");

  /* No certificate, or not one. */
  {
    g_autoptr (GError) error = NULL;

    g_assert_false (gst_call_dtls_check_certificate (NULL, sha256, &error));
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_DTLS);
    g_clear_error (&error);
    g_assert_false (gst_call_dtls_check_certificate ("-----BEGIN CERTIFICATE-----\n!!\n"
                                                     "-----END CERTIFICATE-----\n",
                                                     sha256, &error));
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_DTLS);
  }
}

static GstSDPMessage *
parse (const char *text)
{
  GstSDPMessage *message = NULL;

  g_assert_cmpint (gst_sdp_message_new_from_text (text, &message), ==, GST_SDP_OK);
  return message;
}

static void
test_fingerprints_of_description (void)
{
  g_autoptr (GstSDPMessage) message = parse (
      "v=0\r\no=- 1 0 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\n"
      "a=fingerprint:sha-1 " SHA1 "\r\n"
      "m=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=rtpmap:111 OPUS/48000/2\r\n"
      "a=fingerprint:sha-256 " SHA256 "\r\n"
      "m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=rtpmap:96 VP8/90000\r\n");
  g_auto (GStrv) fingerprints = gst_call_dtls_get_fingerprints (message);

  g_assert_cmpuint (g_strv_length (fingerprints), ==, 2);
  g_assert_cmpstr (fingerprints[0], ==, "sha-1 " SHA1);
  g_assert_cmpstr (fingerprints[1], ==, "sha-256 " SHA256);
  assert_certificate ((const char * const *) fingerprints, TRUE, NULL);
}

static void
assert_codec (const char *sdp,
              const char *kind,
              const char *codec,
              const char *error_message)
{
  g_autoptr (GstSDPMessage) message = parse (sdp);
  g_autoptr (GError) error = NULL;
  gboolean ok = gst_call_sdp_check_codec (message, kind, codec, &error);

  if (!error_message) {
    g_assert_no_error (error);
    g_assert_true (ok);
  } else {
    g_assert_false (ok);
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION);
    g_assert_cmpstr (error->message, ==, error_message);
  }
}

#define HEAD "v=0\r\no=- 1 0 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\n"

static void
test_common_codec (void)
{
  const char *vp9_rtx = HEAD "m=video 9 UDP/TLS/RTP/SAVPF 96 97 98\r\n"
                        "a=rtpmap:96 VP9/90000\r\na=rtpmap:97 rtx/90000\r\n"
                        "a=rtpmap:98 VP8/90000\r\na=sendrecv\r\n";

  assert_codec (vp9_rtx, "video", "VP9", NULL);
  assert_codec (vp9_rtx, "video", "vp8", NULL);
  assert_codec (vp9_rtx, "video", "H264", "No common video codec: we send H264, the peer accepts VP9, VP8");
  /* No video at all: nothing to disagree on. */
  assert_codec (vp9_rtx, "audio", "OPUS", NULL);

  /* G.711 by static payload type, without rtpmap. */
  assert_codec (HEAD "m=audio 9 UDP/TLS/RTP/SAVPF 0\r\n", "audio", "PCMU", NULL);
  assert_codec (HEAD "m=audio 9 UDP/TLS/RTP/SAVPF 0 8\r\n", "audio", "OPUS",
                "No common audio codec: we send OPUS, the peer accepts PCMU, PCMA");
  assert_codec (HEAD "m=audio 9 UDP/TLS/RTP/SAVPF 101\r\na=rtpmap:101 telephone-event/8000\r\n",
                "audio", "OPUS", "No common audio codec: we send OPUS, the peer names no audio codec");

  /* Sections the peer does not receive on do not count: rejected, bundle-only
   * ones do; sendonly and inactive ones do not. */
  assert_codec (HEAD "m=video 0 UDP/TLS/RTP/SAVPF 96\r\na=rtpmap:96 VP9/90000\r\n",
                "video", "H264", NULL);
  assert_codec (HEAD "m=video 0 UDP/TLS/RTP/SAVPF 96\r\na=bundle-only\r\na=rtpmap:96 VP9/90000\r\n",
                "video", "H264", "No common video codec: we send H264, the peer accepts VP9");
  assert_codec (HEAD "m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=sendonly\r\na=rtpmap:96 VP9/90000\r\n",
                "video", "H264", NULL);
  assert_codec (HEAD "m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=inactive\r\na=rtpmap:96 VP9/90000\r\n",
                "video", "H264", NULL);
  assert_codec (HEAD "m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=recvonly\r\na=rtpmap:96 VP9/90000\r\n",
                "video", "H264", "No common video codec: we send H264, the peer accepts VP9");
  /* Malformed rtpmap lines are skipped. */
  assert_codec (HEAD "m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=rtpmap:96\r\na=rtpmap:97 \r\n",
                "video", "VP8", "No common video codec: we send VP8, the peer names no video codec");
}

/* gst_call_sdp_check_offer_usable() on @sdp, for a side sending audio
 * and video as @sends says; NULL @error_part: usable. */
static void
assert_usable (const char *sdp,
               gboolean    send_audio,
               gboolean    send_video,
               const char *error_part)
{
  g_autoptr (GstSDPMessage) message = parse (sdp);
  g_autoptr (GError) error = NULL;
  const gboolean sends[2] = { send_audio, send_video };
  gboolean ok;

  G_STATIC_ASSERT (GST_CALL_MEDIA_KIND_AUDIO == 0 && GST_CALL_MEDIA_KIND_VIDEO == 1);
  ok = gst_call_sdp_check_offer_usable (message, sends, &error);
  if (!error_part) {
    g_assert_no_error (error);
    g_assert_true (ok);
  } else {
    g_assert_false (ok);
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION);
    g_test_message ("%s", error->message);
    g_assert_nonnull (strstr (error->message, error_part));
  }
}

/* An offer gives the answerer something to do, or is refused naming the
 * codecs offered and those this side receives and sends. */
static void
test_offer_usable (void)
{
  const char *xyz_publisher = HEAD "m=video 9 UDP/TLS/RTP/SAVPF 96 97\r\na=sendonly\r\n"
                              "a=rtpmap:96 XYZ/90000\r\na=rtpmap:97 rtx/90000\r\n";
  const char *xyz_player = HEAD "m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=recvonly\r\n"
                           "a=rtpmap:96 XYZ/90000\r\n";

  /* A publisher: we receive what it sends. */
  assert_usable (HEAD "m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=sendonly\r\n"
                 "a=rtpmap:96 VP8/90000\r\n", FALSE, FALSE, NULL);
  assert_usable (HEAD "m=audio 9 UDP/TLS/RTP/SAVPF 0\r\na=sendonly\r\n", FALSE, FALSE, NULL);
  assert_usable (xyz_publisher, FALSE, FALSE,
                 "it offers video XYZ/90000; this side receives OPUS, PCMA, PCMU, VP8");
  assert_usable (xyz_publisher, FALSE, FALSE, "and sends nothing");
  /* One usable section is enough. */
  assert_usable (HEAD "m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=rtpmap:96 XYZ/90000\r\n"
                 "m=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=rtpmap:111 opus/48000/2\r\n",
                 FALSE, FALSE, NULL);

  /* A player: we send what it receives, if we send that kind. */
  assert_usable (HEAD "m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=recvonly\r\n"
                 "a=rtpmap:96 VP8/90000\r\n", FALSE, TRUE, NULL);
  assert_usable (HEAD "m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=recvonly\r\n"
                 "a=rtpmap:96 VP8/90000\r\n", TRUE, FALSE, "and sends OPUS, PCMA, PCMU");
  assert_usable (xyz_player, TRUE, TRUE, "it offers video XYZ/90000;");
  assert_usable (xyz_player, TRUE, TRUE, "and sends OPUS, PCMA, PCMU, VP8, VP9, H264");
  /* H.264 is one we send. */
  assert_usable (HEAD "m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=recvonly\r\n"
                 "a=rtpmap:96 H264/90000\r\n"
                 "a=fmtp:96 packetization-mode=1;profile-level-id=42e01f\r\n",
                 FALSE, TRUE, NULL);

  /* Nothing asked for: data channels only, rejected or inactive media. */
  assert_usable (HEAD "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n", FALSE, FALSE,
                 NULL);
  assert_usable (HEAD "m=video 0 UDP/TLS/RTP/SAVPF 96\r\na=rtpmap:96 XYZ/90000\r\n",
                 FALSE, FALSE, NULL);
  assert_usable (HEAD "m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=inactive\r\n"
                 "a=rtpmap:96 XYZ/90000\r\n", FALSE, FALSE, NULL);
  /* Media of no use next to data channels: a call for the data channels
   * (a media-less call offers receive-only audio and video). */
  assert_usable (HEAD "m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=recvonly\r\n"
                 "a=rtpmap:96 VP8/90000\r\n"
                 "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n", FALSE, FALSE, NULL);
  assert_usable (HEAD "m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=recvonly\r\n"
                 "a=rtpmap:96 VP8/90000\r\n"
                 "m=application 0 UDP/DTLS/SCTP webrtc-datachannel\r\n", FALSE, FALSE,
                 "it offers video VP8/90000;");
}

/* Whether media section 0 of a plain RTP description made of @lines
 * passes gst_call_sdp_check_rtp_media(). */
static gboolean
rtp_media_ok (const char *lines)
{
  g_autofree char *text = g_strconcat ("v=0\r\no=- 1 0 IN IP4 127.0.0.1\r\ns=-\r\n"
                                       "c=IN IP4 127.0.0.1\r\nt=0 0\r\n", lines, NULL);
  g_autoptr (GstSDPMessage) sdp = NULL;
  g_autoptr (GError) error = NULL;
  gboolean ok;

  g_assert_cmpint (gst_sdp_message_new_from_text (text, &sdp), ==, GST_SDP_OK);
  ok = gst_call_sdp_check_rtp_media (gst_sdp_message_get_media (sdp, 0), 0, &error);
  g_assert_true (ok == (error == NULL));
  if (error) {
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
    g_test_message ("%s", error->message);
  }
  return ok;
}

static void
test_rtp_media (void)
{
  g_assert_true (rtp_media_ok ("m=audio 5000 RTP/AVP 0 8 101 127\r\na=mid:audio-0\r\n"));
  g_assert_true (rtp_media_ok ("m=audio 5000 RTP/AVP 0\r\n"));
  /* Formats that are no payload type: not payload type 0. */
  g_assert_false (rtp_media_ok ("m=audio 5000 RTP/AVP 0 PCMU\r\n"));
  g_assert_false (rtp_media_ok ("m=audio 5000 RTP/AVP 0x0\r\n"));
  g_assert_false (rtp_media_ok ("m=audio 5000 RTP/AVP -1\r\n"));
  g_assert_false (rtp_media_ok ("m=audio 5000 RTP/AVP 128\r\n"));
  g_assert_false (rtp_media_ok ("m=audio 5000 RTP/AVP 00000000000000000000008\r\n"));
  /* MIDs: tokens of 1 to 32 characters. */
  g_assert_true (rtp_media_ok ("m=audio 5000 RTP/AVP 0\r\n"
                               "a=mid:0123456789abcdef0123456789abcdef\r\n"));
  g_assert_false (rtp_media_ok ("m=audio 5000 RTP/AVP 0\r\n"
                                "a=mid:0123456789abcdef0123456789abcdefX\r\n"));
  g_assert_false (rtp_media_ok ("m=audio 5000 RTP/AVP 0\r\na=mid:\r\n"));
  g_assert_false (rtp_media_ok ("m=audio 5000 RTP/AVP 0\r\na=mid:a b\r\n"));
  g_assert_false (rtp_media_ok ("m=audio 5000 RTP/AVP 0\r\na=mid:a/b\r\n"));
}

/* The RTCP port media section 0 of a description made of @lines gives,
 * 0 when refused with an error of @code. */
static guint
rtcp_port (const char *lines,
           int         code)
{
  g_autofree char *text = g_strconcat ("v=0\r\no=- 1 0 IN IP4 127.0.0.1\r\ns=-\r\n"
                                       "c=IN IP4 127.0.0.1\r\nt=0 0\r\n", lines, NULL);
  g_autoptr (GstSDPMessage) sdp = NULL;
  g_autoptr (GError) error = NULL;
  guint port = 0;

  g_assert_cmpint (gst_sdp_message_new_from_text (text, &sdp), ==, GST_SDP_OK);
  if (!gst_call_sdp_media_rtcp_port (gst_sdp_message_get_media (sdp, 0), 0, "127.0.0.1",
                                     &port, &error)) {
    g_assert_error (error, GST_CALL_ERROR, code);
    g_assert_cmpuint (strlen (error->message), <, 200);
    g_test_message ("%s", error->message);
    return 0;
  }
  g_assert_no_error (error);
  return port;
}

static void
test_rtcp_port (void)
{
  /* rtcp-mux (RFC 5761), a=rtcp (RFC 3605), the next port (RFC 3550). */
  g_assert_cmpuint (rtcp_port ("m=audio 5000 RTP/AVP 0\r\na=rtcp-mux\r\n", 0), ==, 5000);
  g_assert_cmpuint (rtcp_port ("m=audio 5000 RTP/AVP 0\r\na=rtcp:6001\r\n", 0), ==, 6001);
  g_assert_cmpuint (rtcp_port ("m=audio 5000 RTP/AVP 0\r\n"
                               "a=rtcp:6001 IN IP4 127.0.0.1\r\n", 0), ==, 6001);
  g_assert_cmpuint (rtcp_port ("m=audio 5000 RTP/AVP 0\r\n", 0), ==, 5001);
  g_assert_cmpuint (rtcp_port ("m=audio 5000 RTP/AVP 0\r\na=rtcp:6001\r\na=rtcp-mux\r\n",
                               0), ==, 5000);
  /* No port, or past the last one; with rtcp-mux too (found by
   * fuzz-rtp-sdp). */
  g_assert_cmpuint (rtcp_port ("m=audio 65535 RTP/AVP 0\r\n",
                               GST_CALL_ERROR_INVALID_ARGUMENT), ==, 0);
  g_assert_cmpuint (rtcp_port ("m=audio 80000 RTP/AVP 0\r\na=rtcp-mux\r\n",
                               GST_CALL_ERROR_INVALID_ARGUMENT), ==, 0);
  g_assert_cmpuint (rtcp_port ("m=audio 5000 RTP/AVP 0\r\na=rtcp:0\r\n",
                               GST_CALL_ERROR_INVALID_ARGUMENT), ==, 0);
  g_assert_cmpuint (rtcp_port ("m=audio 5000 RTP/AVP 0\r\na=rtcp:65536\r\n",
                               GST_CALL_ERROR_INVALID_ARGUMENT), ==, 0);
  g_assert_cmpuint (rtcp_port ("m=audio 5000 RTP/AVP 0\r\na=rtcp:abc\r\n",
                               GST_CALL_ERROR_INVALID_ARGUMENT), ==, 0);
  g_assert_cmpuint (rtcp_port ("m=audio 5000 RTP/AVP 0\r\na=rtcp:\r\n",
                               GST_CALL_ERROR_INVALID_ARGUMENT), ==, 0);
  g_assert_cmpuint (rtcp_port ("m=audio 5000 RTP/AVP 0\r\na=rtcp:6001 IN IP4\r\n",
                               GST_CALL_ERROR_INVALID_ARGUMENT), ==, 0);
  g_assert_cmpuint (rtcp_port ("m=audio 5000 RTP/AVP 0\r\n"
                               "a=rtcp:6001 IN IP4 127.0.0.1 extra\r\n",
                               GST_CALL_ERROR_INVALID_ARGUMENT), ==, 0);
  /* RTCP to another address than RTP. */
  g_assert_cmpuint (rtcp_port ("m=audio 5000 RTP/AVP 0\r\na=rtcp:6001 IN IP4 10.0.0.1\r\n",
                               GST_CALL_ERROR_NEGOTIATION), ==, 0);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/GstCall/SdpChecks/fingerprint", test_fingerprint);
  g_test_add_func ("/GstCall/SdpChecks/fingerprints-of-description",
                   test_fingerprints_of_description);
  g_test_add_func ("/GstCall/SdpChecks/common-codec", test_common_codec);
  g_test_add_func ("/GstCall/SdpChecks/offer-usable", test_offer_usable);
  g_test_add_func ("/GstCall/SdpChecks/rtp-media", test_rtp_media);
  g_test_add_func ("/GstCall/SdpChecks/rtcp-port", test_rtcp_port);

  return g_test_run ();
}
