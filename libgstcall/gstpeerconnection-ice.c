/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include <gst/sdp/sdp.h>
#include <gst/video/video.h>
#include <gst/webrtc/webrtc.h>
#include <nice/agent.h>

#include "gstpeerconnection-impl-private.h"
#include "gstcallbroadcast-private.h"
#include "gstcall-dtls-private.h"
#include "gstcall-enum-types.h"
#include "gstcall-error.h"
#include "gstcall-media-private.h"
#include "gstcall-plugins-private.h"
#include "gstcall-private.h"
#include "gstcall-receive-private.h"
#include "gstcall-sdp-private.h"
#include "gstcall-stats-collector-private.h"
#include "gstcalltrack-private.h"

/* GstPeerConnection's construction: webrtcbin and its ICE agent, STUN and
 * TURN servers, and what a closed peer connection refuses. */

/* An ICE server URI in GStreamer's form ("stun://host:port"), from the
 * W3C form ("stun:host:port") or GStreamer's. */
static char *
normalise_ice_server (const char  *uri,
                      GError     **error)
{
  const char *rest;
  g_autofree char *scheme = NULL;

  if (!(rest = g_str_has_prefix (uri, "stun:") ? uri + 5 : NULL) &&
      !(rest = g_str_has_prefix (uri, "turn:") ? uri + 5 : NULL) &&
      !(rest = g_str_has_prefix (uri, "turns:") ? uri + 6 : NULL)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The ICE server “%s” is not a stun:, turn: or turns: URI"),
                 uri);
    return NULL;
  }
  scheme = g_strndup (uri, rest - uri - 1);
  if (g_str_has_prefix (rest, "//"))
    rest += 2;
  if (!*rest) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The ICE server “%s” has no host"), uri);
    return NULL;
  }
  return g_strdup_printf ("%s://%s", scheme, rest);
}

/* @normalised is a turn:// or turns:// URI of @uri. */
static gboolean
add_turn_server (GstPeerConnection  *self,
                 const char         *uri,
                 const char         *normalised,
                 GError            **error)
{
  gboolean added = FALSE;

  if (!strchr (normalised, '@')) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The TURN server “%s” needs credentials: "
                   "turn://USER:PASSWORD@HOST:PORT"), uri);
    return FALSE;
  }
  g_signal_emit_by_name (self->shared->webrtcbin, "add-turn-server", normalised, &added);
  if (!added) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The TURN server “%s” was refused; expected "
                   "turn://USER:PASSWORD@HOST:PORT"), uri);
    return FALSE;
  }
  return TRUE;
}

gboolean
gst_peer_connection_configure_ice_servers (GstPeerConnection *self,
                       GError           **error)
{
  gboolean have_stun = FALSE;

  for (guint i = 0; self->ice_servers && self->ice_servers[i]; i++) {
    const char *uri = self->ice_servers[i];
    g_autofree char *normalised = normalise_ice_server (uri, error);

    if (!normalised)
      return FALSE;
    if (g_str_has_prefix (normalised, "stun://")) {
      if (have_stun) {
        g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                     _("Only one STUN server can be used; “%s” is a second one"),
                     uri);
        return FALSE;
      }
      g_object_set (self->shared->webrtcbin, "stun-server", normalised, NULL);
      have_stun = TRUE;
    } else if (!add_turn_server (self, uri, normalised, error)) {
      return FALSE;
    }
  }
  return TRUE;
}

/* Private: TURN servers learned once gathering has started (the Link
 * headers of a WHIP answer). libnice gathers relay candidates on the
 * streams that exist, and they trickle as any other candidate; they join
 * ice-servers. A STUN server cannot be added that late: it is skipped. */
gboolean
gst_peer_connection_add_late_ice_servers (GstPeerConnection   *self,
                                          const char * const  *servers,
                                          GError             **error)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  guint added = 0;

  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), FALSE);

  if (self->ice_servers)
    g_strv_builder_addv (builder, (const char **) self->ice_servers);
  for (guint i = 0; servers && servers[i]; i++) {
    g_autofree char *normalised = normalise_ice_server (servers[i], error);

    if (!normalised)
      return FALSE;
    if (g_str_has_prefix (normalised, "stun://")) {
      GST_INFO ("STUN server %s comes after the offer: libnice cannot use it now",
                normalised);
      continue;
    }
    if (!add_turn_server (self, servers[i], normalised, error))
      return FALSE;
    g_strv_builder_add (builder, servers[i]);
    added++;
  }
  if (added > 0) {
    g_strfreev (self->ice_servers);
    self->ice_servers = g_strv_builder_end (builder);
    g_object_notify_by_pspec (G_OBJECT (self), gst_peer_connection_props[PROP_ICE_SERVERS]);
  }
  return TRUE;
}

/* libnice asks UPnP routers on the local network for port mappings by
 * default: multicast discovery traffic and a thread per agent, for a feature
 * TURN serves better. Calls only talk to the peer and configured servers. */
NiceAgent *
gst_peer_connection_dup_nice_agent (GstElement *webrtcbin)
{
  g_autoptr (GObject) ice = NULL;
  g_autoptr (GObject) agent = NULL;

  g_object_get (webrtcbin, "ice-agent", &ice, NULL);
  if (!ice || !g_object_class_find_property (G_OBJECT_GET_CLASS (ice), "agent"))
    return NULL;
  g_object_get (ice, "agent", &agent, NULL);
  if (!NICE_IS_AGENT (agent))
    return NULL;
  return NICE_AGENT (g_steal_pointer (&agent));
}

