/* gst-call serve: a web page and its signaling; every browser that opens
 * the page gets a call with this process, and so does every WHIP client
 * (publishing to /whip) and WHEP client (playing from /whep)
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
#include <json-glib/json-glib.h>

#include "gst-call-tool.h"
#include "gst-call-common.h"
#include "gst-call-chat.h"

#define DEFAULT_MAX_CALLS 16
#define DEFAULT_JOIN_TIMEOUT 30
#define DEFAULT_IDLE_TIMEOUT 10
/* RFC 6585; libsoup names no such status. */
#define STATUS_TOO_MANY_REQUESTS 429

typedef struct _Serve Serve;

/* One browser's call, or one WHIP or WHEP session's. */
typedef struct {
  Serve *serve;
  guint id;
  char *room;
  gboolean browser_offers;
  gboolean whip_session; /* the call belongs to a session of serve->whip */
  GError *end_reason;    /* of a session's call, once it ended */
  gboolean ended;
  char *client;          /* the address that asked for the call */
  guint join_timeout_id; /* until the browser starts the call */
  GstCall *call;
  GstCallWebSocketSignaller *signaller;
} ServeCall;

struct _Serve {
  GMainLoop *loop;
  GstCallSignalingServer *server;
  GstCallWhipServer *whip;
  GstCallToolOptions options;
  char *token;
  char *web_dir;
  guint port;
  guint max_calls;
  guint max_calls_per_client;
  guint join_timeout;
  guint next_id;
  GHashTable *calls; /* id -> ServeCall */
  char *reading_client; /* of the request whose handler runs */
  GstCallToolChat *chat; /* the browsers' data channels */
};

/* The page's files: a fixed list, nothing else is served. */
static const struct {
  const char *path;
  const char *file;
  const char *content_type;
} web_files[] = {
  { "/", "index.html", "text/html; charset=utf-8" },
  { "/index.html", "index.html", "text/html; charset=utf-8" },
  { "/gst-call.js", "gst-call.js", "text/javascript; charset=utf-8" },
  { "/gst-call.css", "gst-call.css", "text/css; charset=utf-8" },
};

static void
serve_call_free (gpointer data)
{
  ServeCall *serve_call = data;

  g_clear_handle_id (&serve_call->join_timeout_id, g_source_remove);
  if (serve_call->call) {
    if (!serve_call->whip_session)
      gst_call_tool_chat_remove_call (serve_call->serve->chat, serve_call->call);
    g_signal_handlers_disconnect_by_data (serve_call->call, serve_call);
    gst_call_hangup (serve_call->call);
    g_object_unref (serve_call->call);
  }
  if (serve_call->signaller) {
    g_signal_handlers_disconnect_by_data (serve_call->signaller, serve_call);
    gst_call_websocket_signaller_close (serve_call->signaller);
    g_object_unref (serve_call->signaller);
  }
  g_clear_error (&serve_call->end_reason);
  g_free (serve_call->client);
  g_free (serve_call->room);
  g_free (serve_call);
}

typedef struct {
  Serve *serve;
  guint id;
} CallRef;

static gboolean
remove_call (gpointer data)
{
  CallRef *ref = data;

  g_hash_table_remove (ref->serve->calls, GUINT_TO_POINTER (ref->id));
  return G_SOURCE_REMOVE;
}

static void
on_call_state (GstCall    *call,
               GParamSpec *pspec,
               ServeCall  *serve_call)
{
  printf (_("call %u: %s\n"), serve_call->id,
          gst_call_tool_state_name (gst_call_get_state (call)));
  fflush (stdout);
}

static void
on_call_ended (GstCall      *call,
               const GError *reason,
               ServeCall    *serve_call)
{
  gst_call_tool_print_stats (call, serve_call->id, "final");
  if (reason)
    printf (_("call %u ended: %s\n"), serve_call->id, reason->message);
  else
    printf (_("call %u ended\n"), serve_call->id);
  fflush (stdout);
  /* Not from inside the call's own signal. */
  {
    CallRef *ref = g_new0 (CallRef, 1);

    ref->serve = serve_call->serve;
    ref->id = serve_call->id;
    g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, remove_call, ref, g_free);
  }
}

