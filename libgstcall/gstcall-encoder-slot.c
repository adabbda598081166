/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include <gst/video/video.h>

#include "gstcall-encoder-slot-private.h"
#include "gstcall-encode-usage-private.h"
#include "gstcall-degradation-private.h"
#include "gstcall-plugins-private.h"
#include "gstcallcodecs-private.h"
#include "gstcall-codec-tuning-private.h"
#include "gstcall-error.h"
#include "gstcall-private.h"

/* How long the encoder's output is measured over for the degradation
 * ladder. */
#define OUTPUT_WINDOW (G_TIME_SPAN_SECOND)

/* How many candidates a replacement tries before giving up. */
#define MAX_REPLACEMENT_ATTEMPTS 8

struct _GstCallEncoderSlot {
  GstBin parent_instance;

  GstCallCodecs *codecs;
  GstCallCodec codec;
  gint kbit_per_second; /* atomic: applied to every encoder of the slot */
  gint congestion_kbit_per_second; /* atomic: overrides it when > 0 */
  gint bitrate_is_cap; /* atomic: kbit_per_second was asked for by the
                        * application: congestion control stays below */

  GstPad *sink_pad; /* ghost pads, owned by the element */
  GstPad *src_pad;

  /* Video only: videoscale ! videorate ! capsfilter ahead of the encoder,
   * the format of the degradation step (gstcall-degradation.c). NULL for
   * audio. */
  GstElement *scale_filter;
  /* Streaming thread only (the sink pad's stream lock). */
  GstCallVideoFormat source_format; /* width 0: no caps yet */
  int source_par_numerator;
  int source_par_denominator;
  GstCallDegradation degradation;
  gint degradation_step; /* atomic: the step applied */
  gint64 output_window_start; /* streaming thread: monotonic µs, 0: none */
  guint sent_kbit_per_second; /* streaming thread: the last window's */
  gint output_bytes; /* atomic: out of the encoder in the current window */

  GstElement *encoder; /* object lock */
  gint replacing;        /* atomic: a failed encoder waits to be replaced */
  gint keyframe_pending; /* atomic: ask the new encoder for a keyframe */
  gint peer_asks_for_keyframes; /* atomic */
  guint replacements;
  gint frames_encoded; /* atomic: buffers out of the encoder */
  GstCallEncodeUsage usage; /* how much of the frame interval encoding takes */
};

G_DEFINE_FINAL_TYPE (GstCallEncoderSlot, gst_call_encoder_slot, GST_TYPE_BIN)

static const char *
factory_name (GstElement *element)
{
  GstElementFactory *factory = gst_element_get_factory (element);

  return factory ? gst_plugin_feature_get_name (factory) : GST_OBJECT_NAME (element);
}

GstElement *
gst_call_encoder_slot_get_encoder (GstCallEncoderSlot *self)
{
  GstElement *encoder;

  GST_OBJECT_LOCK (self);
  encoder = self->encoder ? gst_object_ref (self->encoder) : NULL;
  GST_OBJECT_UNLOCK (self);
  return encoder;
}

GstCallCodec
gst_call_encoder_slot_get_codec (GstCallEncoderSlot *self)
{
  return self->codec;
}

guint
gst_call_encoder_slot_get_bitrate (GstCallEncoderSlot *self)
{
  return (guint) g_atomic_int_get (&self->kbit_per_second);
}

/* What the encoders of the slot are set to: congestion control's bitrate
 * when it gives one, else the configured one. */
static guint
effective_bitrate (GstCallEncoderSlot *self)
{
  int congestion = g_atomic_int_get (&self->congestion_kbit_per_second);
  int asked = g_atomic_int_get (&self->kbit_per_second);

  if (congestion <= 0)
    return (guint) asked;
  if (g_atomic_int_get (&self->bitrate_is_cap) && asked > 0)
    return (guint) MIN (congestion, asked);
  return (guint) congestion;
}

guint
gst_call_encoder_slot_get_effective_bitrate (GstCallEncoderSlot *self)
{
  return effective_bitrate (self);
}

/* The bitrate the degradation ladder follows: 0 without congestion
 * control (the source's format, as before), else the encoders'. */
