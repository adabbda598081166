/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* GstCall: placing, answering and ending the call; the session that carries
 * its media; the signaller's messages; statistics. */

#include "config.h"

#include "gstcall-impl-private.h"
#include "gstcall-dtmf-private.h"
#include "gstcall-media-private.h"
#include "gstcall-rtp-session-private.h"
#include "gstcall-sinks-private.h"
#include "gstcall-webrtc-session-private.h"
#include "gstcalltrack-private.h"

/* How often a reconnecting call looks for the peer's packets. */
#define RECONNECT_POLL_MS 250

typedef enum {
  PENDING_DESCRIPTION,
  PENDING_CANDIDATE,
} PendingKind;

/* A message that arrived before the call was answered. */
typedef struct {
  PendingKind kind;
  GstCallSdpType type;
  guint mline_index;
  char *text;
} PendingMessage;

static void
pending_message_free (gpointer data)
{
  PendingMessage *message = data;

  g_free (message->text);
  g_free (message);
}

static const char *
state_name (GstCallState state)
{
  g_autoptr (GEnumClass) enum_class = g_type_class_ref (GST_TYPE_CALL_STATE);
  GEnumValue *value = g_enum_get_value (enum_class, state);

  return value ? value->value_nick : "unknown";
}

static void
set_state (GstCall      *self,
           GstCallState  state)
{
  if (self->state == state)
    return;
  GST_INFO ("call %p: %s -> %s", self, state_name (self->state), state_name (state));
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_props[PROP_STATE]);
}

static gboolean
is_finished (GstCall *self)
{
  return self->state == GST_CALL_STATE_ENDED || self->state == GST_CALL_STATE_FAILED;
}

void
gst_call_clear_timeout (GstCall *self)
{
  if (self->timeout_source) {
    g_source_destroy (self->timeout_source);
    g_clear_pointer (&self->timeout_source, g_source_unref);
  }
}

static void
stop_reconnecting (GstCall *self)
{
  if (self->reconnect_source) {
    g_source_destroy (self->reconnect_source);
    g_clear_pointer (&self->reconnect_source, g_source_unref);
  }
}

/* Tears the call down and enters @final_state for @end_reason. @reason
 * (transfer full) is the error for FAILED, NULL for a hang-up. A call that
 * fails tells the peer with a bye, as a hang-up does. Safe from any
 * handler. */
static void
finish_call_full (GstCall          *self,
                  GstCallState      final_state,
                  GstCallEndReason  end_reason,
                  GError           *reason)
{
  /* Handlers of the signals below may drop the last reference. */
  G_GNUC_UNUSED g_autoptr (GObject) keep_alive = g_object_ref (G_OBJECT (self));
  g_autoptr (GTask) task = g_steal_pointer (&self->setup_task);

  if (is_finished (self)) {
    g_clear_error (&reason);
    return;
  }

  /* Giving up on a call the peer knows of (a bad offer or answer, no
   * connection): the peer hears a bye instead of waiting for its own
   * timeout. */
  if (final_state == GST_CALL_STATE_FAILED && self->signaller &&
      (self->state != GST_CALL_STATE_IDLE || self->incoming)) {
    GST_INFO ("call %p: telling the peer the call failed", self);
    gst_call_signaller_send_bye (self->signaller);
  }

  gst_call_clear_timeout (self);
  stop_reconnecting (self);
  g_clear_pointer (&self->liveness, gst_call_liveness_free);
  gst_clear_object (&self->watched);
  if (self->peer_joined_handler && self->signaller)
    g_clear_signal_handler (&self->peer_joined_handler, self->signaller);
  g_signal_handlers_disconnect_by_data (self->session, self);
  gst_call_session_close (self->session);
  gst_call_data_channels_shutdown (self);
  g_clear_pointer (&self->pending_messages, g_ptr_array_unref);

  self->error = reason;
  self->end_reason = end_reason;
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_props[PROP_END_REASON]);
  set_state (self, final_state);

  if (task) {
    if (reason)
      g_task_return_error (task, g_error_copy (reason));
    else
      g_task_return_new_error (task, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED,
                               _("The call was hung up before it connected"));
  }

  g_signal_emit (self, gst_call_signals[SIGNAL_ENDED], 0, reason);
}

/* FAILED, or ENDED because this side hung up. */
static void
finish_call (GstCall      *self,
             GstCallState  final_state,
             GError       *reason)
{
  finish_call_full (self, final_state,
                    final_state == GST_CALL_STATE_FAILED ? GST_CALL_END_REASON_FAILED
                                                         : GST_CALL_END_REASON_HANGUP,
                    reason);
}

static void
fail_call (GstCall    *self,
           GstCallError code,
           const char *format,
           ...) G_GNUC_PRINTF (3, 4);

static void
fail_call (GstCall    *self,
           GstCallError code,
           const char *format,
           ...)
{
  va_list args;
  GError *error;

  va_start (args, format);
  error = g_error_new_valist (GST_CALL_ERROR, code, format, args);
  va_end (args);
  GST_WARNING ("call %p failed: %s", self, error->message);
  finish_call (self, GST_CALL_STATE_FAILED, error);
}

/* ------------------------------------------------------------------------ */
/* Remote media                                                              */

/* Announces a remote track of either transport and, unless the application
 * linked it, plays it into the configured or an automatic sink. */
static void
play_remote_track (GstCall      *self,
                   GstCallTrack *track)
{
  GstCallMediaKind kind = gst_call_track_get_kind (track);
  GstElement *sink;
  g_autoptr (GError) error = NULL;

  g_signal_emit (self, gst_call_signals[SIGNAL_REMOTE_TRACK], 0, track);

  if (gst_pad_is_linked (gst_call_track_get_pad (track)))
    return;

  /* The configured sink plays the first track of its kind; any further one
   * gets an automatic sink. */
  sink = kind == GST_CALL_MEDIA_KIND_VIDEO ? self->video_sink : self->audio_sink;
  if (sink && !GST_OBJECT_PARENT (sink)) {
    gst_object_ref (sink);
  } else {
    sink = gst_call_make_default_sink (kind);
    if (!sink) {
      GST_WARNING ("no automatic %s sink: the remote track is discarded",
                   gst_call_media_kind_to_string (kind));
      return;
    }
    gst_object_ref_sink (sink);
  }

  if (!gst_call_track_set_sink (track, sink, &error))
    GST_WARNING ("could not play the remote %s track: %s",
                 gst_call_media_kind_to_string (kind), error->message);
  gst_object_unref (sink);
}

