/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcallwhipserver.h"
#include "gstcall.h"
#include "gstcall-error.h"
#include "gstcall-private.h"
#include "gstcall-sdp-private.h"
#include "gstcall-whip-private.h"

/**
 * GstCallWhipServer:
 *
 * A WHIP (RFC 9725) and WHEP endpoint on a [class@Soup.Server]: an HTTP
 * client such as [class@CallWhipSignaller], OBS or a browser POSTs an SDP
 * offer and gets a [class@Call] on this side.
 *
 * [method@CallWhipServer.attach] serves `POST PATH` (a new session: `201
 * Created`, the SDP answer with this side's candidates, `Location:
 * PATH/ID`, an `ETag`, and the [property@CallWhipServer:ice-servers] as
 * `Link: rel="ice-server"` headers), `PATCH PATH/ID` (trickled candidates,
 * `If-Match` checked against the ETag) and `DELETE PATH/ID` (the call
 * ends). With a [property@CallWhipServer:bearer-token] every request must
 * carry `Authorization: Bearer TOKEN`.
 *
 * Each session's call is handed to [signal@CallWhipServer::new-call]
 * before it answers: by default it only receives (WHIP ingest); a handler
 * sets sinks, or sources and `send-video`/`send-audio` to serve media
 * (WHEP).
 *
 * Every refused request gets a short `text/plain` body saying why. A
 * client's mistake is never a 5xx: an offer that is no SDP, or lacks ICE
 * credentials or a DTLS fingerprint, gets `400 Bad Request`; an offer with
 * no codec the session's call can receive or send in the direction offered
 * (a publisher's only codec unknown here, a player accepting none of the
 * codecs sent) gets `406 Not Acceptable` at once, naming the codecs offered
 * and those this side receives and sends. A session whose call fails
 * before it answers gets `400` or `406` in the same way for a bad offer, and
 * `500` with the reason for a failure of this side (a missing plugin).
 *
 * Since: 0.1
 */

#define ANSWER_GATHERING_TIMEOUT_MS 1000
/* An SDP offer or a trickle fragment is a few kilobytes. */
#define MAX_REQUEST_BODY (64 * 1024)

struct _GstCallWhipServer {
  GObject parent_instance;

  char *bearer_token;
  GStrv ice_servers;
  GStrv ice_local_addresses;
  GHashTable *sessions; /* id -> GstCallWhipSession */
  GPtrArray *attachments; /* Attachment */
  SoupServerMessage *handled_post; /* whose handler runs */
};

/* One path on one SoupServer. */
typedef struct {
  GstCallWhipServer *self;
  GWeakRef server;
  char *path;
} Attachment;

static void
attachment_free (gpointer data)
{
  Attachment *attachment = data;
  g_autoptr (SoupServer) server = g_weak_ref_get (&attachment->server);

  if (server) {
    soup_server_remove_handler (server, attachment->path);
    g_signal_handlers_disconnect_by_data (server, attachment);
  }
  g_weak_ref_clear (&attachment->server);
  g_free (attachment->path);
  g_free (attachment);
}

enum {
  PROP_0,
  PROP_BEARER_TOKEN,
  PROP_ICE_SERVERS,
  PROP_ICE_LOCAL_ADDRESSES,
  PROP_N_SESSIONS,
  N_PROPS
};

enum {
  SIGNAL_NEW_CALL,
  SIGNAL_SESSION_ENDED,
  N_SIGNALS
};

static GParamSpec *props[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (GstCallWhipServer, gst_call_whip_server, G_TYPE_OBJECT)

/* ------------------------------------------------------------------------ */
/* One session: the server side's signaller                                  */

#define GST_CALL_TYPE_WHIP_SESSION (gst_call_whip_session_get_type ())
G_DECLARE_FINAL_TYPE (GstCallWhipSession, gst_call_whip_session, GST_CALL, WHIP_SESSION, GObject)

struct _GstCallWhipSession {
  GObject parent_instance;

  GstCallWhipServer *server; /* weak: the server owns the sessions */
  char *id;
  char *location;
  char *etag;
  char *offer;
  GstCall *call;
  SoupServerMessage *pending_post; /* paused until the answer is ready */
  char *answer;
  GPtrArray *candidates; /* GstCallWhipCandidate of this side */
  gboolean gathering_complete;
  GSource *answer_timeout;
  gboolean refused_in_handler; /* the POST's handler unpauses it */
};

static void gst_call_whip_session_iface_init (GstCallSignallerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GstCallWhipSession, gst_call_whip_session, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GST_TYPE_CALL_SIGNALLER,
                                                      gst_call_whip_session_iface_init))

