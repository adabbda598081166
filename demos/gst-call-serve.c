/* gst-call serve: a web page and its signaling; every browser that opens
 * the page gets a call with this process, and so does every WHIP client
 * (publishing to /whip) and WHEP client (playing from /whep). The serving
 * is GstCallServer's; the tool prints what happens and sends the chat.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "gst-call-tool.h"
#include "gst-call-common.h"
#include "gst-call-chat.h"

#define DEFAULT_MAX_CALLS 16
#define DEFAULT_JOIN_TIMEOUT 30
#define DEFAULT_IDLE_TIMEOUT 10

typedef struct _Serve Serve;

/* One call of the server, as the tool numbers and reports it. */
typedef struct {
  Serve *serve;
  guint id;
  GstCallServerCallKind kind;
  gboolean started;      /* the call left IDLE */
  GstCall *call;
} ServeCall;

struct _Serve {
  GMainLoop *loop;
  GstCallServer *server;
  GstCallToolOptions options;
  guint next_id;
  GHashTable *calls;      /* GstCall -> ServeCall */
  GstCallToolChat *chat;  /* the browsers' data channels */
};

static void
serve_call_free (gpointer data)
{
  ServeCall *serve_call = data;

  if (serve_call->kind == GST_CALL_SERVER_CALL_KIND_BROWSER)
    gst_call_tool_chat_remove_call (serve_call->serve->chat, serve_call->call);
  g_signal_handlers_disconnect_by_data (serve_call->call, serve_call);
  g_object_unref (serve_call->call);
  g_free (serve_call);
}

static void
on_call_state (GstCall    *call,
               GParamSpec *pspec,
               ServeCall  *serve_call)
{
  if (gst_call_get_state (call) != GST_CALL_STATE_IDLE)
    serve_call->started = TRUE;
  printf (_("call %u: %s\n"), serve_call->id,
          gst_call_tool_state_name (gst_call_get_state (call)));
  fflush (stdout);
}

static void
on_new_call (GstCallServer         *server,
             GstCall               *call,
             GstCallServerCallKind  kind,
             Serve                 *serve)
{
  ServeCall *serve_call = g_new0 (ServeCall, 1);

  serve_call->serve = serve;
  serve_call->id = ++serve->next_id;
  serve_call->kind = kind;
  serve_call->call = g_object_ref (call);
  g_hash_table_insert (serve->calls, call, serve_call);
  /* Sinks: the media is played, or only counted. */
  gst_call_tool_configure_receiver (call, &serve->options);
  g_signal_connect (call, "notify::state", G_CALLBACK (on_call_state), serve_call);

  switch (kind) {
    case GST_CALL_SERVER_CALL_KIND_BROWSER: {
      g_autofree char *name = g_strdup_printf (_("call %u"), serve_call->id);
      g_autoptr (GError) chat_error = NULL;

      printf (_("call %u: a browser asked for a call\n"), serve_call->id);
      /* The page's chat: the app opens a channel before the call starts, so
       * its offer or answer carries the data section. */
      gst_call_tool_chat_add_call (serve->chat, call, name);
      if (!gst_call_tool_chat_open_channel (serve->chat, call, &chat_error))
        printf (_("call %u: no chat: %s\n"), serve_call->id, chat_error->message);
      break;
    }
    case GST_CALL_SERVER_CALL_KIND_WHEP:
      printf (_("call %u: a WHEP client plays from %s\n"), serve_call->id, "/whep");
      break;
    case GST_CALL_SERVER_CALL_KIND_WHIP:
    default:
      printf (_("call %u: a WHIP client publishes to %s\n"), serve_call->id, "/whip");
      break;
  }
  fflush (stdout);
}

static void
on_call_ended (GstCallServer *server,
               GstCall       *call,
               const GError  *reason,
               Serve         *serve)
{
  ServeCall *serve_call = g_hash_table_lookup (serve->calls, call);

  if (!serve_call)
    return;
  gst_call_tool_print_stats (call, serve_call->id, "final");
  if (reason && serve_call->kind == GST_CALL_SERVER_CALL_KIND_BROWSER && !serve_call->started)
    /* Given up before it started: nobody joined its room. */
    printf (_("call %u: %s\n"), serve_call->id, reason->message);
  else if (reason)
    printf (_("call %u ended: %s\n"), serve_call->id, reason->message);
  else if (serve_call->kind != GST_CALL_SERVER_CALL_KIND_BROWSER)
    printf (_("call %u ended: the client ended the session (DELETE)\n"), serve_call->id);
  else
    printf (_("call %u ended\n"), serve_call->id);
  fflush (stdout);
  g_hash_table_remove (serve->calls, call);
}

