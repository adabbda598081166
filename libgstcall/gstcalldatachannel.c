/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "gstcalldatachannel-private.h"
#include "gstcall-enum-types.h"
#include "gstcall-error.h"
#include "gstcall-private.h"
#include "gstpeerconnection-private.h"

/**
 * GstCallDataChannel:
 *
 * A data channel of a call, shaped like the W3C `RTCDataChannel`: messages
 * of text or bytes between the peers, next to the media or on their own.
 *
 * Make one with [method@PeerConnection.create_data_channel] or
 * [method@Call.create_data_channel]; the channels the peer opens arrive on
 * [signal@PeerConnection::data-channel] and [signal@Call::data-channel].
 * A channel can send once [signal@CallDataChannel::open] was emitted, until
 * [signal@CallDataChannel::close]:
 *
 * ```c
 * static void
 * on_open (GstCallDataChannel *channel, gpointer user_data)
 * {
 *   gst_call_data_channel_send_string (channel, "hello", NULL);
 * }
 *
 * static void
 * on_message (GstCallDataChannel *channel, GBytes *data, gboolean is_text,
 *             gpointer user_data)
 * {
 *   gsize size;
 *   const char *bytes = g_bytes_get_data (data, &size);
 *
 *   g_print ("%s: %.*s\n", gst_call_data_channel_get_label (channel),
 *            (int) size, bytes);
 * }
 * ```
 *
 * ## Threading
 *
 * Every signal and notification of a channel is emitted on the
 * [struct@GLib.MainContext] of the peer connection or call it belongs to,
 * never on a GStreamer or SCTP thread; messages arrive in the order they
 * were received.
 *
 * ## Limits
 *
 * A message is at most the size the peer accepts (the `a=max-message-size`
 * of its description; 64 KiB when it names none, as GStreamer 1.22 does);
 * a larger one is refused with %GST_CALL_ERROR_INVALID_ARGUMENT and nothing
 * is sent. Text is UTF-8 and cannot hold a NUL character. GStreamer 1.22
 * cannot send an empty message (its SCTP elements would fail for good): one
 * is refused with %GST_CALL_ERROR_INVALID_ARGUMENT; the peer's empty
 * messages arrive. Channels exist on WebRTC transports only: a plain RTP
 * call has none.
 *
 * Since: 0.1
 */

struct _GstCallDataChannel {
  GObject parent_instance;

  GMainContext *context;
  GstCallContextProxy *proxy; /* what webrtcbin's handlers hold */
  GWeakRef owner;             /* the GstPeerConnection */
  GstWebRTCDataChannel *channel; /* NULL until bound and once detached */
  GPtrArray *handler_ids;     /* gulong, of the handlers on channel */
  GstStructure *init;         /* local channels: webrtcbin's options */

  char *label;
  char *protocol;
  gboolean ordered;
  int max_packet_life_time;
  int max_retransmits;
  gboolean negotiated;
  int id;

  GstCallDataChannelState ready_state;
  guint64 buffered_amount_low_threshold;
  gboolean remote;
  gboolean announced;         /* remote: data-channel was emitted */
  gboolean close_when_open;   /* close() while connecting */
  gboolean close_emitted;
  GQueue early_messages;      /* Event, received before open */
};

enum {
  PROP_0,
  PROP_LABEL,
  PROP_ORDERED,
  PROP_MAX_PACKET_LIFE_TIME,
  PROP_MAX_RETRANSMITS,
  PROP_PROTOCOL,
  PROP_NEGOTIATED,
  PROP_ID,
  PROP_READY_STATE,
  PROP_BUFFERED_AMOUNT,
  PROP_BUFFERED_AMOUNT_LOW_THRESHOLD,
  N_PROPS
};

enum {
  SIGNAL_OPEN,
  SIGNAL_MESSAGE,
  SIGNAL_BUFFERED_AMOUNT_LOW,
  SIGNAL_ERROR,
  SIGNAL_CLOSE,
  N_SIGNALS
};

static GParamSpec *props[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (GstCallDataChannel, gst_call_data_channel, G_TYPE_OBJECT)

/* The largest id and reliability parameter a channel can have (RFC 8831). */
#define MAX_CHANNEL_ID 65534
#define MAX_RELIABILITY_PARAMETER 65535
#define MAX_LABEL_LENGTH 65535
/* Messages kept from before a channel of the peer opened. */
#define MAX_EARLY_MESSAGES 256

/* ------------------------------------------------------------------------ */
/* Options                                                                   */

typedef struct {
  const char *name;
  GType type;
} ChannelOption;

static const ChannelOption channel_options[] = {
  { "ordered", G_TYPE_BOOLEAN },
  { "max-packet-lifetime", G_TYPE_INT },
  { "max-retransmits", G_TYPE_INT },
  { "protocol", G_TYPE_STRING },
  { "negotiated", G_TYPE_BOOLEAN },
  { "id", G_TYPE_INT },
};

static const char *
type_description (GType type)
{
  if (type == G_TYPE_BOOLEAN)
    return _("a boolean");
  if (type == G_TYPE_INT)
    return _("an integer");
  return _("a string");
}

typedef struct {
  GError **error;
  gboolean ok;
} OptionCheck;

static gboolean
check_option_field (GQuark        field,
                    const GValue *value,
                    gpointer      user_data)
{
  OptionCheck *check = user_data;
  const char *name = g_quark_to_string (field);

  for (guint i = 0; i < G_N_ELEMENTS (channel_options); i++) {
    if (!g_str_equal (name, channel_options[i].name))
      continue;
    if (G_VALUE_TYPE (value) == channel_options[i].type)
      return TRUE;
    g_set_error (check->error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The data channel option “%s” must be %s, not a value of type %s"),
                 name, type_description (channel_options[i].type),
                 g_type_name (G_VALUE_TYPE (value)));
    check->ok = FALSE;
    return FALSE;
  }
  g_set_error (check->error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
               _("Unknown data channel option “%s”: the options are ordered, "
                 "max-packet-lifetime, max-retransmits, protocol, negotiated and id"),
               name);
  check->ok = FALSE;
  return FALSE;
}

static gboolean
check_range (const GstStructure  *options,
             const char          *field,
             int                  min,
             int                  max,
             int                 *value,
             GError             **error)
{
  if (!options || !gst_structure_get_int (options, field, value)) {
    *value = -1;
    return TRUE;
  }
  if (*value >= min && *value <= max)
    return TRUE;
  g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
               _("The data channel option “%s” is %d: it must be between %d and %d"),
               field, *value, min, max);
  return FALSE;
}