static void
add_ice_server_links (GstCallWhipServer  *server,
                      SoupMessageHeaders *headers)
{
  for (guint i = 0; server && server->ice_servers && server->ice_servers[i]; i++) {
    g_autofree char *link = gst_call_whip_ice_server_link (server->ice_servers[i]);

    if (link)
      soup_message_headers_append (headers, "Link", link);
  }
}

/* Sends the 201 with the answer and this side's candidates so far. */
static void
session_respond (GstCallWhipSession *session)
{
  g_autofree char *answer = NULL;
  SoupMessageHeaders *headers;

  if (!session->pending_post || !session->answer)
    return;
  if (session->answer_timeout) {
    g_source_destroy (session->answer_timeout);
    g_clear_pointer (&session->answer_timeout, g_source_unref);
  }
  answer = gst_call_whip_sdp_add_candidates (session->answer, session->candidates,
                                             session->gathering_complete);
  headers = soup_server_message_get_response_headers (session->pending_post);
  soup_message_headers_replace (headers, "Location", session->location);
  soup_message_headers_replace (headers, "ETag", session->etag);
  add_ice_server_links (session->server, headers);
  soup_server_message_set_response (session->pending_post, GST_CALL_WHIP_SDP_TYPE,
                                    SOUP_MEMORY_COPY, answer, strlen (answer));
  soup_server_message_set_status (session->pending_post, SOUP_STATUS_CREATED, NULL);
  soup_server_message_unpause (session->pending_post);
  g_clear_object (&session->pending_post);
}

static gboolean
on_answer_timeout (gpointer user_data)
{
  GstCallWhipSession *session = user_data;

  g_clear_pointer (&session->answer_timeout, g_source_unref);
  session_respond (session);
  return G_SOURCE_REMOVE;
}

static void
session_send_description (GstCallSignaller *signaller,
                          GstCallSdpType    type,
                          const char       *sdp)
{
  GstCallWhipSession *session = GST_CALL_WHIP_SESSION (signaller);

  if (type != GST_CALL_SDP_TYPE_ANSWER || session->answer) {
    GST_WARNING ("WHIP session %s: only one answer can be sent", session->id);
    return;
  }
  session->answer = g_strdup (sdp);
  if (session->gathering_complete) {
    session_respond (session);
    return;
  }
  /* The client cannot get candidates from us later: wait for them. */
  session->answer_timeout = g_timeout_source_new (ANSWER_GATHERING_TIMEOUT_MS);
  g_source_set_callback (session->answer_timeout, on_answer_timeout, session, NULL);
  g_source_attach (session->answer_timeout, g_main_context_get_thread_default ());
}

static void
session_send_candidate (GstCallSignaller *signaller,
                        guint             mline_index,
                        const char       *candidate)
{
  GstCallWhipSession *session = GST_CALL_WHIP_SESSION (signaller);

  if (!session->pending_post && session->answer)
    return; /* answered already: WHIP has no server-to-client trickle */
  if (candidate && *candidate) {
    g_ptr_array_add (session->candidates,
                     gst_call_whip_candidate_new (mline_index, candidate));
  } else {
    session->gathering_complete = TRUE;
    session_respond (session);
  }
}

static void
session_send_bye (GstCallSignaller *signaller)
{
}

static void
gst_call_whip_session_iface_init (GstCallSignallerInterface *iface)
{
  iface->send_description = session_send_description;
  iface->send_candidate = session_send_candidate;
  iface->send_bye = session_send_bye;
}

static void
gst_call_whip_session_init (GstCallWhipSession *session)
{
  session->candidates = g_ptr_array_new_with_free_func (gst_call_whip_candidate_free);
}