static void
on_peer_left (GstCallWebSocketSignaller *signaller,
              const char                *peer_id,
              ServeCall                 *serve_call)
{
  /* The browser closed the page: nobody is left to talk to. */
  gst_call_hangup (serve_call->call);
}

static void
on_setup_done (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  GstCall *call = GST_CALL (source);
  g_autoptr (GError) error = NULL;
  gboolean dialled = g_task_get_source_tag (G_TASK (result)) == gst_call_dial_async;

  /* Failures reach on_call_ended() too, which reports them. */
  if (dialled)
    gst_call_dial_finish (call, result, &error);
  else
    gst_call_answer_finish (call, result, &error);
}

static void
on_incoming_call (GstCall   *call,
                  ServeCall *serve_call)
{
  gst_call_answer_async (call, NULL, on_setup_done, NULL);
}

static void
on_room_joined (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (GError) error = NULL;
  GstCallWebSocketSignaller *signaller = GST_CALL_WEBSOCKET_SIGNALLER (source);
  Serve *serve = user_data;
  ServeCall *serve_call = NULL;
  GHashTableIter iter;
  gpointer value;

  if (gst_call_websocket_signaller_connect_finish (signaller, result, NULL, &error))
    return;

  g_hash_table_iter_init (&iter, serve->calls);
  while (g_hash_table_iter_next (&iter, NULL, &value)) {
    if (((ServeCall *) value)->signaller == signaller)
      serve_call = value;
  }
  if (serve_call) {
    printf (_("call %u: could not join the room: %s\n"), serve_call->id, error->message);
    fflush (stdout);
    g_hash_table_remove (serve->calls, GUINT_TO_POINTER (serve_call->id));
  }
}

static char *
room_uri (Serve      *serve,
          const char *room,
          gboolean    with_token)
{
  g_autofree char *escaped_room = g_uri_escape_string (room, NULL, FALSE);
  g_autofree char *escaped_token = serve->token && with_token
                                       ? g_uri_escape_string (serve->token, NULL, FALSE)
                                       : NULL;

  return g_strdup_printf ("ws://127.0.0.1:%u/ws?room=%s%s%s", serve->port, escaped_room,
                          escaped_token ? "&token=" : "", escaped_token ? escaped_token : "");
}

/* Nobody started the call in time: the page was never opened, or its
 * request for a call was not followed by a join (and, with offer=browser,
 * an offer). Its slot goes to the next browser. */
static gboolean
on_join_timeout (gpointer data)
{
  ServeCall *serve_call = data;

  serve_call->join_timeout_id = 0;
  if (gst_call_get_state (serve_call->call) != GST_CALL_STATE_IDLE)
    return G_SOURCE_REMOVE;
  printf (_("call %u: nobody joined room %s and started the call within %u s: the call "
            "is given up\n"),
          serve_call->id, serve_call->room, serve_call->serve->join_timeout);
  fflush (stdout);
  g_hash_table_remove (serve_call->serve->calls, GUINT_TO_POINTER (serve_call->id));
  return G_SOURCE_REMOVE;
}

