/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "gstcalljanussignaller.h"
#include "gstcall-error.h"
#include "gstcall-private.h"

/**
 * GstCallJanusSignaller:
 *
 * A [iface@CallSignaller] that publishes to or subscribes from a room of
 * the Janus VideoRoom plugin, through the Janus HTTP API (`http://HOST:8088/janus`).
 *
 * A publisher ([ctor@CallJanusSignaller.new_publisher]) creates a Janus
 * session, attaches `janus.plugin.videoroom`, sends its offer with a
 * `joinandconfigure` request and gets Janus's answer; its id in the room
 * is then [property@CallJanusSignaller:publisher-id]. Dial a [class@Call]
 * with it. A subscriber ([ctor@CallJanusSignaller.new_subscriber]) joins
 * the room for one publisher's feed; Janus offers, the [class@Call]
 * answers (use [method@Call.answer_async]) and the answer goes back with a
 * `start` request. Candidates are trickled both ways; hanging up destroys
 * the Janus session. Events are read by long polling the session.
 *
 * Janus errors close the signaller with a [error@CallError] giving Janus's
 * error code and reason.
 *
 * Since: 0.1
 */

#define HTTP_TIMEOUT_SECONDS 70 /* over Janus's 30 s long poll */

struct _GstCallJanusSignaller {
  GObject parent_instance;

  char *url;
  guint64 room;
  guint64 feed;      /* subscriber: the publisher to receive */
  guint64 publisher_id;

  SoupSession *http;
  GCancellable *cancellable;
  guint64 session_id;
  guint64 handle_id;
  GPtrArray *queued; /* JsonObject bodies waiting for the handle */
  gboolean failed;
  gboolean destroyed;
  guint transactions;
};

enum {
  PROP_0,
  PROP_URL,
  PROP_ROOM,
  PROP_FEED,
  PROP_PUBLISHER_ID,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

static void gst_call_janus_signaller_iface_init (GstCallSignallerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GstCallJanusSignaller, gst_call_janus_signaller,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GST_TYPE_CALL_SIGNALLER,
                                                      gst_call_janus_signaller_iface_init))

typedef void (*ReplyFunc) (GstCallJanusSignaller *self, JsonObject *reply);

/* A member that is an object, or NULL. */
static JsonObject *
get_object (JsonObject *object,
            const char *name)
{
  JsonNode *node = object ? json_object_get_member (object, name) : NULL;

  return node && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static void
fail (GstCallJanusSignaller *self,
      GError                *error)
{
  if (!self->failed && !self->destroyed) {
    self->failed = TRUE;
    g_cancellable_cancel (self->cancellable);
    GST_WARNING ("Janus signaller %p: %s", self, error->message);
    gst_call_signaller_emit_closed (GST_CALL_SIGNALLER (self), error);
  }
  g_error_free (error);
}

/* A Janus "error" reply, or a plugin "error" in an event. */
static gboolean
check_janus_error (GstCallJanusSignaller *self,
                   JsonObject            *reply)
{
  JsonObject *error = NULL;
  JsonObject *plugindata = get_object (reply, "plugindata");
  JsonObject *data = plugindata ? get_object (plugindata, "data") : NULL;

  if (g_strcmp0 (json_object_get_string_member_with_default (reply, "janus", ""), "error") == 0)
    error = get_object (reply, "error");
  if (error) {
    fail (self, g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                             _("Janus refused the request: error %" G_GINT64_FORMAT " %s"),
                             json_object_get_int_member_with_default (error, "code", 0),
                             json_object_get_string_member_with_default (error, "reason", "")));
    return FALSE;
  }
  if (data && json_object_has_member (data, "error")) {
    fail (self, g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                             _("The Janus VideoRoom refused the request: error %" G_GINT64_FORMAT
                               " %s"),
                             json_object_get_int_member_with_default (data, "error_code", 0),
                             json_object_get_string_member_with_default (data, "error", "")));
    return FALSE;
  }
  return TRUE;
}

typedef struct {
  GstCallJanusSignaller *self;
  ReplyFunc on_reply;
} Request;

