/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcallrtptransport-impl-private.h"
#include "gstcall-rtp-demux-private.h"

/* GstCallRtpTransport's statistics: its own counters and the typed ones. */

static void
add_session_stats (GstCallRtpTransport *self,
                   GstStructure        *stats,
                   guint                session_id)
{
  g_autofree char *name = g_strdup_printf ("session-%u", session_id);
  g_autoptr (GObject) session = NULL;
  g_autoptr (GstStructure) session_stats = NULL;
  GstStructure *result;
  const GValue *sources;
  GValueArray *array;
  guint nack_sent = 0, nack_received = 0, packets_received = 0;
  guint64 bytes_sent = 0, packets_sent = 0, bytes_received = 0;
  double jitter_seconds = 0;
  int packets_lost = 0;
  g_auto (GValue) ssrcs = G_VALUE_INIT;

  g_signal_emit_by_name (self->rtpbin, "get-internal-session", session_id, &session);
  if (!session)
    return;
  g_object_get (session, "stats", &session_stats, NULL);
  if (!session_stats)
    return;

  g_value_init (&ssrcs, GST_TYPE_ARRAY);
  sources = gst_structure_get_value (session_stats, "source-stats");
  /* rtpsession gives a GValueArray of structures. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  array = sources && G_VALUE_HOLDS (sources, g_value_array_get_type ())
          ? g_value_get_boxed (sources) : NULL;
  for (guint i = 0; array && i < array->n_values; i++) {
    const GValue *source_value = g_value_array_get_nth (array, i);
    const GstStructure *source = GST_VALUE_HOLDS_STRUCTURE (source_value)
                                 ? gst_value_get_structure (source_value) : NULL;
    gboolean internal = FALSE;
    gboolean validated = FALSE;
    guint ssrc = 0, value = 0;
    guint64 packets = 0;
    int lost = 0;
    GValue item = G_VALUE_INIT;

    if (!source)
      continue;
    gst_structure_get_boolean (source, "internal", &internal);
    gst_structure_get_uint (source, "ssrc", &ssrc);
    /* NACKs are counted on the source they are about. */
    if (gst_structure_get_uint (source, "sent-nack-count", &value))
      nack_sent += value;
    if (gst_structure_get_uint (source, "recv-nack-count", &value))
      nack_received += value;
    if (internal) {
      if (gst_structure_get_uint64 (source, "octets-sent", &packets))
        bytes_sent += packets;
      if (gst_structure_get_uint64 (source, "packets-sent", &packets))
        packets_sent += packets;
      continue;
    }
    /* A source rtpsession has not validated (a stranger's lone packets)
     * must not count as received or lost media of the session. */
    if (!gst_structure_get_boolean (source, "validated", &validated) || !validated)
      continue;
    if (gst_structure_get_uint64 (source, "octets-received", &packets))
      bytes_received += packets;
    {
      guint jitter = 0;
      int clock_rate = 0;

      /* In RTP timestamp units. */
      if (gst_structure_get_uint (source, "jitter", &jitter) &&
          gst_structure_get_int (source, "clock-rate", &clock_rate) && clock_rate > 0)
        jitter_seconds = MAX (jitter_seconds, jitter / (double) clock_rate);
    }
    if (gst_structure_get_uint64 (source, "packets-received", &packets))
      packets_received += (guint) packets;
    if (gst_structure_get_int (source, "packets-lost", &lost))
      packets_lost += lost;
    g_value_init (&item, G_TYPE_UINT);
    g_value_set_uint (&item, ssrc);
    gst_value_array_append_and_take_value (&ssrcs, &item);
  }
  G_GNUC_END_IGNORE_DEPRECATIONS

  result = gst_structure_new (name, "nack-sent", G_TYPE_UINT, nack_sent,
                              "nack-received", G_TYPE_UINT, nack_received,
                              "packets-received", G_TYPE_UINT, packets_received,
                              "packets-lost", G_TYPE_INT, packets_lost,
                              "bytes-sent", G_TYPE_UINT64, bytes_sent,
                              "packets-sent", G_TYPE_UINT64, packets_sent,
                              "bytes-received", G_TYPE_UINT64, bytes_received,
                              "jitter", G_TYPE_DOUBLE, jitter_seconds, NULL);
  gst_structure_set_value (result, "remote-ssrcs", &ssrcs);
  g_mutex_lock (&self->lock);
  if (self->sessions[session_id].rtx_receive) {
    guint rtx = 0;

    g_object_get (self->sessions[session_id].rtx_receive, "num-rtx-packets", &rtx, NULL);
    gst_structure_set (result, "rtx-packets-received", G_TYPE_UINT, rtx, NULL);
  }
  if (self->sessions[session_id].rtx_send) {
    guint rtx = 0;

    g_object_get (self->sessions[session_id].rtx_send, "num-rtx-packets", &rtx, NULL);
    gst_structure_set (result, "rtx-packets-sent", G_TYPE_UINT, rtx, NULL);
  }
  g_mutex_unlock (&self->lock);
  gst_structure_set (stats, name, GST_TYPE_STRUCTURE, result, NULL);
  gst_structure_free (result);
}