/* A new call for a browser that opened the page, in a room of its own. */
static ServeCall *
start_browser_call (Serve       *serve,
                    gboolean     browser_offers,
                    const char  *client,
                    GError     **error)
{
  ServeCall *serve_call = g_new0 (ServeCall, 1);
  g_autofree char *uri = NULL;
  g_autofree char *secret = g_uuid_string_random ();
  g_autofree char *name = NULL;
  g_autoptr (GError) chat_error = NULL;

  serve_call->serve = serve;
  serve_call->id = ++serve->next_id;
  serve_call->browser_offers = browser_offers;
  serve_call->client = g_strdup (client);
  serve_call->room = g_strdup_printf ("call-%u-%.8s", serve_call->id, secret);
  serve_call->call = gst_call_new ();
  if (!gst_call_tool_configure_call (serve_call->call, &serve->options, error)) {
    serve_call_free (serve_call);
    return NULL;
  }
  g_signal_connect (serve_call->call, "notify::state", G_CALLBACK (on_call_state), serve_call);
  g_signal_connect (serve_call->call, "ended", G_CALLBACK (on_call_ended), serve_call);
  g_hash_table_insert (serve->calls, GUINT_TO_POINTER (serve_call->id), serve_call);

  /* The page's chat: the app opens a channel before the call starts, so
   * its offer or answer carries the data section. */
  name = g_strdup_printf (_("call %u"), serve_call->id);
  gst_call_tool_chat_add_call (serve->chat, serve_call->call, name);
  if (!gst_call_tool_chat_open_channel (serve->chat, serve_call->call, &chat_error))
    printf (_("call %u: no chat: %s\n"), serve_call->id, chat_error->message);

  if (browser_offers) {
    uri = room_uri (serve, serve_call->room, FALSE);
    serve_call->signaller = gst_call_websocket_signaller_new (uri, serve->token);
    gst_call_set_signaller (serve_call->call, GST_CALL_SIGNALLER (serve_call->signaller));
    g_signal_connect (serve_call->call, "incoming-call", G_CALLBACK (on_incoming_call),
                      serve_call);
    gst_call_websocket_signaller_connect_async (serve_call->signaller, NULL, on_room_joined,
                                                serve);
  } else {
    /* The call joins the room and offers once the browser is in it. */
    uri = room_uri (serve, serve_call->room, TRUE);
    gst_call_dial_async (serve_call->call, uri, NULL, on_setup_done, NULL);
    serve_call->signaller = GST_CALL_WEBSOCKET_SIGNALLER (
        gst_call_get_signaller (serve_call->call));
    if (serve_call->signaller)
      g_object_ref (serve_call->signaller);
  }
  if (serve_call->signaller)
    g_signal_connect (serve_call->signaller, "peer-left", G_CALLBACK (on_peer_left),
                      serve_call);
  serve_call->join_timeout_id = g_timeout_add_seconds (serve->join_timeout, on_join_timeout,
                                                       serve_call);

  printf (_("call %u: a browser asked for a call (%s offers), room %s\n"), serve_call->id,
          browser_offers ? "browser" : "app", serve_call->room);
  fflush (stdout);
  return serve_call;
}

static void
respond_text (SoupServerMessage *message,
              guint              status,
              const char        *text)
{
  /* libsoup knows no phrase for 429. */
  soup_server_message_set_status (message, status,
                                  status == STATUS_TOO_MANY_REQUESTS ? "Too Many Requests"
                                                                     : NULL);
  soup_server_message_set_response (message, "text/plain; charset=utf-8", SOUP_MEMORY_COPY,
                                    text, strlen (text));
}

/* Calls and sessions @client holds. */
static guint
count_client_calls (Serve      *serve,
                    const char *client)
{
  GHashTableIter iter;
  gpointer value;
  guint count = 0;

  g_hash_table_iter_init (&iter, serve->calls);
  while (g_hash_table_iter_next (&iter, NULL, &value)) {
    ServeCall *serve_call = value;

    if (!serve_call->ended && g_strcmp0 (serve_call->client, client) == 0)
      count++;
  }
  return count;
}

/* Refuses a new call or session when every slot is taken (503) or when
 * the client holds its share already (429); TRUE if one is free. */
static gboolean
check_slots (Serve             *serve,
             SoupServerMessage *message)
{
  const char *client = soup_server_message_get_remote_host (message);

  if (g_hash_table_size (serve->calls) >= serve->max_calls) {
    respond_text (message, SOUP_STATUS_SERVICE_UNAVAILABLE,
                  _("Too many calls at once: try again later\n"));
    return FALSE;
  }
  if (count_client_calls (serve, client) >= serve->max_calls_per_client) {
    g_autofree char *text =
        g_strdup_printf (_("Too many calls from %s at once (at most %u): end one or try "
                           "again later\n"), client, serve->max_calls_per_client);

    respond_text (message, STATUS_TOO_MANY_REQUESTS, text);
    return FALSE;
  }
  return TRUE;
}

