/* libgstcall tests: SDES a=crypto lines (RFC 4568) of the plain RTP
 * transport, without a pipeline
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "test-utils.h"

#include "gstcall-srtp-private.h"

#define KEY "WVNfX19zZW1jdGwgKCkgewkyMjA7fQp9CnVubGVz"

static void
test_parse_good (void)
{
  static const struct {
    const char *line;
    guint tag;
    GstCallSrtpSuite suite;
  } good[] = {
    { "1 AES_CM_128_HMAC_SHA1_80 inline:" KEY, 1, GST_CALL_SRTP_SUITE_AES_CM_128_HMAC_SHA1_80 },
    { "2 AES_CM_128_HMAC_SHA1_32 inline:" KEY "|2^20", 2,
      GST_CALL_SRTP_SUITE_AES_CM_128_HMAC_SHA1_32 },
    { "999999999  AES_CM_128_HMAC_SHA1_80\tinline:" KEY "|1048576", 999999999,
      GST_CALL_SRTP_SUITE_AES_CM_128_HMAC_SHA1_80 },
    { "3 AES_CM_128_HMAC_SHA1_80 INLINE:" KEY, 3, GST_CALL_SRTP_SUITE_AES_CM_128_HMAC_SHA1_80 },
  };
  gsize expected_len = 0;
  g_autofree guint8 *expected = g_base64_decode (KEY, &expected_len);

  g_assert_cmpuint (expected_len, ==, GST_CALL_SRTP_KEY_LEN);
  for (guint i = 0; i < G_N_ELEMENTS (good); i++) {
    g_autoptr (GError) error = NULL;
    GstCallSrtpCrypto crypto;

    g_assert_true (gst_call_srtp_crypto_parse (good[i].line, &crypto, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (crypto.tag, ==, good[i].tag);
    g_assert_cmpint (crypto.suite, ==, good[i].suite);
    g_assert_cmpmem (crypto.key, sizeof crypto.key, expected, expected_len);
  }
}

static void
test_parse_bad (void)
{
  static const struct {
    const char *line;
    const char *message_part;
  } bad[] = {
    { "", "needs a tag" },
    { "1 AES_CM_128_HMAC_SHA1_80", "needs a tag" },
    { "x AES_CM_128_HMAC_SHA1_80 inline:" KEY, "tag \"x\"" },
    { "1234567890 AES_CM_128_HMAC_SHA1_80 inline:" KEY, "at most 9 digits" },
    { "1 AES_256_CM_HMAC_SHA1_80 inline:" KEY, "AES_256_CM_HMAC_SHA1_80 is not supported" },
    { "1 F8_128_HMAC_SHA1_80 inline:" KEY, "F8_128_HMAC_SHA1_80" },
    { "1 AES_CM_128_HMAC_SHA1_80 uri:https://example.org/key", "\"inline\"" },
    { "1 AES_CM_128_HMAC_SHA1_80 inline:" KEY "|2^20|1:4", "MKI" },
    { "1 AES_CM_128_HMAC_SHA1_80 inline:" KEY "|1:4", "MKI" },
    { "1 AES_CM_128_HMAC_SHA1_80 inline:" KEY ";inline:" KEY, "more than one key" },
    { "1 AES_CM_128_HMAC_SHA1_80 inline:" KEY "|2^x", "lifetime" },
    { "1 AES_CM_128_HMAC_SHA1_80 inline:" KEY "|1|2|3", "\"|\" fields" },
    { "1 AES_CM_128_HMAC_SHA1_80 inline:c2hvcnQ=", "base64" },
    { "1 AES_CM_128_HMAC_SHA1_80 inline:", "base64" },
    { "1 AES_CM_128_HMAC_SHA1_80 inline:" KEY "AAAA", "base64" },
    { "1 AES_CM_128_HMAC_SHA1_80 inline:WVNfX19zZW1jdGwgKCkgewkyMjA7fQp9CnVub!!!", "base64" },
    { "1 AES_CM_128_HMAC_SHA1_80 inline:" KEY " KDR=1", "KDR=1" },
    { "1 AES_CM_128_HMAC_SHA1_80 inline:" KEY " UNENCRYPTED_SRTCP", "UNENCRYPTED_SRTCP" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++) {
    g_autoptr (GError) error = NULL;
    GstCallSrtpCrypto crypto = { 0 };

    g_assert_false (gst_call_srtp_crypto_parse (bad[i].line, &crypto, &error));
    g_assert_nonnull (error);
    g_test_message ("\"%s\": %s", bad[i].line, error->message);
    g_assert_nonnull (strstr (error->message, bad[i].message_part));
    /* Nothing is written on failure. */
    g_assert_cmpuint (crypto.tag, ==, 0);
    g_assert_cmpint (crypto.suite, ==, GST_CALL_SRTP_SUITE_NONE);
  }
}

