/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include <gst/pbutils/pbutils.h>
#include <gst/webrtc/webrtc.h>

#include "gstcall.h"
#include "gstcall-codec-table-private.h"
#include "gstcall-liveness-private.h"
#include "gstcall-media-private.h"
#include "gstcall-sdp-private.h"
#include "gstcall-sinks-private.h"
#include "gstcall-stats-collector-private.h"
#include "gstcalltrack-private.h"
#include "gstcall-rtp-session-private.h"
#include "gstcall-webrtc-session-private.h"
#include "gstcall-private.h"
#include "gstcallwebsocketsignaller.h"
#include "gstcallwhipsignaller.h"

/**
 * GstCall:
 *
 * A complete call in one object: local media, encoders, the peer connection,
 * signaling and playback of the remote side.
 *
 * ```python
 * call = GstCall.Call.new()
 * call.set_signaller(signaller)
 * call.dial_async(None, None, on_connected)
 * ```
 *
 * Without configuration a call sends the system's camera and microphone
 * (test sources when there are none; or any element, a launch description,
 * or a media file with [method@Call.set_sources_from_uri]) and plays the peer's media with
 * `autovideosink` and `autoaudiosink` (with no display, neither
 * `DISPLAY` nor `WAYLAND_DISPLAY` set, video is received but not shown;
 * with no sound output, no PulseAudio or PipeWire server and no ALSA playback
 * device, audio is received but not played, and a message says so once). Sources, sinks, what to send and
 * muting are properties; remote tracks are announced by
 * [signal@Call::remote-track] before they are played, so an application can
 * take them over.
 *
 * The call's [property@Call:state] goes from %GST_CALL_STATE_IDLE through
 * %GST_CALL_STATE_CONNECTING to %GST_CALL_STATE_ACTIVE, and ends in
 * %GST_CALL_STATE_ENDED (a hang-up, on either side) or
 * %GST_CALL_STATE_FAILED, with the reason on [signal@Call::ended]. A GstCall
 * makes one call; create a new one for the next.
 *
 * Like every object of the library, a call delivers its signals, property
 * notifications and async results on the main context that was
 * thread-default when it was created.
 *
 * Since: 0.1
 */

#define DEFAULT_CONNECT_TIMEOUT 30
#define DEFAULT_LATENCY_MS 50 /* as GstPeerConnection:latency */
#define DEFAULT_PEER_TIMEOUT 8
#define DEFAULT_VIDEO_WIDTH 640
#define DEFAULT_VIDEO_HEIGHT 480
#define DEFAULT_VIDEO_FRAMERATE 30

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

struct _GstCall {
  GObject parent_instance;

  /* configuration */
  GstCallSignaller *signaller;
  GstElement *video_source;
  GstCallBroadcast *broadcasts[2]; /* by GstCallMediaKind */
  GstElement *audio_source;
  GstElement *video_sink;
  GstElement *audio_sink;
  gboolean send_video;
  gboolean send_audio;
  gboolean video_muted;
  gboolean audio_muted;
  guint connect_timeout;
  guint latency;
  guint peer_timeout;
  guint video_width;
  guint video_height;
  guint video_framerate;
  guint bitrates[2]; /* kbit/s by GstCallMediaKind, 0: the encoder's default */
  GstCallCodec codecs[2]; /* by GstCallMediaKind */
  GStrv ice_servers;
  GStrv ice_local_addresses;
  GstCallTransportKind transport;
  /* What gst_call_set_sources_from_description() was given, while the
   * sources are the elements it made: the RTP transport builds its own. */
  char *source_descriptions[2];        /* by GstCallMediaKind */
  GstElement *described_sources[2];    /* not owned, only compared */
  GstCallIceTransportPolicy ice_transport_policy;
  gboolean receive_only; /* dialled a WHEP endpoint */

  /* the call */
  GstCallState state;
  GError *error;
  GstCallSession *session;   /* what carries the media, by the transport */
  gboolean session_started;  /* the peer's messages go to the session */
  GTask *setup_task;
  GSource *timeout_source;
  GstCallLiveness *liveness; /* while active */
  GPtrArray *pending_messages;
  gboolean incoming;
  gulong peer_joined_handler; /* dialling a room nobody is in yet */
};

G_DEFINE_FINAL_TYPE (GstCall, gst_call, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SIGNALLER,
  PROP_VIDEO_SOURCE,
  PROP_AUDIO_SOURCE,
  PROP_VIDEO_SINK,
  PROP_AUDIO_SINK,
  PROP_SEND_VIDEO,
  PROP_SEND_AUDIO,
  PROP_VIDEO_MUTED,
  PROP_AUDIO_MUTED,
  PROP_CONNECT_TIMEOUT,
  PROP_LATENCY,
  PROP_PEER_TIMEOUT,
  PROP_VIDEO_WIDTH,
  PROP_VIDEO_HEIGHT,
  PROP_VIDEO_FRAMERATE,
  PROP_VIDEO_BITRATE,
  PROP_AUDIO_BITRATE,
  PROP_VIDEO_CODEC,
  PROP_AUDIO_CODEC,
  PROP_ICE_SERVERS,
  PROP_ICE_LOCAL_ADDRESSES,
  PROP_VIDEO_BROADCAST,
  PROP_AUDIO_BROADCAST,
  PROP_ICE_TRANSPORT_POLICY,
  PROP_STATE,
  PROP_PEER_CONNECTION,
  PROP_TRANSPORT,
  PROP_RTP_TRANSPORT,
  N_PROPS
};

enum {
  SIGNAL_INCOMING_CALL,
  SIGNAL_REMOTE_TRACK,
  SIGNAL_ENDED,
  N_SIGNALS
};

static GParamSpec *props[N_PROPS];
static guint signals[N_SIGNALS];

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
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_STATE]);
}

static gboolean
is_finished (GstCall *self)
{
  return self->state == GST_CALL_STATE_ENDED || self->state == GST_CALL_STATE_FAILED;
}

static void
clear_timeout (GstCall *self)
{
  if (self->timeout_source) {
    g_source_destroy (self->timeout_source);
    g_clear_pointer (&self->timeout_source, g_source_unref);
  }
}

/* Tears the call down and enters @final_state. @reason (transfer full) is
 * the error for FAILED, NULL for a hang-up. Safe from any handler. */
static void
finish_call (GstCall      *self,
             GstCallState  final_state,
             GError       *reason)
{
  /* Handlers of the signals below may drop the last reference. */
  G_GNUC_UNUSED g_autoptr (GObject) keep_alive = g_object_ref (G_OBJECT (self));
  g_autoptr (GTask) task = g_steal_pointer (&self->setup_task);

  if (is_finished (self)) {
    g_clear_error (&reason);
    return;
  }

  clear_timeout (self);
  g_clear_pointer (&self->liveness, gst_call_liveness_free);
  if (self->peer_joined_handler && self->signaller)
    g_clear_signal_handler (&self->peer_joined_handler, self->signaller);
  g_signal_handlers_disconnect_by_data (self->session, self);
  gst_call_session_close (self->session);
  g_clear_pointer (&self->pending_messages, g_ptr_array_unref);

  self->error = reason;
  set_state (self, final_state);

  if (task) {
    if (reason)
      g_task_return_error (task, g_error_copy (reason));
    else
      g_task_return_new_error (task, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED,
                               _("The call was hung up before it connected"));
  }

  g_signal_emit (self, signals[SIGNAL_ENDED], 0, reason);
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
/* Media                                                                     */

/* Announces a remote track of either transport and, unless the application
 * linked it, plays it into the configured or an automatic sink. */
static void
play_remote_track (GstCall      *self,
                   GstCallTrack *track)
{
  GstCallMediaKind kind = gst_call_track_get_kind (track);
  GstElement *sink;
  g_autoptr (GError) error = NULL;

  g_signal_emit (self, signals[SIGNAL_REMOTE_TRACK], 0, track);

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

static gboolean
on_peer_silent (gpointer user_data)
{
  GstCall *self = user_data;

  fail_call (self, GST_CALL_ERROR_ICE,
             _("Nothing came from the peer for %u s: the connection was lost or "
               "the peer stopped"), self->peer_timeout);
  return G_SOURCE_REMOVE;
}

/* Media flows: the call is active, and watched for a peer that goes away. */
static void
on_session_connected (GstCallSession *session,
                      GstElement     *watched,
                      GstCall        *self)
{
  g_autoptr (GTask) task = NULL;

  if (self->state != GST_CALL_STATE_CONNECTING)
    return;
  task = g_steal_pointer (&self->setup_task);
  clear_timeout (self);
  if (self->peer_timeout > 0)
    self->liveness = gst_call_liveness_new (watched, self->peer_timeout, on_peer_silent, self);
  set_state (self, GST_CALL_STATE_ACTIVE);
  if (task)
    g_task_return_boolean (task, TRUE);
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
                         _("The call has no signaller: set one with "
                           "gst_call_set_signaller()"));
    return FALSE;
  }
  return TRUE;
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

  if (self->state != GST_CALL_STATE_IDLE || self->setup_task) {
    g_task_return_new_error (task, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                             _("The call is %s: a GstCall makes one call, create a new one "
                               "for the next"), state_name (self->state));
    return;
  }

  signaller = gst_call_websocket_signaller_new (uri, NULL);
  gst_call_set_signaller (self, GST_CALL_SIGNALLER (signaller));
  self->setup_task = g_object_ref (task);
  watch_cancellable (self, g_task_get_cancellable (task));
  gst_call_websocket_signaller_connect_async (signaller, g_task_get_cancellable (task),
                                              on_room_joined, g_object_ref (self));
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
 *   then only receives), through a [class@CallWhipSignaller]
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
    g_signal_emit (self, signals[SIGNAL_INCOMING_CALL], 0);
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
  finish_call (self, GST_CALL_STATE_ENDED, NULL);
}