static void
on_request_done (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Request *request = user_data;
  g_autoptr (GstCallJanusSignaller) self = request->self;
  SoupMessage *message = soup_session_get_async_result_message (SOUP_SESSION (source), result);
  g_autoptr (GBytes) body = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  ReplyFunc on_reply = request->on_reply;
  JsonNode *root;

  g_free (request);
  body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->destroyed)
    return;
  if (error || !SOUP_STATUS_IS_SUCCESSFUL (soup_message_get_status (message))) {
    g_autofree char *url = g_uri_to_string (soup_message_get_uri (message));

    fail (self, error ? g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                                     _("The Janus request to %s failed: %s"), url,
                                     error->message)
                      : g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                                     _("The Janus request to %s was refused: HTTP %u %s"),
                                     url, soup_message_get_status (message),
                                     soup_message_get_reason_phrase (message)));
    return;
  }
  if (!json_parser_load_from_data (parser, g_bytes_get_data (body, NULL),
                                   g_bytes_get_size (body), &error) ||
      !(root = json_parser_get_root (parser)) || !JSON_NODE_HOLDS_OBJECT (root)) {
    fail (self, g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                             _("Janus answered something that is not a JSON object")));
    return;
  }
  if (!check_janus_error (self, json_node_get_object (root)))
    return;
  if (on_reply)
    on_reply (self, json_node_get_object (root));
}

/* POSTs @body (transaction added) to the server, the session or the
 * handle; GET when @body is NULL (the long poll). */
static void
send_request (GstCallJanusSignaller *self,
              const char            *path,
              JsonObject            *body,
              ReplyFunc              on_reply)
{
  g_autofree char *url = g_strconcat (self->url, path, NULL);
  g_autoptr (SoupMessage) message = soup_message_new (body ? "POST" : "GET", url);
  Request *request = g_new0 (Request, 1);

  if (body) {
    g_autoptr (JsonNode) node = json_node_new (JSON_NODE_OBJECT);
    g_autofree char *transaction = g_strdup_printf ("gstcall-%u", ++self->transactions);
    g_autoptr (GBytes) bytes = NULL;
    char *text;

    json_object_set_string_member (body, "transaction", transaction);
    json_node_set_object (node, body);
    text = json_to_string (node, FALSE);
    bytes = g_bytes_new_take (text, strlen (text));
    soup_message_set_request_body_from_bytes (message, "application/json", bytes);
  }
  request->self = g_object_ref (self);
  request->on_reply = on_reply;
  soup_session_send_and_read_async (self->http, message, G_PRIORITY_DEFAULT,
                                    self->cancellable, on_request_done, request);
}

static JsonObject *
new_body (const char *janus)
{
  JsonObject *body = json_object_new ();

  json_object_set_string_member (body, "janus", janus);
  return body;
}

static void
send_to_handle (GstCallJanusSignaller *self,
                JsonObject            *body)
{
  g_autofree char *path = NULL;

  if (!self->handle_id) {
    g_ptr_array_add (self->queued, json_object_ref (body));
    return;
  }
  path = g_strdup_printf ("/%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT, self->session_id,
                          self->handle_id);
  send_request (self, path, body, NULL);
}

/* ------------------------------------------------------------------------ */
/* Events                                                                    */

static void poll_events (GstCallJanusSignaller *self);

static void
handle_event (GstCallJanusSignaller *self,
              JsonObject            *event)
{
  const char *type = json_object_get_string_member_with_default (event, "janus", "");
  JsonObject *plugindata = get_object (event, "plugindata");
  JsonObject *data = plugindata ? get_object (plugindata, "data") : NULL;
  JsonObject *jsep = get_object (event, "jsep");

  if (!check_janus_error (self, event))
    return;
  if (g_str_equal (type, "event") && data &&
      g_strcmp0 (json_object_get_string_member_with_default (data, "videoroom", ""),
                 "joined") == 0) {
    self->publisher_id = json_object_get_int_member_with_default (data, "id", 0);
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PUBLISHER_ID]);
  }
  if (jsep) {
    const char *sdp_type = json_object_get_string_member_with_default (jsep, "type", "");
    const char *sdp = json_object_get_string_member_with_default (jsep, "sdp", NULL);

    if (sdp && g_str_equal (sdp_type, "answer"))
      gst_call_signaller_emit_description (GST_CALL_SIGNALLER (self),
                                           GST_CALL_SDP_TYPE_ANSWER, sdp);
    else if (sdp && g_str_equal (sdp_type, "offer"))
      gst_call_signaller_emit_description (GST_CALL_SIGNALLER (self),
                                           GST_CALL_SDP_TYPE_OFFER, sdp);
  }
  if (g_str_equal (type, "trickle")) {
    JsonObject *candidate = get_object (event, "candidate");

    if (candidate && json_object_get_boolean_member_with_default (candidate, "completed", FALSE))
      gst_call_signaller_emit_candidate (GST_CALL_SIGNALLER (self), 0, NULL);
    else if (candidate && json_object_has_member (candidate, "candidate"))
      gst_call_signaller_emit_candidate (
          GST_CALL_SIGNALLER (self),
          json_object_get_int_member_with_default (candidate, "sdpMLineIndex", 0),
          json_object_get_string_member (candidate, "candidate"));
  } else if (g_str_equal (type, "hangup")) {
    gst_call_signaller_emit_bye (GST_CALL_SIGNALLER (self));
  }
}

