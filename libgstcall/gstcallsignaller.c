/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcallsignaller.h"
#include "gstcall-enum-types.h"
#include "gstcall-private.h"

/**
 * GstCallSignaller:
 *
 * Carries offers, answers and ICE candidates between two peers.
 *
 * libgstcall does not care how: in the same process
 * ([class@CallLoopbackSignaller]), over a WebSocket, over HTTP. An
 * implementation sends with the `send_*` virtual methods and reports what it
 * received with the `emit_*` functions, which emit
 * [signal@CallSignaller::description-received],
 * [signal@CallSignaller::candidate-received],
 * [signal@CallSignaller::bye-received] and [signal@CallSignaller::closed].
 *
 * Since: 0.1
 */

G_DEFINE_INTERFACE (GstCallSignaller, gst_call_signaller, G_TYPE_OBJECT)

enum {
  SIGNAL_DESCRIPTION_RECEIVED,
  SIGNAL_CANDIDATE_RECEIVED,
  SIGNAL_BYE_RECEIVED,
  SIGNAL_CLOSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
gst_call_signaller_default_init (GstCallSignallerInterface *iface)
{
  gst_call_ensure_initialized ();

  /**
   * GstCallSignaller::description-received:
   * @self: the [iface@CallSignaller]
   * @type: offer, answer, ...
   * @sdp: the SDP text
   *
   * The peer sent an offer or an answer.
   *
   * Since: 0.1
   */
  signals[SIGNAL_DESCRIPTION_RECEIVED] =
      g_signal_new ("description-received", G_TYPE_FROM_INTERFACE (iface),
                    G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                    GST_TYPE_CALL_SDP_TYPE, G_TYPE_STRING);

  /**
   * GstCallSignaller::candidate-received:
   * @self: the [iface@CallSignaller]
   * @mline_index: the media section index of the candidate
   * @candidate: (nullable): the candidate, or %NULL at the end of candidates
   *
   * The peer sent an ICE candidate.
   *
   * Since: 0.1
   */
  signals[SIGNAL_CANDIDATE_RECEIVED] =
      g_signal_new ("candidate-received", G_TYPE_FROM_INTERFACE (iface),
                    G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                    G_TYPE_UINT, G_TYPE_STRING);

  /**
   * GstCallSignaller::bye-received:
   * @self: the [iface@CallSignaller]
   *
   * The peer ended the call.
   *
   * Since: 0.1
   */
  signals[SIGNAL_BYE_RECEIVED] =
      g_signal_new ("bye-received", G_TYPE_FROM_INTERFACE (iface),
                    G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * GstCallSignaller::closed:
   * @self: the [iface@CallSignaller]
   * @reason: (nullable): why the channel closed, %NULL for an orderly close
   *
   * The signaling channel is gone: nothing more will be sent or received.
   * A call that is already connected keeps its media flowing.
   *
   * Since: 0.1
   */
  signals[SIGNAL_CLOSED] =
      g_signal_new ("closed", G_TYPE_FROM_INTERFACE (iface),
                    G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                    G_TYPE_ERROR);
}

/**
 * gst_call_signaller_send_description:
 * @self: a [iface@CallSignaller]
 * @type: offer, answer, ...
 * @sdp: the SDP text
 *
 * Sends an offer or answer to the peer.
 *
 * Since: 0.1
 */
void
gst_call_signaller_send_description (GstCallSignaller *self,
                                     GstCallSdpType    type,
                                     const char       *sdp)
{
  g_return_if_fail (GST_IS_CALL_SIGNALLER (self));
  g_return_if_fail (sdp != NULL);

  GST_CALL_SIGNALLER_GET_IFACE (self)->send_description (self, type, sdp);
}

/**
 * gst_call_signaller_send_candidate:
 * @self: a [iface@CallSignaller]
 * @mline_index: the media section index of the candidate
 * @candidate: (nullable): the candidate, or %NULL at the end of candidates
 *
 * Sends a local ICE candidate to the peer.
 *
 * Since: 0.1
 */
void
gst_call_signaller_send_candidate (GstCallSignaller *self,
                                   guint             mline_index,
                                   const char       *candidate)
{
  g_return_if_fail (GST_IS_CALL_SIGNALLER (self));

  GST_CALL_SIGNALLER_GET_IFACE (self)->send_candidate (self, mline_index, candidate);
}

/**
 * gst_call_signaller_send_bye:
 * @self: a [iface@CallSignaller]
 *
 * Tells the peer the call is over.
 *
 * Since: 0.1
 */
void
gst_call_signaller_send_bye (GstCallSignaller *self)
{
  GstCallSignallerInterface *iface;

  g_return_if_fail (GST_IS_CALL_SIGNALLER (self));

  iface = GST_CALL_SIGNALLER_GET_IFACE (self);
  if (iface->send_bye)
    iface->send_bye (self);
}

/**
 * gst_call_signaller_emit_description:
 * @self: a [iface@CallSignaller]
 * @type: offer, answer, ...
 * @sdp: the SDP text
 *
 * For implementations: reports a description received from the peer.
 *
 * Since: 0.1
 */
void
gst_call_signaller_emit_description (GstCallSignaller *self,
                                     GstCallSdpType    type,
                                     const char       *sdp)
{
  g_return_if_fail (GST_IS_CALL_SIGNALLER (self));
  g_return_if_fail (sdp != NULL);

  g_signal_emit (self, signals[SIGNAL_DESCRIPTION_RECEIVED], 0, type, sdp);
}

/**
 * gst_call_signaller_emit_candidate:
 * @self: a [iface@CallSignaller]
 * @mline_index: the media section index of the candidate
 * @candidate: (nullable): the candidate, or %NULL at the end of candidates
 *
 * For implementations: reports an ICE candidate received from the peer.
 *
 * Since: 0.1
 */
void
gst_call_signaller_emit_candidate (GstCallSignaller *self,
                                   guint             mline_index,
                                   const char       *candidate)
{
  g_return_if_fail (GST_IS_CALL_SIGNALLER (self));

  g_signal_emit (self, signals[SIGNAL_CANDIDATE_RECEIVED], 0, mline_index,
                 candidate);
}

/**
 * gst_call_signaller_emit_bye:
 * @self: a [iface@CallSignaller]
 *
 * For implementations: reports that the peer ended the call.
 *
 * Since: 0.1
 */
void
gst_call_signaller_emit_bye (GstCallSignaller *self)
{
  g_return_if_fail (GST_IS_CALL_SIGNALLER (self));

  g_signal_emit (self, signals[SIGNAL_BYE_RECEIVED], 0);
}

/**
 * gst_call_signaller_emit_closed:
 * @self: a [iface@CallSignaller]
 * @reason: (nullable): why the channel closed, %NULL for an orderly close
 *
 * For implementations: reports that the signaling channel is gone.
 *
 * Since: 0.1
 */
void
gst_call_signaller_emit_closed (GstCallSignaller *self,
                                const GError     *reason)
{
  g_return_if_fail (GST_IS_CALL_SIGNALLER (self));

  g_signal_emit (self, signals[SIGNAL_CLOSED], 0, reason);
}
