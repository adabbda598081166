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

#define GST_TYPE_CALL_JANUS_SIGNALLER (gst_call_janus_signaller_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallJanusSignaller, gst_call_janus_signaller,
                      GST, CALL_JANUS_SIGNALLER, GObject)

GST_CALL_AVAILABLE_IN_0_1
GstCallJanusSignaller *gst_call_janus_signaller_new_publisher  (const char            *url,
                                                                guint64                room);
GST_CALL_AVAILABLE_IN_0_1
GstCallJanusSignaller *gst_call_janus_signaller_new_subscriber (const char            *url,
                                                                guint64                room,
                                                                guint64                feed);
GST_CALL_AVAILABLE_IN_0_1
guint64                gst_call_janus_signaller_get_publisher_id (GstCallJanusSignaller *self);

G_END_DECLS
