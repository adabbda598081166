/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "gstcall-impl-private.h"
#include "gstcalldatachannel-private.h"
#include "gstcall-error.h"
#include "gstcall-private.h"
#include "gstpeerconnection-private.h"

/* GstCall's data channels: those created before the call has a peer
 * connection wait here, and are made on it as soon as it exists (before
 * the first offer, which then carries them); later ones go to the peer
 * connection at once. The peer connection's channels are the call's. */

static void
fail_pending (GstCall      *self,
              const GError *error)
{
  g_autoptr (GPtrArray) pending = g_steal_pointer (&self->data_channels);

  for (guint i = 0; pending && i < pending->len; i++)
    gst_call_data_channel_fail (g_ptr_array_index (pending, i), error);
}

static void
set_rtp_error (GError **error)
{
  g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                       _("Data channels need a WebRTC call: the call's transport is "
                         "plain RTP, which carries media only"));
}

static void
on_peer_connection_data_channel (GstPeerConnection  *pc,
                                 GstCallDataChannel *channel,
                                 GstCall            *self)
{
  g_signal_emit (self, gst_call_signals[SIGNAL_DATA_CHANNEL], 0, channel);
}

void
gst_call_data_channels_transport_created (GstCall *self)
{
  GObject *transport = gst_call_session_get_transport (self->session);
  g_autoptr (GPtrArray) pending = NULL;

  if (!GST_IS_PEER_CONNECTION (transport)) {
    g_autoptr (GError) error = NULL;

    set_rtp_error (&error);
    fail_pending (self, error);
    return;
  }

  g_signal_connect_object (transport, "data-channel",
                           G_CALLBACK (on_peer_connection_data_channel), self, 0);
  pending = g_steal_pointer (&self->data_channels);
  for (guint i = 0; pending && i < pending->len; i++) {
    GstCallDataChannel *channel = g_ptr_array_index (pending, i);
    g_autoptr (GError) error = NULL;

    /* Closed before the call started. */
    if (gst_call_data_channel_get_ready_state (channel) != GST_CALL_DATA_CHANNEL_STATE_CONNECTING)
      continue;
    if (!gst_peer_connection_bind_data_channel (GST_PEER_CONNECTION (transport), channel,
                                                &error))
      gst_call_data_channel_fail (channel, error);
  }
}

void
gst_call_data_channels_session_changed (GstCall *self)
{
  g_autoptr (GError) error = NULL;

  if (self->transport != GST_CALL_TRANSPORT_KIND_RTP || !self->data_channels)
    return;
  set_rtp_error (&error);
  fail_pending (self, error);
}

/* On an association with nothing to send, SCTP sends a heartbeat every
 * 30 s plus a round-trip timeout (usrsctp's HB.interval, RFC 9260): all a
 * call with data channels and no media hears from its peer. Media brings
 * RTCP reports at least every 6.2 s. */
#define DATA_ONLY_PEER_TIMEOUT 40

/* (A bundled section has port 0 in an answer: not a sign of rejection.) */
static gboolean
has_data_section (const char *sdp)
{
  return sdp && strstr (sdp, "m=application ");
}

guint
gst_call_data_channels_peer_timeout (GstCall *self)
{
  GObject *transport = gst_call_session_get_transport (self->session);
  g_autoptr (GPtrArray) local_tracks = NULL;
  g_autofree char *remote = NULL;
  g_autofree char *local = NULL;

  if (self->peer_timeout == 0 || self->peer_timeout >= DATA_ONLY_PEER_TIMEOUT ||
      !GST_IS_PEER_CONNECTION (transport))
    return self->peer_timeout;
  local_tracks = gst_call_session_get_local_tracks (self->session);
  remote = gst_peer_connection_get_remote_description (GST_PEER_CONNECTION (transport));
  local = gst_peer_connection_get_local_description (GST_PEER_CONNECTION (transport));
  /* Whether the peer sends media is not known yet: what we send makes it
   * send reports. */
  if (local_tracks->len > 0 || !has_data_section (remote) || !has_data_section (local))
    return self->peer_timeout;
  GST_INFO ("call %p: only data channels: a silent peer is given %u s", self,
            DATA_ONLY_PEER_TIMEOUT);
  return DATA_ONLY_PEER_TIMEOUT;
}

void
gst_call_data_channels_shutdown (GstCall *self)
{
  g_autoptr (GPtrArray) pending = g_steal_pointer (&self->data_channels);

  /* Those on the peer connection closed with it. */
  for (guint i = 0; pending && i < pending->len; i++)
    gst_call_data_channel_shutdown (g_ptr_array_index (pending, i));
}

/**
 * gst_call_create_data_channel:
 * @self: a [class@Call]
 * @label: the channel's name, UTF-8, shown to the peer
 * @options: (nullable): the channel's options, as
 *   [method@PeerConnection.create_data_channel] takes them
 * @error: return location for a #GError
 *
 * Creates a data channel next to the call's media, or instead of it (a
 * call may send and receive no media at all). Created before the call
 * is dialled or answered, the channel is negotiated with the first offer
 * or answer; during the call, it is added at once (with a renegotiation
 * when the call had no channel yet). It opens once the call is connected
 * ([signal@CallDataChannel::open]) and closes when the call ends.
 *
 * Returns: (transfer full) (nullable): the new [class@CallDataChannel], or
 *   %NULL with @error set when an option is wrong (the message names it),
 *   the call ended (%GST_CALL_ERROR_CLOSED) or its
 *   [property@Call:transport] is plain RTP (%GST_CALL_ERROR_INVALID_STATE:
 *   data channels need WebRTC)
 *
 * Since: 0.1
 */
GstCallDataChannel *
gst_call_create_data_channel (GstCall             *self,
                              const char          *label,
                              const GstStructure  *options,
                              GError             **error)
{
  GObject *transport;
  GstCallDataChannel *channel;

  g_return_val_if_fail (GST_IS_CALL (self), NULL);
  g_return_val_if_fail (label != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (self->state == GST_CALL_STATE_ENDED || self->state == GST_CALL_STATE_FAILED) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED,
                         _("The call has ended: it takes no new data channel"));
    return NULL;
  }
  if (self->transport == GST_CALL_TRANSPORT_KIND_RTP) {
    set_rtp_error (error);
    return NULL;
  }

  transport = self->session ? gst_call_session_get_transport (self->session) : NULL;
  if (GST_IS_PEER_CONNECTION (transport))
    return gst_peer_connection_create_data_channel (GST_PEER_CONNECTION (transport), label,
                                                    options, error);

  channel = gst_call_data_channel_new_local (label, options, error);
  if (!channel)
    return NULL;
  /* Those closed while waiting go. */
  for (guint i = self->data_channels ? self->data_channels->len : 0; i > 0; i--) {
    GstCallDataChannel *waiting = g_ptr_array_index (self->data_channels, i - 1);

    if (gst_call_data_channel_get_ready_state (waiting) != GST_CALL_DATA_CHANNEL_STATE_CONNECTING)
      g_ptr_array_remove_index (self->data_channels, i - 1);
  }
  if (!self->data_channels)
    self->data_channels = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (self->data_channels, g_object_ref (channel));
  return channel;
}
