/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <libsoup/soup.h>

#include "gstcallwhipsignaller.h"
#include "gstcall-error.h"
#include "gstcall-private.h"
#include "gstcall-whip-private.h"

/**
 * GstCallWhipSignaller:
 *
 * A [iface@CallSignaller] that publishes to a WHIP endpoint (RFC 9725) or
 * plays from a WHEP endpoint: the offer is POSTed as `application/sdp`,
 * the `201 Created` answer carries the SDP answer, the session's
 * `Location` and its `ETag`, and ICE servers in `Link: rel="ice-server"`
 * headers; later candidates are trickled with `PATCH` requests
 * (`application/trickle-ice-sdpfrag`, `If-Match` with the ETag); hanging
 * up sends `DELETE` to the session. A `bearer-token` is sent as
 * `Authorization: Bearer`.
 *
 * A [class@Call] dialling through it only sends or only receives: the
 * tracks it sends are offered `sendonly`, as RFC 9725 asks of a WHIP
 * client, and with `send-video` and `send-audio` off (or a `whep+` URI) it
 * offers `recvonly` sections for WHEP.
 *
 * The offer does not wait for the end of ICE gathering: it is POSTed with
 * the candidates gathered within [property@CallWhipSignaller:gathering-timeout]
 * (sooner when gathering completes), the rest are trickled.
 *
 * An HTTP error, a missing `Location` or answer, or a redirect loop close
 * the signaller with a [error@CallError] naming the HTTP status
 * ([signal@CallSignaller::closed]). [method@Call.dial_async] creates one for
 * `whip+http://`, `whip+https://`, `whep+http://` and `whep+https://` URIs.
 *
 * Since: 0.1
 */

#define DEFAULT_GATHERING_TIMEOUT 500
#define HTTP_TIMEOUT_SECONDS 15
/* libsoup follows redirects of safe methods only: POST redirects (307,
 * 308, which keep the method and body) are followed here. */
#define MAX_REDIRECTS 5

struct _GstCallWhipSignaller {
  GObject parent_instance;

  char *url;
  char *bearer_token;
  guint gathering_timeout;

  SoupSession *session;
  GCancellable *cancellable;

  char *offer;
  GPtrArray *pending_candidates; /* GstCallWhipCandidate */
  gboolean gathering_complete;
  gboolean end_of_candidates_sent;
  GSource *gathering_timeout_source;
  gboolean posted;
  char *post_body;
  char *post_url;
  guint redirects;
  gboolean answered;
  gboolean patch_in_flight;
  gboolean trickle_refused;
  gboolean failed;

  char *resource_url;
  char *etag;
  GStrv ice_servers;
};

enum {
  PROP_0,
  PROP_URL,
  PROP_BEARER_TOKEN,
  PROP_GATHERING_TIMEOUT,
  PROP_RESOURCE_URL,
  PROP_ICE_SERVERS,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

static void gst_call_whip_signaller_iface_init (GstCallSignallerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GstCallWhipSignaller, gst_call_whip_signaller,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GST_TYPE_CALL_SIGNALLER,
                                                      gst_call_whip_signaller_iface_init))

static void
fail (GstCallWhipSignaller *self,
      GError               *error)
{
  if (!self->failed) {
    self->failed = TRUE;
    GST_WARNING ("WHIP signaller %p: %s", self, error->message);
    gst_call_signaller_emit_closed (GST_CALL_SIGNALLER (self), error);
  }
  g_error_free (error);
}

static SoupMessage *
new_message (GstCallWhipSignaller *self,
             const char           *method,
             const char           *url)
{
  SoupMessage *message = soup_message_new (method, url);

  if (message && self->bearer_token) {
    g_autofree char *value = g_strdup_printf ("Bearer %s", self->bearer_token);

    soup_message_headers_replace (soup_message_get_request_headers (message),
                                  "Authorization", value);
  }
  return message;
}

/* The first line of a text/plain @body of @message (what a server says
 * about its refusal), at most 200 bytes; NULL when there is none. */
static char *
refusal_text (SoupMessage *message,
              GBytes      *body)
{
  const char *type = soup_message_headers_get_content_type (
      soup_message_get_response_headers (message), NULL);
  g_autofree char *text = NULL;

  if (!body || g_strcmp0 (type, "text/plain") != 0)
    return NULL;
  text = g_strndup (g_bytes_get_data (body, NULL), MIN (g_bytes_get_size (body), 200));
  text[strcspn (text, "\r\n")] = '\0';
  if (!g_utf8_validate (text, -1, NULL) || !*g_strstrip (text))
    return NULL;
  return g_steal_pointer (&text);
}

