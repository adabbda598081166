/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <gst/rtp/rtp.h>
#include <gst/video/video.h>

#include "gstcallbroadcast.h"
#include "gstcallbroadcast-private.h"
#include "gstcall-enum-types.h"
#include "gstcall-error.h"
#include "gstcall-media-private.h"
#include "gstcall-plugins-private.h"
#include "gstcall-private.h"

/**
 * GstCallBroadcast:
 *
 * One source encoded once for many peers.
 *
 * A call encodes its media for its peer alone: ten calls sending the same
 * camera run ten encoders. Give the calls one broadcast instead
 * ([method@Call.set_broadcast]) and a single encoder and payloader feed all
 * of them; each call only encrypts and sends the packets.
 *
 * ```c
 * GstCallBroadcast *camera = gst_call_broadcast_new (GST_CALL_MEDIA_KIND_VIDEO,
 *     gst_element_factory_make ("v4l2src", NULL), &error);
 * for (guint i = 0; i < n_viewers; i++)
 *   gst_call_set_broadcast (calls[i], camera);
 * ```
 *
 * The broadcast encodes with the kind's default codec (VP8 for video, Opus
 * for audio), the encoder chosen by [class@CallCodecs]. Every call sends
 * the same packets, with the payload type its own negotiation chose written
 * in; each call has its own RTP session, so the same SSRC in all of them
 * never collides. A keyframe request (PLI or FIR) from any peer, and the
 * one a call makes when its connection comes up, reaches the shared
 * encoder: every peer then gets the keyframe. Requests are coalesced: the
 * encoder is asked at most once per 300 ms of the stream, and a request
 * arriving sooner is answered by one keyframe at the end of that time, so
 * that many peers joining or losing packets at once do not turn the
 * stream into keyframes. A peer leaving (its call hung up and freed) does
 * not disturb the others.
 *
 * The encoder runs from the first call that uses the broadcast until the
 * broadcast is freed. Peers must accept the codec: a call whose peer only
 * takes another codec fails to negotiate; give it its own source instead.
 *
 * Since: 0.1
 */

/* A call's source of the broadcast: an element in the call's pipeline
 * whose source pad the broadcast's streaming thread pushes the packets
 * into, with no queue and no thread of its own (an appsrc would add both
 * to every call, and a thread switch to every packet). It only passes
 * packets on while its pipeline plays, as a live source does. */
#define GST_TYPE_CALL_BROADCAST_SOURCE (gst_call_broadcast_source_get_type ())
G_DECLARE_FINAL_TYPE (GstCallBroadcastSource, gst_call_broadcast_source, GST,
                      CALL_BROADCAST_SOURCE, GstElement)

struct _GstCallBroadcastSource {
  GstElement parent_instance;

  GstPad *src;
  GstCaps *caps;       /* set once, before it is in a pipeline */
  gboolean started;    /* the src pad's stream lock: stream-start, caps and
                        * segment went out */
  gint flowing;        /* atomic: its call can take packets without blocking */
  gint placed;         /* atomic: a bin took it (gave it its bus) once */
};

G_DEFINE_FINAL_TYPE (GstCallBroadcastSource, gst_call_broadcast_source, GST_TYPE_ELEMENT)

enum {
  SOURCE_PROP_0,
  SOURCE_PROP_CAPS,
};

static GstStaticPadTemplate broadcast_source_template =
    GST_STATIC_PAD_TEMPLATE ("src", GST_PAD_SRC, GST_PAD_ALWAYS,
                             GST_STATIC_CAPS ("application/x-rtp"));

static gboolean
broadcast_source_query (GstPad    *pad,
                        GstObject *parent,
                        GstQuery  *query)
{
  GstCallBroadcastSource *self = GST_CALL_BROADCAST_SOURCE (parent);

  switch (GST_QUERY_TYPE (query)) {
    case GST_QUERY_LATENCY:
      gst_query_set_latency (query, TRUE, 0, GST_CLOCK_TIME_NONE);
      return TRUE;
    case GST_QUERY_CAPS: {
      GstCaps *filter = NULL;
      g_autoptr (GstCaps) caps = NULL;

      gst_query_parse_caps (query, &filter);
      caps = filter ? gst_caps_intersect_full (filter, self->caps, GST_CAPS_INTERSECT_FIRST)
                    : gst_caps_ref (self->caps);
      gst_query_set_caps_result (query, caps);
      return TRUE;
    }
    default:
      return gst_pad_query_default (pad, parent, query);
  }
}

