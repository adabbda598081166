/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <libsoup/soup.h>

#include "gstcallwebsocketsignaller.h"
#include "gstcallsignalingserver.h"
#include "gstcall-error.h"
#include "gstcall-private.h"
#include "gstcall-signaling-private.h"

/**
 * GstCallWebSocketSignaller:
 *
 * A [iface@CallSignaller] that talks to a [class@CallSignalingServer] (or
 * any server speaking the JSON protocol of `docs/signaling-protocol.md`)
 * over a WebSocket.
 *
 * Create it with the server's URI, either `ws://HOST:PORT/ws?room=NAME` or
 * `ws://HOST:PORT/ws/NAME` (a `token=SECRET` parameter stands for the
 * token when none is given), then join the room with
 * [method@CallWebSocketSignaller.connect_async]. What the signaller sends
 * goes to every other peer of the room; what they send is emitted as
 * [signal@CallSignaller::description-received] and friends.
 *
 * An `error` message from the server, or a lost connection, ends the
 * signaller: it emits [signal@CallSignaller::closed] with a
 * %GST_CALL_ERROR_SIGNALING error carrying the server's words.
 *
 * Every signal is emitted on the main context that was thread-default when
 * the signaller was created.
 *
 * Since: 0.1
 */

struct _GstCallWebSocketSignaller {
  GObject parent_instance;

  GMainContext *context;
  char *uri;
  char *token;
  char *room;
  char *peer_id;
  char *remote_peer_id;

  GTlsCertificate *trusted_certificate;
  SoupSession *session;
  SoupWebsocketConnection *connection;
  GTask *connect_task;
  gboolean closed_emitted;
  gboolean closing; /* closed by us */
};

static void gst_call_websocket_signaller_iface_init (GstCallSignallerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GstCallWebSocketSignaller, gst_call_websocket_signaller,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GST_TYPE_CALL_SIGNALLER,
                                                      gst_call_websocket_signaller_iface_init))

enum {
  PROP_0,
  PROP_URI,
  PROP_TOKEN,
  PROP_ROOM,
  PROP_PEER_ID,
  PROP_REMOTE_PEER_ID,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

enum {
  SIGNAL_PEER_JOINED,
  SIGNAL_PEER_LEFT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
send_object (GstCallWebSocketSignaller *self,
             JsonObject                *object)
{
  g_autofree char *text = NULL;

  if (!self->connection ||
      soup_websocket_connection_get_state (self->connection) != SOUP_WEBSOCKET_STATE_OPEN) {
    GST_DEBUG ("websocket signaller %p is not connected: message dropped", self);
    return FALSE;
  }
  if (self->remote_peer_id && !json_object_has_member (object, "to") &&
      g_strcmp0 (json_object_get_string_member (object, "type"), "join") != 0)
    json_object_set_string_member (object, "to", self->remote_peer_id);
  text = gst_call_signaling_to_text (object);
  soup_websocket_connection_send_text (self->connection, text);
  return TRUE;
}

static void
emit_closed (GstCallWebSocketSignaller *self,
             const GError              *reason)
{
  if (self->closed_emitted)
    return;
  self->closed_emitted = TRUE;
  gst_call_signaller_emit_closed (GST_CALL_SIGNALLER (self), reason);
}

static void
fail_connect (GstCallWebSocketSignaller *self,
              GError                    *error)
{
  GTask *task = g_steal_pointer (&self->connect_task);

  g_task_return_error (task, error);
  g_object_unref (task);
}

static void
close_connection (GstCallWebSocketSignaller *self,
                  gushort                    code)
{
  if (self->connection &&
      soup_websocket_connection_get_state (self->connection) == SOUP_WEBSOCKET_STATE_OPEN) {
    self->closing = TRUE;
    soup_websocket_connection_close (self->connection, code, NULL);
  }
}

static void
handle_joined (GstCallWebSocketSignaller *self,
               JsonObject                *message)
{
  GTask *task = g_steal_pointer (&self->connect_task);
  JsonArray *peers = json_object_get_array_member (message, "peers");

  g_free (self->peer_id);
  self->peer_id = g_strdup (gst_call_signaling_get_string (message, "peer_id"));
  GST_DEBUG ("websocket signaller %p joined room %s as %s with %u peers", self,
             self->room, self->peer_id, json_array_get_length (peers));
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PEER_ID]);