static void
on_signaller_closed (GstCallSignaller *signaller,
                     const GError     *reason,
                     GstCall          *self)
{
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

/* ------------------------------------------------------------------------ */
/* Properties                                                                */

static void
replace_element (GstElement **field,
                 GstElement  *element)
{
  if (element)
    gst_object_ref_sink (element);
  gst_clear_object (field);
  *field = element;
}

static gboolean
check_configurable (GstCall    *self,
                    const char *what)
{
  if (self->state == GST_CALL_STATE_IDLE)
    return TRUE;
  g_critical ("GstCall: the %s cannot change once the call started", what);
  return FALSE;
}

/**
 * gst_call_new:
 *
 * Creates a call. Configure it, set a signaller, then dial or answer.
 *
 * Returns: (transfer full): a new [class@Call]
 *
 * Since: 0.1
 */
GstCall *
gst_call_new (void)
{
  return g_object_new (GST_TYPE_CALL, NULL);
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

  if (self->signaller == signaller || !check_configurable (self, "signaller"))
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
  }
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SIGNALLER]);
}

/* The setter of the element properties: @element replaces *@field while
 * the call is configurable. */
static void
set_element_property (GstCall     *self,
                      GstElement **field,
                      GstElement  *element,
                      guint        prop,
                      const char  *what)
{
  if (*field == element || !check_configurable (self, what))
    return;
  replace_element (field, element);
  g_object_notify_by_pspec (G_OBJECT (self), props[prop]);
}

/**
 * gst_call_get_video_source:
 * @self: a [class@Call]
 *
 * Gets the video source, see [property@Call:video-source].
 *
 * Returns: (transfer none) (nullable): the video source, %NULL for the default
 *
 * Since: 0.1
 */
GstElement *
gst_call_get_video_source (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return self->video_source;
}

/**
 * gst_call_set_video_source:
 * @self: a [class@Call]
 * @source: (nullable) (transfer floating): an element or bin producing raw
 *   video on an always source pad (a live source: camera, `appsrc
 *   is-live=true`, `videotestsrc is-live=true`), or %NULL for the default
 *   (the first camera, else a test pattern)
 *
 * Sets what the call sends as video.
 *
 * Since: 0.1
 */
void
gst_call_set_video_source (GstCall    *self,
                           GstElement *source)
{
  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (source == NULL || GST_IS_ELEMENT (source));

  set_element_property (self, &self->video_source, source, PROP_VIDEO_SOURCE, "video source");
}

/**
 * gst_call_get_audio_source:
 * @self: a [class@Call]
 *
 * Gets the audio source, see [property@Call:audio-source].
 *
 * Returns: (transfer none) (nullable): the audio source, %NULL for the default
 *
 * Since: 0.1
 */
GstElement *
gst_call_get_audio_source (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return self->audio_source;
}

/**
 * gst_call_set_audio_source:
 * @self: a [class@Call]
 * @source: (nullable) (transfer floating): an element or bin producing raw
 *   audio on an always source pad, or %NULL for the default (the first
 *   microphone, else a test tone)
 *
 * Sets what the call sends as audio.
 *
 * Since: 0.1
 */
void
gst_call_set_audio_source (GstCall    *self,
                           GstElement *source)
{
  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (source == NULL || GST_IS_ELEMENT (source));

  set_element_property (self, &self->audio_source, source, PROP_AUDIO_SOURCE, "audio source");
}

/**
 * gst_call_get_video_sink:
 * @self: a [class@Call]
 *
 * Gets the sink that plays the peer's video, see [property@Call:video-sink].
 *
 * Returns: (transfer none) (nullable): the video sink, %NULL for `autovideosink`
 *
 * Since: 0.1
 */
GstElement *
gst_call_get_video_sink (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return self->video_sink;
}

/**
 * gst_call_set_video_sink:
 * @self: a [class@Call]
 * @sink: (nullable) (transfer floating): the element playing the peer's
 *   video (it receives raw video of any format), or %NULL for
 *   `autovideosink`
 *
 * Sets where the peer's video goes, unless a [signal@Call::remote-track]
 * handler took the track.
 *
 * Since: 0.1
 */
void
gst_call_set_video_sink (GstCall    *self,
                         GstElement *sink)
{
  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (sink == NULL || GST_IS_ELEMENT (sink));

  set_element_property (self, &self->video_sink, sink, PROP_VIDEO_SINK, "video sink");
}

/**
 * gst_call_get_audio_sink:
 * @self: a [class@Call]
 *
 * Gets the sink that plays the peer's audio, see [property@Call:audio-sink].
 *
 * Returns: (transfer none) (nullable): the audio sink, %NULL for `autoaudiosink`
 *
 * Since: 0.1
 */
GstElement *
gst_call_get_audio_sink (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return self->audio_sink;
}

/**
 * gst_call_set_audio_sink:
 * @self: a [class@Call]
 * @sink: (nullable) (transfer floating): the element playing the peer's
 *   audio, or %NULL for `autoaudiosink`
 *
 * Sets where the peer's audio goes, unless a [signal@Call::remote-track]
 * handler took the track.
 *
 * Since: 0.1
 */
void
gst_call_set_audio_sink (GstCall    *self,
                         GstElement *sink)
{
  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (sink == NULL || GST_IS_ELEMENT (sink));

  set_element_property (self, &self->audio_sink, sink, PROP_AUDIO_SINK, "audio sink");
}

/**
 * gst_call_set_sources_from_description:
 * @self: a [class@Call]
 * @video: (nullable): a gst-launch description of the video source, e.g.
 *   `v4l2src device=/dev/video2`, or %NULL to keep the current one
 * @audio: (nullable): a gst-launch description of the audio source, or
 *   %NULL to keep the current one
 * @error: return location for a #GError
 *
 * Builds the sources from launch descriptions and sets them as
 * [property@Call:video-source] and [property@Call:audio-source].
 *
 * Returns: %TRUE on success; on failure nothing changed
 *
 * Since: 0.1
 */