/* An HTTP failure: the status when there is one (with the server's text
 * from @body, if any), the transport error otherwise. */
static GError *
http_error (SoupMessage  *message,
            const char   *what,
            GBytes       *body,
            const GError *transport_error)
{
  guint status = soup_message_get_status (message);
  const char *reason = soup_message_get_reason_phrase (message);
  g_autofree char *url = g_uri_to_string (soup_message_get_uri (message));
  g_autofree char *text = refusal_text (message, body);

  if (transport_error &&
      g_error_matches (transport_error, SOUP_SESSION_ERROR,
                       SOUP_SESSION_ERROR_TOO_MANY_REDIRECTS))
    return g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                        _("The %s to %s was redirected too many times (last "
                          "answer HTTP %u %s): a redirect loop"), what, url,
                        status, reason ? reason : "");
  if (transport_error)
    return g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                        _("The %s to %s failed: %s"), what, url,
                        transport_error->message);
  if (SOUP_STATUS_IS_SUCCESSFUL (status))
    return g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                        _("The %s to %s got HTTP %u %s, not the 201 Created of a "
                          "new session"), what, url, status, reason ? reason : "");
  if (text)
    return g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                        _("The %s to %s was refused: HTTP %u %s: %s"), what, url,
                        status, reason ? reason : "", text);
  return g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                      _("The %s to %s was refused: HTTP %u %s"), what, url,
                      status, reason ? reason : "");
}

/* ------------------------------------------------------------------------ */
/* Trickle: PATCH                                                            */

static void flush_trickle (GstCallWhipSignaller *self);

static void
on_patch_done (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr (GstCallWhipSignaller) self = user_data;
  SoupMessage *message = soup_session_get_async_result_message (SOUP_SESSION (source), result);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) body = NULL;
  guint status;

  body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, &error);
  self->patch_in_flight = FALSE;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (error) {
    fail (self, http_error (message, _("ICE candidate PATCH"), NULL, error));
    return;
  }
  status = soup_message_get_status (message);
  if (status == SOUP_STATUS_METHOD_NOT_ALLOWED || status == SOUP_STATUS_NOT_IMPLEMENTED) {
    /* Allowed by RFC 9725: the server does not take trickled candidates. */
    GST_INFO ("WHIP signaller %p: the server does not accept trickled "
              "candidates (HTTP %u)", self, status);
    self->trickle_refused = TRUE;
    g_ptr_array_set_size (self->pending_candidates, 0);
    return;
  }
  if (!SOUP_STATUS_IS_SUCCESSFUL (status)) {
    fail (self, http_error (message, _("ICE candidate PATCH"), body, NULL));
    return;
  }
  flush_trickle (self);
}

static void
flush_trickle (GstCallWhipSignaller *self)
{
  g_autoptr (SoupMessage) message = NULL;
  g_autoptr (GBytes) body = NULL;
  g_autofree char *fragment = NULL;
  gboolean send_end = self->gathering_complete && !self->end_of_candidates_sent;
  gsize length;

  if (!self->answered || self->failed || self->patch_in_flight || self->trickle_refused ||
      !self->resource_url || (self->pending_candidates->len == 0 && !send_end))
    return;

  fragment = gst_call_whip_sdpfrag_new (self->offer, self->pending_candidates, send_end);
  g_ptr_array_set_size (self->pending_candidates, 0);
  self->end_of_candidates_sent |= send_end;

  message = new_message (self, "PATCH", self->resource_url);
  if (self->etag)
    soup_message_headers_replace (soup_message_get_request_headers (message),
                                  "If-Match", self->etag);
  length = strlen (fragment);
  body = g_bytes_new_take (g_steal_pointer (&fragment), length);
  soup_message_set_request_body_from_bytes (message, GST_CALL_WHIP_SDPFRAG_TYPE, body);
  self->patch_in_flight = TRUE;
  soup_session_send_and_read_async (self->session, message, G_PRIORITY_DEFAULT,
                                    self->cancellable, on_patch_done, g_object_ref (self));
}

/* ------------------------------------------------------------------------ */
/* Offer: POST                                                               */

static void send_post (GstCallWhipSignaller *self);

