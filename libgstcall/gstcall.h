/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The header to include, <gstcall/gstcall.h>: it brings every public type,
 * and declares GstCall, the one-object call. */

#pragma once

#define _GST_CALL_INSIDE

#include <gio/gio.h>
#include <gst/gst.h>

#include "gstcall-version.h"
#include "gstcall-version-macros.h"
#include "gstcall-enums.h"
#include "gstcall-enum-types.h"
#include "gstcall-error.h"
#include "gstcalltrack.h"
#include "gstcallstats.h"
#include "gstcalldatachannel.h"
#include "gstcallcodeccandidate.h"
#include "gstcallcodecs.h"
#include "gstcallbroadcast.h"
#include "gstcallsignaller.h"
#include "gstcallloopbacksignaller.h"
#include "gstcallsignalingserver.h"
#include "gstcallwebsocketsignaller.h"
#include "gstcallwhipsignaller.h"
#include "gstcallwhipserver.h"
#include "gstcallserver.h"
#include "gstcalljanussignaller.h"
#include "gstcallsipsignaller.h"
#include "gstpeerconnection.h"
#include "gstcallrtptransport.h"

#undef _GST_CALL_INSIDE

G_BEGIN_DECLS

#define GST_TYPE_CALL (gst_call_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCall, gst_call, GST, CALL, GObject)

GST_CALL_AVAILABLE_IN_0_1
GstCall          *gst_call_new                  (void);