gboolean
gst_call_set_sources_from_description (GstCall     *self,
                                       const char  *video,
                                       const char  *audio,
                                       GError     **error)
{
  g_autoptr (GstElement) video_source = NULL;
  g_autoptr (GstElement) audio_source = NULL;

  g_return_val_if_fail (GST_IS_CALL (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->state != GST_CALL_STATE_IDLE) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                         _("The sources cannot change once the call started"));
    return FALSE;
  }
  if (video) {
    video_source = gst_call_media_make_source_from_description (GST_CALL_MEDIA_KIND_VIDEO,
                                                                video, error);
    if (!video_source)
      return FALSE;
    gst_object_ref_sink (video_source);
  }
  if (audio) {
    audio_source = gst_call_media_make_source_from_description (GST_CALL_MEDIA_KIND_AUDIO,
                                                                audio, error);
    if (!audio_source)
      return FALSE;
    gst_object_ref_sink (audio_source);
  }
  if (video_source) {
    gst_call_set_video_source (self, video_source);
    g_free (self->source_descriptions[GST_CALL_MEDIA_KIND_VIDEO]);
    self->source_descriptions[GST_CALL_MEDIA_KIND_VIDEO] = g_strdup (video);
    self->described_sources[GST_CALL_MEDIA_KIND_VIDEO] = video_source;
  }
  if (audio_source) {
    gst_call_set_audio_source (self, audio_source);
    g_free (self->source_descriptions[GST_CALL_MEDIA_KIND_AUDIO]);
    self->source_descriptions[GST_CALL_MEDIA_KIND_AUDIO] = g_strdup (audio);
    self->described_sources[GST_CALL_MEDIA_KIND_AUDIO] = audio_source;
  }
  return TRUE;
}

#define DISCOVER_TIMEOUT (10 * GST_SECOND)

/**
 * gst_call_set_sources_from_uri:
 * @self: a [class@Call]
 * @uri: a media file, as a URI (`file:///...`, `https://...`) or a local path
 * @error: return location for a #GError
 *
 * Sends a media file: its first video stream becomes the
 * [property@Call:video-source] and its first audio stream the
 * [property@Call:audio-source], each played at its own pace as a live
 * source would. A kind the file does not have is not sent
 * ([property@Call:send-video] or [property@Call:send-audio] becomes %FALSE).
 * When the file ends, its tracks send nothing more.
 *
 * The file is inspected before this returns (at most 10 seconds).
 *
 * Returns: %TRUE on success; on failure nothing changed
 *
 * Since: 0.1
 */
gboolean
gst_call_set_sources_from_uri (GstCall     *self,
                               const char  *uri,
                               GError     **error)
{
  g_autofree char *full_uri = NULL;
  g_autoptr (GstDiscoverer) discoverer = NULL;
  g_autoptr (GstDiscovererInfo) info = NULL;
  g_autoptr (GError) discover_error = NULL;
  g_autoptr (GstElement) video_source = NULL;
  g_autoptr (GstElement) audio_source = NULL;
  GList *video_streams, *audio_streams;
  gboolean has_video, has_audio;

  g_return_val_if_fail (GST_IS_CALL (self), FALSE);
  g_return_val_if_fail (uri != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->state != GST_CALL_STATE_IDLE) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                         _("The sources cannot change once the call started"));
    return FALSE;
  }

  if (gst_uri_is_valid (uri)) {
    full_uri = g_strdup (uri);
  } else {
    full_uri = gst_filename_to_uri (uri, &discover_error);
    if (!full_uri) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("“%s” is neither a URI nor a file name: %s"), uri,
                   discover_error->message);
      return FALSE;
    }
  }

  discoverer = gst_discoverer_new (DISCOVER_TIMEOUT, &discover_error);
  if (discoverer)
    info = gst_discoverer_discover_uri (discoverer, full_uri, &discover_error);
  if (!info || gst_discoverer_info_get_result (info) != GST_DISCOVERER_OK) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("Cannot play “%s”: %s"), full_uri,
                 discover_error ? discover_error->message : _("unknown error"));
    return FALSE;
  }

  video_streams = gst_discoverer_info_get_video_streams (info);
  audio_streams = gst_discoverer_info_get_audio_streams (info);
  has_video = video_streams != NULL;
  has_audio = audio_streams != NULL;
  gst_discoverer_stream_info_list_free (video_streams);
  gst_discoverer_stream_info_list_free (audio_streams);
  if (!has_video && !has_audio) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("“%s” has neither video nor audio"), full_uri);
    return FALSE;
  }

  if (has_video) {
    video_source = gst_call_media_make_source_from_uri (GST_CALL_MEDIA_KIND_VIDEO,
                                                        full_uri, error);
    if (!video_source)
      return FALSE;
    gst_object_ref_sink (video_source);
  }
  if (has_audio) {
    audio_source = gst_call_media_make_source_from_uri (GST_CALL_MEDIA_KIND_AUDIO,
                                                        full_uri, error);
    if (!audio_source)
      return FALSE;
    gst_object_ref_sink (audio_source);
  }

  gst_call_set_video_source (self, video_source);
  gst_call_set_audio_source (self, audio_source);
  gst_call_set_send_video (self, has_video);
  gst_call_set_send_audio (self, has_audio);
  return TRUE;
}

/* The setter of the boolean properties: @value replaces *@field while
 * the call is configurable. */
static void
set_boolean_property (GstCall    *self,
                      gboolean   *field,
                      gboolean    value,
                      guint       prop,
                      const char *what)
{
  value = !!value;
  if (*field == value || !check_configurable (self, what))
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), props[prop]);
}

/**
 * gst_call_get_send_video:
 * @self: a [class@Call]
 *
 * Gets whether the call sends video, see [property@Call:send-video].
 *
 * Returns: whether the call sends video
 *
 * Since: 0.1
 */
gboolean
gst_call_get_send_video (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), FALSE);

  return self->send_video;
}

/**
 * gst_call_set_send_video:
 * @self: a [class@Call]
 * @send_video: %FALSE for a call that only receives video (or none)
 *
 * Sets whether the call sends video. Cannot change once the call started;
 * mute with [method@Call.set_video_muted] instead.
 *
 * Since: 0.1
 */
void
gst_call_set_send_video (GstCall  *self,
                         gboolean  send_video)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_boolean_property (self, &self->send_video, send_video, PROP_SEND_VIDEO, "video sending");
}

/**
 * gst_call_get_send_audio:
 * @self: a [class@Call]
 *
 * Gets whether the call sends audio, see [property@Call:send-audio].
 *
 * Returns: whether the call sends audio
 *
 * Since: 0.1
 */
gboolean
gst_call_get_send_audio (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), FALSE);

  return self->send_audio;
}

/**
 * gst_call_set_send_audio:
 * @self: a [class@Call]
 * @send_audio: %FALSE for a call that only receives audio (or none)
 *
 * Sets whether the call sends audio. Cannot change once the call started;
 * mute with [method@Call.set_audio_muted] instead.
 *
 * Since: 0.1
 */
void
gst_call_set_send_audio (GstCall  *self,
                         gboolean  send_audio)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_boolean_property (self, &self->send_audio, send_audio, PROP_SEND_AUDIO, "audio sending");
}

static void
set_muted (GstCall          *self,
           GstCallMediaKind  kind,
           gboolean          muted)
{
  gboolean *field = kind == GST_CALL_MEDIA_KIND_VIDEO ? &self->video_muted
                                                      : &self->audio_muted;

  muted = !!muted;
  if (*field == muted)
    return;
  *field = muted;
  gst_call_session_set_muted (self->session, kind, muted);
  g_object_notify_by_pspec (G_OBJECT (self),
                            props[kind == GST_CALL_MEDIA_KIND_VIDEO ? PROP_VIDEO_MUTED
                                                                    : PROP_AUDIO_MUTED]);
}

/**
 * gst_call_get_video_muted:
 * @self: a [class@Call]
 *
 * Gets whether the video is muted, see [property@Call:video-muted].
 *
 * Returns: whether the video is muted
 *
 * Since: 0.1
 */
gboolean
gst_call_get_video_muted (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), FALSE);

  return self->video_muted;
}

/**
 * gst_call_set_video_muted:
 * @self: a [class@Call]
 * @muted: %TRUE to stop sending video, %FALSE to send again
 *
 * Mutes or unmutes the video, before or during the call. The peer receives
 * no video frames while muted.
 *
 * Since: 0.1
 */
void
gst_call_set_video_muted (GstCall  *self,
                          gboolean  muted)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_muted (self, GST_CALL_MEDIA_KIND_VIDEO, muted);
}

