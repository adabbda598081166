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
#include "gstcall-error.h"
#include "gstcall-media-private.h"
#include "gstcall-plugins-private.h"
#include "gstcall-private.h"
#include "gstcall-receive-private.h"
#include "gstcall-sdp-private.h"
#include "gstcall-stats-collector-private.h"
#include "gstcalltrack-private.h"

/* GstPeerConnection's offers and answers, local and remote descriptions
 * and ICE candidates: webrtcbin's promises as GTasks. */

/* ------------------------------------------------------------------------ */
/* Offer / answer                                                            */

typedef enum {
  OPERATION_CREATE_OFFER,
  OPERATION_CREATE_ANSWER,
  OPERATION_SET_LOCAL,
  OPERATION_SET_REMOTE,
} OperationKind;

typedef struct {
  OperationKind kind;
  GMutex lock;
  GstPromise *promise; /* borrowed, protected by lock: NULL once settled */
  gulong cancel_id;
  GCancellable *cancellable;
  gboolean returned;
} Operation;

static void
operation_free (gpointer data)
{
  Operation *operation = data;

  if (operation->cancel_id)
    g_cancellable_disconnect (operation->cancellable, operation->cancel_id);
  g_clear_object (&operation->cancellable);
  g_mutex_clear (&operation->lock);
  g_free (operation);
}

static void
operation_forget_promise (Operation *operation)
{
  g_mutex_lock (&operation->lock);
  operation->promise = NULL;
  g_mutex_unlock (&operation->lock);
}

static const char *
operation_name (OperationKind kind)
{
  switch (kind) {
    case OPERATION_CREATE_OFFER:
      return "create-offer";
    case OPERATION_CREATE_ANSWER:
      return "create-answer";
    case OPERATION_SET_LOCAL:
      return "set-local-description";
    case OPERATION_SET_REMOTE:
    default:
      return "set-remote-description";
  }
}

/* webrtcbin's thread (or the cancelling thread, for an interrupt): the GTask
 * delivers the result on the context the operation was started from. */
static void
on_promise_changed (GstPromise *promise,
                    gpointer    user_data)
{
  GTask *task = user_data;
  Operation *operation = g_task_get_task_data (task);
  const GstStructure *reply;
  g_autoptr (GError) reply_error = NULL;
  GstPromiseResult result = gst_promise_wait (promise);

  operation_forget_promise (operation);
  if (operation->returned)
    return;
  operation->returned = TRUE;

  if (result == GST_PROMISE_RESULT_INTERRUPTED) {
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                             _("The operation was cancelled"));
    return;
  }
  if (result != GST_PROMISE_RESULT_REPLIED) {
    g_task_return_new_error (task, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED,
                             _("The peer connection closed before %s completed"),
                             operation_name (operation->kind));
    return;
  }

  reply = gst_promise_get_reply (promise);
  if (reply && gst_structure_has_field (reply, "error"))
    gst_structure_get (reply, "error", G_TYPE_ERROR, &reply_error, NULL);

  if (reply_error) {
    GstCallError code = GST_CALL_ERROR_NEGOTIATION;

    if (g_error_matches (reply_error, GST_WEBRTC_ERROR,
                         GST_WEBRTC_ERROR_INVALID_STATE))
      code = GST_CALL_ERROR_INVALID_STATE;
    g_task_return_new_error (task, GST_CALL_ERROR, code, "%s: %s",
                             operation_name (operation->kind),
                             reply_error->message);
    return;
  }

  switch (operation->kind) {
    case OPERATION_CREATE_OFFER:
    case OPERATION_CREATE_ANSWER: {
      GstWebRTCSessionDescription *description = NULL;
      const char *field = operation->kind == OPERATION_CREATE_OFFER ? "offer" : "answer";

      if (reply)
        gst_structure_get (reply, field, GST_TYPE_WEBRTC_SESSION_DESCRIPTION,
                           &description, NULL);
      if (!description) {
        g_task_return_new_error (task, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                                 _("webrtcbin gave no %s"), field);
        return;
      }
      g_task_return_pointer (task, gst_sdp_message_as_text (description->sdp),
                             g_free);
      gst_webrtc_session_description_free (description);
      break;
    }
    case OPERATION_SET_LOCAL:
    case OPERATION_SET_REMOTE:
    default:
      g_task_return_boolean (task, TRUE);
      break;
  }
}

