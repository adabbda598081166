/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "gstcallserver.h"
#include "gstcall.h"
#include "gstcall-enum-types.h"
#include "gstcall-error.h"
#include "gstcall-local-media-private.h"
#include "gstcall-media-private.h"
#include "gstcall-private.h"
#include "gstcall-resources.h"

/**
 * GstCallServer:
 *
 * A web server that gives every browser opening its page a call with this
 * process, and serves WHIP and WHEP clients on the same port.
 *
 * The server holds a page (built into the library), a WebSocket
 * [class@CallSignalingServer], and a [class@CallWhipServer] at `/whip`
 * (clients publish to the app) and `/whep` (clients play the server's
 * source). Give it a source once, listen, and print the address:
 *
 * ```python
 * server = GstCall.CallServer.new()
 * server.set_sources_from_uri("movie.webm")
 * server.listen()
 * print("open", server.get_uri())
 * ```
 *
 * The source is a test pattern and tone by default, or the first camera and
 * microphone ([method@CallServer.set_sources_from_devices]), a media file
 * ([method@CallServer.set_sources_from_uri]), gst-launch descriptions
 * ([method@CallServer.set_sources_from_description]) or the app's own
 * elements ([method@CallServer.set_video_source],
 * [method@CallServer.set_audio_source]). With
 * [property@CallServer:shared-encoding] (the default) it is encoded once,
 * by one [class@CallBroadcast] per kind of media, for every call: a
 * thousand viewers cost one encoder. Without it each call runs its own
 * source and encoder, as a [class@Call] does on its own.
 *
 * A media file plays from the moment the first call uses it. With shared
 * encoding it plays once for all calls: when it ends the calls stay up
 * and get no more media, and calls made later get none; without shared
 * encoding each call plays the file from its start.
 *
 * The page (`GET /`) asks for a call with `POST /call`; the answer names a
 * room of the signaling server (`/ws`) where the browser and the server's
 * call meet. Each call is handed to [signal@CallServer::new-call] before it
 * starts, so the app can set sinks or open data channels, and to
 * [signal@CallServer::call-ended] when it is over.
 *
 * The server refuses calls beyond [property@CallServer:max-calls] (`503`)
 * and beyond [property@CallServer:max-calls-per-client] from one address
 * (`429`). With a [property@CallServer:token] the page must be opened with
 * `?token=TOKEN` and WHIP and WHEP clients must send it as their bearer
 * token; with a [property@CallServer:tls-certificate] it serves HTTPS and
 * WSS.
 *
 * Signals and notifications are emitted on the thread-default main
 * context of the thread that created the server, which must be the one
 * running when [method@CallServer.listen] is called.
 *
 * Since: 0.1
 */

#define DEFAULT_ADDRESS "127.0.0.1"
#define DEFAULT_MAX_CALLS 16
#define DEFAULT_JOIN_TIMEOUT 30
#define DEFAULT_IDLE_TIMEOUT 10
#define DEFAULT_VIDEO_WIDTH 640
#define DEFAULT_VIDEO_HEIGHT 480
#define DEFAULT_VIDEO_FRAMERATE 30
/* RFC 6585; libsoup names no such status. */
#define STATUS_TOO_MANY_REQUESTS 429

#define WHIP_PATH "/whip"
#define WHEP_PATH "/whep"
#define WEB_RESOURCE_PATH "/org/gstcall/web/"

#define TEST_VIDEO_SOURCE \
  "videotestsrc is-live=true pattern=ball ! capsfilter caps=video/x-raw,width=%u,height=%u,framerate=30/1"
#define TEST_AUDIO_SOURCE \
  "audiotestsrc is-live=true wave=sine volume=0.1 ! capsfilter caps=audio/x-raw,rate=48000,channels=2"

typedef enum {
  SOURCE_TEST,
  SOURCE_DEVICES,
  SOURCE_URI,
  SOURCE_DESCRIPTION,
  SOURCE_ELEMENTS,
} SourceKind;

/* One browser's call, or one WHIP or WHEP session's. */
typedef struct {
  GstCallServer *server;
  guint id;
  GstCallServerCallKind kind;
  char *room;
  gboolean browser_offers;
  GError *end_reason;    /* of a session's call, once it ended */
  gboolean ended;        /* call-ended was emitted */
  char *client;          /* the address that asked for the call */
  guint join_timeout_id; /* until the browser starts the call */
  GstCall *call;
  GstCallWebSocketSignaller *signaller;
} ServerCall;

struct _GstCallServer {
  GObject parent_instance;

  /* Settings */
  char *address;
  guint port;
  char *token;
  GTlsCertificate *tls_certificate;
  guint max_calls;
  guint max_calls_per_client;
  guint join_timeout;
  guint idle_timeout;
  char **ice_local_addresses;
  GstCallCodec video_codec;
  guint video_width;
  guint video_height;
  gboolean shared_encoding;

  /* The source */
  SourceKind source_kind;
  char *source_uri;
  char *source_descriptions[2];   /* by GstCallMediaKind */
  GstElement *source_elements[2]; /* by GstCallMediaKind */
  gboolean source_has[2];         /* the kind is sent */

  /* Listening */
  GstCallSignalingServer *signaling;
  GstCallWhipServer *whip;
  GstCallBroadcast *broadcasts[2];  /* with shared encoding */
  guint bound_port;
  guint next_id;
  GHashTable *calls;        /* id -> ServerCall */
  char *reading_client;     /* of the request whose handler runs */
};

enum {
  PROP_0,
  PROP_ADDRESS,
  PROP_PORT,
  PROP_TOKEN,
  PROP_TLS_CERTIFICATE,
  PROP_MAX_CALLS,
  PROP_MAX_CALLS_PER_CLIENT,
  PROP_JOIN_TIMEOUT,
  PROP_IDLE_TIMEOUT,
  PROP_ICE_LOCAL_ADDRESSES,
  PROP_VIDEO_CODEC,
  PROP_VIDEO_WIDTH,
  PROP_VIDEO_HEIGHT,
  PROP_SHARED_ENCODING,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

enum {
  SIGNAL_NEW_CALL,
  SIGNAL_CALL_ENDED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (GstCallServer, gst_call_server, G_TYPE_OBJECT)

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

/* ------------------------------------------------------------------------ */
/* Calls                                                                     */

static void
server_call_free (gpointer data)
{
  ServerCall *server_call = data;

  g_clear_handle_id (&server_call->join_timeout_id, g_source_remove);
  if (server_call->call) {
    g_signal_handlers_disconnect_by_data (server_call->call, server_call);
    gst_call_hangup (server_call->call);
    g_object_unref (server_call->call);
  }
  if (server_call->signaller) {
    g_signal_handlers_disconnect_by_data (server_call->signaller, server_call);
    gst_call_websocket_signaller_close (server_call->signaller);
    g_object_unref (server_call->signaller);
  }
  g_clear_error (&server_call->end_reason);
  g_free (server_call->client);
  g_free (server_call->room);
  g_free (server_call);
}

typedef struct {
  GWeakRef server;
  guint id;
} CallRef;

static void
call_ref_free (gpointer data)
{
  CallRef *ref = data;

  g_weak_ref_clear (&ref->server);
  g_free (ref);
}

static gboolean
remove_call (gpointer data)
{
  CallRef *ref = data;
  g_autoptr (GstCallServer) self = g_weak_ref_get (&ref->server);

  if (self && self->calls)
    g_hash_table_remove (self->calls, GUINT_TO_POINTER (ref->id));
  return G_SOURCE_REMOVE;
}

/* Emits call-ended once, then drops the call, not from inside the signal
 * that ended it. */
static void
end_call (ServerCall   *server_call,
          const GError *reason)
{
  GstCallServer *self = server_call->server;
  CallRef *ref;

  if (server_call->ended)
    return;
  server_call->ended = TRUE;
  g_clear_handle_id (&server_call->join_timeout_id, g_source_remove);
  g_signal_emit (self, signals[SIGNAL_CALL_ENDED], 0, server_call->call, reason);

  ref = g_new0 (CallRef, 1);
  g_weak_ref_init (&ref->server, self);
  ref->id = server_call->id;
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, remove_call, ref, call_ref_free);
}

static void
on_call_ended (GstCall      *call,
               const GError *reason,
               ServerCall   *server_call)
{
  end_call (server_call, reason);
}

static void
on_peer_left (GstCallWebSocketSignaller *signaller,
              const char                *peer_id,
              ServerCall                *server_call)
{
  /* The browser closed the page: nobody is left to talk to. */
  gst_call_hangup (server_call->call);
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
on_incoming_call (GstCall    *call,
                  ServerCall *server_call)
{
  gst_call_answer_async (call, NULL, on_setup_done, NULL);
}

static ServerCall *
find_call_by_signaller (GstCallServer             *self,
                        GstCallWebSocketSignaller *signaller)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->calls);
  while (g_hash_table_iter_next (&iter, NULL, &value)) {
    if (((ServerCall *) value)->signaller == signaller)
      return value;
  }
  return NULL;
}