/**
 * gst_call_get_audio_muted:
 * @self: a [class@Call]
 *
 * Gets whether the audio is muted, see [property@Call:audio-muted].
 *
 * Returns: whether the audio is muted
 *
 * Since: 0.1
 */
gboolean
gst_call_get_audio_muted (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), FALSE);

  return self->audio_muted;
}

/**
 * gst_call_set_audio_muted:
 * @self: a [class@Call]
 * @muted: %TRUE to stop sending audio, %FALSE to send again
 *
 * Mutes or unmutes the audio, before or during the call.
 *
 * Since: 0.1
 */
void
gst_call_set_audio_muted (GstCall  *self,
                          gboolean  muted)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_muted (self, GST_CALL_MEDIA_KIND_AUDIO, muted);
}

/**
 * gst_call_get_state:
 * @self: a [class@Call]
 *
 * Gets the call state, see [property@Call:state].
 *
 * Returns: the call state
 *
 * Since: 0.1
 */
GstCallState
gst_call_get_state (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), GST_CALL_STATE_FAILED);

  return self->state;
}

/**
 * gst_call_get_error:
 * @self: a [class@Call]
 *
 * Gets the reason a failed call failed.
 *
 * Returns: (transfer none) (nullable): why the call failed, %NULL unless the
 *   state is %GST_CALL_STATE_FAILED
 *
 * Since: 0.1
 */
const GError *
gst_call_get_error (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return self->error;
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

static void
on_session_transport_created (GstCallSession *session,
                              GstCall        *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PEER_CONNECTION]);
}

/* The one place that knows the kinds of transport: a session of @kind
 * replaces the call's. */
static void
set_session (GstCall              *self,
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
  set_session (self, transport);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_TRANSPORT]);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_RTP_TRANSPORT]);
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

/**
 * gst_call_set_broadcast:
 * @self: a [class@Call]
 * @broadcast: a [class@CallBroadcast]
 *
 * Sends @broadcast as the call's media of its kind: the broadcast's encoder
 * is shared by every call sending it, so N calls cost one encoder instead
 * of N. The call's own source of that kind is not used. Set it before the
 * call starts.
 *
 * Since: 0.1
 */
void
gst_call_set_broadcast (GstCall          *self,
                        GstCallBroadcast *broadcast)
{
  GstCallMediaKind kind;

  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (GST_IS_CALL_BROADCAST (broadcast));

  kind = gst_call_broadcast_get_kind (broadcast);
  if (self->broadcasts[kind] == broadcast || !check_configurable (self, "broadcast"))
    return;
  g_set_object (&self->broadcasts[kind], broadcast);
  g_object_notify_by_pspec (G_OBJECT (self),
                            props[kind == GST_CALL_MEDIA_KIND_VIDEO ? PROP_VIDEO_BROADCAST
                                                                    : PROP_AUDIO_BROADCAST]);
}

/**
 * gst_call_get_broadcast:
 * @self: a [class@Call]
 * @kind: audio or video
 *
 * Gets the broadcast the call sends as its media of @kind, see
 * [method@Call.set_broadcast].
 *
 * Returns: (transfer none) (nullable): the broadcast, or %NULL when the call
 *   encodes its own source
 *
 * Since: 0.1
 */
GstCallBroadcast *
gst_call_get_broadcast (GstCall          *self,
                        GstCallMediaKind  kind)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);
  g_return_val_if_fail (kind == GST_CALL_MEDIA_KIND_AUDIO || kind == GST_CALL_MEDIA_KIND_VIDEO,
                        NULL);

  return self->broadcasts[kind];
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                   */

static void
gst_call_dispose (GObject *object)
{
  GstCall *self = GST_CALL (object);

  clear_timeout (self);
  g_clear_pointer (&self->liveness, gst_call_liveness_free);
  if (self->session) {
    g_signal_handlers_disconnect_by_data (self->session, self);
    gst_call_session_close (self->session);
    g_clear_object (&self->session);
  }
  if (self->signaller) {
    g_signal_handlers_disconnect_by_data (self->signaller, self);
    g_clear_object (&self->signaller);
  }
  gst_clear_object (&self->video_source);
  gst_clear_object (&self->audio_source);
  g_clear_object (&self->broadcasts[0]);
  g_clear_object (&self->broadcasts[1]);
  gst_clear_object (&self->video_sink);
  gst_clear_object (&self->audio_sink);

  G_OBJECT_CLASS (gst_call_parent_class)->dispose (object);
}

static void
gst_call_finalize (GObject *object)
{
  GstCall *self = GST_CALL (object);

  g_clear_error (&self->error);
  g_clear_pointer (&self->pending_messages, g_ptr_array_unref);
  g_strfreev (self->ice_servers);
  g_strfreev (self->ice_local_addresses);
  g_free (self->source_descriptions[0]);
  g_free (self->source_descriptions[1]);
  gst_call_join_dtls_certificate ();

  G_OBJECT_CLASS (gst_call_parent_class)->finalize (object);
}

static void
gst_call_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  GstCall *self = GST_CALL (object);

  switch (prop_id) {
    case PROP_SIGNALLER:
      g_value_set_object (value, self->signaller);
      break;
    case PROP_VIDEO_SOURCE:
      g_value_set_object (value, self->video_source);
      break;
    case PROP_AUDIO_SOURCE:
      g_value_set_object (value, self->audio_source);
      break;
    case PROP_VIDEO_SINK:
      g_value_set_object (value, self->video_sink);
      break;
    case PROP_AUDIO_SINK:
      g_value_set_object (value, self->audio_sink);
      break;
    case PROP_SEND_VIDEO:
      g_value_set_boolean (value, self->send_video);
      break;
    case PROP_SEND_AUDIO:
      g_value_set_boolean (value, self->send_audio);
      break;
    case PROP_VIDEO_MUTED:
      g_value_set_boolean (value, self->video_muted);
      break;
    case PROP_AUDIO_MUTED:
      g_value_set_boolean (value, self->audio_muted);
      break;
    case PROP_CONNECT_TIMEOUT:
      g_value_set_uint (value, self->connect_timeout);
      break;
    case PROP_LATENCY:
      g_value_set_uint (value, self->latency);
      break;
    case PROP_VIDEO_BROADCAST:
      g_value_set_object (value, self->broadcasts[GST_CALL_MEDIA_KIND_VIDEO]);
      break;
    case PROP_AUDIO_BROADCAST:
      g_value_set_object (value, self->broadcasts[GST_CALL_MEDIA_KIND_AUDIO]);
      break;
    case PROP_PEER_TIMEOUT:
      g_value_set_uint (value, self->peer_timeout);
      break;
    case PROP_VIDEO_WIDTH:
      g_value_set_uint (value, self->video_width);
      break;
    case PROP_VIDEO_HEIGHT:
      g_value_set_uint (value, self->video_height);
      break;
    case PROP_VIDEO_FRAMERATE:
      g_value_set_uint (value, self->video_framerate);
      break;
    case PROP_VIDEO_BITRATE:
      g_value_set_uint (value, self->bitrates[GST_CALL_MEDIA_KIND_VIDEO]);
      break;
    case PROP_AUDIO_BITRATE:
      g_value_set_uint (value, self->bitrates[GST_CALL_MEDIA_KIND_AUDIO]);
      break;
    case PROP_VIDEO_CODEC:
      g_value_set_enum (value, self->codecs[GST_CALL_MEDIA_KIND_VIDEO]);
      break;
    case PROP_AUDIO_CODEC:
      g_value_set_enum (value, self->codecs[GST_CALL_MEDIA_KIND_AUDIO]);
      break;
    case PROP_ICE_SERVERS:
      g_value_set_boxed (value, self->ice_servers);
      break;
    case PROP_ICE_LOCAL_ADDRESSES:
      g_value_set_boxed (value, self->ice_local_addresses);
      break;
    case PROP_ICE_TRANSPORT_POLICY:
      g_value_set_enum (value, self->ice_transport_policy);
      break;
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_PEER_CONNECTION:
      g_value_set_object (value, gst_call_get_peer_connection (self));
      break;
    case PROP_TRANSPORT:
      g_value_set_enum (value, self->transport);
      break;
    case PROP_RTP_TRANSPORT:
      g_value_set_object (value, gst_call_get_rtp_transport (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
set_uint_property (GstCall    *self,
                   guint      *field,
                   guint       value,
                   guint       prop_id,
                   const char *what)
{
  if (*field == value || !check_configurable (self, what))
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), props[prop_id]);
}

static void
set_strv_property (GstCall            *self,
                   GStrv              *field,
                   const char * const *strv,
                   guint               prop_id,
                   const char         *what)
{
  if (!check_configurable (self, what))
    return;
  g_strfreev (*field);
  *field = g_strdupv ((char **) strv);
  g_object_notify_by_pspec (G_OBJECT (self), props[prop_id]);
}

static void
set_codec (GstCall          *self,
           GstCallMediaKind  kind,
           GstCallCodec      codec,
           guint             prop_id)
{
  if (self->codecs[kind] == codec || !check_configurable (self, "codec"))
    return;
  if (!gst_call_media_codec_can_send (codec) || gst_call_media_codec_kind (codec) != kind) {
    g_autofree char *name = g_enum_to_string (GST_TYPE_CALL_CODEC, codec);

    g_critical ("GstCall: %s cannot be the %s codec", name,
                gst_call_media_kind_to_string (kind));
    return;
  }
  self->codecs[kind] = codec;
  g_object_notify_by_pspec (G_OBJECT (self), props[prop_id]);
}

/* Any time: the call's tracks of @kind follow at once. */
static void
set_bitrate (GstCall          *self,
             GstCallMediaKind  kind,
             guint             kbit_per_second)
{
  if (self->bitrates[kind] == kbit_per_second)
    return;
  self->bitrates[kind] = kbit_per_second;
  gst_call_session_set_bitrate (self->session, kind, kbit_per_second);
  g_object_notify_by_pspec (G_OBJECT (self),
                            props[kind == GST_CALL_MEDIA_KIND_VIDEO ? PROP_VIDEO_BITRATE
                                                                    : PROP_AUDIO_BITRATE]);
}

/**
 * gst_call_get_connect_timeout:
 * @self: a [class@Call]
 *
 * Gets [property@Call:connect-timeout].
 *
 * Returns: seconds a call may take to connect
 *
 * Since: 0.1
 */
guint
gst_call_get_connect_timeout (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->connect_timeout;
}

/**
 * gst_call_set_connect_timeout:
 * @self: a [class@Call]
 * @seconds: seconds a call may take to connect
 *
 * Sets [property@Call:connect-timeout].
 *
 * Since: 0.1
 */
void
gst_call_set_connect_timeout (GstCall *self,
                              guint    seconds)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_uint_property (self, &self->connect_timeout, seconds, PROP_CONNECT_TIMEOUT, "connect timeout");
}