/* Checks what the application gave; returns the options for webrtcbin. */
static GstStructure *
make_init (const char          *label,
           const GstStructure  *options,
           GError             **error)
{
  OptionCheck check = { error, TRUE };
  gboolean ordered = TRUE, negotiated = FALSE;
  int max_packet_lifetime, max_retransmits, id;
  const char *protocol = NULL;
  GstStructure *init;

  if (!g_utf8_validate (label, -1, NULL) || strlen (label) > MAX_LABEL_LENGTH) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                         _("The data channel label must be UTF-8 text of at most 65535 bytes"));
    return NULL;
  }
  if (options) {
    gst_structure_foreach (options, check_option_field, &check);
    if (!check.ok)
      return NULL;
    gst_structure_get_boolean (options, "ordered", &ordered);
    gst_structure_get_boolean (options, "negotiated", &negotiated);
    protocol = gst_structure_get_string (options, "protocol");
  }
  if (protocol && (!g_utf8_validate (protocol, -1, NULL) ||
                   strlen (protocol) > MAX_LABEL_LENGTH)) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                         _("The data channel option “protocol” must be UTF-8 text of at "
                           "most 65535 bytes"));
    return NULL;
  }
  if (!check_range (options, "max-packet-lifetime", 0, MAX_RELIABILITY_PARAMETER,
                    &max_packet_lifetime, error) ||
      !check_range (options, "max-retransmits", 0, MAX_RELIABILITY_PARAMETER,
                    &max_retransmits, error) ||
      !check_range (options, "id", 0, MAX_CHANNEL_ID, &id, error))
    return NULL;
  if (max_packet_lifetime != -1 && max_retransmits != -1) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                         _("The data channel options “max-packet-lifetime” and "
                           "“max-retransmits” cannot both be set"));
    return NULL;
  }
  if (negotiated && id == -1) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                         _("A data channel with the option “negotiated” needs the "
                           "option “id”, the same on both sides"));
    return NULL;
  }

  init = gst_structure_new ("application/x-data-channel-init",
                            "ordered", G_TYPE_BOOLEAN, ordered,
                            "negotiated", G_TYPE_BOOLEAN, negotiated,
                            "protocol", G_TYPE_STRING, protocol ? protocol : "",
                            NULL);
  if (max_packet_lifetime != -1)
    gst_structure_set (init, "max-packet-lifetime", G_TYPE_INT, max_packet_lifetime, NULL);
  if (max_retransmits != -1)
    gst_structure_set (init, "max-retransmits", G_TYPE_INT, max_retransmits, NULL);
  /* As the W3C API, an id is only taken for a negotiated channel. */
  if (negotiated)
    gst_structure_set (init, "id", G_TYPE_INT, id, NULL);
  return init;
}

/* ------------------------------------------------------------------------ */
/* Events from webrtcbin's threads                                           */

typedef enum {
  EVENT_OPEN,
  EVENT_MESSAGE,
  EVENT_BUFFERED_AMOUNT_LOW,
  EVENT_ERROR,
  EVENT_CLOSE,
} EventKind;

typedef struct {
  EventKind kind;
  GBytes *data;     /* EVENT_MESSAGE */
  gboolean is_text;
  GError *error;    /* EVENT_ERROR */
} Event;

static void
event_free (gpointer data)
{
  Event *event = data;

  g_clear_pointer (&event->data, g_bytes_unref);
  g_clear_error (&event->error);
  g_free (event);
}

static void handle_event (gpointer object,
                          gpointer data);

static void
post_event (GstCallContextProxy *proxy,
            Event               *event)
{
  gst_call_context_proxy_invoke (proxy, handle_event, event, event_free);
}

static void
post_simple_event (GstCallContextProxy *proxy,
                   EventKind            kind)
{
  Event *event = g_new0 (Event, 1);

  event->kind = kind;
  post_event (proxy, event);
}

static void
on_webrtc_open (GstWebRTCDataChannel *channel,
                GstCallContextProxy  *proxy)
{
  post_simple_event (proxy, EVENT_OPEN);
}

static void
on_webrtc_close (GstWebRTCDataChannel *channel,
                 GstCallContextProxy  *proxy)
{
  post_simple_event (proxy, EVENT_CLOSE);
}

static void
on_webrtc_buffered_amount_low (GstWebRTCDataChannel *channel,
                               GstCallContextProxy  *proxy)
{
  post_simple_event (proxy, EVENT_BUFFERED_AMOUNT_LOW);
}

static void
on_webrtc_error (GstWebRTCDataChannel *channel,
                 GError               *error,
                 GstCallContextProxy  *proxy)
{
  Event *event = g_new0 (Event, 1);

  event->kind = EVENT_ERROR;
  event->error = error ? g_error_copy (error)
                       : g_error_new_literal (GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                                              _("Unknown error"));
  post_event (proxy, event);
}