static void
gst_call_whip_session_finalize (GObject *object)
{
  GstCallWhipSession *session = GST_CALL_WHIP_SESSION (object);

  if (session->answer_timeout) {
    g_source_destroy (session->answer_timeout);
    g_source_unref (session->answer_timeout);
  }
  if (session->pending_post) {
    soup_server_message_set_status (session->pending_post,
                                    SOUP_STATUS_INTERNAL_SERVER_ERROR, NULL);
    soup_server_message_unpause (session->pending_post);
    g_object_unref (session->pending_post);
  }
  g_free (session->id);
  g_free (session->location);
  g_free (session->etag);
  g_free (session->offer);
  g_free (session->answer);
  g_ptr_array_unref (session->candidates);
  G_OBJECT_CLASS (gst_call_whip_session_parent_class)->finalize (object);
}

static void
gst_call_whip_session_class_init (GstCallWhipSessionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gst_call_whip_session_finalize;
}

/* ------------------------------------------------------------------------ */
/* Requests                                                                  */

/* Refuses @message with @status and @reason as a short text body. */
static void
respond_error (SoupServerMessage *message,
               guint              status,
               const char        *reason)
{
  g_autofree char *body = g_strdup_printf ("%s\n", reason);
  gsize length = strlen (body);

  GST_INFO ("WHIP endpoint: %s %s from %s refused with %u: %s",
            soup_server_message_get_method (message),
            g_uri_get_path (soup_server_message_get_uri (message)),
            soup_server_message_get_remote_host (message), status, reason);
  soup_server_message_set_status (message, status, NULL);
  soup_server_message_set_response (message, "text/plain; charset=utf-8", SOUP_MEMORY_TAKE,
                                    g_steal_pointer (&body), length);
}

/* The status a session's offer is refused with when its call fails before
 * answering: the client's mistake is a 4xx, ours a 500. */
static guint
status_for_error (const GError *error)
{
  if (g_error_matches (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT))
    return SOUP_STATUS_BAD_REQUEST;
  if (g_error_matches (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION))
    return SOUP_STATUS_NOT_ACCEPTABLE;
  return SOUP_STATUS_INTERNAL_SERVER_ERROR;
}

static void on_call_ended (GstCall *call, const GError *reason, GstCallWhipSession *session);

/* Ends session @id; an offer not answered yet is refused, for @reason
 * when the session's call failed. */
static void
end_session (GstCallWhipServer *self,
             const char        *id,
             const GError      *reason)
{
  g_autoptr (GstCallWhipSession) session = NULL;
  g_autofree char *key = NULL;

  if (!g_hash_table_steal_extended (self->sessions, id, (gpointer *) &key,
                                    (gpointer *) &session))
    return;
  if (session->pending_post) {
    if (reason)
      respond_error (session->pending_post, status_for_error (reason), reason->message);
    else
      respond_error (session->pending_post, SOUP_STATUS_SERVICE_UNAVAILABLE,
                     _("The session ended before its offer was answered"));
    /* Unpaused inside its handler, the request would be resumed by any
     * main loop iteration before the handler returns (a session-ended
     * handler's, say), which libsoup does not allow. */
    if (session->pending_post == self->handled_post)
      session->refused_in_handler = TRUE;
    else
      soup_server_message_unpause (session->pending_post);
    g_clear_object (&session->pending_post);
  }
  g_signal_handlers_disconnect_by_func (session->call, on_call_ended, session);
  gst_call_hangup (session->call);
  g_signal_emit (self, signals[SIGNAL_SESSION_ENDED], 0, session->call);
  g_clear_object (&session->call);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_N_SESSIONS]);
}

static void
on_call_ended (GstCall            *call,
               const GError       *reason,
               GstCallWhipSession *session)
{
  g_autofree char *id = g_strdup (session->id);

  if (session->server)
    end_session (session->server, id, reason);
}

static void
on_call_answered (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr (GError) error = NULL;

  if (!gst_call_answer_finish (GST_CALL (source), result, &error))
    GST_INFO ("WHIP session call did not connect: %s", error->message);
}

