/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <gst/webrtc/webrtc.h>

#include "gstpeerconnection-impl-private.h"
#include "gstcalldatachannel-private.h"
#include "gstcall-error.h"
#include "gstcall-plugins-private.h"
#include "gstcall-private.h"

/* GstPeerConnection's data channels: webrtcbin's GstWebRTCDataChannel,
 * wrapped in a GstCallDataChannel that emits on the peer connection's main
 * context. A wrapper is bound to webrtcbin's channel in
 * prepare-data-channel, before any of the channel's signals can fire. */

/* What the data channels need besides the transport's elements. */
static const char * const data_channel_elements[] = {
  "sctpenc", "sctpdec", "appsrc", "appsink", NULL
};

static void
adopt_remote_channel (gpointer object,
                      gpointer data)
{
  GstPeerConnection *self = object;
  GstCallDataChannel *channel = data;

  if (self->closed || !self->data_channels) {
    gst_call_data_channel_shutdown (channel);
    return;
  }
  gst_call_data_channel_set_owner (channel, G_OBJECT (self));
  g_ptr_array_add (self->data_channels, g_object_ref (channel));
}

void
gst_peer_connection_on_webrtc_prepare_data_channel (GstElement              *webrtcbin,
                                                    GstWebRTCDataChannel    *channel,
                                                    gboolean                 is_local,
                                                    GstPeerConnectionShared *shared)
{
  GstCallDataChannel *wrapper;

  if (is_local) {
    /* Emitted from create-data-channel, on the thread that called it. */
    g_mutex_lock (&shared->lock);
    wrapper = shared->binding_channel ? g_object_ref (shared->binding_channel) : NULL;
    g_mutex_unlock (&shared->lock);
    if (wrapper) {
      gst_call_data_channel_bind (wrapper, channel);
      g_object_unref (wrapper);
    }
    return;
  }

  /* The peer's channel, on sctpdec's thread: its label and options arrive
   * with its open message. The peer connection takes it on its context,
   * before any of the channel's events. */
  wrapper = gst_call_data_channel_new_remote (gst_call_context_proxy_get_context (shared->proxy));
  gst_call_data_channel_bind (wrapper, channel);
  gst_call_context_proxy_invoke (shared->proxy, adopt_remote_channel, wrapper, g_object_unref);
}

gboolean
gst_peer_connection_bind_data_channel (GstPeerConnection   *self,
                                       GstCallDataChannel  *channel,
                                       GError             **error)
{
  GstPeerConnectionShared *shared = self->shared;
  const GstStructure *init = gst_call_data_channel_get_init (channel);
  GstWebRTCDataChannel *webrtc_channel = NULL;
  gboolean negotiated = FALSE;
  int id = -1;

  if (!gst_peer_connection_check_usable (self, error) ||
      !gst_call_check_elements (data_channel_elements, error))
    return FALSE;

  gst_structure_get_boolean (init, "negotiated", &negotiated);
  if (negotiated && gst_structure_get_int (init, "id", &id)) {
    for (guint i = 0; i < self->data_channels->len; i++) {
      GstCallDataChannel *other = g_ptr_array_index (self->data_channels, i);

      if (gst_call_data_channel_get_id (other) == id) {
        g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                     _("The data channel id %d is taken by the channel “%s”"), id,
                     gst_call_data_channel_get_label (other));
        return FALSE;
      }
    }
  }

  g_mutex_lock (&shared->lock);
  shared->binding_channel = channel;
  g_mutex_unlock (&shared->lock);
  g_signal_emit_by_name (shared->webrtcbin, "create-data-channel",
                         gst_call_data_channel_get_label (channel), init, &webrtc_channel);
  g_mutex_lock (&shared->lock);
  shared->binding_channel = NULL;
  g_mutex_unlock (&shared->lock);

  if (!webrtc_channel) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The data channel “%s” could not be created: its id is taken by a "
                   "channel of the peer"),
                 gst_call_data_channel_get_label (channel));
    return FALSE;
  }
  gst_object_unref (webrtc_channel);

  gst_call_data_channel_set_owner (channel, G_OBJECT (self));
  g_ptr_array_add (self->data_channels, g_object_ref (channel));
  /* The first channel adds an application section to the next offer. */
  self->local_generation++;
  return TRUE;
}

/**
 * gst_peer_connection_create_data_channel:
 * @self: a [class@PeerConnection]
 * @label: the channel's name, UTF-8, shown to the peer
 * @options: (nullable): the channel's options, fields named as `webrtcbin`'s
 *   `create-data-channel` takes them: `ordered` (boolean, %TRUE by default),
 *   `max-packet-lifetime` (int, milliseconds) or `max-retransmits` (int),
 *   `protocol` (string), `negotiated` (boolean) and `id` (int, required
 *   with `negotiated`)
 * @error: return location for a #GError
 *
 * Creates a data channel, as the W3C `createDataChannel()`. Created before
 * the first offer, the channel makes the offer carry an `application`
 * section; created later, [signal@PeerConnection::negotiation-needed] is
 * emitted when the connection had none yet. The channel opens once the
 * peers are connected ([signal@CallDataChannel::open]).
 *
 * A `negotiated` channel is not announced to the peer: its application
 * creates one with the same `id` and options, and the two open together.
 *
 * The peer connection holds the channel until it closes.
 *
 * Returns: (transfer full) (nullable): the new [class@CallDataChannel], or
 *   %NULL with @error set when an option is unknown or of the wrong type
 *   (the message names it), the id is taken, the peer connection is closed,
 *   or the `sctp` plugin (gstreamer1.0-plugins-bad) is missing
 *
 * Since: 0.1
 */
GstCallDataChannel *
gst_peer_connection_create_data_channel (GstPeerConnection   *self,
                                         const char          *label,
                                         const GstStructure  *options,
                                         GError             **error)
{
  g_autoptr (GstCallDataChannel) channel = NULL;

  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);
  g_return_val_if_fail (label != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  channel = gst_call_data_channel_new_local (label, options, error);
  if (!channel || !gst_peer_connection_bind_data_channel (self, channel, error))
    return NULL;
  return g_steal_pointer (&channel);
}

void
gst_peer_connection_announce_data_channel (GstPeerConnection  *self,
                                           GstCallDataChannel *channel)
{
  if (self->closed)
    return;
  g_signal_emit (self, gst_peer_connection_signals[SIGNAL_DATA_CHANNEL], 0, channel);
}

void
gst_peer_connection_forget_data_channel (GstPeerConnection  *self,
                                         GstCallDataChannel *channel)
{
  if (self->data_channels)
    g_ptr_array_remove (self->data_channels, channel);
}

void
gst_peer_connection_shutdown_data_channels (GstPeerConnection *self)
{
  g_autoptr (GPtrArray) channels = NULL;

  if (!self->data_channels)
    return;
  /* Each channel holds itself until its close signal. */
  channels = g_steal_pointer (&self->data_channels);
  self->data_channels = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < channels->len; i++)
    gst_call_data_channel_shutdown (g_ptr_array_index (channels, i));
}
