/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>

#include "gstcallsignalingserver.h"
#include "gstcall-error.h"
#include "gstcall-private.h"
#include "gstcall-signaling-private.h"

/**
 * GstCallSignalingServer:
 *
 * A WebSocket relay for [class@CallWebSocketSignaller] peers, speaking the
 * JSON protocol of `docs/signaling-protocol.md`.
 *
 * Peers connect to the path `/ws`, join a room and everything they send is
 * relayed to the other peers of that room, with `from` set by the server.
 * Malformed, oversized or unknown messages get an `error` message back;
 * the other peers are not affected. With a token, peers must present it
 * when they join.
 *
 * The server serves on the main context that was thread-default when it
 * was created. It binds `127.0.0.1` unless told otherwise.
 *
 * Idle connections hold nothing for long (see
 * [property@CallSignalingServer:idle-timeout]): an HTTP client, on any path
 * of the server, has that long to send a whole request once its connection
 * is open or its previous response was sent, and a WebSocket peer has that
 * long to join a room; they are disconnected otherwise. At most 64 WebSocket
 * peers may wait to join at once: one more disconnects the one that has
 * waited longest. A client holding many idle or half-sent requests thus
 * cannot keep a real one from being served.
 *
 * Since: 0.1
 */

#define WEBSOCKET_PATH "/ws"
#define DEFAULT_IDLE_TIMEOUT 10
/* Connections the kernel completes before the server accepts them. With
 * GSocketListener's 10, a burst of browsers (50 WHEP offers at once) found
 * the queue full: the kernel dropped their handshakes, which came back 1,
 * 2, 4 s later, and some connections were reset. */
#define LISTEN_BACKLOG 512
#define MAX_PEERS_WAITING_TO_JOIN 64
/* On a connection's GSocket: the GSource that closes it when idle, and
 * whether it did. */
#define IDLE_TIMER_KEY "gstcall-idle-timer"
#define TIMED_OUT_KEY "gstcall-timed-out"

typedef struct {
  GstCallSignalingServer *server; /* unowned: the server outlives its peers */
  SoupWebsocketConnection *connection;
  char *id;
  char *room;
  gulong message_handler;
  gulong closed_handler;
  GSource *join_timeout; /* until the peer joins a room */
} Peer;

struct _GstCallSignalingServer {
  GObject parent_instance;

  GMainContext *context;
  SoupServer *soup_server;
  char *token;
  GList *peers; /* Peer*, oldest first */
  guint next_peer_id;
  gboolean listening;
  guint idle_timeout;
};