static gboolean
authorized (GstCallWhipServer *self,
            SoupServerMessage *message)
{
  const char *authorization;
  g_autofree char *expected = NULL;

  if (!self->bearer_token)
    return TRUE;
  authorization = soup_message_headers_get_one (
      soup_server_message_get_request_headers (message), "Authorization");
  expected = g_strdup_printf ("Bearer %s", self->bearer_token);
  if (g_strcmp0 (authorization, expected) == 0)
    return TRUE;
  soup_message_headers_replace (soup_server_message_get_response_headers (message),
                                "WWW-Authenticate", "Bearer");
  respond_error (message, SOUP_STATUS_UNAUTHORIZED,
                 authorization ? _("Wrong bearer token")
                               : _("This endpoint needs a bearer token "
                                   "(Authorization: Bearer TOKEN)"));
  return FALSE;
}

static gboolean
has_content_type (SoupServerMessage *message,
                  const char        *expected)
{
  const char *type = soup_message_headers_get_content_type (
      soup_server_message_get_request_headers (message), NULL);

  g_autofree char *reason = NULL;

  if (g_strcmp0 (type, expected) == 0)
    return TRUE;
  reason = g_strdup_printf (_("The body must be %s, not %s"), expected,
                            type ? type : _("untyped"));
  respond_error (message, SOUP_STATUS_UNSUPPORTED_MEDIA_TYPE, reason);
  return FALSE;
}

static char *
request_body (SoupServerMessage *message)
{
  SoupMessageBody *body = soup_server_message_get_request_body (message);
  g_autoptr (GBytes) bytes = soup_message_body_flatten (body);

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static void
handle_post (GstCallWhipServer *self,
             SoupServerMessage *message,
             const char        *path)
{
  g_autoptr (GstCallWhipSession) session = NULL;
  g_autoptr (GstSDPMessage) parsed = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *offer = NULL;
  const char * const *addresses = (const char * const *) self->ice_local_addresses;

  if (!has_content_type (message, GST_CALL_WHIP_SDP_TYPE))
    return;
  offer = request_body (message);
  /* What webrtcbin cannot take is refused before a session exists. */
  parsed = gst_call_sdp_parse_webrtc (offer, &error);
  if (!parsed) {
    g_autofree char *reason = g_strdup_printf (_("Invalid SDP offer: %s"), error->message);

    respond_error (message, SOUP_STATUS_BAD_REQUEST, reason);
    return;
  }

  session = g_object_new (GST_CALL_TYPE_WHIP_SESSION, NULL);
  session->server = self;
  session->id = g_uuid_string_random ();
  session->location = g_strdup_printf ("%s%s%s", path,
                                       g_str_has_suffix (path, "/") ? "" : "/", session->id);
  session->etag = g_strdup_printf ("\"%08x\"", g_random_int ());
  session->offer = g_strdup (offer);
  session->call = gst_call_new ();
  g_object_set (session->call, "send-video", FALSE, "send-audio", FALSE,
                "ice-servers", self->ice_servers, NULL);
  if (addresses)
    g_object_set (session->call, "ice-local-addresses", addresses, NULL);
  gst_call_set_signaller (session->call, GST_CALL_SIGNALLER (session));
  g_signal_emit (self, signals[SIGNAL_NEW_CALL], 0, session->call, path);

  g_hash_table_insert (self->sessions, g_strdup (session->id), g_object_ref (session));
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_N_SESSIONS]);
  g_signal_connect (session->call, "ended", G_CALLBACK (on_call_ended), session);

  session->pending_post = g_object_ref (message);
  soup_server_message_pause (message);
  /* The call may fail at once: end_session() refuses the offer then. */
  self->handled_post = message;
  gst_call_answer_async (session->call, NULL, on_call_answered, NULL);
  gst_call_signaller_emit_description (GST_CALL_SIGNALLER (session),
                                       GST_CALL_SDP_TYPE_OFFER, offer);
  self->handled_post = NULL;
  if (session->refused_in_handler)
    soup_server_message_unpause (message);
}