static void
handle_call (Serve             *serve,
             SoupServerMessage *message,
             GHashTable        *query)
{
  const char *offer = query ? g_hash_table_lookup (query, "offer") : NULL;
  const char *token = query ? g_hash_table_lookup (query, "token") : NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonBuilder) builder = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *json = NULL;
  ServeCall *serve_call;

  if (serve->token && g_strcmp0 (token, serve->token) != 0) {
    respond_text (message, SOUP_STATUS_FORBIDDEN,
                  _("A call needs the server's token: open the page with ?token=…\n"));
    return;
  }
  if (offer && !g_str_equal (offer, "app") && !g_str_equal (offer, "browser")) {
    respond_text (message, SOUP_STATUS_BAD_REQUEST,
                  _("“offer” must be “app” or “browser”\n"));
    return;
  }
  if (!check_slots (serve, message))
    return;

  serve_call = start_browser_call (serve, g_strcmp0 (offer, "browser") == 0,
                                   soup_server_message_get_remote_host (message), &error);
  if (!serve_call) {
    g_autofree char *text = g_strdup_printf ("%s\n", error->message);

    respond_text (message, SOUP_STATUS_INTERNAL_SERVER_ERROR, text);
    return;
  }

  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "call");
  json_builder_add_int_value (builder, serve_call->id);
  json_builder_set_member_name (builder, "room");
  json_builder_add_string_value (builder, serve_call->room);
  json_builder_set_member_name (builder, "offer");
  json_builder_add_string_value (builder, serve_call->browser_offers ? "browser" : "app");
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json = json_to_string (root, FALSE);
  soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
  soup_server_message_set_response (message, "application/json", SOUP_MEMORY_COPY, json,
                                    strlen (json));
}

/* ------------------------------------------------------------------------ */
/* WHIP ingest and WHEP playback                                             */

#define WHIP_PATH "/whip"
#define WHEP_PATH "/whep"

static ServeCall *
find_session_call (Serve   *serve,
                   GstCall *call)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, serve->calls);
  while (g_hash_table_iter_next (&iter, NULL, &value)) {
    ServeCall *serve_call = value;

    if (serve_call->whip_session && serve_call->call == call && !serve_call->ended)
      return serve_call;
  }
  return NULL;
}

static void
on_session_call_ended (GstCall      *call,
                       const GError *reason,
                       ServeCall    *serve_call)
{
  /* Reported by on_session_ended(), which follows. Without a reason the
   * session's call was hung up by the endpoint: the client DELETEd it. */
  if (reason && !serve_call->end_reason)
    serve_call->end_reason = g_error_copy (reason);
}

/* A WHIP client publishes (the call only receives) or a WHEP client plays
 * (the call sends the source of the browsers' calls and receives nothing). */
static void
on_new_session (GstCallWhipServer *whip,
                GstCall           *call,
                const char        *path,
                Serve             *serve)
{
  gboolean whep = g_str_equal (path, WHEP_PATH);
  ServeCall *serve_call = g_new0 (ServeCall, 1);
  g_autoptr (GError) error = NULL;

  serve_call->serve = serve;
  serve_call->id = ++serve->next_id;
  serve_call->whip_session = TRUE;
  /* Emitted from the endpoint's handler of the POST just read. */
  serve_call->client = g_strdup (serve->reading_client);
  serve_call->call = g_object_ref (call);
  if (!whep) {
    gst_call_tool_configure_receiver (call, &serve->options);
  } else if (gst_call_tool_configure_call (call, &serve->options, &error)) {
    g_object_set (call, "send-video", TRUE, "send-audio", TRUE, NULL);
  } else {
    /* The source worked at start-up; without it the session sends nothing. */
    printf (_("call %u: the source fails, the WHEP client gets no media: %s\n"),
            serve_call->id, error->message);
  }
  g_signal_connect (call, "notify::state", G_CALLBACK (on_call_state), serve_call);
  g_signal_connect (call, "ended", G_CALLBACK (on_session_call_ended), serve_call);
  g_hash_table_insert (serve->calls, GUINT_TO_POINTER (serve_call->id), serve_call);

  if (whep)
    printf (_("call %u: a WHEP client plays from %s\n"), serve_call->id, path);
  else
    printf (_("call %u: a WHIP client publishes to %s\n"), serve_call->id, path);
  fflush (stdout);
}

