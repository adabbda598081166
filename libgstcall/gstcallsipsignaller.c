/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <gio/gio.h>

#include <sofia-sip/nua.h>
#include <sofia-sip/nua_tag.h>
#include <sofia-sip/sip_header.h>
#include <sofia-sip/sip_status.h>
#include <sofia-sip/su_glib.h>
#include <sofia-sip/su_log.h>
#include <sofia-sip/su_tag_io.h>
#include <sofia-sip/su_uniqueid.h>
#include <sofia-sip/url.h>

#include "gstcallsipsignaller.h"
#include "gstcall-error.h"
#include "gstcall-private.h"

/**
 * GstCallSipSignaller:
 *
 * A [iface@CallSignaller] that speaks SIP (RFC 3261) over UDP, for calls
 * with SIP phones, intercoms and media servers over the plain RTP
 * transport ([class@CallRtpTransport]).
 *
 * Dialling, the offer goes out in an `INVITE` to
 * [property@CallSipSignaller:remote-uri]; the SDP of the `200 OK` is the
 * answer, and the `ACK` follows. An `INVITE` that arrives brings an offer
 * (the [class@Call] raises [signal@Call::incoming-call]); the signaller
 * replies `180 Ringing`, and the call's answer goes back in the `200 OK`.
 * A further `INVITE` while a call is up is a new offer for the same call
 * (a re-INVITE), and an offer the call sends during the call goes out as
 * one. An `INVITE` for a second call gets `486 Busy Here`.
 *
 * Hanging up sends `BYE` on a connected call, `CANCEL` on an outgoing call
 * not yet answered and `603 Decline` to an incoming call not yet
 * answered; a `BYE` or `CANCEL` from the peer ends the call
 * ([signal@CallSignaller::bye-received]). An outgoing `INVITE` refused
 * with a final status (`486 Busy Here`, `404 Not Found`, a `408 Request
 * Timeout` when nothing answers) closes the signaller with a
 * %GST_CALL_ERROR_SIGNALING error naming the status
 * ([signal@CallSignaller::closed]).
 *
 * The signaller listens on [property@CallSipSignaller:local-address] and
 * [property@CallSipSignaller:local-port] (0: a free port) from
 * [method@CallSipSignaller.start], or from the first offer it sends. Its
 * messages and signals are handled on the main context that was the
 * thread default when it was created, which must run.
 *
 * [method@Call.dial_async] creates one for `sip:` URIs and makes the call
 * use the plain RTP transport.
 *
 * Since: 0.1
 */

#define DEFAULT_USER "gstcall"

typedef enum {
  CALL_NONE,
  CALL_OUTGOING,      /* INVITE sent, no final answer yet */
  CALL_INCOMING,      /* INVITE received, not answered yet */
  CALL_ESTABLISHED,
  CALL_ENDING,        /* BYE, CANCEL or a refusal sent or received */
} CallPhase;

/* The SIP stack outlives its signaller: nua shuts down asynchronously (it
 * ends open dialogs and transactions first), and is freed once it did. */
typedef struct {
  GstCallSipSignaller *owner; /* NULL once the signaller is gone */
  GMainContext *context;
  su_root_t *root;
  nua_t *nua;
} SipStack;

struct _GstCallSipSignaller {
  GObject parent_instance;

  char *local_address;
  guint local_port;   /* asked for; the bound one once started */
  char *remote_uri;
  char *user;

  GMainContext *context;
  SipStack *stack;

  nua_handle_t *nh;   /* the call's dialog, owned */
  CallPhase phase;
  gboolean reinvite_pending; /* a re-INVITE from the peer waits for our answer */
  gboolean closed;
  GSource *closed_source;
  GError *closed_error;
};

enum {
  PROP_0,
  PROP_LOCAL_ADDRESS,
  PROP_LOCAL_PORT,
  PROP_REMOTE_URI,
  PROP_USER,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

static void gst_call_sip_signaller_iface_init (GstCallSignallerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GstCallSipSignaller, gst_call_sip_signaller,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GST_TYPE_CALL_SIGNALLER,
                                                      gst_call_sip_signaller_iface_init))

