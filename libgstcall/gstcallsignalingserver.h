/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_GST_CALL_INSIDE) && !defined(GST_CALL_COMPILATION)
#error "Only <gstcall/gstcall.h> can be included directly."
#endif

#include <gio/gio.h>
#include <libsoup/soup.h>

#include "gstcall-version-macros.h"

G_BEGIN_DECLS

#define GST_TYPE_CALL_SIGNALING_SERVER (gst_call_signaling_server_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallSignalingServer, gst_call_signaling_server,
                      GST, CALL_SIGNALING_SERVER, GObject)

/**
 * GST_CALL_SIGNALING_SERVER_MAX_MESSAGE_SIZE:
 *
 * The largest WebSocket message, in bytes, that the signaling server and
 * [class@CallWebSocketSignaller] accept. A peer sending a larger one gets
 * an `error` message and is disconnected.
 *
 * Since: 0.1
 */
#define GST_CALL_SIGNALING_SERVER_MAX_MESSAGE_SIZE (64 * 1024)

GST_CALL_AVAILABLE_IN_0_1
GstCallSignalingServer *gst_call_signaling_server_new    (const char              *token);
GST_CALL_AVAILABLE_IN_0_1
void        gst_call_signaling_server_set_tls_certificate (GstCallSignalingServer *self,
                                                           GTlsCertificate        *certificate);
GST_CALL_AVAILABLE_IN_0_1
gboolean    gst_call_signaling_server_listen              (GstCallSignalingServer *self,
                                                           const char             *address,
                                                           guint                   port,
                                                           GError                **error);
GST_CALL_AVAILABLE_IN_0_1
guint       gst_call_signaling_server_get_port            (GstCallSignalingServer *self);
GST_CALL_AVAILABLE_IN_0_1
guint       gst_call_signaling_server_get_n_peers         (GstCallSignalingServer *self);
GST_CALL_AVAILABLE_IN_0_1
SoupServer *gst_call_signaling_server_get_soup_server     (GstCallSignalingServer *self);
GST_CALL_AVAILABLE_IN_0_1
void        gst_call_signaling_server_stop                (GstCallSignalingServer *self);

G_END_DECLS