static void
on_session_remote_track (GstCallSession *session,
                         GstCallTrack   *track,
                         GstCall        *self)
{
  play_remote_track (self, track);
}

/* ------------------------------------------------------------------------ */
/* Call set-up                                                               */

static void enter_reconnecting (GstCall *self,
                                GError  *cause);

static gboolean
on_peer_silent (gpointer user_data)
{
  GstCall *self = user_data;

  enter_reconnecting (self, g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_ICE,
                                         _("Nothing came from the peer for %u s: the "
                                           "connection was lost or the peer stopped"),
                                         (guint) gst_call_liveness_get_silence (self->liveness)));
  return G_SOURCE_REMOVE;
}

static void
watch_peer (GstCall    *self,
            GstElement *watched)
{
  guint timeout = gst_call_data_channels_peer_timeout (self);

  g_clear_pointer (&self->liveness, gst_call_liveness_free);
  if (watched != self->watched)
    gst_object_replace ((GstObject **) &self->watched, GST_OBJECT (watched));
  if (timeout > 0)
    self->liveness = gst_call_liveness_new (watched, timeout, on_peer_silent, self);
}

/* Media flows again: the call is active again. */
static void
reconnected (GstCall    *self,
             GstElement *watched)
{
  gst_call_clear_timeout (self);
  stop_reconnecting (self);
  self->reconnections++;
  GST_INFO ("call %p: reconnected after %.2f s", self,
            (g_get_monotonic_time () - self->reconnect_started) / (double) G_USEC_PER_SEC);
  watch_peer (self, watched);
  set_state (self, GST_CALL_STATE_ACTIVE);
}

/* While reconnecting a transport whose path comes back by itself (plain
 * RTP's 5-tuple): the peer's packets arrive again. (A WebRTC call is back
 * when its new transport connects.) */