static void
on_events (GstCallJanusSignaller *self,
           JsonObject            *reply)
{
  handle_event (self, reply);
  if (!self->failed && !self->destroyed)
    poll_events (self);
}

static void
poll_events (GstCallJanusSignaller *self)
{
  g_autofree char *path = g_strdup_printf ("/%" G_GUINT64_FORMAT "?maxev=1", self->session_id);

  send_request (self, path, NULL, on_events);
}

/* ------------------------------------------------------------------------ */
/* Session and handle                                                        */

static void
on_attached (GstCallJanusSignaller *self,
             JsonObject            *reply)
{
  JsonObject *data = get_object (reply, "data");
  g_autoptr (GPtrArray) queued = NULL;

  self->handle_id = data ? json_object_get_int_member_with_default (data, "id", 0) : 0;
  if (!self->handle_id) {
    fail (self, g_error_new_literal (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                                     _("Janus did not attach the VideoRoom plugin")));
    return;
  }
  GST_DEBUG ("Janus signaller %p: session %" G_GUINT64_FORMAT ", handle %" G_GUINT64_FORMAT,
             self, self->session_id, self->handle_id);

  if (self->feed) {
    /* A subscriber: Janus sends the offer as an event. */
    g_autoptr (JsonObject) body = new_body ("message");
    JsonObject *request = json_object_new ();

    json_object_set_string_member (request, "request", "join");
    json_object_set_string_member (request, "ptype", "subscriber");
    json_object_set_int_member (request, "room", self->room);
    json_object_set_int_member (request, "feed", self->feed);
    json_object_set_object_member (body, "body", request);
    send_to_handle (self, body);
  }

  queued = g_steal_pointer (&self->queued);
  self->queued = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  for (guint i = 0; i < queued->len; i++)
    send_to_handle (self, g_ptr_array_index (queued, i));
}

static void
on_session_created (GstCallJanusSignaller *self,
                    JsonObject            *reply)
{
  JsonObject *data = get_object (reply, "data");
  g_autoptr (JsonObject) body = new_body ("attach");
  g_autofree char *path = NULL;

  self->session_id = data ? json_object_get_int_member_with_default (data, "id", 0) : 0;
  if (!self->session_id) {
    fail (self, g_error_new_literal (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                                     _("Janus did not create a session")));
    return;
  }
  poll_events (self);
  json_object_set_string_member (body, "plugin", "janus.plugin.videoroom");
  path = g_strdup_printf ("/%" G_GUINT64_FORMAT, self->session_id);
  send_request (self, path, body, on_attached);
}

/* ------------------------------------------------------------------------ */
/* GstCallSignaller                                                          */

static JsonObject *
new_jsep (const char *type,
          const char *sdp)
{
  JsonObject *jsep = json_object_new ();

  json_object_set_string_member (jsep, "type", type);
  json_object_set_string_member (jsep, "sdp", sdp);
  return jsep;
}