/**
 * gst_call_get_latency:
 * @self: a [class@Call]
 *
 * Gets [property@Call:latency].
 *
 * Returns: milliseconds of jitterbuffer latency
 *
 * Since: 0.1
 */
guint
gst_call_get_latency (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->latency;
}

/**
 * gst_call_set_latency:
 * @self: a [class@Call]
 * @latency: milliseconds of jitterbuffer latency
 *
 * Sets [property@Call:latency].
 *
 * Since: 0.1
 */
void
gst_call_set_latency (GstCall *self,
                      guint    latency)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_uint_property (self, &self->latency, latency, PROP_LATENCY, "latency");
}

/**
 * gst_call_get_peer_timeout:
 * @self: a [class@Call]
 *
 * Gets [property@Call:peer-timeout].
 *
 * Returns: seconds of silence from the peer before the call fails, 0 for never
 *
 * Since: 0.1
 */
guint
gst_call_get_peer_timeout (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->peer_timeout;
}

/**
 * gst_call_set_peer_timeout:
 * @self: a [class@Call]
 * @seconds: seconds of silence from the peer before the call fails, 0 for never
 *
 * Sets [property@Call:peer-timeout].
 *
 * Since: 0.1
 */
void
gst_call_set_peer_timeout (GstCall *self,
                           guint    seconds)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_uint_property (self, &self->peer_timeout, seconds, PROP_PEER_TIMEOUT, "peer timeout");
}

/**
 * gst_call_get_video_width:
 * @self: a [class@Call]
 *
 * Gets [property@Call:video-width].
 *
 * Returns: the width of the sent video, in pixels
 *
 * Since: 0.1
 */
guint
gst_call_get_video_width (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->video_width;
}

/**
 * gst_call_set_video_width:
 * @self: a [class@Call]
 * @width: the width of the sent video, in pixels
 *
 * Sets [property@Call:video-width].
 *
 * Since: 0.1
 */
void
gst_call_set_video_width (GstCall *self,
                          guint    width)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_uint_property (self, &self->video_width, width, PROP_VIDEO_WIDTH, "video width");
}

/**
 * gst_call_get_video_height:
 * @self: a [class@Call]
 *
 * Gets [property@Call:video-height].
 *
 * Returns: the height of the sent video, in pixels
 *
 * Since: 0.1
 */
guint
gst_call_get_video_height (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->video_height;
}

/**
 * gst_call_set_video_height:
 * @self: a [class@Call]
 * @height: the height of the sent video, in pixels
 *
 * Sets [property@Call:video-height].
 *
 * Since: 0.1
 */
void
gst_call_set_video_height (GstCall *self,
                           guint    height)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_uint_property (self, &self->video_height, height, PROP_VIDEO_HEIGHT, "video height");
}

/**
 * gst_call_get_video_framerate:
 * @self: a [class@Call]
 *
 * Gets [property@Call:video-framerate].
 *
 * Returns: the frame rate of the sent video, in frames a second
 *
 * Since: 0.1
 */
guint
gst_call_get_video_framerate (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->video_framerate;
}

/**
 * gst_call_set_video_framerate:
 * @self: a [class@Call]
 * @framerate: the frame rate of the sent video, in frames a second
 *
 * Sets [property@Call:video-framerate].
 *
 * Since: 0.1
 */
void
gst_call_set_video_framerate (GstCall *self,
                              guint    framerate)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_uint_property (self, &self->video_framerate, framerate, PROP_VIDEO_FRAMERATE, "video frame rate");
}

/**
 * gst_call_get_video_bitrate:
 * @self: a [class@Call]
 *
 * Gets [property@Call:video-bitrate].
 *
 * Returns: the target bitrate of the video encoder, in kbit/s; 0 for its
 *   default
 *
 * Since: 0.1
 */
guint
gst_call_get_video_bitrate (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->bitrates[GST_CALL_MEDIA_KIND_VIDEO];
}

/**
 * gst_call_set_video_bitrate:
 * @self: a [class@Call]
 * @kbit_per_second: the target bitrate of the video encoder, 0 for its
 *   default
 *
 * Sets [property@Call:video-bitrate]. Can change during the call.
 *
 * Since: 0.1
 */
void
gst_call_set_video_bitrate (GstCall *self,
                            guint    kbit_per_second)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_bitrate (self, GST_CALL_MEDIA_KIND_VIDEO, kbit_per_second);
}

/**
 * gst_call_get_video_codec:
 * @self: a [class@Call]
 *
 * Gets [property@Call:video-codec].
 *
 * Returns: the codec the call sends video with
 *
 * Since: 0.1
 */
GstCallCodec
gst_call_get_video_codec (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), GST_CALL_CODEC_VP8);

  return self->codecs[GST_CALL_MEDIA_KIND_VIDEO];
}

/**
 * gst_call_set_video_codec:
 * @self: a [class@Call]
 * @codec: a video codec the call can send
 *
 * Sets [property@Call:video-codec], before the call starts.
 *
 * Since: 0.1
 */
void
gst_call_set_video_codec (GstCall      *self,
                          GstCallCodec  codec)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_codec (self, GST_CALL_MEDIA_KIND_VIDEO, codec, PROP_VIDEO_CODEC);
}