/* ------------------------------------------------------------------------ */
/* Errors                                                                    */

static gboolean
emit_closed_idle (gpointer user_data)
{
  GstCallSipSignaller *self = user_data;
  g_autoptr (GError) error = g_steal_pointer (&self->closed_error);

  g_clear_pointer (&self->closed_source, g_source_unref);
  gst_call_signaller_emit_closed (GST_CALL_SIGNALLER (self), error);
  return G_SOURCE_REMOVE;
}

/* Closes the signaller with @error (transfer full), from an idle callback:
 * the call may be sending its offer when this happens. */
static void
close_with_error (GstCallSipSignaller *self,
                  GError              *error)
{
  if (self->closed) {
    g_error_free (error);
    return;
  }
  GST_WARNING ("SIP signaller %p: %s", self, error->message);
  self->closed = TRUE;
  self->closed_error = error;
  self->closed_source = g_idle_source_new ();
  g_source_set_callback (self->closed_source, emit_closed_idle, self, NULL);
  g_source_set_static_name (self->closed_source, "[gstcall] SIP signaller closed");
  g_source_attach (self->closed_source, self->context);
}

/* ------------------------------------------------------------------------ */
/* URIs                                                                      */

gboolean
gst_call_sip_check_uri (const char  *uri,
               GError     **error)
{
  su_home_t home[1] = { SU_HOME_INIT (home) };
  url_t *url = uri ? url_make (home, uri) : NULL;
  gboolean ok = url && url->url_type == url_sip && url->url_host && *url->url_host;

  su_home_deinit (home);
  if (!ok)
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("“%s” is not a SIP URI of the form sip:user@host[:port]"),
                 uri ? uri : "");
  return ok;
}

/* A host part for a URI: IPv6 addresses in brackets. */
static char *
uri_host (const char *address)
{
  if (strchr (address, ':'))
    return g_strdup_printf ("[%s]", address);
  return g_strdup (address);
}

/* A free UDP port on @address, for a local-port of 0. (The SIP stack binds
 * it right after; nothing else on the machine is expected to race for it.) */
static guint
find_free_port (const char  *address,
                GError     **error)
{
  g_autoptr (GInetAddress) inet = g_inet_address_new_from_string (address);
  g_autoptr (GSocketAddress) bind_address = NULL;
  g_autoptr (GSocketAddress) bound = NULL;
  g_autoptr (GSocket) socket = NULL;

  if (!inet) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The local-address “%s” is not an IP address"), address);
    return 0;
  }
  socket = g_socket_new (g_inet_address_get_family (inet), G_SOCKET_TYPE_DATAGRAM,
                         G_SOCKET_PROTOCOL_UDP, error);
  if (!socket)
    return 0;
  bind_address = g_inet_socket_address_new (inet, 0);
  if (!g_socket_bind (socket, bind_address, FALSE, error))
    return 0;
  bound = g_socket_get_local_address (socket, error);
  if (!bound)
    return 0;
  return g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
}

/* ------------------------------------------------------------------------ */
/* Events of the SIP stack                                                   */

static void
drop_call (GstCallSipSignaller *self)
{
  if (self->nh) {
    nua_handle_bind (self->nh, NULL);
    nua_handle_destroy (self->nh);
    self->nh = NULL;
  }
  self->phase = CALL_NONE;
  self->reinvite_pending = FALSE;
}

static char *
payload_text (sip_t const *sip)
{
  if (!sip || !sip->sip_payload || !sip->sip_payload->pl_data || sip->sip_payload->pl_len == 0)
    return NULL;
  return g_strndup (sip->sip_payload->pl_data, sip->sip_payload->pl_len);
}

static gboolean
is_sdp (sip_t const *sip)
{
  return sip && sip->sip_content_type && sip->sip_content_type->c_type &&
         g_ascii_strcasecmp (sip->sip_content_type->c_type, "application/sdp") == 0;
}

