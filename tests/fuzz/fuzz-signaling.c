/* libFuzzer harness: one WebSocket signaling message through
 * gst_call_signaling_parse(), the JSON parsing and schema check every
 * message from a client (signaling server) or from the server (WebSocket
 * signaller) passes before it is used.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Input: one byte for the direction ('s': from the server, anything else:
 * from a client), then the message as it arrives in a WebSocket text frame.
 */

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gstcall-error.h"
#include "gstcall-signaling-private.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  GstCallSignalingDirection direction;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (JsonObject) message = NULL;
  g_autoptr (GError) error = NULL;
  const char *type = NULL;

  if (size < 1)
    return 0;
  direction = data[0] == 's' ? GST_CALL_SIGNALING_FROM_SERVER
                             : GST_CALL_SIGNALING_FROM_CLIENT;
  bytes = g_bytes_new (data + 1, size - 1);

  message = gst_call_signaling_parse (bytes, direction, &type, &error);
  if (message) {
    g_autofree char *text = NULL;

    g_assert_no_error (error);
    g_assert_nonnull (type);
    g_assert_cmpstr (gst_call_signaling_get_string (message, "type"), ==, type);
    /* What the server does with a message it passes on: it rewrites the
     * addressing and serialises it again; the result parses the same way. */
    if (direction == GST_CALL_SIGNALING_FROM_CLIENT) {
      if (json_object_has_member (message, "to"))
        json_object_remove_member (message, "to");
      json_object_set_string_member (message, "from", "1");
    }
    text = gst_call_signaling_to_text (message);
    g_assert_nonnull (text);
    if (direction == GST_CALL_SIGNALING_FROM_CLIENT &&
        !g_str_equal (type, "join")) {
      g_autoptr (GBytes) again = g_bytes_new_static (text, strlen (text));
      g_autoptr (JsonObject) relayed = NULL;
      const char *relayed_type = NULL;

      relayed = gst_call_signaling_parse (again, GST_CALL_SIGNALING_FROM_SERVER,
                                          &relayed_type, &error);
      g_assert_no_error (error);
      g_assert_nonnull (relayed);
      g_assert_cmpstr (relayed_type, ==, type);
    }
  } else {
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING);
    g_assert_nonnull (error->message);
  }
  return 0;
}