static gboolean
on_reconnect_poll (gpointer user_data)
{
  GstCall *self = user_data;

  if (!gst_call_session_rebuilds_transport (self->session) && self->liveness &&
      self->watched &&
      gst_call_liveness_get_silence (self->liveness) < RECONNECT_POLL_MS / 1000.0 * 2)
    reconnected (self, self->watched);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_reconnect_timeout (gpointer user_data)
{
  GstCall *self = user_data;

  g_clear_pointer (&self->timeout_source, g_source_unref);
  fail_call (self, GST_CALL_ERROR_CONNECTION_LOST,
             _("The connection to the peer was lost and could not be re-established "
               "within %u s (reconnect-timeout)"), self->reconnect_timeout);
  return G_SOURCE_REMOVE;
}

/* The call is RECONNECTING until media flows again or @seconds pass. */
static void
begin_reconnecting (GstCall *self,
                    guint    seconds)
{
  self->reconnect_started = g_get_monotonic_time ();
  gst_call_clear_timeout (self);
  self->timeout_source = g_timeout_source_new_seconds (seconds);
  g_source_set_callback (self->timeout_source, on_reconnect_timeout, self, NULL);
  g_source_set_static_name (self->timeout_source, "[gstcall] reconnect timeout");
  g_source_attach (self->timeout_source, g_main_context_get_thread_default ());

  stop_reconnecting (self);
  self->reconnect_source = g_timeout_source_new (RECONNECT_POLL_MS);
  g_source_set_callback (self->reconnect_source, on_reconnect_poll, self, NULL);
  g_source_set_static_name (self->reconnect_source, "[gstcall] reconnecting");
  g_source_attach (self->reconnect_source, g_main_context_get_thread_default ());

  set_state (self, GST_CALL_STATE_RECONNECTING);
}

/* The connection of an active call was lost (@cause, transfer full): the
 * call re-establishes it, or, with reconnect-timeout 0, fails with @cause. */
static void
enter_reconnecting (GstCall *self,
                    GError  *cause)
{
  if (self->state != GST_CALL_STATE_ACTIVE) {
    g_error_free (cause);
    return;
  }
  if (self->reconnect_timeout == 0) {
    GST_WARNING ("call %p failed: %s", self, cause->message);
    finish_call (self, GST_CALL_STATE_FAILED, cause);
    return;
  }
  GST_INFO ("call %p: reconnecting: %s", self, cause->message);
  g_error_free (cause);
  begin_reconnecting (self, self->reconnect_timeout);
  gst_call_session_reconnect (self->session);
}

/* Media flows: the call is active, and watched for a peer that goes away. */
static void
on_session_connected (GstCallSession *session,
                      GstElement     *watched,
                      GstCall        *self)
{
  g_autoptr (GTask) task = NULL;

  if (self->state == GST_CALL_STATE_RECONNECTING) {
    reconnected (self, watched);
    return;
  }
  if (self->state != GST_CALL_STATE_CONNECTING)
    return;
  task = g_steal_pointer (&self->setup_task);
  gst_call_clear_timeout (self);
  watch_peer (self, watched);
  set_state (self, GST_CALL_STATE_ACTIVE);
  if (task)
    g_task_return_boolean (task, TRUE);
}

static void
on_session_connection_lost (GstCallSession *session,
                            GError         *error,
                            GstCall        *self)
{
  enter_reconnecting (self, g_error_copy (error));
}

/* The peer re-establishes the transport (it offered new ICE credentials):
 * the session answers; the call waits for media as when it lost the
 * connection itself. */
static void
on_session_reconnecting (GstCallSession *session,
                         GstCall        *self)
{
  if (self->state != GST_CALL_STATE_ACTIVE)
    return;
  GST_INFO ("call %p: the peer re-establishes the connection", self);
  begin_reconnecting (self, self->reconnect_timeout > 0 ? self->reconnect_timeout
                                                        : self->connect_timeout);
}

static void
on_session_failed (GstCallSession *session,
                   GError         *error,
                   GstCall        *self)
{
  finish_call (self, GST_CALL_STATE_FAILED, g_error_copy (error));
}

static gboolean
on_connect_timeout (gpointer user_data)
{
  GstCall *self = user_data;

  g_clear_pointer (&self->timeout_source, g_source_unref);
  if (!gst_call_session_has_remote_description (self->session))
    fail_call (self, GST_CALL_ERROR_SIGNALING,
               _("The call did not connect within %u s: no answer came through "
                 "the signaller"), self->connect_timeout);
  else
    fail_call (self, GST_CALL_ERROR_ICE,
               _("The call did not connect within %u s: ICE found no working path"),
               self->connect_timeout);
  return G_SOURCE_REMOVE;
}

static void
arm_connect_timeout (GstCall *self)
{
  self->timeout_source = g_timeout_source_new_seconds (self->connect_timeout);
  g_source_set_callback (self->timeout_source, on_connect_timeout, self, NULL);
  g_source_set_static_name (self->timeout_source, "[gstcall] connect timeout");
  g_source_attach (self->timeout_source, g_main_context_get_thread_default ());
}

/* What the session is given when the call starts. */
static void
make_session_config (GstCall              *self,
                     GstCallSessionConfig *config)
{
  GstElement *sources[2] = { self->audio_source, self->video_source };

  G_STATIC_ASSERT (GST_CALL_MEDIA_KIND_AUDIO == 0 && GST_CALL_MEDIA_KIND_VIDEO == 1);
  *config = (GstCallSessionConfig) {
    .signaller = self->signaller,
    .send = { !self->receive_only && self->send_audio, !self->receive_only && self->send_video },
    .codecs = { self->codecs[0], self->codecs[1] },
    .bitrates = { self->bitrates[0], self->bitrates[1] },
    .muted = { self->audio_muted, self->video_muted },
    .video_width = self->video_width,
    .video_height = self->video_height,
    .video_framerate = self->video_framerate,
    .latency = self->latency,
    .ice_servers = self->ice_servers,
    .ice_local_addresses = self->ice_local_addresses,
    .ice_transport_policy = self->ice_transport_policy,
    .congestion_control = self->congestion_control,
    .min_bitrate = self->min_bitrate,
    .start_bitrate = self->start_bitrate,
    .max_bitrate = self->max_bitrate,
  };
  for (guint kind = 0; kind < 2; kind++) {
    config->sources[kind] = sources[kind];
    config->broadcasts[kind] = self->broadcasts[kind];
    /* The plain RTP transport builds its own sources from descriptions. */
    if (sources[kind] && sources[kind] == self->described_sources[kind])
      config->source_descriptions[kind] = self->source_descriptions[kind];
  }
}

static gboolean
begin_call (GstCall  *self,
            gboolean  offerer,
            GError  **error)
{
  GstCallSessionConfig config;

  make_session_config (self, &config);
  self->session_started = TRUE;
  if (!gst_call_session_start (self->session, &config, offerer, error))
    return FALSE;
  arm_connect_timeout (self);
  set_state (self, GST_CALL_STATE_CONNECTING);
  return TRUE;
}

/* The codecs asked for can be sent: nothing goes out in another one. */
static gboolean
check_codecs (GstCall  *self,
              GError  **error)
{
  for (guint kind = 0; kind < G_N_ELEMENTS (self->codecs); kind++) {
    if (!gst_call_media_check_send_codec (self->codecs[kind], error))
      return FALSE;
  }
  return TRUE;
}

static gboolean
check_can_start (GstCall  *self,
                 GError  **error)
{
  if (self->state != GST_CALL_STATE_IDLE || self->setup_task) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                 _("The call is %s: a GstCall makes one call, create a new one "
                   "for the next"), state_name (self->state));
    return FALSE;
  }
  if (!self->signaller) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                         _("The call has no signaller: set one (the "
                           "signaller property)"));
    return FALSE;
  }
  return check_codecs (self, error);
}

static void
on_setup_cancelled (GCancellable *cancellable,
                    GstCall      *self)
{
  /* Cancelling gives up on a call still connecting; a connected call is
   * ended with gst_call_hangup() only. */
  if (self->state == GST_CALL_STATE_CONNECTING ||
      (self->state == GST_CALL_STATE_IDLE && self->setup_task))
    gst_call_hangup (self);
}

static void
watch_cancellable (GstCall      *self,
                   GCancellable *cancellable)
{
  if (cancellable)
    g_signal_connect_object (cancellable, "cancelled",
                             G_CALLBACK (on_setup_cancelled), self, 0);
}

/* Messages that came before the call was answered go to the session. */
static void
replay_pending_messages (GstCall *self)
{
  g_autoptr (GPtrArray) messages = g_steal_pointer (&self->pending_messages);

  for (guint i = 0; messages && i < messages->len && !is_finished (self); i++) {
    PendingMessage *message = g_ptr_array_index (messages, i);

    if (message->kind == PENDING_DESCRIPTION)
      gst_call_session_receive_description (self->session, message->type, message->text);
    else
      gst_call_session_receive_candidate (self->session, message->mline_index,
                                          message->text);
  }
}

static void
stop_waiting_for_peer (GstCall *self)
{
  if (self->peer_joined_handler && self->signaller)
    g_clear_signal_handler (&self->peer_joined_handler, self->signaller);
  self->peer_joined_handler = 0;
}

static void
dial_room_peer (GstCall *self)
{
  g_autoptr (GError) error = NULL;

  stop_waiting_for_peer (self);
  if (is_finished (self) || !self->setup_task)
    return;
  if (!begin_call (self, TRUE, &error))
    finish_call (self, GST_CALL_STATE_FAILED, g_steal_pointer (&error));
}

static void
on_room_peer_joined (GstCallWebSocketSignaller *signaller,
                     const char                *peer_id,
                     GstCall                   *self)
{
  GST_DEBUG ("call %p: peer %s joined the room: dialling", self, peer_id);
  dial_room_peer (self);
}