static void
on_room_joined (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (GError) error = NULL;
  GstCallWebSocketSignaller *signaller = GST_CALL_WEBSOCKET_SIGNALLER (source);
  GWeakRef *weak = user_data;
  g_autoptr (GstCallServer) self = g_weak_ref_get (weak);
  ServerCall *server_call;

  g_weak_ref_clear (weak);
  g_free (weak);
  if (gst_call_websocket_signaller_connect_finish (signaller, result, NULL, &error))
    return;
  /* The server closed (or was freed) meanwhile. */
  if (!self || !self->calls)
    return;
  server_call = find_call_by_signaller (self, signaller);
  if (server_call) {
    g_prefix_error (&error, _("Could not join the room: "));
    end_call (server_call, error);
  }
}

static char *
room_uri (GstCallServer *self,
          const char    *room,
          gboolean       with_token)
{
  g_autofree char *escaped_room = g_uri_escape_string (room, NULL, FALSE);
  g_autofree char *escaped_token = self->token && with_token
                                       ? g_uri_escape_string (self->token, NULL, FALSE)
                                       : NULL;

  return g_strdup_printf ("ws://127.0.0.1:%u/ws?room=%s%s%s", self->bound_port, escaped_room,
                          escaped_token ? "&token=" : "", escaped_token ? escaped_token : "");
}

/* Nobody started the call in time: the page was never opened, or its
 * request for a call was not followed by a join (and, with offer=browser,
 * an offer). Its slot goes to the next browser. */
static gboolean
on_join_timeout (gpointer data)
{
  ServerCall *server_call = data;
  g_autoptr (GError) error = NULL;

  server_call->join_timeout_id = 0;
  if (gst_call_get_state (server_call->call) != GST_CALL_STATE_IDLE)
    return G_SOURCE_REMOVE;
  error = g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                       _("nobody joined room %s and started the call within %u s: the call "
                         "is given up"), server_call->room, server_call->server->join_timeout);
  end_call (server_call, error);
  return G_SOURCE_REMOVE;
}

/* The source of @kind for one call of its own, per-call encoding. */
static gboolean
configure_call_sources (GstCallServer  *self,
                        GstCall        *call,
                        GError        **error)
{
  switch (self->source_kind) {
    case SOURCE_TEST: {
      g_autofree char *video = g_strdup_printf (TEST_VIDEO_SOURCE, self->video_width,
                                                self->video_height);

      return gst_call_set_sources_from_description (call, video, TEST_AUDIO_SOURCE, error);
    }
    case SOURCE_DEVICES:
      /* The call's default: the first camera and microphone. */
      return TRUE;
    case SOURCE_URI:
      return gst_call_set_sources_from_uri (call, self->source_uri, error);
    case SOURCE_DESCRIPTION:
      if (!gst_call_set_sources_from_description (
              call, self->source_descriptions[GST_CALL_MEDIA_KIND_VIDEO],
              self->source_descriptions[GST_CALL_MEDIA_KIND_AUDIO], error))
        return FALSE;
      gst_call_set_send_video (call, self->source_has[GST_CALL_MEDIA_KIND_VIDEO]);
      gst_call_set_send_audio (call, self->source_has[GST_CALL_MEDIA_KIND_AUDIO]);
      return TRUE;
    case SOURCE_ELEMENTS:
    default:
      g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                           _("The app's own source elements can feed one encoder only: "
                             "they need shared-encoding"));
      return FALSE;
  }
}

/* What every call of the server sends, and how it connects. WHIP calls
 * only receive. */
static gboolean
configure_call (GstCallServer          *self,
                GstCall                *call,
                GstCallServerCallKind   kind,
                GError                **error)
{
  const char * const *addresses = (const char * const *) self->ice_local_addresses;

  if (addresses)
    gst_call_set_ice_local_addresses (call, addresses);
  if (kind == GST_CALL_SERVER_CALL_KIND_WHIP)
    return TRUE;

  gst_call_set_video_codec (call, self->video_codec);
  gst_call_set_video_width (call, self->video_width);
  gst_call_set_video_height (call, self->video_height);
  if (self->shared_encoding) {
    for (guint kind_index = 0; kind_index < 2; kind_index++) {
      if (self->broadcasts[kind_index])
        gst_call_set_broadcast (call, self->broadcasts[kind_index]);
    }
    gst_call_set_send_video (call, self->broadcasts[GST_CALL_MEDIA_KIND_VIDEO] != NULL);
    gst_call_set_send_audio (call, self->broadcasts[GST_CALL_MEDIA_KIND_AUDIO] != NULL);
    return TRUE;
  }
  if (!configure_call_sources (self, call, error))
    return FALSE;
  if (kind == GST_CALL_SERVER_CALL_KIND_WHEP) {
    /* A WHEP session's call receives only by default. */
    if (self->source_kind != SOURCE_URI && self->source_kind != SOURCE_DESCRIPTION) {
      gst_call_set_send_video (call, TRUE);
      gst_call_set_send_audio (call, TRUE);
    }
  }
  return TRUE;
}

/* A new call for a browser that opened the page, in a room of its own. */
static ServerCall *
start_browser_call (GstCallServer  *self,
                    gboolean        browser_offers,
                    const char     *client,
                    GError        **error)
{
  ServerCall *server_call = g_new0 (ServerCall, 1);
  g_autofree char *uri = NULL;
  g_autofree char *secret = g_uuid_string_random ();

  server_call->server = self;
  server_call->id = ++self->next_id;
  server_call->kind = GST_CALL_SERVER_CALL_KIND_BROWSER;
  server_call->browser_offers = browser_offers;
  server_call->client = g_strdup (client);
  server_call->room = g_strdup_printf ("call-%u-%.8s", server_call->id, secret);
  server_call->call = gst_call_new ();
  if (!configure_call (self, server_call->call, server_call->kind, error)) {
    server_call_free (server_call);
    return NULL;
  }
  g_signal_connect (server_call->call, "ended", G_CALLBACK (on_call_ended), server_call);
  g_hash_table_insert (self->calls, GUINT_TO_POINTER (server_call->id), server_call);

  /* Before the call starts: the app's data channels go in its offer or
   * answer. */
  g_signal_emit (self, signals[SIGNAL_NEW_CALL], 0, server_call->call, server_call->kind);
  if (server_call->ended)
    return server_call;

  if (browser_offers) {
    GWeakRef *weak;

    uri = room_uri (self, server_call->room, FALSE);
    server_call->signaller = gst_call_websocket_signaller_new (uri, self->token);
    gst_call_set_signaller (server_call->call, GST_CALL_SIGNALLER (server_call->signaller));
    g_signal_connect (server_call->call, "incoming-call", G_CALLBACK (on_incoming_call),
                      server_call);
    weak = g_new0 (GWeakRef, 1);
    g_weak_ref_init (weak, self);
    gst_call_websocket_signaller_connect_async (server_call->signaller, NULL, on_room_joined,
                                                weak);
  } else {
    /* The call joins the room and offers once the browser is in it. */
    uri = room_uri (self, server_call->room, TRUE);
    gst_call_dial_async (server_call->call, uri, NULL, on_setup_done, NULL);
    server_call->signaller = GST_CALL_WEBSOCKET_SIGNALLER (
        gst_call_get_signaller (server_call->call));
    if (server_call->signaller)
      g_object_ref (server_call->signaller);
  }
  if (server_call->signaller)
    g_signal_connect (server_call->signaller, "peer-left", G_CALLBACK (on_peer_left),
                      server_call);
  server_call->join_timeout_id = g_timeout_add_seconds (self->join_timeout, on_join_timeout,
                                                        server_call);
  return server_call;
}

/* ------------------------------------------------------------------------ */
/* HTTP                                                                      */

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
count_client_calls (GstCallServer *self,
                    const char    *client)
{
  GHashTableIter iter;
  gpointer value;
  guint count = 0;

  g_hash_table_iter_init (&iter, self->calls);
  while (g_hash_table_iter_next (&iter, NULL, &value)) {
    ServerCall *server_call = value;

    if (!server_call->ended && g_strcmp0 (server_call->client, client) == 0)
      count++;
  }
  return count;
}