/**
 * gst_call_get_video_broadcast:
 * @self: a [class@Call]
 *
 * Gets [property@Call:video-broadcast], the same as
 * [method@Call.get_broadcast] for %GST_CALL_MEDIA_KIND_VIDEO.
 *
 * Returns: (transfer none) (nullable): the broadcast the call sends as its
 *   video, or %NULL
 *
 * Since: 0.1
 */
GstCallBroadcast *
gst_call_get_video_broadcast (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return self->broadcasts[GST_CALL_MEDIA_KIND_VIDEO];
}

/**
 * gst_call_get_audio_bitrate:
 * @self: a [class@Call]
 *
 * Gets [property@Call:audio-bitrate].
 *
 * Returns: the target bitrate of the audio encoder, in kbit/s; 0 for its
 *   default
 *
 * Since: 0.1
 */
guint
gst_call_get_audio_bitrate (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->bitrates[GST_CALL_MEDIA_KIND_AUDIO];
}

/**
 * gst_call_set_audio_bitrate:
 * @self: a [class@Call]
 * @kbit_per_second: the target bitrate of the audio encoder, 0 for its
 *   default
 *
 * Sets [property@Call:audio-bitrate]. Can change during the call.
 *
 * Since: 0.1
 */
void
gst_call_set_audio_bitrate (GstCall *self,
                            guint    kbit_per_second)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_bitrate (self, GST_CALL_MEDIA_KIND_AUDIO, kbit_per_second);
}

/**
 * gst_call_get_audio_codec:
 * @self: a [class@Call]
 *
 * Gets [property@Call:audio-codec].
 *
 * Returns: the codec the call sends audio with
 *
 * Since: 0.1
 */
GstCallCodec
gst_call_get_audio_codec (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), GST_CALL_CODEC_OPUS);

  return self->codecs[GST_CALL_MEDIA_KIND_AUDIO];
}

/**
 * gst_call_set_audio_codec:
 * @self: a [class@Call]
 * @codec: a audio codec the call can send
 *
 * Sets [property@Call:audio-codec], before the call starts.
 *
 * Since: 0.1
 */
void
gst_call_set_audio_codec (GstCall      *self,
                          GstCallCodec  codec)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_codec (self, GST_CALL_MEDIA_KIND_AUDIO, codec, PROP_AUDIO_CODEC);
}

/**
 * gst_call_get_audio_broadcast:
 * @self: a [class@Call]
 *
 * Gets [property@Call:audio-broadcast], the same as
 * [method@Call.get_broadcast] for %GST_CALL_MEDIA_KIND_AUDIO.
 *
 * Returns: (transfer none) (nullable): the broadcast the call sends as its
 *   audio, or %NULL
 *
 * Since: 0.1
 */
GstCallBroadcast *
gst_call_get_audio_broadcast (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return self->broadcasts[GST_CALL_MEDIA_KIND_AUDIO];
}

/**
 * gst_call_get_ice_servers:
 * @self: a [class@Call]
 *
 * Gets [property@Call:ice-servers].
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): STUN and TURN server URIs
 *
 * Since: 0.1
 */
const char * const *
gst_call_get_ice_servers (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return (const char * const *) self->ice_servers;
}

/**
 * gst_call_set_ice_servers:
 * @self: a [class@Call]
 * @servers: (nullable) (array zero-terminated=1): STUN and TURN server URIs, or %NULL
 *
 * Sets [property@Call:ice-servers], before the call starts.
 *
 * Since: 0.1
 */
void
gst_call_set_ice_servers (GstCall            *self,
                          const char * const *servers)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_strv_property (self, &self->ice_servers, servers, PROP_ICE_SERVERS, "ICE servers");
}

/**
 * gst_call_get_ice_local_addresses:
 * @self: a [class@Call]
 *
 * Gets [property@Call:ice-local-addresses].
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): the local addresses ICE may use
 *
 * Since: 0.1
 */
const char * const *
gst_call_get_ice_local_addresses (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return (const char * const *) self->ice_local_addresses;
}

/**
 * gst_call_set_ice_local_addresses:
 * @self: a [class@Call]
 * @addresses: (nullable) (array zero-terminated=1): the local addresses ICE may use, or %NULL
 *
 * Sets [property@Call:ice-local-addresses], before the call starts.
 *
 * Since: 0.1
 */
void
gst_call_set_ice_local_addresses (GstCall            *self,
                                  const char * const *addresses)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_strv_property (self, &self->ice_local_addresses, addresses, PROP_ICE_LOCAL_ADDRESSES, "ICE local addresses");
}

/**
 * gst_call_get_ice_transport_policy:
 * @self: a [class@Call]
 *
 * Gets [property@Call:ice-transport-policy].
 *
 * Returns: which ICE candidates the call may use
 *
 * Since: 0.1
 */
GstCallIceTransportPolicy
gst_call_get_ice_transport_policy (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), GST_CALL_ICE_TRANSPORT_POLICY_ALL);

  return self->ice_transport_policy;
}

/**
 * gst_call_set_ice_transport_policy:
 * @self: a [class@Call]
 * @policy: which ICE candidates the call may use
 *
 * Sets [property@Call:ice-transport-policy], before the call starts.
 *
 * Since: 0.1
 */
void
gst_call_set_ice_transport_policy (GstCall                   *self,
                                   GstCallIceTransportPolicy  policy)
{
  g_return_if_fail (GST_IS_CALL (self));

  if (self->ice_transport_policy == policy || !check_configurable (self, "ICE transport policy"))
    return;
  self->ice_transport_policy = policy;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ICE_TRANSPORT_POLICY]);
}