static void
on_room_joined (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (GstCall) self = user_data;
  g_autoptr (GError) error = NULL;
  GstCallWebSocketSignaller *signaller = GST_CALL_WEBSOCKET_SIGNALLER (source);
  guint n_peers = 0;

  if (!gst_call_websocket_signaller_connect_finish (signaller, result, &n_peers, &error)) {
    if (!is_finished (self))
      finish_call (self, g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
                             ? GST_CALL_STATE_ENDED : GST_CALL_STATE_FAILED,
                   g_steal_pointer (&error));
    return;
  }
  if (is_finished (self) || !self->setup_task)
    return;

  if (n_peers > 0) {
    dial_room_peer (self);
  } else {
    /* Nobody to call yet: the offer goes out when somebody joins. */
    self->peer_joined_handler =
        g_signal_connect (signaller, "peer-joined", G_CALLBACK (on_room_peer_joined), self);
  }
}

/* Dials a room of a WebSocket signaling server: joins it, waits for a peer
 * if the room is empty and sends the offer. */
static void
dial_room (GstCall    *self,
           GTask      *task,
           const char *uri)
{
  g_autoptr (GstCallWebSocketSignaller) signaller = NULL;
  g_autoptr (GError) error = NULL;

  if (self->state != GST_CALL_STATE_IDLE || self->setup_task) {
    g_task_return_new_error (task, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                             _("The call is %s: a GstCall makes one call, create a new one "
                               "for the next"), state_name (self->state));
    return;
  }
  if (!check_codecs (self, &error)) {
    g_task_return_error (task, g_steal_pointer (&error));
    return;
  }

  signaller = gst_call_websocket_signaller_new (uri, NULL);
  gst_call_set_signaller (self, GST_CALL_SIGNALLER (signaller));
  self->setup_task = g_object_ref (task);
  watch_cancellable (self, g_task_get_cancellable (task));
  gst_call_websocket_signaller_connect_async (signaller, g_task_get_cancellable (task),
                                              on_room_joined, g_object_ref (self));
}

/* A sip: URI: the call goes over plain RTP, through its SIP signaller if
 * it has one, else through a new one on the RTP transport's address. */
static gboolean
prepare_sip_call (GstCall     *self,
                  const char  *uri,
                  GError     **error)
{
  g_autoptr (GstCallSipSignaller) signaller = NULL;

  if (self->state != GST_CALL_STATE_IDLE || self->setup_task) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                 _("The call is %s: a GstCall makes one call, create a new one for the "
                   "next"), state_name (self->state));
    return FALSE;
  }
  if (!gst_call_sip_check_uri (uri, error))
    return FALSE;
  if (GST_IS_CALL_SIP_SIGNALLER (self->signaller)) {
    signaller = g_object_ref (GST_CALL_SIP_SIGNALLER (self->signaller));
  } else {
    const char *address = NULL;

    if (self->transport != GST_CALL_TRANSPORT_KIND_RTP)
      gst_call_set_transport (self, GST_CALL_TRANSPORT_KIND_RTP);
    address = gst_call_rtp_transport_get_local_address (gst_call_get_rtp_transport (self));
    signaller = gst_call_sip_signaller_new (address, 0);
  }
  if (!gst_call_sip_signaller_set_remote_uri (signaller, uri, error))
    return FALSE;
  if (self->transport != GST_CALL_TRANSPORT_KIND_RTP)
    gst_call_set_transport (self, GST_CALL_TRANSPORT_KIND_RTP);
  /* SIP endpoints refuse RTP/AVPF offers. */
  gst_call_rtp_transport_set_avpf (gst_call_get_rtp_transport (self), FALSE);
  gst_call_set_signaller (self, GST_CALL_SIGNALLER (signaller));
  return TRUE;
}

/**
 * gst_call_dial_async:
 * @self: a [class@Call]
 * @uri: (nullable): where to call; %NULL to call through the
 *   [property@Call:signaller]; a `ws://` or `wss://` URI names a room on a
 *   [class@CallSignalingServer], `ws://HOST:PORT/ws?room=NAME` (add
 *   `&token=SECRET` when the server asks for one); `whip+http://` or
 *   `whip+https://` publishes to a WHIP endpoint (the call then only sends:
 *   its offer is `sendonly`, as with any [class@CallWhipSignaller]) and
 *   `whep+http://` or `whep+https://` plays from a WHEP endpoint (the call
 *   then only receives), through a [class@CallWhipSignaller]; `sip:user@host[:port]` calls a SIP
 *   endpoint over plain RTP (the call's [property@Call:transport] becomes
 *   %GST_CALL_TRANSPORT_KIND_RTP, its offer `RTP/AVP` as SIP endpoints
 *   expect: [property@CallRtpTransport:avpf] off) through the call's
 *   [class@CallSipSignaller], or a new one on the RTP transport's local
 *   address and any free port
 * @cancellable: (nullable): a [class@Gio.Cancellable]; cancelling hangs up
 * @callback: (scope async) (nullable): called once the call is connected or failed
 * @user_data: data for @callback
 *
 * Starts the call as the caller: local media starts, an offer goes to the
 * peer and the call connects. Finish with [method@Call.dial_finish].
 *
 * Dialling a room, the call joins it with a [class@CallWebSocketSignaller]
 * that becomes its [property@Call:signaller], waits until another peer is
 * in the room, and offers the call to the room.
 *
 * Since: 0.1
 */
