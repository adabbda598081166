/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include <gst/rtp/rtp.h>

#include "gstcall-frame-monitor-private.h"

/* Frames waiting in the decoder: beyond this many, the oldest counts as
 * dropped (two seconds of 30 fps video). */
#define MAX_PENDING 64
/* Frame intervals the average is taken over. */
#define INTERVAL_WINDOW 30
/* Chrome's freezeCount: a gap longer than three average intervals and
 * longer than 150 ms, once the average means something. */
#define FREEZE_MIN_GAP (150 * G_TIME_SPAN_MILLISECOND)
#define FREEZE_INTERVAL_FACTOR 3
#define FREEZE_MIN_INTERVALS 5

struct _GstCallFrameMonitor {
  GMutex lock;
  GstCallMediaKind kind;
  gboolean have_ssrc;
  guint ssrc;
  guint payload_type;
  char *codec;
  char *decoder;
  guint64 frames_received;
  guint64 frames_decoded;
  guint64 frames_dropped;
  guint freeze_count;

  GstClockTime pending[MAX_PENDING]; /* ring of frames in the decoder, by PTS */
  guint pending_first;
  guint pending_length;

  gint64 last_out;                    /* monotonic microseconds, 0: none yet */
  gint64 intervals[INTERVAL_WINDOW];  /* ring of recent frame intervals */
  guint interval_next;
  guint interval_count;
};

static G_DEFINE_QUARK (gst-call-frame-monitor, monitor)

/* A monitor is reference counted: the decodebin holds one reference and
 * every pad probe that counts into it holds its own, so a probe still
 * running on a decoder's streaming thread never sees it freed, whichever of
 * the decodebin and the decoder's pads goes last. */
GstCallFrameMonitor *
gst_call_frame_monitor_new (GstCallMediaKind kind)
{
  GstCallFrameMonitor *self = g_atomic_rc_box_new0 (GstCallFrameMonitor);

  g_mutex_init (&self->lock);
  self->kind = kind;
  return self;
}

static GstCallFrameMonitor *
gst_call_frame_monitor_ref (GstCallFrameMonitor *self)
{
  return g_atomic_rc_box_acquire (self);
}

static void
gst_call_frame_monitor_clear (GstCallFrameMonitor *self)
{
  g_mutex_clear (&self->lock);
  g_free (self->codec);
  g_free (self->decoder);
}

/* Drops one reference; the last one frees the monitor. */
void
gst_call_frame_monitor_free (GstCallFrameMonitor *self)
{
  if (!self)
    return;
  g_atomic_rc_box_release_full (self, (GDestroyNotify) gst_call_frame_monitor_clear);
}

static void
pending_pop (GstCallFrameMonitor *self)
{
  self->pending_first = (self->pending_first + 1) % MAX_PENDING;
  self->pending_length--;
}

void
gst_call_frame_monitor_frame_in (GstCallFrameMonitor *self,
                                 GstClockTime         pts)
{
  g_mutex_lock (&self->lock);
  self->frames_received++;
  if (GST_CLOCK_TIME_IS_VALID (pts)) {
    if (self->pending_length == MAX_PENDING) {
      pending_pop (self);
      self->frames_dropped++;
    }
    self->pending[(self->pending_first + self->pending_length) % MAX_PENDING] = pts;
    self->pending_length++;
  }
  g_mutex_unlock (&self->lock);
}

static gint64
average_interval (GstCallFrameMonitor *self)
{
  gint64 sum = 0;

  for (guint i = 0; i < self->interval_count; i++)
    sum += self->intervals[i];
  return self->interval_count ? sum / self->interval_count : 0;
}

void
gst_call_frame_monitor_frame_out (GstCallFrameMonitor *self,
                                  GstClockTime         pts,
                                  gint64               now)
{
  g_mutex_lock (&self->lock);
  self->frames_decoded++;

  /* Frames that went in before this one and never came out were dropped
   * (decoders for calls do not reorder). */
  if (GST_CLOCK_TIME_IS_VALID (pts)) {
    while (self->pending_length > 0 && self->pending[self->pending_first] < pts) {
      pending_pop (self);
      self->frames_dropped++;
    }
    if (self->pending_length > 0 && self->pending[self->pending_first] == pts)
      pending_pop (self);
  }

  if (self->kind == GST_CALL_MEDIA_KIND_VIDEO && self->last_out && now > self->last_out) {
    gint64 interval = now - self->last_out;
    gint64 average = average_interval (self);

    if (self->interval_count >= FREEZE_MIN_INTERVALS &&
        interval > MAX (FREEZE_INTERVAL_FACTOR * average, FREEZE_MIN_GAP)) {
      self->freeze_count++;
    } else {
      /* A freeze does not stretch the average it is measured against. */
      self->intervals[self->interval_next] = interval;
      self->interval_next = (self->interval_next + 1) % INTERVAL_WINDOW;
      self->interval_count = MIN (self->interval_count + 1, INTERVAL_WINDOW);
    }
  }
  self->last_out = now;
  g_mutex_unlock (&self->lock);
}

void
gst_call_frame_monitor_read (GstCallFrameMonitor        *self,
                             GstCallFrameMonitorReading *reading)
{
  g_mutex_lock (&self->lock);
  reading->kind = self->kind;
  reading->have_ssrc = self->have_ssrc;
  reading->ssrc = self->ssrc;
  reading->payload_type = self->payload_type;
  reading->codec = g_strdup (self->codec);
  reading->decoder = g_strdup (self->decoder);
  reading->frames_received = self->frames_received;
  reading->frames_decoded = self->frames_decoded;
  reading->frames_dropped = self->frames_dropped;
  reading->freeze_count = self->freeze_count;
  g_mutex_unlock (&self->lock);
}