enum {
  PROP_0,
  PROP_IDLE_TIMEOUT,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

G_DEFINE_FINAL_TYPE (GstCallSignalingServer, gst_call_signaling_server, G_TYPE_OBJECT)

static void
clear_join_timeout (Peer *peer)
{
  if (peer->join_timeout) {
    g_source_destroy (peer->join_timeout);
    g_clear_pointer (&peer->join_timeout, g_source_unref);
  }
}

static void
peer_free (Peer *peer)
{
  clear_join_timeout (peer);
  g_clear_signal_handler (&peer->message_handler, peer->connection);
  g_clear_signal_handler (&peer->closed_handler, peer->connection);
  g_clear_object (&peer->connection);
  g_free (peer->id);
  g_free (peer->room);
  g_free (peer);
}

static void
send_object (Peer       *peer,
             JsonObject *object)
{
  g_autofree char *text = NULL;

  if (soup_websocket_connection_get_state (peer->connection) != SOUP_WEBSOCKET_STATE_OPEN)
    return;
  text = gst_call_signaling_to_text (object);
  soup_websocket_connection_send_text (peer->connection, text);
}

static void
send_error (Peer       *peer,
            const char *message)
{
  g_autoptr (JsonObject) object = json_object_new ();

  GST_INFO ("signaling server: error to peer %s: %s", peer->id, message);
  json_object_set_string_member (object, "type", "error");
  json_object_set_string_member (object, "message", message);
  send_object (peer, object);
}

static void
send_error_and_close (Peer       *peer,
                      const char *message,
                      gushort     code)
{
  send_error (peer, message);
  if (soup_websocket_connection_get_state (peer->connection) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (peer->connection, code, message);
}

static void
broadcast_to_room (GstCallSignalingServer *self,
                   Peer                   *sender,
                   JsonObject             *object)
{
  for (GList *l = self->peers; l; l = l->next) {
    Peer *other = l->data;

    if (other == sender || !other->room || g_strcmp0 (other->room, sender->room) != 0)
      continue;
    send_object (other, object);
  }
}

static Peer *
find_peer_in_room (GstCallSignalingServer *self,
                   const char             *room,
                   const char             *id)
{
  for (GList *l = self->peers; l; l = l->next) {
    Peer *other = l->data;

    if (g_strcmp0 (other->room, room) == 0 && g_strcmp0 (other->id, id) == 0)
      return other;
  }
  return NULL;
}

static void
handle_join (GstCallSignalingServer *self,
             Peer                   *peer,
             JsonObject             *message)
{
  const char *room;
  const char *token = NULL;
  g_autoptr (JsonObject) joined = NULL;
  g_autoptr (JsonObject) announce = NULL;
  JsonArray *peers;

  if (peer->room) {
    send_error (peer, _("Already joined a room"));
    return;
  }
  room = gst_call_signaling_get_string (message, "room");
  if (!room || !*room) {
    send_error (peer, _("A join message needs a non-empty string “room”"));
    return;
  }
  if (json_object_has_member (message, "token")) {
    token = gst_call_signaling_get_string (message, "token");
    if (!token) {
      send_error (peer, _("The “token” of a join message must be a string"));
      return;
    }
  }
  if (self->token && g_strcmp0 (token, self->token) != 0) {
    send_error_and_close (peer, _("Wrong or missing token"),
                          SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
    return;
  }

  joined = json_object_new ();
  peers = json_array_new ();
  for (GList *l = self->peers; l; l = l->next) {
    Peer *other = l->data;

    if (other != peer && g_strcmp0 (other->room, room) == 0)
      json_array_add_string_element (peers, other->id);
  }
  peer->room = g_strdup (room);
  clear_join_timeout (peer);
  json_object_set_string_member (joined, "type", "joined");
  json_object_set_string_member (joined, "peer_id", peer->id);
  json_object_set_array_member (joined, "peers", peers);
  send_object (peer, joined);

  announce = json_object_new ();
  json_object_set_string_member (announce, "type", "peer-joined");
  json_object_set_string_member (announce, "peer_id", peer->id);
  broadcast_to_room (self, peer, announce);
  GST_DEBUG ("signaling server: peer %s joined room %s", peer->id, room);
}

static void
handle_relay (GstCallSignalingServer *self,
              Peer                   *peer,
              JsonObject             *message)
{
  g_autofree char *to = NULL;

  if (!peer->room) {
    send_error (peer, _("Join a room before sending messages"));
    return;
  }

  if (json_object_has_member (message, "to")) {
    to = g_strdup (gst_call_signaling_get_string (message, "to"));
    if (!to) {
      send_error (peer, _("The “to” of a message must be a string"));
      return;
    }
    json_object_remove_member (message, "to");
  }
  json_object_set_string_member (message, "from", peer->id);

  if (to) {
    Peer *target = find_peer_in_room (self, peer->room, to);

    if (!target) {
      g_autofree char *text =
          g_strdup_printf (_("No peer “%s” in room “%s”"), to, peer->room);

      send_error (peer, text);
      return;
    }
    send_object (target, message);
  } else {
    broadcast_to_room (self, peer, message);
  }
}

static void
on_message (SoupWebsocketConnection *connection,
            SoupWebsocketDataType    type,
            GBytes                  *bytes,
            gpointer                 user_data)
{
  Peer *peer = user_data;
  GstCallSignalingServer *self = peer->server;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) message = NULL;
  const char *message_type;

  if (type != SOUP_WEBSOCKET_DATA_TEXT) {
    send_error (peer, _("Messages must be text, not binary"));
    return;
  }
  if (g_bytes_get_size (bytes) > GST_CALL_SIGNALING_SERVER_MAX_MESSAGE_SIZE) {
    send_error_and_close (peer, _("Message too large"),
                          SOUP_WEBSOCKET_CLOSE_TOO_BIG);
    return;
  }

  message = gst_call_signaling_parse (bytes, GST_CALL_SIGNALING_FROM_CLIENT,
                                      &message_type, &error);
  if (!message) {
    send_error (peer, error->message);
    return;
  }

  if (g_str_equal (message_type, "join"))
    handle_join (self, peer, message);
  else
    handle_relay (self, peer, message);
}

static void
remove_peer (GstCallSignalingServer *self,
             Peer                   *peer)
{
  self->peers = g_list_remove (self->peers, peer);
  if (peer->room) {
    g_autoptr (JsonObject) left = json_object_new ();

    json_object_set_string_member (left, "type", "peer-left");
    json_object_set_string_member (left, "peer_id", peer->id);
    broadcast_to_room (self, peer, left);
  }
  GST_DEBUG ("signaling server: peer %s left", peer->id);
  peer_free (peer);
}

static void
on_closed (SoupWebsocketConnection *connection,
           gpointer                 user_data)
{
  Peer *peer = user_data;

  remove_peer (peer->server, peer);
}

static gboolean
on_join_timeout (gpointer user_data)
{
  Peer *peer = user_data;
  g_autofree char *reason =
      g_strdup_printf (_("No room joined within %u s"), peer->server->idle_timeout);

  clear_join_timeout (peer);
  send_error_and_close (peer, reason, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
  return G_SOURCE_REMOVE;
}

/* Bounds the peers that have not joined a room: each has idle-timeout
 * seconds to do so, and one more than MAX_PEERS_WAITING_TO_JOIN
 * disconnects the one that has waited longest. */
static void
watch_joining (GstCallSignalingServer *self,
               Peer                   *peer)
{
  Peer *oldest = NULL;
  guint waiting = 0;

  for (GList *l = self->peers; l; l = l->next) {
    Peer *other = l->data;

    if (other->room || other == peer ||
        soup_websocket_connection_get_state (other->connection) != SOUP_WEBSOCKET_STATE_OPEN)
      continue;
    if (!oldest)
      oldest = other;
    waiting++;
  }
  if (oldest && waiting >= MAX_PEERS_WAITING_TO_JOIN) {
    GST_INFO ("signaling server: %u peers wait to join: disconnecting peer %s", waiting,
              oldest->id);
    clear_join_timeout (oldest);
    send_error_and_close (oldest, _("Too many connections wait to join a room"),
                          SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
  }
  if (self->idle_timeout > 0) {
    peer->join_timeout = g_timeout_source_new_seconds (self->idle_timeout);
    g_source_set_callback (peer->join_timeout, on_join_timeout, peer, NULL);
    g_source_set_static_name (peer->join_timeout, "[gstcall] signaling join timeout");
    g_source_attach (peer->join_timeout, self->context);
  }
}

static void
on_websocket (SoupServer              *soup_server,
              SoupServerMessage       *msg,
              const char              *path,
              SoupWebsocketConnection *connection,
              gpointer                 user_data)
{
  GstCallSignalingServer *self = user_data;
  Peer *peer = g_new0 (Peer, 1);

  peer->server = self;
  peer->connection = g_object_ref (connection);
  peer->id = g_strdup_printf ("%u", ++self->next_peer_id);
  /* Above our own limit, so that the peer learns why it is disconnected. */
  soup_websocket_connection_set_max_incoming_payload_size (
      connection, 4 * GST_CALL_SIGNALING_SERVER_MAX_MESSAGE_SIZE);
  soup_websocket_connection_set_keepalive_interval (connection, 0);
  peer->message_handler =
      g_signal_connect (connection, "message", G_CALLBACK (on_message), peer);
  peer->closed_handler =
      g_signal_connect (connection, "closed", G_CALLBACK (on_closed), peer);
  self->peers = g_list_append (self->peers, peer);
  GST_DEBUG ("signaling server: peer %s connected", peer->id);
  watch_joining (self, peer);
}

/* ------------------------------------------------------------------------ */
/* Idle HTTP connections                                                     */

static void
destroy_source (gpointer data)
{
  g_source_destroy (data);
  g_source_unref (data);
}

static gboolean
on_connection_idle (gpointer user_data)
{
  GSocket *socket = user_data;

  GST_INFO ("signaling server: closing an HTTP connection that stayed idle");
  /* libsoup reads the end of the stream and drops the connection; it takes
   * the headers of a half-sent request as complete then, which
   * on_request_read() refuses. */
  g_object_set_data (G_OBJECT (socket), TIMED_OUT_KEY, GINT_TO_POINTER (TRUE));
  g_socket_shutdown (socket, TRUE, TRUE, NULL);
  g_object_set_data (G_OBJECT (socket), IDLE_TIMER_KEY, NULL);
  return G_SOURCE_REMOVE;
}

/* The connection of @message gets idle-timeout seconds (again) before it is
 * closed; the timer lives on its socket and goes with it. */
static void
arm_idle_timer (GstCallSignalingServer *self,
                SoupServerMessage      *message)
{
  GSocket *socket = soup_server_message_get_socket (message);
  GSource *timer;

  if (!socket || self->idle_timeout == 0 || g_socket_is_closed (socket))
    return;
  timer = g_timeout_source_new_seconds (self->idle_timeout);
  g_source_set_callback (timer, on_connection_idle, socket, NULL);
  g_source_set_static_name (timer, "[gstcall] idle HTTP connection");
  g_source_attach (timer, self->context);
  g_object_set_data_full (G_OBJECT (socket), IDLE_TIMER_KEY, timer, destroy_source);
}

static void
disarm_idle_timer (SoupServerMessage *message)
{
  GSocket *socket = soup_server_message_get_socket (message);

  if (socket)
    g_object_set_data (G_OBJECT (socket), IDLE_TIMER_KEY, NULL);
}

/* A connection was opened, or a new request starts on it. */
static void
on_request_started (SoupServer             *server,
                    SoupServerMessage      *message,
                    GstCallSignalingServer *self)
{
  arm_idle_timer (self, message);
}

/* The request is read: its handler takes the time it needs. A request cut
 * short by the idle timeout is not handled (a status set here is the
 * answer) and its connection is closed without one. */
static void
on_request_read (SoupServer             *server,
                 SoupServerMessage      *message,
                 GstCallSignalingServer *self)
{
  GSocket *socket = soup_server_message_get_socket (message);

  disarm_idle_timer (message);
  if (socket && g_object_get_data (G_OBJECT (socket), TIMED_OUT_KEY)) {
    g_autoptr (GIOStream) stream = NULL;

    GST_INFO ("signaling server: a request from %s was cut short by the idle timeout",
              soup_server_message_get_remote_host (message));
    soup_server_message_set_status (message, SOUP_STATUS_REQUEST_TIMEOUT, NULL);
    stream = soup_server_message_steal_connection (message);
    if (stream)
      g_io_stream_close (stream, NULL, NULL);
  }
}

/* The response is sent: a kept-alive connection waits for its next request,
 * an upgraded one is a WebSocket now (watch_joining() bounds it). */
static void
on_request_finished (SoupServer             *server,
                     SoupServerMessage      *message,
                     GstCallSignalingServer *self)
{
  if (soup_server_message_get_status (message) == SOUP_STATUS_SWITCHING_PROTOCOLS)
    disarm_idle_timer (message);
  else
    arm_idle_timer (self, message);
}

static void
close_all_peers (GstCallSignalingServer *self)
{
  while (self->peers) {
    Peer *peer = self->peers->data;

    /* Closing is asynchronous: forget the peer now, without announcing it. */
    self->peers = g_list_delete_link (self->peers, self->peers);
    if (soup_websocket_connection_get_state (peer->connection) == SOUP_WEBSOCKET_STATE_OPEN)
      soup_websocket_connection_close (peer->connection, SOUP_WEBSOCKET_CLOSE_GOING_AWAY,
                                       NULL);
    peer_free (peer);
  }
}

static void
release_soup_server (GstCallSignalingServer *self)
{
  if (!self->soup_server)
    return;
  g_signal_handlers_disconnect_by_data (self->soup_server, self);
  soup_server_disconnect (self->soup_server);
  g_clear_object (&self->soup_server);
}

static void
gst_call_signaling_server_dispose (GObject *object)
{
  GstCallSignalingServer *self = GST_CALL_SIGNALING_SERVER (object);

  close_all_peers (self);
  release_soup_server (self);

  G_OBJECT_CLASS (gst_call_signaling_server_parent_class)->dispose (object);
}

static void
gst_call_signaling_server_finalize (GObject *object)
{
  GstCallSignalingServer *self = GST_CALL_SIGNALING_SERVER (object);

  g_free (self->token);
  g_main_context_unref (self->context);

  G_OBJECT_CLASS (gst_call_signaling_server_parent_class)->finalize (object);
}

static void
gst_call_signaling_server_get_property (GObject    *object,
                                        guint       prop_id,
                                        GValue     *value,
                                        GParamSpec *pspec)
{
  GstCallSignalingServer *self = GST_CALL_SIGNALING_SERVER (object);

  switch (prop_id) {
    case PROP_IDLE_TIMEOUT:
      g_value_set_uint (value, self->idle_timeout);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_signaling_server_set_property (GObject      *object,
                                        guint         prop_id,
                                        const GValue *value,
                                        GParamSpec   *pspec)
{
  GstCallSignalingServer *self = GST_CALL_SIGNALING_SERVER (object);

  switch (prop_id) {
    case PROP_IDLE_TIMEOUT:
      if (self->idle_timeout != g_value_get_uint (value)) {
        self->idle_timeout = g_value_get_uint (value);
        g_object_notify_by_pspec (object, pspec);
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_signaling_server_class_init (GstCallSignalingServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gst_call_signaling_server_dispose;
  object_class->finalize = gst_call_signaling_server_finalize;
  object_class->get_property = gst_call_signaling_server_get_property;
  object_class->set_property = gst_call_signaling_server_set_property;

  /**
   * GstCallSignalingServer:idle-timeout:
   *
   * Seconds a connection may stay idle: an HTTP client has that long to
   * send a whole request (once its connection is open, or its previous
   * response sent), a WebSocket peer that long to join a room; then it is
   * disconnected. 10 by default; 0 never disconnects an idle client. A
   * change applies to the connections and peers that come afterwards.
   *
   * Since: 0.1
   */
  props[PROP_IDLE_TIMEOUT] =
      g_param_spec_uint ("idle-timeout", NULL, NULL, 0, 3600, DEFAULT_IDLE_TIMEOUT,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
gst_call_signaling_server_init (GstCallSignalingServer *self)
{
  gst_call_ensure_initialized ();
  self->context = g_main_context_ref_thread_default ();
  self->idle_timeout = DEFAULT_IDLE_TIMEOUT;
  self->soup_server = soup_server_new ("server-header", "libgstcall ", NULL);
  soup_server_add_websocket_handler (self->soup_server, WEBSOCKET_PATH, NULL, NULL,
                                     on_websocket, self, NULL);
  g_signal_connect (self->soup_server, "request-started", G_CALLBACK (on_request_started),
                    self);
  g_signal_connect (self->soup_server, "request-read", G_CALLBACK (on_request_read), self);
  g_signal_connect (self->soup_server, "request-finished", G_CALLBACK (on_request_finished),
                    self);
  g_signal_connect (self->soup_server, "request-aborted", G_CALLBACK (on_request_finished),
                    self);
}

/**
 * gst_call_signaling_server_new:
 * @token: (nullable): a shared secret peers must present when they join, or
 *   %NULL to let anyone join
 *
 * Creates a signaling server. It does not accept connections before
 * [method@CallSignalingServer.listen].
 *
 * Returns: (transfer full): a new [class@CallSignalingServer]
 *
 * Since: 0.1
 */
GstCallSignalingServer *
gst_call_signaling_server_new (const char *token)
{
  GstCallSignalingServer *self = g_object_new (GST_TYPE_CALL_SIGNALING_SERVER, NULL);

  self->token = g_strdup (token);
  return self;
}

/**
 * gst_call_signaling_server_set_tls_certificate:
 * @self: a [class@CallSignalingServer]
 * @certificate: (nullable): the certificate, with its private key, or %NULL
 *   for plain `ws://`
 *
 * Serves `wss://` (and `https://`) with @certificate. Call it before
 * [method@CallSignalingServer.listen].
 *
 * Since: 0.1
 */
void
gst_call_signaling_server_set_tls_certificate (GstCallSignalingServer *self,
                                               GTlsCertificate        *certificate)
{
  g_return_if_fail (GST_IS_CALL_SIGNALING_SERVER (self));
  g_return_if_fail (certificate == NULL || G_IS_TLS_CERTIFICATE (certificate));
  g_return_if_fail (!self->listening);

  g_object_set (self->soup_server, "tls-certificate", certificate, NULL);
}

/**
 * gst_call_signaling_server_listen:
 * @self: a [class@CallSignalingServer]
 * @address: (nullable): the IP address to bind, %NULL for `127.0.0.1`
 * @port: the TCP port, or 0 to pick a free one (see
 *   [method@CallSignalingServer.get_port])
 * @error: return location for a [struct@GLib.Error]
 *
 * Starts accepting WebSocket connections on `ws://ADDRESS:PORT/ws` (or
 * `wss://` with a TLS certificate).
 *
 * Returns: %TRUE when the server listens; %FALSE with @error set
 *   (%GST_CALL_ERROR_INVALID_ARGUMENT for a bad address,
 *   %GST_CALL_ERROR_SIGNALING when the address cannot be bound)
 *
 * Since: 0.1
 */
gboolean
gst_call_signaling_server_listen (GstCallSignalingServer *self,
                                  const char             *address,
                                  guint                   port,
                                  GError                **error)
{
  g_autoptr (GSocketAddress) socket_address = NULL;
  g_autoptr (GSocket) listen_socket = NULL;
  g_autoptr (GError) listen_error = NULL;
  GTlsCertificate *certificate = NULL;
  SoupServerListenOptions options = 0;
  gboolean ok;

  g_return_val_if_fail (GST_IS_CALL_SIGNALING_SERVER (self), FALSE);
  g_return_val_if_fail (port <= G_MAXUINT16, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  g_return_val_if_fail (self->soup_server != NULL, FALSE);

  if (!address)
    address = "127.0.0.1";
  socket_address = g_inet_socket_address_new_from_string (address, port);
  if (!socket_address) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("“%s” is not an IP address to listen on"), address);
    return FALSE;
  }

  g_object_get (self->soup_server, "tls-certificate", &certificate, NULL);
  if (certificate) {
    options |= SOUP_SERVER_LISTEN_HTTPS;
    g_object_unref (certificate);
  }

  /* The socket is made here for its backlog; libsoup's own listen() keeps
   * GSocketListener's 10. */
  listen_socket = g_socket_new (g_socket_address_get_family (socket_address),
                                G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, &listen_error);
  ok = listen_socket != NULL;
  if (ok) {
    g_socket_set_listen_backlog (listen_socket, LISTEN_BACKLOG);
    ok = g_socket_bind (listen_socket, socket_address, TRUE, &listen_error) &&
         g_socket_listen (listen_socket, &listen_error);
  }
  if (ok) {
    /* libsoup serves on the context that is thread-default here. */
    g_main_context_push_thread_default (self->context);
    ok = soup_server_listen_socket (self->soup_server, listen_socket, options, &listen_error);
    g_main_context_pop_thread_default (self->context);
  }
  if (!ok) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                 _("Cannot listen on %s port %u: %s"), address, port,
                 listen_error->message);
    return FALSE;
  }
  self->listening = TRUE;
  return TRUE;
}

/**
 * gst_call_signaling_server_get_port:
 * @self: a [class@CallSignalingServer]
 *
 * Gets the TCP port the server listens on, useful after listening on port 0.
 *
 * Returns: the port, or 0 when the server does not listen
 *
 * Since: 0.1
 */
guint
gst_call_signaling_server_get_port (GstCallSignalingServer *self)
{
  GSList *listeners;
  guint port = 0;

  g_return_val_if_fail (GST_IS_CALL_SIGNALING_SERVER (self), 0);

  if (!self->soup_server)
    return 0;
  listeners = soup_server_get_listeners (self->soup_server);
  if (listeners) {
    g_autoptr (GSocketAddress) address = g_socket_get_local_address (listeners->data, NULL);

    if (G_IS_INET_SOCKET_ADDRESS (address))
      port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (address));
  }
  g_slist_free (listeners);
  return port;
}

/**
 * gst_call_signaling_server_get_n_peers:
 * @self: a [class@CallSignalingServer]
 *
 * Counts the WebSocket connections the server holds, whether or not they
 * joined a room.
 *
 * Returns: the number of connected peers
 *
 * Since: 0.1
 */
guint
gst_call_signaling_server_get_n_peers (GstCallSignalingServer *self)
{
  g_return_val_if_fail (GST_IS_CALL_SIGNALING_SERVER (self), 0);

  return g_list_length (self->peers);
}

/**
 * gst_call_signaling_server_get_soup_server:
 * @self: a [class@CallSignalingServer]
 *
 * Gets the HTTP server underneath, to serve more paths (a web page, static
 * files) next to the WebSocket path `/ws`.
 *
 * Returns: (transfer none) (nullable): the [class@Soup.Server], or %NULL
 *   once the server was stopped
 *
 * Since: 0.1
 */
SoupServer *
gst_call_signaling_server_get_soup_server (GstCallSignalingServer *self)
{
  g_return_val_if_fail (GST_IS_CALL_SIGNALING_SERVER (self), NULL);

  return self->soup_server;
}

/**
 * gst_call_signaling_server_stop:
 * @self: a [class@CallSignalingServer]
 *
 * Closes every connection and stops listening. The server cannot listen
 * again afterwards.
 *
 * Since: 0.1
 */
void
gst_call_signaling_server_stop (GstCallSignalingServer *self)
{
  g_return_if_fail (GST_IS_CALL_SIGNALING_SERVER (self));

  close_all_peers (self);
  release_soup_server (self);
  self->listening = FALSE;
}