void
gst_call_dial_async (GstCall             *self,
                     const char          *uri,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GError) error = NULL;

  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, gst_call_dial_async);

  if (uri) {
    g_autofree char *scheme = g_uri_parse_scheme (uri);

    if (g_strcmp0 (scheme, "ws") == 0 || g_strcmp0 (scheme, "wss") == 0) {
      dial_room (self, task, uri);
      return;
    }
    if (g_strcmp0 (scheme, "whip+http") == 0 || g_strcmp0 (scheme, "whip+https") == 0 ||
        g_strcmp0 (scheme, "whep+http") == 0 || g_strcmp0 (scheme, "whep+https") == 0) {
      g_autoptr (GstCallWhipSignaller) signaller = NULL;

      if (self->state != GST_CALL_STATE_IDLE || self->setup_task) {
        g_task_return_new_error (task, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                                 _("The call is %s: a GstCall makes one call, create a "
                                   "new one for the next"), state_name (self->state));
        return;
      }
      /* "whip+https://host/path" -> "https://host/path" */
      signaller = gst_call_whip_signaller_new (uri + 5);
      if (!gst_call_session_check_signaller (self->session, GST_CALL_SIGNALLER (signaller),
                                             &error)) {
        g_prefix_error (&error, _("Cannot call “%s”: "), uri);
        g_task_return_error (task, g_steal_pointer (&error));
        return;
      }
      gst_call_set_signaller (self, GST_CALL_SIGNALLER (signaller));
      self->receive_only = g_str_has_prefix (scheme, "whep");
    } else if (g_strcmp0 (scheme, "sip") == 0) {
      if (!prepare_sip_call (self, uri, &error)) {
        g_prefix_error (&error, _("Cannot call “%s”: "), uri);
        g_task_return_error (task, g_steal_pointer (&error));
        return;
      }
    } else {
      g_task_return_new_error (task, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                             _("Cannot call “%s”: the URI scheme “%s” is not "
                               "supported; set a signaller and dial with no URI"),
                               uri, scheme ? scheme : "");
      return;
    }
  }
  if (!check_can_start (self, &error)) {
    g_task_return_error (task, g_steal_pointer (&error));
    return;
  }

  self->setup_task = g_object_ref (task);
  watch_cancellable (self, cancellable);
  if (!begin_call (self, TRUE, &error))
    finish_call (self, GST_CALL_STATE_FAILED, g_steal_pointer (&error));
}

static gboolean
setup_finish (GstCall       *self,
              GAsyncResult  *result,
              gpointer       source_tag,
              GError       **error)
{
  g_return_val_if_fail (GST_IS_CALL (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * gst_call_dial_finish:
 * @self: a [class@Call]
 * @result: the [iface@Gio.AsyncResult]
 * @error: return location for a #GError
 *
 * Finishes a call started with [method@Call.dial_async].
 *
 * Returns: %TRUE if the call connected
 *
 * Since: 0.1
 */
gboolean
gst_call_dial_finish (GstCall       *self,
                      GAsyncResult  *result,
                      GError       **error)
{
  return setup_finish (self, result, gst_call_dial_async, error);
}

/**
 * gst_call_answer_async:
 * @self: a [class@Call]
 * @cancellable: (nullable): a [class@Gio.Cancellable]; cancelling hangs up
 * @callback: (scope async) (nullable): called once the call is connected or failed
 * @user_data: data for @callback
 *
 * Answers the call offered through the [property@Call:signaller]: the offer
 * that raised [signal@Call::incoming-call], or the next one to arrive.
 * Finish with [method@Call.answer_finish].
 *
 * Since: 0.1
 */
void
gst_call_answer_async (GstCall             *self,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GError) error = NULL;

  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, gst_call_answer_async);

  if (!check_can_start (self, &error)) {
    g_task_return_error (task, g_steal_pointer (&error));
    return;
  }

  self->setup_task = g_object_ref (task);
  watch_cancellable (self, cancellable);
  if (!begin_call (self, FALSE, &error)) {
    finish_call (self, GST_CALL_STATE_FAILED, g_steal_pointer (&error));
    return;
  }
  replay_pending_messages (self);
}

/**
 * gst_call_answer_finish:
 * @self: a [class@Call]
 * @result: the [iface@Gio.AsyncResult]
 * @error: return location for a #GError
 *
 * Finishes an answer started with [method@Call.answer_async].
 *
 * Returns: %TRUE if the call connected
 *
 * Since: 0.1
 */
gboolean
gst_call_answer_finish (GstCall       *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  return setup_finish (self, result, gst_call_answer_async, error);
}

/**
 * gst_call_hangup:
 * @self: a [class@Call]
 *
 * Ends the call: the peer is told through the signaller, media stops and
 * the state becomes %GST_CALL_STATE_ENDED. An incoming call not yet
 * answered is declined. Calling it again, or on a call that already ended,
 * does nothing. Safe from any signal handler.
 *
 * Since: 0.1
 */
void
gst_call_hangup (GstCall *self)
{
  g_return_if_fail (GST_IS_CALL (self));

  if (is_finished (self))
    return;
  if (self->signaller && (self->state != GST_CALL_STATE_IDLE || self->incoming))
    gst_call_signaller_send_bye (self->signaller);
  finish_call (self, GST_CALL_STATE_ENDED, NULL);
}

/**
 * gst_call_send_dtmf:
 * @self: a [class@Call]
 * @tones: the DTMF tones to send, one or more of `0123456789*#ABCD`
 *   (lower-case `abcd` too)
 * @duration_ms: how long each tone lasts, in milliseconds: 40 to 1000, or
 *   0 for 100 ms
 * @error: return location for a #GError
 *
 * Sends @tones to the peer as DTMF: RFC 4733 telephone-events on the
 * call's audio, in the `telephone-event` payload type negotiated at the
 * clock rate of the audio codec (48000 Hz for Opus, 8000 Hz for G.711).
 * libgstcall offers and answers `telephone-event` on every audio section,
 * on both transports.
 *
 * The tones are queued and return at once: they play one after the other
 * in the order given (also over several calls), each for @duration_ms,
 * with a pause of 70 ms between them (the common default, above the
 * 40 ms minimum of ITU-T Q.24). While a tone plays, its events replace the
 * call's audio packets (the audio resumes after it). A muted microphone
 * sends no audio and no tones: queued tones play once it is unmuted.
 *
 * The peer receives them on [signal@Call::dtmf].
 *
 * Returns: %TRUE when the tones are queued; %FALSE with @error set when
 *   the call is not active (%GST_CALL_ERROR_INVALID_STATE), a character is
 *   not a tone or the duration is out of range
 *   (%GST_CALL_ERROR_INVALID_ARGUMENT), the call sends no audio
 *   (%GST_CALL_ERROR_INVALID_STATE) or the peer did not negotiate
 *   `telephone-event` (%GST_CALL_ERROR_NEGOTIATION)
 *
 * Since: 0.1
 */
gboolean
gst_call_send_dtmf (GstCall     *self,
                    const char  *tones,
                    guint        duration_ms,
                    GError     **error)
{
  g_return_val_if_fail (GST_IS_CALL (self), FALSE);
  g_return_val_if_fail (tones != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!gst_call_dtmf_check_tones (tones, duration_ms, error))
    return FALSE;
  if (self->state != GST_CALL_STATE_ACTIVE || !self->session) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                 _("DTMF can be sent during an active call, not during one that is %s"),
                 state_name (self->state));
    return FALSE;
  }
  return gst_call_session_send_dtmf (self->session, tones, duration_ms, error);
}