static guint
effective_max_calls_per_client (GstCallServer *self)
{
  return self->max_calls_per_client > 0 ? self->max_calls_per_client
                                        : (self->max_calls + 1) / 2;
}

/* Refuses a new call or session when every slot is taken (503) or when
 * the client holds its share already (429); TRUE if one is free. */
static gboolean
check_slots (GstCallServer     *self,
             SoupServerMessage *message)
{
  const char *client = soup_server_message_get_remote_host (message);
  guint per_client = effective_max_calls_per_client (self);

  if (g_hash_table_size (self->calls) >= self->max_calls) {
    respond_text (message, SOUP_STATUS_SERVICE_UNAVAILABLE,
                  _("Too many calls at once: try again later\n"));
    return FALSE;
  }
  if (count_client_calls (self, client) >= per_client) {
    g_autofree char *text =
        g_strdup_printf (_("Too many calls from %s at once (at most %u): end one or try "
                           "again later\n"), client, per_client);

    respond_text (message, STATUS_TOO_MANY_REQUESTS, text);
    return FALSE;
  }
  return TRUE;
}

static void
handle_call (GstCallServer     *self,
             SoupServerMessage *message,
             GHashTable        *query)
{
  const char *offer = query ? g_hash_table_lookup (query, "offer") : NULL;
  const char *token = query ? g_hash_table_lookup (query, "token") : NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonBuilder) builder = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *json = NULL;
  ServerCall *server_call;

  if (self->token && g_strcmp0 (token, self->token) != 0) {
    respond_text (message, SOUP_STATUS_FORBIDDEN,
                  _("A call needs the server's token: open the page with ?token=…\n"));
    return;
  }
  if (offer && !g_str_equal (offer, "app") && !g_str_equal (offer, "browser")) {
    respond_text (message, SOUP_STATUS_BAD_REQUEST,
                  _("“offer” must be “app” or “browser”\n"));
    return;
  }
  if (!check_slots (self, message))
    return;

  server_call = start_browser_call (self, g_strcmp0 (offer, "browser") == 0,
                                    soup_server_message_get_remote_host (message), &error);
  if (!server_call) {
    g_autofree char *text = g_strdup_printf ("%s\n", error->message);

    respond_text (message, SOUP_STATUS_INTERNAL_SERVER_ERROR, text);
    return;
  }

  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "call");
  json_builder_add_int_value (builder, server_call->id);
  json_builder_set_member_name (builder, "room");
  json_builder_add_string_value (builder, server_call->room);
  json_builder_set_member_name (builder, "offer");
  json_builder_add_string_value (builder, server_call->browser_offers ? "browser" : "app");
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json = json_to_string (root, FALSE);
  soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
  soup_server_message_set_response (message, "application/json", SOUP_MEMORY_COPY, json,
                                    strlen (json));
}

/* ------------------------------------------------------------------------ */
/* WHIP ingest and WHEP playback                                             */

static ServerCall *
find_session_call (GstCallServer *self,
                   GstCall       *call)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->calls);
  while (g_hash_table_iter_next (&iter, NULL, &value)) {
    ServerCall *server_call = value;

    if (server_call->kind != GST_CALL_SERVER_CALL_KIND_BROWSER &&
        server_call->call == call && !server_call->ended)
      return server_call;
  }
  return NULL;
}

static void
on_session_call_ended (GstCall      *call,
                       const GError *reason,
                       ServerCall   *server_call)
{
  /* Reported by on_session_ended(), which follows. Without a reason the
   * session's call was hung up by the endpoint: the client DELETEd it. */
  if (reason && !server_call->end_reason)
    server_call->end_reason = g_error_copy (reason);
}

/* A WHIP client publishes (the call only receives) or a WHEP client plays
 * (the call sends the server's source and receives nothing). */
static void
on_new_session (GstCallWhipServer *whip,
                GstCall           *call,
                const char        *path,
                GstCallServer     *self)
{
  gboolean whep = g_str_equal (path, WHEP_PATH);
  ServerCall *server_call = g_new0 (ServerCall, 1);
  g_autoptr (GError) error = NULL;

  server_call->server = self;
  server_call->id = ++self->next_id;
  server_call->kind = whep ? GST_CALL_SERVER_CALL_KIND_WHEP : GST_CALL_SERVER_CALL_KIND_WHIP;
  /* Emitted from the endpoint's handler of the POST just read. */
  server_call->client = g_strdup (self->reading_client);
  server_call->call = g_object_ref (call);
  /* The source worked when the server started listening. */
  if (!configure_call (self, call, server_call->kind, &error))
    g_warning ("%s", error->message);
  g_signal_connect (call, "ended", G_CALLBACK (on_session_call_ended), server_call);
  g_hash_table_insert (self->calls, GUINT_TO_POINTER (server_call->id), server_call);

  g_signal_emit (self, signals[SIGNAL_NEW_CALL], 0, call, server_call->kind);
}

static void
on_session_ended (GstCallWhipServer *whip,
                  GstCall           *call,
                  GstCallServer     *self)
{
  ServerCall *server_call = find_session_call (self, call);

  if (server_call)
    end_call (server_call, server_call->end_reason);
}

static gboolean
whip_authorized (GstCallServer     *self,
                 SoupServerMessage *message)
{
  const char *authorization = soup_message_headers_get_one (
      soup_server_message_get_request_headers (message), "Authorization");
  g_autofree char *expected = NULL;

  if (!self->token)
    return TRUE;
  expected = g_strdup_printf ("Bearer %s", self->token);
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
  GstCallServer *self = user_data;
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
      whip_authorized (self, message))
    check_slots (self, message);
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
  GstCallServer *self = user_data;
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
    handle_call (self, message, query);
    return;
  }
  if (g_strcmp0 (method, SOUP_METHOD_GET) != 0) {
    soup_message_headers_replace (soup_server_message_get_response_headers (message),
                                  "Allow", "GET");
    respond_text (message, SOUP_STATUS_METHOD_NOT_ALLOWED, _("The page is read with GET\n"));
    return;
  }

  for (gsize i = 0; i < G_N_ELEMENTS (web_files); i++) {
    g_autofree char *resource = NULL;
    g_autoptr (GBytes) contents = NULL;
    g_autoptr (GError) error = NULL;

    if (!g_str_equal (path, web_files[i].path))
      continue;
    resource = g_strconcat (WEB_RESOURCE_PATH, web_files[i].file, NULL);
    contents = g_resource_lookup_data (gst_call_web_get_resource (), resource,
                                       G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
    if (!contents) {
      respond_text (message, SOUP_STATUS_INTERNAL_SERVER_ERROR, error->message);
      return;
    }
    soup_message_headers_replace (soup_server_message_get_response_headers (message),
                                  "Cache-Control", "no-store");
    soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
    soup_server_message_set_response (message, web_files[i].content_type, SOUP_MEMORY_COPY,
                                      g_bytes_get_data (contents, NULL),
                                      g_bytes_get_size (contents));
    return;
  }
  respond_text (message, SOUP_STATUS_NOT_FOUND, _("Not found\n"));
}

/* The handler that follows runs for this request (a new WHIP or WHEP
 * session's among them). */
static void
on_request_read (SoupServer        *server,
                 SoupServerMessage *message,
                 GstCallServer     *self)
{
  g_free (self->reading_client);
  self->reading_client = g_strdup (soup_server_message_get_remote_host (message));
}

/* ------------------------------------------------------------------------ */
/* Sources                                                                   */

static void
clear_source (GstCallServer *self)
{
  g_clear_pointer (&self->source_uri, g_free);
  for (guint kind = 0; kind < 2; kind++) {
    g_clear_pointer (&self->source_descriptions[kind], g_free);
    gst_clear_object (&self->source_elements[kind]);
    self->source_has[kind] = TRUE;
  }
}

/* The element the broadcast of @kind encodes (floating, or the app's own
 * element, borrowed), NULL with @error set if it cannot be made, NULL
 * without an error if the kind is not sent. */
