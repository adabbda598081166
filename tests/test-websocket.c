/* GstCallSignalingServer and GstCallWebSocketSignaller: peers in a room
 * on a loopback WebSocket server.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <libsoup/soup.h>

#include "test-utils.h"

#define TIMEOUT_MS 20000

/* One client signaller and what it received. */
typedef struct {
  GstCallWebSocketSignaller *signaller;
  GThread *owner;
  GAsyncResult *connect_result;
  guint descriptions;
  GstCallSdpType last_type;
  char *last_sdp;
  guint candidates;
  guint end_of_candidates;
  guint last_mline_index;
  char *last_candidate;
  guint byes;
  GPtrArray *joined;
  GPtrArray *left;
  gboolean closed;
  GError *closed_reason;
} Client;

static void
on_description (GstCallSignaller *signaller,
                GstCallSdpType    type,
                const char       *sdp,
                Client           *client)
{
  g_assert_true (g_thread_self () == client->owner);
  client->descriptions++;
  client->last_type = type;
  g_free (client->last_sdp);
  client->last_sdp = g_strdup (sdp);
}

static void
on_candidate (GstCallSignaller *signaller,
              guint             mline_index,
              const char       *candidate,
              Client           *client)
{
  g_assert_true (g_thread_self () == client->owner);
  if (!candidate) {
    client->end_of_candidates++;
    return;
  }
  client->candidates++;
  client->last_mline_index = mline_index;
  g_free (client->last_candidate);
  client->last_candidate = g_strdup (candidate);
}

static void
on_bye (GstCallSignaller *signaller,
        Client           *client)
{
  g_assert_true (g_thread_self () == client->owner);
  client->byes++;
}

static void
on_closed (GstCallSignaller *signaller,
           const GError     *reason,
           Client           *client)
{
  g_assert_true (g_thread_self () == client->owner);
  g_assert_false (client->closed);
  client->closed = TRUE;
  if (reason)
    client->closed_reason = g_error_copy (reason);
}

static void
on_peer_joined (GstCallWebSocketSignaller *signaller,
                const char                *peer_id,
                Client                    *client)
{
  g_assert_true (g_thread_self () == client->owner);
  g_ptr_array_add (client->joined, g_strdup (peer_id));
}

static void
on_peer_left (GstCallWebSocketSignaller *signaller,
              const char                *peer_id,
              Client                    *client)
{
  g_assert_true (g_thread_self () == client->owner);
  g_ptr_array_add (client->left, g_strdup (peer_id));
}

static void
on_connected (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Client *client = user_data;

  g_assert_true (g_thread_self () == client->owner);
  client->connect_result = g_object_ref (result);
}

static gboolean
has_connect_result (gpointer data)
{
  return ((Client *) data)->connect_result != NULL;
}

static void
client_init (Client     *client,
             const char *uri,
             const char *token)
{
  memset (client, 0, sizeof (*client));
  client->owner = g_thread_self ();
  client->joined = g_ptr_array_new_with_free_func (g_free);
  client->left = g_ptr_array_new_with_free_func (g_free);
  client->signaller = gst_call_websocket_signaller_new (uri, token);
  g_signal_connect (client->signaller, "description-received", G_CALLBACK (on_description),
                    client);
  g_signal_connect (client->signaller, "candidate-received", G_CALLBACK (on_candidate), client);
  g_signal_connect (client->signaller, "bye-received", G_CALLBACK (on_bye), client);
  g_signal_connect (client->signaller, "closed", G_CALLBACK (on_closed), client);
  g_signal_connect (client->signaller, "peer-joined", G_CALLBACK (on_peer_joined), client);
  g_signal_connect (client->signaller, "peer-left", G_CALLBACK (on_peer_left), client);
}

/* Connects and returns the number of peers already in the room, or -1
 * with @error set. */
static int
client_connect (Client  *client,
                GError **error)
{
  guint n_peers = 0;
  gboolean ok;

  gst_call_websocket_signaller_connect_async (client->signaller, NULL, on_connected, client);
  test_wait_until (has_connect_result, client, TIMEOUT_MS, "joining the room");
  ok = gst_call_websocket_signaller_connect_finish (client->signaller, client->connect_result,
                                                    &n_peers, error);
  g_clear_object (&client->connect_result);
  return ok ? (int) n_peers : -1;
}

static void
client_clear (Client *client)
{
  test_drain_context ();
  g_assert_finalize_object (client->signaller);
  g_ptr_array_unref (client->joined);
  g_ptr_array_unref (client->left);
  g_free (client->last_sdp);
  g_free (client->last_candidate);
  g_clear_error (&client->closed_reason);
}

typedef struct {
  const guint *counter;
  guint at_least;
} CountWait;

static gboolean
count_reached (gpointer data)
{
  CountWait *wait = data;

  return *wait->counter >= wait->at_least;
}

static void
wait_count (const guint *counter,
            guint        at_least,
            const char  *what)
{
  CountWait wait = { counter, at_least };

  test_wait_until (count_reached, &wait, TIMEOUT_MS, what);
}

