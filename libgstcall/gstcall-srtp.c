/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#ifdef HAVE_GETRANDOM
#include <sys/random.h>
#endif

#include "gstcall-srtp-private.h"
#include "gstcall-error.h"
#include "gstcall-private.h"

/* 30 bytes of key and salt are 40 base64 characters, without padding. */
#define KEY_BASE64_LEN 40
#define MAX_TAG 999999999u

typedef struct {
  GstCallSrtpSuite suite;
  const char *name;
  const char *rtp_auth;
} SuiteInfo;

static const SuiteInfo suites[] = {
  /* RFC 4568, section 6.2: SRTCP keeps the 80-bit tag with either suite. */
  { GST_CALL_SRTP_SUITE_AES_CM_128_HMAC_SHA1_80, "AES_CM_128_HMAC_SHA1_80", "hmac-sha1-80" },
  { GST_CALL_SRTP_SUITE_AES_CM_128_HMAC_SHA1_32, "AES_CM_128_HMAC_SHA1_32", "hmac-sha1-32" },
};

static const SuiteInfo *
find_suite (GstCallSrtpSuite suite)
{
  for (guint i = 0; i < G_N_ELEMENTS (suites); i++) {
    if (suites[i].suite == suite)
      return &suites[i];
  }
  return NULL;
}

const char *
gst_call_srtp_suite_to_string (GstCallSrtpSuite suite)
{
  const SuiteInfo *info = find_suite (suite);

  return info ? info->name : NULL;
}

static const char *
suite_rtp_auth (GstCallSrtpSuite suite)
{
  const SuiteInfo *info = find_suite (suite);

  g_return_val_if_fail (info != NULL, "hmac-sha1-80");
  return info->rtp_auth;
}

static gboolean
fill_random (guint8  *data,
             gsize    size,
             GError **error)
{
#ifdef HAVE_GETRANDOM
  gsize done = 0;

  while (done < size) {
    ssize_t n = getrandom (data + done, size - done, 0);

    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      int saved = errno;

      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                   _("Could not make an SRTP key: %s"), g_strerror (saved));
      return FALSE;
    }
    done += (gsize) n;
  }
  return TRUE;
#else
  FILE *source = fopen ("/dev/urandom", "rb");
  gboolean ok = source && fread (data, 1, size, source) == size;

  if (source)
    fclose (source);
  if (!ok)
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                 _("Could not make an SRTP key: %s"), _("/dev/urandom cannot be read"));
  return ok;
#endif
}

gboolean
gst_call_srtp_crypto_init_random (GstCallSrtpCrypto  *crypto,
                                  guint               tag,
                                  GstCallSrtpSuite    suite,
                                  GError            **error)
{
  memset (crypto, 0, sizeof *crypto);
  crypto->tag = tag;
  crypto->suite = suite;
  return fill_random (crypto->key, sizeof crypto->key, error);
}

/* Forgets the key, in a way the compiler keeps. */
void
gst_call_srtp_crypto_clear (GstCallSrtpCrypto *crypto)
{
#ifdef HAVE_EXPLICIT_BZERO
  explicit_bzero (crypto, sizeof *crypto);
#else
  volatile guint8 *bytes = (volatile guint8 *) crypto;

  for (gsize i = 0; i < sizeof *crypto; i++)
    bytes[i] = 0;
#endif
}

char *
gst_call_srtp_crypto_to_string (const GstCallSrtpCrypto *crypto)
{
  g_autofree char *key = g_base64_encode (crypto->key, sizeof crypto->key);

  return g_strdup_printf ("%u %s inline:%s", crypto->tag,
                          gst_call_srtp_suite_to_string (crypto->suite), key);
}

static gboolean
is_digits (const char *text)
{
  if (!*text)
    return FALSE;
  for (; *text; text++) {
    if (!g_ascii_isdigit (*text))
      return FALSE;
  }
  return TRUE;
}

/* key-info of the "inline" method (RFC 4568, section 6.1):
 * key||salt ["|" lifetime] ["|" MKI ":" length]. */
