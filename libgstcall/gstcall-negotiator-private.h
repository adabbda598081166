/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "gstpeerconnection.h"
#include "gstcallsignaller.h"

G_BEGIN_DECLS

/* GstCallNegotiator: runs the offer/answer exchange and trickle ICE of a
 * peer connection over a signaller.
 *
 * The offerer makes the first offer; afterwards either side offers when
 * its peer connection needs negotiation (a track added mid-call), and
 * answers every remote offer. Candidates go both ways as they come. Signals:
 *   "negotiated" ()          an offer/answer exchange completed
 *   "failed"     (GError *)  a step failed; the exchange stopped
 *   "bye"        ()          the peer hung up through the signaller
 *   "remote-offer" (const char *)  the peer's offer, before it is answered
 *   "local-description" (GstCallSdpType, const char *)  sent to the peer
 *   "local-candidate" (guint, const char *)  sent to the peer (NULL: the end)
 *   "candidate-rejected" (GError *)  a malformed candidate from the peer was
 *                                    refused; negotiation and ICE go on
 * Without a signaller (NULL), the descriptions and candidates to send are
 * only emitted, and the caller passes on what the peer sends. */
#define GST_TYPE_CALL_NEGOTIATOR (gst_call_negotiator_get_type ())
G_DECLARE_FINAL_TYPE (GstCallNegotiator, gst_call_negotiator, GST, CALL_NEGOTIATOR, GObject)

GstCallNegotiator *gst_call_negotiator_new (GstPeerConnection *pc,
                                            GstCallSignaller  *signaller,
                                            gboolean           offerer);

/* Offerer: creates and sends an offer now (it also does so on
 * negotiation-needed). */
void               gst_call_negotiator_start (GstCallNegotiator *self);

/* What the signaller delivered; the negotiator's own signaller handlers
 * call these, and a caller can replay messages that arrived earlier. */
void               gst_call_negotiator_receive_description (GstCallNegotiator *self,
                                                            GstCallSdpType     type,
                                                            const char        *sdp);
void               gst_call_negotiator_receive_candidate   (GstCallNegotiator *self,
                                                            guint              mline_index,
                                                            const char        *candidate);

/* The last offer and answer exchanged (sent or received). */
const char        *gst_call_negotiator_get_offer  (GstCallNegotiator *self);
const char        *gst_call_negotiator_get_answer (GstCallNegotiator *self);
guint              gst_call_negotiator_get_candidates_sent     (GstCallNegotiator *self);
guint              gst_call_negotiator_get_candidates_received (GstCallNegotiator *self);
/* Of those, the malformed ones that were refused. */
guint              gst_call_negotiator_get_candidates_rejected (GstCallNegotiator *self);

/* Stops reacting to the peer connection and the signaller. */
void               gst_call_negotiator_stop (GstCallNegotiator *self);

G_END_DECLS