static GstElement *
make_shared_source (GstCallServer     *self,
                    GstCallMediaKind   kind,
                    GError           **error)
{
  if (!self->source_has[kind])
    return NULL;
  switch (self->source_kind) {
    case SOURCE_TEST: {
      g_autofree char *description =
          kind == GST_CALL_MEDIA_KIND_VIDEO
              ? g_strdup_printf (TEST_VIDEO_SOURCE, self->video_width, self->video_height)
              : g_strdup (TEST_AUDIO_SOURCE);

      return gst_call_media_make_source_from_description (kind, description, error);
    }
    case SOURCE_DEVICES:
      return gst_call_make_default_source (kind, self->video_width, self->video_height,
                                           DEFAULT_VIDEO_FRAMERATE, error);
    case SOURCE_URI:
      return gst_call_media_make_source_from_uri (kind, self->source_uri, error);
    case SOURCE_DESCRIPTION:
      return gst_call_media_make_source_from_description (kind,
                                                          self->source_descriptions[kind],
                                                          error);
    case SOURCE_ELEMENTS:
    default:
      /* Not floating: the broadcast takes a reference of its own. */
      return self->source_elements[kind];
  }
}

/* Checks the source: the broadcasts that share its encoding are made, or
 * a call is configured with it as each call will be. */
static gboolean
prepare_source (GstCallServer  *self,
                GError        **error)
{
  if (!self->shared_encoding) {
    g_autoptr (GstCall) probe = gst_call_new ();

    return configure_call (self, probe, GST_CALL_SERVER_CALL_KIND_BROWSER, error);
  }

  for (guint kind = 0; kind < 2; kind++) {
    GstElement *source;

    g_clear_object (&self->broadcasts[kind]);
    source = make_shared_source (self, kind, error);
    if (!source) {
      if (error && *error)
        return FALSE;
      continue;
    }
    self->broadcasts[kind] = gst_call_broadcast_new (kind, source, error);
    if (!self->broadcasts[kind])
      return FALSE;
  }
  if (!self->broadcasts[GST_CALL_MEDIA_KIND_VIDEO] &&
      !self->broadcasts[GST_CALL_MEDIA_KIND_AUDIO]) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                         _("The source has neither video nor audio"));
    return FALSE;
  }
  if (self->broadcasts[GST_CALL_MEDIA_KIND_VIDEO] &&
      gst_call_broadcast_get_codec (self->broadcasts[GST_CALL_MEDIA_KIND_VIDEO]) !=
          self->video_codec) {
    GEnumClass *codecs = g_type_class_ref (GST_TYPE_CALL_CODEC);
    GEnumValue *shared = g_enum_get_value (
        codecs, gst_call_broadcast_get_codec (self->broadcasts[GST_CALL_MEDIA_KIND_VIDEO]));
    GEnumValue *wanted = g_enum_get_value (codecs, self->video_codec);

    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("Shared encoding sends %s video, not %s: set video-codec to %s or "
                   "shared-encoding to false"), shared ? shared->value_nick : "?",
                 wanted ? wanted->value_nick : "?", shared ? shared->value_nick : "?");
    g_type_class_unref (codecs);
    return FALSE;
  }
  return TRUE;
}

/**
 * gst_call_server_set_sources_from_uri:
 * @self: a [class@CallServer]
 * @uri: a media file, as a URI (`file:///...`, `https://...`) or a local path
 * @error: return location for a #GError
 *
 * Sends a media file to every call: its first video stream and its first
 * audio stream, each played at its own pace as a live source would. A kind
 * the file does not have is not sent. See [class@CallServer] for what
 * happens when the file ends.
 *
 * The file is inspected before this returns (at most 10 seconds): a file
 * that cannot be played (missing, or no decoder for it) is an error here.
 *
 * Returns: %TRUE on success; on failure the source did not change
 *
 * Since: 0.1
 */
gboolean
gst_call_server_set_sources_from_uri (GstCallServer  *self,
                                      const char     *uri,
                                      GError        **error)
{
  g_autoptr (GstCall) probe = NULL;
  g_autofree char *full_uri = NULL;

  g_return_val_if_fail (GST_IS_CALL_SERVER (self), FALSE);
  g_return_val_if_fail (uri != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* The call's own inspection of the file. */
  probe = gst_call_new ();
  if (!gst_call_set_sources_from_uri (probe, uri, error))
    return FALSE;
  full_uri = gst_uri_is_valid (uri) ? g_strdup (uri) : gst_filename_to_uri (uri, NULL);

  clear_source (self);
  self->source_kind = SOURCE_URI;
  self->source_uri = g_steal_pointer (&full_uri);
  self->source_has[GST_CALL_MEDIA_KIND_VIDEO] = gst_call_get_send_video (probe);
  self->source_has[GST_CALL_MEDIA_KIND_AUDIO] = gst_call_get_send_audio (probe);
  return TRUE;
}

/**
 * gst_call_server_set_sources_from_description:
 * @self: a [class@CallServer]
 * @video: (nullable): a gst-launch description of the video source, e.g.
 *   `v4l2src device=/dev/video2`, or %NULL to send no video
 * @audio: (nullable): a gst-launch description of the audio source, or
 *   %NULL to send no audio
 * @error: return location for a #GError
 *
 * Sends the sources built from launch descriptions to every call, as
 * [method@Call.set_sources_from_description] does for one call. The
 * descriptions are checked here: an unknown element is an error.
 *
 * Returns: %TRUE on success; on failure the source did not change
 *
 * Since: 0.1
 */
gboolean
gst_call_server_set_sources_from_description (GstCallServer  *self,
                                              const char     *video,
                                              const char     *audio,
                                              GError        **error)
{
  const char *descriptions[2];

  g_return_val_if_fail (GST_IS_CALL_SERVER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  descriptions[GST_CALL_MEDIA_KIND_VIDEO] = video;
  descriptions[GST_CALL_MEDIA_KIND_AUDIO] = audio;
  if (!video && !audio) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                         _("Give a video or an audio description, or both"));
    return FALSE;
  }
  for (guint kind = 0; kind < 2; kind++) {
    g_autoptr (GstElement) element = NULL;

    if (!descriptions[kind])
      continue;
    element = gst_call_media_make_source_from_description (kind, descriptions[kind], error);
    if (!element)
      return FALSE;
    gst_object_ref_sink (element);
  }

  clear_source (self);
  self->source_kind = SOURCE_DESCRIPTION;
  for (guint kind = 0; kind < 2; kind++) {
    self->source_descriptions[kind] = g_strdup (descriptions[kind]);
    self->source_has[kind] = descriptions[kind] != NULL;
  }
  return TRUE;
}

/**
 * gst_call_server_set_sources_from_devices:
 * @self: a [class@CallServer]
 *
 * Sends the first camera and microphone to every call, a [class@Call]'s
 * default sources (a test pattern or tone for a kind without a device),
 * the video at [property@CallServer:video-width] by
 * [property@CallServer:video-height].
 *
 * Since: 0.1
 */
void
gst_call_server_set_sources_from_devices (GstCallServer *self)
{
  g_return_if_fail (GST_IS_CALL_SERVER (self));

  clear_source (self);
  self->source_kind = SOURCE_DEVICES;
}

static void
set_source_element (GstCallServer    *self,
                    GstCallMediaKind  kind,
                    GstElement       *source)
{
  GstElement *other = NULL;

  if (source)
    gst_object_ref_sink (source);
  if (self->source_kind == SOURCE_ELEMENTS && self->source_elements[!kind])
    other = gst_object_ref (self->source_elements[!kind]);
  clear_source (self);
  self->source_kind = SOURCE_ELEMENTS;
  self->source_elements[kind] = source;
  self->source_elements[!kind] = other;
  self->source_has[kind] = source != NULL;
  self->source_has[!kind] = other != NULL;
}

/**
 * gst_call_server_set_video_source:
 * @self: a [class@CallServer]
 * @source: (nullable) (transfer floating): an element or bin producing raw
 *   video on an always source pad, preferably live (`appsrc is-live=true`,
 *   a camera), or %NULL to send no video
 *
 * Sends the app's own element as the video of every call. Its media is
 * encoded once for all calls: it needs [property@CallServer:shared-encoding].
 * Together with [method@CallServer.set_audio_source] it replaces any other
 * source given before.
 *
 * Since: 0.1
 */
void
gst_call_server_set_video_source (GstCallServer *self,
                                  GstElement    *source)
{
  g_return_if_fail (GST_IS_CALL_SERVER (self));
  g_return_if_fail (source == NULL || GST_IS_ELEMENT (source));

  set_source_element (self, GST_CALL_MEDIA_KIND_VIDEO, source);
}

/**
 * gst_call_server_set_audio_source:
 * @self: a [class@CallServer]
 * @source: (nullable) (transfer floating): an element or bin producing raw
 *   audio on an always source pad, or %NULL to send no audio
 *
 * Sends the app's own element as the audio of every call, see
 * [method@CallServer.set_video_source].
 *
 * Since: 0.1
 */