static guint
degradation_bitrate (GstCallEncoderSlot *self)
{
  if (g_atomic_int_get (&self->congestion_kbit_per_second) <= 0)
    return 0;
  return effective_bitrate (self);
}

gboolean
gst_call_encoder_slot_is_degraded (GstCallEncoderSlot *self)
{
  return g_atomic_int_get (&self->degradation_step) > 0;
}

gboolean
gst_call_encoder_slot_is_limited_by_congestion (GstCallEncoderSlot *self)
{
  int congestion = g_atomic_int_get (&self->congestion_kbit_per_second);
  int asked = g_atomic_int_get (&self->kbit_per_second);

  return (congestion > 0 && asked > 0 && congestion < asked) ||
      gst_call_encoder_slot_is_degraded (self);
}

void
gst_call_encoder_slot_set_congestion_bitrate (GstCallEncoderSlot *self,
                                              guint               kbit_per_second)
{
  g_autoptr (GstElement) encoder = NULL;
  guint bitrate;

  gint previous = g_atomic_int_exchange (&self->congestion_kbit_per_second,
                                         (gint) MIN (kbit_per_second, G_MAXINT));

  bitrate = effective_bitrate (self);
  encoder = gst_call_encoder_slot_get_encoder (self);
  if (encoder && bitrate > 0)
    gst_call_codec_tuning_set_encoder_bitrate (encoder, bitrate);
  else if (encoder && previous > 0)
    /* Nothing asked for: the encoder's own default, as before. */
    gst_call_codec_tuning_reset_encoder_bitrate (encoder);
}

void
gst_call_encoder_slot_request_keyframe (GstCallEncoderSlot *self)
{
  g_return_if_fail (GST_IS_CALL_ENCODER_SLOT (self));

  g_atomic_int_set (&self->keyframe_pending, 1);
}

gboolean
gst_call_encoder_slot_is_limited_by_cpu (GstCallEncoderSlot *self)
{
  g_return_val_if_fail (GST_IS_CALL_ENCODER_SLOT (self), FALSE);

  return gst_call_encode_usage_is_overused (&self->usage);
}

guint64
gst_call_encoder_slot_get_frames_encoded (GstCallEncoderSlot *self)
{
  return (guint) g_atomic_int_get (&self->frames_encoded);
}

void
gst_call_encoder_slot_set_bitrate (GstCallEncoderSlot *self,
                                   guint               kbit_per_second)
{
  g_autoptr (GstElement) encoder = NULL;

  g_atomic_int_set (&self->kbit_per_second, (gint) MIN (kbit_per_second, G_MAXINT));
  g_atomic_int_set (&self->bitrate_is_cap, kbit_per_second > 0);
  encoder = gst_call_encoder_slot_get_encoder (self);
  if (encoder && effective_bitrate (self) > 0)
    gst_call_codec_tuning_set_encoder_bitrate (encoder, effective_bitrate (self));
}

static guint
keyframe_interval (GstCallEncoderSlot *self)
{
  return g_atomic_int_get (&self->peer_asks_for_keyframes) ? GST_CALL_KEYFRAME_INTERVAL_ON_REQUEST
                                                          : GST_CALL_KEYFRAME_INTERVAL;
}

void
gst_call_encoder_slot_set_peer_asks_for_keyframes (GstCallEncoderSlot *self,
                                                   gboolean            asks)
{
  g_autoptr (GstElement) encoder = NULL;

  g_return_if_fail (GST_IS_CALL_ENCODER_SLOT (self));

  g_atomic_int_set (&self->peer_asks_for_keyframes, asks);
  encoder = gst_call_encoder_slot_get_encoder (self);
  if (encoder)
    gst_call_codec_tuning_set_keyframe_interval (encoder, keyframe_interval (self));
}

/* Streaming thread, holding the sink pad's stream lock. */
static GstFlowReturn
finish_chain (GstCallEncoderSlot *self,
              GstFlowReturn       ret)
{
  /* The failed encoder refused the data: drop it, the replacement is on
   * its way, and upstream must keep running. */
  if (ret == GST_FLOW_ERROR && g_atomic_int_get (&self->replacing)) {
    GST_DEBUG_OBJECT (self, "dropping data refused by the failed encoder");
    return GST_FLOW_OK;
  }
  return ret;
}