static gboolean
parse_key_info (const char         *info,
                GstCallSrtpCrypto  *crypto,
                GError            **error)
{
  g_auto (GStrv) parts = g_strsplit (info, "|", -1);
  g_autofree guint8 *key = NULL;
  gsize key_len = 0;
  guint n = g_strv_length (parts);

  if (strchr (info, ';')) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("it gives more than one key, which needs MKIs"));
    return FALSE;
  }
  if (n > 3) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("its key has %u \"|\" fields, at most 3 are allowed"), n);
    return FALSE;
  }
  for (guint i = 1; i < n; i++) {
    const char *field = parts[i];

    if (strchr (field, ':')) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                   _("its key has an MKI (\"%s\"), which is not supported"), field);
      return FALSE;
    }
    if (g_str_has_prefix (field, "2^"))
      field += 2;
    if (!is_digits (field)) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("its key lifetime \"%s\" is not a number"), parts[i]);
      return FALSE;
    }
  }

  /* "inline:" with nothing after it splits into no part at all. */
  if (n == 0 || strlen (parts[0]) != KEY_BASE64_LEN ||
      strspn (parts[0], "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
      != KEY_BASE64_LEN) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("its key is not %d base64 characters (%d bytes of key and salt)"),
                 KEY_BASE64_LEN, GST_CALL_SRTP_KEY_LEN);
    return FALSE;
  }
  key = g_base64_decode (parts[0], &key_len);
  if (key_len != GST_CALL_SRTP_KEY_LEN) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("its key is not %d base64 characters (%d bytes of key and salt)"),
                 KEY_BASE64_LEN, GST_CALL_SRTP_KEY_LEN);
    return FALSE;
  }
  memcpy (crypto->key, key, GST_CALL_SRTP_KEY_LEN);
  return TRUE;
}

/* The value of an a=crypto attribute (RFC 4568, section 9.1):
 * tag SP suite SP "inline:" key-info [SP session-params]. */
gboolean
gst_call_srtp_crypto_parse (const char         *value,
                            GstCallSrtpCrypto  *crypto,
                            GError            **error)
{
  g_auto (GStrv) tokens = NULL;
  g_autoptr (GPtrArray) fields = g_ptr_array_new ();
  GstCallSrtpCrypto parsed = { 0 };
  guint64 tag;

  g_return_val_if_fail (crypto != NULL, FALSE);

  if (!value || strpbrk (value, "\r\n")) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("it is empty"));
    return FALSE;
  }
  tokens = g_strsplit_set (value, " \t", -1);
  for (guint i = 0; tokens[i]; i++) {
    if (*tokens[i])
      g_ptr_array_add (fields, tokens[i]);
  }
  if (fields->len < 3) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("it needs a tag, a crypto suite and a key"));
    return FALSE;
  }

  if (strlen (g_ptr_array_index (fields, 0)) > 9 || !is_digits (g_ptr_array_index (fields, 0))) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("its tag \"%s\" is not a number of at most 9 digits"),
                 (const char *) g_ptr_array_index (fields, 0));
    return FALSE;
  }
  tag = g_ascii_strtoull (g_ptr_array_index (fields, 0), NULL, 10);
  parsed.tag = (guint) MIN (tag, MAX_TAG);

  for (guint i = 0; i < G_N_ELEMENTS (suites); i++) {
    if (g_strcmp0 (g_ptr_array_index (fields, 1), suites[i].name) == 0)
      parsed.suite = suites[i].suite;
  }
  if (parsed.suite == GST_CALL_SRTP_SUITE_NONE) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("its crypto suite %s is not supported"),
                 (const char *) g_ptr_array_index (fields, 1));
    return FALSE;
  }

  if (g_ascii_strncasecmp (g_ptr_array_index (fields, 2), "inline:", 7) != 0) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("its key method is not \"inline\""));
    return FALSE;
  }
  if (!parse_key_info ((const char *) g_ptr_array_index (fields, 2) + 7, &parsed, error))
    return FALSE;

  if (fields->len > 3) {
    /* UNENCRYPTED_SRTP, KDR, FEC_ORDER...: each changes the packets. */
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("its session parameter %s is not supported"),
                 (const char *) g_ptr_array_index (fields, 3));
    return FALSE;
  }

  *crypto = parsed;
  return TRUE;
}