/* webrtcbin gives an empty message as NULL. */
static void
on_webrtc_message_string (GstWebRTCDataChannel *channel,
                          const char           *text,
                          GstCallContextProxy  *proxy)
{
  Event *event = g_new0 (Event, 1);

  event->kind = EVENT_MESSAGE;
  event->is_text = TRUE;
  event->data = text ? g_bytes_new (text, strlen (text)) : g_bytes_new (NULL, 0);
  post_event (proxy, event);
}

static void
on_webrtc_message_data (GstWebRTCDataChannel *channel,
                        GBytes               *data,
                        GstCallContextProxy  *proxy)
{
  Event *event = g_new0 (Event, 1);

  event->kind = EVENT_MESSAGE;
  event->data = data ? g_bytes_ref (data) : g_bytes_new (NULL, 0);
  post_event (proxy, event);
}

static void
proxy_closure_notify (gpointer  data,
                      GClosure *closure)
{
  gst_call_context_proxy_unref (data);
}

/* ------------------------------------------------------------------------ */
/* The channel's state, on its main context                                  */

/* Reads what webrtcbin knows of the channel: a remote channel's label and
 * options arrive with the peer's open message, a local channel's id with
 * the descriptions. */
static void
refresh_from_webrtc (GstCallDataChannel *self)
{
  g_autofree char *label = NULL;
  g_autofree char *protocol = NULL;

  if (!self->channel)
    return;
  g_object_get (self->channel, "label", &label, "protocol", &protocol,
                "ordered", &self->ordered,
                "max-packet-lifetime", &self->max_packet_life_time,
                "max-retransmits", &self->max_retransmits,
                "negotiated", &self->negotiated, "id", &self->id, NULL);
  if (label) {
    g_free (self->label);
    self->label = g_steal_pointer (&label);
  }
  if (protocol) {
    g_free (self->protocol);
    self->protocol = g_steal_pointer (&protocol);
  }
}

/* Stops listening to webrtcbin and lets go of its channel. */
static void
detach (GstCallDataChannel *self)
{
  if (!self->channel)
    return;
  refresh_from_webrtc (self);
  for (guint i = 0; i < self->handler_ids->len; i++)
    g_signal_handler_disconnect (self->channel,
                                 *(gulong *) g_ptr_array_index (self->handler_ids, i));
  g_ptr_array_set_size (self->handler_ids, 0);
  gst_clear_object (&self->channel);
}

static void
set_ready_state (GstCallDataChannel      *self,
                 GstCallDataChannelState  state)
{
  if (self->ready_state == state)
    return;
  self->ready_state = state;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_READY_STATE]);
}

static void
emit_message (GstCallDataChannel *self,
              Event              *event)
{
  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, event->data, event->is_text);
}

/* Closed: "close" once, and the owner forgets the channel. */
static void
finish_close (GstCallDataChannel *self)
{
  g_autoptr (GObject) owner = NULL;

  detach (self);
  g_queue_clear_full (&self->early_messages, event_free);
  set_ready_state (self, GST_CALL_DATA_CHANNEL_STATE_CLOSED);
  if (self->close_emitted)
    return;
  self->close_emitted = TRUE;
  /* A remote channel that never opened was never shown to the application. */
  if (!self->remote || self->announced)
    g_signal_emit (self, signals[SIGNAL_CLOSE], 0);
  owner = g_weak_ref_get (&self->owner);
  if (owner)
    gst_peer_connection_forget_data_channel (GST_PEER_CONNECTION (owner), self);
}

static void
handle_open (GstCallDataChannel *self)
{
  g_autoptr (GObject) owner = NULL;

  if (self->ready_state == GST_CALL_DATA_CHANNEL_STATE_CLOSED)
    return;
  refresh_from_webrtc (self);
  if (self->close_when_open) {
    /* close() came first: webrtcbin only closes an open channel. */
    self->close_when_open = FALSE;
    if (self->channel)
      gst_webrtc_data_channel_close (self->channel);
    return;
  }
  if (self->ready_state != GST_CALL_DATA_CHANNEL_STATE_CONNECTING)
    return;

  owner = g_weak_ref_get (&self->owner);
  if (self->remote && !self->announced) {
    /* The peer's channel is shown to the application once its label and
     * options are known, before it opens. */
    self->announced = TRUE;
    if (owner)
      gst_peer_connection_announce_data_channel (GST_PEER_CONNECTION (owner), self);
    if (self->ready_state != GST_CALL_DATA_CHANNEL_STATE_CONNECTING)
      return; /* a handler closed it */
  }
  set_ready_state (self, GST_CALL_DATA_CHANNEL_STATE_OPEN);
  g_signal_emit (self, signals[SIGNAL_OPEN], 0);

  while (!g_queue_is_empty (&self->early_messages) &&
         (self->ready_state == GST_CALL_DATA_CHANNEL_STATE_OPEN ||
          self->ready_state == GST_CALL_DATA_CHANNEL_STATE_CLOSING)) {
    Event *event = g_queue_pop_head (&self->early_messages);

    emit_message (self, event);
    event_free (event);
  }
}