static gboolean
print_all_stats (gpointer data)
{
  Serve *serve = data;
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, serve->calls);
  while (g_hash_table_iter_next (&iter, NULL, &value)) {
    ServeCall *serve_call = value;

    if (gst_call_get_state (serve_call->call) == GST_CALL_STATE_ACTIVE ||
        gst_call_get_state (serve_call->call) == GST_CALL_STATE_RECONNECTING)
      gst_call_tool_print_stats (serve_call->call, serve_call->id, "stats");
  }
  return G_SOURCE_CONTINUE;
}

/* Every refused request is logged: who, what, and why (the response's
 * text). A request that was never completely read may have no URI. */
static void
on_request_finished (SoupServer        *server,
                     SoupServerMessage *message,
                     Serve             *serve)
{
  guint status = soup_server_message_get_status (message);
  GUri *uri = soup_server_message_get_uri (message);
  const char *method = soup_server_message_get_method (message);
  const char *phrase = soup_server_message_get_reason_phrase (message);
  g_autoptr (GBytes) body = NULL;
  g_autofree char *reason = NULL;
  const char *type;

  if (status < 400)
    return;
  type = soup_message_headers_get_content_type (
      soup_server_message_get_response_headers (message), NULL);
  if (g_strcmp0 (type, "text/plain") == 0) {
    body = soup_message_body_flatten (soup_server_message_get_response_body (message));
    reason = g_strndup (g_bytes_get_data (body, NULL), MIN (g_bytes_get_size (body), 300));
    g_strstrip (reason);
    g_strdelimit (reason, "\r\n", ' ');
  }
  g_message (_("%s: %s %s refused: %u %s%s%s"), soup_server_message_get_remote_host (message),
             method ? method : "-", uri ? g_uri_get_path (uri) : "-", status,
             phrase ? phrase : "", reason && *reason ? ": " : "",
             reason ? reason : "");
}

static gboolean
on_signal (gpointer data)
{
  Serve *serve = data;

  g_main_loop_quit (serve->loop);
  return G_SOURCE_REMOVE;
}

/* The server's settings from the options; FALSE with @error set for a
 * source or codec that cannot work. */
static gboolean
configure_server (GstCallServer  *server,
                  const char     *source,
                  const char     *video_codec,
                  const char     *video_size,
                  const char     *ice_address,
                  gboolean        per_call_encoding,
                  GError        **error)
{
  const char * const loopback[] = { "127.0.0.1", NULL };
  const char * const given[] = { ice_address, NULL };

  if (!ice_address)
    gst_call_server_set_ice_local_addresses (server, loopback);
  else if (!g_str_equal (ice_address, "any"))
    gst_call_server_set_ice_local_addresses (server, given);

  if (video_codec) {
    GstCallCodec codec;

    if (!gst_call_tool_parse_video_codec (video_codec, &codec, error))
      return FALSE;
    gst_call_server_set_video_codec (server, codec);
    /* The shared encoder sends VP8. */
    if (codec != GST_CALL_CODEC_VP8)
      per_call_encoding = TRUE;
  }
  gst_call_server_set_shared_encoding (server, !per_call_encoding);
  if (video_size) {
    guint width = 0, height = 0;

    if (!gst_call_tool_parse_video_size (video_size, &width, &height, error))
      return FALSE;
    gst_call_server_set_video_width (server, width);
    gst_call_server_set_video_height (server, height);
  }

  if (!source || g_str_equal (source, "test"))
    return TRUE;
  if (g_str_equal (source, "camera")) {
    gst_call_server_set_sources_from_devices (server);
    return TRUE;
  }
  return gst_call_server_set_sources_from_uri (server, source, error);
}