static void
janus_send_description (GstCallSignaller *signaller,
                        GstCallSdpType    type,
                        const char       *sdp)
{
  GstCallJanusSignaller *self = GST_CALL_JANUS_SIGNALLER (signaller);
  g_autoptr (JsonObject) body = new_body ("message");
  JsonObject *request = json_object_new ();

  if (type == GST_CALL_SDP_TYPE_OFFER && !self->feed) {
    json_object_set_string_member (request, "request", "joinandconfigure");
    json_object_set_string_member (request, "ptype", "publisher");
    json_object_set_int_member (request, "room", self->room);
    json_object_set_boolean_member (request, "audio", TRUE);
    json_object_set_boolean_member (request, "video", TRUE);
    json_object_set_object_member (body, "jsep", new_jsep ("offer", sdp));
  } else if (type == GST_CALL_SDP_TYPE_ANSWER && self->feed) {
    json_object_set_string_member (request, "request", "start");
    json_object_set_int_member (request, "room", self->room);
    json_object_set_object_member (body, "jsep", new_jsep ("answer", sdp));
  } else {
    json_object_unref (request);
    fail (self, g_error_new_literal (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                                     _("A Janus publisher sends one offer and a "
                                       "subscriber one answer: renegotiation is not "
                                       "supported")));
    return;
  }
  json_object_set_object_member (body, "body", request);
  send_to_handle (self, body);
}

static void
janus_send_candidate (GstCallSignaller *signaller,
                      guint             mline_index,
                      const char       *candidate)
{
  GstCallJanusSignaller *self = GST_CALL_JANUS_SIGNALLER (signaller);
  g_autoptr (JsonObject) body = new_body ("trickle");
  JsonObject *object = json_object_new ();

  if (candidate && *candidate) {
    json_object_set_string_member (object, "candidate", candidate);
    json_object_set_int_member (object, "sdpMLineIndex", mline_index);
  } else {
    json_object_set_boolean_member (object, "completed", TRUE);
  }
  json_object_set_object_member (body, "candidate", object);
  send_to_handle (self, body);
}

static void
janus_send_bye (GstCallSignaller *signaller)
{
  GstCallJanusSignaller *self = GST_CALL_JANUS_SIGNALLER (signaller);
  g_autoptr (JsonObject) body = NULL;
  g_autofree char *path = NULL;

  if (self->destroyed || !self->session_id)
    return;
  /* Stop polling; the destroy request has its own life. */
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  body = new_body ("destroy");
  path = g_strdup_printf ("/%" G_GUINT64_FORMAT, self->session_id);
  send_request (self, path, body, NULL);
  self->destroyed = TRUE;
}