static void
test_round_trip (void)
{
  g_autoptr (GError) error = NULL;
  GstCallSrtpCrypto made, read;
  GstCallSrtpCrypto other;
  g_autofree char *line = NULL;

  g_assert_true (gst_call_srtp_crypto_init_random (&made, 4,
      GST_CALL_SRTP_SUITE_AES_CM_128_HMAC_SHA1_32, &error));
  g_assert_no_error (error);
  line = gst_call_srtp_crypto_to_string (&made);
  g_assert_true (g_str_has_prefix (line, "4 AES_CM_128_HMAC_SHA1_32 inline:"));
  g_assert_true (gst_call_srtp_crypto_parse (line, &read, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (read.tag, ==, 4);
  g_assert_cmpint (read.suite, ==, GST_CALL_SRTP_SUITE_AES_CM_128_HMAC_SHA1_32);
  g_assert_cmpmem (read.key, sizeof read.key, made.key, sizeof made.key);

  /* Two keys are never the same. */
  g_assert_true (gst_call_srtp_crypto_init_random (&other, 4,
      GST_CALL_SRTP_SUITE_AES_CM_128_HMAC_SHA1_32, &error));
  g_assert_true (memcmp (other.key, made.key, sizeof made.key) != 0);
}

static void
test_media_find (void)
{
  g_autoptr (GstSDPMessage) sdp = NULL;
  g_autoptr (GError) error = NULL;
  const GstSDPMedia *media;
  GstCallSrtpCrypto crypto;

  g_assert_cmpint (gst_sdp_message_new_from_text (
      "v=0\r\no=- 1 0 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\n"
      "m=audio 5000 RTP/SAVP 0\r\n"
      "a=crypto:1 AEAD_AES_128_GCM inline:" KEY "\r\n"
      "a=crypto:2 AES_CM_128_HMAC_SHA1_80 inline:" KEY "|2^20|1:4\r\n"
      "a=crypto:3 AES_CM_128_HMAC_SHA1_32 inline:" KEY "\r\n"
      "m=audio 5000 RTP/AVP 0\r\n", &sdp), ==, GST_SDP_OK);
  media = gst_sdp_message_get_media (sdp, 0);
  g_assert_true (gst_call_srtp_media_is_secure (media));
  g_assert_false (gst_call_srtp_media_is_secure (gst_sdp_message_get_media (sdp, 1)));

  /* The first line we can use. */
  g_assert_true (gst_call_srtp_media_find_crypto (media, 0, 0, &crypto, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (crypto.tag, ==, 3);

  /* A given tag: the answer to our offer. */
  g_assert_false (gst_call_srtp_media_find_crypto (media, 0, 2, &crypto, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION);
  g_test_message ("%s", error->message);
  /* Every line's reason is named. */
  g_assert_nonnull (strstr (error->message, "line 1: its crypto suite AEAD_AES_128_GCM"));
  g_assert_nonnull (strstr (error->message, "line 2: its key has an MKI"));
  g_assert_nonnull (strstr (error->message, "line 3: its tag 3 is not the offered 2"));
  g_clear_error (&error);

  g_assert_false (gst_call_srtp_media_find_crypto (gst_sdp_message_get_media (sdp, 1), 1, 0,
                                                   &crypto, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION);
  g_assert_nonnull (strstr (error->message, "Media section 1"));
  g_assert_nonnull (strstr (error->message, "no a=crypto line"));
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/GstCall/Srtp/parse-good", test_parse_good);
  g_test_add_func ("/GstCall/Srtp/parse-bad", test_parse_bad);
  g_test_add_func ("/GstCall/Srtp/round-trip", test_round_trip);
  g_test_add_func ("/GstCall/Srtp/media-find-crypto", test_media_find);

  return g_test_run ();
}