GST_CALL_AVAILABLE_IN_0_1
GstCallSignaller *gst_call_get_signaller        (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_signaller        (GstCall          *self,
                                                 GstCallSignaller *signaller);
GST_CALL_AVAILABLE_IN_0_1
GstElement       *gst_call_get_video_source     (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_video_source     (GstCall          *self,
                                                 GstElement       *source);
GST_CALL_AVAILABLE_IN_0_1
GstElement       *gst_call_get_audio_source     (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_audio_source     (GstCall          *self,
                                                 GstElement       *source);
GST_CALL_AVAILABLE_IN_0_1
gboolean          gst_call_set_sources_from_description (GstCall     *self,
                                                         const char  *video,
                                                         const char  *audio,
                                                         GError     **error);
GST_CALL_AVAILABLE_IN_0_1
gboolean          gst_call_set_sources_from_uri (GstCall     *self,
                                                 const char  *uri,
                                                 GError     **error);
GST_CALL_AVAILABLE_IN_0_1
GstElement       *gst_call_get_video_sink       (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_video_sink       (GstCall          *self,
                                                 GstElement       *sink);
GST_CALL_AVAILABLE_IN_0_1
GstElement       *gst_call_get_audio_sink       (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_audio_sink       (GstCall          *self,
                                                 GstElement       *sink);
GST_CALL_AVAILABLE_IN_0_1
gboolean          gst_call_get_send_video       (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_send_video       (GstCall          *self,
                                                 gboolean          send_video);
GST_CALL_AVAILABLE_IN_0_1
gboolean          gst_call_get_send_audio       (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_send_audio       (GstCall          *self,
                                                 gboolean          send_audio);
GST_CALL_AVAILABLE_IN_0_1
gboolean          gst_call_get_video_muted      (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_video_muted      (GstCall          *self,
                                                 gboolean          muted);
GST_CALL_AVAILABLE_IN_0_1
gboolean          gst_call_get_audio_muted      (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_audio_muted      (GstCall          *self,
                                                 gboolean          muted);
GST_CALL_AVAILABLE_IN_0_1
GstCallState      gst_call_get_state            (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
const GError     *gst_call_get_error            (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
GstCallEndReason  gst_call_get_end_reason       (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
guint             gst_call_get_rejected_candidates (GstCall       *self);
GST_CALL_AVAILABLE_IN_0_1
GstPeerConnection *gst_call_get_peer_connection (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
GstCallTransportKind gst_call_get_transport     (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_transport        (GstCall          *self,
                                                 GstCallTransportKind transport);
GST_CALL_AVAILABLE_IN_0_1
GstCallRtpTransport *gst_call_get_rtp_transport (GstCall          *self);

GST_CALL_AVAILABLE_IN_0_1
void              gst_call_dial_async           (GstCall             *self,
                                                 const char          *uri,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
GST_CALL_AVAILABLE_IN_0_1
gboolean          gst_call_dial_finish          (GstCall             *self,
                                                 GAsyncResult        *result,
                                                 GError             **error);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_answer_async         (GstCall             *self,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
GST_CALL_AVAILABLE_IN_0_1
gboolean          gst_call_answer_finish        (GstCall             *self,
                                                 GAsyncResult        *result,
                                                 GError             **error);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_hangup               (GstCall             *self);
GST_CALL_AVAILABLE_IN_0_1
gboolean          gst_call_send_dtmf            (GstCall             *self,
                                                 const char          *tones,
                                                 guint                duration_ms,
                                                 GError             **error);

GST_CALL_AVAILABLE_IN_0_1
GstCallDataChannel *gst_call_create_data_channel (GstCall             *self,
                                                  const char          *label,
                                                  const GstStructure  *options,
                                                  GError             **error);
GST_CALL_AVAILABLE_IN_0_1
GstCallTrack     *gst_call_add_track            (GstCall             *self,
                                                 GstCallMediaKind     kind,
                                                 GstElement          *source,
                                                 GError             **error);
GST_CALL_AVAILABLE_IN_0_1
GPtrArray        *gst_call_get_local_tracks     (GstCall             *self);
GST_CALL_AVAILABLE_IN_0_1
gboolean          gst_call_remove_track         (GstCall             *self,
                                                 GstCallTrack        *track,
                                                 GError             **error);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_get_stats_async      (GstCall             *self,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
GST_CALL_AVAILABLE_IN_0_1
GstCallStats     *gst_call_get_stats_finish     (GstCall             *self,
                                                 GAsyncResult        *result,
                                                 GError             **error);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_broadcast        (GstCall             *self,
                                                 GstCallBroadcast    *broadcast);
GST_CALL_AVAILABLE_IN_0_1
GstCallBroadcast *gst_call_get_broadcast        (GstCall             *self,
                                                 GstCallMediaKind     kind);

GST_CALL_AVAILABLE_IN_0_1
guint             gst_call_get_connect_timeout  (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_connect_timeout  (GstCall          *self,
                                                 guint             seconds);
GST_CALL_AVAILABLE_IN_0_1
guint             gst_call_get_latency          (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_latency          (GstCall          *self,
                                                 guint             latency);
GST_CALL_AVAILABLE_IN_0_1
guint             gst_call_get_peer_timeout     (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_peer_timeout     (GstCall          *self,
                                                 guint             seconds);
GST_CALL_AVAILABLE_IN_0_1
guint             gst_call_get_reconnect_timeout (GstCall         *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_reconnect_timeout (GstCall         *self,
                                                  guint            seconds);
GST_CALL_AVAILABLE_IN_0_1
guint             gst_call_get_video_width      (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_video_width      (GstCall          *self,
                                                 guint             width);
GST_CALL_AVAILABLE_IN_0_1
guint             gst_call_get_video_height     (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_video_height     (GstCall          *self,
                                                 guint             height);
GST_CALL_AVAILABLE_IN_0_1
guint             gst_call_get_video_framerate  (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_video_framerate  (GstCall          *self,
                                                 guint             framerate);
GST_CALL_AVAILABLE_IN_0_1
guint             gst_call_get_video_bitrate    (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_video_bitrate    (GstCall          *self,
                                                 guint             kbit_per_second);
GST_CALL_AVAILABLE_IN_0_1
GstCallCongestionControl gst_call_get_congestion_control (GstCall                  *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_congestion_control (GstCall                  *self,
                                                   GstCallCongestionControl  congestion_control);
GST_CALL_AVAILABLE_IN_0_1
guint             gst_call_get_min_bitrate      (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_min_bitrate      (GstCall          *self,
                                                 guint             bitrate);
GST_CALL_AVAILABLE_IN_0_1
guint             gst_call_get_start_bitrate    (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_start_bitrate    (GstCall          *self,
                                                 guint             bitrate);
GST_CALL_AVAILABLE_IN_0_1
guint             gst_call_get_max_bitrate      (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_max_bitrate      (GstCall          *self,
                                                 guint             bitrate);
GST_CALL_AVAILABLE_IN_0_1
guint             gst_call_get_target_bitrate   (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
GstCallCodec      gst_call_get_video_codec      (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_video_codec      (GstCall          *self,
                                                 GstCallCodec      codec);
GST_CALL_AVAILABLE_IN_0_1
GstCallBroadcast * gst_call_get_video_broadcast (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
guint             gst_call_get_audio_bitrate    (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_audio_bitrate    (GstCall          *self,
                                                 guint             kbit_per_second);
GST_CALL_AVAILABLE_IN_0_1
GstCallCodec      gst_call_get_audio_codec      (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_audio_codec      (GstCall          *self,
                                                 GstCallCodec      codec);
GST_CALL_AVAILABLE_IN_0_1
GstCallBroadcast * gst_call_get_audio_broadcast (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
const char * const * gst_call_get_ice_servers (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_ice_servers      (GstCall          *self,
                                                 const char * const *servers);
GST_CALL_AVAILABLE_IN_0_1
const char * const * gst_call_get_ice_local_addresses (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_ice_local_addresses (GstCall          *self,
                                                    const char * const *addresses);
GST_CALL_AVAILABLE_IN_0_1
GstCallIceTransportPolicy gst_call_get_ice_transport_policy (GstCall          *self);
GST_CALL_AVAILABLE_IN_0_1
void              gst_call_set_ice_transport_policy (GstCall          *self,
                                                     GstCallIceTransportPolicy  policy);

G_END_DECLS
