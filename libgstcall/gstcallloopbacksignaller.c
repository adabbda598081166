/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcallloopbacksignaller.h"
#include "gstcall-error.h"
#include "gstcall-private.h"

/**
 * GstCallLoopbackSignaller:
 *
 * A [iface@CallSignaller] connecting two peers in the same process, for
 * tests, demos and benchmarks.
 *
 * Create both ends with [func@CallLoopbackSignaller.new_pair]. What one end
 * sends is received by the other from an idle callback on the main context
 * that was thread-default when the pair was created, as a network would
 * deliver it: never from inside the sending call.
 *
 * Since: 0.1
 */

struct _GstCallLoopbackSignaller {
  GObject parent_instance;

  GstCallContextProxy *proxy;
  GWeakRef peer;
  guint messages_sent;
};

static void gst_call_loopback_signaller_iface_init (GstCallSignallerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GstCallLoopbackSignaller, gst_call_loopback_signaller,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GST_TYPE_CALL_SIGNALLER,
                                                      gst_call_loopback_signaller_iface_init))

typedef enum {
  MESSAGE_DESCRIPTION,
  MESSAGE_CANDIDATE,
  MESSAGE_BYE,
  MESSAGE_CLOSED,
} MessageKind;

typedef struct {
  MessageKind kind;
  GstCallSdpType type;
  guint mline_index;
  char *text;
} Message;

static void
message_free (gpointer data)
{
  Message *message = data;

  g_free (message->text);
  g_free (message);
}

static void
deliver (gpointer object,
         gpointer data)
{
  GstCallSignaller *receiver = object;
  Message *message = data;

  switch (message->kind) {
    case MESSAGE_DESCRIPTION:
      gst_call_signaller_emit_description (receiver, message->type, message->text);
      break;
    case MESSAGE_CANDIDATE:
      gst_call_signaller_emit_candidate (receiver, message->mline_index,
                                         message->text);
      break;
    case MESSAGE_BYE:
      gst_call_signaller_emit_bye (receiver);
      break;
    case MESSAGE_CLOSED: {
      g_autoptr (GError) reason =
          g_error_new_literal (GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING,
                               _("The loopback signaller was disconnected"));

      gst_call_signaller_emit_closed (receiver, reason);
      break;
    }
  }
}

static void
post (GstCallLoopbackSignaller *self,
      Message                  *message)
{
  g_autoptr (GstCallLoopbackSignaller) peer = g_weak_ref_get (&self->peer);

  if (!peer) {
    GST_DEBUG ("loopback signaller %p is not connected: message dropped", self);
    message_free (message);
    return;
  }

  self->messages_sent++;
  gst_call_context_proxy_invoke (peer->proxy, deliver, message, message_free);
}

static void
loopback_send_description (GstCallSignaller *signaller,
                           GstCallSdpType    type,
                           const char       *sdp)
{
  Message *message = g_new0 (Message, 1);

  message->kind = MESSAGE_DESCRIPTION;
  message->type = type;
  message->text = g_strdup (sdp);
  post (GST_CALL_LOOPBACK_SIGNALLER (signaller), message);
}

static void
loopback_send_candidate (GstCallSignaller *signaller,
                         guint             mline_index,
                         const char       *candidate)
{
  Message *message = g_new0 (Message, 1);

  message->kind = MESSAGE_CANDIDATE;
  message->mline_index = mline_index;
  message->text = g_strdup (candidate);
  post (GST_CALL_LOOPBACK_SIGNALLER (signaller), message);
}

static void
loopback_send_bye (GstCallSignaller *signaller)
{
  Message *message = g_new0 (Message, 1);

  message->kind = MESSAGE_BYE;
  post (GST_CALL_LOOPBACK_SIGNALLER (signaller), message);
}

static void
gst_call_loopback_signaller_iface_init (GstCallSignallerInterface *iface)
{
  iface->send_description = loopback_send_description;
  iface->send_candidate = loopback_send_candidate;
  iface->send_bye = loopback_send_bye;
}