static void
on_invite_response (GstCallSipSignaller *self,
                    nua_handle_t        *nh,
                    int                  status,
                    const char          *phrase,
                    sip_t const         *sip)
{
  g_autofree char *sdp = NULL;

  if (nh != self->nh || status < 200)
    return;

  if (status >= 300) {
    if (self->phase == CALL_ESTABLISHED) {
      /* A re-INVITE refused: the call goes on as it was. */
      GST_WARNING ("SIP signaller %p: the peer refused the new offer: %d %s", self, status,
                   phrase);
      return;
    }
    if (self->phase == CALL_ENDING)
      return; /* our CANCEL: 487 Request Terminated */
    self->phase = CALL_ENDING;
    /* A timeout, or a status of our own stack (a host or port that cannot
     * be reached: no Server or User-Agent of a peer). */
    if (status == 408 ||
        (status == 503 && (!sip || (!sip->sip_server && !sip->sip_user_agent))))
      close_with_error (self, g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                                           _("The INVITE to %s got no answer: SIP %d %s "
                                             "(nothing answered, or the host or port is "
                                             "unreachable)"),
                                           self->remote_uri, status, phrase));
    else
      close_with_error (self, g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                                           _("The INVITE to %s was refused: SIP %d %s"),
                                           self->remote_uri, status, phrase));
    return;
  }

  /* 2xx: the answer (nua acknowledges it). */
  if (self->phase == CALL_ENDING)
    return;
  sdp = is_sdp (sip) ? payload_text (sip) : NULL;
  if (!sdp) {
    self->phase = CALL_ENDING;
    nua_bye (nh, TAG_END ());
    close_with_error (self, g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                                         _("The SIP %d %s from %s carries no SDP answer"),
                                         status, phrase, self->remote_uri));
    return;
  }
  self->phase = CALL_ESTABLISHED;
  gst_call_signaller_emit_description (GST_CALL_SIGNALLER (self), GST_CALL_SDP_TYPE_ANSWER, sdp);
}

static void
on_incoming_invite (GstCallSipSignaller *self,
                    nua_handle_t        *nh,
                    sip_t const         *sip)
{
  g_autofree char *sdp = is_sdp (sip) ? payload_text (sip) : NULL;

  if (nh == self->nh && self->phase == CALL_ESTABLISHED) {
    /* A re-INVITE: a new offer for the same call. */
    if (!sdp) {
      nua_respond (nh, SIP_488_NOT_ACCEPTABLE,
                   SIPTAG_WARNING_STR ("399 - \"An INVITE without an SDP offer is not supported\""),
                   TAG_END ());
      return;
    }
    self->reinvite_pending = TRUE;
    gst_call_signaller_emit_description (GST_CALL_SIGNALLER (self), GST_CALL_SDP_TYPE_OFFER,
                                         sdp);
    return;
  }
  if (self->nh || self->closed) {
    GST_INFO ("SIP signaller %p: busy: refusing an INVITE", self);
    nua_respond (nh, SIP_486_BUSY_HERE, TAG_END ());
    return;
  }
  if (!sdp) {
    nua_respond (nh, SIP_488_NOT_ACCEPTABLE,
                 SIPTAG_WARNING_STR ("399 - \"An INVITE without an SDP offer is not supported\""),
                 TAG_END ());
    return;
  }
  self->nh = nua_handle_ref (nh);
  nua_handle_bind (nh, self);
  self->phase = CALL_INCOMING;
  nua_respond (nh, SIP_180_RINGING, TAG_END ());
  gst_call_signaller_emit_description (GST_CALL_SIGNALLER (self), GST_CALL_SDP_TYPE_OFFER, sdp);
}

static void
on_call_state (GstCallSipSignaller *self,
               nua_handle_t        *nh,
               tagi_t               tags[])
{
  int state = nua_callstate_init;

  tl_gets (tags, NUTAG_CALLSTATE_REF (state), TAG_END ());
  GST_DEBUG ("SIP signaller %p: call state %s", self, nua_callstate_name (state));
  if (state != nua_callstate_terminated)
    return;
  if (nh == self->nh) {
    drop_call (self);
  } else {
    /* An INVITE refused as busy or without an offer: its handle is ours to
     * release. */
    nua_handle_destroy (nh);
  }
}