static void
gst_call_janus_signaller_iface_init (GstCallSignallerInterface *iface)
{
  iface->send_description = janus_send_description;
  iface->send_candidate = janus_send_candidate;
  iface->send_bye = janus_send_bye;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                   */

/**
 * gst_call_janus_signaller_new_publisher:
 * @url: the Janus HTTP API, e.g. `http://127.0.0.1:8088/janus`
 * @room: the VideoRoom room id
 *
 * Creates a signaller that publishes the [class@Call] it is given to
 * @room; dial the call.
 *
 * Returns: (transfer full): a new [class@CallJanusSignaller]
 *
 * Since: 0.1
 */
GstCallJanusSignaller *
gst_call_janus_signaller_new_publisher (const char *url,
                                        guint64     room)
{
  g_return_val_if_fail (url != NULL, NULL);

  return g_object_new (GST_TYPE_CALL_JANUS_SIGNALLER, "url", url, "room", room, NULL);
}

/**
 * gst_call_janus_signaller_new_subscriber:
 * @url: the Janus HTTP API, e.g. `http://127.0.0.1:8088/janus`
 * @room: the VideoRoom room id
 * @feed: the publisher id to receive, see
 *   [property@CallJanusSignaller:publisher-id]
 *
 * Creates a signaller that receives one publisher of @room; Janus offers,
 * so answer the call.
 *
 * Returns: (transfer full): a new [class@CallJanusSignaller]
 *
 * Since: 0.1
 */
GstCallJanusSignaller *
gst_call_janus_signaller_new_subscriber (const char *url,
                                         guint64     room,
                                         guint64     feed)
{
  g_return_val_if_fail (url != NULL, NULL);
  g_return_val_if_fail (feed != 0, NULL);

  return g_object_new (GST_TYPE_CALL_JANUS_SIGNALLER, "url", url, "room", room,
                       "feed", feed, NULL);
}

/**
 * gst_call_janus_signaller_get_publisher_id:
 * @self: a [class@CallJanusSignaller]
 *
 * Gets the publisher's id in the room, see
 * [property@CallJanusSignaller:publisher-id].
 *
 * Returns: the id, 0 until Janus confirmed the join
 *
 * Since: 0.1
 */
guint64
gst_call_janus_signaller_get_publisher_id (GstCallJanusSignaller *self)
{
  g_return_val_if_fail (GST_IS_CALL_JANUS_SIGNALLER (self), 0);

  return self->publisher_id;
}

static void
gst_call_janus_signaller_init (GstCallJanusSignaller *self)
{
  self->cancellable = g_cancellable_new ();
  self->queued = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  self->http = soup_session_new_with_options ("timeout", HTTP_TIMEOUT_SECONDS, NULL);
}

static void
gst_call_janus_signaller_constructed (GObject *object)
{
  GstCallJanusSignaller *self = GST_CALL_JANUS_SIGNALLER (object);
  g_autoptr (JsonObject) body = new_body ("create");

  G_OBJECT_CLASS (gst_call_janus_signaller_parent_class)->constructed (object);
  send_request (self, "", body, on_session_created);
}

static void
gst_call_janus_signaller_dispose (GObject *object)
{
  GstCallJanusSignaller *self = GST_CALL_JANUS_SIGNALLER (object);

  g_cancellable_cancel (self->cancellable);
  G_OBJECT_CLASS (gst_call_janus_signaller_parent_class)->dispose (object);
}

static void
gst_call_janus_signaller_finalize (GObject *object)
{
  GstCallJanusSignaller *self = GST_CALL_JANUS_SIGNALLER (object);

  g_clear_object (&self->http);
  g_clear_object (&self->cancellable);
  g_ptr_array_unref (self->queued);
  g_free (self->url);
  G_OBJECT_CLASS (gst_call_janus_signaller_parent_class)->finalize (object);
}

static void
gst_call_janus_signaller_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  GstCallJanusSignaller *self = GST_CALL_JANUS_SIGNALLER (object);

  switch (prop_id) {
    case PROP_URL:
      g_value_set_string (value, self->url);
      break;
    case PROP_ROOM:
      g_value_set_uint64 (value, self->room);
      break;
    case PROP_FEED:
      g_value_set_uint64 (value, self->feed);
      break;
    case PROP_PUBLISHER_ID:
      g_value_set_uint64 (value, self->publisher_id);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_janus_signaller_set_property (GObject      *object,
                                       guint         prop_id,
                                       const GValue *value,
                                       GParamSpec   *pspec)
{
  GstCallJanusSignaller *self = GST_CALL_JANUS_SIGNALLER (object);

  switch (prop_id) {
    case PROP_URL:
      self->url = g_value_dup_string (value);
      break;
    case PROP_ROOM:
      self->room = g_value_get_uint64 (value);
      break;
    case PROP_FEED:
      self->feed = g_value_get_uint64 (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_janus_signaller_class_init (GstCallJanusSignallerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags construct = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                                G_PARAM_STATIC_STRINGS;

  object_class->constructed = gst_call_janus_signaller_constructed;
  object_class->dispose = gst_call_janus_signaller_dispose;
  object_class->finalize = gst_call_janus_signaller_finalize;
  object_class->get_property = gst_call_janus_signaller_get_property;
  object_class->set_property = gst_call_janus_signaller_set_property;

  /**
   * GstCallJanusSignaller:url:
   *
   * The Janus HTTP API, e.g. `http://127.0.0.1:8088/janus`.
   *
   * Since: 0.1
   */
  props[PROP_URL] = g_param_spec_string ("url", NULL, NULL, NULL, construct);

  /**
   * GstCallJanusSignaller:room:
   *
   * The VideoRoom room id.
   *
   * Since: 0.1
   */
  props[PROP_ROOM] = g_param_spec_uint64 ("room", NULL, NULL, 0, G_MAXUINT64, 0, construct);

  /**
   * GstCallJanusSignaller:feed:
   *
   * The publisher a subscriber receives; 0 for a publisher.
   *
   * Since: 0.1
   */
  props[PROP_FEED] = g_param_spec_uint64 ("feed", NULL, NULL, 0, G_MAXUINT64, 0, construct);

  /**
   * GstCallJanusSignaller:publisher-id:
   *
   * A publisher's id in the room, once Janus confirmed the join (0
   * before): subscribers give it as their feed.
   *
   * Since: 0.1
   */
  props[PROP_PUBLISHER_ID] =
      g_param_spec_uint64 ("publisher-id", NULL, NULL, 0, G_MAXUINT64, 0,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                           G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, props);
}
