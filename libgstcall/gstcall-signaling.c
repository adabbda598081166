/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcall-signaling-private.h"
#include "gstcall-error.h"
#include "gstcall-private.h"

const char *
gst_call_signaling_get_string (JsonObject *object,
                               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (!node || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

char *
gst_call_signaling_to_text (JsonObject *object)
{
  g_autoptr (JsonNode) node = json_node_new (JSON_NODE_OBJECT);

  json_node_set_object (node, object);
  return json_to_string (node, FALSE);
}

static gboolean
is_int (JsonNode *node)
{
  return node && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64;
}

static gboolean
check_string (JsonObject  *object,
              const char  *type,
              const char  *name,
              gboolean     optional,
              GError     **error)
{
  if (optional && !json_object_has_member (object, name))
    return TRUE;
  if (gst_call_signaling_get_string (object, name))
    return TRUE;
  g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
               _("The “%s” message needs a string “%s”"), type, name);
  return FALSE;
}

static gboolean
check_fields (JsonObject                 *object,
              GstCallSignalingDirection  direction,
              const char                 *type,
              GError                    **error)
{
  gboolean from_client = direction == GST_CALL_SIGNALING_FROM_CLIENT;
  /* Clients address a peer with "to"; the server says who sent with "from". */
  const char *peer_field = from_client ? "to" : "from";

  if (from_client && g_str_equal (type, "join"))
    return check_string (object, type, "room", FALSE, error) &&
           check_string (object, type, "token", TRUE, error);

  if (g_str_equal (type, "offer") || g_str_equal (type, "answer"))
    return check_string (object, type, "sdp", FALSE, error) &&
           check_string (object, type, peer_field, from_client, error);

  if (g_str_equal (type, "candidate")) {
    JsonNode *index = json_object_get_member (object, "mline_index");
    JsonNode *candidate = json_object_get_member (object, "candidate");

    if (!is_int (index) || json_node_get_int (index) < 0 ||
        json_node_get_int (index) > G_MAXUINT16) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                   _("A “candidate” message needs a small non-negative integer “mline_index”"));
      return FALSE;
    }
    if (!candidate || (!JSON_NODE_HOLDS_NULL (candidate) &&
                       !gst_call_signaling_get_string (object, "candidate"))) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                   _("A “candidate” message needs a “candidate” string, or null at the end of candidates"));
      return FALSE;
    }
    return check_string (object, type, peer_field, from_client, error);
  }

  if (g_str_equal (type, "bye"))
    return check_string (object, type, peer_field, from_client, error);

  if (!from_client) {
    if (g_str_equal (type, "joined")) {
      JsonNode *peers = json_object_get_member (object, "peers");

      if (!check_string (object, type, "peer_id", FALSE, error))
        return FALSE;
      if (!peers || !JSON_NODE_HOLDS_ARRAY (peers)) {
        g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                     _("A “joined” message needs an array “peers”"));
        return FALSE;
      }
      return TRUE;
    }
    if (g_str_equal (type, "peer-joined") || g_str_equal (type, "peer-left"))
      return check_string (object, type, "peer_id", FALSE, error);
    if (g_str_equal (type, "error"))
      return check_string (object, type, "message", FALSE, error);
  }

  g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
               _("Unknown message type “%s”"), type);
  return FALSE;
}

/* Whether every string in @node (values and member names, at any depth)
 * is valid UTF-8. The text was, but json-glib reads an escape it does not
 * know as GScanner does, as octal: backslash 611 is the byte 0x89, a
 * string that could be sent to no peer. */
static gboolean
strings_valid (JsonNode *node)
{
  switch (JSON_NODE_TYPE (node)) {
  case JSON_NODE_OBJECT: {
    JsonObjectIter iter;
    const char *name;
    JsonNode *member;

    json_object_iter_init (&iter, json_node_get_object (node));
    while (json_object_iter_next (&iter, &name, &member)) {
      if (!g_utf8_validate (name, -1, NULL) || !strings_valid (member))
        return FALSE;
    }
    return TRUE;
  }
  case JSON_NODE_ARRAY: {
    JsonArray *array = json_node_get_array (node);

    for (guint i = 0; i < json_array_get_length (array); i++) {
      if (!strings_valid (json_array_get_element (array, i)))
        return FALSE;
    }
    return TRUE;
  }
  case JSON_NODE_VALUE:
    return json_node_get_value_type (node) != G_TYPE_STRING ||
           g_utf8_validate (json_node_get_string (node), -1, NULL);
  case JSON_NODE_NULL:
  default:
    return TRUE;
  }
}

JsonObject *
gst_call_signaling_parse (GBytes                     *bytes,
                          GstCallSignalingDirection  direction,
                          const char                **type,
                          GError                    **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) parse_error = NULL;
  gsize size = 0;
  const char *data = g_bytes_get_data (bytes, &size);
  JsonNode *root;
  JsonObject *object;

  /* An empty frame has no data at all, which json-glib does not take. */
  if (!data || size == 0) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                         _("The message is empty"));
    return NULL;
  }
  if (!g_utf8_validate (data, size, NULL)) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                         _("The message is not valid UTF-8"));
    return NULL;
  }
  if (!json_parser_load_from_data (parser, data, size, &parse_error)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                 _("The message is not valid JSON: %s"), parse_error->message);
    return NULL;
  }
  root = json_parser_get_root (parser);
  if (!root || !JSON_NODE_HOLDS_OBJECT (root)) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                         _("The message is not a JSON object"));
    return NULL;
  }
  if (!strings_valid (root)) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                         _("The message has a string that is not valid UTF-8"));
    return NULL;
  }
  object = json_node_get_object (root);
  *type = gst_call_signaling_get_string (object, "type");
  if (!*type) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                         _("The message has no string “type”"));
    return NULL;
  }
  if (!check_fields (object, direction, *type, error))
    return NULL;

  /* The object outlives the parser; the caller may change it. */
  return json_object_ref (object);
}