static gboolean
free_stack (gpointer data)
{
  SipStack *stack = data;

  if (stack->nua)
    nua_destroy (stack->nua);
  su_root_destroy (stack->root);
  g_main_context_unref (stack->context);
  g_free (stack);
  return G_SOURCE_REMOVE;
}

static void
on_nua_event (nua_event_t   event,
              int           status,
              char const   *phrase,
              nua_t        *nua,
              nua_magic_t  *magic,
              nua_handle_t *nh,
              nua_hmagic_t *hmagic,
              sip_t const  *sip,
              tagi_t        tags[])
{
  SipStack *stack = (SipStack *) magic;
  GstCallSipSignaller *self = stack->owner;

  GST_DEBUG ("SIP signaller %p: %s %d %s", self, nua_event_name (event), status,
             phrase ? phrase : "");

  if (!self) {
    /* Shutting down: nua is freed once it finished, not from its own
     * callback. */
    if (event == nua_r_shutdown && status >= 200)
      g_main_context_invoke_full (stack->context, G_PRIORITY_DEFAULT, free_stack, stack, NULL);
    else if (nh && nua_event_is_incoming_request (event))
      nua_handle_destroy (nh);
    return;
  }

  switch (event) {
  case nua_r_invite:
    on_invite_response (self, nh, status, phrase, sip);
    break;
  case nua_i_invite:
    on_incoming_invite (self, nh, sip);
    break;
  case nua_i_state:
    on_call_state (self, nh, tags);
    break;
  case nua_i_bye:
  case nua_i_cancel:
    if (nh == self->nh && self->phase != CALL_ENDING && self->phase != CALL_NONE) {
      self->phase = CALL_ENDING;
      gst_call_signaller_emit_bye (GST_CALL_SIGNALLER (self));
    }
    break;
  case nua_i_error:
    GST_WARNING ("SIP signaller %p: %d %s", self, status, phrase);
    break;
  default:
    /* Requests other than the call's are answered by the stack (OPTIONS)
     * or refused; their handles are released here. */
    if (nh && nh != self->nh && nua_event_is_incoming_request (event))
      nua_handle_destroy (nh);
    break;
  }
}

/* ------------------------------------------------------------------------ */
/* Starting and stopping the SIP stack                                       */

/**
 * gst_call_sip_signaller_start:
 * @self: a [class@CallSipSignaller]
 * @error: return location for a #GError
 *
 * Starts listening for SIP on [property@CallSipSignaller:local-address]
 * and [property@CallSipSignaller:local-port] over UDP, to receive calls.
 * Sending the first offer starts it too. Starting it again does nothing.
 *
 * Returns: %TRUE when the signaller listens; %FALSE with @error set when
 *   the address is not a local IP address or the port is taken
 *
 * Since: 0.1
 */