static GstCallSignalingServer *
start_server (const char *token,
              char      **uri_base)
{
  GstCallSignalingServer *server = gst_call_signaling_server_new (token);
  g_autoptr (GError) error = NULL;

  g_assert_true (gst_call_signaling_server_listen (server, NULL, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (gst_call_signaling_server_get_port (server), >, 0);
  *uri_base = g_strdup_printf ("ws://127.0.0.1:%u/ws",
                               gst_call_signaling_server_get_port (server));
  return server;
}

static gboolean
server_has_n_peers (gpointer data)
{
  gpointer *args = data;

  return gst_call_signaling_server_get_n_peers (args[0]) == GPOINTER_TO_UINT (args[1]);
}

static void
wait_server_peers (GstCallSignalingServer *server,
                   guint                   n_peers)
{
  gpointer args[] = { server, GUINT_TO_POINTER (n_peers) };

  test_wait_until (server_has_n_peers, args, TIMEOUT_MS, "peers on the server");
}

static void
stop_server (GstCallSignalingServer *server)
{
  gst_call_signaling_server_stop (server);
  test_drain_context ();
  g_assert_finalize_object (server);
}

static void
test_relay (void)
{
  g_autofree char *base = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *path_uri = NULL;
  g_autoptr (GError) error = NULL;
  GstCallSignalingServer *server = start_server (NULL, &base);
  Client a, b, other_room;

  uri = g_strdup_printf ("%s?room=kitchen", base);
  path_uri = g_strdup_printf ("%s/kitchen", base);
  client_init (&a, uri, NULL);
  client_init (&b, path_uri, NULL);
  g_assert_cmpstr (gst_call_websocket_signaller_get_room (a.signaller), ==, "kitchen");
  g_assert_cmpstr (gst_call_websocket_signaller_get_room (b.signaller), ==, "kitchen");
  g_assert_null (gst_call_websocket_signaller_get_peer_id (a.signaller));

  g_assert_cmpint (client_connect (&a, &error), ==, 0);
  g_assert_no_error (error);
  g_assert_nonnull (gst_call_websocket_signaller_get_peer_id (a.signaller));
  g_assert_cmpint (client_connect (&b, &error), ==, 1);
  g_assert_no_error (error);
  g_assert_cmpstr (gst_call_websocket_signaller_get_peer_id (a.signaller), !=,
                   gst_call_websocket_signaller_get_peer_id (b.signaller));
  wait_count (&a.joined->len, 1, "peer-joined");
  g_assert_cmpstr (a.joined->pdata[0], ==, gst_call_websocket_signaller_get_peer_id (b.signaller));

  /* A peer in another room hears nothing. */
  {
    g_autofree char *other_uri = g_strdup_printf ("%s?room=attic", base);

    client_init (&other_room, other_uri, NULL);
    g_assert_cmpint (client_connect (&other_room, &error), ==, 0);
    g_assert_no_error (error);
  }

  gst_call_signaller_send_description (GST_CALL_SIGNALLER (a.signaller),
                                       GST_CALL_SDP_TYPE_OFFER, "v=0\r\no=offer\r\n");
  wait_count (&b.descriptions, 1, "the offer");
  g_assert_cmpint (b.last_type, ==, GST_CALL_SDP_TYPE_OFFER);
  g_assert_cmpstr (b.last_sdp, ==, "v=0\r\no=offer\r\n");

  gst_call_signaller_send_description (GST_CALL_SIGNALLER (b.signaller),
                                       GST_CALL_SDP_TYPE_ANSWER, "v=0\r\no=answer\r\n");
  wait_count (&a.descriptions, 1, "the answer");
  g_assert_cmpint (a.last_type, ==, GST_CALL_SDP_TYPE_ANSWER);
  g_assert_cmpstr (a.last_sdp, ==, "v=0\r\no=answer\r\n");

  gst_call_signaller_send_candidate (GST_CALL_SIGNALLER (b.signaller), 1,
                                     "candidate:1 1 UDP 2015363327 127.0.0.1 40000 typ host");
  gst_call_signaller_send_candidate (GST_CALL_SIGNALLER (b.signaller), 0, NULL);
  wait_count (&a.end_of_candidates, 1, "the end of candidates");
  g_assert_cmpuint (a.candidates, ==, 1);
  g_assert_cmpuint (a.last_mline_index, ==, 1);
  g_assert_cmpstr (a.last_candidate, ==, "candidate:1 1 UDP 2015363327 127.0.0.1 40000 typ host");

  gst_call_signaller_send_bye (GST_CALL_SIGNALLER (a.signaller));
  wait_count (&b.byes, 1, "bye");

  /* Orderly close: the peer learns it left; the closing side has no error. */
  gst_call_websocket_signaller_close (b.signaller);
  test_wait_for_flag (&b.closed, TIMEOUT_MS, "closing");
  g_assert_no_error (b.closed_reason);
  wait_count (&a.left->len, 1, "peer-left");
  g_assert_cmpstr (a.left->pdata[0], ==, gst_call_websocket_signaller_get_peer_id (b.signaller));

  g_assert_cmpuint (other_room.descriptions + other_room.candidates + other_room.byes, ==, 0);
  g_assert_cmpuint (other_room.joined->len, ==, 0);
  g_assert_false (a.closed);

  client_clear (&a);
  client_clear (&b);
  client_clear (&other_room);
  wait_server_peers (server, 0);
  stop_server (server);
}

static void
test_bad_uri (void)
{
  const char *bad[] = { "http://127.0.0.1:1/ws?room=r", "ws://127.0.0.1:1/", "not a uri" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++) {
    g_autoptr (GError) error = NULL;
    Client client;

    client_init (&client, bad[i], NULL);
    g_assert_cmpint (client_connect (&client, &error), ==, -1);
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
    g_test_message ("%s: %s", bad[i], error->message);
    client_clear (&client);
  }

  /* Nobody listens: a signaling error. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (GstCallSignalingServer) server = gst_call_signaling_server_new (NULL);
    g_autofree char *uri = NULL;
    Client client;
    guint port;

    g_assert_true (gst_call_signaling_server_listen (server, "127.0.0.1", 0, &error));
    port = gst_call_signaling_server_get_port (server);
    gst_call_signaling_server_stop (server);
    g_assert_null (gst_call_signaling_server_get_soup_server (server));
    uri = g_strdup_printf ("ws://127.0.0.1:%u/ws?room=r", port);
    client_init (&client, uri, NULL);
    g_assert_cmpint (client_connect (&client, &error), ==, -1);
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING);
    client_clear (&client);
  }

  /* A bad address to listen on. */
  {
    g_autoptr (GError) error = NULL;
    GstCallSignalingServer *server = gst_call_signaling_server_new (NULL);

    g_assert_false (gst_call_signaling_server_listen (server, "no-address", 0, &error));
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
    g_assert_finalize_object (server);
  }
}

static void
test_wrong_token (void)
{
  g_autofree char *base = NULL;
  g_autofree char *uri = NULL;
  GstCallSignalingServer *server = start_server ("s3cret", &base);
  Client wrong, missing, right;

  uri = g_strdup_printf ("%s?room=r", base);
  client_init (&wrong, uri, "guess");
  client_init (&missing, uri, NULL);
  client_init (&right, uri, "s3cret");

  {
    g_autoptr (GError) error = NULL;

    g_assert_cmpint (client_connect (&wrong, &error), ==, -1);
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING);
    g_assert_nonnull (strstr (error->message, "token"));
  }
  {
    g_autoptr (GError) error = NULL;

    g_assert_cmpint (client_connect (&missing, &error), ==, -1);
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING);
  }
  {
    g_autoptr (GError) error = NULL;

    g_assert_cmpint (client_connect (&right, &error), ==, 0);
    g_assert_no_error (error);
  }
  g_assert_cmpuint (right.joined->len, ==, 0);

  client_clear (&wrong);
  client_clear (&missing);
  client_clear (&right);
  wait_server_peers (server, 0);
  stop_server (server);
}

/* In a room of three, a signaller talks to the first peer that talks to
 * it and ignores the others. */
