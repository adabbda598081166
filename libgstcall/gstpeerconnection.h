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
#include "gstcalltrack.h"
#include "gstcallstats.h"
#include "gstcalldatachannel.h"

G_BEGIN_DECLS

#define GST_TYPE_PEER_CONNECTION (gst_peer_connection_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstPeerConnection, gst_peer_connection, GST, PEER_CONNECTION, GObject)

GST_CALL_AVAILABLE_IN_0_1
GstPeerConnection *gst_peer_connection_new      (GError                   **error);
GST_CALL_AVAILABLE_IN_0_1
GstPeerConnection *gst_peer_connection_new_full (const char * const        *ice_servers,
                                                 GstCallBundlePolicy        bundle_policy,
                                                 GstCallIceTransportPolicy  ice_transport_policy,
                                                 GError                   **error);

GST_CALL_AVAILABLE_IN_0_1
GstElement                *gst_peer_connection_get_pipeline             (GstPeerConnection *self);
GST_CALL_AVAILABLE_IN_0_1
GstElement                *gst_peer_connection_get_webrtcbin            (GstPeerConnection *self);
GST_CALL_AVAILABLE_IN_0_1
const char * const        *gst_peer_connection_get_ice_servers          (GstPeerConnection *self);
GST_CALL_AVAILABLE_IN_0_1
const char * const        *gst_peer_connection_get_ice_local_addresses  (GstPeerConnection *self);
GST_CALL_AVAILABLE_IN_0_1
GstCallBundlePolicy        gst_peer_connection_get_bundle_policy        (GstPeerConnection *self);
GST_CALL_AVAILABLE_IN_0_1
GstCallIceTransportPolicy  gst_peer_connection_get_ice_transport_policy (GstPeerConnection *self);
GST_CALL_AVAILABLE_IN_0_1
guint                      gst_peer_connection_get_latency (GstPeerConnection *self);
GST_CALL_AVAILABLE_IN_0_1
void                       gst_peer_connection_set_latency (GstPeerConnection *self,
                                                            guint              latency);
GST_CALL_AVAILABLE_IN_0_1
GstCallCongestionControl   gst_peer_connection_get_congestion_control (GstPeerConnection *self);
GST_CALL_AVAILABLE_IN_0_1
void                       gst_peer_connection_set_congestion_control (GstPeerConnection        *self,
                                                                       GstCallCongestionControl  congestion_control);
GST_CALL_AVAILABLE_IN_0_1
guint                      gst_peer_connection_get_min_bitrate (GstPeerConnection *self);
GST_CALL_AVAILABLE_IN_0_1
void                       gst_peer_connection_set_min_bitrate (GstPeerConnection *self,
                                                                guint              bitrate);
GST_CALL_AVAILABLE_IN_0_1
guint                      gst_peer_connection_get_start_bitrate (GstPeerConnection *self);
GST_CALL_AVAILABLE_IN_0_1
void                       gst_peer_connection_set_start_bitrate (GstPeerConnection *self,
                                                                  guint              bitrate);
GST_CALL_AVAILABLE_IN_0_1
guint                      gst_peer_connection_get_max_bitrate (GstPeerConnection *self);
GST_CALL_AVAILABLE_IN_0_1
void                       gst_peer_connection_set_max_bitrate (GstPeerConnection *self,
                                                                guint              bitrate);
GST_CALL_AVAILABLE_IN_0_1
guint                      gst_peer_connection_get_target_bitrate (GstPeerConnection *self);
GST_CALL_AVAILABLE_IN_0_1
GstCallSignalingState      gst_peer_connection_get_signaling_state      (GstPeerConnection *self);
GST_CALL_AVAILABLE_IN_0_1
GstCallIceGatheringState   gst_peer_connection_get_ice_gathering_state  (GstPeerConnection *self);
GST_CALL_AVAILABLE_IN_0_1
GstCallIceConnectionState  gst_peer_connection_get_ice_connection_state (GstPeerConnection *self);
GST_CALL_AVAILABLE_IN_0_1
GstCallPeerConnectionState gst_peer_connection_get_connection_state     (GstPeerConnection *self);

GST_CALL_AVAILABLE_IN_0_1
gboolean      gst_peer_connection_add_transceiver (GstPeerConnection *self,
                                                   GstCallMediaKind   kind,
                                                   GstCallDirection   direction,
                                                   GError           **error);
GST_CALL_AVAILABLE_IN_0_1
gboolean      gst_peer_connection_add_transceiver_with_codec (GstPeerConnection *self,
                                                              GstCallCodec       codec,
                                                              GstCallDirection   direction,
                                                              GError           **error);