static void
request_keyframe_if_pending (GstCallEncoderSlot *self,
                             GstPad             *pad)
{
  g_autoptr (GstPad) internal = NULL;

  if (!g_atomic_int_compare_and_exchange (&self->keyframe_pending, 1, 0))
    return;
  internal = GST_PAD (gst_proxy_pad_get_internal (GST_PROXY_PAD (pad)));
  if (internal)
    gst_pad_push_event (internal,
                        gst_video_event_new_downstream_force_key_unit (GST_CLOCK_TIME_NONE,
                                                                       GST_CLOCK_TIME_NONE,
                                                                       GST_CLOCK_TIME_NONE,
                                                                       TRUE, 0));
}

/* The caps of the scale filter for @step: any (the source's format, the
 * elements pass frames through) at step 0. */
static GstCaps *
make_step_caps (GstCallEncoderSlot *self,
                guint               step)
{
  GstCallVideoFormat format;
  GstCaps *caps;

  if (step == 0)
    return gst_caps_new_any ();
  gst_call_degradation_get_format (&self->source_format, step, &format);
  /* The source's pixel aspect ratio: a step rounded to even numbers is a
   * fraction of a pixel off the source's shape, not worth other pixels or
   * a border. */
  caps = gst_caps_new_simple ("video/x-raw",
                              "width", G_TYPE_INT, (int) format.width,
                              "height", G_TYPE_INT, (int) format.height,
                              "pixel-aspect-ratio", GST_TYPE_FRACTION,
                              self->source_par_numerator, self->source_par_denominator,
                              NULL);
  if (format.framerate_numerator > 0)
    gst_caps_set_simple (caps, "framerate", GST_TYPE_FRACTION,
                         (int) format.framerate_numerator,
                         (int) format.framerate_denominator, NULL);
  return caps;
}

/* Streaming thread, before a frame goes in: moves the degradation ladder
 * for the bitrate congestion control gives now, and when the step
 * changes gives the scale filter the new step's caps (videoscale and
 * videorate renegotiate at the next frame). */
static void
update_degradation (GstCallEncoderSlot *self)
{
  g_autoptr (GstCaps) caps = NULL;
  gint64 now = g_get_monotonic_time ();

  if (!self->scale_filter || self->source_format.width == 0)
    return;
  /* What the encoder produced, over windows of OUTPUT_WINDOW. */
  if (self->output_window_start == 0) {
    self->output_window_start = now;
    g_atomic_int_set (&self->output_bytes, 0);
  } else if (now - self->output_window_start >= 2 * OUTPUT_WINDOW) {
    /* No frames for a while (a muted track): that window says nothing. */
    self->output_window_start = now;
    g_atomic_int_set (&self->output_bytes, 0);
  } else if (now - self->output_window_start >= OUTPUT_WINDOW) {
    gint64 bytes = g_atomic_int_exchange (&self->output_bytes, 0);

    self->sent_kbit_per_second =
        (guint) MAX (bytes * 8 * 1000 / (now - self->output_window_start), 1);
    self->output_window_start = now;
  }
  if (!gst_call_degradation_update (&self->degradation, &self->source_format,
                                    degradation_bitrate (self), self->sent_kbit_per_second, now))
    return;

  caps = make_step_caps (self, self->degradation.step);
  GST_INFO_OBJECT (self, "degradation step %u of %u for %u kbit/s (%u sent): %" GST_PTR_FORMAT,
                   self->degradation.step,
                   gst_call_degradation_count_steps (&self->source_format) - 1,
                   degradation_bitrate (self), self->sent_kbit_per_second, caps);
  g_object_set (self->scale_filter, "caps", caps, NULL);
  g_atomic_int_set (&self->degradation_step, (gint) self->degradation.step);
}