void
gst_call_server_set_audio_source (GstCallServer *self,
                                  GstElement    *source)
{
  g_return_if_fail (GST_IS_CALL_SERVER (self));
  g_return_if_fail (source == NULL || GST_IS_ELEMENT (source));

  set_source_element (self, GST_CALL_MEDIA_KIND_AUDIO, source);
}

/* ------------------------------------------------------------------------ */
/* Listening                                                                 */

/**
 * gst_call_server_listen:
 * @self: a [class@CallServer]
 * @error: return location for a #GError
 *
 * Checks the source (with shared encoding, its encoders are made now) and
 * starts serving on [property@CallServer:address] and
 * [property@CallServer:port]. A source that cannot work is reported here,
 * not to the first browser.
 *
 * Returns: %TRUE once the server listens; on failure it does not
 *
 * Since: 0.1
 */
gboolean
gst_call_server_listen (GstCallServer  *self,
                        GError        **error)
{
  SoupServer *soup;

  g_return_val_if_fail (GST_IS_CALL_SERVER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  g_return_val_if_fail (self->signaling == NULL, FALSE);

  if (!prepare_source (self, error)) {
    g_clear_object (&self->broadcasts[GST_CALL_MEDIA_KIND_VIDEO]);
    g_clear_object (&self->broadcasts[GST_CALL_MEDIA_KIND_AUDIO]);
    return FALSE;
  }

  self->signaling = gst_call_signaling_server_new (self->token);
  g_object_set (self->signaling, "idle-timeout", self->idle_timeout, NULL);
  gst_call_signaling_server_set_tls_certificate (self->signaling, self->tls_certificate);
  if (!gst_call_signaling_server_listen (self->signaling, self->address, self->port, error)) {
    g_clear_object (&self->signaling);
    g_clear_object (&self->broadcasts[GST_CALL_MEDIA_KIND_VIDEO]);
    g_clear_object (&self->broadcasts[GST_CALL_MEDIA_KIND_AUDIO]);
    return FALSE;
  }
  self->bound_port = gst_call_signaling_server_get_port (self->signaling);
  self->calls = g_hash_table_new_full (NULL, NULL, NULL, server_call_free);

  self->whip = gst_call_whip_server_new ();
  g_object_set (self->whip, "bearer-token", self->token, NULL);
  g_signal_connect (self->whip, "new-call", G_CALLBACK (on_new_session), self);
  g_signal_connect (self->whip, "session-ended", G_CALLBACK (on_session_ended), self);

  soup = gst_call_signaling_server_get_soup_server (self->signaling);
  soup_server_add_handler (soup, "/", handle_request, self, NULL);
  g_signal_connect (soup, "request-read", G_CALLBACK (on_request_read), self);
  soup_server_add_early_handler (soup, "/", handle_early, self, NULL);
  soup_server_add_early_handler (soup, WHIP_PATH, handle_whip_early, self, NULL);
  soup_server_add_early_handler (soup, WHEP_PATH, handle_whip_early, self, NULL);
  gst_call_whip_server_attach (self->whip, soup, WHIP_PATH);
  gst_call_whip_server_attach (self->whip, soup, WHEP_PATH);

  if (self->port != self->bound_port)
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PORT]);
  return TRUE;
}

/**
 * gst_call_server_close:
 * @self: a [class@CallServer]
 *
 * Stops serving: ends the WHIP and WHEP sessions and hangs up the
 * browsers' calls ([signal@CallServer::call-ended] is not emitted for
 * them), closes the port and frees the shared encoders. The server can
 * listen again. Closing a server that does not listen does nothing.
 *
 * Since: 0.1
 */
void
gst_call_server_close (GstCallServer *self)
{
  SoupServer *soup;
  gboolean had_port;

  g_return_if_fail (GST_IS_CALL_SERVER (self));

  if (!self->signaling)
    return;
  /* Ends the WHIP and WHEP sessions, then the browsers' calls. */
  g_signal_handlers_disconnect_by_data (self->whip, self);
  g_clear_object (&self->whip);
  g_clear_pointer (&self->calls, g_hash_table_destroy);
  soup = gst_call_signaling_server_get_soup_server (self->signaling);
  if (soup)
    g_signal_handlers_disconnect_by_data (soup, self);
  gst_call_signaling_server_stop (self->signaling);
  g_clear_object (&self->signaling);
  g_clear_object (&self->broadcasts[GST_CALL_MEDIA_KIND_VIDEO]);
  g_clear_object (&self->broadcasts[GST_CALL_MEDIA_KIND_AUDIO]);
  g_clear_pointer (&self->reading_client, g_free);
  had_port = self->bound_port != self->port;
  self->bound_port = 0;
  if (had_port)
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PORT]);
}

/**
 * gst_call_server_get_uri:
 * @self: a [class@CallServer]
 *
 * Gets the address of the page, for a browser: `http://ADDRESS:PORT/`
 * (`https` with a [property@CallServer:tls-certificate]), with
 * `?token=TOKEN` when the server has a [property@CallServer:token].
 *
 * Returns: (transfer full) (nullable): the page's URI, or %NULL when the
 *   server does not listen
 *
 * Since: 0.1
 */
char *
gst_call_server_get_uri (GstCallServer *self)
{
  g_autofree char *escaped_token = NULL;

  g_return_val_if_fail (GST_IS_CALL_SERVER (self), NULL);

  if (!self->signaling)
    return NULL;
  if (self->token)
    escaped_token = g_uri_escape_string (self->token, NULL, FALSE);
  return g_strdup_printf ("%s://%s:%u/%s%s", self->tls_certificate ? "https" : "http",
                          self->address, self->bound_port, escaped_token ? "?token=" : "",
                          escaped_token ? escaped_token : "");
}

/**
 * gst_call_server_get_n_calls:
 * @self: a [class@CallServer]
 *
 * Gets how many calls the server holds: browsers' calls (also those
 * handed out and not joined yet) and WHIP and WHEP sessions.
 *
 * Returns: the number of calls
 *
 * Since: 0.1
 */
guint
gst_call_server_get_n_calls (GstCallServer *self)
{
  GHashTableIter iter;
  gpointer value;
  guint count = 0;

  g_return_val_if_fail (GST_IS_CALL_SERVER (self), 0);

  if (!self->calls)
    return 0;
  g_hash_table_iter_init (&iter, self->calls);
  while (g_hash_table_iter_next (&iter, NULL, &value)) {
    if (!((ServerCall *) value)->ended)
      count++;
  }
  return count;
}

/**
 * gst_call_server_get_soup_server:
 * @self: a [class@CallServer]
 *
 * Gets the HTTP server the page, the signaling and the WHIP and WHEP
 * endpoints run on, for more handlers or for logging requests.
 *
 * Returns: (transfer none) (nullable): the server, or %NULL when the
 *   server does not listen
 *
 * Since: 0.1
 */
SoupServer *
gst_call_server_get_soup_server (GstCallServer *self)
{
  g_return_val_if_fail (GST_IS_CALL_SERVER (self), NULL);

  return self->signaling ? gst_call_signaling_server_get_soup_server (self->signaling) : NULL;
}

/* ------------------------------------------------------------------------ */
/* Properties                                                                */

/**
 * gst_call_server_get_address:
 * @self: a [class@CallServer]
 *
 * Gets [property@CallServer:address].
 *
 * Returns: (transfer none): the address the server listens on
 *
 * Since: 0.1
 */
const char *
gst_call_server_get_address (GstCallServer *self)
{
  g_return_val_if_fail (GST_IS_CALL_SERVER (self), NULL);

  return self->address;
}

/**
 * gst_call_server_set_address:
 * @self: a [class@CallServer]
 * @address: an IP address, `0.0.0.0` for every IPv4 interface
 *
 * Sets [property@CallServer:address].
 *
 * Since: 0.1
 */
void
gst_call_server_set_address (GstCallServer *self,
                             const char    *address)
{
  g_return_if_fail (GST_IS_CALL_SERVER (self));
  g_return_if_fail (address != NULL);

  if (g_strcmp0 (self->address, address) == 0)
    return;
  g_free (self->address);
  self->address = g_strdup (address);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ADDRESS]);
}

/**
 * gst_call_server_get_port:
 * @self: a [class@CallServer]
 *
 * Gets [property@CallServer:port]: once the server listens, the port it is
 * bound to.
 *
 * Returns: the port
 *
 * Since: 0.1
 */