/**
 * gst_call_add_track:
 * @self: a [class@Call]
 * @kind: audio or video
 * @source: (transfer floating): an element or bin producing raw media of @kind
 * @error: return location for a #GError
 *
 * Sends one more track during the call (a second camera, a screen), which
 * is negotiated with the peer at once. Works on either side of the call.
 *
 * Returns: (transfer none) (nullable): the local [class@CallTrack], or %NULL
 *   with @error set
 *
 * Since: 0.1
 */
GstCallTrack *
gst_call_add_track (GstCall           *self,
                    GstCallMediaKind   kind,
                    GstElement        *source,
                    GError           **error)
{
  g_autoptr (GstElement) source_ref = NULL;

  g_return_val_if_fail (GST_IS_CALL (self), NULL);
  g_return_val_if_fail (GST_IS_ELEMENT (source), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  source_ref = gst_object_ref_sink (source);
  if (self->state != GST_CALL_STATE_CONNECTING && self->state != GST_CALL_STATE_ACTIVE) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                 _("Tracks can be added to a connecting or active call, not to "
                   "one that is %s"), state_name (self->state));
    return NULL;
  }
  return gst_call_session_add_track (self->session, kind, source_ref, error);
}

/**
 * gst_call_remove_track:
 * @self: a [class@Call]
 * @track: a local [class@CallTrack] of the call (the default video or audio
 *   track, or one from [method@Call.add_track])
 * @error: return location for a #GError
 *
 * Stops sending @track during the call (a screen share that ends, a camera
 * turned off for good); renegotiated with the peer at once, from either
 * side. To pause a track, mute it instead.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gst_call_remove_track (GstCall       *self,
                       GstCallTrack  *track,
                       GError       **error)
{
  g_return_val_if_fail (GST_IS_CALL (self), FALSE);
  g_return_val_if_fail (GST_IS_CALL_TRACK (track), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->state != GST_CALL_STATE_CONNECTING && self->state != GST_CALL_STATE_ACTIVE) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                 _("Tracks can be removed from a connecting or active call, not "
                   "from one that is %s"), state_name (self->state));
    return FALSE;
  }
  return gst_call_session_remove_track (self->session, track, error);
}

/**
 * gst_call_get_local_tracks:
 * @self: a [class@Call]
 *
 * Gets the tracks the call sends, once dialled or answered.
 *
 * Returns: (transfer container) (element-type GstCallTrack): the local tracks
 *
 * Since: 0.1
 */
GPtrArray *
gst_call_get_local_tracks (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return gst_call_session_get_local_tracks (self->session);
}

/* ------------------------------------------------------------------------ */
/* Signaller                                                                 */

static void
stash_message (GstCall        *self,
               PendingKind     kind,
               GstCallSdpType  type,
               guint           mline_index,
               const char     *text)
{
  PendingMessage *message = g_new0 (PendingMessage, 1);

  if (!self->pending_messages)
    self->pending_messages = g_ptr_array_new_with_free_func (pending_message_free);
  message->kind = kind;
  message->type = type;
  message->mline_index = mline_index;
  message->text = g_strdup (text);
  g_ptr_array_add (self->pending_messages, message);
}

static void
on_description_received (GstCallSignaller *signaller,
                         GstCallSdpType    type,
                         const char       *sdp,
                         GstCall          *self)
{
  /* Once the call runs, the session takes every message. */
  if (self->session_started || self->state != GST_CALL_STATE_IDLE) {
    if (!is_finished (self))
      gst_call_session_receive_description (self->session, type, sdp);
    return;
  }
  if (type != GST_CALL_SDP_TYPE_OFFER) {
    GST_INFO ("ignoring a %s for no call", gst_call_sdp_type_to_string (type));
    return;
  }
  stash_message (self, PENDING_DESCRIPTION, type, 0, sdp);
  if (!self->incoming) {
    self->incoming = TRUE;
    g_signal_emit (self, gst_call_signals[SIGNAL_INCOMING_CALL], 0);
  }
}

static void
on_candidate_received (GstCallSignaller *signaller,
                       guint             mline_index,
                       const char       *candidate,
                       GstCall          *self)
{
  if (self->session_started || self->state != GST_CALL_STATE_IDLE) {
    if (!is_finished (self))
      gst_call_session_receive_candidate (self->session, mline_index, candidate);
    return;
  }
  stash_message (self, PENDING_CANDIDATE, 0, mline_index, candidate);
}

static void
on_bye_received (GstCallSignaller *signaller,
                 GstCall          *self)
{
  if (self->state == GST_CALL_STATE_IDLE && !self->incoming)
    return;
  GST_INFO ("call %p: the peer hung up", self);
  finish_call_full (self, GST_CALL_STATE_ENDED, GST_CALL_END_REASON_PEER_HANGUP, NULL);
}

/* The signaling server says the peer we talk to left the room: its tab
 * closed or its connection dropped. Its media stops with it; the call is
 * over rather than waiting for peer-timeout. */
static void
on_room_peer_left (GstCallWebSocketSignaller *signaller,
                   const char                *peer_id,
                   GstCall                   *self)
{
  if (g_strcmp0 (peer_id, gst_call_websocket_signaller_get_remote_peer_id (signaller)) != 0)
    return;
  if (self->state == GST_CALL_STATE_IDLE && !self->incoming)
    return;
  GST_INFO ("call %p: the peer left the room", self);
  finish_call_full (self, GST_CALL_STATE_ENDED, GST_CALL_END_REASON_PEER_LEFT, NULL);
}