/* Streaming thread: the source's format, from its caps. */
static GstPadProbeReturn
follow_source_caps (GstPad          *pad,
                    GstPadProbeInfo *info,
                    gpointer         user_data)
{
  GstCallEncoderSlot *self = user_data;
  GstEvent *event = GST_PAD_PROBE_INFO_EVENT (info);
  GstCaps *caps = NULL;
  const GstStructure *structure;
  GstCallVideoFormat format = { 0, };
  int width = 0, height = 0, numerator = 0, denominator = 1;

  if (GST_EVENT_TYPE (event) != GST_EVENT_CAPS)
    return GST_PAD_PROBE_OK;
  gst_event_parse_caps (event, &caps);
  if (!caps || gst_caps_get_size (caps) == 0)
    return GST_PAD_PROBE_OK;
  structure = gst_caps_get_structure (caps, 0);
  if (!gst_structure_get_int (structure, "width", &width) ||
      !gst_structure_get_int (structure, "height", &height) || width <= 0 || height <= 0)
    return GST_PAD_PROBE_OK;
  if (!gst_structure_get_fraction (structure, "framerate", &numerator, &denominator) ||
      numerator < 0 || denominator <= 0) {
    numerator = 0;
    denominator = 1;
  }
  if (!gst_structure_get_fraction (structure, "pixel-aspect-ratio",
                                   &self->source_par_numerator,
                                   &self->source_par_denominator) ||
      self->source_par_numerator <= 0 || self->source_par_denominator <= 0) {
    self->source_par_numerator = 1;
    self->source_par_denominator = 1;
  }
  format.width = (guint) width;
  format.height = (guint) height;
  format.framerate_numerator = (guint) numerator;
  format.framerate_denominator = (guint) denominator;
  if (memcmp (&format, &self->source_format, sizeof format) == 0)
    return GST_PAD_PROBE_OK;

  self->source_format = format;
  /* A new source format: the step's caps are made again from it. */
  if (self->degradation.step > 0) {
    g_autoptr (GstCaps) step_caps = NULL;
    guint last_step = gst_call_degradation_count_steps (&format) - 1;

    self->degradation.step = MIN (self->degradation.step, last_step);
    step_caps = make_step_caps (self, self->degradation.step);
    g_object_set (self->scale_filter, "caps", step_caps, NULL);
    g_atomic_int_set (&self->degradation_step, (gint) self->degradation.step);
  }
  return GST_PAD_PROBE_OK;
}

static GstFlowReturn
slot_sink_chain (GstPad    *pad,
                 GstObject *parent,
                 GstBuffer *buffer)
{
  GstCallEncoderSlot *self = GST_CALL_ENCODER_SLOT (parent);

  update_degradation (self);
  request_keyframe_if_pending (self, pad);
  gst_call_encode_usage_frame_in (&self->usage, g_get_monotonic_time ());
  return finish_chain (self, gst_proxy_pad_chain_default (pad, parent, buffer));
}

static GstFlowReturn
slot_sink_chain_list (GstPad        *pad,
                      GstObject     *parent,
                      GstBufferList *list)
{
  GstCallEncoderSlot *self = GST_CALL_ENCODER_SLOT (parent);

  update_degradation (self);
  request_keyframe_if_pending (self, pad);
  gst_call_encode_usage_frame_in (&self->usage, g_get_monotonic_time ());
  return finish_chain (self, gst_proxy_pad_chain_list_default (pad, parent, list));
}

/* Streaming thread: a frame out of the encoder. */
static GstPadProbeReturn
count_encoded (GstPad          *pad,
               GstPadProbeInfo *info,
               gpointer         user_data)
{
  GstCallEncoderSlot *self = user_data;
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);

  if (buffer && !GST_BUFFER_FLAG_IS_SET (buffer, GST_BUFFER_FLAG_HEADER)) {
    g_atomic_int_inc (&self->frames_encoded);
    gst_call_encode_usage_frame_out (&self->usage, g_get_monotonic_time ());
  }
  if (buffer && self->scale_filter)
    g_atomic_int_add (&self->output_bytes, (gint) MIN (gst_buffer_get_size (buffer), G_MAXINT / 2));
  return GST_PAD_PROBE_OK;
}

/* Connects @encoder (NULL: none) to the slot's pads: the sink pad feeds
 * it directly, or through the scale chain of a video slot. */
static void
set_targets (GstCallEncoderSlot *self,
             GstElement         *encoder)
{
  g_autoptr (GstPad) sink = encoder ? gst_element_get_static_pad (encoder, "sink") : NULL;
  g_autoptr (GstPad) src = encoder ? gst_element_get_static_pad (encoder, "src") : NULL;

  if (self->scale_filter) {
    g_autoptr (GstPad) filtered = gst_element_get_static_pad (self->scale_filter, "src");
    g_autoptr (GstPad) peer = gst_pad_get_peer (filtered);

    if (peer)
      gst_pad_unlink (filtered, peer);
    if (sink)
      gst_pad_link (filtered, sink);
  } else {
    gst_ghost_pad_set_target (GST_GHOST_PAD (self->sink_pad), sink);
  }
  gst_ghost_pad_set_target (GST_GHOST_PAD (self->src_pad), src);
}

