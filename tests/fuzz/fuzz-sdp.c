/* libFuzzer harness: remote SDP text through gst_call_sdp_parse_webrtc(),
 * the check every remote description passes before webrtcbin sees it, then
 * what an accepted description goes through next: its a=fingerprint values
 * checked against a DTLS certificate, the common codec check and the
 * rewrite of aiortc-style bundles.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gstcall-dtls-private.h"
#include "gstcall-error.h"
#include "gstcall-sdp-private.h"

/* A certificate the peer may present (the fingerprints of the seeds are
 * not its own: the check must say no to them, without crashing). */
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

static void
check_accepted (const GstSDPMessage *message)
{
  static const char * const codecs[][2] = {
    { "video", "VP8" }, { "video", "H264" }, { "audio", "OPUS" }, { "audio", "PCMU" },
  };
  g_auto (GStrv) fingerprints = gst_call_dtls_get_fingerprints (message);
  g_autoptr (GError) error = NULL;

  if (!gst_call_dtls_check_certificate (certificate, (const char * const *) fingerprints,
                                        &error)) {
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_DTLS);
    g_clear_error (&error);
  }

  for (guint i = 0; i < G_N_ELEMENTS (codecs); i++) {
    if (!gst_call_sdp_check_codec (message, codecs[i][0], codecs[i][1], &error)) {
      g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION);
      g_assert_nonnull (strstr (error->message, codecs[i][1]));
      g_clear_error (&error);
    }
  }

  /* Not gst_call_sdp_find_send_codec(): GStreamer's SDP to caps conversion
   * makes a GQuark of every fmtp parameter name, and GLib never frees its
   * quark table (LeakSanitizer reports the arrays it outgrows). */
}

/* An aiortc-style bundle is rewritten; the result still parses, and a
 * second rewrite changes nothing. */
static void
check_bundle_rewrite (const GstSDPMessage *message)
{
  GstSDPMessage *copy = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  GstSDPMessage *again;

  g_assert_cmpint (gst_sdp_message_copy (message, &copy), ==, GST_SDP_OK);
  if (gst_call_sdp_normalise_bundle_ice (copy)) {
    g_assert_false (gst_call_sdp_normalise_bundle_ice (copy));
    text = gst_sdp_message_as_text (copy);
    again = gst_call_sdp_parse_webrtc (text, &error);
    if (again)
      gst_sdp_message_free (again);
    else
      g_clear_error (&error);
  }
  gst_sdp_message_free (copy);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  /* Signaling hands over text: a NUL-terminated copy, cut at the first NUL
   * like a C string from JSON would be. */
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr (GError) error = NULL;
  GstSDPMessage *message;

  message = gst_call_sdp_parse_webrtc (text, &error);
  if (message) {
    g_assert_no_error (error);
    g_assert_cmpuint (gst_sdp_message_medias_len (message), >, 0);
    /* What the peer connection does next with an accepted description. */
    g_free (gst_sdp_message_as_text (message));
    check_accepted (message);
    check_bundle_rewrite (message);
    gst_sdp_message_free (message);
  } else {
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (error->message);
  }
  return 0;
}
