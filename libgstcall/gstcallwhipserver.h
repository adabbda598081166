/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_GST_CALL_INSIDE) && !defined(GST_CALL_COMPILATION)
#error "Only <gstcall/gstcall.h> can be included directly."
#endif

#include <glib-object.h>
#include <libsoup/soup.h>

#include "gstcall-version-macros.h"

G_BEGIN_DECLS

#define GST_TYPE_CALL_WHIP_SERVER (gst_call_whip_server_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallWhipServer, gst_call_whip_server, GST, CALL_WHIP_SERVER, GObject)

GST_CALL_AVAILABLE_IN_0_1
GstCallWhipServer *gst_call_whip_server_new            (void);
GST_CALL_AVAILABLE_IN_0_1
void               gst_call_whip_server_attach         (GstCallWhipServer *self,
                                                        SoupServer        *server,
                                                        const char        *path);
GST_CALL_AVAILABLE_IN_0_1
guint              gst_call_whip_server_get_n_sessions (GstCallWhipServer *self);

G_END_DECLS