static GstElement *
create_encoder (GstCallEncoderSlot     *self,
                GstCallCodecCandidate **candidate_out,
                GError                **error)
{
  g_autoptr (GstCallCodecCandidate) candidate = NULL;
  GstElement *encoder;

  candidate = gst_call_codecs_select (self->codecs, self->codec,
                                      GST_CALL_CODEC_DIRECTION_ENCODE, error);
  if (!candidate)
    return NULL;
  encoder = gst_call_codec_candidate_create_element (candidate, error);
  if (!encoder)
    return NULL;
  if (effective_bitrate (self) > 0)
    gst_call_codec_tuning_set_encoder_bitrate (encoder, effective_bitrate (self));
  gst_call_codec_tuning_set_keyframe_interval (encoder, keyframe_interval (self));

  {
    g_autoptr (GstPad) sink = gst_element_get_static_pad (encoder, "sink");
    g_autoptr (GstPad) src = gst_element_get_static_pad (encoder, "src");

    if (!sink || !src) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                   _("The encoder “%s” has no always sink and src pads"),
                   gst_call_codec_candidate_get_element_name (candidate));
      gst_object_unref (gst_object_ref_sink (encoder));
      return NULL;
    }
  }

  if (candidate_out)
    *candidate_out = g_steal_pointer (&candidate);
  return encoder;
}

static void
post_fallback_message (GstCallEncoderSlot *self,
                       const char         *failed_name,
                       const char         *new_name,
                       const char         *reason)
{
  GstStructure *structure =
      gst_structure_new ("gst-call-encoder-fallback",
                         "failed-element", G_TYPE_STRING, failed_name,
                         "element", G_TYPE_STRING, new_name,
                         "reason", G_TYPE_STRING, reason, NULL);

  gst_element_post_message (GST_ELEMENT (self),
                            gst_message_new_element (GST_OBJECT (self), structure));
}

/* Streaming thread: the sink pad is blocked on a buffer for the failed
 * encoder. Swap it and let the buffer through to the new one. */
static GstPadProbeReturn
replace_encoder (GstPad          *pad,
                 GstPadProbeInfo *info,
                 gpointer         user_data)
{
  GstCallEncoderSlot *self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GstElement) failed = NULL;
  g_autofree char *failed_name = NULL;

  GST_OBJECT_LOCK (self);
  failed = g_steal_pointer (&self->encoder);
  GST_OBJECT_UNLOCK (self);
  /* An earlier replacement found nothing: keep dropping. */
  if (!failed)
    return GST_PAD_PROBE_DROP;
  failed_name = g_strdup (factory_name (failed));

  gst_element_set_state (failed, GST_STATE_NULL);
  set_targets (self, NULL);
  gst_bin_remove (GST_BIN (self), failed);

  for (guint attempt = 0; attempt < MAX_REPLACEMENT_ATTEMPTS; attempt++) {
    g_autoptr (GstCallCodecCandidate) candidate = NULL;
    GstElement *encoder;

    g_clear_error (&error);
    encoder = create_encoder (self, &candidate, &error);
    if (!encoder)
      break;

    gst_bin_add (GST_BIN (self), encoder);
    set_targets (self, encoder);
    if (!gst_element_sync_state_with_parent (encoder)) {
      const char *name = gst_call_codec_candidate_get_element_name (candidate);

      gst_call_codecs_mark_failed (name, self->codec, GST_CALL_CODEC_DIRECTION_ENCODE,
                                   _("could not start"));
      gst_element_set_state (encoder, GST_STATE_NULL);
      set_targets (self, NULL);
      gst_bin_remove (GST_BIN (self), encoder);
      continue;
    }

    GST_OBJECT_LOCK (self);
    self->encoder = gst_object_ref (encoder);
    self->replacements++;
    GST_OBJECT_UNLOCK (self);

    GST_WARNING_OBJECT (self, "encoder %s failed; now using %s (%s)", failed_name,
                        gst_call_codec_candidate_get_element_name (candidate),
                        gst_call_codec_candidate_get_reason (candidate));
    post_fallback_message (self, failed_name,
                           gst_call_codec_candidate_get_element_name (candidate),
                           gst_call_codec_candidate_get_reason (candidate));
    g_atomic_int_set (&self->keyframe_pending, 1);
    g_atomic_int_set (&self->replacing, 0);
    return GST_PAD_PROBE_REMOVE;
  }

  /* Nothing left: the error goes to the application after all. Data is
   * dropped from now on. */
  if (!error)
    error = g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                         _("no other encoder could be started"));
  {
    g_autoptr (GError) message_error =
        g_error_new (GST_CORE_ERROR, GST_CORE_ERROR_FAILED,
                     _("The %s encoder %s failed and no other works: %s"),
                     gst_call_codec_get_display_name (self->codec), failed_name,
                     error->message);

    gst_element_post_message (GST_ELEMENT (self),
                              gst_message_new_error (GST_OBJECT (self),
                                                     message_error, NULL));
  }
  return GST_PAD_PROBE_DROP;
}