gboolean
gst_call_sip_signaller_start (GstCallSipSignaller  *self,
                              GError              **error)
{
  g_autofree char *host = NULL;
  g_autofree char *url = NULL;
  g_autofree char *user_agent = NULL;
  guint port = self->local_port;
  GSource *source;

  g_return_val_if_fail (GST_IS_CALL_SIP_SIGNALLER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->stack && self->stack->nua)
    return TRUE;
  if (self->closed) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED,
                         _("The SIP signaller is closed"));
    return FALSE;
  }
  if (port == 0) {
    port = find_free_port (self->local_address, error);
    if (port == 0)
      return FALSE;
  } else if (!g_hostname_is_ip_address (self->local_address)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The local-address “%s” is not an IP address"), self->local_address);
    return FALSE;
  }

  if (!self->stack) {
    su_root_t *root = su_glib_root_create (NULL);

    if (!root) {
      g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                           _("The SIP stack could not start"));
      return FALSE;
    }
    source = su_glib_root_gsource (root);
    g_source_attach (source, self->context);
    self->stack = g_new0 (SipStack, 1);
    self->stack->owner = self;
    self->stack->context = g_main_context_ref (self->context);
    self->stack->root = root;
  }

  host = uri_host (self->local_address);
  url = g_strdup_printf ("sip:%s:%u;transport=udp", host, port);
  user_agent = g_strdup_printf ("libgstcall/%s", PACKAGE_VERSION);
  self->stack->nua = nua_create (self->stack->root, on_nua_event, (nua_magic_t *) self->stack,
                          NUTAG_URL (url),
                          NUTAG_MEDIA_ENABLE (0),
                          NUTAG_AUTOALERT (0),
                          NUTAG_AUTOANSWER (0),
                          NUTAG_AUTOACK (1),
                          NUTAG_ENABLEINVITE (1),
                          SIPTAG_USER_AGENT_STR (user_agent),
                          TAG_END ());
  if (!self->stack->nua) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                 _("Could not listen for SIP on %s port %u (UDP): the address is not "
                   "local or the port is taken"), self->local_address, port);
    return FALSE;
  }
  if (self->local_port != port) {
    self->local_port = port;
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_LOCAL_PORT]);
  }
  GST_INFO ("SIP signaller %p listens on %s", self, url);
  return TRUE;
}

/* Ends the SIP stack: nua ends open dialogs (BYE, CANCEL) and its
 * transactions, and the stack is freed once it reported its shutdown. */
static void
shutdown_stack (GstCallSipSignaller *self)
{
  SipStack *stack = g_steal_pointer (&self->stack);

  if (!stack)
    return;
  drop_call (self);
  stack->owner = NULL;
  if (stack->nua)
    nua_shutdown (stack->nua);
  else
    free_stack (stack);
}

/* ------------------------------------------------------------------------ */
/* GstCallSignaller                                                          */

static void
send_offer (GstCallSipSignaller *self,
            const char          *sdp)
{
  GError *error = NULL;

  if (self->phase == CALL_ESTABLISHED) {
    nua_invite (self->nh, SIPTAG_CONTENT_TYPE_STR ("application/sdp"),
                SIPTAG_PAYLOAD_STR (sdp), TAG_END ());
    return;
  }
  if (self->nh) {
    GST_WARNING ("SIP signaller %p: an offer while a call is being set up: ignored", self);
    return;
  }
  if (!self->remote_uri) {
    close_with_error (self, g_error_new_literal (GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                                                 _("The SIP signaller has no remote-uri to "
                                                   "call")));
    return;
  }
  if (!gst_call_sip_signaller_start (self, &error)) {
    close_with_error (self, error);
    return;
  }
  {
    g_autofree char *host = uri_host (self->local_address);
    g_autofree char *from = g_strdup_printf ("<sip:%s@%s:%u>", self->user, host,
                                             self->local_port);

    self->nh = nua_handle (self->stack->nua, self, SIPTAG_TO_STR (self->remote_uri),
                           SIPTAG_FROM_STR (from), TAG_END ());
  }
  if (!self->nh) {
    close_with_error (self, g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                                         _("Could not call %s"), self->remote_uri));
    return;
  }
  self->phase = CALL_OUTGOING;
  nua_invite (self->nh, SIPTAG_CONTENT_TYPE_STR ("application/sdp"),
              SIPTAG_PAYLOAD_STR (sdp), TAG_END ());
}

static void
gst_call_sip_signaller_send_description (GstCallSignaller *signaller,
                                         GstCallSdpType    type,
                                         const char       *sdp)
{
  GstCallSipSignaller *self = GST_CALL_SIP_SIGNALLER (signaller);

  if (self->closed)
    return;
  if (type == GST_CALL_SDP_TYPE_OFFER) {
    send_offer (self, sdp);
    return;
  }
  if (self->phase == CALL_INCOMING) {
    self->phase = CALL_ESTABLISHED;
    nua_respond (self->nh, SIP_200_OK, SIPTAG_CONTENT_TYPE_STR ("application/sdp"),
                 SIPTAG_PAYLOAD_STR (sdp), TAG_END ());
  } else if (self->phase == CALL_ESTABLISHED && self->reinvite_pending) {
    self->reinvite_pending = FALSE;
    nua_respond (self->nh, SIP_200_OK, SIPTAG_CONTENT_TYPE_STR ("application/sdp"),
                 SIPTAG_PAYLOAD_STR (sdp), TAG_END ());
  } else {
    GST_WARNING ("SIP signaller %p: an answer for no offer: ignored", self);
  }
}