/* Called with the src pad's stream lock: the stream's first events, once.
 * They go out as soon as the source is paused, before any packet: a
 * call's offer waits for the caps to reach webrtcbin. */
static void
broadcast_source_start (GstCallBroadcastSource *self)
{
  g_autofree char *stream_id = NULL;
  GstSegment segment;

  if (self->started)
    return;
  stream_id = gst_pad_create_stream_id (self->src, GST_ELEMENT (self), NULL);
  gst_segment_init (&segment, GST_FORMAT_TIME);
  gst_pad_push_event (self->src, gst_event_new_stream_start (stream_id));
  gst_pad_push_event (self->src, gst_event_new_caps (self->caps));
  gst_pad_push_event (self->src, gst_event_new_segment (&segment));
  self->started = TRUE;
}

static GstStateChangeReturn
broadcast_source_change_state (GstElement     *element,
                               GstStateChange  transition)
{
  GstCallBroadcastSource *self = GST_CALL_BROADCAST_SOURCE (element);
  GstStateChangeReturn result =
      GST_ELEMENT_CLASS (gst_call_broadcast_source_parent_class)->change_state (element,
                                                                               transition);

  if (result == GST_STATE_CHANGE_FAILURE)
    return result;
  switch (transition) {
    case GST_STATE_CHANGE_PAUSED_TO_READY:
      /* The pad is inactive: no push runs. */
      GST_PAD_STREAM_LOCK (self->src);
      self->started = FALSE;
      GST_PAD_STREAM_UNLOCK (self->src);
      break;
    case GST_STATE_CHANGE_READY_TO_PAUSED:
      GST_PAD_STREAM_LOCK (self->src);
      broadcast_source_start (self);
      GST_PAD_STREAM_UNLOCK (self->src);
      /* Live: nothing to preroll. */
      result = GST_STATE_CHANGE_NO_PREROLL;
      break;
    case GST_STATE_CHANGE_PLAYING_TO_PAUSED:
      result = GST_STATE_CHANGE_NO_PREROLL;
      break;
    default:
      break;
  }
  return result;
}

/* A bin gives its children its bus when it takes them. */
static void
broadcast_source_set_bus (GstElement *element,
                          GstBus     *bus)
{
  GST_ELEMENT_CLASS (gst_call_broadcast_source_parent_class)->set_bus (element, bus);
  if (bus)
    g_atomic_int_set (&GST_CALL_BROADCAST_SOURCE (element)->placed, 1);
}

static void
gst_call_broadcast_source_finalize (GObject *object)
{
  GstCallBroadcastSource *self = GST_CALL_BROADCAST_SOURCE (object);

  gst_clear_caps (&self->caps);

  G_OBJECT_CLASS (gst_call_broadcast_source_parent_class)->finalize (object);
}