/**
 * gst_call_rtp_transport_get_stats:
 * @self: a [class@CallRtpTransport]
 *
 * Statistics of the transport: packets routed and dropped (by reason:
 * `dropped-invalid`, `dropped-unknown-ssrc`, `dropped-unknown-payload-type`,
 * `dropped-contradictory`, `dropped-limit`), `sessions`, `ssrcs`,
 * `ssrcs-expired` and `ssrcs-replaced` (SSRCs that gave their place in the
 * SSRC table, see [class@CallRtpTransport]), `bundled-ssrc-calls`,
 * `warnings`, frames sent and decoded
 * (`video-frames-sent`, `video-frames-decoded`, `audio-buffers-sent`,
 * `audio-buffers-decoded`), and a `session-N` structure per RTP session
 * (`remote-ssrcs`, `packets-received`, `packets-lost`, `bytes-received`,
 * `jitter` in seconds, of the remote sources rtpbin validated, `bytes-sent`, `packets-sent`, `nack-sent`,
 * `nack-received`, `rtx-packets-sent`, `rtx-packets-received`).
 *
 * Once SRTP is negotiated, `srtp` is %TRUE and `srtp-packets-dropped`
 * counts the packets that failed authentication or replay checks,
 * `srtp-ssrcs-refused` the packets of SSRCs beyond the number that get a
 * key without an `a=ssrc` line naming them.
 *
 * Returns: (transfer full): the statistics
 *
 * Since: 0.1
 */