guint
gst_call_server_get_port (GstCallServer *self)
{
  g_return_val_if_fail (GST_IS_CALL_SERVER (self), 0);

  return self->signaling ? self->bound_port : self->port;
}

/**
 * gst_call_server_set_port:
 * @self: a [class@CallServer]
 * @port: a TCP port, 0 for any free one
 *
 * Sets [property@CallServer:port], used by the next
 * [method@CallServer.listen].
 *
 * Since: 0.1
 */
void
gst_call_server_set_port (GstCallServer *self,
                          guint          port)
{
  g_return_if_fail (GST_IS_CALL_SERVER (self));
  g_return_if_fail (port <= 65535);

  if (self->port == port)
    return;
  self->port = port;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PORT]);
}

/**
 * gst_call_server_get_token:
 * @self: a [class@CallServer]
 *
 * Gets [property@CallServer:token].
 *
 * Returns: (transfer none) (nullable): the token, or %NULL
 *
 * Since: 0.1
 */
const char *
gst_call_server_get_token (GstCallServer *self)
{
  g_return_val_if_fail (GST_IS_CALL_SERVER (self), NULL);

  return self->token;
}

/**
 * gst_call_server_set_token:
 * @self: a [class@CallServer]
 * @token: (nullable): a secret, or %NULL for none
 *
 * Sets [property@CallServer:token], used by the next
 * [method@CallServer.listen].
 *
 * Since: 0.1
 */
void
gst_call_server_set_token (GstCallServer *self,
                           const char    *token)
{
  g_return_if_fail (GST_IS_CALL_SERVER (self));

  if (token && !*token)
    token = NULL;
  if (g_strcmp0 (self->token, token) == 0)
    return;
  g_free (self->token);
  self->token = g_strdup (token);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_TOKEN]);
}

/**
 * gst_call_server_get_tls_certificate:
 * @self: a [class@CallServer]
 *
 * Gets [property@CallServer:tls-certificate].
 *
 * Returns: (transfer none) (nullable): the certificate, or %NULL
 *
 * Since: 0.1
 */
GTlsCertificate *
gst_call_server_get_tls_certificate (GstCallServer *self)
{
  g_return_val_if_fail (GST_IS_CALL_SERVER (self), NULL);

  return self->tls_certificate;
}

/**
 * gst_call_server_set_tls_certificate:
 * @self: a [class@CallServer]
 * @certificate: (nullable): a certificate with its private key, or %NULL
 *   for plain HTTP
 *
 * Sets [property@CallServer:tls-certificate], used by the next
 * [method@CallServer.listen].
 *
 * Since: 0.1
 */
void
gst_call_server_set_tls_certificate (GstCallServer   *self,
                                     GTlsCertificate *certificate)
{
  g_return_if_fail (GST_IS_CALL_SERVER (self));
  g_return_if_fail (certificate == NULL || G_IS_TLS_CERTIFICATE (certificate));

  if (g_set_object (&self->tls_certificate, certificate))
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_TLS_CERTIFICATE]);
}

/**
 * gst_call_server_get_max_calls:
 * @self: a [class@CallServer]
 *
 * Gets [property@CallServer:max-calls].
 *
 * Returns: how many calls the server holds at most
 *
 * Since: 0.1
 */
guint
gst_call_server_get_max_calls (GstCallServer *self)
{
  g_return_val_if_fail (GST_IS_CALL_SERVER (self), 0);

  return self->max_calls;
}

/**
 * gst_call_server_set_max_calls:
 * @self: a [class@CallServer]
 * @max_calls: at least 1
 *
 * Sets [property@CallServer:max-calls].
 *
 * Since: 0.1
 */
void
gst_call_server_set_max_calls (GstCallServer *self,
                               guint          max_calls)
{
  g_return_if_fail (GST_IS_CALL_SERVER (self));
  g_return_if_fail (max_calls >= 1);

  if (self->max_calls == max_calls)
    return;
  self->max_calls = max_calls;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_MAX_CALLS]);
}

/**
 * gst_call_server_get_max_calls_per_client:
 * @self: a [class@CallServer]
 *
 * Gets [property@CallServer:max-calls-per-client].
 *
 * Returns: the setting, 0 for half of [property@CallServer:max-calls]
 *
 * Since: 0.1
 */
guint
gst_call_server_get_max_calls_per_client (GstCallServer *self)
{
  g_return_val_if_fail (GST_IS_CALL_SERVER (self), 0);

  return self->max_calls_per_client;
}

/**
 * gst_call_server_set_max_calls_per_client:
 * @self: a [class@CallServer]
 * @max_calls: how many calls one address may hold, 0 for half of
 *   [property@CallServer:max-calls], rounded up
 *
 * Sets [property@CallServer:max-calls-per-client].
 *
 * Since: 0.1
 */
void
gst_call_server_set_max_calls_per_client (GstCallServer *self,
                                          guint          max_calls)
{
  g_return_if_fail (GST_IS_CALL_SERVER (self));

  if (self->max_calls_per_client == max_calls)
    return;
  self->max_calls_per_client = max_calls;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_MAX_CALLS_PER_CLIENT]);
}

/**
 * gst_call_server_get_join_timeout:
 * @self: a [class@CallServer]
 *
 * Gets [property@CallServer:join-timeout].
 *
 * Returns: the timeout in seconds
 *
 * Since: 0.1
 */
guint
gst_call_server_get_join_timeout (GstCallServer *self)
{
  g_return_val_if_fail (GST_IS_CALL_SERVER (self), 0);

  return self->join_timeout;
}

/**
 * gst_call_server_set_join_timeout:
 * @self: a [class@CallServer]
 * @seconds: 1 to 3600
 *
 * Sets [property@CallServer:join-timeout], for the calls made from then on.
 *
 * Since: 0.1
 */
void
gst_call_server_set_join_timeout (GstCallServer *self,
                                  guint          seconds)
{
  g_return_if_fail (GST_IS_CALL_SERVER (self));
  g_return_if_fail (seconds >= 1 && seconds <= 3600);

  if (self->join_timeout == seconds)
    return;
  self->join_timeout = seconds;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_JOIN_TIMEOUT]);
}

/**
 * gst_call_server_get_idle_timeout:
 * @self: a [class@CallServer]
 *
 * Gets [property@CallServer:idle-timeout].
 *
 * Returns: the timeout in seconds, 0 for none
 *
 * Since: 0.1
 */
guint
gst_call_server_get_idle_timeout (GstCallServer *self)
{
  g_return_val_if_fail (GST_IS_CALL_SERVER (self), 0);

  return self->idle_timeout;
}

/**
 * gst_call_server_set_idle_timeout:
 * @self: a [class@CallServer]
 * @seconds: 0 (never) to 3600
 *
 * Sets [property@CallServer:idle-timeout], used by the next
 * [method@CallServer.listen].
 *
 * Since: 0.1
 */
void
gst_call_server_set_idle_timeout (GstCallServer *self,
                                  guint          seconds)
{
  g_return_if_fail (GST_IS_CALL_SERVER (self));
  g_return_if_fail (seconds <= 3600);

  if (self->idle_timeout == seconds)
    return;
  self->idle_timeout = seconds;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_IDLE_TIMEOUT]);
}

/**
 * gst_call_server_get_ice_local_addresses:
 * @self: a [class@CallServer]
 *
 * Gets [property@CallServer:ice-local-addresses].
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): the
 *   addresses, or %NULL for every interface
 *
 * Since: 0.1
 */
const char * const *
gst_call_server_get_ice_local_addresses (GstCallServer *self)
{
  g_return_val_if_fail (GST_IS_CALL_SERVER (self), NULL);

  return (const char * const *) self->ice_local_addresses;
}

/**
 * gst_call_server_set_ice_local_addresses:
 * @self: a [class@CallServer]
 * @addresses: (nullable) (array zero-terminated=1): local addresses, or
 *   %NULL for every interface
 *
 * Sets [property@CallServer:ice-local-addresses], for the calls made from
 * then on.
 *
 * Since: 0.1
 */
void
gst_call_server_set_ice_local_addresses (GstCallServer      *self,
                                         const char * const *addresses)
{
  g_return_if_fail (GST_IS_CALL_SERVER (self));

  if (addresses && !addresses[0])
    addresses = NULL;
  if (!addresses && !self->ice_local_addresses)
    return;
  if (addresses && self->ice_local_addresses &&
      g_strv_equal (addresses, (const char * const *) self->ice_local_addresses))
    return;
  g_strfreev (self->ice_local_addresses);
  self->ice_local_addresses = g_strdupv ((char **) addresses);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ICE_LOCAL_ADDRESSES]);
}