static void
gst_call_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  GstCall *self = GST_CALL (object);

  switch (prop_id) {
    case PROP_SIGNALLER:
      gst_call_set_signaller (self, g_value_get_object (value));
      break;
    case PROP_VIDEO_SOURCE:
      gst_call_set_video_source (self, g_value_get_object (value));
      break;
    case PROP_AUDIO_SOURCE:
      gst_call_set_audio_source (self, g_value_get_object (value));
      break;
    case PROP_VIDEO_SINK:
      gst_call_set_video_sink (self, g_value_get_object (value));
      break;
    case PROP_AUDIO_SINK:
      gst_call_set_audio_sink (self, g_value_get_object (value));
      break;
    case PROP_SEND_VIDEO:
      gst_call_set_send_video (self, g_value_get_boolean (value));
      break;
    case PROP_SEND_AUDIO:
      gst_call_set_send_audio (self, g_value_get_boolean (value));
      break;
    case PROP_VIDEO_MUTED:
      gst_call_set_video_muted (self, g_value_get_boolean (value));
      break;
    case PROP_AUDIO_MUTED:
      gst_call_set_audio_muted (self, g_value_get_boolean (value));
      break;
    case PROP_CONNECT_TIMEOUT:
      gst_call_set_connect_timeout (self, g_value_get_uint (value));
      break;
    case PROP_LATENCY:
      gst_call_set_latency (self, g_value_get_uint (value));
      break;
    case PROP_PEER_TIMEOUT:
      gst_call_set_peer_timeout (self, g_value_get_uint (value));
      break;
    case PROP_VIDEO_WIDTH:
      gst_call_set_video_width (self, g_value_get_uint (value));
      break;
    case PROP_VIDEO_HEIGHT:
      gst_call_set_video_height (self, g_value_get_uint (value));
      break;
    case PROP_VIDEO_FRAMERATE:
      gst_call_set_video_framerate (self, g_value_get_uint (value));
      break;
    case PROP_VIDEO_BITRATE:
      gst_call_set_video_bitrate (self, g_value_get_uint (value));
      break;
    case PROP_AUDIO_BITRATE:
      gst_call_set_audio_bitrate (self, g_value_get_uint (value));
      break;
    case PROP_VIDEO_CODEC:
      gst_call_set_video_codec (self, g_value_get_enum (value));
      break;
    case PROP_AUDIO_CODEC:
      gst_call_set_audio_codec (self, g_value_get_enum (value));
      break;
    case PROP_ICE_SERVERS:
      gst_call_set_ice_servers (self, g_value_get_boxed (value));
      break;
    case PROP_ICE_LOCAL_ADDRESSES:
      gst_call_set_ice_local_addresses (self, g_value_get_boxed (value));
      break;
    case PROP_TRANSPORT:
      gst_call_set_transport (self, g_value_get_enum (value));
      break;
    case PROP_ICE_TRANSPORT_POLICY:
      gst_call_set_ice_transport_policy (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_class_init (GstCallClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY;

  gst_call_ensure_initialized ();

  object_class->dispose = gst_call_dispose;
  object_class->finalize = gst_call_finalize;
  object_class->get_property = gst_call_get_property;
  object_class->set_property = gst_call_set_property;

  /**
   * GstCall:signaller: (getter get_signaller) (setter set_signaller)
   *
   * How offers, answers and candidates reach the peer.
   *
   * Since: 0.1
   */
  props[PROP_SIGNALLER] =
      g_param_spec_object ("signaller", NULL, NULL, GST_TYPE_CALL_SIGNALLER, rw);

  /**
   * GstCall:video-source: (getter get_video_source) (setter set_video_source)
   *
   * What the call sends as video; %NULL for the first camera, else a test
   * pattern.
   *
   * Since: 0.1
   */
  props[PROP_VIDEO_SOURCE] =
      g_param_spec_object ("video-source", NULL, NULL, GST_TYPE_ELEMENT, rw);

  /**
   * GstCall:audio-source: (getter get_audio_source) (setter set_audio_source)
   *
   * What the call sends as audio; %NULL for the first microphone, else a
   * test tone.
   *
   * Since: 0.1
   */
  props[PROP_AUDIO_SOURCE] =
      g_param_spec_object ("audio-source", NULL, NULL, GST_TYPE_ELEMENT, rw);

  /**
   * GstCall:video-sink: (getter get_video_sink) (setter set_video_sink)
   *
   * Where the peer's video goes; %NULL for `autovideosink` (a clocked
   * `fakesink` when there is no display).
   *
   * Since: 0.1
   */
  props[PROP_VIDEO_SINK] =
      g_param_spec_object ("video-sink", NULL, NULL, GST_TYPE_ELEMENT, rw);

  /**
   * GstCall:audio-sink: (getter get_audio_sink) (setter set_audio_sink)
   *
   * Where the peer's audio goes; %NULL for `autoaudiosink` (a clocked
   * `fakesink` when there is no sound output).
   *
   * Since: 0.1
   */
  props[PROP_AUDIO_SINK] =
      g_param_spec_object ("audio-sink", NULL, NULL, GST_TYPE_ELEMENT, rw);

  /**
   * GstCall:send-video: (getter get_send_video) (setter set_send_video)
   *
   * Whether the call sends video. Without it the call still receives the
   * peer's video.
   *
   * Since: 0.1
   */
  props[PROP_SEND_VIDEO] =
      g_param_spec_boolean ("send-video", NULL, NULL, TRUE, rw);

  /**
   * GstCall:send-audio: (getter get_send_audio) (setter set_send_audio)
   *
   * Whether the call sends audio. Without it the call still receives the
   * peer's audio.
   *
   * Since: 0.1
   */
  props[PROP_SEND_AUDIO] =
      g_param_spec_boolean ("send-audio", NULL, NULL, TRUE, rw);

  /**
   * GstCall:video-muted: (getter get_video_muted) (setter set_video_muted)
   *
   * Whether the video is muted (no frames sent). Can change at any time.
   *
   * Since: 0.1
   */
  props[PROP_VIDEO_MUTED] =
      g_param_spec_boolean ("video-muted", NULL, NULL, FALSE, rw);

  /**
   * GstCall:audio-muted: (getter get_audio_muted) (setter set_audio_muted)
   *
   * Whether the audio is muted (no audio sent). Can change at any time.
   *
   * Since: 0.1
   */
  props[PROP_AUDIO_MUTED] =
      g_param_spec_boolean ("audio-muted", NULL, NULL, FALSE, rw);

  /**
   * GstCall:connect-timeout: (getter get_connect_timeout) (setter set_connect_timeout)
   *
   * Seconds a dialled or answered call may take to connect before it fails.
   *
   * Since: 0.1
   */
  props[PROP_CONNECT_TIMEOUT] =
      g_param_spec_uint ("connect-timeout", NULL, NULL, 1, 3600,
                         DEFAULT_CONNECT_TIMEOUT, rw);

  /**
   * GstCall:latency: (getter get_latency) (setter set_latency)
   *
   * Milliseconds received media waits in the jitterbuffer, for late and
   * retransmitted packets, before it is played; see
   * [property@PeerConnection:latency]. 50 by default, for a LAN; raise it
   * for long or jittery paths. Set it before the call; during the call,
   * set it on [property@Call:peer-connection].
   *
   * Since: 0.1
   */
  props[PROP_LATENCY] =
      g_param_spec_uint ("latency", NULL, NULL, 0, 10000, DEFAULT_LATENCY_MS, rw);

  /**
   * GstCall:video-broadcast: (getter get_video_broadcast)
   *
   * The [class@CallBroadcast] the call sends as its video, encoded once
   * for every call sending it; %NULL (the default): the call encodes its
   * own video source. Set with [method@Call.set_broadcast].
   *
   * Since: 0.1
   */
  props[PROP_VIDEO_BROADCAST] =
      g_param_spec_object ("video-broadcast", NULL, NULL, GST_TYPE_CALL_BROADCAST,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCall:audio-broadcast: (getter get_audio_broadcast)
   *
   * The [class@CallBroadcast] the call sends as its audio, see
   * [property@Call:video-broadcast].
   *
   * Since: 0.1
   */
  props[PROP_AUDIO_BROADCAST] =
      g_param_spec_object ("audio-broadcast", NULL, NULL, GST_TYPE_CALL_BROADCAST,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCall:peer-timeout: (getter get_peer_timeout) (setter set_peer_timeout)
   *
   * Seconds without a single packet from the peer after which a connected
   * call fails with %GST_CALL_ERROR_ICE: the peer's machine went to sleep,
   * lost its network or its application stopped without hanging up. 0
   * never gives up.
   *
   * webrtcbin in GStreamer 1.22 does not check ICE consent (RFC 7675), so
   * the call watches the packets itself: media, and RTCP reports (at least
   * every 6.2 s from a live peer, even when all its media is muted). Keep
   * the timeout above that.
   *
   * Since: 0.1
   */
  props[PROP_PEER_TIMEOUT] =
      g_param_spec_uint ("peer-timeout", NULL, NULL, 0, 3600,
                         DEFAULT_PEER_TIMEOUT, rw);

  /**
   * GstCall:video-width: (getter get_video_width) (setter set_video_width)
   *
   * Width of the default video source, in pixels.
   *
   * Since: 0.1
   */
  props[PROP_VIDEO_WIDTH] =
      g_param_spec_uint ("video-width", NULL, NULL, 16, 7680, DEFAULT_VIDEO_WIDTH, rw);

  /**
   * GstCall:video-height: (getter get_video_height) (setter set_video_height)
   *
   * Height of the default video source, in pixels.
   *
   * Since: 0.1
   */
  props[PROP_VIDEO_HEIGHT] =
      g_param_spec_uint ("video-height", NULL, NULL, 16, 4320, DEFAULT_VIDEO_HEIGHT, rw);

  /**
   * GstCall:video-framerate: (getter get_video_framerate) (setter set_video_framerate)
   *
   * Frame rate of the default video source, in frames per second.
   *
   * Since: 0.1
   */
  props[PROP_VIDEO_FRAMERATE] =
      g_param_spec_uint ("video-framerate", NULL, NULL, 1, 240,
                         DEFAULT_VIDEO_FRAMERATE, rw);

  /**
   * GstCall:video-bitrate: (getter get_video_bitrate) (setter set_video_bitrate)
   *
   * Target bitrate of the video encoder, in kbit/s; 0 for its default
   * (1000). Can change during the call.
   *
   * Since: 0.1
   */
  props[PROP_VIDEO_BITRATE] =
      g_param_spec_uint ("video-bitrate", NULL, NULL, 0, 100000, 0, rw);

  /**
   * GstCall:audio-bitrate: (getter get_audio_bitrate) (setter set_audio_bitrate)
   *
   * Target bitrate of the audio encoder, in kbit/s; 0 for its default. Can
   * change during the call.
   *
   * Since: 0.1
   */
  props[PROP_AUDIO_BITRATE] =
      g_param_spec_uint ("audio-bitrate", NULL, NULL, 0, 10000, 0, rw);

  /**
   * GstCall:video-codec: (getter get_video_codec) (setter set_video_codec)
   *
   * The codec the call sends video with: %GST_CALL_CODEC_VP8 (the default),
   * %GST_CALL_CODEC_VP9 or %GST_CALL_CODEC_H264 (constrained baseline). The
   * encoder is chosen by [class@CallCodecs], hardware first.
   *
   * H.264 is encoded at the level the video's size and frame rate need
   * (ITU-T H.264 Annex A; 1920x1080 at 30 frames a second: level 4), never
   * below level 3.1, and an offer names the level of
   * [property@Call:video-width], [property@Call:video-height] and
   * [property@Call:video-framerate] in its `profile-level-id`.
   *
   * Since: 0.1
   */
  props[PROP_VIDEO_CODEC] =
      g_param_spec_enum ("video-codec", NULL, NULL, GST_TYPE_CALL_CODEC,
                         GST_CALL_CODEC_VP8, rw);

  /**
   * GstCall:audio-codec: (getter get_audio_codec) (setter set_audio_codec)
   *
   * The codec the call sends audio with: %GST_CALL_CODEC_OPUS (the default),
   * %GST_CALL_CODEC_PCMA or %GST_CALL_CODEC_PCMU (G.711).
   *
   * Since: 0.1
   */
  props[PROP_AUDIO_CODEC] =
      g_param_spec_enum ("audio-codec", NULL, NULL, GST_TYPE_CALL_CODEC,
                         GST_CALL_CODEC_OPUS, rw);

  /**
   * GstCall:ice-servers: (getter get_ice_servers) (setter set_ice_servers)
   *
   * STUN and TURN servers, see [property@PeerConnection:ice-servers].
   *
   * Since: 0.1
   */
  props[PROP_ICE_SERVERS] =
      g_param_spec_boxed ("ice-servers", NULL, NULL, G_TYPE_STRV, rw);

  /**
   * GstCall:ice-local-addresses: (getter get_ice_local_addresses) (setter set_ice_local_addresses)
   *
   * Local addresses ICE may use, see
   * [property@PeerConnection:ice-local-addresses].
   *
   * Since: 0.1
   */
  props[PROP_ICE_LOCAL_ADDRESSES] =
      g_param_spec_boxed ("ice-local-addresses", NULL, NULL, G_TYPE_STRV, rw);

  /**
   * GstCall:ice-transport-policy: (getter get_ice_transport_policy) (setter set_ice_transport_policy)
   *
   * Which candidates ICE may use, see
   * [property@PeerConnection:ice-transport-policy]:
   * %GST_CALL_ICE_TRANSPORT_POLICY_RELAY sends everything through the TURN
   * servers of [property@Call:ice-servers].
   *
   * Since: 0.1
   */
  props[PROP_ICE_TRANSPORT_POLICY] =
      g_param_spec_enum ("ice-transport-policy", NULL, NULL,
                         GST_TYPE_CALL_ICE_TRANSPORT_POLICY,
                         GST_CALL_ICE_TRANSPORT_POLICY_ALL, rw);

  /**
   * GstCall:state: (getter get_state)
   *
   * The call state.
   *
   * Since: 0.1
   */
  props[PROP_STATE] =
      g_param_spec_enum ("state", NULL, NULL, GST_TYPE_CALL_STATE,
                         GST_CALL_STATE_IDLE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstCall:peer-connection: (getter get_peer_connection)
   *
   * The peer connection carrying the call, once dialled or answered.
   *
   * Since: 0.1
   */
  props[PROP_PEER_CONNECTION] =
      g_param_spec_object ("peer-connection", NULL, NULL, GST_TYPE_PEER_CONNECTION,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                           G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstCall:transport: (getter get_transport) (setter set_transport)
   *
   * What carries the call's media: WebRTC (ICE, DTLS-SRTP, a
   * [class@PeerConnection]) or plain RTP (a [class@CallRtpTransport], for
   * SIP endpoints, intercoms and media servers on a trusted network).
   *
   * On plain RTP the offer and answer still go through the
   * [property@Call:signaller], without candidates; the states, the signals
   * and [method@Call.get_stats_async] are the same. Its sources come from
   * [method@Call.set_sources_from_description] (or the default devices).
   * [property@Call:video-codec] and [property@Call:audio-codec] (VP8, VP9,
   * H.264, Opus, G.711), the video size, frame rate and bitrate properties,
   * [signal@Call::remote-track], [property@Call:video-sink],
   * [property@Call:audio-sink], muting, [property@Call:peer-timeout] (no
   * RTP or RTCP from the peer) and, once media flows, [method@Call.add_track]
   * and [method@Call.remove_track] (a new offer through the signaller) work
   * as on WebRTC; an SRTP call keeps its tracks.
   * [property@Call:ice-servers] and
   * [property@Call:ice-local-addresses] do not apply: the transport's own
   * [property@CallRtpTransport:local-address] does.
   *
   * Since: 0.1
   */
  props[PROP_TRANSPORT] =
      g_param_spec_enum ("transport", NULL, NULL, GST_TYPE_CALL_TRANSPORT_KIND,
                         GST_CALL_TRANSPORT_KIND_WEBRTC, rw);

  /**
   * GstCall:rtp-transport: (getter get_rtp_transport)
   *
   * The plain RTP transport, while [property@Call:transport] is
   * %GST_CALL_TRANSPORT_KIND_RTP.
   *
   * Since: 0.1
   */
  props[PROP_RTP_TRANSPORT] =
      g_param_spec_object ("rtp-transport", NULL, NULL, GST_TYPE_CALL_RTP_TRANSPORT,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                           G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, props);

  /**
   * GstCall::incoming-call:
   * @self: the [class@Call]
   *
   * The peer offered a call through the signaller. Accept it with
   * [method@Call.answer_async] or decline it with [method@Call.hangup].
   *
   * Since: 0.1
   */
  signals[SIGNAL_INCOMING_CALL] =
      g_signal_new ("incoming-call", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * GstCall::remote-track:
   * @self: the [class@Call]
   * @track: the peer's [class@CallTrack], decoded
   *
   * The peer's media arrived. Link the track's pad or give it a sink during
   * the emission to take it over; otherwise it is played with
   * [property@Call:video-sink] or [property@Call:audio-sink].
   *
   * Since: 0.1
   */
  signals[SIGNAL_REMOTE_TRACK] =
      g_signal_new ("remote-track", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, GST_TYPE_CALL_TRACK);

  /**
   * GstCall::ended:
   * @self: the [class@Call]
   * @reason: (nullable): why the call failed, or %NULL when one side hung up
   *
   * The call is over: the state is %GST_CALL_STATE_ENDED or
   * %GST_CALL_STATE_FAILED.
   *
   * Since: 0.1
   */
  signals[SIGNAL_ENDED] =
      g_signal_new ("ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
gst_call_init (GstCall *self)
{
  self->send_video = TRUE;
  self->send_audio = TRUE;
  self->connect_timeout = DEFAULT_CONNECT_TIMEOUT;
  self->latency = DEFAULT_LATENCY_MS;
  self->peer_timeout = DEFAULT_PEER_TIMEOUT;
  self->video_width = DEFAULT_VIDEO_WIDTH;
  self->video_height = DEFAULT_VIDEO_HEIGHT;
  self->video_framerate = DEFAULT_VIDEO_FRAMERATE;
  self->codecs[GST_CALL_MEDIA_KIND_VIDEO] = GST_CALL_CODEC_VP8;
  self->codecs[GST_CALL_MEDIA_KIND_AUDIO] = GST_CALL_CODEC_OPUS;
  set_session (self, GST_CALL_TRANSPORT_KIND_WEBRTC);

  /* A call is made to be placed or answered: have the DTLS certificate
   * ready by then (see gstcall-private.c). */
  gst_call_prepare_dtls_certificate ();
}