/* SIP carries all candidates in the SDP. */
static void
gst_call_sip_signaller_send_candidate (GstCallSignaller *signaller,
                                       guint             mline_index,
                                       const char       *candidate)
{
}

static void
gst_call_sip_signaller_send_bye (GstCallSignaller *signaller)
{
  GstCallSipSignaller *self = GST_CALL_SIP_SIGNALLER (signaller);

  switch (self->phase) {
  case CALL_OUTGOING:
    nua_cancel (self->nh, TAG_END ());
    break;
  case CALL_INCOMING:
    nua_respond (self->nh, SIP_603_DECLINE, TAG_END ());
    break;
  case CALL_ESTABLISHED:
    nua_bye (self->nh, TAG_END ());
    break;
  case CALL_NONE:
  case CALL_ENDING:
    return;
  }
  self->phase = CALL_ENDING;
}

static void
gst_call_sip_signaller_iface_init (GstCallSignallerInterface *iface)
{
  iface->send_description = gst_call_sip_signaller_send_description;
  iface->send_candidate = gst_call_sip_signaller_send_candidate;
  iface->send_bye = gst_call_sip_signaller_send_bye;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                   */

static void
gst_call_sip_signaller_dispose (GObject *object)
{
  GstCallSipSignaller *self = GST_CALL_SIP_SIGNALLER (object);

  shutdown_stack (self);
  if (self->closed_source) {
    g_source_destroy (self->closed_source);
    g_clear_pointer (&self->closed_source, g_source_unref);
  }
  g_clear_error (&self->closed_error);

  G_OBJECT_CLASS (gst_call_sip_signaller_parent_class)->dispose (object);
}

static void
gst_call_sip_signaller_finalize (GObject *object)
{
  GstCallSipSignaller *self = GST_CALL_SIP_SIGNALLER (object);

  g_free (self->local_address);
  g_free (self->remote_uri);
  g_free (self->user);
  g_main_context_unref (self->context);

  G_OBJECT_CLASS (gst_call_sip_signaller_parent_class)->finalize (object);
}

static void
gst_call_sip_signaller_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  GstCallSipSignaller *self = GST_CALL_SIP_SIGNALLER (object);

  switch (prop_id) {
  case PROP_LOCAL_ADDRESS:
    g_value_set_string (value, self->local_address);
    break;
  case PROP_LOCAL_PORT:
    g_value_set_uint (value, self->local_port);
    break;
  case PROP_REMOTE_URI:
    g_value_set_string (value, self->remote_uri);
    break;
  case PROP_USER:
    g_value_set_string (value, self->user);
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_sip_signaller_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  GstCallSipSignaller *self = GST_CALL_SIP_SIGNALLER (object);
  g_autoptr (GError) error = NULL;

  switch (prop_id) {
  case PROP_LOCAL_ADDRESS:
    g_free (self->local_address);
    self->local_address = g_strdup (g_value_get_string (value) ? g_value_get_string (value)
                                                               : "127.0.0.1");
    break;
  case PROP_LOCAL_PORT:
    self->local_port = g_value_get_uint (value);
    break;
  case PROP_REMOTE_URI:
    if (!gst_call_sip_signaller_set_remote_uri (self, g_value_get_string (value), &error))
      g_warning ("%s", error->message);
    break;
  case PROP_USER:
    gst_call_sip_signaller_set_user (self, g_value_get_string (value));
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

/* sofia-sip's log goes to the library's debug category. */
static void log_sofia (void *stream, const char *format, va_list args) G_GNUC_PRINTF (2, 0);

static void
log_sofia (void       *stream,
           const char *format,
           va_list     args)
{
  g_autofree char *text = g_strdup_vprintf (format, args);

  g_strchomp (text);
  if (*text)
    GST_DEBUG ("sofia-sip: %s", text);
}

/* sofia-sip 1.12 deletes the thread-local key of its random number
 * generator when the process exits, whether it made that key or not: never
 * made, the key it deletes is 0, which is then another library's (GLib's
 * first GPrivate), and any GLib thread still running at exit aborts in
 * g_private_set(). Drawing one number when libgstcall is loaded makes
 * sofia-sip create its key, so the one it deletes is its own. */
__attribute__ ((constructor)) static void
gst_call_sip_make_sofia_random_key (void)
{
  (void) su_randint (0, 1);
}

static void
gst_call_sip_signaller_class_init (GstCallSipSignallerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gst_call_sip_signaller_dispose;
  object_class->finalize = gst_call_sip_signaller_finalize;
  object_class->get_property = gst_call_sip_signaller_get_property;
  object_class->set_property = gst_call_sip_signaller_set_property;

  su_init ();
  su_log_redirect (su_log_default, log_sofia, NULL);

  /**
   * GstCallSipSignaller:local-address:
   *
   * The IP address SIP is received on, and that the signaller's `Contact`
   * and `Via` name. Set when it is created.
   *
   * Since: 0.1
   */
  props[PROP_LOCAL_ADDRESS] =
      g_param_spec_string ("local-address", NULL, NULL, "127.0.0.1",
                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * GstCallSipSignaller:local-port:
   *
   * The UDP port SIP is received on: the one asked for when the signaller
   * is created (0: any free port), the one it listens on once started.
   *
   * Since: 0.1
   */
  props[PROP_LOCAL_PORT] =
      g_param_spec_uint ("local-port", NULL, NULL, 0, G_MAXUINT16, 0,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstCallSipSignaller:remote-uri:
   *
   * The SIP URI the offer is sent to, `sip:user@host[:port]`.
   *
   * Since: 0.1
   */
  props[PROP_REMOTE_URI] =
      g_param_spec_string ("remote-uri", NULL, NULL, NULL,
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstCallSipSignaller:user:
   *
   * The user part of the signaller's own SIP URI, in the `From` of its
   * requests.
   *
   * Since: 0.1
   */
  props[PROP_USER] =
      g_param_spec_string ("user", NULL, NULL, DEFAULT_USER,
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
gst_call_sip_signaller_init (GstCallSipSignaller *self)
{
  self->context = g_main_context_ref_thread_default ();
  self->local_address = g_strdup ("127.0.0.1");
  self->user = g_strdup (DEFAULT_USER);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                                */

/**
 * gst_call_sip_signaller_new:
 * @local_address: (nullable): the IP address to receive SIP on; %NULL for
 *   127.0.0.1
 * @local_port: the UDP port to receive SIP on; 0 for any free port
 *
 * Creates a SIP signaller. It listens once started
 * ([method@CallSipSignaller.start]) or once it sends an offer.
 *
 * Returns: (transfer full): a new [class@CallSipSignaller]
 *
 * Since: 0.1
 */
GstCallSipSignaller *
gst_call_sip_signaller_new (const char *local_address,
                            guint       local_port)
{
  g_return_val_if_fail (local_port <= G_MAXUINT16, NULL);

  return g_object_new (GST_TYPE_CALL_SIP_SIGNALLER, "local-address", local_address,
                       "local-port", local_port, NULL);
}

/**
 * gst_call_sip_signaller_get_local_address:
 * @self: a [class@CallSipSignaller]
 *
 * Gets [property@CallSipSignaller:local-address].
 *
 * Returns: the address SIP is received on
 *
 * Since: 0.1
 */
const char *
gst_call_sip_signaller_get_local_address (GstCallSipSignaller *self)
{
  g_return_val_if_fail (GST_IS_CALL_SIP_SIGNALLER (self), NULL);

  return self->local_address;
}

/**
 * gst_call_sip_signaller_get_local_port:
 * @self: a [class@CallSipSignaller]
 *
 * Gets [property@CallSipSignaller:local-port]: once started, the port it
 * listens on.
 *
 * Returns: the UDP port, 0 for a signaller not started that takes any
 *
 * Since: 0.1
 */
guint
gst_call_sip_signaller_get_local_port (GstCallSipSignaller *self)
{
  g_return_val_if_fail (GST_IS_CALL_SIP_SIGNALLER (self), 0);

  return self->local_port;
}

/**
 * gst_call_sip_signaller_dup_local_uri:
 * @self: a started [class@CallSipSignaller]
 *
 * Gets the SIP URI peers call this signaller at,
 * `sip:USER@ADDRESS:PORT`.
 *
 * Returns: (transfer full) (nullable): the URI, or %NULL before the
 *   signaller was started
 *
 * Since: 0.1
 */
char *
gst_call_sip_signaller_dup_local_uri (GstCallSipSignaller *self)
{
  g_autofree char *host = NULL;

  g_return_val_if_fail (GST_IS_CALL_SIP_SIGNALLER (self), NULL);

  if (!self->stack || !self->stack->nua)
    return NULL;
  host = uri_host (self->local_address);
  return g_strdup_printf ("sip:%s@%s:%u", self->user, host, self->local_port);
}

/**
 * gst_call_sip_signaller_get_remote_uri:
 * @self: a [class@CallSipSignaller]
 *
 * Gets [property@CallSipSignaller:remote-uri].
 *
 * Returns: (nullable): the SIP URI offers are sent to
 *
 * Since: 0.1
 */
const char *
gst_call_sip_signaller_get_remote_uri (GstCallSipSignaller *self)
{
  g_return_val_if_fail (GST_IS_CALL_SIP_SIGNALLER (self), NULL);

  return self->remote_uri;
}

/**
 * gst_call_sip_signaller_set_remote_uri:
 * @self: a [class@CallSipSignaller]
 * @uri: (nullable): the SIP URI to send the offer to, `sip:user@host[:port]`
 * @error: return location for a #GError
 *
 * Sets [property@CallSipSignaller:remote-uri], before the call is dialled.
 *
 * Returns: %TRUE on success; %FALSE with @error set
 *   (%GST_CALL_ERROR_INVALID_ARGUMENT) when @uri is not a `sip:` URI with
 *   a host
 *
 * Since: 0.1
 */
gboolean
gst_call_sip_signaller_set_remote_uri (GstCallSipSignaller  *self,
                                       const char           *uri,
                                       GError              **error)
{
  g_return_val_if_fail (GST_IS_CALL_SIP_SIGNALLER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (uri && !gst_call_sip_check_uri (uri, error))
    return FALSE;
  if (g_strcmp0 (self->remote_uri, uri) == 0)
    return TRUE;
  g_free (self->remote_uri);
  self->remote_uri = g_strdup (uri);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_REMOTE_URI]);
  return TRUE;
}

/**
 * gst_call_sip_signaller_get_user:
 * @self: a [class@CallSipSignaller]
 *
 * Gets [property@CallSipSignaller:user].
 *
 * Returns: the user part of the signaller's own URI
 *
 * Since: 0.1
 */
const char *
gst_call_sip_signaller_get_user (GstCallSipSignaller *self)
{
  g_return_val_if_fail (GST_IS_CALL_SIP_SIGNALLER (self), NULL);

  return self->user;
}

/**
 * gst_call_sip_signaller_set_user:
 * @self: a [class@CallSipSignaller]
 * @user: (nullable): the user part of the signaller's own URI; %NULL for
 *   `gstcall`
 *
 * Sets [property@CallSipSignaller:user].
 *
 * Since: 0.1
 */
void
gst_call_sip_signaller_set_user (GstCallSipSignaller *self,
                                 const char          *user)
{
  g_return_if_fail (GST_IS_CALL_SIP_SIGNALLER (self));

  if (!user || !*user)
    user = DEFAULT_USER;
  if (g_strcmp0 (self->user, user) == 0)
    return;
  g_free (self->user);
  self->user = g_strdup (user);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_USER]);
}