static void
on_session_ended (GstCallWhipServer *whip,
                  GstCall           *call,
                  Serve             *serve)
{
  ServeCall *serve_call = find_session_call (serve, call);
  CallRef *ref;

  if (!serve_call)
    return;
  serve_call->ended = TRUE;
  gst_call_tool_print_stats (call, serve_call->id, "final");
  if (serve_call->end_reason)
    printf (_("call %u ended: %s\n"), serve_call->id, serve_call->end_reason->message);
  else
    printf (_("call %u ended: the client ended the session (DELETE)\n"), serve_call->id);
  fflush (stdout);

  /* Not from inside the endpoint's signal. */
  ref = g_new0 (CallRef, 1);
  ref->serve = serve;
  ref->id = serve_call->id;
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, remove_call, ref, g_free);
}

static gboolean
whip_authorized (Serve             *serve,
                 SoupServerMessage *message)
{
  const char *authorization = soup_message_headers_get_one (
      soup_server_message_get_request_headers (message), "Authorization");
  g_autofree char *expected = NULL;

  if (!serve->token)
    return TRUE;
  expected = g_strdup_printf ("Bearer %s", serve->token);
  return g_strcmp0 (authorization, expected) == 0;
}

/* @path is @endpoint itself, where offers are POSTed; the endpoint takes
 * trailing slashes as the same. */
static gboolean
is_endpoint (const char *path,
             const char *endpoint)
{
  if (!g_str_has_prefix (path, endpoint))
    return FALSE;
  for (path += strlen (endpoint); *path == '/'; path++)
    ;
  return *path == '\0';
}

/* Runs before the endpoint's handler, once the headers are read: a status
 * set here is the answer. */
static void
handle_whip_early (SoupServer        *server,
                   SoupServerMessage *message,
                   const char        *path,
                   GHashTable        *query,
                   gpointer           user_data)
{
  Serve *serve = user_data;
  gboolean endpoint = is_endpoint (path, WHIP_PATH) || is_endpoint (path, WHEP_PATH);

  /* The endpoints and their sessions, nothing else that starts alike. */
  if (!endpoint && !g_str_has_prefix (path, WHIP_PATH "/") &&
      !g_str_has_prefix (path, WHEP_PATH "/")) {
    respond_text (message, SOUP_STATUS_NOT_FOUND, _("Not found\n"));
    return;
  }
  /* A wrong token gets the endpoint's 401, not this. */
  if (endpoint &&
      g_str_equal (soup_server_message_get_method (message), SOUP_METHOD_POST) &&
      whip_authorized (serve, message))
    check_slots (serve, message);
}

/* The page and /call take no request body: one is refused before it is
 * read (the WHIP and WHEP endpoints bound theirs themselves). */
static void
handle_early (SoupServer        *server,
              SoupServerMessage *message,
              const char        *path,
              GHashTable        *query,
              gpointer           user_data)
{
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (message);
  SoupEncoding encoding = soup_message_headers_get_encoding (headers);

  if (encoding != SOUP_ENCODING_NONE &&
      (encoding != SOUP_ENCODING_CONTENT_LENGTH ||
       soup_message_headers_get_content_length (headers) > 0))
    respond_text (message, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE,
                  _("This request takes no body\n"));
}