static void
on_post_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (GstCallWhipSignaller) self = user_data;
  SoupMessage *message = soup_session_get_async_result_message (SOUP_SESSION (source), result);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) body = NULL;
  g_autoptr (GUri) resource = NULL;
  g_autofree char *answer = NULL;
  SoupMessageHeaders *headers;
  const char *location, *content_type;
  gsize length = 0;
  guint status;

  body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (error) {
    fail (self, http_error (message, _("offer POST"), NULL, error));
    return;
  }

  status = soup_message_get_status (message);
  if (status == SOUP_STATUS_TEMPORARY_REDIRECT || status == SOUP_STATUS_PERMANENT_REDIRECT) {
    const char *target = soup_message_headers_get_one (
        soup_message_get_response_headers (message), "Location");
    g_autoptr (GUri) next = target ? g_uri_parse_relative (soup_message_get_uri (message),
                                                           target, G_URI_FLAGS_NONE, NULL)
                                   : NULL;

    if (next && self->redirects < MAX_REDIRECTS) {
      self->redirects++;
      g_free (self->post_url);
      self->post_url = g_uri_to_string (next);
      GST_DEBUG ("WHIP signaller %p: HTTP %u, POST again to %s", self, status,
                 self->post_url);
      send_post (self);
      return;
    }
    if (next) {
      fail (self, g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                               _("The offer POST to %s was redirected %u times (last "
                                 "answer HTTP %u %s): a redirect loop"), self->url,
                               self->redirects + 1, status,
                               soup_message_get_reason_phrase (message)));
      return;
    }
  }
  if (status != SOUP_STATUS_CREATED) {
    fail (self, http_error (message, _("offer POST"), body, NULL));
    return;
  }

  headers = soup_message_get_response_headers (message);
  location = soup_message_headers_get_one (headers, "Location");
  if (location)
    resource = g_uri_parse_relative (soup_message_get_uri (message), location,
                                     G_URI_FLAGS_NONE, NULL);
  if (!resource || !g_uri_get_host (resource) ||
      (g_strcmp0 (g_uri_get_scheme (resource), "http") != 0 &&
       g_strcmp0 (g_uri_get_scheme (resource), "https") != 0)) {
    g_autofree char *url = g_uri_to_string (soup_message_get_uri (message));

    fail (self, g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                             _("The WHIP server %s answered HTTP %u but its Location "
                               "header “%s” is not a session URL"), url, status,
                             location ? location : _("(missing)")));
    return;
  }

  content_type = soup_message_headers_get_content_type (headers, NULL);
  if (body)
    answer = g_strndup (g_bytes_get_data (body, &length), g_bytes_get_size (body));
  if (!answer || !strstr (answer, "v=0") || g_strcmp0 (content_type, GST_CALL_WHIP_SDP_TYPE) != 0) {
    g_autofree char *url = g_uri_to_string (soup_message_get_uri (message));

    fail (self, g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                             _("The WHIP server %s answered HTTP %u without an SDP "
                               "answer (content type “%s”, %" G_GSIZE_FORMAT " bytes)"),
                             url, status, content_type ? content_type : "", length));
    return;
  }

  self->resource_url = g_uri_to_string (resource);
  self->etag = g_strdup (soup_message_headers_get_one (headers, "ETag"));
  g_strfreev (self->ice_servers);
  self->ice_servers = gst_call_whip_parse_ice_server_links (headers);
  self->answered = TRUE;
  GST_DEBUG ("WHIP signaller %p: session %s, ETag %s, %u ICE servers", self,
             self->resource_url, self->etag, g_strv_length (self->ice_servers));
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_RESOURCE_URL]);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ICE_SERVERS]);

  gst_call_signaller_emit_description (GST_CALL_SIGNALLER (self), GST_CALL_SDP_TYPE_ANSWER,
                                       answer);
  flush_trickle (self);
}

static void
send_post (GstCallWhipSignaller *self)
{
  g_autoptr (SoupMessage) message = new_message (self, SOUP_METHOD_POST, self->post_url);
  g_autoptr (GBytes) body = NULL;

  if (!message) {
    fail (self, g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                             _("“%s” is not a WHIP or WHEP URL"), self->post_url));
    return;
  }
  body = g_bytes_new (self->post_body, strlen (self->post_body));
  soup_message_set_request_body_from_bytes (message, GST_CALL_WHIP_SDP_TYPE, body);
  soup_message_headers_replace (soup_message_get_request_headers (message), "Accept",
                                GST_CALL_WHIP_SDP_TYPE);
  soup_session_send_and_read_async (self->session, message, G_PRIORITY_DEFAULT,
                                    self->cancellable, on_post_done, g_object_ref (self));
}