GstStructure *
gst_call_rtp_transport_get_stats (GstCallRtpTransport *self)
{
  GstCallRtpRouterCounters counters = { 0 };
  GstStructure *stats;

  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), NULL);

  if (self->demux)
    gst_call_rtp_demux_get_counters (GST_CALL_RTP_DEMUX (self->demux), &counters);
  stats = gst_structure_new ("application/x-gst-call-rtp-transport-stats",
      "rtp-packets-routed", G_TYPE_UINT64, counters.rtp_packets,
      "rtcp-packets-routed", G_TYPE_UINT64, counters.rtcp_packets,
      "dropped-invalid", G_TYPE_UINT64, counters.dropped[GST_CALL_RTP_DROP_INVALID],
      "dropped-unknown-ssrc", G_TYPE_UINT64, counters.dropped[GST_CALL_RTP_DROP_UNKNOWN_SSRC],
      "dropped-unknown-payload-type", G_TYPE_UINT64,
      counters.dropped[GST_CALL_RTP_DROP_UNKNOWN_PAYLOAD_TYPE],
      "dropped-contradictory", G_TYPE_UINT64,
      counters.dropped[GST_CALL_RTP_DROP_CONTRADICTORY],
      "dropped-limit", G_TYPE_UINT64, counters.dropped[GST_CALL_RTP_DROP_LIMIT],
      "sessions", G_TYPE_UINT, counters.sessions,
      "ssrcs", G_TYPE_UINT, counters.ssrcs,
      "contradictory-ssrcs", G_TYPE_UINT, counters.contradictory_ssrcs,
      "ssrcs-expired", G_TYPE_UINT64, counters.ssrcs_expired,
      "ssrcs-replaced", G_TYPE_UINT64, counters.ssrcs_replaced,
      "bundled-ssrc-calls", G_TYPE_UINT, self->bundled_ssrc_calls,
      "warnings", G_TYPE_UINT, self->warnings,
      "video-frames-sent", G_TYPE_UINT, (guint) g_atomic_int_get (&self->video_frames_sent),
      "video-frames-decoded", G_TYPE_UINT,
      (guint) g_atomic_int_get (&self->video_frames_decoded),
      "audio-buffers-sent", G_TYPE_UINT, (guint) g_atomic_int_get (&self->audio_buffers_sent),
      "audio-buffers-decoded", G_TYPE_UINT,
      (guint) g_atomic_int_get (&self->audio_buffers_decoded),
      NULL);
  if (self->rtpbin && self->started && !self->closed) {
    for (guint i = 0; i < GST_CALL_RTP_TRANSPORT_MAX_SESSIONS; i++)
      add_session_stats (self, stats, i);
  }
  gst_structure_set (stats, "srtp", G_TYPE_BOOLEAN, self->secure, NULL);
  if (self->srtp_decoder) {
    g_autoptr (GstStructure) srtp_stats = NULL;
    guint dropped = 0;

    g_object_get (self->srtp_decoder, "stats", &srtp_stats, NULL);
    if (srtp_stats)
      gst_structure_get_uint (srtp_stats, "recv-drop-count", &dropped);
    g_mutex_lock (&self->lock);
    gst_structure_set (stats, "srtp-packets-dropped", G_TYPE_UINT, dropped,
                       "srtp-ssrcs-refused", G_TYPE_UINT, self->srtp_ssrcs_refused, NULL);
    g_mutex_unlock (&self->lock);
  }
  return stats;
}

/**
 * gst_call_rtp_transport_get_stats_async:
 * @self: a [class@CallRtpTransport]
 * @cancellable: (nullable): a [class@Gio.Cancellable]
 * @callback: (scope async): called with the statistics
 * @user_data: data for @callback
 *
 * Reads the typed statistics of the streams sent and received, the same
 * [class@CallStats] a [class@PeerConnection] gives (without a candidate
 * pair: plain RTP has no ICE). Finish it with
 * [method@CallRtpTransport.get_stats_finish]; @callback runs on the main
 * context @self was created in. The transport's own counters (packets
 * routed and dropped, SRTP) stay in [method@CallRtpTransport.get_stats].
 *
 * Since: 0.1
 */
void
gst_call_rtp_transport_get_stats_async (GstCallRtpTransport *self,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, gst_call_rtp_transport_get_stats_async);
  /* Nothing to wait for: rtpbin answers at once. The callback still comes
   * from the main context, after this returns. */
  if (!self->stats_history)
    self->stats_history = gst_call_stats_history_new ();
  g_task_return_pointer (task, gst_call_stats_collect (self->pipeline, NULL, self->stats_history),
                         g_object_unref);
}

/**
 * gst_call_rtp_transport_get_stats_finish:
 * @self: a [class@CallRtpTransport]
 * @result: the [iface@Gio.AsyncResult] given to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@CallRtpTransport.get_stats_async].
 *
 * Returns: (transfer full): the statistics, or %NULL with @error set
 *   (%G_IO_ERROR_CANCELLED)
 *
 * Since: 0.1
 */
GstCallStats *
gst_call_rtp_transport_get_stats_finish (GstCallRtpTransport  *self,
                                         GAsyncResult         *result,
                                         GError              **error)
{
  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