gboolean
gst_call_srtp_media_is_secure (const GstSDPMedia *media)
{
  const char *proto = gst_sdp_media_get_proto (media);

  return g_strcmp0 (proto, "RTP/SAVP") == 0 || g_strcmp0 (proto, "RTP/SAVPF") == 0;
}

/* The first a=crypto line of @media (with tag @tag, unless 0) that we can
 * use. The error names every line's problem. */
gboolean
gst_call_srtp_media_find_crypto (const GstSDPMedia  *media,
                                 guint               index,
                                 guint               tag,
                                 GstCallSrtpCrypto  *crypto,
                                 GError            **error)
{
  g_autoptr (GString) problems = g_string_new (NULL);
  guint lines = 0;

  for (guint i = 0; i < gst_sdp_media_attributes_len (media); i++) {
    const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, i);
    g_autoptr (GError) line_error = NULL;
    GstCallSrtpCrypto found;

    if (g_strcmp0 (attribute->key, "crypto") != 0)
      continue;
    lines++;
    if (gst_call_srtp_crypto_parse (attribute->value, &found, &line_error)) {
      if (tag == 0 || found.tag == tag) {
        *crypto = found;
        return TRUE;
      }
      g_set_error (&line_error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                   _("its tag %u is not the offered %u"), found.tag, tag);
    }
    if (problems->len > 0)
      g_string_append (problems, "; ");
    /* Translators: %u counts the section's a=crypto lines from 1, %s says
     * why that line is refused. */
    g_string_append_printf (problems, _("a=crypto line %u: %s"), lines, line_error->message);
  }

  if (problems->len == 0)
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("Media section %u is SRTP but has no a=crypto line (SDES keys are "
                   "needed; libgstcall supports %s and %s)"), index,
                 suites[0].name, suites[1].name);
  else
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("Media section %u has no usable SRTP key (libgstcall supports %s and "
                   "%s): %s"), index, suites[0].name, suites[1].name, problems->str);
  return FALSE;
}

static GstBuffer *
key_buffer (const GstCallSrtpCrypto *crypto)
{
  return gst_buffer_new_memdup (crypto->key, sizeof crypto->key);
}

void
gst_call_srtp_configure_encoder (GstElement              *srtpenc,
                                 const GstCallSrtpCrypto *crypto)
{
  g_autoptr (GstBuffer) key = key_buffer (crypto);

  g_object_set (srtpenc, "key", key, NULL);
  gst_util_set_object_arg (G_OBJECT (srtpenc), "rtp-cipher", "aes-128-icm");
  gst_util_set_object_arg (G_OBJECT (srtpenc), "rtp-auth", suite_rtp_auth (crypto->suite));
  gst_util_set_object_arg (G_OBJECT (srtpenc), "rtcp-cipher", "aes-128-icm");
  gst_util_set_object_arg (G_OBJECT (srtpenc), "rtcp-auth", "hmac-sha1-80");
}

GstCaps *
gst_call_srtp_make_decoder_caps (const GstCallSrtpCrypto *crypto,
                                 guint32                  ssrc)
{
  g_autoptr (GstBuffer) key = key_buffer (crypto);

  return gst_caps_new_simple ("application/x-srtp",
                              "ssrc", G_TYPE_UINT, ssrc,
                              "srtp-key", GST_TYPE_BUFFER, key,
                              "srtp-cipher", G_TYPE_STRING, "aes-128-icm",
                              "srtp-auth", G_TYPE_STRING, suite_rtp_auth (crypto->suite),
                              "srtcp-cipher", G_TYPE_STRING, "aes-128-icm",
                              "srtcp-auth", G_TYPE_STRING, "hmac-sha1-80",
                              NULL);
}