static void
post_offer (GstCallWhipSignaller *self)
{
  char *offer;

  if (self->posted || !self->offer)
    return;
  if (self->gathering_timeout_source) {
    g_source_destroy (self->gathering_timeout_source);
    g_clear_pointer (&self->gathering_timeout_source, g_source_unref);
  }
  self->posted = TRUE;

  if (!g_uri_is_valid (self->url, G_URI_FLAGS_NONE, NULL)) {
    fail (self, g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                             _("“%s” is not a WHIP or WHEP URL"), self->url));
    return;
  }
  /* The candidates gathered so far go in the offer; the rest trickle. */
  offer = gst_call_whip_sdp_add_candidates (self->offer, self->pending_candidates,
                                            self->gathering_complete);
  GST_DEBUG ("WHIP signaller %p: POST with %u candidates%s", self,
             self->pending_candidates->len,
             self->gathering_complete ? " (gathering complete)" : "");
  g_ptr_array_set_size (self->pending_candidates, 0);
  self->end_of_candidates_sent = self->gathering_complete;
  self->post_body = offer;
  self->post_url = g_strdup (self->url);
  send_post (self);
}

static gboolean
on_gathering_timeout (gpointer user_data)
{
  GstCallWhipSignaller *self = user_data;

  g_clear_pointer (&self->gathering_timeout_source, g_source_unref);
  GST_DEBUG ("WHIP signaller %p: gathering still going after %u ms: POSTing",
             self, self->gathering_timeout);
  post_offer (self);
  return G_SOURCE_REMOVE;
}

/* ------------------------------------------------------------------------ */
/* GstCallSignaller                                                          */

static void
whip_send_description (GstCallSignaller *signaller,
                       GstCallSdpType    type,
                       const char       *sdp)
{
  GstCallWhipSignaller *self = GST_CALL_WHIP_SIGNALLER (signaller);

  if (type != GST_CALL_SDP_TYPE_OFFER || self->offer) {
    fail (self, g_error_new_literal (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                                     _("A WHIP or WHEP session carries one offer from "
                                       "the client: renegotiation and answers are not "
                                       "supported")));
    return;
  }
  self->offer = g_strdup (sdp);
  if (self->gathering_complete || self->gathering_timeout == 0) {
    post_offer (self);
    return;
  }
  self->gathering_timeout_source = g_timeout_source_new (self->gathering_timeout);
  g_source_set_callback (self->gathering_timeout_source, on_gathering_timeout, self, NULL);
  g_source_set_static_name (self->gathering_timeout_source, "[gstcall] WHIP gathering");
  g_source_attach (self->gathering_timeout_source, g_main_context_get_thread_default ());
}

static void
whip_send_candidate (GstCallSignaller *signaller,
                     guint             mline_index,
                     const char       *candidate)
{
  GstCallWhipSignaller *self = GST_CALL_WHIP_SIGNALLER (signaller);

  if (self->failed || self->trickle_refused)
    return;
  if (candidate && *candidate)
    g_ptr_array_add (self->pending_candidates,
                     gst_call_whip_candidate_new (mline_index, candidate));
  else
    self->gathering_complete = TRUE;

  if (!self->posted) {
    if (self->gathering_complete)
      post_offer (self);
    return;
  }
  flush_trickle (self);
}

static void
on_delete_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (GstCallWhipSignaller) self = user_data;
  SoupMessage *message = soup_session_get_async_result_message (SOUP_SESSION (source), result);
  g_autoptr (GBytes) body = NULL;
  g_autoptr (GError) error = NULL;

  body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, &error);
  if (error)
    GST_WARNING ("WHIP signaller %p: DELETE %s failed: %s", self, self->resource_url,
                 error->message);
  else
    GST_DEBUG ("WHIP signaller %p: DELETE %s: HTTP %u", self, self->resource_url,
               soup_message_get_status (message));
}

