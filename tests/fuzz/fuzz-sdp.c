/* libFuzzer harness: remote SDP text through gst_call_sdp_parse_webrtc(),
 * the check every remote description passes before webrtcbin sees it.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stddef.h>
#include <stdint.h>

#include "gstcall-error.h"
#include "gstcall-sdp-private.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  /* Signalling hands over text: a NUL-terminated copy, cut at the first NUL
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
    gst_sdp_message_free (message);
  } else {
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (error->message);
  }
  return 0;
}