/* The promise's last reference is gone: the task's reference with it. */
static void
on_promise_dropped (gpointer user_data)
{
  GTask *task = user_data;
  Operation *operation = g_task_get_task_data (task);

  operation_forget_promise (operation);
  /* webrtcbin let go of a promise without replying (it was shut down). */
  if (!operation->returned) {
    operation->returned = TRUE;
    g_task_return_new_error (task, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED,
                             _("The peer connection closed before %s completed"),
                             operation_name (operation->kind));
  }
  g_object_unref (task);
}

static void
on_operation_cancelled (GCancellable *cancellable,
                        gpointer      user_data)
{
  Operation *operation = user_data;
  GstPromise *promise;

  g_mutex_lock (&operation->lock);
  promise = operation->promise ? gst_promise_ref (operation->promise) : NULL;
  g_mutex_unlock (&operation->lock);

  if (promise) {
    gst_promise_interrupt (promise);
    gst_promise_unref (promise);
  }
}

/* Returns the promise to hand to webrtcbin (transfer full). The promise owns
 * a reference to the task until it is freed; nothing else references the
 * promise, so there is no cycle. */
static GstPromise *
start_operation (GstPeerConnection   *self,
                 OperationKind        kind,
                 gpointer             source_tag,
                 GCancellable        *cancellable,
                 GAsyncReadyCallback  callback,
                 gpointer             user_data)
{
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  Operation *operation = g_new0 (Operation, 1);
  GstPromise *promise;

  g_task_set_source_tag (task, source_tag);
  g_task_set_name (task, operation_name (kind));
  operation->kind = kind;
  g_mutex_init (&operation->lock);
  g_task_set_task_data (task, operation, operation_free);

  promise = gst_promise_new_with_change_func (on_promise_changed,
                                              g_object_ref (task),
                                              on_promise_dropped);
  operation->promise = promise;
  if (cancellable) {
    operation->cancellable = g_object_ref (cancellable);
    operation->cancel_id = g_cancellable_connect (cancellable,
                                                  G_CALLBACK (on_operation_cancelled),
                                                  operation, NULL);
  }

  return promise;
}

/* Returns the task already failed if @self cannot run operations. */
static gboolean
fail_if_unusable (GstPeerConnection   *self,
                  gpointer             source_tag,
                  GAsyncReadyCallback  callback,
                  gpointer             user_data)
{
  GError *error = NULL;

  if (gst_peer_connection_check_usable (self, &error))
    return FALSE;
  g_task_report_error (self, callback, user_data, source_tag, error);
  return TRUE;
}

/* webrtcbin 1.22 writes a track's a=ssrc lines only once the payloader's
 * caps, which carry the SSRC, reached its sink pad. Our offers have no MID
 * header extension, so servers that route RTP by SSRC (werift, ...) cannot
 * place media of a section without them, and an offer asked for right
 * after adding tracks races with their first caps. Offers wait for the
 * caps of every open track, OFFER_CAPS_TIMEOUT_MS at most: a source that
 * produces nothing must not hold the call. */
#define OFFER_CAPS_TIMEOUT_MS 2000
#define OFFER_CAPS_POLL_MS 5

static gboolean
local_caps_known (GstPeerConnection *self)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->local_branches);
  while (g_hash_table_iter_next (&iter, NULL, &value)) {
    GstPeerConnectionLocalBranch *branch = value;
    gboolean closed = FALSE;

    /* A disabled track sends nothing, caps included. */
    g_object_get (branch->valve, "drop", &closed, NULL);
    if (!closed && !gst_pad_has_current_caps (branch->webrtc_sink))
      return FALSE;
  }
  return TRUE;
}

typedef struct {
  GstPeerConnection *self;
  OperationKind kind;
  gpointer source_tag;
  GCancellable *cancellable;
  GAsyncReadyCallback callback;
  gpointer user_data;
  gint64 deadline;
} PendingDescription;