  if (!g_task_return_error_if_cancelled (task))
    g_task_return_int (task, json_array_get_length (peers));
  g_object_unref (task);
}

static void
on_message (SoupWebsocketConnection   *connection,
            SoupWebsocketDataType      data_type,
            GBytes                    *bytes,
            GstCallWebSocketSignaller *self)
{
  GstCallSignaller *signaller = GST_CALL_SIGNALLER (self);
  g_autoptr (JsonObject) message = NULL;
  g_autoptr (GError) error = NULL;
  const char *type;

  g_object_ref (self);
  message = gst_call_signaling_parse (bytes, GST_CALL_SIGNALING_FROM_SERVER, &type, &error);
  if (!message) {
    GST_WARNING ("websocket signaller %p: ignoring a message from the server: %s", self,
                 error->message);
    goto out;
  }

  if (g_str_equal (type, "error")) {
    g_autoptr (GError) reason =
        g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                     _("The signaling server reported an error: %s"),
                     gst_call_signaling_get_string (message, "message"));

    close_connection (self, SOUP_WEBSOCKET_CLOSE_NORMAL);
    if (self->connect_task)
      fail_connect (self, g_steal_pointer (&reason));
    else
      emit_closed (self, reason);
    goto out;
  }

  if (self->connect_task) {
    if (g_str_equal (type, "joined"))
      handle_joined (self, message);
    else
      GST_WARNING ("websocket signaller %p: “%s” before “joined” ignored", self, type);
    goto out;
  }

  if (g_str_equal (type, "offer") || g_str_equal (type, "answer") ||
      g_str_equal (type, "candidate") || g_str_equal (type, "bye")) {
    const char *from = gst_call_signaling_get_string (message, "from");

    if (!self->remote_peer_id) {
      /* The first peer that talks to us is the one we talk to. */
      self->remote_peer_id = g_strdup (from);
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_REMOTE_PEER_ID]);
    } else if (g_strcmp0 (from, self->remote_peer_id) != 0) {
      GST_DEBUG ("websocket signaller %p: “%s” from %s ignored: talking to %s", self, type,
                 from, self->remote_peer_id);
      goto out;
    }
  }

  if (g_str_equal (type, "offer") || g_str_equal (type, "answer")) {
    gst_call_signaller_emit_description (signaller,
                                         g_str_equal (type, "offer") ? GST_CALL_SDP_TYPE_OFFER
                                                                     : GST_CALL_SDP_TYPE_ANSWER,
                                         gst_call_signaling_get_string (message, "sdp"));
  } else if (g_str_equal (type, "candidate")) {
    gst_call_signaller_emit_candidate (signaller,
                                       json_object_get_int_member (message, "mline_index"),
                                       gst_call_signaling_get_string (message, "candidate"));
  } else if (g_str_equal (type, "bye")) {
    gst_call_signaller_emit_bye (signaller);
  } else if (g_str_equal (type, "peer-joined")) {
    g_signal_emit (self, signals[SIGNAL_PEER_JOINED], 0,
                   gst_call_signaling_get_string (message, "peer_id"));
  } else if (g_str_equal (type, "peer-left")) {
    g_autofree char *peer_id = g_strdup (gst_call_signaling_get_string (message, "peer_id"));

    /* Handlers still read the peer that left as remote-peer-id: a call
     * knows its own peer left. */
    g_signal_emit (self, signals[SIGNAL_PEER_LEFT], 0, peer_id);
    if (g_strcmp0 (peer_id, self->remote_peer_id) == 0) {
      g_clear_pointer (&self->remote_peer_id, g_free);
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_REMOTE_PEER_ID]);
    }
  } else {
    GST_WARNING ("websocket signaller %p: unexpected “%s” ignored", self, type);
  }

out:
  g_object_unref (self);
}

