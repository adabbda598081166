/* libgstcall: is the connected peer still there?
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "gstcall-liveness-private.h"
#include "gstcall-private.h"

/* How often the silence is looked at: the call ends at most this much after
 * the timeout. */
#define CHECK_INTERVAL_MS 250

/* Shared with the streaming threads of the probes: each probe holds a
 * reference, so a packet arriving while the watch is freed is harmless. */
typedef struct {
  gatomicrefcount ref_count;
  gint64 started_at;   /* monotonic µs */
  gint last_packet_ms; /* atomic: since started_at */
} Counter;

typedef struct {
  GstPad *pad;
  gulong probe_id;
} Probe;

struct _GstCallLiveness {
  Counter *counter;
  GArray *probes; /* Probe */
  guint timeout_seconds;
  GSource *source;
  GSourceFunc silent;
  gpointer user_data;
};

static Counter *
counter_ref (Counter *counter)
{
  g_atomic_ref_count_inc (&counter->ref_count);
  return counter;
}

static void
counter_unref (gpointer data)
{
  Counter *counter = data;

  if (g_atomic_ref_count_dec (&counter->ref_count))
    g_free (counter);
}

static GstPadProbeReturn
on_packet (GstPad          *pad,
           GstPadProbeInfo *info,
           gpointer         user_data)
{
  Counter *counter = user_data;

  g_atomic_int_set (&counter->last_packet_ms,
                    (gint) ((g_get_monotonic_time () - counter->started_at) / 1000));
  return GST_PAD_PROBE_OK;
}

static gboolean
check_silence (gpointer user_data)
{
  GstCallLiveness *self = user_data;
  double silence = gst_call_liveness_get_silence (self);

  if (silence < self->timeout_seconds)
    return G_SOURCE_CONTINUE;

  GST_INFO ("no packet from the peer for %.1f s", silence);
  g_clear_pointer (&self->source, g_source_unref);
  self->silent (self->user_data);
  return G_SOURCE_REMOVE;
}

static void
watch_element (GstCallLiveness *self,
               GstElement      *element)
{
  GstElementFactory *factory = gst_element_get_factory (element);
  g_autoptr (GstPad) src = NULL;
  Probe probe;

  /* ICE's sources on WebRTC, the one socket's on plain RTP. */
  if (!factory || (strcmp (gst_plugin_feature_get_name (factory), "nicesrc") != 0 &&
                   strcmp (gst_plugin_feature_get_name (factory), "udpsrc") != 0))
    return;

  src = gst_element_get_static_pad (element, "src");
  if (!src)
    return;
  /* What the source hands on: the pad it feeds. */
  probe.pad = gst_pad_get_peer (src);
  if (!probe.pad)
    probe.pad = g_steal_pointer (&src);
  probe.probe_id = gst_pad_add_probe (probe.pad,
                                      GST_PAD_PROBE_TYPE_BUFFER |
                                      GST_PAD_PROBE_TYPE_BUFFER_LIST,
                                      on_packet, counter_ref (self->counter),
                                      counter_unref);
  g_array_append_val (self->probes, probe);
}

GstCallLiveness *
gst_call_liveness_new (GstElement  *bin,
                       guint        timeout_seconds,
                       GSourceFunc  silent,
                       gpointer     user_data)
{
  GstCallLiveness *self;
  GstIterator *it;
  GValue item = G_VALUE_INIT;

  g_return_val_if_fail (GST_IS_BIN (bin), NULL);
  g_return_val_if_fail (timeout_seconds > 0, NULL);

  self = g_new0 (GstCallLiveness, 1);
  self->counter = g_new0 (Counter, 1);
  g_atomic_ref_count_init (&self->counter->ref_count);
  self->counter->started_at = g_get_monotonic_time ();
  self->probes = g_array_new (FALSE, FALSE, sizeof (Probe));
  self->timeout_seconds = timeout_seconds;
  self->silent = silent;
  self->user_data = user_data;

  /* With BUNDLE there is one transport; without, one per media section. */
  it = gst_bin_iterate_recurse (GST_BIN (bin));
  while (gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    watch_element (self, g_value_get_object (&item));
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);
  GST_DEBUG ("watching %u transports, %u s without a packet ends the call",
             self->probes->len, timeout_seconds);

  self->source = g_timeout_source_new (CHECK_INTERVAL_MS);
  g_source_set_callback (self->source, check_silence, self, NULL);
  g_source_set_static_name (self->source, "[gstcall] peer liveness");
  g_source_attach (self->source, g_main_context_get_thread_default ());
  return self;
}

double
gst_call_liveness_get_silence (GstCallLiveness *self)
{
  Counter *counter = self->counter;
  gint64 last = counter->started_at + g_atomic_int_get (&counter->last_packet_ms) * (gint64) 1000;

  return (g_get_monotonic_time () - last) / (double) G_USEC_PER_SEC;
}

void
gst_call_liveness_free (GstCallLiveness *self)
{
  if (!self)
    return;

  if (self->source) {
    g_source_destroy (self->source);
    g_source_unref (self->source);
  }
  for (guint i = 0; i < self->probes->len; i++) {
    Probe *probe = &g_array_index (self->probes, Probe, i);

    gst_pad_remove_probe (probe->pad, probe->probe_id);
    gst_object_unref (probe->pad);
  }
  g_array_unref (self->probes);
  counter_unref (self->counter);
  g_free (self);
}
