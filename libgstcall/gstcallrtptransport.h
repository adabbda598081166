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

#include "gstcall-version-macros.h"
#include "gstcall-enums.h"
#include "gstcallstats.h"

G_BEGIN_DECLS

#define GST_TYPE_CALL_RTP_TRANSPORT (gst_call_rtp_transport_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallRtpTransport, gst_call_rtp_transport,
                      GST, CALL_RTP_TRANSPORT, GObject)

/**
 * GST_CALL_RTP_TRANSPORT_MAX_SESSIONS:
 *
 * The most RTP sessions one [class@CallRtpTransport] makes: packets routed
 * to a session past it are dropped and counted.
 *
 * Since: 0.1
 */
#define GST_CALL_RTP_TRANSPORT_MAX_SESSIONS 16

GST_CALL_AVAILABLE_IN_0_1
GstCallRtpTransport *gst_call_rtp_transport_new               (void);

GST_CALL_AVAILABLE_IN_0_1
gboolean             gst_call_rtp_transport_set_sources_from_description (GstCallRtpTransport  *self,
                                                                          const char           *video,
                                                                          const char           *audio,
                                                                          GError              **error);
GST_CALL_AVAILABLE_IN_0_1
GstElement          *gst_call_rtp_transport_get_video_sink    (GstCallRtpTransport  *self);
GST_CALL_AVAILABLE_IN_0_1
void                 gst_call_rtp_transport_set_video_sink    (GstCallRtpTransport  *self,
                                                               GstElement           *sink);
GST_CALL_AVAILABLE_IN_0_1
GstElement          *gst_call_rtp_transport_get_audio_sink    (GstCallRtpTransport  *self);
GST_CALL_AVAILABLE_IN_0_1
void                 gst_call_rtp_transport_set_audio_sink    (GstCallRtpTransport  *self,
                                                               GstElement           *sink);
GST_CALL_AVAILABLE_IN_0_1
gboolean             gst_call_rtp_transport_get_rtx           (GstCallRtpTransport  *self);
GST_CALL_AVAILABLE_IN_0_1
void                 gst_call_rtp_transport_set_rtx           (GstCallRtpTransport  *self,
                                                               gboolean              rtx);
GST_CALL_AVAILABLE_IN_0_1
gboolean             gst_call_rtp_transport_get_srtp          (GstCallRtpTransport  *self);
GST_CALL_AVAILABLE_IN_0_1
void                 gst_call_rtp_transport_set_srtp          (GstCallRtpTransport  *self,
                                                               gboolean              srtp);
GST_CALL_AVAILABLE_IN_0_1
gboolean             gst_call_rtp_transport_get_avpf          (GstCallRtpTransport  *self);
GST_CALL_AVAILABLE_IN_0_1
void                 gst_call_rtp_transport_set_avpf          (GstCallRtpTransport  *self,
                                                               gboolean              avpf);
GST_CALL_AVAILABLE_IN_0_1
gboolean             gst_call_rtp_transport_get_secure        (GstCallRtpTransport  *self);
GST_CALL_AVAILABLE_IN_0_1
const char          *gst_call_rtp_transport_get_local_address (GstCallRtpTransport  *self);
GST_CALL_AVAILABLE_IN_0_1
void                 gst_call_rtp_transport_set_local_address (GstCallRtpTransport  *self,
                                                               const char           *address);
GST_CALL_AVAILABLE_IN_0_1
guint                gst_call_rtp_transport_get_local_port    (GstCallRtpTransport  *self);

GST_CALL_AVAILABLE_IN_0_1
GstCallCongestionControl gst_call_rtp_transport_get_congestion_control (GstCallRtpTransport *self);
GST_CALL_AVAILABLE_IN_0_1
void                 gst_call_rtp_transport_set_congestion_control (GstCallRtpTransport      *self,
                                                                    GstCallCongestionControl  congestion_control);
GST_CALL_AVAILABLE_IN_0_1
guint                gst_call_rtp_transport_get_min_bitrate   (GstCallRtpTransport  *self);
GST_CALL_AVAILABLE_IN_0_1
void                 gst_call_rtp_transport_set_min_bitrate   (GstCallRtpTransport  *self,
                                                               guint                 bitrate);
GST_CALL_AVAILABLE_IN_0_1
guint                gst_call_rtp_transport_get_start_bitrate (GstCallRtpTransport  *self);
GST_CALL_AVAILABLE_IN_0_1
void                 gst_call_rtp_transport_set_start_bitrate (GstCallRtpTransport  *self,
                                                               guint                 bitrate);
GST_CALL_AVAILABLE_IN_0_1
guint                gst_call_rtp_transport_get_max_bitrate   (GstCallRtpTransport  *self);
GST_CALL_AVAILABLE_IN_0_1
void                 gst_call_rtp_transport_set_max_bitrate   (GstCallRtpTransport  *self,
                                                               guint                 bitrate);
GST_CALL_AVAILABLE_IN_0_1
guint                gst_call_rtp_transport_get_target_bitrate (GstCallRtpTransport *self);

GST_CALL_AVAILABLE_IN_0_1
char                *gst_call_rtp_transport_create_offer      (GstCallRtpTransport  *self,
                                                               GError              **error);
GST_CALL_AVAILABLE_IN_0_1
char                *gst_call_rtp_transport_create_answer     (GstCallRtpTransport  *self,
                                                               const char           *offer,
                                                               GError              **error);
GST_CALL_AVAILABLE_IN_0_1
gboolean             gst_call_rtp_transport_set_remote_answer (GstCallRtpTransport  *self,
                                                               const char           *answer,
                                                               GError              **error);
GST_CALL_AVAILABLE_IN_0_1
void                 gst_call_rtp_transport_close             (GstCallRtpTransport  *self);

GST_CALL_AVAILABLE_IN_0_1
GstStructure        *gst_call_rtp_transport_get_stats         (GstCallRtpTransport  *self);
GST_CALL_AVAILABLE_IN_0_1
void                 gst_call_rtp_transport_get_stats_async   (GstCallRtpTransport  *self,
                                                               GCancellable         *cancellable,
                                                               GAsyncReadyCallback   callback,
                                                               gpointer              user_data);
GST_CALL_AVAILABLE_IN_0_1
GstCallStats        *gst_call_rtp_transport_get_stats_finish  (GstCallRtpTransport  *self,
                                                               GAsyncResult         *result,
                                                               GError              **error);
GST_CALL_AVAILABLE_IN_0_1
GstPipeline         *gst_call_rtp_transport_get_pipeline      (GstCallRtpTransport  *self);

G_END_DECLS
