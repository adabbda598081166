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
#include <gst/gst.h>
#include <libsoup/soup.h>

#include "gstcall-version-macros.h"
#include "gstcall-enums.h"

G_BEGIN_DECLS

#define GST_TYPE_CALL_SERVER (gst_call_server_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallServer, gst_call_server, GST, CALL_SERVER, GObject)

GST_CALL_AVAILABLE_IN_0_1
GstCallServer *gst_call_server_new                  (void);

GST_CALL_AVAILABLE_IN_0_1
gboolean     gst_call_server_set_sources_from_uri   (GstCallServer  *self,
                                                     const char     *uri,
                                                     GError        **error);
GST_CALL_AVAILABLE_IN_0_1
gboolean     gst_call_server_set_sources_from_description (GstCallServer  *self,
                                                           const char     *video,
                                                           const char     *audio,
                                                           GError        **error);
GST_CALL_AVAILABLE_IN_0_1
void         gst_call_server_set_sources_from_devices (GstCallServer *self);
GST_CALL_AVAILABLE_IN_0_1
void         gst_call_server_set_video_source       (GstCallServer  *self,
                                                     GstElement     *source);
GST_CALL_AVAILABLE_IN_0_1
void         gst_call_server_set_audio_source       (GstCallServer  *self,
                                                     GstElement     *source);

GST_CALL_AVAILABLE_IN_0_1
gboolean     gst_call_server_listen                 (GstCallServer  *self,
                                                     GError        **error);
GST_CALL_AVAILABLE_IN_0_1
void         gst_call_server_close                  (GstCallServer  *self);
GST_CALL_AVAILABLE_IN_0_1
char        *gst_call_server_get_uri                (GstCallServer  *self);
GST_CALL_AVAILABLE_IN_0_1
guint        gst_call_server_get_n_calls            (GstCallServer  *self);
GST_CALL_AVAILABLE_IN_0_1
SoupServer  *gst_call_server_get_soup_server        (GstCallServer  *self);

GST_CALL_AVAILABLE_IN_0_1
const char  *gst_call_server_get_address            (GstCallServer  *self);
GST_CALL_AVAILABLE_IN_0_1
void         gst_call_server_set_address            (GstCallServer  *self,
                                                     const char     *address);
GST_CALL_AVAILABLE_IN_0_1
guint        gst_call_server_get_port               (GstCallServer  *self);
GST_CALL_AVAILABLE_IN_0_1
void         gst_call_server_set_port               (GstCallServer  *self,
                                                     guint           port);
GST_CALL_AVAILABLE_IN_0_1
const char  *gst_call_server_get_token              (GstCallServer  *self);
GST_CALL_AVAILABLE_IN_0_1
void         gst_call_server_set_token              (GstCallServer  *self,
                                                     const char     *token);
GST_CALL_AVAILABLE_IN_0_1
GTlsCertificate *gst_call_server_get_tls_certificate (GstCallServer *self);
GST_CALL_AVAILABLE_IN_0_1
void         gst_call_server_set_tls_certificate    (GstCallServer   *self,
                                                     GTlsCertificate *certificate);
GST_CALL_AVAILABLE_IN_0_1
guint        gst_call_server_get_max_calls          (GstCallServer  *self);
GST_CALL_AVAILABLE_IN_0_1
void         gst_call_server_set_max_calls          (GstCallServer  *self,
                                                     guint           max_calls);
GST_CALL_AVAILABLE_IN_0_1
guint        gst_call_server_get_max_calls_per_client (GstCallServer *self);
GST_CALL_AVAILABLE_IN_0_1
void         gst_call_server_set_max_calls_per_client (GstCallServer *self,
                                                       guint          max_calls);
GST_CALL_AVAILABLE_IN_0_1
guint        gst_call_server_get_join_timeout       (GstCallServer  *self);
GST_CALL_AVAILABLE_IN_0_1
void         gst_call_server_set_join_timeout       (GstCallServer  *self,
                                                     guint           seconds);
GST_CALL_AVAILABLE_IN_0_1
guint        gst_call_server_get_idle_timeout       (GstCallServer  *self);
GST_CALL_AVAILABLE_IN_0_1
void         gst_call_server_set_idle_timeout       (GstCallServer  *self,
                                                     guint           seconds);
GST_CALL_AVAILABLE_IN_0_1
const char * const *gst_call_server_get_ice_local_addresses (GstCallServer *self);
GST_CALL_AVAILABLE_IN_0_1
void         gst_call_server_set_ice_local_addresses (GstCallServer      *self,
                                                      const char * const *addresses);
GST_CALL_AVAILABLE_IN_0_1
GstCallCodec gst_call_server_get_video_codec        (GstCallServer  *self);
GST_CALL_AVAILABLE_IN_0_1
void         gst_call_server_set_video_codec        (GstCallServer  *self,
                                                     GstCallCodec    codec);
GST_CALL_AVAILABLE_IN_0_1
guint        gst_call_server_get_video_width        (GstCallServer  *self);
GST_CALL_AVAILABLE_IN_0_1
void         gst_call_server_set_video_width        (GstCallServer  *self,
                                                     guint           width);
GST_CALL_AVAILABLE_IN_0_1
guint        gst_call_server_get_video_height       (GstCallServer  *self);
GST_CALL_AVAILABLE_IN_0_1
void         gst_call_server_set_video_height       (GstCallServer  *self,
                                                     guint           height);
GST_CALL_AVAILABLE_IN_0_1
gboolean     gst_call_server_get_shared_encoding    (GstCallServer  *self);
GST_CALL_AVAILABLE_IN_0_1
void         gst_call_server_set_shared_encoding    (GstCallServer  *self,
                                                     gboolean        shared);

G_END_DECLS