static void
handle_request (SoupServer        *server,
                SoupServerMessage *message,
                const char        *path,
                GHashTable        *query,
                gpointer           user_data)
{
  Serve *serve = user_data;
  const char *method = soup_server_message_get_method (message);

  /* Only POST creates a call; the page's files are only read. */
  if (g_str_equal (path, "/call")) {
    if (g_strcmp0 (method, SOUP_METHOD_POST) != 0) {
      soup_message_headers_replace (soup_server_message_get_response_headers (message),
                                    "Allow", "POST");
      respond_text (message, SOUP_STATUS_METHOD_NOT_ALLOWED,
                    _("A call is asked for with POST /call\n"));
      return;
    }
    handle_call (serve, message, query);
    return;
  }
  if (g_strcmp0 (method, SOUP_METHOD_GET) != 0) {
    soup_message_headers_replace (soup_server_message_get_response_headers (message),
                                  "Allow", "GET");
    respond_text (message, SOUP_STATUS_METHOD_NOT_ALLOWED, _("The page is read with GET\n"));
    return;
  }

  for (gsize i = 0; i < G_N_ELEMENTS (web_files); i++) {
    g_autofree char *file = NULL;
    g_autoptr (GError) error = NULL;
    char *contents;
    gsize length;

    if (!g_str_equal (path, web_files[i].path))
      continue;
    file = g_build_filename (serve->web_dir, web_files[i].file, NULL);
    if (!g_file_get_contents (file, &contents, &length, &error)) {
      respond_text (message, SOUP_STATUS_INTERNAL_SERVER_ERROR, error->message);
      return;
    }
    soup_message_headers_replace (soup_server_message_get_response_headers (message),
                                  "Cache-Control", "no-store");
    soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
    soup_server_message_set_response (message, web_files[i].content_type,
                                      SOUP_MEMORY_TAKE, contents, length);
    return;
  }
  respond_text (message, SOUP_STATUS_NOT_FOUND, _("Not found\n"));
}

/* The page's folder: $GST_CALL_WEB_DIR, the build tree's copy next to an
 * uninstalled gst-call, or the installed one. */