static void
handle_patch (GstCallWhipServer  *self,
              SoupServerMessage  *message,
              GstCallWhipSession *session)
{
  g_autoptr (GPtrArray) candidates = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *fragment = NULL;
  const char *if_match = soup_message_headers_get_one (
      soup_server_message_get_request_headers (message), "If-Match");
  gboolean complete = FALSE;

  if (if_match && !g_str_equal (if_match, "*") && !g_str_equal (if_match, session->etag)) {
    respond_error (message, SOUP_STATUS_PRECONDITION_FAILED,
                   _("If-Match does not name the session's ETag"));
    return;
  }
  if (!has_content_type (message, GST_CALL_WHIP_SDPFRAG_TYPE))
    return;
  fragment = request_body (message);
  if (!gst_call_whip_sdpfrag_parse (fragment, session->offer, &candidates, &complete,
                                    &error)) {
    respond_error (message, SOUP_STATUS_BAD_REQUEST, error->message);
    return;
  }
  for (guint i = 0; i < candidates->len; i++) {
    GstCallWhipCandidate *candidate = g_ptr_array_index (candidates, i);

    gst_call_signaller_emit_candidate (GST_CALL_SIGNALLER (session),
                                       candidate->mline_index, candidate->candidate);
  }
  if (complete)
    gst_call_signaller_emit_candidate (GST_CALL_SIGNALLER (session), 0, NULL);
  soup_server_message_set_status (message, SOUP_STATUS_NO_CONTENT, NULL);
}

static void
handle_request (SoupServer        *server,
                SoupServerMessage *message,
                const char        *request_path,
                GHashTable        *query,
                gpointer           user_data)
{
  Attachment *attachment = user_data;
  GstCallWhipServer *self = attachment->self;
  const char *method = soup_server_message_get_method (message);
  const char *path = attachment->path;
  const char *rest;
  GstCallWhipSession *session;

  if (!g_str_has_prefix (request_path, path)) {
    respond_error (message, SOUP_STATUS_NOT_FOUND, _("Not found"));
    return;
  }
  if (g_str_equal (method, SOUP_METHOD_OPTIONS)) {
    soup_message_headers_replace (soup_server_message_get_response_headers (message),
                                  "Accept-Post", GST_CALL_WHIP_SDP_TYPE);
    add_ice_server_links (self, soup_server_message_get_response_headers (message));
    soup_server_message_set_status (message, SOUP_STATUS_NO_CONTENT, NULL);
    return;
  }
  if (!authorized (self, message))
    return;

  rest = request_path + strlen (path);
  while (*rest == '/')
    rest++;
  if (!*rest) {
    if (g_str_equal (method, SOUP_METHOD_POST)) {
      handle_post (self, message, path);
    } else {
      soup_message_headers_replace (soup_server_message_get_response_headers (message),
                                    "Allow", "POST, OPTIONS");
      respond_error (message, SOUP_STATUS_METHOD_NOT_ALLOWED,
                     _("An offer is sent with POST"));
    }
    return;
  }

  session = g_hash_table_lookup (self->sessions, rest);
  if (!session) {
    respond_error (message, SOUP_STATUS_NOT_FOUND, _("No such session"));
    return;
  }
  if (g_str_equal (method, "PATCH")) {
    handle_patch (self, message, session);
  } else if (g_str_equal (method, SOUP_METHOD_DELETE)) {
    end_session (self, rest, NULL);
    soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
  } else {
    soup_message_headers_replace (soup_server_message_get_response_headers (message),
                                  "Allow", "PATCH, DELETE");
    respond_error (message, SOUP_STATUS_METHOD_NOT_ALLOWED,
                   _("A session takes PATCH and DELETE"));
  }
}

/* ------------------------------------------------------------------------ */
/* Public API                                                                */

/**
 * gst_call_whip_server_new:
 *
 * Creates a WHIP/WHEP endpoint; serve it with
 * [method@CallWhipServer.attach].
 *
 * Returns: (transfer full): a new [class@CallWhipServer]
 *
 * Since: 0.1
 */
GstCallWhipServer *
gst_call_whip_server_new (void)
{
  return g_object_new (GST_TYPE_CALL_WHIP_SERVER, NULL);
}

/* Before the body is read: an offer or fragment must say its length, and
 * that length is bounded, or the request is refused without reading on. */