static void
on_session_candidate_rejected (GstCallSession *session,
                               const GError   *error,
                               GstCall        *self)
{
  self->rejected_candidates++;
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_props[PROP_REJECTED_CANDIDATES]);
  g_signal_emit (self, gst_call_signals[SIGNAL_CANDIDATE_REJECTED], 0, error);
}

static void
on_session_dtmf (GstCallSession *session,
                 const char     *tone,
                 guint           duration_ms,
                 GstCall        *self)
{
  g_signal_emit (self, gst_call_signals[SIGNAL_DTMF], 0, tone, duration_ms);
}

static void
on_signaller_closed (GstCallSignaller *signaller,
                     const GError     *reason,
                     GstCall          *self)
{
  /* A WebRTC call re-establishing its transport needs the signaller for
   * the new offer and answer; plain RTP's path comes back by itself. */
  if (self->state == GST_CALL_STATE_RECONNECTING &&
      gst_call_session_rebuilds_transport (self->session)) {
    fail_call (self, GST_CALL_ERROR_CONNECTION_LOST,
               _("The signaling channel closed while the call was reconnecting: %s"),
               reason ? reason->message : _("closed by the peer"));
    return;
  }
  /* A connected call needs no signaling to go on. */
  if (self->state != GST_CALL_STATE_CONNECTING)
    return;
  fail_call (self, GST_CALL_ERROR_SIGNALING,
             _("The signaling channel closed before the call connected: %s"),
             reason ? reason->message : _("closed by the peer"));
}

/* ------------------------------------------------------------------------ */
/* Statistics                                                                */

static void
on_session_stats (GObject      *source,
                  GAsyncResult *result,
                  gpointer      task)
{
  GError *error = NULL;
  GstCallStats *stats;

  stats = gst_call_session_get_stats_finish (GST_CALL_SESSION (source), result, &error);
  gst_call_session_return_stats (task, stats, error);
}

/**
 * gst_call_get_stats_async:
 * @self: a [class@Call]
 * @cancellable: (nullable): a [class@Gio.Cancellable]
 * @callback: (scope async): called with the statistics
 * @user_data: data for @callback
 *
 * Reads the statistics of the call's streams, as a browser's `getStats()`,
 * from whichever transport the call uses ([class@PeerConnection] or
 * [class@CallRtpTransport]), without blocking. Finish it with
 * [method@Call.get_stats_finish]; @callback runs on the main context @self
 * was created in. Before the call has a transport, the statistics have no
 * streams. [method@CallStats.to_structure] sums them up.
 *
 * Since: 0.1
 */
void
gst_call_get_stats_async (GstCall             *self,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, gst_call_get_stats_async);
  gst_call_session_get_stats_async (self->session, cancellable, on_session_stats, task);
}

/**
 * gst_call_get_stats_finish:
 * @self: a [class@Call]
 * @result: the [iface@Gio.AsyncResult] given to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@Call.get_stats_async].
 *
 * Returns: (transfer full): the statistics, or %NULL with @error set
 *   (%G_IO_ERROR_CANCELLED)
 *
 * Since: 0.1
 */
GstCallStats *
gst_call_get_stats_finish (GstCall       *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * gst_call_get_signaller:
 * @self: a [class@Call]
 *
 * Gets the signaller that reaches the peer, see [property@Call:signaller].
 *
 * Returns: (transfer none) (nullable): the signaller
 *
 * Since: 0.1
 */
GstCallSignaller *
gst_call_get_signaller (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return self->signaller;
}

/**
 * gst_call_set_signaller:
 * @self: a [class@Call]
 * @signaller: (nullable): the signaller that reaches the peer
 *
 * Sets how offers, answers and candidates reach the peer. Offers arriving
 * on it before the call is dialled or answered raise
 * [signal@Call::incoming-call]. Cannot change once the call started.
 *
 * Since: 0.1
 */
void
gst_call_set_signaller (GstCall          *self,
                        GstCallSignaller *signaller)
{
  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (signaller == NULL || GST_IS_CALL_SIGNALLER (signaller));

  if (self->signaller == signaller || !gst_call_check_configurable (self, "signaller"))
    return;

  if (self->signaller)
    g_signal_handlers_disconnect_by_data (self->signaller, self);
  g_set_object (&self->signaller, signaller);
  if (signaller) {
    g_signal_connect (signaller, "description-received",
                      G_CALLBACK (on_description_received), self);
    g_signal_connect (signaller, "candidate-received",
                      G_CALLBACK (on_candidate_received), self);
    g_signal_connect (signaller, "bye-received", G_CALLBACK (on_bye_received), self);
    g_signal_connect (signaller, "closed", G_CALLBACK (on_signaller_closed), self);
    if (GST_IS_CALL_WEBSOCKET_SIGNALLER (signaller))
      g_signal_connect (signaller, "peer-left", G_CALLBACK (on_room_peer_left), self);
  }
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_props[PROP_SIGNALLER]);
}

/**
 * gst_call_get_peer_connection:
 * @self: a [class@Call]
 *
 * Gets the peer connection carrying the call, for inspection. It exists
 * once the call was dialled or answered.
 *
 * Returns: (transfer none) (nullable): the [class@PeerConnection]
 *
 * Since: 0.1
 */
GstPeerConnection *
gst_call_get_peer_connection (GstCall *self)
{
  GObject *transport;

  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  transport = gst_call_session_get_transport (self->session);
  return GST_IS_PEER_CONNECTION (transport) ? GST_PEER_CONNECTION (transport) : NULL;
}

/* The configured sink of @kind leaves the pipeline of a transport that
 * was replaced, for the new one to play into. */
static void
release_sink (GstElement *sink)
{
  g_autoptr (GstObject) parent = sink ? gst_object_get_parent (GST_OBJECT (sink)) : NULL;

  if (!parent)
    return;
  gst_element_set_state (sink, GST_STATE_NULL);
  gst_bin_remove (GST_BIN (parent), sink);
}

/* The call's target-bitrate is its transport's: the peer connection's, or
 * the plain RTP transport's. */
