/* Calls relayed by a real TURN server (coturn) on loopback.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <glib/gstdio.h>

#include "test-utils.h"

#define TIMEOUT_MS 20000
#define TURN_USER "alice"
#define TURN_PASSWORD "wonderland"
#define TURN_REALM "gstcall.test"

typedef struct {
  GSubprocess *process;
  char *directory;
  guint16 port;
} TurnServer;

static TurnServer turn;

/* A port nothing listens on, for both UDP and TCP. */
static guint16
pick_free_port (void)
{
  for (guint attempt = 0; attempt < 20; attempt++) {
    g_autoptr (GInetAddress) loopback = g_inet_address_new_from_string ("127.0.0.1");
    g_autoptr (GSocketAddress) any = g_inet_socket_address_new (loopback, 0);
    g_autoptr (GSocket) tcp = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM,
                                            G_SOCKET_PROTOCOL_TCP, NULL);
    g_autoptr (GSocket) udp = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM,
                                            G_SOCKET_PROTOCOL_UDP, NULL);
    g_autoptr (GSocketAddress) bound = NULL;
    g_autoptr (GSocketAddress) same = NULL;
    guint16 port;

    if (!g_socket_bind (tcp, any, FALSE, NULL))
      continue;
    bound = g_socket_get_local_address (tcp, NULL);
    port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
    same = g_inet_socket_address_new (loopback, port);
    if (g_socket_bind (udp, same, FALSE, NULL))
      return port;
  }
  g_error ("no free port on 127.0.0.1");
  return 0;
}

static gboolean
turn_server_accepts (gpointer data)
{
  g_autoptr (GSocketClient) client = g_socket_client_new ();
  g_autoptr (GSocketConnection) connection = NULL;
  g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", turn.port);

  connection = g_socket_client_connect_to_host (client, address, 0, NULL, NULL);
  return connection != NULL;
}

/* coturn on 127.0.0.1 only: one listening port (UDP and TCP), relays on
 * 127.0.0.1, long-term credentials, no TLS, no CLI, no database outside
 * the build directory, its log in the build directory. */
static gboolean
turn_server_start (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *config = NULL;
  g_autofree char *log = NULL;
  g_autofree char *database = NULL;
  g_autofree char *pidfile = NULL;
  g_autofree char *port = NULL;
  g_autofree char *binary = g_find_program_in_path ("turnserver");

  if (!binary)
    return FALSE;

  /* Everything of the server's in the build directory, fresh each run. */
  {
    g_autofree char *cwd = g_get_current_dir ();

    turn.directory = g_build_filename (cwd, "coturn", NULL);
  }
  g_assert_cmpint (g_mkdir_with_parents (turn.directory, 0700), ==, 0);
  turn.port = pick_free_port ();

  config = g_build_filename (turn.directory, "turnserver.conf", NULL);
  log = g_build_filename (turn.directory, "turnserver.log", NULL);
  database = g_build_filename (turn.directory, "turndb", NULL);
  pidfile = g_build_filename (turn.directory, "turnserver.pid", NULL);
  g_unlink (log);
  g_unlink (database);
  port = g_strdup_printf ("%u", turn.port);
  g_assert_true (g_file_set_contents (config, "# options are on the command line\n", -1, NULL));

  {
    const char * const argv[] = {
      binary, "-c", config, "-n",
      "--listening-ip=127.0.0.1", "--relay-ip=127.0.0.1",
      "--listening-port", port, "--allow-loopback-peers",
      "--lt-cred-mech", "--user=" TURN_USER ":" TURN_PASSWORD, "--realm=" TURN_REALM,
      "--no-cli", "--no-tls", "--no-dtls", "--no-rfc5780",
      "--no-stun-backward-compatibility", "--no-multicast-peers",
      "--log-file", log, "--simple-log", "--verbose", "--pidfile", pidfile,
      "--db", database, NULL
    };

    turn.process = test_spawn_child (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                     G_SUBPROCESS_FLAGS_STDERR_SILENCE, argv, &error);
  }
  g_assert_no_error (error);
  test_wait_until (turn_server_accepts, NULL, 10000, "coturn to listen");
  g_test_message ("coturn listens on 127.0.0.1:%u, log %s", turn.port, log);
  return TRUE;
}

