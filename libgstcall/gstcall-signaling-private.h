/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The JSON messages of docs/signaling-protocol.md, shared by the
 * WebSocket signaller and the signaling server. */

typedef enum {
  GST_CALL_SIGNALING_FROM_CLIENT,
  GST_CALL_SIGNALING_FROM_SERVER,
} GstCallSignalingDirection;

/* Parses one message and checks it against the schema for messages going
 * in @direction: a JSON object with a known "type" and every field of that
 * type present with the right JSON type. On success *@type points into the
 * returned object. Errors are GST_CALL_ERROR_SIGNALING, translated. */
JsonObject *gst_call_signaling_parse      (GBytes                     *bytes,
                                           GstCallSignalingDirection  direction,
                                           const char                **type,
                                           GError                    **error);

/* The string member @name, or NULL when missing or not a string. */
const char *gst_call_signaling_get_string (JsonObject *object,
                                           const char *name);

char       *gst_call_signaling_to_text    (JsonObject *object);

G_END_DECLS