static gboolean
is_from_encoder (GstCallEncoderSlot *self,
                 GstMessage         *message)
{
  g_autoptr (GstElement) encoder = gst_call_encoder_slot_get_encoder (self);
  GstObject *source = GST_MESSAGE_SRC (message);

  return encoder && source &&
      (source == GST_OBJECT (encoder) ||
       gst_object_has_as_ancestor (source, GST_OBJECT (encoder)));
}

/* Any thread: a child posted a message. */
static void
gst_call_encoder_slot_handle_message (GstBin     *bin,
                                      GstMessage *message)
{
  GstCallEncoderSlot *self = GST_CALL_ENCODER_SLOT (bin);

  if (GST_MESSAGE_TYPE (message) == GST_MESSAGE_ERROR && is_from_encoder (self, message)) {
    g_autoptr (GError) error = NULL;
    g_autofree char *debug = NULL;
    g_autoptr (GstElement) encoder = gst_call_encoder_slot_get_encoder (self);

    gst_message_parse_error (message, &error, &debug);
    if (g_atomic_int_compare_and_exchange (&self->replacing, 0, 1)) {
      GST_WARNING_OBJECT (self, "encoder %s failed: %s (%s); replacing it",
                          factory_name (encoder), error->message, debug);
      gst_call_codecs_mark_failed (factory_name (encoder), self->codec,
                                   GST_CALL_CODEC_DIRECTION_ENCODE, error->message);
      gst_pad_add_probe (self->sink_pad,
                         GST_PAD_PROBE_TYPE_BLOCK | GST_PAD_PROBE_TYPE_BUFFER |
                         GST_PAD_PROBE_TYPE_BUFFER_LIST,
                         replace_encoder, self, NULL);
    } else {
      GST_DEBUG_OBJECT (self, "further error from the failed encoder: %s",
                        error->message);
    }
    gst_message_unref (message);
    return;
  }

  GST_BIN_CLASS (gst_call_encoder_slot_parent_class)->handle_message (bin, message);
}

static void
gst_call_encoder_slot_dispose (GObject *object)
{
  GstCallEncoderSlot *self = GST_CALL_ENCODER_SLOT (object);

  GST_OBJECT_LOCK (self);
  gst_clear_object (&self->encoder);
  GST_OBJECT_UNLOCK (self);
  gst_clear_object (&self->scale_filter);
  g_clear_object (&self->codecs);

  G_OBJECT_CLASS (gst_call_encoder_slot_parent_class)->dispose (object);
}

static void
gst_call_encoder_slot_finalize (GObject *object)
{
  GstCallEncoderSlot *self = GST_CALL_ENCODER_SLOT (object);

  gst_call_encode_usage_clear (&self->usage);
  G_OBJECT_CLASS (gst_call_encoder_slot_parent_class)->finalize (object);
}