int
gst_call_tool_serve (int argc, char **argv)
{
  int port = 8080;
  int max_calls = DEFAULT_MAX_CALLS;
  int max_calls_per_client = 0;
  int join_timeout = DEFAULT_JOIN_TIMEOUT;
  int serve_stats_interval = 1000;
  int idle_timeout = DEFAULT_IDLE_TIMEOUT;
  char *address = NULL;
  char *source = NULL;
  char *token = NULL;
  char *ice_address = NULL;
  char *video_codec = NULL;
  char *video_size = NULL;
  char *tls_certificate = NULL;
  char *tls_key = NULL;
  gboolean play = FALSE;
  gboolean chat = FALSE;
  gboolean per_call_encoding = FALSE;
  const GOptionEntry entries[] = {
    { "port", 'p', 0, G_OPTION_ARG_INT, &port,
      N_("Port of the page and the signaling (default 8080; 0: any free port)"), N_("PORT") },
    { "address", 0, 0, G_OPTION_ARG_STRING, &address,
      N_("Address to listen on (default 127.0.0.1)"), N_("ADDRESS") },
    { "source", 's', 0, G_OPTION_ARG_STRING, &source,
      N_("What to send: test (default), camera, or a media file"), N_("SOURCE") },
    { "per-call-encoding", 0, 0, G_OPTION_ARG_NONE, &per_call_encoding,
      N_("Encode the source for each call on its own (default: once for all calls; a media "
         "file then plays once for all, from the first call on, instead of from its start "
         "for each); implied by a --video-codec other than vp8"), NULL },
    { "token", 't', 0, G_OPTION_ARG_STRING, &token,
      N_("A secret the page must give (open it with ?token=SECRET) and WHIP and WHEP "
         "clients as their bearer token"), N_("TOKEN") },
    { "video-codec", 0, 0, G_OPTION_ARG_STRING, &video_codec,
      N_("Video codec to offer: vp8 (default), vp9 or h264"), N_("CODEC") },
    { "video-size", 0, 0, G_OPTION_ARG_STRING, &video_size,
      N_("Size of the test or camera video (default 640x480)"), N_("WIDTHxHEIGHT") },
    { "ice-address", 0, 0, G_OPTION_ARG_STRING, &ice_address,
      N_("Local address for media (default 127.0.0.1; “any”: every interface)"),
      N_("ADDRESS") },
    { "max-calls", 0, 0, G_OPTION_ARG_INT, &max_calls,
      N_("How many calls at once, WHIP and WHEP sessions included (default 16); "
         "beyond: 503"), N_("N") },
    { "max-calls-per-client", 0, 0, G_OPTION_ARG_INT, &max_calls_per_client,
      N_("How many of them one client address may hold (default: half of --max-calls, "
         "rounded up); beyond: 429"), N_("N") },
    { "join-timeout", 0, 0, G_OPTION_ARG_INT, &join_timeout,
      N_("Seconds a browser has, once given a call, to join its room and start it; "
         "then the call is given up and its slot freed (default 30)"), N_("SECONDS") },
    { "idle-timeout", 0, 0, G_OPTION_ARG_INT, &idle_timeout,
      N_("Seconds a connection may stay idle: an HTTP client to send a whole request, a "
         "WebSocket client to join a room; then it is closed (default 10; 0: never)"),
      N_("SECONDS") },
    { "play", 0, 0, G_OPTION_ARG_NONE, &play,
      N_("Play the browsers' and WHIP clients' media (default: count it only)"), NULL },
    { "chat", 0, 0, G_OPTION_ARG_NONE, &chat,
      N_("Send every line of standard input (a terminal or a pipe) on the browsers' open "
         "data channels, as text; a line “/hex 48690a” sends those bytes. What browsers "
         "send is printed in any case"), NULL },
    { "tls-certificate", 0, 0, G_OPTION_ARG_FILENAME, &tls_certificate,
      N_("Serve HTTPS and WSS with this PEM certificate (browsers on other machines "
         "only give their camera to a secure page)"), N_("FILE") },
    { "tls-key", 0, 0, G_OPTION_ARG_FILENAME, &tls_key,
      N_("The PEM private key of --tls-certificate (default: in the certificate's file)"),
      N_("FILE") },
    { "stats-interval", 0, 0, G_OPTION_ARG_INT, &serve_stats_interval,
      N_("Milliseconds between two lines of statistics (default 1000)"), N_("MS") },
    { NULL }
  };
  g_autoptr (GOptionContext) context =
      g_option_context_new (_("— a web page that calls this process, and a WHIP and WHEP "
                              "endpoint"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GTlsCertificate) certificate = NULL;
  Serve serve = { 0 };
  g_autofree char *url = NULL;
  const char *scheme = "http";
  const char *listen_address;
  SoupServer *soup;
  guint stats_id;
  int status = 0;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_group (context, gst_init_get_option_group ());
  if (!g_option_context_parse (context, &argc, &argv, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 2;
  }
  if (port < 0 || port > 65535 || max_calls < 1) {
    fprintf (stderr, _("%s: --port must be 0 to 65535, --max-calls at least 1\n"), argv[0]);
    return 2;
  }
  if (max_calls_per_client < 0 || join_timeout < 1 || join_timeout > 3600 ||
      idle_timeout < 0 || idle_timeout > 3600) {
    fprintf (stderr, _("%s: --max-calls-per-client must not be negative, --join-timeout "
                       "must be 1 to 3600, --idle-timeout 0 to 3600\n"), argv[0]);
    return 2;
  }
  if (tls_key && !tls_certificate) {
    fprintf (stderr, _("%s: --tls-key needs --tls-certificate\n"), argv[0]);
    return 2;
  }
  if (serve_stats_interval < 50 || serve_stats_interval > 60000) {
    fprintf (stderr, _("%s: --stats-interval takes 50 to 60000 ms\n"), argv[0]);
    return 2;
  }
  if (tls_certificate) {
    certificate = g_tls_certificate_new_from_files (tls_certificate,
                                                    tls_key ? tls_key : tls_certificate,
                                                    &error);
    if (!certificate) {
      fprintf (stderr, _("%s: cannot use the TLS certificate %s: %s\n"), argv[0],
               tls_certificate, error->message);
      g_free (tls_certificate);
      g_free (tls_key);
      return 1;
    }
    scheme = "https";
  }

  serve.options.ice_address = ice_address;
  serve.options.play = play;
  serve.chat = gst_call_tool_chat_new (chat);
  serve.calls = g_hash_table_new_full (NULL, NULL, NULL, serve_call_free);
  serve.loop = g_main_loop_new (NULL, FALSE);
  listen_address = address ? address : "127.0.0.1";
  serve.server = gst_call_server_new ();
  g_object_set (serve.server, "address", listen_address, "port", (guint) port,
                "token", token, "tls-certificate", certificate,
                "max-calls", (guint) max_calls,
                "max-calls-per-client", (guint) max_calls_per_client,
                "join-timeout", (guint) join_timeout, "idle-timeout", (guint) idle_timeout,
                NULL);
  g_signal_connect (serve.server, "new-call", G_CALLBACK (on_new_call), &serve);
  g_signal_connect (serve.server, "call-ended", G_CALLBACK (on_call_ended), &serve);

  /* A source that cannot work (a missing file, an unknown codec) is
   * reported now, not to the first browser. */
  if (!configure_server (serve.server, source, video_codec, video_size, ice_address,
                         per_call_encoding, &error) ||
      !gst_call_server_listen (serve.server, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    status = 1;
    goto out;
  }
  soup = gst_call_server_get_soup_server (serve.server);
  g_signal_connect (soup, "request-finished", G_CALLBACK (on_request_finished), &serve);
  /* libsoup reports a 500 as aborted. */
  g_signal_connect (soup, "request-aborted", G_CALLBACK (on_request_finished), &serve);

  url = gst_call_server_get_uri (serve.server);
  printf (_("Open %s in a browser (add ?offer=browser for the browser to offer)\n"), url);
  if (token) {
    printf (_("WHIP ingest (OBS, gst-call whip): %s://%s:%u%s with the bearer token of "
              "--token\n"), scheme, listen_address,
            gst_call_server_get_port (serve.server), "/whip");
    printf (_("WHEP playback (gst-call whep): %s://%s:%u%s with the bearer token of "
              "--token\n"), scheme, listen_address,
            gst_call_server_get_port (serve.server), "/whep");
  } else {
    printf (_("WHIP ingest (OBS, gst-call whip): %s://%s:%u%s\n"), scheme, listen_address,
            gst_call_server_get_port (serve.server), "/whip");
    printf (_("WHEP playback (gst-call whep): %s://%s:%u%s\n"), scheme, listen_address,
            gst_call_server_get_port (serve.server), "/whep");
  }
  fflush (stdout);

  g_unix_signal_add (SIGINT, on_signal, &serve);
  g_unix_signal_add (SIGTERM, on_signal, &serve);
  stats_id = g_timeout_add ((guint) serve_stats_interval, print_all_stats, &serve);
  g_main_loop_run (serve.loop);
  g_source_remove (stats_id);
  gst_call_tool_flush_stats ();

out:
  /* Ends the WHIP and WHEP sessions, then the browsers' calls. */
  soup = gst_call_server_get_soup_server (serve.server);
  if (soup)
    g_signal_handlers_disconnect_by_data (soup, &serve);
  g_signal_handlers_disconnect_by_data (serve.server, &serve);
  g_hash_table_destroy (serve.calls);
  gst_call_server_close (serve.server);
  g_object_unref (serve.server);
  gst_call_tool_chat_free (serve.chat);
  g_main_loop_unref (serve.loop);
  g_free (address);
  g_free (source);
  g_free (token);
  g_free (ice_address);
  g_free (video_codec);
  g_free (video_size);
  g_free (tls_certificate);
  g_free (tls_key);
  return status;
}

/* ------------------------------------------------------------------------ */
/* gst-call dial                                                             */

typedef struct {
  GMainLoop *loop;
  GstCall *call;
  GstCallWebSocketSignaller *signaller;
  double duration;
  guint duration_id;
  gboolean connected;
  GError *error;
  GstCallToolChat *chat;
  char *dtmf;             /* tones to send once connected */
} Dial;

static void
dial_fail (Dial   *dial,
           GError *error)
{
  if (!dial->error)
    dial->error = g_error_copy (error);
  g_main_loop_quit (dial->loop);
}

static gboolean
on_dial_duration_over (gpointer data)
{
  Dial *dial = data;

  dial->duration_id = 0;
  g_main_loop_quit (dial->loop);
  return G_SOURCE_REMOVE;
}

static void
on_dial_connected (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  Dial *dial = user_data;
  g_autoptr (GError) error = NULL;
  gboolean dialled = g_task_get_source_tag (G_TASK (result)) == gst_call_dial_async;

  if (!(dialled ? gst_call_dial_finish (dial->call, result, &error)
                : gst_call_answer_finish (dial->call, result, &error))) {
    dial_fail (dial, error);
    return;
  }
  dial->connected = TRUE;
  if (dial->dtmf) {
    if (!gst_call_send_dtmf (dial->call, dial->dtmf, 0, &error)) {
      dial_fail (dial, error);
      return;
    }
    printf (_("DTMF: sending %s\n"), dial->dtmf);
    fflush (stdout);
  }
  if (dial->duration > 0)
    dial->duration_id = g_timeout_add ((guint) (dial->duration * 1000),
                                       on_dial_duration_over, dial);
}

static gboolean
quit_loop (gpointer loop)
{
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

static void
run_loop_for (GMainLoop *loop,
              guint      ms)
{
  g_timeout_add (ms, quit_loop, loop);
  g_main_loop_run (loop);
}

static void
on_dial_dtmf (GstCall    *call,
              const char *tone,
              guint       duration_ms,
              Dial       *dial)
{
  printf (_("DTMF: received %s (%u ms)\n"), tone, duration_ms);
  fflush (stdout);
}

static void
on_dial_incoming (GstCall *call,
                  Dial    *dial)
{
  gst_call_answer_async (call, NULL, on_dial_connected, dial);
}

static void
on_dial_ended (GstCall      *call,
               const GError *reason,
               Dial         *dial)
{
  if (reason)
    dial_fail (dial, (GError *) reason);
  else
    g_main_loop_quit (dial->loop);
}

static void
on_dial_state (GstCall    *call,
               GParamSpec *pspec,
               Dial       *dial)
{
  printf (_("call: %s\n"), gst_call_tool_state_name (gst_call_get_state (call)));
  fflush (stdout);
}

static void
on_dial_joined (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Dial *dial = user_data;
  g_autoptr (GError) error = NULL;
  guint n_peers = 0;

  if (!gst_call_websocket_signaller_connect_finish (dial->signaller, result, &n_peers,
                                                    &error)) {
    dial_fail (dial, error);
    return;
  }
  if (n_peers > 0) {
    /* The later of two peers offers. */
    printf (_("joined room “%s”, %u peer(s) there: calling\n"),
            gst_call_websocket_signaller_get_room (dial->signaller), n_peers);
    gst_call_dial_async (dial->call, NULL, NULL, on_dial_connected, dial);
  } else {
    printf (_("joined room “%s”, nobody there yet: waiting for a call\n"),
            gst_call_websocket_signaller_get_room (dial->signaller));
  }
  fflush (stdout);
}

static gboolean
print_dial_stats (gpointer data)
{
  Dial *dial = data;

  /* Reconnecting too: the frames stop, and come back. */
  if (gst_call_get_state (dial->call) == GST_CALL_STATE_ACTIVE ||
      gst_call_get_state (dial->call) == GST_CALL_STATE_RECONNECTING)
    gst_call_tool_print_stats (dial->call, 1, "stats");
  return G_SOURCE_CONTINUE;
}

static gboolean
on_dial_signal (gpointer data)
{
  Dial *dial = data;

  g_main_loop_quit (dial->loop);
  return G_SOURCE_REMOVE;
}

int
gst_call_tool_dial (int argc, char **argv)
{
  double duration = 0;
  char *source = NULL;
  char *token = NULL;
  char *ice_address = NULL;
  char *video_codec = NULL;
  char *video_size = NULL;
  char *dtmf = NULL;
  gboolean play = FALSE;
  gboolean chat = FALSE;
  gboolean sip = FALSE;
  int reconnect_timeout = -1;
  int stats_interval = 1000;
  const GOptionEntry entries[] = {
    { "source", 's', 0, G_OPTION_ARG_STRING, &source,
      N_("What to send: test (default), camera, or a media file"), N_("SOURCE") },
    { "token", 't', 0, G_OPTION_ARG_STRING, &token,
      N_("The signaling server's token"), N_("TOKEN") },
    { "chat", 0, 0, G_OPTION_ARG_NONE, &chat,
      N_("Open a data channel labelled “chat” and send every line of standard input (a "
         "terminal or a pipe) on the open channels, as text; a line “/hex 48690a” sends "
         "those bytes. What the peer sends is printed in any case"), NULL },
    { "video-codec", 0, 0, G_OPTION_ARG_STRING, &video_codec,
      N_("Video codec to offer: vp8 (default), vp9 or h264"), N_("CODEC") },
    { "video-size", 0, 0, G_OPTION_ARG_STRING, &video_size,
      N_("Size of the test or camera video (default 640x480)"), N_("WIDTHxHEIGHT") },
    { "ice-address", 0, 0, G_OPTION_ARG_STRING, &ice_address,
      N_("Local address for media (default 127.0.0.1; “any”: every interface)"),
      N_("ADDRESS") },
    { "duration", 'd', 0, G_OPTION_ARG_DOUBLE, &duration,
      N_("Hang up this many seconds after connecting (default: when the peer does)"),
      N_("SECONDS") },
    { "play", 0, 0, G_OPTION_ARG_NONE, &play,
      N_("Play the peer's media (default: count it only)"), NULL },
    { "reconnect-timeout", 0, 0, G_OPTION_ARG_INT, &reconnect_timeout,
      N_("Seconds a lost connection is given to come back (default 30; 0: the call fails at once)"),
      N_("SECONDS") },
    { "stats-interval", 0, 0, G_OPTION_ARG_INT, &stats_interval,
      N_("Milliseconds between two lines of statistics (default 1000)"), N_("MS") },
    { "dtmf", 0, 0, G_OPTION_ARG_STRING, &dtmf,
      N_("Send these DTMF tones (0-9, *, #, A-D) once connected, 100 ms each"),
      N_("TONES") },
    { NULL }
  };
  g_autoptr (GOptionContext) context =
      g_option_context_new (_("ws://HOST:PORT/ws?room=ROOM | sip:USER@HOST[:PORT] — join a "
                              "room and call its peer, or call a SIP endpoint"));
  g_autoptr (GError) error = NULL;
  GstCallToolOptions options = { 0 };
  Dial dial = { 0 };
  g_autofree char *scheme = NULL;
  guint stats_id;
  int status = 0;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_group (context, gst_init_get_option_group ());
  if (!g_option_context_parse (context, &argc, &argv, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 2;
  }
  if (argc != 2 || !(scheme = g_uri_parse_scheme (argv[1])) ||
      !(g_str_equal (scheme, "ws") || g_str_equal (scheme, "wss") ||
        g_str_equal (scheme, "sip"))) {
    fprintf (stderr, _("%s: give one ws:// or wss:// room URI, e.g. "
                       "ws://127.0.0.1:8080/ws?room=kitchen, or a sip: URI, e.g. "
                       "sip:door@192.168.1.20:5060\n"), argv[0]);
    return 2;
  }
  /* A SIP endpoint: plain RTP, the SIP signaller gst_call_dial_async()
   * makes, no room. */
  sip = g_str_equal (scheme, "sip");
  if (sip && (token || chat)) {
    fprintf (stderr, _("%s: --token and --chat are for rooms, not SIP calls\n"), argv[0]);
    return 2;
  }

  if (reconnect_timeout > 3600 || stats_interval < 50 || stats_interval > 60000) {
    fprintf (stderr, _("%s: --reconnect-timeout takes 0 to 3600 seconds, --stats-interval "
                       "50 to 60000 ms\n"), argv[0]);
    return 2;
  }

  options.source = source;
  options.video_codec = video_codec;
  options.ice_address = ice_address;
  options.play = play;
  options.video_size = video_size;
  dial.duration = duration;
  dial.dtmf = dtmf;
  dial.loop = g_main_loop_new (NULL, FALSE);
  dial.call = gst_call_new ();
  if (sip) {
    gst_call_set_transport (dial.call, GST_CALL_TRANSPORT_KIND_RTP);
    if (ice_address && !g_str_equal (ice_address, "any"))
      gst_call_rtp_transport_set_local_address (gst_call_get_rtp_transport (dial.call),
                                                ice_address);
  }
  if (dtmf && (!*dtmf || strspn (dtmf, "0123456789*#ABCDabcd") != strlen (dtmf))) {
    fprintf (stderr, _("%s: --dtmf takes tones 0-9, *, #, A-D\n"), argv[0]);
    status = 2;
    goto out;
  }
  if (!gst_call_tool_configure_call (dial.call, &options, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    status = 1;
    goto out;
  }
  dial.chat = gst_call_tool_chat_new (chat);
  gst_call_tool_chat_add_call (dial.chat, dial.call, _("call"));
  if (chat && !gst_call_tool_chat_open_channel (dial.chat, dial.call, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    status = 1;
    goto out;
  }
  if (reconnect_timeout >= 0)
    gst_call_set_reconnect_timeout (dial.call, reconnect_timeout);
  g_signal_connect (dial.call, "incoming-call", G_CALLBACK (on_dial_incoming), &dial);
  g_signal_connect (dial.call, "ended", G_CALLBACK (on_dial_ended), &dial);
  g_signal_connect (dial.call, "notify::state", G_CALLBACK (on_dial_state), &dial);
  g_signal_connect (dial.call, "dtmf", G_CALLBACK (on_dial_dtmf), &dial);
  if (sip) {
    printf (_("calling %s\n"), argv[1]);
    fflush (stdout);
    gst_call_dial_async (dial.call, argv[1], NULL, on_dial_connected, &dial);
  } else {
    dial.signaller = gst_call_websocket_signaller_new (argv[1], token);
    gst_call_set_signaller (dial.call, GST_CALL_SIGNALLER (dial.signaller));
    gst_call_websocket_signaller_connect_async (dial.signaller, NULL, on_dial_joined, &dial);
  }

  g_unix_signal_add (SIGINT, on_dial_signal, &dial);
  g_unix_signal_add (SIGTERM, on_dial_signal, &dial);
  stats_id = g_timeout_add (stats_interval, print_dial_stats, &dial);
  g_main_loop_run (dial.loop);
  g_source_remove (stats_id);
  if (dial.duration_id)
    g_source_remove (dial.duration_id);

  gst_call_tool_print_stats (dial.call, 1, "final");
  gst_call_tool_flush_stats ();
  if (dial.error) {
    fprintf (stderr, "%s: %s\n", argv[0], dial.error->message);
    status = 1;
  } else if (!dial.connected) {
    fprintf (stderr, _("%s: the call never connected\n"), argv[0]);
    status = 1;
  }
  g_signal_handlers_disconnect_by_data (dial.call, &dial);
  gst_call_hangup (dial.call);
  if (dial.signaller)
    gst_call_websocket_signaller_close (dial.signaller);
  else
    /* The SIP signaller sends its BYE as the main context runs. */
    run_loop_for (dial.loop, 300);

out:
  if (dial.chat)
    gst_call_tool_chat_free (dial.chat);
  g_clear_object (&dial.call);
  g_clear_object (&dial.signaller);
  g_clear_error (&dial.error);
  g_main_loop_unref (dial.loop);
  g_free (source);
  g_free (token);
  g_free (ice_address);
  g_free (video_codec);
  g_free (video_size);
  g_free (dtmf);
  return status;
}