static void
on_closed (SoupWebsocketConnection   *connection,
           GstCallWebSocketSignaller *self)
{
  g_autoptr (GError) reason = NULL;
  const char *data = soup_websocket_connection_get_close_data (connection);
  gushort code = soup_websocket_connection_get_close_code (connection);

  g_object_ref (self);
  GST_DEBUG ("websocket signaller %p: connection closed, code %u", self, code);
  if (!self->closing) {
    if (data && *data)
      reason = g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                            _("The signaling server closed the connection: %s"), data);
    else
      reason = g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                            _("The signaling server closed the connection (code %u)"), code);
  }

  if (self->connect_task) {
    if (!reason)
      reason = g_error_new_literal (GST_CALL_ERROR, GST_CALL_ERROR_CLOSED,
                                    _("The signaller was closed"));
    fail_connect (self, g_steal_pointer (&reason));
  }
  emit_closed (self, reason);
  g_object_unref (self);
}

static void
on_websocket_connected (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  g_autoptr (GstCallWebSocketSignaller) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) join = NULL;
  SoupWebsocketConnection *connection;

  connection = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);
  if (!self->connect_task) {
    /* Closed while connecting. */
    g_clear_object (&connection);
    return;
  }
  if (!connection) {
    if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
      fail_connect (self, g_steal_pointer (&error));
    } else {
      fail_connect (self, g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                                       _("Cannot connect to the signaling server %s: %s"),
                                       self->uri, error->message));
    }
    return;
  }

  self->connection = connection;
  soup_websocket_connection_set_max_incoming_payload_size (
      connection, 2 * GST_CALL_SIGNALING_SERVER_MAX_MESSAGE_SIZE);
  soup_websocket_connection_set_keepalive_interval (connection, 0);
  g_signal_connect_object (connection, "message", G_CALLBACK (on_message), self, 0);
  g_signal_connect_object (connection, "closed", G_CALLBACK (on_closed), self, 0);

  join = json_object_new ();
  json_object_set_string_member (join, "type", "join");
  json_object_set_string_member (join, "room", self->room);
  if (self->token)
    json_object_set_string_member (join, "token", self->token);
  send_object (self, join);
}

/* The token=SECRET parameter of the URI, if any. */
static char *
token_from_uri (GUri *uri)
{
  const char *query = g_uri_get_query (uri);
  g_autoptr (GHashTable) params = NULL;

  if (!query)
    return NULL;
  params = g_uri_parse_params (query, -1, "&", G_URI_PARAMS_NONE, NULL);
  return params ? g_strdup (g_hash_table_lookup (params, "token")) : NULL;
}

/* Finds the room in ws://host/ws?room=NAME or ws://host/ws/NAME. */
static char *
room_from_uri (GUri *uri)
{
  const char *query = g_uri_get_query (uri);
  const char *path = g_uri_get_path (uri);
  const char *slash;

  if (query) {
    g_autoptr (GHashTable) params =
        g_uri_parse_params (query, -1, "&", G_URI_PARAMS_NONE, NULL);
    const char *room = params ? g_hash_table_lookup (params, "room") : NULL;

    if (room && *room)
      return g_strdup (room);
  }

  slash = strrchr (path, '/');
  if (slash && slash != path && slash[1] != '\0')
    return g_uri_unescape_string (slash + 1, NULL);
  return NULL;
}

static void
websocket_send_description (GstCallSignaller *signaller,
                            GstCallSdpType    type,
                            const char       *sdp)
{
  GstCallWebSocketSignaller *self = GST_CALL_WEBSOCKET_SIGNALLER (signaller);
  g_autoptr (JsonObject) message = json_object_new ();

  if (type != GST_CALL_SDP_TYPE_OFFER && type != GST_CALL_SDP_TYPE_ANSWER) {
    GST_WARNING ("websocket signaller %p: only offers and answers can be sent", self);
    return;
  }
  json_object_set_string_member (message, "type",
                                 type == GST_CALL_SDP_TYPE_OFFER ? "offer" : "answer");
  json_object_set_string_member (message, "sdp", sdp);
  send_object (self, message);
}

