/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcall-negotiator-private.h"
#include "gstcall-enum-types.h"
#include "gstcall-error.h"
#include "gstpeerconnection-private.h"
#include "gstcall-private.h"

#include <gst/webrtc/webrtc.h>

struct _GstCallNegotiator {
  GObject parent_instance;

  GstPeerConnection *pc;
  GstCallSignaller *signaller;
  GCancellable *cancellable;
  gboolean offerer;          /* made the first offer */
  gboolean negotiated_once;
  gboolean offer_in_progress;
  gboolean renegotiate;      /* negotiation was needed while busy */
  guint pending_generation;  /* local changes covered by the exchange in progress */
  guint negotiated_generation; /* ... and by the last completed one */

  char *offer;
  char *answer;
  guint candidates_sent;
  guint candidates_received;
  guint candidates_rejected;
  gboolean end_of_candidates_sent; /* for the current gathering */
};

G_DEFINE_FINAL_TYPE (GstCallNegotiator, gst_call_negotiator, G_TYPE_OBJECT)

enum {
  SIGNAL_NEGOTIATED,
  SIGNAL_FAILED,
  SIGNAL_BYE,
  SIGNAL_REMOTE_OFFER,
  SIGNAL_LOCAL_DESCRIPTION,
  SIGNAL_LOCAL_CANDIDATE,
  SIGNAL_CANDIDATE_REJECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* What goes to the peer: through the signaller, if there is one, and to
 * whoever listens. */
static void
send_description (GstCallNegotiator *self,
                  GstCallSdpType     type,
                  const char        *sdp)
{
  if (self->signaller)
    gst_call_signaller_send_description (self->signaller, type, sdp);
  g_signal_emit (self, signals[SIGNAL_LOCAL_DESCRIPTION], 0, type, sdp);
}

static void
send_candidate (GstCallNegotiator *self,
                guint              mline_index,
                const char        *candidate)
{
  if (self->signaller)
    gst_call_signaller_send_candidate (self->signaller, mline_index, candidate);
  g_signal_emit (self, signals[SIGNAL_LOCAL_CANDIDATE], 0, mline_index, candidate);
}

static void
fail (GstCallNegotiator *self,
      GError            *error)
{
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  GST_WARNING ("negotiation failed: %s", error->message);
  g_signal_emit (self, signals[SIGNAL_FAILED], 0, error);
}

static void
replace_string (char      **field,
                const char *value)
{
  g_free (*field);
  *field = g_strdup (value);
}

static gboolean
signaling_is_stable (GstCallNegotiator *self)
{
  GstWebRTCSignalingState state = GST_WEBRTC_SIGNALING_STATE_CLOSED;
  GstElement *webrtcbin = gst_peer_connection_get_webrtcbin (self->pc);

  /* webrtcbin's own state: the peer connection's copy is updated from an
   * idle callback and may lag behind. */
  if (webrtcbin)
    g_object_get (webrtcbin, "signaling-state", &state, NULL);
  return state == GST_WEBRTC_SIGNALING_STATE_STABLE;
}

/* Offers when negotiation is needed and possible: the side that did not
 * make the first offer waits for it; an exchange in progress is finished
 * first. */
static void
maybe_offer (GstCallNegotiator *self)
{
  if (!self->offerer && !self->negotiated_once) {
    GST_DEBUG ("negotiation needed: waiting for the peer's first offer");
    return;
  }
  if (self->offer_in_progress || !signaling_is_stable (self)) {
    GST_DEBUG ("negotiation needed: deferred until the exchange in progress completes");
    self->renegotiate = TRUE;
    return;
  }
  /* webrtcbin 1.22 asks again after exchanges that changed nothing (both
   * peers would offer back and forth): only local changes not yet in an
   * offer or answer are worth one. */
  if (self->negotiated_once &&
      gst_peer_connection_get_local_generation (self->pc) == self->negotiated_generation) {
    GST_DEBUG ("negotiation needed: nothing new to offer");
    return;
  }
  GST_DEBUG ("%p: negotiation needed: offering", self);
  self->renegotiate = FALSE;
  gst_call_negotiator_start (self);
}

static void
exchange_done (GstCallNegotiator *self)
{
  self->negotiated_once = TRUE;
  self->negotiated_generation = self->pending_generation;
  g_signal_emit (self, signals[SIGNAL_NEGOTIATED], 0);
  if (self->renegotiate)
    maybe_offer (self);
}

typedef struct {
  GstCallNegotiator *self;
  GstCallSdpType type;
  char *sdp;
} LocalDescription;

static void
local_description_free (LocalDescription *local)
{
  g_object_unref (local->self);
  g_free (local->sdp);
  g_free (local);
}

/* A description goes to the peer only once it is applied locally: the
 * peer's reply can then never arrive before we are ready for it. */
static void
on_local_description_set (GObject      *source,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  LocalDescription *local = user_data;
  GstCallNegotiator *self = local->self;
  g_autoptr (GError) error = NULL;

  if (!gst_peer_connection_set_local_description_finish (GST_PEER_CONNECTION (source),
                                                         result, &error)) {
    if (local->type == GST_CALL_SDP_TYPE_OFFER)
      self->offer_in_progress = FALSE;
    fail (self, error);
  } else {
    send_description (self, local->type, local->sdp);
    if (local->type == GST_CALL_SDP_TYPE_ANSWER)
      exchange_done (self);
  }
  local_description_free (local);
}

static void
apply_and_send (GstCallNegotiator *self,
                GstCallSdpType     type,
                char              *sdp)
{
  LocalDescription *local = g_new0 (LocalDescription, 1);

  local->self = g_object_ref (self);
  local->type = type;
  local->sdp = sdp;
  gst_peer_connection_set_local_description_async (self->pc, type, sdp,
                                                   self->cancellable,
                                                   on_local_description_set, local);
}

static void
on_offer_created (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr (GstCallNegotiator) self = user_data;
  g_autoptr (GError) error = NULL;
  char *sdp;

  sdp = gst_peer_connection_create_offer_finish (GST_PEER_CONNECTION (source),
                                                 result, &error);
  if (!sdp) {
    self->offer_in_progress = FALSE;
    fail (self, error);
    return;
  }
  replace_string (&self->offer, sdp);
  apply_and_send (self, GST_CALL_SDP_TYPE_OFFER, sdp);
}

static void
on_answer_created (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr (GstCallNegotiator) self = user_data;
  g_autoptr (GError) error = NULL;
  char *sdp;

  sdp = gst_peer_connection_create_answer_finish (GST_PEER_CONNECTION (source),
                                                  result, &error);
  if (!sdp) {
    fail (self, error);
    return;
  }
  replace_string (&self->answer, sdp);
  self->pending_generation = gst_peer_connection_get_local_generation (self->pc);
  apply_and_send (self, GST_CALL_SDP_TYPE_ANSWER, sdp);
}

static void
on_remote_offer_set (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr (GstCallNegotiator) self = user_data;
  g_autoptr (GError) error = NULL;

  if (!gst_peer_connection_set_remote_description_finish (GST_PEER_CONNECTION (source),
                                                          result, &error)) {
    fail (self, error);
    return;
  }
  gst_peer_connection_create_answer_async (self->pc, self->cancellable,
                                           on_answer_created, g_object_ref (self));
}

static void
on_remote_answer_set (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr (GstCallNegotiator) self = user_data;
  g_autoptr (GError) error = NULL;

  self->offer_in_progress = FALSE;
  if (!gst_peer_connection_set_remote_description_finish (GST_PEER_CONNECTION (source),
                                                          result, &error)) {
    fail (self, error);
    return;
  }

  exchange_done (self);
}

static void
on_description_received (GstCallSignaller  *signaller,
                         GstCallSdpType     type,
                         const char        *sdp,
                         GstCallNegotiator *self)
{
  gst_call_negotiator_receive_description (self, type, sdp);
}

static void
on_candidate_received (GstCallSignaller  *signaller,
                       guint              mline_index,
                       const char        *candidate,
                       GstCallNegotiator *self)
{
  gst_call_negotiator_receive_candidate (self, mline_index, candidate);
}

static void
on_bye_received (GstCallSignaller  *signaller,
                 GstCallNegotiator *self)
{
  g_signal_emit (self, signals[SIGNAL_BYE], 0);
}

static void
on_ice_candidate (GstPeerConnection *pc,
                  guint              mline_index,
                  const char        *candidate,
                  GstCallNegotiator *self)
{
  self->candidates_sent++;
  send_candidate (self, mline_index, candidate);
}

/* The end of candidates goes to the peer too: signallers that batch
 * candidates (WHIP) need it, the others pass it on. */
static void
on_gathering_state (GstPeerConnection *pc,
                    GParamSpec        *pspec,
                    GstCallNegotiator *self)
{
  GstCallIceGatheringState state = gst_peer_connection_get_ice_gathering_state (pc);

  if (state == GST_CALL_ICE_GATHERING_STATE_GATHERING) {
    self->end_of_candidates_sent = FALSE;
  } else if (state == GST_CALL_ICE_GATHERING_STATE_COMPLETE &&
             !self->end_of_candidates_sent) {
    self->end_of_candidates_sent = TRUE;
    send_candidate (self, 0, NULL);
  }
}

static void
on_negotiation_needed (GstPeerConnection *pc,
                       GstCallNegotiator *self)
{
  maybe_offer (self);
}

static void
gst_call_negotiator_dispose (GObject *object)
{
  GstCallNegotiator *self = GST_CALL_NEGOTIATOR (object);

  gst_call_negotiator_stop (self);
  g_clear_object (&self->pc);
  g_clear_object (&self->signaller);

  G_OBJECT_CLASS (gst_call_negotiator_parent_class)->dispose (object);
}

static void
gst_call_negotiator_finalize (GObject *object)
{
  GstCallNegotiator *self = GST_CALL_NEGOTIATOR (object);

  g_clear_object (&self->cancellable);
  g_free (self->offer);
  g_free (self->answer);

  G_OBJECT_CLASS (gst_call_negotiator_parent_class)->finalize (object);
}

static void
gst_call_negotiator_class_init (GstCallNegotiatorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gst_call_negotiator_dispose;
  object_class->finalize = gst_call_negotiator_finalize;

  signals[SIGNAL_NEGOTIATED] =
      g_signal_new ("negotiated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_FAILED] =
      g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  /* An offer from the peer, before it is applied: the answerer links its
   * send branches here, with the offer's payload types. */
  signals[SIGNAL_REMOTE_OFFER] =
      g_signal_new ("remote-offer", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SIGNAL_BYE] =
      g_signal_new ("bye", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_LOCAL_DESCRIPTION] =
      g_signal_new ("local-description", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 2, GST_TYPE_CALL_SDP_TYPE, G_TYPE_STRING);
  signals[SIGNAL_LOCAL_CANDIDATE] =
      g_signal_new ("local-candidate", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING);
  signals[SIGNAL_CANDIDATE_REJECTED] =
      g_signal_new ("candidate-rejected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
gst_call_negotiator_init (GstCallNegotiator *self)
{
  self->cancellable = g_cancellable_new ();
}

GstCallNegotiator *
gst_call_negotiator_new (GstPeerConnection *pc,
                         GstCallSignaller  *signaller,
                         gboolean           offerer)
{
  GstCallNegotiator *self;

  g_return_val_if_fail (GST_IS_PEER_CONNECTION (pc), NULL);
  g_return_val_if_fail (signaller == NULL || GST_IS_CALL_SIGNALLER (signaller), NULL);

  self = g_object_new (GST_TYPE_CALL_NEGOTIATOR, NULL);
  self->pc = g_object_ref (pc);
  self->signaller = signaller ? g_object_ref (signaller) : NULL;
  self->offerer = offerer;

  g_signal_connect_object (pc, "ice-candidate", G_CALLBACK (on_ice_candidate), self, 0);
  g_signal_connect_object (pc, "negotiation-needed",
                           G_CALLBACK (on_negotiation_needed), self, 0);
  g_signal_connect_object (pc, "notify::ice-gathering-state",
                           G_CALLBACK (on_gathering_state), self, 0);
  if (signaller) {
    g_signal_connect_object (signaller, "description-received",
                             G_CALLBACK (on_description_received), self, 0);
    g_signal_connect_object (signaller, "candidate-received",
                             G_CALLBACK (on_candidate_received), self, 0);
    g_signal_connect_object (signaller, "bye-received",
                             G_CALLBACK (on_bye_received), self, 0);
  }
  return self;
}

void
gst_call_negotiator_start (GstCallNegotiator *self)
{
  g_return_if_fail (GST_IS_CALL_NEGOTIATOR (self));
  g_return_if_fail (self->pc != NULL);

  self->offer_in_progress = TRUE;
  self->pending_generation = gst_peer_connection_get_local_generation (self->pc);
  gst_peer_connection_create_offer_async (self->pc, self->cancellable,
                                          on_offer_created, g_object_ref (self));
}

void
gst_call_negotiator_receive_description (GstCallNegotiator *self,
                                         GstCallSdpType     type,
                                         const char        *sdp)
{
  g_return_if_fail (GST_IS_CALL_NEGOTIATOR (self));
  g_return_if_fail (sdp != NULL);

  if (type == GST_CALL_SDP_TYPE_OFFER) {
    /* Glare: both sides offered. webrtcbin 1.22 cannot roll back, so the
     * side that made the first offer keeps its own and ignores the
     * peer's. */
    if (self->offerer && self->offer_in_progress) {
      GST_INFO ("ignoring the peer's offer: ours is pending");
      return;
    }
    replace_string (&self->offer, sdp);
    {
      gboolean cancelled;

      /* A handler may end the call, and drop the negotiator: that cancels
       * it (dispose), and nothing more is done then. */
      g_object_ref (self);
      g_signal_emit (self, signals[SIGNAL_REMOTE_OFFER], 0, sdp);
      cancelled = g_cancellable_is_cancelled (self->cancellable);
      g_object_unref (self);
      if (cancelled)
        return;
    }
  } else {
    replace_string (&self->answer, sdp);
  }

  gst_peer_connection_set_remote_description_async (self->pc, type, sdp,
                                                    self->cancellable,
                                                    type == GST_CALL_SDP_TYPE_OFFER
                                                        ? on_remote_offer_set
                                                        : on_remote_answer_set,
                                                    g_object_ref (self));
}

void
gst_call_negotiator_receive_candidate (GstCallNegotiator *self,
                                       guint              mline_index,
                                       const char        *candidate)
{
  g_autoptr (GError) error = NULL;

  g_return_if_fail (GST_IS_CALL_NEGOTIATOR (self));

  /* Counts candidates, not the end-of-candidates marker. */
  if (candidate && *candidate)
    self->candidates_received++;
  if (gst_peer_connection_add_ice_candidate (self->pc, mline_index, candidate, &error))
    return;
  if (!g_error_matches (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT)) {
    /* Closed: the call is ending, the candidate does not matter. */
    GST_DEBUG ("ICE candidate not added: %s", error->message);
    return;
  }
  /* As a W3C peer connection does: the bad candidate is refused on its own
   * (addIceCandidate rejects) and ICE goes on with the others. The error
   * quotes the candidate: not for warnings, which people share. */
  self->candidates_rejected++;
  GST_WARNING ("the peer sent a malformed ICE candidate (%u so far): ignored",
               self->candidates_rejected);
  GST_INFO ("%s", error->message);
  g_signal_emit (self, signals[SIGNAL_CANDIDATE_REJECTED], 0, error);
}

const char *
gst_call_negotiator_get_offer (GstCallNegotiator *self)
{
  return self->offer;
}

const char *
gst_call_negotiator_get_answer (GstCallNegotiator *self)
{
  return self->answer;
}

guint
gst_call_negotiator_get_candidates_sent (GstCallNegotiator *self)
{
  return self->candidates_sent;
}

guint
gst_call_negotiator_get_candidates_received (GstCallNegotiator *self)
{
  return self->candidates_received;
}

guint
gst_call_negotiator_get_candidates_rejected (GstCallNegotiator *self)
{
  return self->candidates_rejected;
}

void
gst_call_negotiator_stop (GstCallNegotiator *self)
{
  g_return_if_fail (GST_IS_CALL_NEGOTIATOR (self));

  g_cancellable_cancel (self->cancellable);
  if (self->pc)
    g_signal_handlers_disconnect_by_data (self->pc, self);
  if (self->signaller)
    g_signal_handlers_disconnect_by_data (self->signaller, self);
}