static void
turn_server_stop (void)
{
  if (!turn.process)
    return;
  g_subprocess_send_signal (turn.process, SIGTERM);
  g_subprocess_wait (turn.process, NULL, NULL);
  g_clear_object (&turn.process);
  g_free (turn.directory);
}

/* ------------------------------------------------------------------------ */

typedef struct {
  GstCall *call;
  GAsyncResult *result;
  guint ended;
} Side;

static void
on_setup_done (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Side *side = user_data;

  side->result = g_object_ref (result);
}

static void
on_ended (GstCall      *call,
          const GError *reason,
          Side         *side)
{
  side->ended++;
}

static void
side_init (Side             *side,
           GstCallSignaller *signaller,
           const char       *ice_server)
{
  const char * const loopback[] = { TEST_ICE_ADDRESS, NULL };
  /* No ICE server at all when @ice_server is NULL. */
  const char * const servers[] = { ice_server, NULL };
  g_autoptr (GError) error = NULL;

  memset (side, 0, sizeof (*side));
  side->call = gst_call_new ();
  g_object_set (side->call, "ice-local-addresses", loopback, "ice-servers", servers,
                "ice-transport-policy", GST_CALL_ICE_TRANSPORT_POLICY_RELAY,
                "video-width", 320, "video-height", 240, NULL);
  gst_call_set_signaller (side->call, signaller);
  g_assert_true (gst_call_set_sources_from_description (side->call, TEST_VIDEO_SOURCE,
                                                        TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  gst_call_set_video_sink (side->call, test_make_synced_fakesink ());
  gst_call_set_audio_sink (side->call, test_make_synced_fakesink ());
  g_signal_connect (side->call, "ended", G_CALLBACK (on_ended), side);
}

static gboolean
has_result (gpointer data)
{
  return ((Side *) data)->result != NULL;
}

static gboolean
side_finish (Side    *side,
             GError **error)
{
  gboolean ok;

  test_wait_until (has_result, side, TIMEOUT_MS, "call set-up");
  if (g_task_get_source_tag (G_TASK (side->result)) == gst_call_dial_async)
    ok = gst_call_dial_finish (side->call, side->result, error);
  else
    ok = gst_call_answer_finish (side->call, side->result, error);
  g_clear_object (&side->result);
  return ok;
}

static void
side_clear (Side *side)
{
  g_clear_object (&side->result);
  test_drain_context ();
  g_assert_finalize_object (side->call);
}

static void
assert_relayed (GstCall *call)
{
  g_autoptr (GstStructure) stats = test_call_get_stats_structure (call);
  g_autofree char *text = gst_structure_to_string (stats);

  g_test_message ("stats: %s", text);
  g_assert_cmpstr (gst_structure_get_string (stats, "local-candidate-type"), ==, "relay");
  g_assert_cmpstr (gst_structure_get_string (stats, "remote-candidate-type"), ==, "relay");
}

static char *
read_turn_log (gsize from)
{
  g_autofree char *path = g_build_filename (turn.directory, "turnserver.log", NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  return g_strdup (contents + MIN (from, length));
}

static gsize
turn_log_length (void)
{
  g_autofree char *contents = read_turn_log (0);

  return strlen (contents);
}

typedef struct {
  gsize log_from;
  gboolean tcp;
  guint relayed_sessions;  /* sessions that relayed packets to a peer */
  guint matching_sessions; /* ... over the expected client transport */
} TurnUsage;

/* coturn logs, when a session ends, "session ID: peer usage: ...,
 * rp=PACKETS, ..." and, for TCP clients, "session ID: TCP socket ...". */
static gboolean
turn_sessions_logged (gpointer data)
{
  TurnUsage *usage = data;
  g_autofree char *log = read_turn_log (usage->log_from);
  g_auto (GStrv) lines = g_strsplit (log, "\n", -1);

  usage->relayed_sessions = usage->matching_sessions = 0;
  for (guint i = 0; lines[i]; i++) {
    const char *session = strstr (lines[i], "session ");
    const char *packets = strstr (lines[i], "peer usage:");
    g_autofree char *id = NULL;
    g_autofree char *tcp_marker = NULL;

    if (!session || !packets || !(packets = strstr (packets, "rp=")) ||
        g_ascii_strtoull (packets + 3, NULL, 10) == 0)
      continue;
    id = g_strndup (session, strcspn (session, ":"));
    tcp_marker = g_strdup_printf ("%s: TCP socket", id);
    usage->relayed_sessions++;
    if ((strstr (log, tcp_marker) != NULL) == usage->tcp)
      usage->matching_sessions++;
  }
  /* One allocation per side. */
  return usage->relayed_sessions >= 2;
}

static void
test_relay (gconstpointer data)
{
  const char *transport = data;
  g_autofree char *server = g_strdup_printf ("turn:" TURN_USER ":" TURN_PASSWORD
                                             "@127.0.0.1:%u%s", turn.port, transport);
  GstCallLoopbackSignaller *ours, *theirs;
  g_autoptr (GError) error = NULL;
  TurnUsage usage = { turn_log_length (), *transport != '\0' };
  Side caller, callee;

  gst_call_loopback_signaller_new_pair (&ours, &theirs);
  side_init (&caller, GST_CALL_SIGNALLER (ours), server);
  side_init (&callee, GST_CALL_SIGNALLER (theirs), server);
  g_object_unref (ours);
  g_object_unref (theirs);

  gst_call_dial_async (caller.call, NULL, NULL, on_setup_done, &caller);
  gst_call_answer_async (callee.call, NULL, on_setup_done, &callee);
  g_assert_true (side_finish (&caller, &error));
  g_assert_no_error (error);
  g_assert_true (side_finish (&callee, &error));
  g_assert_no_error (error);

  test_wait_call_stats (callee.call, "video-frames-received", 30);
  test_wait_call_stats (caller.call, "video-frames-received", 30);
  assert_relayed (caller.call);
  assert_relayed (callee.call);

  gst_call_hangup (caller.call);
  side_clear (&caller);
  side_clear (&callee);

  /* The server saw it: both allocations relayed media, over the transport
   * the URI asked for, and were released when the call ended. */
  test_wait_until (turn_sessions_logged, &usage, 10000, "coturn to log the sessions");
  g_test_message ("coturn: %u sessions relayed media, %u of them over %s",
                  usage.relayed_sessions, usage.matching_sessions,
                  usage.tcp ? "TCP" : "UDP");
  g_assert_cmpuint (usage.matching_sessions, ==, usage.relayed_sessions);
}

static void
on_whip_new_call (GstCallWhipServer *whip,
                  GstCall           *call,
                  const char        *path,
                  GstCall          **server_call)
{
  g_set_object (server_call, call);
  gst_call_set_video_sink (call, test_make_synced_fakesink ());
  gst_call_set_audio_sink (call, test_make_synced_fakesink ());
}

/* A WHIP endpoint names its TURN server only in the Link headers of its
 * answer: a publisher with no ICE server of its own and the relay-only
 * policy gathers relay candidates then, trickles them, and connects. */
static void
test_whip_link_turn (void)
{
  g_autofree char *server = g_strdup_printf ("turn:" TURN_USER ":" TURN_PASSWORD
                                             "@127.0.0.1:%u", turn.port);
  const char * const servers[] = { server, NULL };
  const char * const loopback[] = { TEST_ICE_ADDRESS, NULL };
  g_autoptr (GInetAddress) address = g_inet_address_new_from_string ("127.0.0.1");
  g_autoptr (GSocketAddress) any = g_inet_socket_address_new (address, 0);
  SoupServer *soup = soup_server_new (NULL, NULL);
  GstCallWhipServer *whip = gst_call_whip_server_new ();
  GstCallWhipSignaller *signaller = NULL;
  g_autoptr (GstStructure) stats = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *url = NULL;
  g_auto (GStrv) used = NULL;
  GstCall *server_call = NULL;
  Side publisher;

  g_assert_true (soup_server_listen (soup, any, 0, &error));
  g_assert_no_error (error);
  url = g_strdup_printf ("http://127.0.0.1:%u/whip", test_soup_server_port (soup));
  g_object_set (whip, "ice-servers", servers, "ice-local-addresses", loopback, NULL);
  gst_call_whip_server_attach (whip, soup, "/whip");
  g_signal_connect (whip, "new-call", G_CALLBACK (on_whip_new_call), &server_call);

  signaller = gst_call_whip_signaller_new (url);
  side_init (&publisher, GST_CALL_SIGNALLER (signaller), NULL);
  g_object_unref (signaller);
  gst_call_dial_async (publisher.call, NULL, NULL, on_setup_done, &publisher);
  g_assert_true (side_finish (&publisher, &error));
  g_assert_no_error (error);
  g_assert_nonnull (server_call);
  test_wait_call_stats (server_call, "video-frames-received", 30);

  /* Relayed, through the server of the Link header, which the publisher's
   * connection now lists. */
  stats = test_call_get_stats_structure (publisher.call);
  g_test_message ("publisher: local candidate %s, remote %s",
                  gst_structure_get_string (stats, "local-candidate-type"),
                  gst_structure_get_string (stats, "remote-candidate-type"));
  g_assert_cmpstr (gst_structure_get_string (stats, "local-candidate-type"), ==, "relay");
  g_object_get (gst_call_get_peer_connection (publisher.call), "ice-servers", &used, NULL);
  g_assert_nonnull (used);
  g_assert_cmpuint (g_strv_length (used), ==, 1);
  g_test_message ("publisher's ICE servers: the Link header's %s", strrchr (used[0], '@'));
  g_assert_true (g_str_has_prefix (used[0], "turn"));
  g_assert_true (g_str_has_suffix (used[0], strrchr (server, '@')));
  /* The call's own property is the application's: unchanged. */
  {
    g_auto (GStrv) own = NULL;

    g_object_get (publisher.call, "ice-servers", &own, NULL);
    g_assert_true (!own || !own[0]);
  }

  gst_call_hangup (publisher.call);
  side_clear (&publisher);
  test_drain_context ();
  g_clear_object (&server_call);
  g_assert_finalize_object (whip);
  soup_server_disconnect (soup);
  g_assert_finalize_object (soup);
}

static void
test_wrong_credentials (void)
{
  g_autofree char *good = g_strdup_printf ("turn:" TURN_USER ":" TURN_PASSWORD
                                           "@127.0.0.1:%u", turn.port);
  g_autofree char *bad = g_strdup_printf ("turn:" TURN_USER ":not-the-password"
                                          "@127.0.0.1:%u", turn.port);
  g_autofree char *host = g_strdup_printf ("127.0.0.1:%u", turn.port);
  GstCallLoopbackSignaller *ours, *theirs;
  g_autoptr (GError) error = NULL;
  gint64 started = g_get_monotonic_time ();
  Side caller, callee;

  gst_call_loopback_signaller_new_pair (&ours, &theirs);
  side_init (&caller, GST_CALL_SIGNALLER (ours), bad);
  side_init (&callee, GST_CALL_SIGNALLER (theirs), good);
  g_object_unref (ours);
  g_object_unref (theirs);

  gst_call_dial_async (caller.call, NULL, NULL, on_setup_done, &caller);
  gst_call_answer_async (callee.call, NULL, on_setup_done, &callee);
  g_assert_false (side_finish (&caller, &error));
  g_test_message ("after %.1f s: %s",
                  (g_get_monotonic_time () - started) / (double) G_USEC_PER_SEC,
                  error->message);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_ICE);
  g_assert_nonnull (strstr (error->message, "TURN credentials"));
  g_assert_nonnull (strstr (error->message, host));
  /* The password is not in the message. */
  g_assert_null (strstr (error->message, "not-the-password"));
  g_assert_cmpint (gst_call_get_state (caller.call), ==, GST_CALL_STATE_FAILED);

  gst_call_hangup (callee.call);
  side_clear (&caller);
  side_clear (&callee);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  gst_init (&argc, &argv);
  test_tolerate_known_gstreamer_criticals ();

  if (!turn_server_start ()) {
    return test_cannot_run ("turnserver not found: install coturn (tools/install-deps)");
  }
  g_test_add_data_func ("/GstCall/TURN/relay-udp", "", test_relay);
  g_test_add_data_func ("/GstCall/TURN/relay-tcp", "?transport=tcp", test_relay);
  g_test_add_func ("/GstCall/TURN/wrong-credentials", test_wrong_credentials);
  g_test_add_func ("/GstCall/TURN/whip-link-header", test_whip_link_turn);
  status = g_test_run ();
  turn_server_stop ();
  return status;
}
