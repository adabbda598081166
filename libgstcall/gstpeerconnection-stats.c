/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include <gst/sdp/sdp.h>
#include <gst/video/video.h>
#include <gst/webrtc/webrtc.h>
#include <nice/agent.h>

#include "gstpeerconnection-impl-private.h"
#include "gstcallbroadcast-private.h"
#include "gstcall-dtls-private.h"
#include "gstcall-enum-types.h"
#include "gstcallstats-private.h"
#include "gstcall-error.h"
#include "gstcall-media-private.h"
#include "gstcall-plugins-private.h"
#include "gstcall-private.h"
#include "gstcall-receive-private.h"
#include "gstcall-sdp-private.h"
#include "gstcall-stats-collector-private.h"
#include "gstcalltrack-private.h"

/* ------------------------------------------------------------------------ */
/* Statistics                                                                */

typedef struct {
  GTask *task;
  GstStructure *report; /* webrtcbin's reply, or NULL */
} StatsReply;

static void
stats_reply_free (gpointer data)
{
  StatsReply *reply = data;

  g_object_unref (reply->task);
  g_clear_pointer (&reply->report, gst_structure_free);
  g_free (reply);
}

/* On the peer connection's context: everything else is read there. */
static gboolean
finish_stats (gpointer data)
{
  StatsReply *reply = data;
  GstPeerConnection *self = g_task_get_source_object (reply->task);
  gulong handler = GPOINTER_TO_SIZE (g_task_get_task_data (reply->task));

  GstCallStats *stats;
  guint target = 0;

  if (handler)
    g_cancellable_disconnect (g_task_get_cancellable (reply->task), handler);
  stats = gst_call_stats_collect (self->shared->pipeline, reply->report, self->stats_history);
  /* What congestion control estimates the path can carry. */
  if (stats->candidate_pair &&
      gst_peer_connection_get_congestion_estimate (self, NULL, &target, NULL))
    stats->candidate_pair->available_outgoing_bitrate = target;
  g_task_return_pointer (reply->task, stats, g_object_unref);
  return G_SOURCE_REMOVE;
}

/* Any thread, webrtcbin's usually: the statistics promise is answered. */
static void
on_stats_reply (GstPromise *promise,
                gpointer    user_data)
{
  StatsReply *reply = g_new0 (StatsReply, 1);
  const GstStructure *report = NULL;

  reply->task = g_object_ref (user_data);
  if (gst_promise_wait (promise) == GST_PROMISE_RESULT_REPLIED)
    report = gst_promise_get_reply (promise);
  reply->report = report ? gst_structure_copy (report) : NULL;
  /* Always from an idle, never at once: a cancellation answers the
   * promise from inside the cancellable's handler, which must not
   * disconnect itself. */
  {
    GSource *idle = g_idle_source_new ();

    g_source_set_callback (idle, finish_stats, reply, stats_reply_free);
    g_source_attach (idle, g_task_get_context (reply->task));
    g_source_unref (idle);
  }
}

static void
interrupt_promise (GCancellable *cancellable,
                   GstPromise   *promise)
{
  gst_promise_interrupt (promise);
}

/**
 * gst_peer_connection_get_stats_async:
 * @self: a [class@PeerConnection]
 * @cancellable: (nullable): a [class@Gio.Cancellable]
 * @callback: (scope async): called with the statistics
 * @user_data: data for @callback
 *
 * Reads the statistics of the connection, as the W3C `getStats()`: asks
 * `webrtcbin` for its report (answered on one of its threads) and reads
 * the rest on @self's main context, without blocking the caller. Finish it
 * with [method@PeerConnection.get_stats_finish]; @callback runs on the main
 * context @self was created in.
 *
 * After [method@PeerConnection.close], the statistics have no candidate
 * pair and keep the last figures of the streams.
 *
 * Since: 0.1
 */
void
gst_peer_connection_get_stats_async (GstPeerConnection   *self,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  GstPromise *promise;
  gulong handler = 0;

  g_return_if_fail (GST_IS_PEER_CONNECTION (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, gst_peer_connection_get_stats_async);
  if (!self->stats_history)
    self->stats_history = gst_call_stats_history_new ();
  if (self->closed || !self->shared->pipeline) {
    g_task_return_pointer (task, gst_call_stats_collect (self->shared->pipeline, NULL,
                                                         self->stats_history),
                           g_object_unref);
    return;
  }

  promise = gst_promise_new_with_change_func (on_stats_reply, g_object_ref (task),
                                              g_object_unref);
  if (cancellable)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (interrupt_promise),
                                     gst_promise_ref (promise),
                                     (GDestroyNotify) gst_promise_unref);
  /* The task's check of the cancellable reports a cancellation; the
   * handler only interrupts a promise still waiting. */
  g_task_set_task_data (task, GSIZE_TO_POINTER (handler), NULL);
  g_signal_emit_by_name (self->shared->webrtcbin, "get-stats", NULL, promise);
  gst_promise_unref (promise);
}

/**
 * gst_peer_connection_get_stats_finish:
 * @self: a [class@PeerConnection]
 * @result: the [iface@Gio.AsyncResult] given to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@PeerConnection.get_stats_async].
 *
 * Returns: (transfer full): the statistics, or %NULL with @error set
 *   (%G_IO_ERROR_CANCELLED)
 *
 * Since: 0.1
 */
GstCallStats *
gst_peer_connection_get_stats_finish (GstPeerConnection  *self,
                                      GAsyncResult       *result,
                                      GError            **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