void
gst_call_frame_monitor_reading_clear (GstCallFrameMonitorReading *reading)
{
  g_clear_pointer (&reading->codec, g_free);
  g_clear_pointer (&reading->decoder, g_free);
}

/* ------------------------------------------------------------------------ */
/* In a decode branch                                                        */

/* Streaming thread: the first RTP packet of the branch says which stream it
 * is. */
static GstPadProbeReturn
note_stream (GstPad          *pad,
             GstPadProbeInfo *info,
             gpointer         user_data)
{
  GstCallFrameMonitor *self = user_data;
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);
  GstRTPBuffer rtp = GST_RTP_BUFFER_INIT;
  g_autoptr (GstCaps) caps = NULL;
  const char *codec = NULL;

  if (!buffer || !gst_rtp_buffer_map (buffer, GST_MAP_READ, &rtp))
    return GST_PAD_PROBE_OK;
  caps = gst_pad_get_current_caps (pad);
  if (caps && gst_caps_get_size (caps) > 0)
    codec = gst_structure_get_string (gst_caps_get_structure (caps, 0), "encoding-name");

  g_mutex_lock (&self->lock);
  self->have_ssrc = TRUE;
  self->ssrc = gst_rtp_buffer_get_ssrc (&rtp);
  self->payload_type = gst_rtp_buffer_get_payload_type (&rtp);
  g_free (self->codec);
  self->codec = g_strdup (codec);
  g_mutex_unlock (&self->lock);
  gst_rtp_buffer_unmap (&rtp);
  return GST_PAD_PROBE_REMOVE;
}

static GstPadProbeReturn
count_in (GstPad          *pad,
          GstPadProbeInfo *info,
          gpointer         user_data)
{
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);

  if (buffer && !GST_BUFFER_FLAG_IS_SET (buffer, GST_BUFFER_FLAG_HEADER))
    gst_call_frame_monitor_frame_in (user_data, GST_BUFFER_PTS (buffer));
  return GST_PAD_PROBE_OK;
}

static GstPadProbeReturn
count_out (GstPad          *pad,
           GstPadProbeInfo *info,
           gpointer         user_data)
{
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);

  /* Concealment of lost or missing packets is not a decoded frame. */
  if (buffer && !GST_BUFFER_FLAG_IS_SET (buffer, GST_BUFFER_FLAG_GAP))
    gst_call_frame_monitor_frame_out (user_data, GST_BUFFER_PTS (buffer),
                                      g_get_monotonic_time ());
  return GST_PAD_PROBE_OK;
}

static gboolean
is_decoder (GstElement *element)
{
  GstElementFactory *factory = gst_element_get_factory (element);
  const char *klass = factory ? gst_element_factory_get_metadata (
      factory, GST_ELEMENT_METADATA_KLASS) : NULL;

  return klass && strstr (klass, "Decoder") &&
      (strstr (klass, "Video") || strstr (klass, "Audio"));
}

/* Streaming thread: decodebin plugged an element. */
static void
on_deep_element_added (GstBin     *decodebin,
                       GstBin     *sub_bin,
                       GstElement *element,
                       gpointer    user_data)
{
  GstCallFrameMonitor *self = gst_call_frame_monitor_get (GST_ELEMENT (decodebin));
  g_autoptr (GstPad) sink = NULL;
  g_autoptr (GstPad) src = NULL;

  if (!self || !is_decoder (element))
    return;
  sink = gst_element_get_static_pad (element, "sink");
  src = gst_element_get_static_pad (element, "src");
  if (!sink || !src)
    return;

  g_mutex_lock (&self->lock);
  g_free (self->decoder);
  self->decoder = g_strdup (gst_plugin_feature_get_name (gst_element_get_factory (element)));
  g_mutex_unlock (&self->lock);
  gst_pad_add_probe (sink, GST_PAD_PROBE_TYPE_BUFFER, count_in, gst_call_frame_monitor_ref (self),
                     (GDestroyNotify) gst_call_frame_monitor_free);
  gst_pad_add_probe (src, GST_PAD_PROBE_TYPE_BUFFER, count_out, gst_call_frame_monitor_ref (self),
                     (GDestroyNotify) gst_call_frame_monitor_free);
}

void
gst_call_frame_monitor_watch_decodebin (GstElement       *decodebin,
                                        GstCallMediaKind  kind)
{
  GstCallFrameMonitor *self = gst_call_frame_monitor_new (kind);
  g_autoptr (GstPad) sink = gst_element_get_static_pad (decodebin, "sink");

  g_object_set_qdata_full (G_OBJECT (decodebin), monitor_quark (), self,
                           (GDestroyNotify) gst_call_frame_monitor_free);
  g_signal_connect (decodebin, "deep-element-added", G_CALLBACK (on_deep_element_added), NULL);
  if (sink)
    gst_pad_add_probe (sink, GST_PAD_PROBE_TYPE_BUFFER, note_stream,
                       gst_call_frame_monitor_ref (self),
                       (GDestroyNotify) gst_call_frame_monitor_free);
}

GstCallFrameMonitor *
gst_call_frame_monitor_get (GstElement *decodebin)
{
  return g_object_get_qdata (G_OBJECT (decodebin), monitor_quark ());
}
