/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcalltrack-private.h"
#include "gstcall-enum-types.h"
#include "gstcall-error.h"
#include "gstcall-private.h"
#include "gstcall-encoder-slot-private.h"
#include "gstcall-media-private.h"

/**
 * GstCallTrack:
 *
 * One stream of audio or video in a call, local or remote.
 *
 * A remote track is handed to the application by the
 * [signal@PeerConnection::track] signal. Its pad ([method@CallTrack.get_pad])
 * produces decoded, converted raw media: link it to any sink, or give a sink to
 * [method@CallTrack.set_sink]. A remote track that nobody links during the
 * signal emission is consumed by a `fakesink`, so media never stalls.
 *
 * A local track is returned by [method@PeerConnection.add_track]; its pad is
 * the output of the source that feeds the encoder.
 *
 * To follow a remote track from the application's thread (GJS and Python
 * handlers must not run on GStreamer's streaming threads, where a pad probe,
 * a `fakesink` handoff or an `appsink` callback would be called), watch
 * [property@CallTrack:frames-decoded]: it counts the decoded frames and is
 * notified on the track's main context.
 *
 * Since: 0.1
 */

/* Counts the buffers leaving a remote track's pad. Shared by the track and
 * the pad probe, which may run once more after the track is gone. */
typedef struct {
  gatomicrefcount ref;
  gsize frames;        /* atomic (pointer-sized) */
  gint notify_pending; /* atomic: a notification is on its way */
  GstCallContextProxy *proxy;
} FrameCounter;

struct _GstCallTrack {
  GObject parent_instance;

  GstCallMediaKind kind;
  gboolean remote;
  char *mid;
  GstBin *pipeline;
  GstPad *pad;
  GstElement *valve;
  GstElement *encoder_slot;
  gboolean enabled;
  guint bitrate;

  FrameCounter *frame_counter; /* remote tracks */
  gulong frame_probe_id;
  gint64 last_frames_notify;   /* monotonic µs */
  GSource *frames_notify_source;
};

/* notify::frames-decoded at most this often while frames arrive */
#define FRAMES_NOTIFY_INTERVAL_US (100 * G_TIME_SPAN_MILLISECOND)

