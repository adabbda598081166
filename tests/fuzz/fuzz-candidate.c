/* libFuzzer harness: ICE candidate lines through
 * gst_call_sdp_check_candidate(), the syntax check of
 * gst_peer_connection_add_ice_candidate().
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gstcall-error.h"
#include "gstcall-sdp-private.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  const char *candidate;
  guint mline_index = 0;

  /* The first two bytes, when there are more, are the media section index
   * (to reach the range check); the rest is the candidate text. */
  if (size > 2 && memcmp (data, "a=", 2) != 0 && memcmp (data, "ca", 2) != 0) {
    mline_index = (guint) data[0] << 8 | data[1];
    data += 2;
    size -= 2;
  }
  text = g_strndup ((const char *) data, size);

  /* As gst_peer_connection_add_ice_candidate() strips it. */
  candidate = g_str_has_prefix (text, "a=") ? text + 2 : text;
  if (gst_call_sdp_check_candidate (candidate, mline_index, &error)) {
    g_assert_no_error (error);
    g_assert_true (g_str_has_prefix (candidate, "candidate:"));
    g_assert_cmpuint (mline_index, <=, GST_CALL_SDP_MAX_MLINE_INDEX);
  } else {
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  }
  return 0;
}