static void
websocket_send_candidate (GstCallSignaller *signaller,
                          guint             mline_index,
                          const char       *candidate)
{
  GstCallWebSocketSignaller *self = GST_CALL_WEBSOCKET_SIGNALLER (signaller);
  g_autoptr (JsonObject) message = json_object_new ();

  json_object_set_string_member (message, "type", "candidate");
  json_object_set_int_member (message, "mline_index", mline_index);
  if (candidate)
    json_object_set_string_member (message, "candidate", candidate);
  else
    json_object_set_null_member (message, "candidate");
  send_object (self, message);
}

static void
websocket_send_bye (GstCallSignaller *signaller)
{
  GstCallWebSocketSignaller *self = GST_CALL_WEBSOCKET_SIGNALLER (signaller);
  g_autoptr (JsonObject) message = json_object_new ();

  json_object_set_string_member (message, "type", "bye");
  send_object (self, message);
}

static void
gst_call_websocket_signaller_iface_init (GstCallSignallerInterface *iface)
{
  iface->send_description = websocket_send_description;
  iface->send_candidate = websocket_send_candidate;
  iface->send_bye = websocket_send_bye;
}

static void
gst_call_websocket_signaller_dispose (GObject *object)
{
  GstCallWebSocketSignaller *self = GST_CALL_WEBSOCKET_SIGNALLER (object);

  if (self->connection) {
    g_signal_handlers_disconnect_by_data (self->connection, self);
    close_connection (self, SOUP_WEBSOCKET_CLOSE_GOING_AWAY);
    g_clear_object (&self->connection);
  }
  if (self->session) {
    soup_session_abort (self->session);
    g_clear_object (&self->session);
  }

  G_OBJECT_CLASS (gst_call_websocket_signaller_parent_class)->dispose (object);
}

static void
gst_call_websocket_signaller_finalize (GObject *object)
{
  GstCallWebSocketSignaller *self = GST_CALL_WEBSOCKET_SIGNALLER (object);

  g_clear_object (&self->trusted_certificate);
  g_free (self->uri);
  g_free (self->token);
  g_free (self->room);
  g_free (self->peer_id);
  g_free (self->remote_peer_id);
  g_main_context_unref (self->context);

  G_OBJECT_CLASS (gst_call_websocket_signaller_parent_class)->finalize (object);
}