static void create_description_now (GstPeerConnection   *self,
                                    OperationKind        kind,
                                    gpointer             source_tag,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data);

static gboolean
on_offer_caps_poll (gpointer data)
{
  PendingDescription *pending = data;

  if (!pending->self->closed && !local_caps_known (pending->self) &&
      g_get_monotonic_time () < pending->deadline &&
      !g_cancellable_is_cancelled (pending->cancellable))
    return G_SOURCE_CONTINUE;
  if (!local_caps_known (pending->self))
    GST_INFO ("peer connection %p: offering before every track has caps: the "
              "offer may not name their SSRCs", pending->self);
  create_description_now (pending->self, pending->kind, pending->source_tag,
                          pending->cancellable, pending->callback, pending->user_data);
  return G_SOURCE_REMOVE;
}

static void
pending_description_free (gpointer data)
{
  PendingDescription *pending = data;

  g_object_unref (pending->self);
  g_clear_object (&pending->cancellable);
  g_free (pending);
}

static void
create_description_async (GstPeerConnection   *self,
                          OperationKind        kind,
                          gpointer             source_tag,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  PendingDescription *pending;
  GSource *poll;

  if (kind != OPERATION_CREATE_OFFER || self->closed || local_caps_known (self)) {
    create_description_now (self, kind, source_tag, cancellable, callback, user_data);
    return;
  }
  pending = g_new0 (PendingDescription, 1);
  pending->self = g_object_ref (self);
  pending->kind = kind;
  pending->source_tag = source_tag;
  pending->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  pending->callback = callback;
  pending->user_data = user_data;
  pending->deadline = g_get_monotonic_time () + OFFER_CAPS_TIMEOUT_MS * G_TIME_SPAN_MILLISECOND;
  poll = g_timeout_source_new (OFFER_CAPS_POLL_MS);
  g_source_set_callback (poll, on_offer_caps_poll, pending, pending_description_free);
  g_source_attach (poll, gst_call_context_proxy_get_context (self->shared->proxy));
  g_source_unref (poll);
}

static void
create_description_now (GstPeerConnection   *self,
                        OperationKind        kind,
                        gpointer             source_tag,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  GstPromise *promise;

  if (fail_if_unusable (self, source_tag, callback, user_data))
    return;

  gst_peer_connection_enable_video_nack (self);
  promise = start_operation (self, kind, source_tag, cancellable, callback,
                             user_data);
  g_signal_emit_by_name (self->shared->webrtcbin,
                         kind == OPERATION_CREATE_OFFER ? "create-offer"
                                                        : "create-answer",
                         NULL, promise);
  gst_promise_unref (promise);
}

static char *
create_description_finish (GstPeerConnection *self,
                           GAsyncResult      *result,
                           gpointer           source_tag,
                           char             **last,
                           GError           **error)
{
  char *sdp;

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, NULL);

  sdp = g_task_propagate_pointer (G_TASK (result), error);
  if (sdp) {
    gboolean answer = source_tag == gst_peer_connection_create_answer_async;
    g_autoptr (GstSDPMessage) message = NULL;
    g_autoptr (GstWebRTCSessionDescription) remote = NULL;

    /* webrtcbin 1.22 offers and answers only the formats the send
     * branch's caps name: telephone-event (DTMF), which the branch sends
     * too, is written in here; and it answers a receive-only section
     * without the transport-wide-cc extension its feedback needs. */
    if (answer)
      g_object_get (self->shared->webrtcbin, "remote-description", &remote, NULL);
    if ((!answer || (remote && remote->sdp)) &&
        gst_sdp_message_new_from_text (sdp, &message) == GST_SDP_OK) {
      gboolean changed = gst_call_dtmf_complete_description (message,
                                                             answer ? remote->sdp : NULL);

      if (answer)
        changed |= gst_call_sdp_complete_twcc_answer (message, remote->sdp);
      if (changed) {
        g_free (sdp);
        sdp = gst_sdp_message_as_text (message);
      }
    }
    g_free (*last);
    *last = g_strdup (sdp);
  }
  return sdp;
}

