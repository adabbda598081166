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

#include "gstcall-version-macros.h"
#include "gstcall-enums.h"

G_BEGIN_DECLS

#define GST_TYPE_CALL_DATA_CHANNEL (gst_call_data_channel_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallDataChannel, gst_call_data_channel, GST, CALL_DATA_CHANNEL, GObject)

GST_CALL_AVAILABLE_IN_0_1
const char              *gst_call_data_channel_get_label         (GstCallDataChannel *self);
GST_CALL_AVAILABLE_IN_0_1
gboolean                 gst_call_data_channel_get_ordered       (GstCallDataChannel *self);
GST_CALL_AVAILABLE_IN_0_1
gint                     gst_call_data_channel_get_max_packet_life_time (GstCallDataChannel *self);
GST_CALL_AVAILABLE_IN_0_1
gint                     gst_call_data_channel_get_max_retransmits (GstCallDataChannel *self);
GST_CALL_AVAILABLE_IN_0_1
const char              *gst_call_data_channel_get_protocol      (GstCallDataChannel *self);
GST_CALL_AVAILABLE_IN_0_1
gboolean                 gst_call_data_channel_get_negotiated    (GstCallDataChannel *self);
GST_CALL_AVAILABLE_IN_0_1
gint                     gst_call_data_channel_get_id            (GstCallDataChannel *self);
GST_CALL_AVAILABLE_IN_0_1
GstCallDataChannelState  gst_call_data_channel_get_ready_state   (GstCallDataChannel *self);
GST_CALL_AVAILABLE_IN_0_1
guint64                  gst_call_data_channel_get_buffered_amount (GstCallDataChannel *self);
GST_CALL_AVAILABLE_IN_0_1
guint64                  gst_call_data_channel_get_buffered_amount_low_threshold (GstCallDataChannel *self);
GST_CALL_AVAILABLE_IN_0_1
void                     gst_call_data_channel_set_buffered_amount_low_threshold (GstCallDataChannel *self,
                                                                                  guint64             threshold);

GST_CALL_AVAILABLE_IN_0_1
gboolean gst_call_data_channel_send_string (GstCallDataChannel  *self,
                                            const char          *text,
                                            GError             **error);
GST_CALL_AVAILABLE_IN_0_1
gboolean gst_call_data_channel_send_bytes  (GstCallDataChannel  *self,
                                            GBytes              *data,
                                            GError             **error);
GST_CALL_AVAILABLE_IN_0_1
void     gst_call_data_channel_close       (GstCallDataChannel  *self);

G_END_DECLS