static void
test_one_to_one (void)
{
  g_autofree char *base = NULL;
  g_autofree char *uri = NULL;
  g_autoptr (GError) error = NULL;
  GstCallSignalingServer *server = start_server (NULL, &base);
  Client a, b, c;
  const char *b_id;

  uri = g_strdup_printf ("%s?room=three", base);
  client_init (&a, uri, NULL);
  client_init (&b, uri, NULL);
  client_init (&c, uri, NULL);
  g_assert_cmpint (client_connect (&a, &error), ==, 0);
  g_assert_cmpint (client_connect (&b, &error), ==, 1);
  g_assert_cmpint (client_connect (&c, &error), ==, 2);
  g_assert_no_error (error);
  b_id = gst_call_websocket_signaller_get_peer_id (b.signaller);
  wait_count (&a.joined->len, 2, "two peers joined");

  /* b offers to the room: a and c hear it and talk to b from now on. */
  gst_call_signaller_send_description (GST_CALL_SIGNALLER (b.signaller),
                                       GST_CALL_SDP_TYPE_OFFER, "v=0 b");
  wait_count (&a.descriptions, 1, "b's offer at a");
  wait_count (&c.descriptions, 1, "b's offer at c");
  g_assert_cmpstr (gst_call_websocket_signaller_get_remote_peer_id (a.signaller), ==, b_id);
  g_assert_cmpstr (gst_call_websocket_signaller_get_remote_peer_id (c.signaller), ==, b_id);
  g_assert_null (gst_call_websocket_signaller_get_remote_peer_id (b.signaller));

  /* a answers b only. */
  gst_call_signaller_send_description (GST_CALL_SIGNALLER (a.signaller),
                                       GST_CALL_SDP_TYPE_ANSWER, "v=0 a");
  wait_count (&b.descriptions, 1, "a's answer");
  g_assert_cmpstr (b.last_sdp, ==, "v=0 a");
  g_assert_cmpstr (gst_call_websocket_signaller_get_remote_peer_id (b.signaller), ==,
                   gst_call_websocket_signaller_get_peer_id (a.signaller));

  /* c tries to reach a: a ignores it, and still hears b. */
  gst_call_websocket_signaller_set_remote_peer_id (c.signaller,
                                                   gst_call_websocket_signaller_get_peer_id (a.signaller));
  gst_call_signaller_send_candidate (GST_CALL_SIGNALLER (c.signaller), 0, "candidate:c");
  gst_call_signaller_send_candidate (GST_CALL_SIGNALLER (b.signaller), 0, "candidate:b");
  wait_count (&a.candidates, 1, "b's candidate");
  test_drain_context ();
  g_assert_cmpuint (a.candidates, ==, 1);
  g_assert_cmpstr (a.last_candidate, ==, "candidate:b");
  g_assert_cmpuint (c.descriptions, ==, 1);

  /* b leaves: a talks to the room again. */
  gst_call_websocket_signaller_close (b.signaller);
  wait_count (&a.left->len, 1, "b left");
  g_assert_null (gst_call_websocket_signaller_get_remote_peer_id (a.signaller));

  client_clear (&a);
  client_clear (&b);
  client_clear (&c);
  wait_server_peers (server, 0);
  stop_server (server);
}

/* A raw WebSocket client that sends what it likes. */
typedef struct {
  SoupSession *session;
  SoupWebsocketConnection *connection;
  GPtrArray *messages; /* char*: text of each received message */
  gboolean closed;
} RawClient;

static void
raw_on_message (SoupWebsocketConnection *connection,
                SoupWebsocketDataType    type,
                GBytes                  *bytes,
                RawClient               *raw)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  g_ptr_array_add (raw->messages, g_strndup (data, size));
}

static void
raw_on_closed (SoupWebsocketConnection *connection,
               RawClient               *raw)
{
  raw->closed = TRUE;
}

static void
raw_on_connected (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  RawClient *raw = user_data;
  g_autoptr (GError) error = NULL;

  raw->connection = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);
  g_assert_no_error (error);
}

static gboolean
raw_has_connection (gpointer data)
{
  return ((RawClient *) data)->connection != NULL;
}

static void
raw_init (RawClient  *raw,
          const char *uri)
{
  g_autoptr (SoupMessage) message = soup_message_new ("GET", uri);

  memset (raw, 0, sizeof (*raw));
  raw->messages = g_ptr_array_new_with_free_func (g_free);
  raw->session = soup_session_new ();
  soup_session_websocket_connect_async (raw->session, message, NULL, NULL, G_PRIORITY_DEFAULT,
                                        NULL, raw_on_connected, raw);
  test_wait_until (raw_has_connection, raw, TIMEOUT_MS, "raw connection");
  soup_websocket_connection_set_max_incoming_payload_size (raw->connection, 1024 * 1024);
  g_signal_connect (raw->connection, "message", G_CALLBACK (raw_on_message), raw);
  g_signal_connect (raw->connection, "closed", G_CALLBACK (raw_on_closed), raw);
}