static void
gst_call_websocket_signaller_get_property (GObject    *object,
                                           guint       prop_id,
                                           GValue     *value,
                                           GParamSpec *pspec)
{
  GstCallWebSocketSignaller *self = GST_CALL_WEBSOCKET_SIGNALLER (object);

  switch (prop_id) {
    case PROP_URI:
      g_value_set_string (value, self->uri);
      break;
    case PROP_ROOM:
      g_value_set_string (value, self->room);
      break;
    case PROP_PEER_ID:
      g_value_set_string (value, self->peer_id);
      break;
    case PROP_REMOTE_PEER_ID:
      g_value_set_string (value, self->remote_peer_id);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_websocket_signaller_set_property (GObject      *object,
                                           guint         prop_id,
                                           const GValue *value,
                                           GParamSpec   *pspec)
{
  GstCallWebSocketSignaller *self = GST_CALL_WEBSOCKET_SIGNALLER (object);

  switch (prop_id) {
    case PROP_URI:
      g_free (self->uri);
      self->uri = g_value_dup_string (value);
      break;
    case PROP_TOKEN:
      g_free (self->token);
      self->token = g_value_dup_string (value);
      break;
    case PROP_REMOTE_PEER_ID:
      gst_call_websocket_signaller_set_remote_peer_id (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_websocket_signaller_constructed (GObject *object)
{
  GstCallWebSocketSignaller *self = GST_CALL_WEBSOCKET_SIGNALLER (object);
  g_autoptr (GUri) uri = self->uri ? g_uri_parse (self->uri, G_URI_FLAGS_NONE, NULL) : NULL;

  G_OBJECT_CLASS (gst_call_websocket_signaller_parent_class)->constructed (object);

  if (uri) {
    self->room = room_from_uri (uri);
    if (!self->token)
      self->token = token_from_uri (uri);
  }
}

static void
gst_call_websocket_signaller_class_init (GstCallWebSocketSignallerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gst_call_websocket_signaller_dispose;
  object_class->finalize = gst_call_websocket_signaller_finalize;
  object_class->get_property = gst_call_websocket_signaller_get_property;
  object_class->set_property = gst_call_websocket_signaller_set_property;
  object_class->constructed = gst_call_websocket_signaller_constructed;

  /**
   * GstCallWebSocketSignaller:uri:
   *
   * The signaling server and room, `ws://HOST:PORT/ws?room=NAME` or
   * `ws://HOST:PORT/ws/NAME` (`wss://` for TLS).
   *
   * Since: 0.1
   */
  props[PROP_URI] =
      g_param_spec_string ("uri", NULL, NULL, NULL,
                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                           G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstCallWebSocketSignaller:token:
   *
   * The shared secret the server asks for when joining, or %NULL.
   *
   * Since: 0.1
   */
  props[PROP_TOKEN] =
      g_param_spec_string ("token", NULL, NULL, NULL,
                           G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY |
                           G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstCallWebSocketSignaller:room:
   *
   * The room named by [property@CallWebSocketSignaller:uri], or %NULL when
   * the URI names none.
   *
   * Since: 0.1
   */
  props[PROP_ROOM] =
      g_param_spec_string ("room", NULL, NULL, NULL,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCallWebSocketSignaller:peer-id:
   *
   * The identifier the server gave this peer when it joined the room, or
   * %NULL before that.
   *
   * Since: 0.1
   */
  props[PROP_PEER_ID] =
      g_param_spec_string ("peer-id", NULL, NULL, NULL,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstCallWebSocketSignaller:remote-peer-id:
   *
   * The peer of the room this signaller talks to, or %NULL to talk to the
   * whole room. It is set by the first peer that sends an offer, answer,
   * candidate or bye; messages from other peers are then ignored. It is
   * cleared when that peer leaves.
   *
   * Since: 0.1
   */
  props[PROP_REMOTE_PEER_ID] =
      g_param_spec_string ("remote-peer-id", NULL, NULL, NULL,
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, props);

  /**
   * GstCallWebSocketSignaller::peer-joined:
   * @self: the [class@CallWebSocketSignaller]
   * @peer_id: the identifier of the new peer
   *
   * Another peer joined the room.
   *
   * Since: 0.1
   */
  signals[SIGNAL_PEER_JOINED] =
      g_signal_new ("peer-joined", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * GstCallWebSocketSignaller::peer-left:
   * @self: the [class@CallWebSocketSignaller]
   * @peer_id: the identifier of the peer that left
   *
   * Another peer left the room, or lost its connection. When it is the
   * peer this signaller talks to, [property@CallWebSocketSignaller:remote-peer-id]
   * still names it during the emission, and is cleared after it.
   *
   * Since: 0.1
   */
  signals[SIGNAL_PEER_LEFT] =
      g_signal_new ("peer-left", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
gst_call_websocket_signaller_init (GstCallWebSocketSignaller *self)
{
  gst_call_ensure_initialized ();
  self->context = g_main_context_ref_thread_default ();
}

/**
 * gst_call_websocket_signaller_new:
 * @uri: the signaling server and room, `ws://HOST:PORT/ws?room=NAME` or
 *   `ws://HOST:PORT/ws/NAME`
 * @token: (nullable): the shared secret the server asks for, or %NULL
 *
 * Creates a signaller for a room on a signaling server. It connects with
 * [method@CallWebSocketSignaller.connect_async].
 *
 * Returns: (transfer full): a new [class@CallWebSocketSignaller]
 *
 * Since: 0.1
 */
GstCallWebSocketSignaller *
gst_call_websocket_signaller_new (const char *uri,
                                  const char *token)
{
  g_return_val_if_fail (uri != NULL, NULL);

  return g_object_new (GST_TYPE_CALL_WEBSOCKET_SIGNALLER, "uri", uri, "token", token, NULL);
}

/**
 * gst_call_websocket_signaller_set_trusted_certificate:
 * @self: a [class@CallWebSocketSignaller]
 * @certificate: (nullable): the server's certificate, or %NULL to trust only
 *   the system's certificate authorities
 *
 * Trusts a `wss://` server presenting exactly @certificate even when no
 * certificate authority vouches for it, as with a self-signed certificate
 * of a server on the local network. Call it before
 * [method@CallWebSocketSignaller.connect_async].
 *
 * Since: 0.1
 */
void
gst_call_websocket_signaller_set_trusted_certificate (GstCallWebSocketSignaller *self,
                                                      GTlsCertificate           *certificate)
{
  g_return_if_fail (GST_IS_CALL_WEBSOCKET_SIGNALLER (self));
  g_return_if_fail (certificate == NULL || G_IS_TLS_CERTIFICATE (certificate));

  g_set_object (&self->trusted_certificate, certificate);
}

static gboolean
on_accept_certificate (SoupMessage          *message,
                       GTlsCertificate      *peer_certificate,
                       GTlsCertificateFlags  errors,
                       gpointer              user_data)
{
  GstCallWebSocketSignaller *self = user_data;

  return self->trusted_certificate &&
         g_tls_certificate_is_same (self->trusted_certificate, peer_certificate);
}

/**
 * gst_call_websocket_signaller_connect_async:
 * @self: a [class@CallWebSocketSignaller]
 * @cancellable: (nullable): a [class@Gio.Cancellable]
 * @callback: (scope async): called once the room is joined or joining failed
 * @user_data: data for @callback
 *
 * Connects to the signaling server and joins the room. Finish it with
 * [method@CallWebSocketSignaller.connect_finish]. A signaller connects
 * once.
 *
 * Since: 0.1
 */
void
gst_call_websocket_signaller_connect_async (GstCallWebSocketSignaller *self,
                                            GCancellable              *cancellable,
                                            GAsyncReadyCallback        callback,
                                            gpointer                   user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GUri) uri = NULL;
  g_autoptr (SoupMessage) message = NULL;
  const char *scheme;

  g_return_if_fail (GST_IS_CALL_WEBSOCKET_SIGNALLER (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, gst_call_websocket_signaller_connect_async);

  if (self->session || self->closed_emitted) {
    g_task_return_new_error (task, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                             _("The signaller already connected once"));
    return;
  }

  uri = g_uri_parse (self->uri, SOUP_HTTP_URI_FLAGS, NULL);
  scheme = uri ? g_uri_get_scheme (uri) : NULL;
  if (!uri || !g_uri_get_host (uri) ||
      (g_strcmp0 (scheme, "ws") != 0 && g_strcmp0 (scheme, "wss") != 0)) {
    g_task_return_new_error (task, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                             _("“%s” is not a ws:// or wss:// URI"), self->uri);
    return;
  }
  if (!self->room) {
    g_task_return_new_error (task, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                             _("“%s” names no room: add ?room=NAME"), self->uri);
    return;
  }

  message = soup_message_new_from_uri (SOUP_METHOD_GET, uri);
  g_signal_connect_object (message, "accept-certificate", G_CALLBACK (on_accept_certificate),
                           self, 0);
  self->connect_task = g_steal_pointer (&task);

  /* libsoup calls back on the context that is thread-default while the
   * session is created and used: make it ours. */
  g_main_context_push_thread_default (self->context);
  self->session = soup_session_new ();
  soup_session_websocket_connect_async (self->session, message, NULL, NULL,
                                        G_PRIORITY_DEFAULT, cancellable,
                                        on_websocket_connected, g_object_ref (self));
  g_main_context_pop_thread_default (self->context);
}

/**
 * gst_call_websocket_signaller_connect_finish:
 * @self: a [class@CallWebSocketSignaller]
 * @result: the [iface@Gio.AsyncResult]
 * @n_peers: (out) (optional): return location for the number of peers that
 *   were in the room before this one
 * @error: return location for a [struct@GLib.Error]
 *
 * Finishes [method@CallWebSocketSignaller.connect_async].
 *
 * Returns: %TRUE once the room is joined; %FALSE with @error set
 *   (%GST_CALL_ERROR_SIGNALING with the server's message when it refused,
 *   %GST_CALL_ERROR_INVALID_ARGUMENT for a bad URI)
 *
 * Since: 0.1
 */
gboolean
gst_call_websocket_signaller_connect_finish (GstCallWebSocketSignaller *self,
                                             GAsyncResult              *result,
                                             guint                     *n_peers,
                                             GError                   **error)
{
  gssize peers;

  g_return_val_if_fail (GST_IS_CALL_WEBSOCKET_SIGNALLER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        gst_call_websocket_signaller_connect_async, FALSE);

  peers = g_task_propagate_int (G_TASK (result), error);
  if (peers < 0)
    return FALSE;
  if (n_peers)
    *n_peers = peers;
  return TRUE;
}

/**
 * gst_call_websocket_signaller_get_uri:
 * @self: a [class@CallWebSocketSignaller]
 *
 * Gets the URI of the signaling server and room.
 *
 * Returns: (transfer none): the URI
 *
 * Since: 0.1
 */
const char *
gst_call_websocket_signaller_get_uri (GstCallWebSocketSignaller *self)
{
  g_return_val_if_fail (GST_IS_CALL_WEBSOCKET_SIGNALLER (self), NULL);

  return self->uri;
}

/**
 * gst_call_websocket_signaller_get_room:
 * @self: a [class@CallWebSocketSignaller]
 *
 * Gets the room named by the URI.
 *
 * Returns: (transfer none) (nullable): the room, or %NULL when the URI names
 *   none
 *
 * Since: 0.1
 */
const char *
gst_call_websocket_signaller_get_room (GstCallWebSocketSignaller *self)
{
  g_return_val_if_fail (GST_IS_CALL_WEBSOCKET_SIGNALLER (self), NULL);

  return self->room;
}

/**
 * gst_call_websocket_signaller_get_peer_id:
 * @self: a [class@CallWebSocketSignaller]
 *
 * Gets the identifier the server gave this peer in the room.
 *
 * Returns: (transfer none) (nullable): the peer identifier, or %NULL before
 *   the room is joined
 *
 * Since: 0.1
 */
const char *
gst_call_websocket_signaller_get_peer_id (GstCallWebSocketSignaller *self)
{
  g_return_val_if_fail (GST_IS_CALL_WEBSOCKET_SIGNALLER (self), NULL);

  return self->peer_id;
}

/**
 * gst_call_websocket_signaller_get_remote_peer_id:
 * @self: a [class@CallWebSocketSignaller]
 *
 * Gets the peer this signaller talks to, see
 * [property@CallWebSocketSignaller:remote-peer-id].
 *
 * Returns: (transfer none) (nullable): the peer identifier, or %NULL when
 *   the signaller talks to the whole room
 *
 * Since: 0.1
 */
const char *
gst_call_websocket_signaller_get_remote_peer_id (GstCallWebSocketSignaller *self)
{
  g_return_val_if_fail (GST_IS_CALL_WEBSOCKET_SIGNALLER (self), NULL);

  return self->remote_peer_id;
}

/**
 * gst_call_websocket_signaller_set_remote_peer_id:
 * @self: a [class@CallWebSocketSignaller]
 * @peer_id: (nullable): a peer of the room, or %NULL for the whole room
 *
 * Talks to one peer of the room only: what the signaller sends goes to
 * @peer_id, what other peers send is ignored.
 *
 * Since: 0.1
 */
void
gst_call_websocket_signaller_set_remote_peer_id (GstCallWebSocketSignaller *self,
                                                 const char                *peer_id)
{
  g_return_if_fail (GST_IS_CALL_WEBSOCKET_SIGNALLER (self));

  if (g_strcmp0 (self->remote_peer_id, peer_id) == 0)
    return;
  g_free (self->remote_peer_id);
  self->remote_peer_id = g_strdup (peer_id);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_REMOTE_PEER_ID]);
}

/**
 * gst_call_websocket_signaller_close:
 * @self: a [class@CallWebSocketSignaller]
 *
 * Leaves the room and closes the connection. Once it is closed the
 * signaller emits [signal@CallSignaller::closed] with a %NULL reason.
 *
 * Since: 0.1
 */
void
gst_call_websocket_signaller_close (GstCallWebSocketSignaller *self)
{
  g_return_if_fail (GST_IS_CALL_WEBSOCKET_SIGNALLER (self));

  close_connection (self, SOUP_WEBSOCKET_CLOSE_NORMAL);
}
