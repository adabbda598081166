/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcall-session-private.h"
#include "gstcall-media-private.h"
#include "gstcall-private.h"

G_DEFINE_INTERFACE (GstCallSession, gst_call_session, G_TYPE_OBJECT)

enum {
  SIGNAL_REMOTE_TRACK,
  SIGNAL_CONNECTED,
  SIGNAL_FAILED,
  SIGNAL_TRANSPORT_CREATED,
  SIGNAL_CANDIDATE_REJECTED,
  SIGNAL_CONNECTION_LOST,
  SIGNAL_RECONNECTING,
  SIGNAL_DTMF,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
gst_call_session_default_init (GstCallSessionInterface *iface)
{
  signals[SIGNAL_REMOTE_TRACK] =
      g_signal_new ("remote-track", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, GST_TYPE_CALL_TRACK);
  signals[SIGNAL_CONNECTED] =
      g_signal_new ("connected", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, GST_TYPE_ELEMENT);
  signals[SIGNAL_FAILED] =
      g_signal_new ("failed", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  signals[SIGNAL_TRANSPORT_CREATED] =
      g_signal_new ("transport-created", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_CANDIDATE_REJECTED] =
      g_signal_new ("candidate-rejected", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  signals[SIGNAL_CONNECTION_LOST] =
      g_signal_new ("connection-lost", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  signals[SIGNAL_RECONNECTING] =
      g_signal_new ("reconnecting", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_DTMF] =
      g_signal_new ("dtmf", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_UINT);
}

void
gst_call_session_config_copy (GstCallSessionConfig       *dest,
                              const GstCallSessionConfig *src)
{
  *dest = *src;
  if (dest->signaller)
    g_object_ref (dest->signaller);
  for (guint kind = 0; kind < 2; kind++) {
    if (dest->sources[kind])
      gst_object_ref (dest->sources[kind]);
    if (dest->broadcasts[kind])
      g_object_ref (dest->broadcasts[kind]);
    dest->source_descriptions[kind] = g_strdup (src->source_descriptions[kind]);
  }
  dest->ice_servers = g_strdupv (src->ice_servers);
  dest->ice_local_addresses = g_strdupv (src->ice_local_addresses);
}

void
gst_call_session_config_clear (GstCallSessionConfig *config)
{
  g_clear_object (&config->signaller);
  for (guint kind = 0; kind < 2; kind++) {
    gst_clear_object (&config->sources[kind]);
    g_clear_object (&config->broadcasts[kind]);
    g_clear_pointer (&config->source_descriptions[kind], g_free);
  }
  g_clear_pointer (&config->ice_servers, g_strfreev);
  g_clear_pointer (&config->ice_local_addresses, g_strfreev);
}

gboolean
gst_call_session_check_signaller (GstCallSession    *self,
                                  GstCallSignaller  *signaller,
                                  GError           **error)
{
  g_return_val_if_fail (GST_IS_CALL_SESSION (self), FALSE);

  return GST_CALL_SESSION_GET_IFACE (self)->check_signaller (self, signaller, error);
}

gboolean
gst_call_session_start (GstCallSession             *self,
                        const GstCallSessionConfig *config,
                        gboolean                    offerer,
                        GError                    **error)
{
  g_return_val_if_fail (GST_IS_CALL_SESSION (self), FALSE);
  g_return_val_if_fail (config != NULL, FALSE);

  return GST_CALL_SESSION_GET_IFACE (self)->start (self, config, offerer, error);
}

void
gst_call_session_reconnect (GstCallSession *self)
{
  GstCallSessionInterface *iface;

  g_return_if_fail (GST_IS_CALL_SESSION (self));

  iface = GST_CALL_SESSION_GET_IFACE (self);
  if (iface->reconnect)
    iface->reconnect (self);
}

gboolean
gst_call_session_rebuilds_transport (GstCallSession *self)
{
  g_return_val_if_fail (GST_IS_CALL_SESSION (self), FALSE);

  return GST_CALL_SESSION_GET_IFACE (self)->reconnect != NULL;
}

void
gst_call_session_receive_description (GstCallSession *self,
                                      GstCallSdpType  type,
                                      const char     *sdp)
{
  g_return_if_fail (GST_IS_CALL_SESSION (self));
  g_return_if_fail (sdp != NULL);

  GST_CALL_SESSION_GET_IFACE (self)->receive_description (self, type, sdp);
}

void
gst_call_session_receive_candidate (GstCallSession *self,
                                    guint           mline_index,
                                    const char     *candidate)
{
  g_return_if_fail (GST_IS_CALL_SESSION (self));

  GST_CALL_SESSION_GET_IFACE (self)->receive_candidate (self, mline_index, candidate);
}

gboolean
gst_call_session_has_remote_description (GstCallSession *self)
{
  g_return_val_if_fail (GST_IS_CALL_SESSION (self), FALSE);

  return GST_CALL_SESSION_GET_IFACE (self)->has_remote_description (self);
}

GstCallTrack *
gst_call_session_add_track (GstCallSession    *self,
                            GstCallMediaKind   kind,
                            GstElement        *source,
                            GError           **error)
{
  g_return_val_if_fail (GST_IS_CALL_SESSION (self), NULL);
  g_return_val_if_fail (GST_IS_ELEMENT (source), NULL);

  return GST_CALL_SESSION_GET_IFACE (self)->add_track (self, kind, source, error);
}

gboolean
gst_call_session_remove_track (GstCallSession  *self,
                               GstCallTrack    *track,
                               GError         **error)
{
  g_return_val_if_fail (GST_IS_CALL_SESSION (self), FALSE);
  g_return_val_if_fail (GST_IS_CALL_TRACK (track), FALSE);

  return GST_CALL_SESSION_GET_IFACE (self)->remove_track (self, track, error);
}

GPtrArray *
gst_call_session_get_local_tracks (GstCallSession *self)
{
  g_return_val_if_fail (GST_IS_CALL_SESSION (self), NULL);

  return GST_CALL_SESSION_GET_IFACE (self)->get_local_tracks (self);
}

void
gst_call_session_set_muted (GstCallSession   *self,
                            GstCallMediaKind  kind,
                            gboolean          muted)
{
  g_return_if_fail (GST_IS_CALL_SESSION (self));

  GST_CALL_SESSION_GET_IFACE (self)->set_muted (self, kind, muted);
}

void
gst_call_session_set_bitrate (GstCallSession   *self,
                              GstCallMediaKind  kind,
                              guint             kbit_per_second)
{
  g_return_if_fail (GST_IS_CALL_SESSION (self));

  GST_CALL_SESSION_GET_IFACE (self)->set_bitrate (self, kind, kbit_per_second);
}

gboolean
gst_call_session_send_dtmf (GstCallSession  *self,
                            const char      *tones,
                            guint            duration_ms,
                            GError         **error)
{
  g_return_val_if_fail (GST_IS_CALL_SESSION (self), FALSE);

  return GST_CALL_SESSION_GET_IFACE (self)->send_dtmf (self, tones, duration_ms, error);
}

void
gst_call_session_emit_dtmf (GstCallSession *self,
                            char            tone,
                            guint           duration_ms)
{
  char text[2] = { tone, '\0' };

  g_signal_emit (self, signals[SIGNAL_DTMF], 0, text, duration_ms);
}

void
gst_call_session_get_stats_async (GstCallSession      *self,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_return_if_fail (GST_IS_CALL_SESSION (self));

  GST_CALL_SESSION_GET_IFACE (self)->get_stats_async (self, cancellable, callback, user_data);
}

GstCallStats *
gst_call_session_get_stats_finish (GstCallSession  *self,
                                   GAsyncResult    *result,
                                   GError         **error)
{
  g_return_val_if_fail (GST_IS_CALL_SESSION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

GObject *
gst_call_session_get_transport (GstCallSession *self)
{
  g_return_val_if_fail (GST_IS_CALL_SESSION (self), NULL);

  return GST_CALL_SESSION_GET_IFACE (self)->get_transport (self);
}

void
gst_call_session_close (GstCallSession *self)
{
  g_return_if_fail (GST_IS_CALL_SESSION (self));

  GST_CALL_SESSION_GET_IFACE (self)->close (self);
}

gboolean
gst_call_session_check_remote_codecs (const GstCallSessionConfig *config,
                                      const gboolean             *sends,
                                      const char                 *sdp,
                                      GError                    **error)
{
  GstCallMediaKind kinds[] = { GST_CALL_MEDIA_KIND_VIDEO, GST_CALL_MEDIA_KIND_AUDIO };
  g_autoptr (GstSDPMessage) message = NULL;

  if (gst_sdp_message_new_from_text (sdp, &message) != GST_SDP_OK)
    return TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++) {
    GstCallMediaKind kind = kinds[i];
    g_autoptr (GstCaps) caps = NULL;

    if (!sends[kind])
      continue;
    caps = gst_call_media_make_rtp_caps (config->codecs[kind], 96);
    if (caps && !gst_call_sdp_check_codec (message, gst_call_media_kind_to_string (kind),
                                           gst_structure_get_string (gst_caps_get_structure (caps, 0),
                                                                     "encoding-name"),
                                           error))
      return FALSE;
  }
  return TRUE;
}

void
gst_call_session_fail (GstCallSession *self,
                       GError         *error)
{
  GST_WARNING ("session %p: %s", self, error->message);
  gst_call_session_emit_failed (self, error);
  g_error_free (error);
}

void
gst_call_session_return_stats (GTask        *task,
                               GstCallStats *stats,
                               GError       *error)
{
  if (stats)
    g_task_return_pointer (task, stats, g_object_unref);
  else
    g_task_return_error (task, error);
  g_object_unref (task);
}

void
gst_call_session_emit_failed (GstCallSession *self,
                              const GError   *error)
{
  g_signal_emit (self, signals[SIGNAL_FAILED], 0, error);
}

void
gst_call_session_emit_connected (GstCallSession *self,
                                 GstElement     *watched)
{
  g_signal_emit (self, signals[SIGNAL_CONNECTED], 0, watched);
}

void
gst_call_session_emit_remote_track (GstCallSession *self,
                                    GstCallTrack   *track)
{
  g_signal_emit (self, signals[SIGNAL_REMOTE_TRACK], 0, track);
}

void
gst_call_session_emit_transport_created (GstCallSession *self)
{
  g_signal_emit (self, signals[SIGNAL_TRANSPORT_CREATED], 0);
}

void
gst_call_session_emit_candidate_rejected (GstCallSession *self,
                                          const GError   *error)
{
  g_signal_emit (self, signals[SIGNAL_CANDIDATE_REJECTED], 0, error);
}

void
gst_call_session_emit_connection_lost (GstCallSession *self,
                                       const GError   *error)
{
  g_signal_emit (self, signals[SIGNAL_CONNECTION_LOST], 0, error);
}

void
gst_call_session_emit_reconnecting (GstCallSession *self)
{
  g_signal_emit (self, signals[SIGNAL_RECONNECTING], 0);
}