G_DEFINE_FINAL_TYPE (GstCallTrack, gst_call_track, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_KIND,
  PROP_REMOTE,
  PROP_MID,
  PROP_PAD,
  PROP_ENABLED,
  PROP_BITRATE,
  PROP_FRAMES_DECODED,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

static void
frame_counter_unref (gpointer data)
{
  FrameCounter *counter = data;

  if (g_atomic_ref_count_dec (&counter->ref)) {
    gst_call_context_proxy_unref (counter->proxy);
    g_free (counter);
  }
}

static void
gst_call_track_dispose (GObject *object)
{
  GstCallTrack *self = GST_CALL_TRACK (object);

  if (self->frame_probe_id)
    gst_pad_remove_probe (self->pad, self->frame_probe_id);
  self->frame_probe_id = 0;
  if (self->frames_notify_source)
    g_source_destroy (self->frames_notify_source);
  g_clear_pointer (&self->frames_notify_source, g_source_unref);
  g_clear_pointer (&self->frame_counter, frame_counter_unref);

  G_OBJECT_CLASS (gst_call_track_parent_class)->dispose (object);
}

static void
gst_call_track_finalize (GObject *object)
{
  GstCallTrack *self = GST_CALL_TRACK (object);

  g_clear_pointer (&self->mid, g_free);
  gst_clear_object (&self->pad);
  gst_clear_object (&self->valve);
  gst_clear_object (&self->encoder_slot);
  gst_clear_object (&self->pipeline);

  G_OBJECT_CLASS (gst_call_track_parent_class)->finalize (object);
}

static void
gst_call_track_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  GstCallTrack *self = GST_CALL_TRACK (object);

  switch (prop_id) {
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    case PROP_REMOTE:
      g_value_set_boolean (value, self->remote);
      break;
    case PROP_MID:
      g_value_set_string (value, self->mid);
      break;
    case PROP_PAD:
      g_value_set_object (value, self->pad);
      break;
    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;
    case PROP_BITRATE:
      g_value_set_uint (value, self->bitrate);
      break;
    case PROP_FRAMES_DECODED:
      g_value_set_uint64 (value, gst_call_track_get_frames_decoded (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_track_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  GstCallTrack *self = GST_CALL_TRACK (object);

  switch (prop_id) {
    case PROP_ENABLED:
      gst_call_track_set_enabled (self, g_value_get_boolean (value));
      break;
    case PROP_BITRATE:
      gst_call_track_set_bitrate (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_track_class_init (GstCallTrackClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gst_call_track_dispose;
  object_class->finalize = gst_call_track_finalize;
  object_class->get_property = gst_call_track_get_property;
  object_class->set_property = gst_call_track_set_property;

  /**
   * GstCallTrack:kind:
   *
   * Whether the track carries audio or video.
   *
   * Since: 0.1
   */
  props[PROP_KIND] =
      g_param_spec_enum ("kind", NULL, NULL, GST_TYPE_CALL_MEDIA_KIND,
                         GST_CALL_MEDIA_KIND_AUDIO,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCallTrack:remote:
   *
   * %TRUE for media received from the peer, %FALSE for media sent to it.
   *
   * Since: 0.1
   */
  props[PROP_REMOTE] =
      g_param_spec_boolean ("remote", NULL, NULL, FALSE,
                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCallTrack:mid:
   *
   * The media identification (`a=mid`) of the SDP media section carrying the
   * track, or %NULL before negotiation assigned one.
   *
   * Since: 0.1
   */
  props[PROP_MID] =
      g_param_spec_string ("mid", NULL, NULL, NULL,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                           G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstCallTrack:pad:
   *
   * For a remote track, the pad producing decoded raw media; for a local
   * track, the output pad of its source.
   *
   * Since: 0.1
   */
  props[PROP_PAD] =
      g_param_spec_object ("pad", NULL, NULL, GST_TYPE_PAD,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCallTrack:enabled:
   *
   * Whether a local track sends media. A disabled track sends nothing
   * (muted) until it is enabled again; the negotiated session is kept.
   * Remote tracks are always enabled.
   *
   * Since: 0.1
   */
  props[PROP_ENABLED] =
      g_param_spec_boolean ("enabled", NULL, NULL, TRUE,
                            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                            G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstCallTrack:bitrate:
   *
   * The target bitrate of a local track's encoder, in kbit/s; 0 keeps the
   * encoder's default (1000 kbit/s for video). Can change during the call;
   * a replacement encoder (after a failure) gets it too.
   *
   * Since: 0.1
   */
  props[PROP_BITRATE] =
      g_param_spec_uint ("bitrate", NULL, NULL, 0, 100000, 0,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstCallTrack:frames-decoded: (getter get_frames_decoded)
   *
   * For a remote track, how many decoded frames (video frames, or buffers
   * of audio samples) have left its pad so far; 0 for a local track.
   *
   * Its notifications come on the main context that was thread-default
   * when the track was made (the application's, for the tracks of
   * [signal@Call::remote-track] and [signal@PeerConnection::track]): the
   * first as soon as the first frame is decoded, then at most ten a second
   * while frames arrive. So a GJS or Python application can show that video
   * arrives, or a frame rate, without a handler on a streaming thread.
   *
   * Since: 0.1
   */
  props[PROP_FRAMES_DECODED] =
      g_param_spec_uint64 ("frames-decoded", NULL, NULL, 0, G_MAXUINT64, 0,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                           G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, props);
}

/* Main context: tells the application how many frames arrived, now or,
 * when the last notification is too recent, once the interval is over. */
static gboolean
notify_frames_decoded (gpointer data)
{
  GstCallTrack *self = data;

  g_clear_pointer (&self->frames_notify_source, g_source_unref);
  /* Frames arriving from here on ask for a new notification. */
  g_atomic_int_set (&self->frame_counter->notify_pending, 0);
  self->last_frames_notify = g_get_monotonic_time ();
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_FRAMES_DECODED]);
  return G_SOURCE_REMOVE;
}

static void
schedule_frames_notify (gpointer object,
                        gpointer data)
{
  GstCallTrack *self = object;
  gint64 since_last = g_get_monotonic_time () - self->last_frames_notify;

  if (self->frames_notify_source)
    return;
  if (self->last_frames_notify == 0 || since_last >= FRAMES_NOTIFY_INTERVAL_US) {
    notify_frames_decoded (self);
    return;
  }
  self->frames_notify_source =
      g_timeout_source_new ((guint) ((FRAMES_NOTIFY_INTERVAL_US - since_last) / 1000) + 1);
  g_source_set_callback (self->frames_notify_source, notify_frames_decoded, self, NULL);
  g_source_set_static_name (self->frames_notify_source, "[gstcall] frames-decoded");
  g_source_attach (self->frames_notify_source,
                   gst_call_context_proxy_get_context (self->frame_counter->proxy));
}

/* Streaming thread. */
static GstPadProbeReturn
count_frame (GstPad          *pad,
             GstPadProbeInfo *info,
             gpointer         user_data)
{
  FrameCounter *counter = user_data;
  guint n = 1;

  if (GST_PAD_PROBE_INFO_TYPE (info) & GST_PAD_PROBE_TYPE_BUFFER_LIST)
    n = gst_buffer_list_length (GST_PAD_PROBE_INFO_BUFFER_LIST (info));
  g_atomic_pointer_add (&counter->frames, n);
  if (g_atomic_int_compare_and_exchange (&counter->notify_pending, 0, 1))
    gst_call_context_proxy_invoke (counter->proxy, schedule_frames_notify, NULL, NULL);
  return GST_PAD_PROBE_OK;
}

/**
 * gst_call_track_get_frames_decoded: (get-property frames-decoded)
 * @self: a [class@CallTrack]
 *
 * Gets how many decoded frames of a remote track have left its pad, see
 * [property@CallTrack:frames-decoded].
 *
 * Returns: the number of frames; 0 for a local track
 *
 * Since: 0.1
 */
guint64
gst_call_track_get_frames_decoded (GstCallTrack *self)
{
  g_return_val_if_fail (GST_IS_CALL_TRACK (self), 0);

  return self->frame_counter ? (gsize) g_atomic_pointer_get (&self->frame_counter->frames) : 0;
}

static void
gst_call_track_init (GstCallTrack *self)
{
  self->enabled = TRUE;
}

GstCallTrack *
gst_call_track_new (GstCallMediaKind  kind,
                    gboolean          remote,
                    const char       *mid,
                    GstBin           *pipeline,
                    GstPad           *pad)
{
  GstCallTrack *self = g_object_new (GST_TYPE_CALL_TRACK, NULL);

  self->kind = kind;
  self->remote = remote;
  self->mid = g_strdup (mid);
  self->pipeline = gst_object_ref (pipeline);
  self->pad = pad ? gst_object_ref (pad) : NULL;

  if (remote && pad) {
    FrameCounter *counter = g_new0 (FrameCounter, 1);

    g_atomic_ref_count_init (&counter->ref);
    counter->proxy = gst_call_context_proxy_new (self);
    self->frame_counter = counter;
    g_atomic_ref_count_inc (&counter->ref);
    self->frame_probe_id =
        gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST,
                           count_frame, counter, frame_counter_unref);
  }

  return self;
}

void
gst_call_track_set_mid (GstCallTrack *self,
                        const char   *mid)
{
  if (g_strcmp0 (self->mid, mid) == 0)
    return;
  g_free (self->mid);
  self->mid = g_strdup (mid);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_MID]);
}

void
gst_call_track_set_valve (GstCallTrack *self,
                          GstElement   *valve)
{
  gst_object_replace ((GstObject **) &self->valve, GST_OBJECT (valve));
  g_object_set (valve, "drop", !self->enabled, NULL);
}

GstPad *
gst_call_track_dup_sent_pad (GstCallTrack *self)
{
  return self->valve ? gst_element_get_static_pad (self->valve, "src") : NULL;
}

void
gst_call_track_set_encoder_slot (GstCallTrack *self,
                                 GstElement   *slot)
{
  gst_object_replace ((GstObject **) &self->encoder_slot, GST_OBJECT (slot));
  if (slot && self->bitrate)
    gst_call_encoder_slot_set_bitrate (GST_CALL_ENCODER_SLOT (slot), self->bitrate);
}

/**
 * gst_call_track_get_bitrate:
 * @self: a [class@CallTrack]
 *
 * Gets the target bitrate of a local track, see [property@CallTrack:bitrate].
 *
 * Returns: the bitrate in kbit/s, 0 for the encoder's default
 *
 * Since: 0.1
 */
guint
gst_call_track_get_bitrate (GstCallTrack *self)
{
  g_return_val_if_fail (GST_IS_CALL_TRACK (self), 0);

  return self->bitrate;
}

/**
 * gst_call_track_set_bitrate:
 * @self: a local [class@CallTrack]
 * @kbit_per_second: the target bitrate in kbit/s, 0 for the encoder's default
 *
 * Sets the target bitrate of a local track's encoder, whatever the encoder
 * (each names and scales the setting its own way). Remote tracks ignore it.
 *
 * Since: 0.1
 */
void
gst_call_track_set_bitrate (GstCallTrack *self,
                            guint         kbit_per_second)
{
  g_return_if_fail (GST_IS_CALL_TRACK (self));

  if (self->remote || self->bitrate == kbit_per_second)
    return;
  self->bitrate = kbit_per_second;
  if (self->encoder_slot && kbit_per_second)
    gst_call_encoder_slot_set_bitrate (GST_CALL_ENCODER_SLOT (self->encoder_slot),
                                       kbit_per_second);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_BITRATE]);
}

/**
 * gst_call_track_get_enabled:
 * @self: a [class@CallTrack]
 *
 * Gets whether a local track sends media, see [property@CallTrack:enabled].
 *
 * Returns: whether @self sends media, see [property@CallTrack:enabled]
 *
 * Since: 0.1
 */
gboolean
gst_call_track_get_enabled (GstCallTrack *self)
{
  g_return_val_if_fail (GST_IS_CALL_TRACK (self), FALSE);

  return self->enabled;
}

/**
 * gst_call_track_set_enabled:
 * @self: a local [class@CallTrack]
 * @enabled: %FALSE to stop sending (mute), %TRUE to send again
 *
 * Mutes or unmutes a local track, see [property@CallTrack:enabled].
 *
 * Since: 0.1
 */
void
gst_call_track_set_enabled (GstCallTrack *self,
                            gboolean      enabled)
{
  g_return_if_fail (GST_IS_CALL_TRACK (self));

  enabled = !!enabled;
  if (self->remote || self->enabled == enabled)
    return;
  self->enabled = enabled;
  if (self->valve)
    g_object_set (self->valve, "drop", !enabled, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ENABLED]);
}

/**
 * gst_call_track_get_kind:
 * @self: a [class@CallTrack]
 *
 * Gets whether the track carries audio or video.
 *
 * Returns: whether @self carries audio or video
 *
 * Since: 0.1
 */
GstCallMediaKind
gst_call_track_get_kind (GstCallTrack *self)
{
  g_return_val_if_fail (GST_IS_CALL_TRACK (self), GST_CALL_MEDIA_KIND_AUDIO);

  return self->kind;
}

/**
 * gst_call_track_is_remote:
 * @self: a [class@CallTrack]
 *
 * Tells whether the track is the peer's media or local media.
 *
 * Returns: %TRUE if @self is media received from the peer
 *
 * Since: 0.1
 */
gboolean
gst_call_track_is_remote (GstCallTrack *self)
{
  g_return_val_if_fail (GST_IS_CALL_TRACK (self), FALSE);

  return self->remote;
}

/**
 * gst_call_track_get_mid:
 * @self: a [class@CallTrack]
 *
 * Gets the media identification of the track's SDP media section, see [property@CallTrack:mid].
 *
 * Returns: (nullable): the `a=mid` of the media section carrying @self
 *
 * Since: 0.1
 */
const char *
gst_call_track_get_mid (GstCallTrack *self)
{
  g_return_val_if_fail (GST_IS_CALL_TRACK (self), NULL);

  return self->mid;
}

/**
 * gst_call_track_get_pad:
 * @self: a [class@CallTrack]
 *
 * Gets the pad of the track: for a remote track the pad producing decoded raw
 * media (`video/x-raw` or `audio/x-raw`, any format), for a local track the
 * output pad of the source.
 *
 * Returns: (transfer none) (nullable): the pad
 *
 * Since: 0.1
 */
GstPad *
gst_call_track_get_pad (GstCallTrack *self)
{
  g_return_val_if_fail (GST_IS_CALL_TRACK (self), NULL);

  return self->pad;
}

/**
 * gst_call_track_set_sink:
 * @self: a remote [class@CallTrack]
 * @sink: (transfer none): the element that consumes the decoded media, for
 *   example `autovideosink` or an `appsink`
 * @error: return location for a #GError
 *
 * Plays the remote track into @sink: adds @sink to the pipeline (unless it is
 * already in it), links the track's pad to it and starts it.
 *
 * Call this from a [signal@PeerConnection::track] handler so the first frame
 * reaches @sink, or later to replace nothing: a pad already linked is an
 * error.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gst_call_track_set_sink (GstCallTrack *self,
                         GstElement   *sink,
                         GError      **error)
{
  g_autoptr (GstPad) sink_pad = NULL;
  GstPadLinkReturn link_result;
  gboolean added = FALSE;

  g_return_val_if_fail (GST_IS_CALL_TRACK (self), FALSE);
  g_return_val_if_fail (GST_IS_ELEMENT (sink), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!self->remote || !self->pad) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                         _("Only a remote track can be played into a sink"));
    return FALSE;
  }
  if (gst_pad_is_linked (self->pad)) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                         _("The track is already linked to a sink"));
    return FALSE;
  }

  if (!GST_OBJECT_PARENT (sink)) {
    if (!gst_bin_add (self->pipeline, sink)) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("The sink “%s” could not be added to the call's pipeline"),
                   GST_OBJECT_NAME (sink));
      return FALSE;
    }
    added = TRUE;
  }

  sink_pad = gst_element_get_compatible_pad (sink, self->pad, NULL);
  link_result = sink_pad ? gst_pad_link (self->pad, sink_pad)
                         : GST_PAD_LINK_NOFORMAT;
  if (link_result != GST_PAD_LINK_OK) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The sink “%s” cannot take the track's decoded %s: %s"),
                 GST_OBJECT_NAME (sink),
                 self->kind == GST_CALL_MEDIA_KIND_VIDEO ? "video" : "audio",
                 gst_pad_link_get_name (link_result));
    if (added)
      gst_bin_remove (self->pipeline, sink);
    return FALSE;
  }

  if (added)
    gst_element_sync_state_with_parent (sink);

  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Remote pads, shared by the WebRTC and the RTP transports                 */

static GstPadProbeReturn
hold_until_announced (GstPad          *pad,
                      GstPadProbeInfo *info,
                      gpointer         user_data)
{
  return GST_PAD_PROBE_OK;
}

GstCallRemotePad *
gst_call_remote_pad_new (GstCallMediaKind  kind,
                         const char       *mid,
                         GstElement       *track_bin,
                         GstElement       *convert,
                         GstPad           *decoded)
{
  g_autoptr (GstPad) convert_sink = NULL;
  g_autoptr (GstPad) convert_src = NULL;
  GstCallRemotePad *remote;
  GstPad *ghost;

  gst_bin_add (GST_BIN (track_bin), convert);
  convert_sink = gst_element_get_static_pad (convert, "sink");
  convert_src = gst_element_get_static_pad (convert, "src");
  ghost = gst_ghost_pad_new ("src", convert_src);
  gst_pad_set_active (ghost, TRUE);

  remote = g_new0 (GstCallRemotePad, 1);
  remote->kind = kind;
  remote->mid = g_strdup (mid);
  remote->pad = gst_object_ref (ghost);
  remote->probe_id = gst_pad_add_probe (ghost, GST_PAD_PROBE_TYPE_BLOCK_DOWNSTREAM,
                                        hold_until_announced, NULL, NULL);

  gst_element_add_pad (track_bin, ghost);
  gst_element_sync_state_with_parent (convert);
  if (gst_pad_link (decoded, convert_sink) != GST_PAD_LINK_OK)
    GST_WARNING ("could not link decoded %s pad", gst_call_media_kind_to_string (kind));
  return remote;
}

void
gst_call_remote_pad_release (GstCallRemotePad *remote,
                             GstCallTrack     *track)
{
  if (!gst_pad_is_linked (remote->pad)) {
    GstElement *fakesink = gst_element_factory_make ("fakesink", NULL);
    g_autoptr (GError) error = NULL;

    g_object_set (fakesink, "sync", FALSE, "async", FALSE, NULL);
    if (!gst_call_track_set_sink (track, fakesink, &error))
      GST_WARNING ("could not discard unplayed remote track: %s", error->message);
  }

  if (remote->probe_id)
    gst_pad_remove_probe (remote->pad, remote->probe_id);
  remote->probe_id = 0;
}

void
gst_call_remote_pad_free (gpointer data)
{
  GstCallRemotePad *remote = data;

  /* If the transport is gone, let data flow into nothing. */
  if (remote->probe_id)
    gst_pad_remove_probe (remote->pad, remote->probe_id);
  gst_object_unref (remote->pad);
  g_free (remote->mid);
  g_free (remote);
}