/**
 * gst_call_server_get_video_codec:
 * @self: a [class@CallServer]
 *
 * Gets [property@CallServer:video-codec].
 *
 * Returns: the video codec
 *
 * Since: 0.1
 */
GstCallCodec
gst_call_server_get_video_codec (GstCallServer *self)
{
  g_return_val_if_fail (GST_IS_CALL_SERVER (self), GST_CALL_CODEC_VP8);

  return self->video_codec;
}

/**
 * gst_call_server_set_video_codec:
 * @self: a [class@CallServer]
 * @codec: a video codec
 *
 * Sets [property@CallServer:video-codec].
 *
 * Since: 0.1
 */
void
gst_call_server_set_video_codec (GstCallServer *self,
                                 GstCallCodec   codec)
{
  g_return_if_fail (GST_IS_CALL_SERVER (self));

  if (self->video_codec == codec)
    return;
  self->video_codec = codec;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_VIDEO_CODEC]);
}

/**
 * gst_call_server_get_video_width:
 * @self: a [class@CallServer]
 *
 * Gets [property@CallServer:video-width].
 *
 * Returns: the width in pixels
 *
 * Since: 0.1
 */
guint
gst_call_server_get_video_width (GstCallServer *self)
{
  g_return_val_if_fail (GST_IS_CALL_SERVER (self), 0);

  return self->video_width;
}

/**
 * gst_call_server_set_video_width:
 * @self: a [class@CallServer]
 * @width: 16 to 7680
 *
 * Sets [property@CallServer:video-width].
 *
 * Since: 0.1
 */
void
gst_call_server_set_video_width (GstCallServer *self,
                                 guint          width)
{
  g_return_if_fail (GST_IS_CALL_SERVER (self));
  g_return_if_fail (width >= 16 && width <= 7680);

  if (self->video_width == width)
    return;
  self->video_width = width;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_VIDEO_WIDTH]);
}

/**
 * gst_call_server_get_video_height:
 * @self: a [class@CallServer]
 *
 * Gets [property@CallServer:video-height].
 *
 * Returns: the height in pixels
 *
 * Since: 0.1
 */
guint
gst_call_server_get_video_height (GstCallServer *self)
{
  g_return_val_if_fail (GST_IS_CALL_SERVER (self), 0);

  return self->video_height;
}

/**
 * gst_call_server_set_video_height:
 * @self: a [class@CallServer]
 * @height: 16 to 4320
 *
 * Sets [property@CallServer:video-height].
 *
 * Since: 0.1
 */
void
gst_call_server_set_video_height (GstCallServer *self,
                                  guint          height)
{
  g_return_if_fail (GST_IS_CALL_SERVER (self));
  g_return_if_fail (height >= 16 && height <= 4320);

  if (self->video_height == height)
    return;
  self->video_height = height;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_VIDEO_HEIGHT]);
}

/**
 * gst_call_server_get_shared_encoding:
 * @self: a [class@CallServer]
 *
 * Gets [property@CallServer:shared-encoding].
 *
 * Returns: whether the calls share one encoder per kind of media
 *
 * Since: 0.1
 */
gboolean
gst_call_server_get_shared_encoding (GstCallServer *self)
{
  g_return_val_if_fail (GST_IS_CALL_SERVER (self), FALSE);

  return self->shared_encoding;
}

/**
 * gst_call_server_set_shared_encoding:
 * @self: a [class@CallServer]
 * @shared: whether the calls share one encoder per kind of media
 *
 * Sets [property@CallServer:shared-encoding], used by the next
 * [method@CallServer.listen].
 *
 * Since: 0.1
 */
void
gst_call_server_set_shared_encoding (GstCallServer *self,
                                     gboolean       shared)
{
  g_return_if_fail (GST_IS_CALL_SERVER (self));

  shared = !!shared;
  if (self->shared_encoding == shared)
    return;
  self->shared_encoding = shared;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SHARED_ENCODING]);
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                   */

/**
 * gst_call_server_new:
 *
 * Creates a server with the default settings and a test source. Set its
 * source and properties, then call [method@CallServer.listen].
 *
 * Returns: (transfer full): a new [class@CallServer]
 *
 * Since: 0.1
 */
GstCallServer *
gst_call_server_new (void)
{
  return g_object_new (GST_TYPE_CALL_SERVER, NULL);
}

static void
gst_call_server_dispose (GObject *object)
{
  GstCallServer *self = GST_CALL_SERVER (object);

  gst_call_server_close (self);
  clear_source (self);

  G_OBJECT_CLASS (gst_call_server_parent_class)->dispose (object);
}

static void
gst_call_server_finalize (GObject *object)
{
  GstCallServer *self = GST_CALL_SERVER (object);

  g_free (self->address);
  g_free (self->token);
  g_clear_object (&self->tls_certificate);
  g_strfreev (self->ice_local_addresses);

  G_OBJECT_CLASS (gst_call_server_parent_class)->finalize (object);
}

