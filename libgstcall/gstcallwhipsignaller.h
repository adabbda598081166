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

#define GST_TYPE_CALL_WHIP_SIGNALLER (gst_call_whip_signaller_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallWhipSignaller, gst_call_whip_signaller,
                      GST, CALL_WHIP_SIGNALLER, GObject)

GST_CALL_AVAILABLE_IN_0_1
GstCallWhipSignaller *gst_call_whip_signaller_new              (const char           *url);
GST_CALL_AVAILABLE_IN_0_1
const char           *gst_call_whip_signaller_get_url          (GstCallWhipSignaller *self);
GST_CALL_AVAILABLE_IN_0_1
const char           *gst_call_whip_signaller_get_resource_url (GstCallWhipSignaller *self);
GST_CALL_AVAILABLE_IN_0_1
const char * const   *gst_call_whip_signaller_get_ice_servers  (GstCallWhipSignaller *self);

G_END_DECLS