static void
handle_event (gpointer object,
              gpointer data)
{
  GstCallDataChannel *self = object;
  Event *event = data;

  switch (event->kind) {
    case EVENT_OPEN:
      handle_open (self);
      break;
    case EVENT_MESSAGE:
      if (self->ready_state == GST_CALL_DATA_CHANNEL_STATE_CONNECTING) {
        /* Unordered messages may overtake the peer's open message. A peer
         * that sends on a stream it never opened gets no more kept. */
        Event *early;

        if (self->early_messages.length >= MAX_EARLY_MESSAGES) {
          GST_WARNING ("data channel %p: dropping a message that came before the "
                       "channel opened (%u kept already)", self, MAX_EARLY_MESSAGES);
          break;
        }
        early = g_new0 (Event, 1);

        early->kind = EVENT_MESSAGE;
        early->is_text = event->is_text;
        early->data = g_bytes_ref (event->data);
        g_queue_push_tail (&self->early_messages, early);
      } else if (self->ready_state != GST_CALL_DATA_CHANNEL_STATE_CLOSED) {
        emit_message (self, event);
      }
      break;
    case EVENT_BUFFERED_AMOUNT_LOW:
      if (self->ready_state == GST_CALL_DATA_CHANNEL_STATE_OPEN)
        g_signal_emit (self, signals[SIGNAL_BUFFERED_AMOUNT_LOW], 0);
      break;
    case EVENT_ERROR: {
      g_autoptr (GError) error = NULL;

      if (self->ready_state == GST_CALL_DATA_CHANNEL_STATE_CLOSED)
        break;
      error = g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                           _("The data channel “%s” failed: %s"), self->label,
                           event->error->message);
      g_signal_emit (self, signals[SIGNAL_ERROR], 0, error);
      break;
    }
    case EVENT_CLOSE:
      if (self->ready_state != GST_CALL_DATA_CHANNEL_STATE_CLOSED)
        finish_close (self);
      break;
    default:
      g_assert_not_reached ();
  }
}

static gboolean
emit_close_idle (gpointer data)
{
  finish_close (data);
  return G_SOURCE_REMOVE;
}

/* "close" from the main context, the channel held until then: the
 * application may hold no reference of its own. */
static void
schedule_close (GstCallDataChannel *self)
{
  GSource *source = g_idle_source_new ();

  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, emit_close_idle, g_object_ref (self), g_object_unref);
  g_source_set_static_name (source, "[gstcall] data channel close");
  g_source_attach (source, self->context);
  g_source_unref (source);
}

typedef struct {
  GstCallDataChannel *self;
  GError *error;
} FailEvent;

static void
fail_event_free (gpointer data)
{
  FailEvent *event = data;

  g_object_unref (event->self);
  g_error_free (event->error);
  g_free (event);
}

static gboolean
emit_fail_idle (gpointer data)
{
  FailEvent *event = data;

  if (event->self->ready_state != GST_CALL_DATA_CHANNEL_STATE_CLOSED)
    g_signal_emit (event->self, signals[SIGNAL_ERROR], 0, event->error);
  finish_close (event->self);
  return G_SOURCE_REMOVE;
}

void
gst_call_data_channel_fail (GstCallDataChannel *self,
                            const GError       *error)
{
  FailEvent *event = g_new0 (FailEvent, 1);
  GSource *source = g_idle_source_new ();

  event->self = g_object_ref (self);
  event->error = g_error_copy (error);
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, emit_fail_idle, event, fail_event_free);
  g_source_set_static_name (source, "[gstcall] data channel failure");
  g_source_attach (source, self->context);
  g_source_unref (source);
}

void
gst_call_data_channel_shutdown (GstCallDataChannel *self)
{
  g_return_if_fail (GST_IS_CALL_DATA_CHANNEL (self));

  detach (self);
  if (self->close_emitted)
    return;
  self->ready_state = GST_CALL_DATA_CHANNEL_STATE_CLOSED;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_READY_STATE]);
  schedule_close (self);
}

/* ------------------------------------------------------------------------ */
/* Construction                                                              */

static GstCallDataChannel *
data_channel_new (GMainContext *context)
{
  GstCallDataChannel *self = g_object_new (GST_TYPE_CALL_DATA_CHANNEL, NULL);

  self->context = g_main_context_ref (context);
  self->proxy = gst_call_context_proxy_new_for_context (self, context);
  return self;
}

GstCallDataChannel *
gst_call_data_channel_new_local (const char          *label,
                                 const GstStructure  *options,
                                 GError             **error)
{
  g_autoptr (GMainContext) context = g_main_context_ref_thread_default ();
  GstStructure *init = make_init (label, options, error);
  GstCallDataChannel *self;

  if (!init)
    return NULL;
  self = data_channel_new (context);
  self->init = init;
  g_free (self->label);
  self->label = g_strdup (label);
  g_free (self->protocol);
  self->protocol = g_strdup (gst_structure_get_string (init, "protocol"));
  gst_structure_get_boolean (init, "ordered", &self->ordered);
  gst_structure_get_boolean (init, "negotiated", &self->negotiated);
  if (!gst_structure_get_int (init, "max-packet-lifetime", &self->max_packet_life_time))
    self->max_packet_life_time = -1;
  if (!gst_structure_get_int (init, "max-retransmits", &self->max_retransmits))
    self->max_retransmits = -1;
  if (!gst_structure_get_int (init, "id", &self->id))
    self->id = -1;
  return self;
}

GstCallDataChannel *
gst_call_data_channel_new_remote (GMainContext *context)
{
  GstCallDataChannel *self = data_channel_new (context);

  self->remote = TRUE;
  return self;
}

const GstStructure *
gst_call_data_channel_get_init (GstCallDataChannel *self)
{
  return self->init;
}

void
gst_call_data_channel_set_owner (GstCallDataChannel *self,
                                 GObject            *owner)
{
  g_weak_ref_set (&self->owner, owner);
}