static void
update_target_bitrate (GstCall *self)
{
  GstPeerConnection *pc = gst_call_get_peer_connection (self);
  GstCallRtpTransport *rtp = gst_call_get_rtp_transport (self);
  guint target = 0;

  if (pc)
    target = gst_peer_connection_get_target_bitrate (pc);
  else if (rtp)
    target = gst_call_rtp_transport_get_target_bitrate (rtp);

  if (self->target_bitrate == target)
    return;
  self->target_bitrate = target;
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_props[PROP_TARGET_BITRATE]);
}

static void
on_peer_connection_target_bitrate (GstPeerConnection *pc,
                                   GParamSpec        *pspec,
                                   GstCall           *self)
{
  /* A replaced transport's last word does not count. */
  if (pc == gst_call_get_peer_connection (self))
    update_target_bitrate (self);
}

static void
on_rtp_transport_target_bitrate (GstCallRtpTransport *transport,
                                 GParamSpec          *pspec,
                                 GstCall             *self)
{
  /* A replaced session's last word does not count. */
  if (transport == gst_call_get_rtp_transport (self))
    update_target_bitrate (self);
}

static void
on_session_transport_created (GstCallSession *session,
                              GstCall        *self)
{
  GstPeerConnection *pc = gst_call_get_peer_connection (self);

  if (pc)
    g_signal_connect_object (pc, "notify::target-bitrate",
                             G_CALLBACK (on_peer_connection_target_bitrate), self, 0);
  /* A new transport starts without an estimate. */
  update_target_bitrate (self);
  gst_call_data_channels_transport_created (self);
  /* A new transport replaces a lost one: the old one's packets are no
   * sign of the peer, and the sinks move to the new one. (The lost
   * transport's data channels closed with it.) */
  if (self->state == GST_CALL_STATE_RECONNECTING || self->state == GST_CALL_STATE_ACTIVE) {
    g_clear_pointer (&self->liveness, gst_call_liveness_free);
    gst_clear_object (&self->watched);
    release_sink (self->video_sink);
    release_sink (self->audio_sink);
  }
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_props[PROP_PEER_CONNECTION]);
}

/* The one place that knows the kinds of transport: a session of @kind
 * replaces the call's. */
void
gst_call_set_session (GstCall              *self,
             GstCallTransportKind  kind)
{
  if (self->session) {
    g_signal_handlers_disconnect_by_data (self->session, self);
    gst_call_session_close (self->session);
    g_object_unref (self->session);
  }
  self->session = kind == GST_CALL_TRANSPORT_KIND_RTP ? gst_call_rtp_session_new ()
                                                      : gst_call_webrtc_session_new ();
  g_signal_connect (self->session, "remote-track", G_CALLBACK (on_session_remote_track), self);
  g_signal_connect (self->session, "connected", G_CALLBACK (on_session_connected), self);
  g_signal_connect (self->session, "failed", G_CALLBACK (on_session_failed), self);
  g_signal_connect (self->session, "transport-created",
                    G_CALLBACK (on_session_transport_created), self);
  g_signal_connect (self->session, "candidate-rejected",
                    G_CALLBACK (on_session_candidate_rejected), self);
  g_signal_connect (self->session, "connection-lost",
                    G_CALLBACK (on_session_connection_lost), self);
  g_signal_connect (self->session, "reconnecting",
                    G_CALLBACK (on_session_reconnecting), self);
  g_signal_connect (self->session, "dtmf", G_CALLBACK (on_session_dtmf), self);
  /* The plain RTP transport is there from the start, and stays. */
  if (gst_call_get_rtp_transport (self))
    g_signal_connect_object (gst_call_get_rtp_transport (self), "notify::target-bitrate",
                             G_CALLBACK (on_rtp_transport_target_bitrate), self, 0);
  update_target_bitrate (self);
  gst_call_data_channels_session_changed (self);
}

/**
 * gst_call_get_transport:
 * @self: a [class@Call]
 *
 * Gets what carries the call's media.
 *
 * Returns: the [property@Call:transport]
 *
 * Since: 0.1
 */
GstCallTransportKind
gst_call_get_transport (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), GST_CALL_TRANSPORT_KIND_WEBRTC);

  return self->transport;
}

/**
 * gst_call_set_transport:
 * @self: a [class@Call]
 * @transport: what carries the call's media
 *
 * Chooses WebRTC (the default) or plain RTP for the call, before it is
 * dialled or answered. Choosing %GST_CALL_TRANSPORT_KIND_RTP makes the
 * call's [class@CallRtpTransport] at once, see
 * [method@Call.get_rtp_transport]. Both sides of a call must choose the
 * same transport. Ignored once the call started.
 *
 * Since: 0.1
 */
void
gst_call_set_transport (GstCall              *self,
                        GstCallTransportKind  transport)
{
  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (transport == GST_CALL_TRANSPORT_KIND_WEBRTC ||
                    transport == GST_CALL_TRANSPORT_KIND_RTP);

  if (self->transport == transport)
    return;
  if (self->state != GST_CALL_STATE_IDLE || self->setup_task) {
    g_warning ("The transport of a call cannot change once it started");
    return;
  }
  self->transport = transport;
  gst_call_set_session (self, transport);
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_props[PROP_TRANSPORT]);
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_props[PROP_RTP_TRANSPORT]);
}

/**
 * gst_call_get_rtp_transport:
 * @self: a [class@Call]
 *
 * Gets the plain RTP transport of a call whose [property@Call:transport] is
 * %GST_CALL_TRANSPORT_KIND_RTP, to set its local address, RTX or latency,
 * connect to [signal@CallRtpTransport::bundled-ssrc] or read its statistics
 * before and during the call.
 *
 * Returns: (transfer none) (nullable): the transport, or %NULL for a
 *   WebRTC call
 *
 * Since: 0.1
 */
GstCallRtpTransport *
gst_call_get_rtp_transport (GstCall *self)
{
  GObject *transport;

  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  transport = gst_call_session_get_transport (self->session);
  return GST_IS_CALL_RTP_TRANSPORT (transport) ? GST_CALL_RTP_TRANSPORT (transport) : NULL;
}