GST_CALL_AVAILABLE_IN_0_1
GstCallTrack *gst_peer_connection_add_track       (GstPeerConnection *self,
                                                   GstCallMediaKind   kind,
                                                   GstElement        *source,
                                                   GError           **error);
GST_CALL_AVAILABLE_IN_0_1
GstCallTrack *gst_peer_connection_add_track_with_codec (GstPeerConnection *self,
                                                        GstCallCodec       codec,
                                                        GstElement        *source,
                                                        GError           **error);
GST_CALL_AVAILABLE_IN_0_1
GstCallTrack *gst_peer_connection_add_track_from_description (GstPeerConnection *self,
                                                              GstCallMediaKind   kind,
                                                              const char        *description,
                                                              GError           **error);
GST_CALL_AVAILABLE_IN_0_1
gboolean      gst_peer_connection_remove_track    (GstPeerConnection *self,
                                                   GstCallTrack      *track,
                                                   GError           **error);
GST_CALL_AVAILABLE_IN_0_1
GPtrArray    *gst_peer_connection_get_tracks      (GstPeerConnection *self);

GST_CALL_AVAILABLE_IN_0_1
void     gst_peer_connection_create_offer_async   (GstPeerConnection   *self,
                                                   GCancellable        *cancellable,
                                                   GAsyncReadyCallback  callback,
                                                   gpointer             user_data);
GST_CALL_AVAILABLE_IN_0_1
char    *gst_peer_connection_create_offer_finish  (GstPeerConnection   *self,
                                                   GAsyncResult        *result,
                                                   GError             **error);
GST_CALL_AVAILABLE_IN_0_1
void     gst_peer_connection_create_answer_async  (GstPeerConnection   *self,
                                                   GCancellable        *cancellable,
                                                   GAsyncReadyCallback  callback,
                                                   gpointer             user_data);
GST_CALL_AVAILABLE_IN_0_1
char    *gst_peer_connection_create_answer_finish (GstPeerConnection   *self,
                                                   GAsyncResult        *result,
                                                   GError             **error);
GST_CALL_AVAILABLE_IN_0_1
void     gst_peer_connection_set_local_description_async  (GstPeerConnection   *self,
                                                           GstCallSdpType       type,
                                                           const char          *sdp,
                                                           GCancellable        *cancellable,
                                                           GAsyncReadyCallback  callback,
                                                           gpointer             user_data);
GST_CALL_AVAILABLE_IN_0_1
gboolean gst_peer_connection_set_local_description_finish (GstPeerConnection   *self,
                                                           GAsyncResult        *result,
                                                           GError             **error);
GST_CALL_AVAILABLE_IN_0_1
void     gst_peer_connection_set_remote_description_async  (GstPeerConnection   *self,
                                                            GstCallSdpType       type,
                                                            const char          *sdp,
                                                            GCancellable        *cancellable,
                                                            GAsyncReadyCallback  callback,
                                                            gpointer             user_data);
GST_CALL_AVAILABLE_IN_0_1
gboolean gst_peer_connection_set_remote_description_finish (GstPeerConnection   *self,
                                                            GAsyncResult        *result,
                                                            GError             **error);
GST_CALL_AVAILABLE_IN_0_1
char    *gst_peer_connection_get_local_description  (GstPeerConnection *self);
GST_CALL_AVAILABLE_IN_0_1
char    *gst_peer_connection_get_remote_description (GstPeerConnection *self);

GST_CALL_AVAILABLE_IN_0_1
gboolean gst_peer_connection_add_ice_candidate (GstPeerConnection *self,
                                                guint              mline_index,
                                                const char        *candidate,
                                                GError           **error);

GST_CALL_AVAILABLE_IN_0_1
GstCallDataChannel *gst_peer_connection_create_data_channel (GstPeerConnection   *self,
                                                             const char          *label,
                                                             const GstStructure  *options,
                                                             GError             **error);

GST_CALL_AVAILABLE_IN_0_1
void     gst_peer_connection_close (GstPeerConnection *self);

GST_CALL_AVAILABLE_IN_0_1
void          gst_peer_connection_get_stats_async  (GstPeerConnection   *self,
                                                    GCancellable        *cancellable,
                                                    GAsyncReadyCallback  callback,
                                                    gpointer             user_data);
GST_CALL_AVAILABLE_IN_0_1
GstCallStats *gst_peer_connection_get_stats_finish (GstPeerConnection   *self,
                                                    GAsyncResult        *result,
                                                    GError             **error);

G_END_DECLS