static void
gst_call_loopback_signaller_finalize (GObject *object)
{
  GstCallLoopbackSignaller *self = GST_CALL_LOOPBACK_SIGNALLER (object);

  g_weak_ref_clear (&self->peer);
  gst_call_context_proxy_unref (self->proxy);

  G_OBJECT_CLASS (gst_call_loopback_signaller_parent_class)->finalize (object);
}

static void
gst_call_loopback_signaller_class_init (GstCallLoopbackSignallerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gst_call_loopback_signaller_finalize;
}

static void
gst_call_loopback_signaller_init (GstCallLoopbackSignaller *self)
{
  self->proxy = gst_call_context_proxy_new (self);
  g_weak_ref_init (&self->peer, NULL);
}

/**
 * gst_call_loopback_signaller_new_pair:
 * @first: (out) (transfer full): return location for one end
 * @second: (out) (transfer full): return location for the other end
 *
 * Creates two connected signallers: what @first sends, @second receives,
 * and the other way round. Each end holds only a weak reference to the
 * other.
 *
 * Since: 0.1
 */
void
gst_call_loopback_signaller_new_pair (GstCallLoopbackSignaller **first,
                                      GstCallLoopbackSignaller **second)
{
  GstCallLoopbackSignaller *a, *b;

  g_return_if_fail (first != NULL);
  g_return_if_fail (second != NULL);

  a = g_object_new (GST_TYPE_CALL_LOOPBACK_SIGNALLER, NULL);
  b = g_object_new (GST_TYPE_CALL_LOOPBACK_SIGNALLER, NULL);
  g_weak_ref_set (&a->peer, b);
  g_weak_ref_set (&b->peer, a);
  *first = a;
  *second = b;
}

/**
 * gst_call_loopback_signaller_get_peer:
 * @self: a [class@CallLoopbackSignaller]
 *
 * Gets the other end of the pair.
 *
 * Returns: (transfer full) (nullable): the other end, or %NULL once it is
 *   gone or disconnected
 *
 * Since: 0.1
 */
GstCallLoopbackSignaller *
gst_call_loopback_signaller_get_peer (GstCallLoopbackSignaller *self)
{
  g_return_val_if_fail (GST_IS_CALL_LOOPBACK_SIGNALLER (self), NULL);

  return g_weak_ref_get (&self->peer);
}

/**
 * gst_call_loopback_signaller_disconnect_peer:
 * @self: a [class@CallLoopbackSignaller]
 *
 * Cuts the link between the two ends, as a dropped network connection:
 * messages sent afterwards, from either end, are lost; messages already on
 * their way are still delivered. Both ends then emit
 * [signal@CallSignaller::closed] with a %GST_CALL_ERROR_SIGNALING reason.
 *
 * Since: 0.1
 */
void
gst_call_loopback_signaller_disconnect_peer (GstCallLoopbackSignaller *self)
{
  g_autoptr (GstCallLoopbackSignaller) peer = NULL;

  g_return_if_fail (GST_IS_CALL_LOOPBACK_SIGNALLER (self));

  peer = g_weak_ref_get (&self->peer);
  if (!peer)
    return;
  g_weak_ref_set (&peer->peer, NULL);
  g_weak_ref_set (&self->peer, NULL);

  /* Both ends learn that the channel is gone, as a network would say. */
  {
    Message *to_self = g_new0 (Message, 1);
    Message *to_peer = g_new0 (Message, 1);

    to_self->kind = MESSAGE_CLOSED;
    to_peer->kind = MESSAGE_CLOSED;
    gst_call_context_proxy_invoke (self->proxy, deliver, to_self, message_free);
    gst_call_context_proxy_invoke (peer->proxy, deliver, to_peer, message_free);
  }
}

/**
 * gst_call_loopback_signaller_get_messages_sent:
 * @self: a [class@CallLoopbackSignaller]
 *
 * Counts the messages @self sent to its peer, for tests.
 *
 * Returns: how many messages @self sent to its peer
 *
 * Since: 0.1
 */
guint
gst_call_loopback_signaller_get_messages_sent (GstCallLoopbackSignaller *self)
{
  g_return_val_if_fail (GST_IS_CALL_LOOPBACK_SIGNALLER (self), 0);

  return self->messages_sent;
}