static void
raw_clear (RawClient *raw)
{
  if (soup_websocket_connection_get_state (raw->connection) == SOUP_WEBSOCKET_STATE_OPEN) {
    soup_websocket_connection_close (raw->connection, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
    test_wait_for_flag (&raw->closed, TIMEOUT_MS, "raw close");
  }
  g_signal_handlers_disconnect_by_data (raw->connection, raw);
  g_assert_finalize_object (raw->connection);
  g_assert_finalize_object (raw->session);
  g_ptr_array_unref (raw->messages);
}

/* Sends @text and waits for the answer, which must be an error. */
static void
raw_expect_error (RawClient  *raw,
                  const char *text,
                  const char *error_part)
{
  guint before = raw->messages->len;
  const char *reply;

  soup_websocket_connection_send_text (raw->connection, text);
  wait_count (&raw->messages->len, before + 1, "an error reply");
  reply = raw->messages->pdata[before];
  g_test_message ("%.60s -> %s", text, reply);
  g_assert_nonnull (strstr (reply, "\"type\":\"error\""));
  g_assert_nonnull (strstr (reply, error_part));
}

static void
test_bad_input (void)
{
  g_autofree char *base = NULL;
  g_autofree char *uri = NULL;
  g_autoptr (GError) error = NULL;
  GstCallSignalingServer *server = start_server (NULL, &base);
  Client a, b;
  RawClient raw, big;

  uri = g_strdup_printf ("%s?room=r", base);
  client_init (&a, uri, NULL);
  client_init (&b, uri, NULL);
  g_assert_cmpint (client_connect (&a, &error), ==, 0);
  g_assert_cmpint (client_connect (&b, &error), ==, 1);

  raw_init (&raw, base);
  /* Before joining. */
  raw_expect_error (&raw, "{\"type\":\"bye\"}", "Join a room");
  raw_expect_error (&raw, "{\"type\":\"join\"}", "room");
  raw_expect_error (&raw, "{\"type\":\"join\",\"room\":\"r\",\"token\":5}", "token");
  soup_websocket_connection_send_text (raw.connection, "{\"type\":\"join\",\"room\":\"r\"}");
  wait_count (&raw.messages->len, 4, "joined");
  g_assert_nonnull (strstr (raw.messages->pdata[3], "\"type\":\"joined\""));
  wait_count (&a.joined->len, 1, "peer-joined");
  wait_count (&b.joined->len, 1, "peer-joined");

  raw_expect_error (&raw, "{\"type\":", "not valid JSON");
  /* An empty frame is named as such. */
  raw_expect_error (&raw, "", "empty");
  raw_expect_error (&raw, "[1, 2]", "not a JSON object");
  raw_expect_error (&raw, "{\"sdp\":\"x\"}", "no string");
  /* Valid UTF-8 text, but json-glib reads the unknown escape (backslash
   * 611) as the octal byte 0x89. */
  raw_expect_error (&raw, "{\"type\":\"offer\",\"sdp\":\"v=0\\611\"}",
                    "string that is not valid UTF-8");
  raw_expect_error (&raw, "{\"type\":\"dance\"}", "Unknown message type");
  raw_expect_error (&raw, "{\"type\":\"joined\",\"peer_id\":\"x\",\"peers\":[]}",
                    "Unknown message type");
  raw_expect_error (&raw, "{\"type\":\"offer\"}", "sdp");
  raw_expect_error (&raw, "{\"type\":\"offer\",\"sdp\":42}", "sdp");
  raw_expect_error (&raw, "{\"type\":\"candidate\",\"candidate\":\"c\"}", "mline_index");
  raw_expect_error (&raw, "{\"type\":\"candidate\",\"mline_index\":-1,\"candidate\":\"c\"}",
                    "mline_index");
  raw_expect_error (&raw, "{\"type\":\"candidate\",\"mline_index\":0}", "candidate");
  raw_expect_error (&raw, "{\"type\":\"candidate\",\"mline_index\":0,\"candidate\":[]}",
                    "candidate");
  raw_expect_error (&raw, "{\"type\":\"bye\",\"to\":7}", "to");
  raw_expect_error (&raw, "{\"type\":\"bye\",\"to\":\"nobody\"}", "No peer");
  raw_expect_error (&raw, "{\"type\":\"join\",\"room\":\"r\"}", "Already joined");
  g_assert_false (raw.closed);

  /* None of it reached the others, who still talk to each other. */
  g_assert_cmpuint (a.descriptions + a.candidates + a.byes, ==, 0);
  g_assert_cmpuint (b.descriptions + b.candidates + b.byes, ==, 0);
  g_assert_false (a.closed);
  g_assert_false (b.closed);

  /* A well-formed message from the raw peer, addressed to b only. */
  {
    g_autofree char *text =
        g_strdup_printf ("{\"type\":\"offer\",\"sdp\":\"v=0\",\"to\":\"%s\"}",
                         gst_call_websocket_signaller_get_peer_id (b.signaller));

    soup_websocket_connection_send_text (raw.connection, text);
    wait_count (&b.descriptions, 1, "the addressed offer");
    g_assert_cmpstr (b.last_sdp, ==, "v=0");
  }

  /* Oversized: an error, then the server closes the connection. */
  raw_init (&big, base);
  {
    gsize size = GST_CALL_SIGNALING_SERVER_MAX_MESSAGE_SIZE + 1;
    g_autofree char *huge = g_malloc (size + 1);

    memset (huge, ' ', size);
    huge[size] = '\0';
    memcpy (huge, "{\"type\":\"join\",\"room\":\"r\"}", 26);
    soup_websocket_connection_send_text (big.connection, huge);
    test_wait_for_flag (&big.closed, TIMEOUT_MS, "closing the oversized peer");
    g_assert_cmpuint (big.messages->len, ==, 1);
    g_assert_nonnull (strstr (big.messages->pdata[0], "too large"));
  }

  /* The raw peer vanishes without a word: the others learn it left. */
  g_signal_handlers_disconnect_by_data (raw.connection, &raw);
  g_clear_object (&raw.connection);
  g_clear_object (&raw.session);
  g_ptr_array_unref (raw.messages);
  wait_count (&a.left->len, 1, "peer-left after a vanished peer");
  wait_count (&b.left->len, 1, "peer-left after a vanished peer");

  gst_call_signaller_send_bye (GST_CALL_SIGNALLER (a.signaller));
  wait_count (&b.byes, 1, "bye after all the bad input");
  g_assert_cmpuint (a.byes, ==, 0);

  /* The signaller treats an error from the server as the end. */
  {
    raw_clear (&big);
    raw_init (&raw, base);
    soup_websocket_connection_send_text (raw.connection, "{\"type\":\"join\",\"room\":\"r\"}");
    wait_count (&a.joined->len, 2, "peer-joined");
    /* b talks to a since a's bye: let it hear the whole room again. */
    g_assert_cmpstr (gst_call_websocket_signaller_get_remote_peer_id (b.signaller), ==,
                     gst_call_websocket_signaller_get_peer_id (a.signaller));
    gst_call_websocket_signaller_set_remote_peer_id (b.signaller, NULL);
    soup_websocket_connection_send_text (raw.connection, "{\"type\":\"bye\"}");
    wait_count (&b.byes, 2, "a raw bye");
    g_assert_false (b.closed);
    raw_clear (&raw);
  }

  client_clear (&a);
  client_clear (&b);
  wait_server_peers (server, 0);
  stop_server (server);
}

static void
test_server_error (void)
{
  g_autofree char *base = NULL;
  g_autofree char *uri = NULL;
  g_autoptr (GError) error = NULL;
  GstCallSignalingServer *server = start_server (NULL, &base);
  Client a;

  uri = g_strdup_printf ("%s?room=r", base);
  client_init (&a, uri, NULL);
  g_assert_cmpint (client_connect (&a, &error), ==, 0);

  /* An offer over the size limit: the server answers with an error and
   * closes; the signaller ends with the server's message. */
  {
    gsize size = GST_CALL_SIGNALING_SERVER_MAX_MESSAGE_SIZE;
    g_autofree char *sdp = g_malloc (size + 1);

    memset (sdp, 'a', size);
    sdp[size] = '\0';
    gst_call_signaller_send_description (GST_CALL_SIGNALLER (a.signaller),
                                         GST_CALL_SDP_TYPE_OFFER, sdp);
    test_wait_for_flag (&a.closed, TIMEOUT_MS, "closed after an oversized offer");
    g_assert_error (a.closed_reason, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING);
    g_assert_nonnull (strstr (a.closed_reason->message, "too large"));
    g_test_message ("closed: %s", a.closed_reason->message);
    g_clear_error (&a.closed_reason);
  }
  client_clear (&a);

  /* A server that stops ends its peers' signallers. */
  client_init (&a, uri, NULL);
  g_assert_cmpint (client_connect (&a, &error), ==, 0);
  gst_call_signaling_server_stop (server);
  test_wait_for_flag (&a.closed, TIMEOUT_MS, "closed after the server stopped");
  g_assert_error (a.closed_reason, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING);
  g_test_message ("closed: %s", a.closed_reason->message);

  client_clear (&a);
  test_drain_context ();
  g_assert_finalize_object (server);
}

/* wss:// with a self-signed certificate made by openssl for this test. */
static void
test_tls (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gstcall-tls-XXXXXX", NULL);
  g_autofree char *cert_path = g_build_filename (dir, "cert.pem", NULL);
  g_autofree char *key_path = g_build_filename (dir, "key.pem", NULL);
  g_autofree char *uri = NULL;
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *openssl = g_find_program_in_path ("openssl");
  GstCallSignalingServer *server;
  Client trusting, doubting, a;
  int status = -1;

  if (!openssl) {
    g_test_skip ("openssl is not installed");
    return;
  }
  {
    const char *argv[] = {
      openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
      "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
      "-addext", "subjectAltName=IP:127.0.0.1",
      "-keyout", key_path, "-out", cert_path, NULL
    };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL |
                                 G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status,
                                 &error));
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (status, &error));
    g_assert_no_error (error);
  }
  certificate = g_tls_certificate_new_from_files (cert_path, key_path, &error);
  g_assert_no_error (error);

  server = gst_call_signaling_server_new (NULL);
  gst_call_signaling_server_set_tls_certificate (server, certificate);
  g_assert_true (gst_call_signaling_server_listen (server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  uri = g_strdup_printf ("wss://127.0.0.1:%u/ws?room=secure",
                         gst_call_signaling_server_get_port (server));

  /* Nobody vouches for a self-signed certificate... */
  client_init (&doubting, uri, NULL);
  g_assert_cmpint (client_connect (&doubting, &error), ==, -1);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING);
  g_test_message ("untrusted: %s", error->message);
  g_clear_error (&error);

  /* ...unless the client pins it. */
  client_init (&trusting, uri, NULL);
  client_init (&a, uri, NULL);
  gst_call_websocket_signaller_set_trusted_certificate (trusting.signaller, certificate);
  gst_call_websocket_signaller_set_trusted_certificate (a.signaller, certificate);
  g_assert_cmpint (client_connect (&trusting, &error), ==, 0);
  g_assert_no_error (error);
  g_assert_cmpint (client_connect (&a, &error), ==, 1);
  g_assert_no_error (error);
  gst_call_signaller_send_description (GST_CALL_SIGNALLER (trusting.signaller),
                                       GST_CALL_SDP_TYPE_OFFER, "v=0");
  wait_count (&a.descriptions, 1, "an offer over TLS");
  g_assert_cmpstr (a.last_sdp, ==, "v=0");

  client_clear (&doubting);
  client_clear (&trusting);
  client_clear (&a);
  wait_server_peers (server, 0);
  stop_server (server);
  g_assert_no_errno (g_remove (cert_path));
  g_assert_no_errno (g_remove (key_path));
  g_assert_no_errno (g_rmdir (dir));
}