void
gst_call_data_channel_bind (GstCallDataChannel   *self,
                            GstWebRTCDataChannel *channel)
{
  static const struct {
    const char *name;
    GCallback callback;
  } handlers[] = {
    { "on-open", G_CALLBACK (on_webrtc_open) },
    { "on-close", G_CALLBACK (on_webrtc_close) },
    { "on-error", G_CALLBACK (on_webrtc_error) },
    { "on-message-string", G_CALLBACK (on_webrtc_message_string) },
    { "on-message-data", G_CALLBACK (on_webrtc_message_data) },
    { "on-buffered-amount-low", G_CALLBACK (on_webrtc_buffered_amount_low) },
  };

  g_return_if_fail (self->channel == NULL);

  self->channel = gst_object_ref (channel);
  for (guint i = 0; i < G_N_ELEMENTS (handlers); i++) {
    gulong *id = g_new (gulong, 1);

    *id = g_signal_connect_data (channel, handlers[i].name, handlers[i].callback,
                                 gst_call_context_proxy_ref (self->proxy),
                                 proxy_closure_notify, 0);
    g_ptr_array_add (self->handler_ids, id);
  }
  if (self->buffered_amount_low_threshold)
    g_object_set (channel, "buffered-amount-low-threshold",
                  self->buffered_amount_low_threshold, NULL);
}

/* ------------------------------------------------------------------------ */
/* Sending                                                                   */

static guint64
max_message_size (GstCallDataChannel *self)
{
  g_autoptr (GObject) owner = g_weak_ref_get (&self->owner);
  g_autoptr (GObject) sctp_transport = NULL;
  GstElement *webrtcbin;
  guint64 size = 0;

  webrtcbin = owner ? gst_peer_connection_get_webrtcbin (GST_PEER_CONNECTION (owner)) : NULL;
  if (webrtcbin)
    g_object_get (webrtcbin, "sctp-transport", &sctp_transport, NULL);
  if (sctp_transport)
    g_object_get (sctp_transport, "max-message-size", &size, NULL);
  /* RFC 8841: a peer that names no size takes 64 KiB. */
  return size ? size : 65536;
}

static gboolean
check_sendable (GstCallDataChannel  *self,
                gsize                size,
                GError             **error)
{
  guint64 max_size;

  switch (self->ready_state) {
    case GST_CALL_DATA_CHANNEL_STATE_CONNECTING:
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                   _("The data channel “%s” is not open yet: send once its open "
                     "signal was emitted"), self->label);
      return FALSE;
    case GST_CALL_DATA_CHANNEL_STATE_CLOSING:
    case GST_CALL_DATA_CHANNEL_STATE_CLOSED:
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED,
                   _("The data channel “%s” is closed"), self->label);
      return FALSE;
    case GST_CALL_DATA_CHANNEL_STATE_OPEN:
    default:
      break;
  }
  if (!self->channel) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED,
                 _("The data channel “%s” is closed"), self->label);
    return FALSE;
  }
  /* webrtcbin 1.22 hands an empty message to the SCTP stack as is, which
   * refuses it, and its sctpenc then fails for good: every channel of the
   * connection would be lost. (The peer's empty messages arrive.) */
  if (size == 0) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("An empty message cannot be sent on the data channel “%s”: "
                   "GStreamer 1.22 cannot send one"), self->label);
    return FALSE;
  }
  max_size = max_message_size (self);
  if (size > max_size) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("A message of %" G_GSIZE_FORMAT " bytes is too large for the data "
                   "channel “%s”: the peer accepts at most %" G_GUINT64_FORMAT " bytes"),
                 size, self->label, max_size);
    return FALSE;
  }
  return TRUE;
}

static gboolean
report_send_failure (GstCallDataChannel  *self,
                     GError              *webrtc_error,
                     GError             **error)
{
  if (g_error_matches (webrtc_error, GST_WEBRTC_ERROR, GST_WEBRTC_ERROR_INVALID_STATE))
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED,
                 _("The data channel “%s” is closed"), self->label);
  else
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                 _("Sending on the data channel “%s” failed: %s"), self->label,
                 webrtc_error ? webrtc_error->message : _("Unknown error"));
  g_clear_error (&webrtc_error);
  return FALSE;
}

/**
 * gst_call_data_channel_send_string:
 * @self: a [class@CallDataChannel]
 * @text: the message, UTF-8
 * @error: return location for a #GError
 *
 * Sends @text as a text message. The channel must be open; the message is
 * queued (see [property@CallDataChannel:buffered-amount]) and sent in order
 * on an ordered channel.
 *
 * Returns: %TRUE if the message was queued; %FALSE with @error set, and
 *   nothing sent, when the channel is not open yet
 *   (%GST_CALL_ERROR_INVALID_STATE), closing or closed
 *   (%GST_CALL_ERROR_CLOSED), or @text is empty, not UTF-8 or larger than
 *   the peer accepts (%GST_CALL_ERROR_INVALID_ARGUMENT)
 *
 * Since: 0.1
 */