gboolean
gst_peer_connection_uses_turn (GstPeerConnection *self)
{
  for (guint i = 0; self->ice_servers && self->ice_servers[i]; i++)
    if (g_str_has_prefix (self->ice_servers[i], "turn"))
      return TRUE;
  return FALSE;
}

static void
on_turn_allocations_released (GObject      *source,
                              GAsyncResult *result,
                              gpointer      user_data)
{
  gboolean *released = user_data;

  /* libnice 0.1.21 has no _finish: the result only says it is done. */
  *released = TRUE;
}

static gboolean
on_turn_release_timeout (gpointer user_data)
{
  gboolean *timed_out = user_data;

  *timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

/* TURN allocations live on the server until they expire unless they are
 * released, and libnice warns when an agent is freed with allocations
 * still refreshed. Release them (a refresh with lifetime 0 each) before
 * the pipeline stops, waiting 2 s at most for the TURN servers. */
void
gst_peer_connection_release_turn_allocations (GstPeerConnection *self)
{
  g_autoptr (GObject) agent = NULL;
  g_autoptr (GMainContext) context = NULL;
  g_autoptr (GSource) timeout = NULL;
  gboolean released = FALSE;
  gboolean timed_out = FALSE;

  if (!gst_peer_connection_uses_turn (self))
    return;
  agent = G_OBJECT (gst_peer_connection_dup_nice_agent (self->shared->webrtcbin));
  if (!agent)
    return;

  context = g_main_context_new ();
  g_main_context_push_thread_default (context);
  nice_agent_close_async (NICE_AGENT (agent), on_turn_allocations_released, &released);
  timeout = g_timeout_source_new (2000);
  g_source_set_callback (timeout, on_turn_release_timeout, &timed_out, NULL);
  g_source_attach (timeout, context);
  while (!released && !timed_out)
    g_main_context_iteration (context, TRUE);
  g_source_destroy (timeout);
  g_main_context_pop_thread_default (context);
  if (!released)
    GST_WARNING ("the TURN servers did not confirm the release of the allocations");
}

gboolean
gst_peer_connection_configure_ice_agent (GstPeerConnection *self,
                     GError           **error)
{
  g_autoptr (GObject) agent_object = G_OBJECT (gst_peer_connection_dup_nice_agent (self->shared->webrtcbin));
  NiceAgent *agent = (NiceAgent *) agent_object;

  if (!agent) {
    GST_WARNING ("webrtcbin's ICE agent is not libnice: UPnP and local "
                 "addresses left as they are");
    return TRUE;
  }

  /* libnice sends one connectivity check every 20 ms (its Ta); RFC 8445
   * allows 5 ms for RTP media. A call has few candidate pairs, so the
   * faster pace costs a handful of small packets and shortens ICE by 40 to
   * 60 ms (bench/run). See pace_ice_checks for the end of the checks. */
  g_object_set (agent, "upnp", FALSE, "stun-pacing-timer", ICE_CHECK_PACING_MS, NULL);

  for (guint i = 0; self->ice_local_addresses && self->ice_local_addresses[i]; i++) {
    NiceAddress address;

    nice_address_init (&address);
    if (!nice_address_set_from_string (&address, self->ice_local_addresses[i])) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not an IP address for ICE"),
                   self->ice_local_addresses[i]);
      return FALSE;
    }
    if (!nice_agent_add_local_address (agent, &address)) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("The ICE agent refused the local address “%s”"),
                   self->ice_local_addresses[i]);
      return FALSE;
    }
  }
  return TRUE;
}

gboolean
gst_peer_connection_check_usable (GstPeerConnection *self,
              GError           **error)
{
  if (!self->shared->pipeline) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                         _("The peer connection was not initialized"));
    return FALSE;
  }
  if (self->closed) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED,
                         _("The peer connection is closed"));
    return FALSE;
  }
  return TRUE;
}

/**
 * gst_peer_connection_get_ice_servers:
 * @self: a [class@PeerConnection]
 *
 * Gets the STUN and TURN servers, see [property@PeerConnection:ice-servers].
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): the ICE servers
 *
 * Since: 0.1
 */
const char * const *
gst_peer_connection_get_ice_servers (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);

  return (const char * const *) self->ice_servers;
}

/**
 * gst_peer_connection_get_ice_local_addresses:
 * @self: a [class@PeerConnection]
 *
 * Gets the local addresses ICE is restricted to.
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): the local
 *   addresses ICE is restricted to, see
 *   [property@PeerConnection:ice-local-addresses]
 *
 * Since: 0.1
 */
const char * const *
gst_peer_connection_get_ice_local_addresses (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);

  return (const char * const *) self->ice_local_addresses;
}

/**
 * gst_peer_connection_get_ice_transport_policy:
 * @self: a [class@PeerConnection]
 *
 * Gets the ICE transport policy, see [property@PeerConnection:ice-transport-policy].
 *
 * Returns: the ICE transport policy
 *
 * Since: 0.1
 */
GstCallIceTransportPolicy
gst_peer_connection_get_ice_transport_policy (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self),
                        GST_CALL_ICE_TRANSPORT_POLICY_ALL);

  return self->ice_transport_policy;
}