/* A call through the server. */
typedef struct {
  GstCall *call;
  gboolean incoming;
  GAsyncResult *result;
} CallSide;

static void
on_incoming_call (GstCall  *call,
                  CallSide *side)
{
  side->incoming = TRUE;
}

static void
on_call_ready (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  CallSide *side = user_data;

  side->result = g_object_ref (result);
}

static gboolean
call_has_result (gpointer data)
{
  return ((CallSide *) data)->result != NULL;
}

static gboolean
call_is_over (gpointer data)
{
  GstCallState state = gst_call_get_state (((CallSide *) data)->call);

  return state == GST_CALL_STATE_ENDED || state == GST_CALL_STATE_FAILED;
}

static void
call_side_init (CallSide         *side,
                GstCallSignaller *signaller)
{
  const char * const loopback[] = { TEST_ICE_ADDRESS, NULL };
  g_autoptr (GError) error = NULL;

  memset (side, 0, sizeof (*side));
  side->call = gst_call_new ();
  g_object_set (side->call, "ice-local-addresses", loopback, "video-width", 320,
                "video-height", 240, NULL);
  if (signaller)
    gst_call_set_signaller (side->call, signaller);
  g_assert_true (gst_call_set_sources_from_description (side->call, TEST_VIDEO_SOURCE,
                                                        TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  gst_call_set_video_sink (side->call, test_make_synced_fakesink ());
  gst_call_set_audio_sink (side->call, test_make_synced_fakesink ());
  g_signal_connect (side->call, "incoming-call", G_CALLBACK (on_incoming_call), side);
}

static void
test_call (void)
{
  g_autofree char *base = NULL;
  g_autofree char *uri = NULL;
  g_autoptr (GError) error = NULL;
  GstCallSignalingServer *server = start_server ("s3cret", &base);
  Client a, b, c;
  CallSide caller, callee;

  uri = g_strdup_printf ("%s?room=call", base);
  client_init (&a, uri, "s3cret");
  client_init (&b, uri, "s3cret");
  g_assert_cmpint (client_connect (&a, &error), ==, 0);
  g_assert_no_error (error);
  g_assert_cmpint (client_connect (&b, &error), ==, 1);
  g_assert_no_error (error);
  wait_count (&a.joined->len, 1, "peer-joined");

  call_side_init (&caller, GST_CALL_SIGNALLER (a.signaller));
  call_side_init (&callee, GST_CALL_SIGNALLER (b.signaller));

  /* The caller dials once the callee is there; the callee answers the
   * incoming call. */
  gst_call_dial_async (caller.call, NULL, NULL, on_call_ready, &caller);
  test_wait_for_flag (&callee.incoming, TIMEOUT_MS, "incoming-call");
  gst_call_answer_async (callee.call, NULL, on_call_ready, &callee);
  test_wait_until (call_has_result, &caller, TIMEOUT_MS, "dial");
  test_wait_until (call_has_result, &callee, TIMEOUT_MS, "answer");
  g_assert_true (gst_call_dial_finish (caller.call, caller.result, &error));
  g_assert_no_error (error);
  g_assert_true (gst_call_answer_finish (callee.call, callee.result, &error));
  g_assert_no_error (error);
  g_clear_object (&caller.result);
  g_clear_object (&callee.result);

  test_wait_call_stats (caller.call, "video-frames-received", 30);
  test_wait_call_stats (callee.call, "video-frames-received", 30);
  g_assert_cmpuint (a.descriptions, ==, 1);
  g_assert_cmpuint (b.descriptions, ==, 1);
  g_assert_cmpuint (a.candidates + b.candidates, >, 0);

  /* The callee's WebSocket closes mid-call, as when a browser tab closes:
   * the server tells the room it left, and the caller's call is over at
   * once, ENDED (not FAILED after peer-timeout) because the peer left. */
  gst_call_websocket_signaller_close (b.signaller);
  test_wait_until (call_is_over, &caller, 1000, "the caller's call to end when its peer left");
  g_assert_cmpuint (a.left->len, ==, 1);
  g_assert_false (a.closed);
  g_assert_cmpint (gst_call_get_state (caller.call), ==, GST_CALL_STATE_ENDED);
  g_assert_cmpint (gst_call_get_end_reason (caller.call), ==, GST_CALL_END_REASON_PEER_LEFT);
  g_assert_null (gst_call_get_error (caller.call));
  /* The callee's own call lost its signaling only: its media and state are
   * its own business. */
  g_assert_cmpint (gst_call_get_state (callee.call), ==, GST_CALL_STATE_ACTIVE);

  /* The server keeps serving the room; a call that ended because its peer
   * left sends nobody a bye. */
  client_init (&c, uri, "s3cret");
  g_assert_cmpint (client_connect (&c, &error), ==, 1);
  g_assert_no_error (error);
  wait_count (&a.joined->len, 2, "a third peer joined");
  gst_call_signaller_send_bye (GST_CALL_SIGNALLER (a.signaller));
  wait_count (&c.byes, 1, "a bye through the server to the third peer");
  g_assert_cmpuint (c.byes, ==, 1);
  g_assert_cmpuint (b.byes, ==, 0);

  gst_call_hangup (callee.call);
  test_drain_context ();
  g_assert_finalize_object (caller.call);
  g_assert_finalize_object (callee.call);
  client_clear (&a);
  client_clear (&b);
  client_clear (&c);
  wait_server_peers (server, 0);
  stop_server (server);
}

/* gst_call_dial_async() with a ws:// URI joins the room and waits for a
 * peer to call. */
static void
test_dial_room (void)
{
  g_autofree char *base = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *caller_uri = NULL;
  g_autoptr (GError) error = NULL;
  GstCallSignalingServer *server = start_server ("s3cret", &base);
  GstCallSignaller *caller_signaller;
  Client b;
  CallSide caller, callee;

  uri = g_strdup_printf ("%s?room=dial", base);
  caller_uri = g_strdup_printf ("%s?room=dial&token=s3cret", base);

  call_side_init (&caller, NULL);
  gst_call_dial_async (caller.call, caller_uri, NULL, on_call_ready, &caller);
  wait_server_peers (server, 1);
  caller_signaller = gst_call_get_signaller (caller.call);
  g_assert_true (GST_IS_CALL_WEBSOCKET_SIGNALLER (caller_signaller));

  /* Nobody else in the room: no offer yet. */
  client_init (&b, uri, "s3cret");
  g_assert_cmpint (client_connect (&b, &error), ==, 1);
  g_assert_no_error (error);
  g_assert_nonnull (gst_call_websocket_signaller_get_peer_id (
      GST_CALL_WEBSOCKET_SIGNALLER (caller_signaller)));

  call_side_init (&callee, GST_CALL_SIGNALLER (b.signaller));
  test_wait_for_flag (&callee.incoming, TIMEOUT_MS, "incoming-call once a peer joined");
  gst_call_answer_async (callee.call, NULL, on_call_ready, &callee);
  test_wait_until (call_has_result, &caller, TIMEOUT_MS, "dial");
  test_wait_until (call_has_result, &callee, TIMEOUT_MS, "answer");
  g_assert_true (gst_call_dial_finish (caller.call, caller.result, &error));
  g_assert_no_error (error);
  g_assert_true (gst_call_answer_finish (callee.call, callee.result, &error));
  g_assert_no_error (error);
  g_clear_object (&caller.result);
  g_clear_object (&callee.result);

  test_wait_call_stats (caller.call, "video-frames-received", 30);
  test_wait_call_stats (callee.call, "video-frames-received", 30);

  gst_call_hangup (caller.call);
  wait_count (&b.byes, 1, "the bye of the hang-up");
  test_drain_context ();
  g_assert_finalize_object (caller.call);
  g_assert_finalize_object (callee.call);
  client_clear (&b);
  wait_server_peers (server, 0);
  stop_server (server);
}

/* A call that gives up on a bad offer or a bad answer tells its peer with
 * a bye, which reaches it through the server. */
static void
test_bad_description_sends_bye (void)
{
  g_autofree char *base = NULL;
  g_autofree char *uri = NULL;
  g_autoptr (GError) error = NULL;
  GstCallSignalingServer *server = start_server (NULL, &base);
  Client offering, answering, a, b;
  CallSide callee, caller;

  /* A bad offer: the callee answers it, fails, and says bye. */
  uri = g_strdup_printf ("%s?room=bad-offer", base);
  client_init (&offering, uri, NULL);
  client_init (&b, uri, NULL);
  g_assert_cmpint (client_connect (&offering, &error), ==, 0);
  g_assert_no_error (error);
  g_assert_cmpint (client_connect (&b, &error), ==, 1);
  g_assert_no_error (error);
  call_side_init (&callee, GST_CALL_SIGNALLER (b.signaller));
  gst_call_signaller_send_description (GST_CALL_SIGNALLER (offering.signaller),
                                       GST_CALL_SDP_TYPE_OFFER, "v=0\r\nthis is no offer\r\n");
  test_wait_for_flag (&callee.incoming, TIMEOUT_MS, "the bad offer");
  gst_call_answer_async (callee.call, NULL, on_call_ready, &callee);
  test_wait_until (call_has_result, &callee, TIMEOUT_MS, "the answer to fail");
  g_assert_false (gst_call_answer_finish (callee.call, callee.result, &error));
  g_test_message ("callee: %s", error->message);
  g_clear_error (&error);
  g_assert_cmpint (gst_call_get_state (callee.call), ==, GST_CALL_STATE_FAILED);
  g_assert_cmpint (gst_call_get_end_reason (callee.call), ==, GST_CALL_END_REASON_FAILED);
  wait_count (&offering.byes, 1, "the callee's bye after the bad offer");
  g_clear_object (&callee.result);

  /* A bad answer: the caller fails and says bye. */
  g_free (uri);
  uri = g_strdup_printf ("%s?room=bad-answer", base);
  client_init (&answering, uri, NULL);
  client_init (&a, uri, NULL);
  g_assert_cmpint (client_connect (&answering, &error), ==, 0);
  g_assert_no_error (error);
  g_assert_cmpint (client_connect (&a, &error), ==, 1);
  g_assert_no_error (error);
  call_side_init (&caller, GST_CALL_SIGNALLER (a.signaller));
  gst_call_dial_async (caller.call, NULL, NULL, on_call_ready, &caller);
  wait_count (&answering.descriptions, 1, "the caller's offer");
  g_assert_cmpint (answering.last_type, ==, GST_CALL_SDP_TYPE_OFFER);
  gst_call_signaller_send_description (GST_CALL_SIGNALLER (answering.signaller),
                                       GST_CALL_SDP_TYPE_ANSWER, "v=0\r\nthis is no answer\r\n");
  test_wait_until (call_has_result, &caller, TIMEOUT_MS, "the dial to fail");
  g_assert_false (gst_call_dial_finish (caller.call, caller.result, &error));
  g_test_message ("caller: %s", error->message);
  g_clear_error (&error);
  g_assert_cmpint (gst_call_get_state (caller.call), ==, GST_CALL_STATE_FAILED);
  g_assert_cmpint (gst_call_get_end_reason (caller.call), ==, GST_CALL_END_REASON_FAILED);
  wait_count (&answering.byes, 1, "the caller's bye after the bad answer");
  g_clear_object (&caller.result);

  test_drain_context ();
  g_assert_finalize_object (callee.call);
  g_assert_finalize_object (caller.call);
  client_clear (&offering);
  client_clear (&answering);
  client_clear (&a);
  client_clear (&b);
  wait_server_peers (server, 0);
  stop_server (server);
}

static gboolean
call_joined_room (gpointer data)
{
  GstCallSignaller *signaller = gst_call_get_signaller (data);

  return signaller &&
         gst_call_websocket_signaller_get_peer_id (GST_CALL_WEBSOCKET_SIGNALLER (signaller));
}

/* Dialling a room that refuses us, or giving up while nobody comes. */
static void
test_dial_room_fails (void)
{
  g_autofree char *base = NULL;
  g_autofree char *uri = NULL;
  g_autoptr (GError) error = NULL;
  GstCallSignalingServer *server = start_server ("s3cret", &base);
  CallSide side;

  uri = g_strdup_printf ("%s?room=dial&token=wrong", base);
  call_side_init (&side, NULL);
  gst_call_dial_async (side.call, uri, NULL, on_call_ready, &side);
  test_wait_until (call_has_result, &side, TIMEOUT_MS, "refused dial");
  g_assert_false (gst_call_dial_finish (side.call, side.result, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING);
  g_test_message ("refused: %s", error->message);
  g_assert_cmpint (gst_call_get_state (side.call), ==, GST_CALL_STATE_FAILED);
  g_clear_error (&error);
  g_clear_object (&side.result);
  test_drain_context ();
  g_assert_finalize_object (side.call);

  {
    g_autoptr (GCancellable) cancellable = g_cancellable_new ();

    g_free (uri);
    uri = g_strdup_printf ("%s?room=empty&token=s3cret", base);
    call_side_init (&side, NULL);
    gst_call_dial_async (side.call, uri, cancellable, on_call_ready, &side);
    /* Cancelled while in the room, waiting for somebody to call. */
    test_wait_until (call_joined_room, side.call, TIMEOUT_MS, "joining the room");
    g_cancellable_cancel (cancellable);
    test_wait_until (call_has_result, &side, TIMEOUT_MS, "cancelled dial");
    g_assert_false (gst_call_dial_finish (side.call, side.result, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_assert_cmpint (gst_call_get_state (side.call), ==, GST_CALL_STATE_ENDED);
    g_clear_object (&side.result);
    test_drain_context ();
    g_assert_finalize_object (side.call);
  }

  wait_server_peers (server, 0);
  stop_server (server);
}

/* Server and signallers made in a thread with its own main context work on
 * that context only: the global default context is never iterated here. */
static gpointer
relay_in_thread (gpointer data)
{
  GMainContext *context = g_main_context_new ();
  g_autofree char *base = NULL;
  g_autofree char *uri = NULL;
  g_autoptr (GError) error = NULL;
  GstCallSignalingServer *server;
  Client a, b;

  g_main_context_push_thread_default (context);
  server = start_server (NULL, &base);
  uri = g_strdup_printf ("%s?room=thread", base);
  client_init (&a, uri, NULL);
  client_init (&b, uri, NULL);
  g_assert_cmpint (client_connect (&a, &error), ==, 0);
  g_assert_cmpint (client_connect (&b, &error), ==, 1);
  g_assert_no_error (error);
  wait_count (&a.joined->len, 1, "peer-joined in a thread");
  gst_call_signaller_send_candidate (GST_CALL_SIGNALLER (a.signaller), 2, "candidate:x");
  wait_count (&b.candidates, 1, "a candidate in a thread");
  g_assert_cmpuint (b.last_mline_index, ==, 2);
  client_clear (&a);
  client_clear (&b);
  wait_server_peers (server, 0);
  stop_server (server);
  g_main_context_pop_thread_default (context);
  g_main_context_unref (context);
  return GINT_TO_POINTER (TRUE);
}

static void
test_other_context (void)
{
  GThread *thread = g_thread_new ("websocket-relay", relay_in_thread, NULL);

  g_assert_true (GPOINTER_TO_INT (g_thread_join (thread)));
}

/* A raw TCP client of the server, reading until the server closes. */
typedef struct {
  GSocketConnection *connection;
  guint8 buffer[4096];
  gboolean closed;
} TcpClient;

static void
on_tcp_read (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  TcpClient *client = user_data;
  g_autoptr (GError) error = NULL;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, &error);

  if (n <= 0) {
    client->closed = TRUE;
    return;
  }
  g_input_stream_read_async (G_INPUT_STREAM (source), client->buffer, sizeof (client->buffer),
                             G_PRIORITY_DEFAULT, NULL, on_tcp_read, client);
}

static void
tcp_client_open (TcpClient              *client,
                 GstCallSignalingServer *server,
                 const char             *request)
{
  g_autoptr (GSocketClient) socket_client = g_socket_client_new ();
  g_autoptr (GError) error = NULL;

  memset (client, 0, sizeof (*client));
  client->connection = g_socket_client_connect_to_host (
      socket_client, "127.0.0.1", gst_call_signaling_server_get_port (server), NULL, &error);
  g_assert_no_error (error);
  if (request) {
    g_assert_true (g_output_stream_write_all (
        g_io_stream_get_output_stream (G_IO_STREAM (client->connection)), request,
        strlen (request), NULL, NULL, &error));
    g_assert_no_error (error);
  }
  g_input_stream_read_async (g_io_stream_get_input_stream (G_IO_STREAM (client->connection)),
                             client->buffer, sizeof (client->buffer), G_PRIORITY_DEFAULT, NULL,
                             on_tcp_read, client);
}

static gboolean
tcp_client_closed (gpointer data)
{
  return ((TcpClient *) data)->closed;
}

static void
on_websocket_connected (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  g_autoptr (GError) error = NULL;

  *(SoupWebsocketConnection **) user_data =
      soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);
  g_assert_no_error (error);
}

static gboolean
has_websocket (gpointer data)
{
  return *(SoupWebsocketConnection **) data != NULL;
}

static gboolean
websocket_closed (gpointer data)
{
  return soup_websocket_connection_get_state (data) == SOUP_WEBSOCKET_STATE_CLOSED;
}

/* Idle connections are closed after idle-timeout seconds: a TCP
 * connection that sends nothing, one whose request stops half-way, one idle
 * after its response (kept alive), and a WebSocket that never joins a room
 * (policy violation, with an error message); a peer that joined stays, and
 * so does a WebSocket joining in time. */
static void
test_idle_clients (void)
{
  g_autofree char *uri_base = NULL;
  g_autofree char *room = NULL;
  g_autofree char *ws_uri = NULL;
  GstCallSignalingServer *server = start_server (NULL, &uri_base);
  g_autoptr (SoupSession) session = soup_session_new ();
  g_autoptr (SoupMessage) upgrade = NULL;
  SoupWebsocketConnection *websocket = NULL;
  TcpClient idle, half_sent, kept_alive;
  Client joined;
  gint64 start;
  guint idle_timeout = 0;

  g_object_get (server, "idle-timeout", &idle_timeout, NULL);
  g_assert_cmpuint (idle_timeout, ==, 10);
  g_object_set (server, "idle-timeout", 1, NULL);
  room = g_strdup_printf ("%s?room=idle", uri_base);
  client_init (&joined, room, NULL);
  g_assert_cmpint (client_connect (&joined, NULL), ==, 0);

  start = g_get_monotonic_time ();
  tcp_client_open (&idle, server, NULL);
  tcp_client_open (&half_sent, server, "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  /* Answered (404: nothing is served there), then idle on a kept-alive
   * connection. */
  tcp_client_open (&kept_alive, server, "GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  ws_uri = g_strdup (uri_base);
  upgrade = soup_message_new ("GET", ws_uri);
  soup_session_websocket_connect_async (session, upgrade, NULL, NULL, G_PRIORITY_DEFAULT, NULL,
                                        on_websocket_connected, &websocket);
  test_wait_until (has_websocket, &websocket, TIMEOUT_MS, "a WebSocket");
  wait_server_peers (server, 2);

  test_wait_until (tcp_client_closed, &idle, 5000, "the idle connection to be closed");
  test_wait_until (tcp_client_closed, &half_sent, 5000, "the half-sent request's connection "
                   "to be closed");
  test_wait_until (tcp_client_closed, &kept_alive, 5000, "the kept-alive connection to be "
                   "closed");
  /* Not at once: after the timeout (a timeout in seconds may fire up to
   * a quarter of a second early, to group wake-ups). */
  g_assert_cmpint (g_get_monotonic_time () - start, >=, G_USEC_PER_SEC * 7 / 10);
  test_wait_until (websocket_closed, websocket, 10000, "the unjoined WebSocket to be closed");
  g_assert_cmpuint (soup_websocket_connection_get_close_code (websocket), ==,
                    SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
  wait_server_peers (server, 1);
  g_assert_false (joined.closed);

  gst_call_websocket_signaller_close (joined.signaller);
  g_object_unref (websocket);
  g_object_unref (idle.connection);
  g_object_unref (half_sent.connection);
  g_object_unref (kept_alive.connection);
  stop_server (server);
  client_clear (&joined);
}

/* Many clients connect at once (browsers opening the page or POSTing WHEP
 * offers together) before the server accepts any: the kernel completes
 * every handshake; with a short listen queue it would drop the SYNs
 * beyond it (retried 1, 3, 7 s later). */
#define BURST_CONNECTIONS 64

static void
test_connection_burst (void)
{
  g_autoptr (GError) error = NULL;
  GstCallSignalingServer *server = gst_call_signaling_server_new (NULL);
  struct sockaddr_in address = { 0 };
  int sockets[BURST_CONNECTIONS];

  g_assert_true (gst_call_signaling_server_listen (server, "127.0.0.1", 0, &error));
  address.sin_family = AF_INET;
  address.sin_port = g_htons (gst_call_signaling_server_get_port (server));
  address.sin_addr.s_addr = g_htonl (INADDR_LOOPBACK);

  /* The server's context is not iterated meanwhile: nothing is accepted. */
  for (guint i = 0; i < BURST_CONNECTIONS; i++) {
    sockets[i] = socket (AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    g_assert_cmpint (sockets[i], >=, 0);
    if (connect (sockets[i], (struct sockaddr *) &address, sizeof address) != 0)
      g_assert_cmpint (errno, ==, EINPROGRESS);
  }
  for (guint i = 0; i < BURST_CONNECTIONS; i++) {
    struct pollfd writable = { .fd = sockets[i], .events = POLLOUT };
    int socket_error = -1;
    socklen_t error_length = sizeof socket_error;

    /* A bound for failure only: loopback handshakes take microseconds. */
    g_assert_cmpint (poll (&writable, 1, 5000), ==, 1);
    g_assert_cmpint (getsockopt (sockets[i], SOL_SOCKET, SO_ERROR, &socket_error,
                                 &error_length), ==, 0);
    /* Writable without an error: connected. */
    g_assert_cmpint (socket_error, ==, 0);
  }
  g_test_message ("%u connections established before the server accepted one",
                  BURST_CONNECTIONS);

  for (guint i = 0; i < BURST_CONNECTIONS; i++)
    close (sockets[i]);
  stop_server (server);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);
  test_tolerate_known_gstreamer_criticals ();

  g_test_add_func ("/GstCall/WebSocket/relay", test_relay);
  g_test_add_func ("/GstCall/WebSocket/one-to-one", test_one_to_one);
  g_test_add_func ("/GstCall/WebSocket/bad-uri", test_bad_uri);
  g_test_add_func ("/GstCall/WebSocket/wrong-token", test_wrong_token);
  g_test_add_func ("/GstCall/WebSocket/bad-input", test_bad_input);
  g_test_add_func ("/GstCall/WebSocket/server-error", test_server_error);
  g_test_add_func ("/GstCall/WebSocket/other-context", test_other_context);
  g_test_add_func ("/GstCall/WebSocket/tls", test_tls);
  g_test_add_func ("/GstCall/WebSocket/call", test_call);
  g_test_add_func ("/GstCall/WebSocket/dial-room", test_dial_room);
  g_test_add_func ("/GstCall/WebSocket/dial-room-fails", test_dial_room_fails);
  g_test_add_func ("/GstCall/WebSocket/bad-description-sends-bye",
                   test_bad_description_sends_bye);
  g_test_add_func ("/GstCall/WebSocket/idle-clients", test_idle_clients);
  g_test_add_func ("/GstCall/WebSocket/connection-burst", test_connection_burst);

  return g_test_run ();
}
