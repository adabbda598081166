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

#define GST_TYPE_CALL_SIP_SIGNALLER (gst_call_sip_signaller_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallSipSignaller, gst_call_sip_signaller,
                      GST, CALL_SIP_SIGNALLER, GObject)

GST_CALL_AVAILABLE_IN_0_1
GstCallSipSignaller *gst_call_sip_signaller_new               (const char           *local_address,
                                                               guint                 local_port);
GST_CALL_AVAILABLE_IN_0_1
gboolean             gst_call_sip_signaller_start             (GstCallSipSignaller  *self,
                                                               GError              **error);
GST_CALL_AVAILABLE_IN_0_1
const char          *gst_call_sip_signaller_get_local_address (GstCallSipSignaller  *self);
GST_CALL_AVAILABLE_IN_0_1
guint                gst_call_sip_signaller_get_local_port    (GstCallSipSignaller  *self);
GST_CALL_AVAILABLE_IN_0_1
char                *gst_call_sip_signaller_dup_local_uri     (GstCallSipSignaller  *self);
GST_CALL_AVAILABLE_IN_0_1
const char          *gst_call_sip_signaller_get_remote_uri    (GstCallSipSignaller  *self);
GST_CALL_AVAILABLE_IN_0_1
gboolean             gst_call_sip_signaller_set_remote_uri    (GstCallSipSignaller  *self,
                                                               const char           *uri,
                                                               GError              **error);
GST_CALL_AVAILABLE_IN_0_1
const char          *gst_call_sip_signaller_get_user          (GstCallSipSignaller  *self);
GST_CALL_AVAILABLE_IN_0_1
void                 gst_call_sip_signaller_set_user          (GstCallSipSignaller  *self,
                                                               const char           *user);

G_END_DECLS