static void
on_got_headers (SoupServerMessage *message,
                const char        *path)
{
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (message);
  const char *method = soup_server_message_get_method (message);

  if (!g_str_has_prefix (g_uri_get_path (soup_server_message_get_uri (message)), path) ||
      (!g_str_equal (method, SOUP_METHOD_POST) && !g_str_equal (method, "PATCH")))
    return;
  if (soup_message_headers_get_encoding (headers) != SOUP_ENCODING_CONTENT_LENGTH)
    respond_error (message, SOUP_STATUS_LENGTH_REQUIRED,
                   _("The request must give its Content-Length"));
  else if (soup_message_headers_get_content_length (headers) > MAX_REQUEST_BODY)
    respond_error (message, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE,
                   _("The body is larger than 64 KiB"));
}

static void
on_request_started (SoupServer        *server,
                    SoupServerMessage *message,
                    Attachment        *attachment)
{
  /* The message may outlive the attachment: it keeps its own path. */
  g_signal_connect_data (message, "got-headers", G_CALLBACK (on_got_headers),
                         g_strdup (attachment->path), (GClosureNotify) G_CALLBACK (g_free), 0);
}

/**
 * gst_call_whip_server_attach:
 * @self: a [class@CallWhipServer]
 * @server: the [class@Soup.Server] to serve on
 * @path: the endpoint path, e.g. `/whip`; sessions live below it
 *
 * Serves the endpoint on @server at @path. Requests are handled on the main
 * context @server runs on, which must be the one @self was created on.
 *
 * A POST or PATCH must give its Content-Length (411 otherwise) and carry at
 * most 64 KiB (413 otherwise); the body of a refused request is not read.
 *
 * Since: 0.1
 */
void
gst_call_whip_server_attach (GstCallWhipServer *self,
                             SoupServer        *server,
                             const char        *path)
{
  Attachment *attachment;

  g_return_if_fail (GST_IS_CALL_WHIP_SERVER (self));
  g_return_if_fail (SOUP_IS_SERVER (server));
  g_return_if_fail (path != NULL && path[0] == '/');

  attachment = g_new0 (Attachment, 1);
  attachment->self = self;
  g_weak_ref_init (&attachment->server, server);
  attachment->path = g_strdup (path);
  g_ptr_array_add (self->attachments, attachment);
  soup_server_add_handler (server, path, handle_request, attachment, NULL);
  g_signal_connect (server, "request-started", G_CALLBACK (on_request_started), attachment);
}

/**
 * gst_call_whip_server_get_n_sessions:
 * @self: a [class@CallWhipServer]
 *
 * Gets the number of live sessions, see [property@CallWhipServer:n-sessions].
 *
 * Returns: the number of sessions
 *
 * Since: 0.1
 */
guint
gst_call_whip_server_get_n_sessions (GstCallWhipServer *self)
{
  g_return_val_if_fail (GST_IS_CALL_WHIP_SERVER (self), 0);

  return g_hash_table_size (self->sessions);
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                   */

static void
gst_call_whip_server_init (GstCallWhipServer *self)
{
  self->sessions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->attachments = g_ptr_array_new_with_free_func (attachment_free);
}

static void
gst_call_whip_server_dispose (GObject *object)
{
  GstCallWhipServer *self = GST_CALL_WHIP_SERVER (object);

  /* No request reaches the endpoint any more. */
  g_ptr_array_set_size (self->attachments, 0);

  while (g_hash_table_size (self->sessions) > 0) {
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, self->sessions);
    g_hash_table_iter_next (&iter, &key, NULL);
    {
      g_autofree char *id = g_strdup (key);

      end_session (self, id, NULL);
    }
  }
  G_OBJECT_CLASS (gst_call_whip_server_parent_class)->dispose (object);
}

static void
gst_call_whip_server_finalize (GObject *object)
{
  GstCallWhipServer *self = GST_CALL_WHIP_SERVER (object);

  g_hash_table_unref (self->sessions);
  g_ptr_array_unref (self->attachments);
  g_free (self->bearer_token);
  g_strfreev (self->ice_servers);
  g_strfreev (self->ice_local_addresses);
  G_OBJECT_CLASS (gst_call_whip_server_parent_class)->finalize (object);
}