/**
 * gst_peer_connection_create_offer_async:
 * @self: a [class@PeerConnection]
 * @cancellable: (nullable): a [class@Gio.Cancellable]
 * @callback: (scope async): called with the offer
 * @user_data: data for @callback
 *
 * Creates an SDP offer for the current tracks and transceivers. Finish with
 * [method@PeerConnection.create_offer_finish], then apply it with
 * [method@PeerConnection.set_local_description_async].
 *
 * Since: 0.1
 */
void
gst_peer_connection_create_offer_async (GstPeerConnection   *self,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data)
{
  g_return_if_fail (GST_IS_PEER_CONNECTION (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  create_description_async (self, OPERATION_CREATE_OFFER,
                            gst_peer_connection_create_offer_async,
                            cancellable, callback, user_data);
}

/**
 * gst_peer_connection_create_offer_finish:
 * @self: a [class@PeerConnection]
 * @result: the [iface@Gio.AsyncResult]
 * @error: return location for a #GError
 *
 * Finishes [method@PeerConnection.create_offer_async].
 *
 * Returns: (transfer full): the offer as SDP text, or %NULL with @error set
 *
 * Since: 0.1
 */
char *
gst_peer_connection_create_offer_finish (GstPeerConnection  *self,
                                         GAsyncResult       *result,
                                         GError            **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);

  return create_description_finish (self, result,
                                    gst_peer_connection_create_offer_async,
                                    &self->last_offer, error);
}

/**
 * gst_peer_connection_create_answer_async:
 * @self: a [class@PeerConnection]
 * @cancellable: (nullable): a [class@Gio.Cancellable]
 * @callback: (scope async): called with the answer
 * @user_data: data for @callback
 *
 * Creates an SDP answer to the remote offer applied with
 * [method@PeerConnection.set_remote_description_async]. Finish with
 * [method@PeerConnection.create_answer_finish].
 *
 * Since: 0.1
 */
void
gst_peer_connection_create_answer_async (GstPeerConnection   *self,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data)
{
  GstWebRTCSignalingState state = GST_WEBRTC_SIGNALING_STATE_STABLE;

  g_return_if_fail (GST_IS_PEER_CONNECTION (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  if (fail_if_unusable (self, gst_peer_connection_create_answer_async,
                        callback, user_data))
    return;

  g_object_get (self->shared->webrtcbin, "signaling-state", &state, NULL);
  if (state != GST_WEBRTC_SIGNALING_STATE_HAVE_REMOTE_OFFER &&
      state != GST_WEBRTC_SIGNALING_STATE_HAVE_LOCAL_PRANSWER) {
    g_task_report_new_error (self, callback, user_data,
                             gst_peer_connection_create_answer_async,
                             GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                             _("Cannot create an answer in signaling state "
                               "“%s”: no remote offer was applied"),
                             gst_peer_connection_signaling_state_name (state));
    return;
  }

  create_description_async (self, OPERATION_CREATE_ANSWER,
                            gst_peer_connection_create_answer_async,
                            cancellable, callback, user_data);
}

/**
 * gst_peer_connection_create_answer_finish:
 * @self: a [class@PeerConnection]
 * @result: the [iface@Gio.AsyncResult]
 * @error: return location for a #GError
 *
 * Finishes [method@PeerConnection.create_answer_async].
 *
 * Returns: (transfer full): the answer as SDP text, or %NULL with @error set
 *
 * Since: 0.1
 */
char *
gst_peer_connection_create_answer_finish (GstPeerConnection  *self,
                                          GAsyncResult       *result,
                                          GError            **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);

  return create_description_finish (self, result,
                                    gst_peer_connection_create_answer_async,
                                    &self->last_answer, error);
}

static void
set_description_async (GstPeerConnection   *self,
                       gboolean             remote,
                       GstCallSdpType       type,
                       const char          *sdp,
                       gpointer             source_tag,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr (GstSDPMessage) message = NULL;
  GstWebRTCSessionDescription *description;
  GstWebRTCSignalingState state = GST_WEBRTC_SIGNALING_STATE_STABLE;
  GstPromise *promise;
  GError *error = NULL;

  if (fail_if_unusable (self, source_tag, callback, user_data))
    return;

  if (!remote && !sdp) {
    sdp = type == GST_CALL_SDP_TYPE_OFFER ? self->last_offer
        : (type == GST_CALL_SDP_TYPE_ANSWER || type == GST_CALL_SDP_TYPE_PRANSWER)
        ? self->last_answer : NULL;
    if (!sdp) {
      g_task_report_new_error (self, callback, user_data, source_tag,
                               GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                               _("No local %s was created to apply"),
                               gst_call_sdp_type_to_string (type));
      return;
    }
  }

  if (type == GST_CALL_SDP_TYPE_ROLLBACK) {
    g_task_report_new_error (self, callback, user_data, source_tag,
                             GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                             _("Rollback is not supported by webrtcbin 1.22"));
    return;
  }

  message = gst_call_sdp_parse_webrtc (sdp, &error);
  if (!message) {
    g_prefix_error (&error, remote ? _("Invalid remote %s: ") : _("Invalid local %s: "),
                    gst_call_sdp_type_to_string (type));
    g_task_report_error (self, callback, user_data, source_tag, error);
    return;
  }

  /* Check the state here for a precise error; webrtcbin checks again. */
  g_object_get (self->shared->webrtcbin, "signaling-state", &state, NULL);
  if (type == GST_CALL_SDP_TYPE_ANSWER || type == GST_CALL_SDP_TYPE_PRANSWER) {
    GstWebRTCSignalingState expected = remote
        ? GST_WEBRTC_SIGNALING_STATE_HAVE_LOCAL_OFFER
        : GST_WEBRTC_SIGNALING_STATE_HAVE_REMOTE_OFFER;
    GstWebRTCSignalingState expected_pranswer = remote
        ? GST_WEBRTC_SIGNALING_STATE_HAVE_REMOTE_PRANSWER
        : GST_WEBRTC_SIGNALING_STATE_HAVE_LOCAL_PRANSWER;

    if (state != expected && state != expected_pranswer) {
      g_task_report_new_error (self, callback, user_data, source_tag,
                               GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                               remote ? _("Cannot apply a remote %s in signaling "
                                          "state “%s”: no local offer is pending")
                                      : _("Cannot apply a local %s in signaling "
                                          "state “%s”: no remote offer is pending"),
                               gst_call_sdp_type_to_string (type),
                               gst_peer_connection_signaling_state_name (state));
      return;
    }
  } else if (type == GST_CALL_SDP_TYPE_OFFER) {
    GstWebRTCSignalingState conflicting = remote
        ? GST_WEBRTC_SIGNALING_STATE_HAVE_LOCAL_OFFER
        : GST_WEBRTC_SIGNALING_STATE_HAVE_REMOTE_OFFER;

    if (state == conflicting) {
      g_task_report_new_error (self, callback, user_data, source_tag,
                               GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                               remote ? _("Cannot apply a remote offer in signaling "
                                          "state “%s”: a local offer is pending")
                                      : _("Cannot apply a local offer in signaling "
                                          "state “%s”: a remote offer is pending"),
                               gst_peer_connection_signaling_state_name (state));
      return;
    }
  }

  if (remote) {
    if (gst_call_sdp_normalise_bundle_ice (message))
      GST_INFO ("remote %s: the sections of its BUNDLE group had their own ICE "
                "credentials; using the first section's for all",
                gst_call_sdp_type_to_string (type));
    gst_peer_connection_remember_remote_sections (self->shared, message);
    gst_call_dtls_guard_set_remote_description (self->shared->dtls_guard, message);
    gst_peer_connection_expect_congestion_feedback (self->shared, message);
  }

  promise = start_operation (self, remote ? OPERATION_SET_REMOTE : OPERATION_SET_LOCAL,
                             source_tag, cancellable, callback, user_data);
  description = gst_webrtc_session_description_new (gst_call_sdp_type_to_webrtc (type),
                                                    g_steal_pointer (&message));
  g_signal_emit_by_name (self->shared->webrtcbin,
                         remote ? "set-remote-description" : "set-local-description",
                         description, promise);
  gst_webrtc_session_description_free (description);
  gst_promise_unref (promise);
}

/**
 * gst_peer_connection_set_local_description_async:
 * @self: a [class@PeerConnection]
 * @type: the type of @sdp
 * @sdp: (nullable): the SDP text, or %NULL for the offer or answer last
 *   created by @self
 * @cancellable: (nullable): a [class@Gio.Cancellable]
 * @callback: (scope async) (nullable): called once the description is applied
 * @user_data: data for @callback
 *
 * Applies a local description, which starts ICE gathering. Finish with
 * [method@PeerConnection.set_local_description_finish].
 *
 * Since: 0.1
 */
void
gst_peer_connection_set_local_description_async (GstPeerConnection   *self,
                                                 GstCallSdpType       type,
                                                 const char          *sdp,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data)
{
  g_return_if_fail (GST_IS_PEER_CONNECTION (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  set_description_async (self, FALSE, type, sdp,
                         gst_peer_connection_set_local_description_async,
                         cancellable, callback, user_data);
}

/**
 * gst_peer_connection_set_local_description_finish:
 * @self: a [class@PeerConnection]
 * @result: the [iface@Gio.AsyncResult]
 * @error: return location for a #GError
 *
 * Finishes [method@PeerConnection.set_local_description_async].
 *
 * Returns: %TRUE if the description was applied
 *
 * Since: 0.1
 */
gboolean
gst_peer_connection_set_local_description_finish (GstPeerConnection  *self,
                                                  GAsyncResult       *result,
                                                  GError            **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        gst_peer_connection_set_local_description_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * gst_peer_connection_set_remote_description_async:
 * @self: a [class@PeerConnection]
 * @type: the type of @sdp
 * @sdp: the SDP text received from the peer
 * @cancellable: (nullable): a [class@Gio.Cancellable]
 * @callback: (scope async) (nullable): called once the description is applied
 * @user_data: data for @callback
 *
 * Applies the peer's description. Malformed SDP (no `v=0`, no media
 * sections, no ICE credentials or fingerprint) and a description that does
 * not fit the signaling state fail with a precise error. Finish with
 * [method@PeerConnection.set_remote_description_finish].
 *
 * Since: 0.1
 */
void
gst_peer_connection_set_remote_description_async (GstPeerConnection   *self,
                                                  GstCallSdpType       type,
                                                  const char          *sdp,
                                                  GCancellable        *cancellable,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data)
{
  g_return_if_fail (GST_IS_PEER_CONNECTION (self));
  g_return_if_fail (sdp != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  set_description_async (self, TRUE, type, sdp,
                         gst_peer_connection_set_remote_description_async,
                         cancellable, callback, user_data);
}

/**
 * gst_peer_connection_set_remote_description_finish:
 * @self: a [class@PeerConnection]
 * @result: the [iface@Gio.AsyncResult]
 * @error: return location for a #GError
 *
 * Finishes [method@PeerConnection.set_remote_description_async].
 *
 * Returns: %TRUE if the description was applied
 *
 * Since: 0.1
 */
gboolean
gst_peer_connection_set_remote_description_finish (GstPeerConnection  *self,
                                                   GAsyncResult       *result,
                                                   GError            **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        gst_peer_connection_set_remote_description_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static char *
get_description_text (GstPeerConnection *self,
                      const char        *property)
{
  GstWebRTCSessionDescription *description = NULL;
  char *text;

  if (!self->shared->pipeline)
    return NULL;
  g_object_get (self->shared->webrtcbin, property, &description, NULL);
  if (!description)
    return NULL;
  text = gst_sdp_message_as_text (description->sdp);
  gst_webrtc_session_description_free (description);
  return text;
}

/**
 * gst_peer_connection_get_local_description:
 * @self: a [class@PeerConnection]
 *
 * Gets the applied local description, including the candidates gathered so
 * far (the pending one while an exchange is in progress).
 *
 * Returns: (transfer full) (nullable): the SDP text
 *
 * Since: 0.1
 */
char *
gst_peer_connection_get_local_description (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);

  return get_description_text (self, "local-description");
}

/**
 * gst_peer_connection_get_remote_description:
 * @self: a [class@PeerConnection]
 *
 * Gets the applied remote description.
 *
 * Returns: (transfer full) (nullable): the applied remote description as
 *   SDP text
 *
 * Since: 0.1
 */
char *
gst_peer_connection_get_remote_description (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);

  return get_description_text (self, "remote-description");
}

/**
 * gst_peer_connection_add_ice_candidate:
 * @self: a [class@PeerConnection]
 * @mline_index: the media section index the peer gave with the candidate
 * @candidate: (nullable): the candidate (`candidate:...`, with or without a
 *   leading `a=`), or %NULL or an empty string for the end of candidates
 * @error: return location for a #GError
 *
 * Adds a remote ICE candidate received from the peer. Candidates may arrive
 * before the remote description; they are kept until it is applied.
 *
 * Returns: %TRUE if the candidate was accepted
 *
 * Since: 0.1
 */
gboolean
gst_peer_connection_add_ice_candidate (GstPeerConnection *self,
                                       guint              mline_index,
                                       const char        *candidate,
                                       GError           **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!gst_peer_connection_check_usable (self, error))
    return FALSE;

  /* libnice needs no end-of-candidates marker. */
  if (!candidate || !*candidate)
    return TRUE;

  if (g_str_has_prefix (candidate, "a="))
    candidate += 2;

  if (!gst_call_sdp_check_candidate (candidate, mline_index, error))
    return FALSE;

  g_signal_emit_by_name (self->shared->webrtcbin, "add-ice-candidate",
                         mline_index, candidate);
  return TRUE;
}

/**
 * gst_peer_connection_close:
 * @self: a [class@PeerConnection]
 *
 * Stops all media and shuts the connection down. Pending operations fail
 * with %GST_CALL_ERROR_CLOSED; no signal is emitted afterwards except the
 * notifications of the closed states. Safe to call more than once, and from
 * a signal handler of @self.
 *
 * Since: 0.1
 */
void
gst_peer_connection_close (GstPeerConnection *self)
{
  GstPeerConnectionShared *shared;

  g_return_if_fail (GST_IS_PEER_CONNECTION (self));

  shared = self->shared;
  if (self->closed || !shared->pipeline)
    return;

  gst_peer_connection_release_turn_allocations (self);
  /* Joins webrtcbin's and the streaming threads: nothing runs after this. */
  gst_element_set_state (shared->pipeline, GST_STATE_NULL);
  gst_peer_connection_shutdown_data_channels (self);
  if (self->bus_source) {
    g_source_destroy (self->bus_source);
    g_clear_pointer (&self->bus_source, g_source_unref);
  }

  g_object_freeze_notify (G_OBJECT (self));
  if (self->signaling_state != GST_CALL_SIGNALING_STATE_CLOSED) {
    self->signaling_state = GST_CALL_SIGNALING_STATE_CLOSED;
    g_object_notify_by_pspec (G_OBJECT (self), gst_peer_connection_props[PROP_SIGNALING_STATE]);
  }
  if (self->ice_connection_state != GST_CALL_ICE_CONNECTION_STATE_CLOSED) {
    self->ice_connection_state = GST_CALL_ICE_CONNECTION_STATE_CLOSED;
    g_object_notify_by_pspec (G_OBJECT (self), gst_peer_connection_props[PROP_ICE_CONNECTION_STATE]);
  }
  if (self->connection_state != GST_CALL_PEER_CONNECTION_STATE_CLOSED) {
    self->connection_state = GST_CALL_PEER_CONNECTION_STATE_CLOSED;
    g_object_notify_by_pspec (G_OBJECT (self), gst_peer_connection_props[PROP_CONNECTION_STATE]);
  }
  self->closed = TRUE;
  g_object_thaw_notify (G_OBJECT (self));
}