static void
whip_send_bye (GstCallSignaller *signaller)
{
  GstCallWhipSignaller *self = GST_CALL_WHIP_SIGNALLER (signaller);
  g_autoptr (SoupMessage) message = NULL;

  /* Nothing more to POST or PATCH. */
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  if (self->gathering_timeout_source) {
    g_source_destroy (self->gathering_timeout_source);
    g_clear_pointer (&self->gathering_timeout_source, g_source_unref);
  }
  if (!self->resource_url)
    return;

  if (!self->answered)
    return;
  /* Sent once; it keeps the signaller alive until answered. */
  self->answered = FALSE;
  message = new_message (self, SOUP_METHOD_DELETE, self->resource_url);
  soup_session_send_and_read_async (self->session, message, G_PRIORITY_DEFAULT, NULL,
                                    on_delete_done, g_object_ref (self));
}

static void
gst_call_whip_signaller_iface_init (GstCallSignallerInterface *iface)
{
  iface->send_description = whip_send_description;
  iface->send_candidate = whip_send_candidate;
  iface->send_bye = whip_send_bye;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                   */

/**
 * gst_call_whip_signaller_new:
 * @url: the WHIP or WHEP endpoint, `http://` or `https://`
 *
 * Creates a signaller for one session with the endpoint at @url. Set
 * [property@CallWhipSignaller:bearer-token] when the endpoint asks for one.
 *
 * Returns: (transfer full): a new [class@CallWhipSignaller]
 *
 * Since: 0.1
 */
GstCallWhipSignaller *
gst_call_whip_signaller_new (const char *url)
{
  g_return_val_if_fail (url != NULL, NULL);

  return g_object_new (GST_TYPE_CALL_WHIP_SIGNALLER, "url", url, NULL);
}

/**
 * gst_call_whip_signaller_get_url:
 * @self: a [class@CallWhipSignaller]
 *
 * Gets the endpoint URL, see [property@CallWhipSignaller:url].
 *
 * Returns: the URL
 *
 * Since: 0.1
 */
const char *
gst_call_whip_signaller_get_url (GstCallWhipSignaller *self)
{
  g_return_val_if_fail (GST_IS_CALL_WHIP_SIGNALLER (self), NULL);

  return self->url;
}

/**
 * gst_call_whip_signaller_get_resource_url:
 * @self: a [class@CallWhipSignaller]
 *
 * Gets the session URL the server gave in its `Location` header, see
 * [property@CallWhipSignaller:resource-url].
 *
 * Returns: (nullable): the URL, %NULL before the answer came
 *
 * Since: 0.1
 */
const char *
gst_call_whip_signaller_get_resource_url (GstCallWhipSignaller *self)
{
  g_return_val_if_fail (GST_IS_CALL_WHIP_SIGNALLER (self), NULL);

  return self->resource_url;
}

/**
 * gst_call_whip_signaller_get_ice_servers:
 * @self: a [class@CallWhipSignaller]
 *
 * Gets the ICE servers the server advertised, see
 * [property@CallWhipSignaller:ice-servers].
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): the servers
 *
 * Since: 0.1
 */
const char * const *
gst_call_whip_signaller_get_ice_servers (GstCallWhipSignaller *self)
{
  g_return_val_if_fail (GST_IS_CALL_WHIP_SIGNALLER (self), NULL);

  return (const char * const *) self->ice_servers;
}

static void
gst_call_whip_signaller_init (GstCallWhipSignaller *self)
{
  self->gathering_timeout = DEFAULT_GATHERING_TIMEOUT;
  self->pending_candidates = g_ptr_array_new_with_free_func (gst_call_whip_candidate_free);
  self->cancellable = g_cancellable_new ();
  self->session = soup_session_new_with_options ("timeout", HTTP_TIMEOUT_SECONDS,
                                                 "user-agent", "libgstcall ", NULL);
}

static void
gst_call_whip_signaller_dispose (GObject *object)
{
  GstCallWhipSignaller *self = GST_CALL_WHIP_SIGNALLER (object);

  g_cancellable_cancel (self->cancellable);
  if (self->gathering_timeout_source) {
    g_source_destroy (self->gathering_timeout_source);
    g_clear_pointer (&self->gathering_timeout_source, g_source_unref);
  }
  G_OBJECT_CLASS (gst_call_whip_signaller_parent_class)->dispose (object);
}

static void
gst_call_whip_signaller_finalize (GObject *object)
{
  GstCallWhipSignaller *self = GST_CALL_WHIP_SIGNALLER (object);

  g_clear_object (&self->session);
  g_clear_object (&self->cancellable);
  g_free (self->url);
  g_free (self->bearer_token);
  g_free (self->offer);
  g_free (self->post_body);
  g_free (self->post_url);
  g_ptr_array_unref (self->pending_candidates);
  g_free (self->resource_url);
  g_free (self->etag);
  g_strfreev (self->ice_servers);
  G_OBJECT_CLASS (gst_call_whip_signaller_parent_class)->finalize (object);
}

static void
gst_call_whip_signaller_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  GstCallWhipSignaller *self = GST_CALL_WHIP_SIGNALLER (object);

  switch (prop_id) {
    case PROP_URL:
      g_value_set_string (value, self->url);
      break;
    case PROP_BEARER_TOKEN:
      g_value_set_string (value, self->bearer_token);
      break;
    case PROP_GATHERING_TIMEOUT:
      g_value_set_uint (value, self->gathering_timeout);
      break;
    case PROP_RESOURCE_URL:
      g_value_set_string (value, self->resource_url);
      break;
    case PROP_ICE_SERVERS:
      g_value_set_boxed (value, self->ice_servers);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_whip_signaller_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  GstCallWhipSignaller *self = GST_CALL_WHIP_SIGNALLER (object);

  switch (prop_id) {
    case PROP_URL:
      self->url = g_value_dup_string (value);
      break;
    case PROP_BEARER_TOKEN:
      if (g_strcmp0 (self->bearer_token, g_value_get_string (value)) != 0) {
        g_free (self->bearer_token);
        self->bearer_token = g_value_dup_string (value);
        g_object_notify_by_pspec (object, pspec);
      }
      break;
    case PROP_GATHERING_TIMEOUT:
      if (self->gathering_timeout != g_value_get_uint (value)) {
        self->gathering_timeout = g_value_get_uint (value);
        g_object_notify_by_pspec (object, pspec);
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_whip_signaller_class_init (GstCallWhipSignallerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY;
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY;

  object_class->dispose = gst_call_whip_signaller_dispose;
  object_class->finalize = gst_call_whip_signaller_finalize;
  object_class->get_property = gst_call_whip_signaller_get_property;
  object_class->set_property = gst_call_whip_signaller_set_property;

  /**
   * GstCallWhipSignaller:url:
   *
   * The WHIP or WHEP endpoint the offer is POSTed to.
   *
   * Since: 0.1
   */
  props[PROP_URL] =
      g_param_spec_string ("url", NULL, NULL, NULL,
                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                           G_PARAM_STATIC_STRINGS);

  /**
   * GstCallWhipSignaller:bearer-token:
   *
   * Sent as `Authorization: Bearer TOKEN` with every request; %NULL for
   * none.
   *
   * Since: 0.1
   */
  props[PROP_BEARER_TOKEN] =
      g_param_spec_string ("bearer-token", NULL, NULL, NULL, rw);

  /**
   * GstCallWhipSignaller:gathering-timeout:
   *
   * How long, in milliseconds, the offer waits for ICE candidates before it
   * is POSTed (it goes at once when gathering completes sooner); later
   * candidates are trickled. 0 POSTs at once.
   *
   * Since: 0.1
   */
  props[PROP_GATHERING_TIMEOUT] =
      g_param_spec_uint ("gathering-timeout", NULL, NULL, 0, 60000,
                         DEFAULT_GATHERING_TIMEOUT, rw);

  /**
   * GstCallWhipSignaller:resource-url:
   *
   * The session URL from the server's `Location` header, %NULL until the
   * answer came.
   *
   * Since: 0.1
   */
  props[PROP_RESOURCE_URL] =
      g_param_spec_string ("resource-url", NULL, NULL, NULL, ro);

  /**
   * GstCallWhipSignaller:ice-servers:
   *
   * The ICE servers the server advertised with `Link: rel="ice-server"`
   * headers, in the form of [property@Call:ice-servers].
   *
   * A [class@Call] using this signaller whose own
   * [property@Call:ice-servers] is empty takes the TURN servers among them
   * as soon as the answer comes: relay candidates are gathered then and
   * trickled to the server. (A STUN server comes too late for the ICE
   * agent at that point and is not used.)
   *
   * Since: 0.1
   */
  props[PROP_ICE_SERVERS] =
      g_param_spec_boxed ("ice-servers", NULL, NULL, G_TYPE_STRV, ro);

  g_object_class_install_properties (object_class, N_PROPS, props);
}