static void
gst_call_encoder_slot_class_init (GstCallEncoderSlotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GstBinClass *bin_class = GST_BIN_CLASS (klass);

  object_class->dispose = gst_call_encoder_slot_dispose;
  object_class->finalize = gst_call_encoder_slot_finalize;
  bin_class->handle_message = gst_call_encoder_slot_handle_message;

  gst_element_class_set_static_metadata (GST_ELEMENT_CLASS (klass),
                                         "libgstcall encoder slot", "Codec/Encoder",
                                         "Holds the selected encoder and replaces it "
                                         "when it fails",
                                         "The libgstcall authors");
}

static void
gst_call_encoder_slot_init (GstCallEncoderSlot *self)
{
  gst_call_encode_usage_init (&self->usage);
}

/* Video: videoscale ! videorate ! capsfilter ahead of the encoder, fed by
 * the sink pad. The filter's caps are any (the source's format) until
 * congestion control's bitrate asks for a lower step. videorate only
 * drops (no frame is duplicated, none is held back: no latency), and
 * keeps every frame while the rate is the source's. */
static gboolean
add_scale_chain (GstCallEncoderSlot *self,
                 GError            **error)
{
  GstElement *scale, *rate, *filter;
  g_autoptr (GstPad) sink = NULL;

  scale = gst_call_make_element ("videoscale", NULL, error);
  if (!scale)
    return FALSE;
  rate = gst_call_make_element ("videorate", NULL, error);
  if (!rate) {
    gst_object_unref (gst_object_ref_sink (scale));
    return FALSE;
  }
  filter = gst_call_make_element ("capsfilter", NULL, error);
  if (!filter) {
    gst_object_unref (gst_object_ref_sink (scale));
    gst_object_unref (gst_object_ref_sink (rate));
    return FALSE;
  }
  g_object_set (scale, "add-borders", FALSE, NULL);
  g_object_set (rate, "drop-only", TRUE, "skip-to-first", TRUE, NULL);
  gst_bin_add_many (GST_BIN (self), scale, rate, filter, NULL);
  if (!gst_element_link_many (scale, rate, filter, NULL)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                 _("Could not link videoscale, videorate and capsfilter"));
    return FALSE;
  }
  self->scale_filter = gst_object_ref (filter);

  sink = gst_element_get_static_pad (scale, "sink");
  gst_ghost_pad_set_target (GST_GHOST_PAD (self->sink_pad), sink);
  gst_pad_add_probe (self->sink_pad, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM,
                     follow_source_caps, self, NULL);
  return TRUE;
}

GstElement *
gst_call_encoder_slot_new (GstCallCodecs  *codecs,
                           GstCallCodec    codec,
                           guint           kbit_per_second,
                           GError        **error)
{
  GstCallEncoderSlot *self;
  GstElement *encoder;

  g_return_val_if_fail (GST_IS_CALL_CODECS (codecs), NULL);

  self = g_object_new (GST_TYPE_CALL_ENCODER_SLOT, NULL);
  self->codecs = g_object_ref (codecs);
  self->codec = codec;
  self->kbit_per_second = (gint) MIN (kbit_per_second, G_MAXINT);

  encoder = create_encoder (self, NULL, error);
  if (!encoder) {
    gst_object_unref (gst_object_ref_sink (self));
    return NULL;
  }

  gst_bin_add (GST_BIN (self), encoder);
  self->encoder = gst_object_ref (encoder);

  self->sink_pad = gst_ghost_pad_new_no_target ("sink", GST_PAD_SINK);
  self->src_pad = gst_ghost_pad_new_no_target ("src", GST_PAD_SRC);
  gst_pad_set_chain_function (self->sink_pad, slot_sink_chain);
  gst_pad_set_chain_list_function (self->sink_pad, slot_sink_chain_list);
  if (gst_call_codec_get_media_kind (codec) == GST_CALL_MEDIA_KIND_VIDEO &&
      !add_scale_chain (self, error)) {
    gst_object_unref (gst_object_ref_sink (self));
    return NULL;
  }
  set_targets (self, encoder);
  gst_element_add_pad (GST_ELEMENT (self), self->sink_pad);
  gst_element_add_pad (GST_ELEMENT (self), self->src_pad);
  gst_pad_add_probe (self->src_pad, GST_PAD_PROBE_TYPE_BUFFER, count_encoded, self, NULL);

  GST_INFO_OBJECT (self, "%s encoder: %s",
                   gst_call_codec_get_display_name (codec), factory_name (encoder));
  return GST_ELEMENT (self);
}