gboolean
gst_call_data_channel_send_string (GstCallDataChannel  *self,
                                   const char          *text,
                                   GError             **error)
{
  GError *webrtc_error = NULL;
  gsize size;

  g_return_val_if_fail (GST_IS_CALL_DATA_CHANNEL (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  size = strlen (text);
  if (!check_sendable (self, size, error))
    return FALSE;
  if (!g_utf8_validate (text, size, NULL)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("A text message on the data channel “%s” must be UTF-8"), self->label);
    return FALSE;
  }
  if (!gst_webrtc_data_channel_send_string_full (self->channel, text, &webrtc_error))
    return report_send_failure (self, webrtc_error, error);
  return TRUE;
}

/**
 * gst_call_data_channel_send_bytes:
 * @self: a [class@CallDataChannel]
 * @data: the message
 * @error: return location for a #GError
 *
 * Sends @data as a binary message, as
 * [method@CallDataChannel.send_string] sends text.
 *
 * Returns: %TRUE if the message was queued; %FALSE with @error set, and
 *   nothing sent, when the channel is not open, closed, or @data is empty
 *   or larger than the peer accepts
 *
 * Since: 0.1
 */
gboolean
gst_call_data_channel_send_bytes (GstCallDataChannel  *self,
                                  GBytes              *data,
                                  GError             **error)
{
  GError *webrtc_error = NULL;

  g_return_val_if_fail (GST_IS_CALL_DATA_CHANNEL (self), FALSE);
  g_return_val_if_fail (data != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_sendable (self, g_bytes_get_size (data), error))
    return FALSE;
  if (!gst_webrtc_data_channel_send_data_full (self->channel, data, &webrtc_error))
    return report_send_failure (self, webrtc_error, error);
  return TRUE;
}

/**
 * gst_call_data_channel_close:
 * @self: a [class@CallDataChannel]
 *
 * Closes the channel, on both sides: what was queued is sent first, then
 * [signal@CallDataChannel::close] is emitted here and on the peer's
 * channel. A channel closed before it opened closes as soon as it opens,
 * or with its peer connection. Safe to call more than once, and from a
 * signal handler.
 *
 * Since: 0.1
 */
void
gst_call_data_channel_close (GstCallDataChannel *self)
{
  g_return_if_fail (GST_IS_CALL_DATA_CHANNEL (self));

  switch (self->ready_state) {
    case GST_CALL_DATA_CHANNEL_STATE_CONNECTING:
      if (!self->channel) {
        /* Never bound (a call that has not started): nothing to tell the peer. */
        self->ready_state = GST_CALL_DATA_CHANNEL_STATE_CLOSING;
        g_object_notify_by_pspec (G_OBJECT (self), props[PROP_READY_STATE]);
        schedule_close (self);
        return;
      }
      self->close_when_open = TRUE;
      set_ready_state (self, GST_CALL_DATA_CHANNEL_STATE_CLOSING);
      break;
    case GST_CALL_DATA_CHANNEL_STATE_OPEN:
      set_ready_state (self, GST_CALL_DATA_CHANNEL_STATE_CLOSING);
      if (self->channel)
        gst_webrtc_data_channel_close (self->channel);
      break;
    case GST_CALL_DATA_CHANNEL_STATE_CLOSING:
    case GST_CALL_DATA_CHANNEL_STATE_CLOSED:
    default:
      break;
  }
}

/* ------------------------------------------------------------------------ */
/* Properties                                                                */

/**
 * gst_call_data_channel_get_label:
 * @self: a [class@CallDataChannel]
 *
 * Gets the channel's label, see [property@CallDataChannel:label].
 *
 * Returns: (transfer none): the label
 *
 * Since: 0.1
 */
const char *
gst_call_data_channel_get_label (GstCallDataChannel *self)
{
  g_return_val_if_fail (GST_IS_CALL_DATA_CHANNEL (self), NULL);

  return self->label;
}

/**
 * gst_call_data_channel_get_ordered:
 * @self: a [class@CallDataChannel]
 *
 * Gets whether messages arrive in order, see [property@CallDataChannel:ordered].
 *
 * Returns: %TRUE for an ordered channel
 *
 * Since: 0.1
 */
gboolean
gst_call_data_channel_get_ordered (GstCallDataChannel *self)
{
  g_return_val_if_fail (GST_IS_CALL_DATA_CHANNEL (self), TRUE);

  return self->ordered;
}

/**
 * gst_call_data_channel_get_max_packet_life_time:
 * @self: a [class@CallDataChannel]
 *
 * Gets how long a message is retransmitted, see
 * [property@CallDataChannel:max-packet-life-time].
 *
 * Returns: milliseconds, or -1 when unset
 *
 * Since: 0.1
 */
gint
gst_call_data_channel_get_max_packet_life_time (GstCallDataChannel *self)
{
  g_return_val_if_fail (GST_IS_CALL_DATA_CHANNEL (self), -1);

  return self->max_packet_life_time;
}

/**
 * gst_call_data_channel_get_max_retransmits:
 * @self: a [class@CallDataChannel]
 *
 * Gets how often a message is retransmitted, see
 * [property@CallDataChannel:max-retransmits].
 *
 * Returns: the number of retransmissions, or -1 when unset
 *
 * Since: 0.1
 */
gint
gst_call_data_channel_get_max_retransmits (GstCallDataChannel *self)
{
  g_return_val_if_fail (GST_IS_CALL_DATA_CHANNEL (self), -1);

  return self->max_retransmits;
}

/**
 * gst_call_data_channel_get_protocol:
 * @self: a [class@CallDataChannel]
 *
 * Gets the subprotocol, see [property@CallDataChannel:protocol].
 *
 * Returns: (transfer none): the subprotocol, empty when none was given
 *
 * Since: 0.1
 */
const char *
gst_call_data_channel_get_protocol (GstCallDataChannel *self)
{
  g_return_val_if_fail (GST_IS_CALL_DATA_CHANNEL (self), NULL);

  return self->protocol ? self->protocol : "";
}

/**
 * gst_call_data_channel_get_negotiated:
 * @self: a [class@CallDataChannel]
 *
 * Gets whether the application negotiated the channel, see
 * [property@CallDataChannel:negotiated].
 *
 * Returns: %TRUE for a negotiated channel
 *
 * Since: 0.1
 */
gboolean
gst_call_data_channel_get_negotiated (GstCallDataChannel *self)
{
  g_return_val_if_fail (GST_IS_CALL_DATA_CHANNEL (self), FALSE);

  return self->negotiated;
}

/**
 * gst_call_data_channel_get_id:
 * @self: a [class@CallDataChannel]
 *
 * Gets the channel's SCTP stream id, see [property@CallDataChannel:id].
 *
 * Returns: the id, or -1 until it is known
 *
 * Since: 0.1
 */
gint
gst_call_data_channel_get_id (GstCallDataChannel *self)
{
  int id = -1;

  g_return_val_if_fail (GST_IS_CALL_DATA_CHANNEL (self), -1);

  if (!self->channel)
    return self->id;
  g_object_get (self->channel, "id", &id, NULL);
  return id;
}

/**
 * gst_call_data_channel_get_ready_state:
 * @self: a [class@CallDataChannel]
 *
 * Gets the channel's state, see [property@CallDataChannel:ready-state].
 *
 * Returns: the state
 *
 * Since: 0.1
 */
GstCallDataChannelState
gst_call_data_channel_get_ready_state (GstCallDataChannel *self)
{
  g_return_val_if_fail (GST_IS_CALL_DATA_CHANNEL (self), GST_CALL_DATA_CHANNEL_STATE_CLOSED);

  return self->ready_state;
}

/**
 * gst_call_data_channel_get_buffered_amount:
 * @self: a [class@CallDataChannel]
 *
 * Gets how many bytes are queued, see [property@CallDataChannel:buffered-amount].
 *
 * Returns: the bytes queued and not yet handed to the SCTP stack
 *
 * Since: 0.1
 */
guint64
gst_call_data_channel_get_buffered_amount (GstCallDataChannel *self)
{
  guint64 amount = 0;

  g_return_val_if_fail (GST_IS_CALL_DATA_CHANNEL (self), 0);

  if (self->channel)
    g_object_get (self->channel, "buffered-amount", &amount, NULL);
  return amount;
}

/**
 * gst_call_data_channel_get_buffered_amount_low_threshold:
 * @self: a [class@CallDataChannel]
 *
 * Gets the threshold of [signal@CallDataChannel::buffered-amount-low], see
 * [property@CallDataChannel:buffered-amount-low-threshold].
 *
 * Returns: the threshold in bytes
 *
 * Since: 0.1
 */
guint64
gst_call_data_channel_get_buffered_amount_low_threshold (GstCallDataChannel *self)
{
  g_return_val_if_fail (GST_IS_CALL_DATA_CHANNEL (self), 0);

  return self->buffered_amount_low_threshold;
}

/**
 * gst_call_data_channel_set_buffered_amount_low_threshold:
 * @self: a [class@CallDataChannel]
 * @threshold: bytes
 *
 * Sets the threshold of [signal@CallDataChannel::buffered-amount-low], see
 * [property@CallDataChannel:buffered-amount-low-threshold].
 *
 * Since: 0.1
 */
void
gst_call_data_channel_set_buffered_amount_low_threshold (GstCallDataChannel *self,
                                                         guint64             threshold)
{
  g_return_if_fail (GST_IS_CALL_DATA_CHANNEL (self));

  if (self->buffered_amount_low_threshold == threshold)
    return;
  self->buffered_amount_low_threshold = threshold;
  if (self->channel)
    g_object_set (self->channel, "buffered-amount-low-threshold", threshold, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_BUFFERED_AMOUNT_LOW_THRESHOLD]);
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                   */

static void
gst_call_data_channel_dispose (GObject *object)
{
  GstCallDataChannel *self = GST_CALL_DATA_CHANNEL (object);

  detach (self);
  g_queue_clear_full (&self->early_messages, event_free);

  G_OBJECT_CLASS (gst_call_data_channel_parent_class)->dispose (object);
}

static void
gst_call_data_channel_finalize (GObject *object)
{
  GstCallDataChannel *self = GST_CALL_DATA_CHANNEL (object);

  g_ptr_array_unref (self->handler_ids);
  g_clear_pointer (&self->init, gst_structure_free);
  g_clear_pointer (&self->proxy, gst_call_context_proxy_unref);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_weak_ref_clear (&self->owner);
  g_free (self->label);
  g_free (self->protocol);

  G_OBJECT_CLASS (gst_call_data_channel_parent_class)->finalize (object);
}

static void
gst_call_data_channel_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  GstCallDataChannel *self = GST_CALL_DATA_CHANNEL (object);

  switch (prop_id) {
    case PROP_LABEL:
      g_value_set_string (value, gst_call_data_channel_get_label (self));
      break;
    case PROP_ORDERED:
      g_value_set_boolean (value, gst_call_data_channel_get_ordered (self));
      break;
    case PROP_MAX_PACKET_LIFE_TIME:
      g_value_set_int (value, gst_call_data_channel_get_max_packet_life_time (self));
      break;
    case PROP_MAX_RETRANSMITS:
      g_value_set_int (value, gst_call_data_channel_get_max_retransmits (self));
      break;
    case PROP_PROTOCOL:
      g_value_set_string (value, gst_call_data_channel_get_protocol (self));
      break;
    case PROP_NEGOTIATED:
      g_value_set_boolean (value, gst_call_data_channel_get_negotiated (self));
      break;
    case PROP_ID:
      g_value_set_int (value, gst_call_data_channel_get_id (self));
      break;
    case PROP_READY_STATE:
      g_value_set_enum (value, gst_call_data_channel_get_ready_state (self));
      break;
    case PROP_BUFFERED_AMOUNT:
      g_value_set_uint64 (value, gst_call_data_channel_get_buffered_amount (self));
      break;
    case PROP_BUFFERED_AMOUNT_LOW_THRESHOLD:
      g_value_set_uint64 (value, gst_call_data_channel_get_buffered_amount_low_threshold (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_data_channel_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  GstCallDataChannel *self = GST_CALL_DATA_CHANNEL (object);

  switch (prop_id) {
    case PROP_BUFFERED_AMOUNT_LOW_THRESHOLD:
      gst_call_data_channel_set_buffered_amount_low_threshold (self, g_value_get_uint64 (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_data_channel_class_init (GstCallDataChannelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  gst_call_ensure_initialized ();

  object_class->dispose = gst_call_data_channel_dispose;
  object_class->finalize = gst_call_data_channel_finalize;
  object_class->get_property = gst_call_data_channel_get_property;
  object_class->set_property = gst_call_data_channel_set_property;

  /**
   * GstCallDataChannel:label:
   *
   * The name given when the channel was created, on either side.
   *
   * Since: 0.1
   */
  props[PROP_LABEL] =
      g_param_spec_string ("label", NULL, NULL, NULL,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCallDataChannel:ordered:
   *
   * Whether messages arrive in the order they were sent (the default).
   *
   * Since: 0.1
   */
  props[PROP_ORDERED] =
      g_param_spec_boolean ("ordered", NULL, NULL, TRUE,
                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCallDataChannel:max-packet-life-time:
   *
   * For how many milliseconds a message is retransmitted before it is
   * given up, or -1 (the default): until it arrives. Set with the
   * `max-packet-lifetime` option.
   *
   * Since: 0.1
   */
  props[PROP_MAX_PACKET_LIFE_TIME] =
      g_param_spec_int ("max-packet-life-time", NULL, NULL, -1, G_MAXUINT16, -1,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCallDataChannel:max-retransmits:
   *
   * How many times a message is retransmitted before it is given up, or -1
   * (the default): until it arrives.
   *
   * Since: 0.1
   */
  props[PROP_MAX_RETRANSMITS] =
      g_param_spec_int ("max-retransmits", NULL, NULL, -1, G_MAXUINT16, -1,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCallDataChannel:protocol:
   *
   * The subprotocol the application named, empty by default.
   *
   * Since: 0.1
   */
  props[PROP_PROTOCOL] =
      g_param_spec_string ("protocol", NULL, NULL, "",
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCallDataChannel:negotiated:
   *
   * Whether the applications on both sides created the channel with the
   * same [property@CallDataChannel:id] (neither side announces it).
   *
   * Since: 0.1
   */
  props[PROP_NEGOTIATED] =
      g_param_spec_boolean ("negotiated", NULL, NULL, FALSE,
                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCallDataChannel:id:
   *
   * The SCTP stream of the channel, or -1 until the descriptions were
   * exchanged. Read it again after [signal@CallDataChannel::open]; it has
   * no change notification.
   *
   * Since: 0.1
   */
  props[PROP_ID] =
      g_param_spec_int ("id", NULL, NULL, -1, MAX_CHANNEL_ID, -1,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCallDataChannel:ready-state:
   *
   * The state of the channel; notified on the channel's main context.
   *
   * Since: 0.1
   */
  props[PROP_READY_STATE] =
      g_param_spec_enum ("ready-state", NULL, NULL, GST_TYPE_CALL_DATA_CHANNEL_STATE,
                         GST_CALL_DATA_CHANNEL_STATE_CONNECTING,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstCallDataChannel:buffered-amount:
   *
   * The bytes of messages sent and not yet handed to the SCTP stack. It
   * has no change notification: use
   * [signal@CallDataChannel::buffered-amount-low] to pace sending.
   *
   * Since: 0.1
   */
  props[PROP_BUFFERED_AMOUNT] =
      g_param_spec_uint64 ("buffered-amount", NULL, NULL, 0, G_MAXUINT64, 0,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCallDataChannel:buffered-amount-low-threshold:
   *
   * When [property@CallDataChannel:buffered-amount] falls to this many
   * bytes or below, [signal@CallDataChannel::buffered-amount-low] is
   * emitted. 0 by default: once everything queued left.
   *
   * Since: 0.1
   */
  props[PROP_BUFFERED_AMOUNT_LOW_THRESHOLD] =
      g_param_spec_uint64 ("buffered-amount-low-threshold", NULL, NULL, 0, G_MAXUINT64, 0,
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                           G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, props);

  /**
   * GstCallDataChannel::open:
   * @self: the [class@CallDataChannel]
   *
   * The channel can send and receive from now on.
   *
   * Since: 0.1
   */
  signals[SIGNAL_OPEN] =
      g_signal_new ("open", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * GstCallDataChannel::message:
   * @self: the [class@CallDataChannel]
   * @data: the message
   * @is_text: whether the peer sent it as text (UTF-8, without a final NUL
   *   in @data) rather than as bytes
   *
   * A message arrived; on an ordered channel, in the order it was sent.
   *
   * Since: 0.1
   */
  signals[SIGNAL_MESSAGE] =
      g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_BYTES, G_TYPE_BOOLEAN);

  /**
   * GstCallDataChannel::buffered-amount-low:
   * @self: the [class@CallDataChannel]
   *
   * [property@CallDataChannel:buffered-amount] fell to
   * [property@CallDataChannel:buffered-amount-low-threshold] or below:
   * a good moment to send more.
   *
   * Since: 0.1
   */
  signals[SIGNAL_BUFFERED_AMOUNT_LOW] =
      g_signal_new ("buffered-amount-low", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * GstCallDataChannel::error:
   * @self: the [class@CallDataChannel]
   * @error: what went wrong
   *
   * The channel failed (the peer sent something malformed, the transport
   * failed, or it could not be created); [signal@CallDataChannel::close]
   * follows.
   *
   * Since: 0.1
   */
  signals[SIGNAL_ERROR] =
      g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);

  /**
   * GstCallDataChannel::close:
   * @self: the [class@CallDataChannel]
   *
   * The channel closed: either side closed it, it failed, or its peer
   * connection or call ended. Emitted once per channel.
   *
   * Since: 0.1
   */
  signals[SIGNAL_CLOSE] =
      g_signal_new ("close", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
gst_call_data_channel_init (GstCallDataChannel *self)
{
  self->handler_ids = g_ptr_array_new_with_free_func (g_free);
  self->ordered = TRUE;
  self->max_packet_life_time = -1;
  self->max_retransmits = -1;
  self->id = -1;
  self->label = g_strdup ("");
  self->protocol = g_strdup ("");
  g_weak_ref_init (&self->owner, NULL);
  g_queue_init (&self->early_messages);
}