static void
gst_call_whip_server_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  GstCallWhipServer *self = GST_CALL_WHIP_SERVER (object);

  switch (prop_id) {
    case PROP_BEARER_TOKEN:
      g_value_set_string (value, self->bearer_token);
      break;
    case PROP_ICE_SERVERS:
      g_value_set_boxed (value, self->ice_servers);
      break;
    case PROP_ICE_LOCAL_ADDRESSES:
      g_value_set_boxed (value, self->ice_local_addresses);
      break;
    case PROP_N_SESSIONS:
      g_value_set_uint (value, g_hash_table_size (self->sessions));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_whip_server_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  GstCallWhipServer *self = GST_CALL_WHIP_SERVER (object);

  switch (prop_id) {
    case PROP_BEARER_TOKEN:
      if (g_strcmp0 (self->bearer_token, g_value_get_string (value)) != 0) {
        g_free (self->bearer_token);
        self->bearer_token = g_value_dup_string (value);
        g_object_notify_by_pspec (object, pspec);
      }
      break;
    case PROP_ICE_SERVERS:
      g_strfreev (self->ice_servers);
      self->ice_servers = g_value_dup_boxed (value);
      g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_ICE_LOCAL_ADDRESSES:
      g_strfreev (self->ice_local_addresses);
      self->ice_local_addresses = g_value_dup_boxed (value);
      g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_whip_server_class_init (GstCallWhipServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY;

  object_class->dispose = gst_call_whip_server_dispose;
  object_class->finalize = gst_call_whip_server_finalize;
  object_class->get_property = gst_call_whip_server_get_property;
  object_class->set_property = gst_call_whip_server_set_property;

  /**
   * GstCallWhipServer:bearer-token:
   *
   * When set, requests without `Authorization: Bearer TOKEN` get `401
   * Unauthorized`.
   *
   * Since: 0.1
   */
  props[PROP_BEARER_TOKEN] =
      g_param_spec_string ("bearer-token", NULL, NULL, NULL, rw);

  /**
   * GstCallWhipServer:ice-servers:
   *
   * STUN and TURN servers the sessions' calls use and the answers
   * advertise (`Link: rel="ice-server"`), in the form of
   * [property@Call:ice-servers].
   *
   * Since: 0.1
   */
  props[PROP_ICE_SERVERS] =
      g_param_spec_boxed ("ice-servers", NULL, NULL, G_TYPE_STRV, rw);

  /**
   * GstCallWhipServer:ice-local-addresses:
   *
   * Local addresses the sessions' calls use for ICE, see
   * [property@Call:ice-local-addresses].
   *
   * Since: 0.1
   */
  props[PROP_ICE_LOCAL_ADDRESSES] =
      g_param_spec_boxed ("ice-local-addresses", NULL, NULL, G_TYPE_STRV, rw);

  /**
   * GstCallWhipServer:n-sessions:
   *
   * The number of live sessions: one more on each accepted POST, one less
   * when a session is DELETEd or its call ends.
   *
   * Since: 0.1
   */
  props[PROP_N_SESSIONS] =
      g_param_spec_uint ("n-sessions", NULL, NULL, 0, G_MAXUINT, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, props);

  /**
   * GstCallWhipServer::new-call:
   * @self: the [class@CallWhipServer]
   * @call: the session's [class@Call], not answered yet
   * @path: the endpoint path the offer was POSTed to
   *
   * A client POSTed an offer. Configure @call here (sinks; sources and
   * `send-video`/`send-audio` for WHEP); it answers when the handlers
   * returned.
   *
   * Since: 0.1
   */
  signals[SIGNAL_NEW_CALL] =
      g_signal_new ("new-call", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 2, GST_TYPE_CALL, G_TYPE_STRING);

  /**
   * GstCallWhipServer::session-ended:
   * @self: the [class@CallWhipServer]
   * @call: the session's [class@Call], hung up
   *
   * A session ended: the client DELETEd it or its call ended.
   *
   * Since: 0.1
   */
  signals[SIGNAL_SESSION_ENDED] =
      g_signal_new ("session-ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 1, GST_TYPE_CALL);
}
