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

#include "gstcallsignaller.h"

G_BEGIN_DECLS

#define GST_TYPE_CALL_WEBSOCKET_SIGNALLER (gst_call_websocket_signaller_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallWebSocketSignaller, gst_call_websocket_signaller,
                      GST, CALL_WEBSOCKET_SIGNALLER, GObject)

GST_CALL_AVAILABLE_IN_0_1
GstCallWebSocketSignaller *gst_call_websocket_signaller_new (const char *uri,
                                                             const char *token);
GST_CALL_AVAILABLE_IN_0_1
void        gst_call_websocket_signaller_set_trusted_certificate (GstCallWebSocketSignaller *self,
                                                                  GTlsCertificate           *certificate);
GST_CALL_AVAILABLE_IN_0_1
void        gst_call_websocket_signaller_connect_async  (GstCallWebSocketSignaller *self,
                                                         GCancellable              *cancellable,
                                                         GAsyncReadyCallback        callback,
                                                         gpointer                   user_data);
GST_CALL_AVAILABLE_IN_0_1
gboolean    gst_call_websocket_signaller_connect_finish (GstCallWebSocketSignaller *self,
                                                         GAsyncResult              *result,
                                                         guint                     *n_peers,
                                                         GError                   **error);
GST_CALL_AVAILABLE_IN_0_1
const char *gst_call_websocket_signaller_get_uri        (GstCallWebSocketSignaller *self);
GST_CALL_AVAILABLE_IN_0_1
const char *gst_call_websocket_signaller_get_room       (GstCallWebSocketSignaller *self);
GST_CALL_AVAILABLE_IN_0_1
const char *gst_call_websocket_signaller_get_peer_id    (GstCallWebSocketSignaller *self);
GST_CALL_AVAILABLE_IN_0_1
const char *gst_call_websocket_signaller_get_remote_peer_id (GstCallWebSocketSignaller *self);
GST_CALL_AVAILABLE_IN_0_1
void        gst_call_websocket_signaller_set_remote_peer_id (GstCallWebSocketSignaller *self,
                                                             const char                *peer_id);
GST_CALL_AVAILABLE_IN_0_1
void        gst_call_websocket_signaller_close          (GstCallWebSocketSignaller *self);

G_END_DECLS
