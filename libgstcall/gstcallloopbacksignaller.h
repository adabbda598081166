/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_GST_CALL_INSIDE) && !defined(GST_CALL_COMPILATION)
#error "Only <gstcall/gstcall.h> can be included directly."
#endif

#include "gstcallsignaller.h"

G_BEGIN_DECLS

#define GST_TYPE_CALL_LOOPBACK_SIGNALLER (gst_call_loopback_signaller_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallLoopbackSignaller, gst_call_loopback_signaller,
                      GST, CALL_LOOPBACK_SIGNALLER, GObject)

GST_CALL_AVAILABLE_IN_0_1
void                      gst_call_loopback_signaller_new_pair   (GstCallLoopbackSignaller **first,
                                                                  GstCallLoopbackSignaller **second);
GST_CALL_AVAILABLE_IN_0_1
GstCallLoopbackSignaller *gst_call_loopback_signaller_get_peer   (GstCallLoopbackSignaller  *self);
GST_CALL_AVAILABLE_IN_0_1
void                      gst_call_loopback_signaller_disconnect_peer (GstCallLoopbackSignaller  *self);
GST_CALL_AVAILABLE_IN_0_1
guint                     gst_call_loopback_signaller_get_messages_sent (GstCallLoopbackSignaller *self);

G_END_DECLS