/* "caps", read-only: what it sends, with the SSRC (as an appsrc's). */
static void
gst_call_broadcast_source_get_property (GObject    *object,
                                        guint       prop_id,
                                        GValue     *value,
                                        GParamSpec *pspec)
{
  GstCallBroadcastSource *self = GST_CALL_BROADCAST_SOURCE (object);

  switch (prop_id) {
    case SOURCE_PROP_CAPS:
      gst_value_set_caps (value, self->caps);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_broadcast_source_class_init (GstCallBroadcastSourceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);

  object_class->finalize = gst_call_broadcast_source_finalize;
  object_class->get_property = gst_call_broadcast_source_get_property;
  g_object_class_install_property (object_class, SOURCE_PROP_CAPS,
                                   g_param_spec_boxed ("caps", NULL, NULL, GST_TYPE_CAPS,
                                                       G_PARAM_READABLE |
                                                           G_PARAM_STATIC_STRINGS));
  element_class->change_state = broadcast_source_change_state;
  element_class->set_bus = broadcast_source_set_bus;
  gst_element_class_add_static_pad_template (element_class, &broadcast_source_template);
  gst_element_class_set_static_metadata (element_class, "Broadcast source",
                                         "Source/Network/RTP",
                                         "The packets of a GstCallBroadcast, for one call",
                                         "The libgstcall authors");
}

static void
gst_call_broadcast_source_init (GstCallBroadcastSource *self)
{
  self->src = gst_pad_new_from_static_template (&broadcast_source_template, "src");
  gst_pad_set_query_function (self->src, broadcast_source_query);
  gst_pad_use_fixed_caps (self->src);
  gst_element_add_pad (GST_ELEMENT (self), self->src);
  GST_OBJECT_FLAG_SET (self, GST_ELEMENT_FLAG_SOURCE);
}

/* The broadcast's streaming thread: passes a frame's packets (@list) or
 * one packet (@buffer) on, taking it, into the call's pipeline. Flushing
 * unless the pipeline plays; dropped until the call is up (see
 * gst_call_broadcast_viewer_set_flowing()). */
static GstFlowReturn
broadcast_source_push (GstCallBroadcastSource *self,
                       GstBuffer              *buffer,
                       GstBufferList          *list)
{
  GstFlowReturn flow;
  gboolean playing;

  GST_OBJECT_LOCK (self);
  playing = GST_STATE (self) == GST_STATE_PLAYING && GST_STATE_PENDING (self) ==
                                                          GST_STATE_VOID_PENDING;
  GST_OBJECT_UNLOCK (self);
  if (!playing) {
    gst_clear_buffer (&buffer);
    g_clear_pointer (&list, gst_buffer_list_unref);
    return GST_FLOW_FLUSHING;
  }
  if (!g_atomic_int_get (&self->flowing)) {
    /* Not yet: webrtcbin would hold this thread until the call is up. */
    gst_clear_buffer (&buffer);
    g_clear_pointer (&list, gst_buffer_list_unref);
    return GST_FLOW_OK;
  }

  GST_PAD_STREAM_LOCK (self->src);
  broadcast_source_start (self);
  flow = list ? gst_pad_push_list (self->src, list) : gst_pad_push (self->src, buffer);
  GST_PAD_STREAM_UNLOCK (self->src);
  return flow;
}

typedef struct {
  GstCallBroadcastSource *source; /* owned */
  guint payload_type;
  gboolean gone;        /* its pipeline let go of it */
} Viewer;

struct _GstCallBroadcast {
  GObject parent_instance;

  GstCallMediaKind kind;
  GstCallCodec codec;
  GstElement *pipeline;
  GstElement *send_bin;     /* borrowed from the pipeline */
  guint payload_type;       /* of the packets made */
  guint ssrc;               /* of the packets made */

  GMutex lock;
  GPtrArray *viewers;       /* Viewer, lock */
  gboolean playing;         /* lock */
  gint keyframe_requests;   /* atomic */

  /* Keyframe request coalescing, in stream time (the encoded frames'
   * timestamps): */
  GMutex keyframe_lock;
  GstClockTime last_frame;        /* keyframe_lock: of the last encoded frame */
  GstClockTime last_forwarded;    /* keyframe_lock: last_frame when the encoder
                                   * was last asked, NONE: never */
  gboolean keyframe_deferred;     /* keyframe_lock: a request waits for the
                                   * interval to pass */
};

enum {
  PROP_0,
  PROP_KIND,
  PROP_VIEWER_COUNT,
  PROP_PIPELINE,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

G_DEFINE_FINAL_TYPE (GstCallBroadcast, gst_call_broadcast, G_TYPE_OBJECT)

/* The encoder is asked for a keyframe at most this often (stream time):
 * libwebrtc's senders keep 300 ms between keyframes made on request. */
#define KEYFRAME_REQUEST_INTERVAL (300 * GST_MSECOND)

/* The payload type of the packets the broadcast makes; calls rewrite it
 * when they negotiated another one. */
#define BROADCAST_VIDEO_PAYLOAD 96
#define BROADCAST_AUDIO_PAYLOAD 111

void
gst_call_broadcast_viewer_set_flowing (GstElement *element,
                                       gboolean    flowing)
{
  g_return_if_fail (GST_IS_CALL_BROADCAST_SOURCE (element));

  g_atomic_int_set (&GST_CALL_BROADCAST_SOURCE (element)->flowing, flowing ? 1 : 0);
}

/* The frames given to a viewer's source, a gint on it. */
static GQuark
viewer_frames_quark (void)
{
  return g_quark_from_static_string ("gst-call-broadcast-viewer-frames");
}

gboolean
gst_call_broadcast_read_viewer (GstElement *element,
                                guint64    *frames_sent)
{
  gint *frames = g_object_get_qdata (G_OBJECT (element), viewer_frames_quark ());

  if (!frames)
    return FALSE;
  if (frames_sent)
    *frames_sent = (guint) g_atomic_int_get (frames);
  return TRUE;
}

static void
viewer_free (gpointer data)
{
  Viewer *viewer = data;

  gst_object_unref (viewer->source);
  g_free (viewer);
}

/* The running time of @source's pipeline now, NONE before it plays. */
static GstClockTime
viewer_running_time (GstCallBroadcastSource *source)
{
  g_autoptr (GstClock) clock = gst_element_get_clock (GST_ELEMENT (source));
  GstClockTime now, base_time;

  if (!clock)
    return GST_CLOCK_TIME_NONE;
  now = gst_clock_get_time (clock);
  base_time = gst_element_get_base_time (GST_ELEMENT (source));
  return GST_CLOCK_TIME_IS_VALID (base_time) && now >= base_time ? now - base_time
                                                                 : GST_CLOCK_TIME_NONE;
}

/* A call's copy of a packet: the memory is shared; the timestamps are the
 * broadcast pipeline's running time, meaningless in the call's pipeline
 * (whose clock started elsewhere, and which paces packets by them), so
 * the copy gets the call's running time as it arrives. */
static GstBuffer *
copy_for_viewer (GstCallBroadcast *self,
                 GstBuffer        *packet,
                 guint             payload_type,
                 GstClockTime      running_time)
{
  GstBuffer *out = gst_buffer_copy (packet);

  GST_BUFFER_PTS (out) = running_time;
  GST_BUFFER_DTS (out) = running_time;
  GST_BUFFER_DURATION (out) = GST_CLOCK_TIME_NONE;
  if (payload_type != self->payload_type) {
    GstRTPBuffer rtp = GST_RTP_BUFFER_INIT;

    /* Copies the packet's memory, which other calls share. */
    if (gst_rtp_buffer_map (out, GST_MAP_READWRITE, &rtp)) {
      gst_rtp_buffer_set_payload_type (&rtp, payload_type);
      gst_rtp_buffer_unmap (&rtp);
    }
  }
  return out;
}

/* Streaming thread of the broadcast: the packets of one encoded frame (a
 * list, as the payloader made them) or one packet, to every call, on this
 * thread: through each call's RTP session, SRTP and ICE sink, a frame's
 * packets in one go. */
static GstFlowReturn
on_new_sample (GstElement       *appsink,
               GstCallBroadcast *self)
{
  GstSample *sample = NULL;
  GstBuffer *buffer;
  GstBufferList *list;
  GstBuffer *last;
  gboolean ends_frame = TRUE;
  g_autoptr (GPtrArray) targets = g_ptr_array_new_with_free_func (viewer_free);

  g_signal_emit_by_name (appsink, "pull-sample", &sample);
  if (!sample)
    return GST_FLOW_FLUSHING;
  buffer = gst_sample_get_buffer (sample);
  list = gst_sample_get_buffer_list (sample);
  last = list && gst_buffer_list_length (list) > 0
             ? gst_buffer_list_get (list, gst_buffer_list_length (list) - 1)
             : buffer;
  /* A video frame ends with a marked packet; every audio packet is one. */
  if (self->kind == GST_CALL_MEDIA_KIND_VIDEO && last) {
    GstRTPBuffer rtp = GST_RTP_BUFFER_INIT;

    if (gst_rtp_buffer_map (last, GST_MAP_READ, &rtp)) {
      ends_frame = gst_rtp_buffer_get_marker (&rtp);
      gst_rtp_buffer_unmap (&rtp);
    }
  }

  /* Push outside the lock: a call's pipeline may block or go away. */
  g_mutex_lock (&self->lock);
  for (guint i = 0; i < self->viewers->len; i++) {
    Viewer *viewer = g_ptr_array_index (self->viewers, i);
    Viewer *copy;

    if (viewer->gone)
      continue;
    copy = g_new0 (Viewer, 1);
    copy->source = gst_object_ref (viewer->source);
    copy->payload_type = viewer->payload_type;
    g_ptr_array_add (targets, copy);
  }
  g_mutex_unlock (&self->lock);

  for (guint i = 0; i < targets->len; i++) {
    Viewer *target = g_ptr_array_index (targets, i);
    GstClockTime running_time = viewer_running_time (target->source);
    GstFlowReturn flow = GST_FLOW_OK;

    if (list) {
      guint length = gst_buffer_list_length (list);
      GstBufferList *out = gst_buffer_list_new_sized (length);

      for (guint j = 0; j < length; j++)
        gst_buffer_list_add (out, copy_for_viewer (self, gst_buffer_list_get (list, j),
                                                   target->payload_type, running_time));
      flow = broadcast_source_push (target->source, NULL, out);
    } else if (buffer) {
      flow = broadcast_source_push (target->source, copy_for_viewer (
                                        self, buffer, target->payload_type, running_time),
                                    NULL);
    }
    if (flow == GST_FLOW_OK && ends_frame) {
      gint *frames_sent = g_object_get_qdata (G_OBJECT (target->source), viewer_frames_quark ());

      if (frames_sent)
        g_atomic_int_inc (frames_sent);
    }

    /* A call that was freed took its source out of its pipeline. A source
     * not in one yet is a call being set up: the broadcast hands out
     * packets from the moment it was given the source (see
     * gst_call_broadcast_add_viewer()), and when many calls are set up at
     * once, the call may take a while to put it in its pipeline. */
    if (flow == GST_FLOW_FLUSHING && g_atomic_int_get (&target->source->placed) &&
        !GST_OBJECT_PARENT (target->source)) {
      g_mutex_lock (&self->lock);
      for (guint j = 0; j < self->viewers->len; j++) {
        Viewer *viewer = g_ptr_array_index (self->viewers, j);

        if (viewer->source == target->source)
          viewer->gone = TRUE;
      }
      g_mutex_unlock (&self->lock);
    }
  }

  gst_sample_unref (sample);
  return GST_FLOW_OK;
}

static void
weak_ref_free (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

/* Called with keyframe_lock: whether the encoder may be asked for a
 * keyframe now; records that it is. Otherwise the request waits. */
static gboolean
keyframe_request_due (GstCallBroadcast *self)
{
  if (GST_CLOCK_TIME_IS_VALID (self->last_forwarded) &&
      GST_CLOCK_TIME_IS_VALID (self->last_frame) &&
      self->last_frame < self->last_forwarded + KEYFRAME_REQUEST_INTERVAL) {
    self->keyframe_deferred = TRUE;
    return FALSE;
  }
  self->keyframe_deferred = FALSE;
  self->last_forwarded = GST_CLOCK_TIME_IS_VALID (self->last_frame) ? self->last_frame : 0;
  return TRUE;
}

static void
ask_encoder_for_keyframe (GstCallBroadcast *self)
{
  g_autoptr (GstPad) src = gst_element_get_static_pad (self->send_bin, "src");

  gst_pad_send_event (src, gst_video_event_new_upstream_force_key_unit (GST_CLOCK_TIME_NONE,
                                                                        TRUE, 0));
}

/* The broadcast's streaming thread: an encoded frame, on its way to the
 * payloader. A request that had to wait is passed on once the interval is
 * over. */
static GstPadProbeReturn
on_encoded_frame (GstPad          *pad,
                  GstPadProbeInfo *info,
                  gpointer         user_data)
{
  GstCallBroadcast *self = user_data;
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);
  gboolean ask = FALSE;

  g_mutex_lock (&self->keyframe_lock);
  if (GST_BUFFER_PTS_IS_VALID (buffer))
    self->last_frame = GST_BUFFER_PTS (buffer);
  if (self->keyframe_deferred)
    ask = keyframe_request_due (self);
  g_mutex_unlock (&self->keyframe_lock);
  if (ask)
    ask_encoder_for_keyframe (self);
  return GST_PAD_PROBE_OK;
}

/* A call's thread: its peer (or the call itself) wants a keyframe. It goes
 * to the shared encoder, so every peer gets the keyframe; or, when the
 * encoder was asked less than KEYFRAME_REQUEST_INTERVAL ago, it waits for
 * the end of that interval, together with any other request meanwhile. */
static GstPadProbeReturn
on_viewer_upstream_event (GstPad          *pad,
                          GstPadProbeInfo *info,
                          gpointer         user_data)
{
  g_autoptr (GstCallBroadcast) self = g_weak_ref_get (user_data);
  GstEvent *event = GST_PAD_PROBE_INFO_EVENT (info);
  gboolean ask;

  if (!gst_video_event_is_force_key_unit (event))
    return GST_PAD_PROBE_OK;
  if (!self)
    return GST_PAD_PROBE_DROP;

  g_atomic_int_inc (&self->keyframe_requests);
  g_mutex_lock (&self->keyframe_lock);
  ask = keyframe_request_due (self);
  g_mutex_unlock (&self->keyframe_lock);
  if (ask)
    ask_encoder_for_keyframe (self);
  return GST_PAD_PROBE_DROP;
}

GstElement *
gst_call_broadcast_add_viewer (GstCallBroadcast *self,
                               guint             payload_type,
                               GError          **error)
{
  GstCallBroadcastSource *source;
  Viewer *viewer;
  GWeakRef *weak;
  gboolean start;

  g_return_val_if_fail (GST_IS_CALL_BROADCAST (self), NULL);

  source = g_object_new (GST_TYPE_CALL_BROADCAST_SOURCE, NULL);
  source->caps = gst_call_media_make_rtp_caps (self->codec, payload_type);
  /* webrtcbin's rtpfunnel routes keyframe requests to the sink pad whose
   * caps name the SSRC they are about. */
  gst_caps_set_simple (source->caps, "ssrc", G_TYPE_UINT, self->ssrc, NULL);
  /* A weak reference: the broadcast holds the source. */
  weak = g_new0 (GWeakRef, 1);
  g_weak_ref_init (weak, self);
  gst_pad_add_probe (source->src, GST_PAD_PROBE_TYPE_EVENT_UPSTREAM, on_viewer_upstream_event,
                     weak, weak_ref_free);

  g_object_set_qdata_full (G_OBJECT (source), viewer_frames_quark (), g_new0 (gint, 1),
                           g_free);
  viewer = g_new0 (Viewer, 1);
  viewer->source = gst_object_ref_sink (source);
  viewer->payload_type = payload_type;

  g_mutex_lock (&self->lock);
  g_ptr_array_add (self->viewers, viewer);
  start = !self->playing;
  self->playing = TRUE;
  g_mutex_unlock (&self->lock);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_VIEWER_COUNT]);

  if (start &&
      gst_element_set_state (self->pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE)
    GST_WARNING ("the broadcast's pipeline did not start");

  /* A full reference for the caller, which adds it to its pipeline. */
  return GST_ELEMENT (gst_object_ref (source));
}

static void
gst_call_broadcast_dispose (GObject *object)
{
  GstCallBroadcast *self = GST_CALL_BROADCAST (object);

  if (self->pipeline) {
    /* Joins the streaming thread: nothing pushes to a call after this. */
    gst_element_set_state (self->pipeline, GST_STATE_NULL);
    gst_clear_object (&self->pipeline);
  }
  g_mutex_lock (&self->lock);
  g_ptr_array_set_size (self->viewers, 0);
  g_mutex_unlock (&self->lock);

  G_OBJECT_CLASS (gst_call_broadcast_parent_class)->dispose (object);
}

static void
gst_call_broadcast_finalize (GObject *object)
{
  GstCallBroadcast *self = GST_CALL_BROADCAST (object);

  g_ptr_array_unref (self->viewers);
  g_mutex_clear (&self->lock);
  g_mutex_clear (&self->keyframe_lock);

  G_OBJECT_CLASS (gst_call_broadcast_parent_class)->finalize (object);
}

static void
gst_call_broadcast_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  GstCallBroadcast *self = GST_CALL_BROADCAST (object);

  switch (prop_id) {
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    case PROP_VIEWER_COUNT:
      g_value_set_uint (value, gst_call_broadcast_get_viewer_count (self));
      break;
    case PROP_PIPELINE:
      g_value_set_object (value, self->pipeline);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_broadcast_class_init (GstCallBroadcastClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  gst_call_ensure_initialized ();

  object_class->dispose = gst_call_broadcast_dispose;
  object_class->finalize = gst_call_broadcast_finalize;
  object_class->get_property = gst_call_broadcast_get_property;

  /**
   * GstCallBroadcast:kind:
   *
   * Whether the broadcast carries audio or video.
   *
   * Since: 0.1
   */
  props[PROP_KIND] =
      g_param_spec_enum ("kind", NULL, NULL, GST_TYPE_CALL_MEDIA_KIND,
                         GST_CALL_MEDIA_KIND_VIDEO,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCallBroadcast:viewer-count:
   *
   * How many calls send the broadcast. A call stops counting once it was
   * freed (the broadcast sees it at its next packet); only a new call is
   * notified.
   *
   * Since: 0.1
   */
  props[PROP_VIEWER_COUNT] =
      g_param_spec_uint ("viewer-count", NULL, NULL, 0, G_MAXUINT, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCallBroadcast:pipeline:
   *
   * The pipeline holding the source and the shared encoder, for inspection
   * and debugging.
   *
   * Since: 0.1
   */
  props[PROP_PIPELINE] =
      g_param_spec_object ("pipeline", NULL, NULL, GST_TYPE_ELEMENT,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
gst_call_broadcast_init (GstCallBroadcast *self)
{
  g_mutex_init (&self->lock);
  g_mutex_init (&self->keyframe_lock);
  self->viewers = g_ptr_array_new_with_free_func (viewer_free);
  self->last_frame = GST_CLOCK_TIME_NONE;
  self->last_forwarded = GST_CLOCK_TIME_NONE;
}

/**
 * gst_call_broadcast_new:
 * @kind: audio or video
 * @source: (transfer floating): an element or bin producing raw media of
 *   @kind on an always source pad, preferably live (a camera, a microphone,
 *   `videotestsrc is-live=true`)
 * @error: return location for a #GError
 *
 * Creates a broadcast encoding @source once, with the default codec of
 * @kind, for every call given it with [method@Call.set_broadcast].
 *
 * Returns: (transfer full) (nullable): a new [class@CallBroadcast], or
 *   %NULL with @error set (no encoder, a missing plugin, a source that does
 *   not produce raw @kind)
 *
 * Since: 0.1
 */
GstCallBroadcast *
gst_call_broadcast_new (GstCallMediaKind   kind,
                        GstElement        *source,
                        GError           **error)
{
  static const char * const elements[] = { "queue", "appsink", NULL };
  g_autoptr (GstCallBroadcast) self = NULL;
  g_autoptr (GstElement) source_ref = NULL;
  GstElement *appsink, *fan_out_queue;

  g_return_val_if_fail (kind == GST_CALL_MEDIA_KIND_AUDIO || kind == GST_CALL_MEDIA_KIND_VIDEO,
                        NULL);
  g_return_val_if_fail (GST_IS_ELEMENT (source), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  gst_call_ensure_initialized ();
  source_ref = gst_object_ref_sink (source);
  if (!gst_call_check_elements (elements, error))
    return NULL;
  if (GST_OBJECT_PARENT (source)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The source “%s” is already in a bin"), GST_OBJECT_NAME (source));
    return NULL;
  }

  self = g_object_new (GST_TYPE_CALL_BROADCAST, NULL);
  self->kind = kind;
  self->codec = gst_call_media_default_codec (kind);
  self->payload_type = kind == GST_CALL_MEDIA_KIND_VIDEO ? BROADCAST_VIDEO_PAYLOAD
                                                         : BROADCAST_AUDIO_PAYLOAD;
  self->send_bin = gst_call_media_make_send_bin (self->codec, self->payload_type, error);
  if (!self->send_bin)
    return NULL;
  /* A known SSRC, for the calls' caps. */
  self->ssrc = g_random_int ();
  {
    GstIterator *it = gst_bin_iterate_elements (GST_BIN (self->send_bin));
    GValue item = G_VALUE_INIT;

    while (gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
      GstElement *element = g_value_get_object (&item);

      if (GST_IS_RTP_BASE_PAYLOAD (element)) {
        g_autoptr (GstPad) sink = gst_element_get_static_pad (element, "sink");

        g_object_set (element, "ssrc", self->ssrc, NULL);
        /* The broadcast outlives its pipeline's streaming thread. */
        if (kind == GST_CALL_MEDIA_KIND_VIDEO)
          gst_pad_add_probe (sink, GST_PAD_PROBE_TYPE_BUFFER, on_encoded_frame, self, NULL);
      }
      g_value_reset (&item);
    }
    g_value_unset (&item);
    gst_iterator_free (it);
  }
  appsink = gst_call_make_element ("appsink", NULL, error);
  fan_out_queue = appsink ? gst_call_make_element ("queue", "fan-out", error) : NULL;
  if (!fan_out_queue) {
    if (appsink)
      gst_object_unref (gst_object_ref_sink (appsink));
    gst_object_unref (gst_object_ref_sink (self->send_bin));
    self->send_bin = NULL;
    return NULL;
  }
  /* The packets go to the calls on a thread of their own, beside the
   * encoder's: neither waits for the other. A fan-out that falls behind
   * drops the oldest packets, never holds the encoder. */
  g_object_set (fan_out_queue, "leaky", 2 /* downstream */, "max-size-buffers", 64,
                "max-size-bytes", 0, "max-size-time", (guint64) 0, NULL);
  /* The calls pace the packets on their own clocks: no sync here, and no
   * preroll wait for a live source. A frame's packets stay together. */
  g_object_set (appsink, "sync", FALSE, "async", FALSE, "emit-signals", TRUE,
                "max-buffers", 64, "drop", TRUE, "buffer-list", TRUE, NULL);
  g_signal_connect (appsink, "new-sample", G_CALLBACK (on_new_sample), self);

  self->pipeline = gst_object_ref_sink (gst_pipeline_new (NULL));
  gst_bin_add_many (GST_BIN (self->pipeline), source, self->send_bin, fan_out_queue, appsink,
                    NULL);
  if (!gst_element_link_many (source, self->send_bin, fan_out_queue, appsink, NULL)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The source “%s” does not produce raw %s"),
                 GST_OBJECT_NAME (source), gst_call_media_kind_to_string (kind));
    return NULL;
  }
  return g_steal_pointer (&self);
}

/**
 * gst_call_broadcast_get_kind:
 * @self: a [class@CallBroadcast]
 *
 * Gets the kind of media, see [property@CallBroadcast:kind].
 *
 * Returns: audio or video
 *
 * Since: 0.1
 */
GstCallMediaKind
gst_call_broadcast_get_kind (GstCallBroadcast *self)
{
  g_return_val_if_fail (GST_IS_CALL_BROADCAST (self), GST_CALL_MEDIA_KIND_VIDEO);

  return self->kind;
}

/**
 * gst_call_broadcast_get_codec:
 * @self: a [class@CallBroadcast]
 *
 * Gets the codec the broadcast encodes with: the default codec of its kind.
 *
 * Returns: the codec
 *
 * Since: 0.1
 */
GstCallCodec
gst_call_broadcast_get_codec (GstCallBroadcast *self)
{
  g_return_val_if_fail (GST_IS_CALL_BROADCAST (self), GST_CALL_CODEC_VP8);

  return self->codec;
}

/**
 * gst_call_broadcast_get_viewer_count:
 * @self: a [class@CallBroadcast]
 *
 * Gets how many calls send the broadcast, see
 * [property@CallBroadcast:viewer-count].
 *
 * Returns: the number of calls
 *
 * Since: 0.1
 */
guint
gst_call_broadcast_get_viewer_count (GstCallBroadcast *self)
{
  guint count;

  g_return_val_if_fail (GST_IS_CALL_BROADCAST (self), 0);

  g_mutex_lock (&self->lock);
  count = 0;
  for (guint i = 0; i < self->viewers->len; i++) {
    if (!((Viewer *) g_ptr_array_index (self->viewers, i))->gone)
      count++;
  }
  g_mutex_unlock (&self->lock);
  return count;
}

/**
 * gst_call_broadcast_get_keyframe_requests:
 * @self: a [class@CallBroadcast]
 *
 * Gets how many keyframe requests the calls passed to the broadcast: their
 * peers' PLI and FIR, and one per call when it connects. Requests that
 * come close together are answered by one keyframe.
 *
 * Returns: the number of requests so far
 *
 * Since: 0.1
 */
guint
gst_call_broadcast_get_keyframe_requests (GstCallBroadcast *self)
{
  g_return_val_if_fail (GST_IS_CALL_BROADCAST (self), 0);

  return (guint) g_atomic_int_get (&self->keyframe_requests);
}

/**
 * gst_call_broadcast_get_pipeline:
 * @self: a [class@CallBroadcast]
 *
 * Gets the pipeline holding the source and the shared encoder, for
 * inspection and debugging.
 *
 * Returns: (transfer none): the pipeline
 *
 * Since: 0.1
 */
GstElement *
gst_call_broadcast_get_pipeline (GstCallBroadcast *self)
{
  g_return_val_if_fail (GST_IS_CALL_BROADCAST (self), NULL);

  return self->pipeline;
}