static void
gst_call_server_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  GstCallServer *self = GST_CALL_SERVER (object);

  switch (prop_id) {
    case PROP_ADDRESS:
      g_value_set_string (value, self->address);
      break;
    case PROP_PORT:
      g_value_set_uint (value, gst_call_server_get_port (self));
      break;
    case PROP_TOKEN:
      g_value_set_string (value, self->token);
      break;
    case PROP_TLS_CERTIFICATE:
      g_value_set_object (value, self->tls_certificate);
      break;
    case PROP_MAX_CALLS:
      g_value_set_uint (value, self->max_calls);
      break;
    case PROP_MAX_CALLS_PER_CLIENT:
      g_value_set_uint (value, self->max_calls_per_client);
      break;
    case PROP_JOIN_TIMEOUT:
      g_value_set_uint (value, self->join_timeout);
      break;
    case PROP_IDLE_TIMEOUT:
      g_value_set_uint (value, self->idle_timeout);
      break;
    case PROP_ICE_LOCAL_ADDRESSES:
      g_value_set_boxed (value, self->ice_local_addresses);
      break;
    case PROP_VIDEO_CODEC:
      g_value_set_enum (value, self->video_codec);
      break;
    case PROP_VIDEO_WIDTH:
      g_value_set_uint (value, self->video_width);
      break;
    case PROP_VIDEO_HEIGHT:
      g_value_set_uint (value, self->video_height);
      break;
    case PROP_SHARED_ENCODING:
      g_value_set_boolean (value, self->shared_encoding);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_server_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  GstCallServer *self = GST_CALL_SERVER (object);

  switch (prop_id) {
    case PROP_ADDRESS:
      gst_call_server_set_address (self, g_value_get_string (value));
      break;
    case PROP_PORT:
      gst_call_server_set_port (self, g_value_get_uint (value));
      break;
    case PROP_TOKEN:
      gst_call_server_set_token (self, g_value_get_string (value));
      break;
    case PROP_TLS_CERTIFICATE:
      gst_call_server_set_tls_certificate (self, g_value_get_object (value));
      break;
    case PROP_MAX_CALLS:
      gst_call_server_set_max_calls (self, g_value_get_uint (value));
      break;
    case PROP_MAX_CALLS_PER_CLIENT:
      gst_call_server_set_max_calls_per_client (self, g_value_get_uint (value));
      break;
    case PROP_JOIN_TIMEOUT:
      gst_call_server_set_join_timeout (self, g_value_get_uint (value));
      break;
    case PROP_IDLE_TIMEOUT:
      gst_call_server_set_idle_timeout (self, g_value_get_uint (value));
      break;
    case PROP_ICE_LOCAL_ADDRESSES:
      gst_call_server_set_ice_local_addresses (self, g_value_get_boxed (value));
      break;
    case PROP_VIDEO_CODEC:
      gst_call_server_set_video_codec (self, g_value_get_enum (value));
      break;
    case PROP_VIDEO_WIDTH:
      gst_call_server_set_video_width (self, g_value_get_uint (value));
      break;
    case PROP_VIDEO_HEIGHT:
      gst_call_server_set_video_height (self, g_value_get_uint (value));
      break;
    case PROP_SHARED_ENCODING:
      gst_call_server_set_shared_encoding (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_server_class_init (GstCallServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  gst_call_ensure_initialized ();

  object_class->dispose = gst_call_server_dispose;
  object_class->finalize = gst_call_server_finalize;
  object_class->get_property = gst_call_server_get_property;
  object_class->set_property = gst_call_server_set_property;

  /**
   * GstCallServer:address: (getter get_address) (setter set_address)
   *
   * The IP address to listen on: `127.0.0.1` (the default) for browsers on
   * this machine, `0.0.0.0` for every IPv4 interface. Browsers on other
   * machines only run WebRTC on a secure page: give a
   * [property@CallServer:tls-certificate] too.
   *
   * Since: 0.1
   */
  props[PROP_ADDRESS] =
      g_param_spec_string ("address", NULL, NULL, DEFAULT_ADDRESS, rw);

  /**
   * GstCallServer:port: (getter get_port) (setter set_port)
   *
   * The TCP port of the page, the signaling and the WHIP and WHEP
   * endpoints; 0 (the default) for any free port. Once the server listens
   * it reads back the port it is bound to.
   *
   * Since: 0.1
   */
  props[PROP_PORT] =
      g_param_spec_uint ("port", NULL, NULL, 0, 65535, 0, rw);

  /**
   * GstCallServer:token: (getter get_token) (setter set_token)
   *
   * A secret: the page must be opened with `?token=TOKEN` (see
   * [method@CallServer.get_uri]) and WHIP and WHEP clients must send it as
   * their bearer token. %NULL (the default): anybody who reaches the port
   * gets a call.
   *
   * Since: 0.1
   */
  props[PROP_TOKEN] =
      g_param_spec_string ("token", NULL, NULL, NULL, rw);

  /**
   * GstCallServer:tls-certificate: (getter get_tls_certificate) (setter set_tls_certificate)
   *
   * With a certificate (and its private key) the server serves HTTPS and
   * WSS.
   *
   * Since: 0.1
   */
  props[PROP_TLS_CERTIFICATE] =
      g_param_spec_object ("tls-certificate", NULL, NULL, G_TYPE_TLS_CERTIFICATE, rw);

  /**
   * GstCallServer:max-calls: (getter get_max_calls) (setter set_max_calls)
   *
   * How many calls the server holds at once, WHIP and WHEP sessions
   * included; beyond, a request for a call gets `503 Service Unavailable`.
   *
   * Since: 0.1
   */
  props[PROP_MAX_CALLS] =
      g_param_spec_uint ("max-calls", NULL, NULL, 1, G_MAXUINT, DEFAULT_MAX_CALLS, rw);

  /**
   * GstCallServer:max-calls-per-client: (getter get_max_calls_per_client) (setter set_max_calls_per_client)
   *
   * How many of the calls one client address may hold; beyond, a request
   * for a call gets `429 Too Many Requests`. 0 (the default): half of
   * [property@CallServer:max-calls], rounded up.
   *
   * Since: 0.1
   */
  props[PROP_MAX_CALLS_PER_CLIENT] =
      g_param_spec_uint ("max-calls-per-client", NULL, NULL, 0, G_MAXUINT, 0, rw);

  /**
   * GstCallServer:join-timeout: (getter get_join_timeout) (setter set_join_timeout)
   *
   * Seconds a browser has, once given a call, to join its room and start
   * it; then the call ends ([signal@CallServer::call-ended], with a
   * reason) and its slot is free again.
   *
   * Since: 0.1
   */
  props[PROP_JOIN_TIMEOUT] =
      g_param_spec_uint ("join-timeout", NULL, NULL, 1, 3600, DEFAULT_JOIN_TIMEOUT, rw);

  /**
   * GstCallServer:idle-timeout: (getter get_idle_timeout) (setter set_idle_timeout)
   *
   * Seconds a connection may stay idle: an HTTP client to send a whole
   * request, a WebSocket client to join a room; then it is closed. 0:
   * never. See [property@CallSignalingServer:idle-timeout].
   *
   * Since: 0.1
   */
  props[PROP_IDLE_TIMEOUT] =
      g_param_spec_uint ("idle-timeout", NULL, NULL, 0, 3600, DEFAULT_IDLE_TIMEOUT, rw);

  /**
   * GstCallServer:ice-local-addresses: (getter get_ice_local_addresses) (setter set_ice_local_addresses)
   *
   * The local addresses the calls gather ICE candidates on, as
   * [property@Call:ice-local-addresses]; %NULL (the default): every
   * interface.
   *
   * Since: 0.1
   */
  props[PROP_ICE_LOCAL_ADDRESSES] =
      g_param_spec_boxed ("ice-local-addresses", NULL, NULL, G_TYPE_STRV, rw);

  /**
   * GstCallServer:video-codec: (getter get_video_codec) (setter set_video_codec)
   *
   * The video codec the calls send, as [property@Call:video-codec]. Shared
   * encoding sends the default codec of a [class@CallBroadcast] (VP8):
   * another codec needs [property@CallServer:shared-encoding] off.
   *
   * Since: 0.1
   */
  props[PROP_VIDEO_CODEC] =
      g_param_spec_enum ("video-codec", NULL, NULL, GST_TYPE_CALL_CODEC, GST_CALL_CODEC_VP8,
                         rw);

  /**
   * GstCallServer:video-width: (getter get_video_width) (setter set_video_width)
   *
   * The width of the test and camera video, as [property@Call:video-width].
   *
   * Since: 0.1
   */
  props[PROP_VIDEO_WIDTH] =
      g_param_spec_uint ("video-width", NULL, NULL, 16, 7680, DEFAULT_VIDEO_WIDTH, rw);

  /**
   * GstCallServer:video-height: (getter get_video_height) (setter set_video_height)
   *
   * The height of the test and camera video, as [property@Call:video-height].
   *
   * Since: 0.1
   */
  props[PROP_VIDEO_HEIGHT] =
      g_param_spec_uint ("video-height", NULL, NULL, 16, 4320, DEFAULT_VIDEO_HEIGHT, rw);

  /**
   * GstCallServer:shared-encoding: (getter get_shared_encoding) (setter set_shared_encoding)
   *
   * Whether every call gets the source from one [class@CallBroadcast] per
   * kind of media, encoded once for all (the default), or runs its own
   * source and encoder (%FALSE). Shared encoding costs one encoder however
   * many calls there are; each call then sends VP8 and Opus, and a media
   * file plays once for all calls instead of from its start for each.
   *
   * Since: 0.1
   */
  props[PROP_SHARED_ENCODING] =
      g_param_spec_boolean ("shared-encoding", NULL, NULL, TRUE, rw);

  g_object_class_install_properties (object_class, N_PROPS, props);

  /**
   * GstCallServer::new-call:
   * @self: the [class@CallServer]
   * @call: the new [class@Call], not started yet
   * @kind: who the call is with: a browser, a WHIP or a WHEP client
   *
   * A call was made for a browser that asked for one, or for a WHIP or
   * WHEP session. The handler runs before the call starts: it may set
   * sinks, open data channels or connect to the call's signals. The
   * server hangs the call up when it ends, when the browser leaves the
   * page and when the server closes.
   *
   * Since: 0.1
   */
  signals[SIGNAL_NEW_CALL] =
      g_signal_new ("new-call", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 2, GST_TYPE_CALL,
                    GST_TYPE_CALL_SERVER_CALL_KIND);

  /**
   * GstCallServer::call-ended:
   * @self: the [class@CallServer]
   * @call: the [class@Call] given by [signal@CallServer::new-call]
   * @reason: (nullable): why the call ended, or %NULL when a side hung up
   *   (the browser left, the WHIP or WHEP client ended its session)
   *
   * A call of the server ended; its slot is free again. A browser's call
   * that was never started within [property@CallServer:join-timeout]
   * seconds ends with a reason too.
   *
   * Since: 0.1
   */
  signals[SIGNAL_CALL_ENDED] =
      g_signal_new ("call-ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 2, GST_TYPE_CALL, G_TYPE_ERROR);
}

static void
gst_call_server_init (GstCallServer *self)
{
  self->address = g_strdup (DEFAULT_ADDRESS);
  self->max_calls = DEFAULT_MAX_CALLS;
  self->join_timeout = DEFAULT_JOIN_TIMEOUT;
  self->idle_timeout = DEFAULT_IDLE_TIMEOUT;
  self->video_codec = GST_CALL_CODEC_VP8;
  self->video_width = DEFAULT_VIDEO_WIDTH;
  self->video_height = DEFAULT_VIDEO_HEIGHT;
  self->shared_encoding = TRUE;
  self->source_kind = SOURCE_TEST;
  self->source_has[GST_CALL_MEDIA_KIND_VIDEO] = TRUE;
  self->source_has[GST_CALL_MEDIA_KIND_AUDIO] = TRUE;
}