static char *
find_web_dir (void)
{
  const char *variable = g_getenv ("GST_CALL_WEB_DIR");
  g_autofree char *executable = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *index = NULL;

  if (variable)
    return g_strdup (variable);
  if (executable) {
    g_autofree char *directory = g_path_get_dirname (executable);
    g_autofree char *build_tree = g_build_filename (directory, "web", NULL);

    index = g_build_filename (build_tree, "index.html", NULL);
    if (g_file_test (index, G_FILE_TEST_IS_REGULAR))
      return g_steal_pointer (&build_tree);
  }
  return g_strdup (GST_CALL_WEB_DIR);
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

/* The handler that follows runs for this request (a new WHIP or WHEP
 * session's among them). */
static void
on_request_read (SoupServer        *server,
                 SoupServerMessage *message,
                 Serve             *serve)
{
  g_free (serve->reading_client);
  serve->reading_client = g_strdup (soup_server_message_get_remote_host (message));
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
  const GOptionEntry entries[] = {
    { "port", 'p', 0, G_OPTION_ARG_INT, &port,
      N_("Port of the page and the signaling (default 8080; 0: any free port)"), N_("PORT") },
    { "address", 0, 0, G_OPTION_ARG_STRING, &address,
      N_("Address to listen on (default 127.0.0.1)"), N_("ADDRESS") },
    { "source", 's', 0, G_OPTION_ARG_STRING, &source,
      N_("What to send: test (default), camera, or a media file"), N_("SOURCE") },
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

  serve.options.source = source;
  serve.options.video_codec = video_codec;
  serve.options.ice_address = ice_address;
  serve.options.play = play;
  serve.options.video_size = video_size;
  serve.token = token;
  serve.max_calls = (guint) max_calls;
  serve.max_calls_per_client = max_calls_per_client > 0 ? (guint) max_calls_per_client
                                                        : (serve.max_calls + 1) / 2;
  serve.join_timeout = (guint) join_timeout;
  serve.web_dir = find_web_dir ();
  serve.chat = gst_call_tool_chat_new (chat);
  serve.calls = g_hash_table_new_full (NULL, NULL, NULL, serve_call_free);
  serve.loop = g_main_loop_new (NULL, FALSE);
  serve.server = gst_call_signaling_server_new (token);
  g_object_set (serve.server, "idle-timeout", (guint) idle_timeout, NULL);
  gst_call_signaling_server_set_tls_certificate (serve.server, certificate);
  serve.whip = gst_call_whip_server_new ();
  g_object_set (serve.whip, "bearer-token", token, NULL);
  g_signal_connect (serve.whip, "new-call", G_CALLBACK (on_new_session), &serve);
  g_signal_connect (serve.whip, "session-ended", G_CALLBACK (on_session_ended), &serve);

  /* A source that cannot work (a missing file, an unknown codec) is
   * reported now, not to the first browser. */
  {
    g_autoptr (GstCall) probe = gst_call_new ();

    if (!gst_call_tool_configure_call (probe, &serve.options, &error)) {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      status = 1;
      goto out;
    }
  }

  if (!gst_call_signaling_server_listen (serve.server, address ? address : "127.0.0.1",
                                         (guint) port, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    status = 1;
    goto out;
  }
  serve.port = gst_call_signaling_server_get_port (serve.server);
  soup = gst_call_signaling_server_get_soup_server (serve.server);
  soup_server_add_handler (soup, "/", handle_request, &serve, NULL);
  g_signal_connect (soup, "request-read", G_CALLBACK (on_request_read), &serve);
  g_signal_connect (soup, "request-finished", G_CALLBACK (on_request_finished), &serve);
  /* libsoup reports a 500 as aborted. */
  g_signal_connect (soup, "request-aborted", G_CALLBACK (on_request_finished), &serve);
  soup_server_add_early_handler (soup, "/", handle_early, &serve, NULL);
  soup_server_add_early_handler (soup, WHIP_PATH, handle_whip_early, &serve, NULL);
  soup_server_add_early_handler (soup, WHEP_PATH, handle_whip_early, &serve, NULL);
  gst_call_whip_server_attach (serve.whip, soup, WHIP_PATH);
  gst_call_whip_server_attach (serve.whip, soup, WHEP_PATH);

  url = g_strdup_printf ("%s://%s:%u/%s%s", scheme, address ? address : "127.0.0.1",
                         serve.port, token ? "?token=" : "", token ? token : "");
  printf (_("Serving the page from %s\n"), serve.web_dir);
  printf (_("Open %s in a browser (add ?offer=browser for the browser to offer)\n"), url);
  if (token) {
    printf (_("WHIP ingest (OBS, gst-call whip): %s://%s:%u%s with the bearer token of "
              "--token\n"), scheme, address ? address : "127.0.0.1", serve.port, WHIP_PATH);
    printf (_("WHEP playback (gst-call whep): %s://%s:%u%s with the bearer token of "
              "--token\n"), scheme, address ? address : "127.0.0.1", serve.port, WHEP_PATH);
  } else {
    printf (_("WHIP ingest (OBS, gst-call whip): %s://%s:%u%s\n"),
            scheme, address ? address : "127.0.0.1", serve.port, WHIP_PATH);
    printf (_("WHEP playback (gst-call whep): %s://%s:%u%s\n"),
            scheme, address ? address : "127.0.0.1", serve.port, WHEP_PATH);
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
  g_signal_handlers_disconnect_by_data (serve.whip, &serve);
  g_object_unref (serve.whip);
  g_hash_table_destroy (serve.calls);
  gst_call_tool_chat_free (serve.chat);
  soup = gst_call_signaling_server_get_soup_server (serve.server);
  if (soup)
    g_signal_handlers_disconnect_by_data (soup, &serve);
  gst_call_signaling_server_stop (serve.server);
  g_object_unref (serve.server);
  g_main_loop_unref (serve.loop);
  g_free (serve.web_dir);
  g_free (serve.reading_client);
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
