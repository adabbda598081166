/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_GST_CALL_INSIDE) && !defined(GST_CALL_COMPILATION)
#error "Only <gstcall/gstcall.h> can be included directly."
#endif

#include <glib.h>

#include "gstcall-version-macros.h"

G_BEGIN_DECLS

/**
 * GST_CALL_ERROR:
 *
 * The error domain of libgstcall. Errors in this domain are from the
 * [error@CallError] enumeration.
 *
 * Since: 0.1
 */
#define GST_CALL_ERROR (gst_call_error_quark ())

/**
 * GstCallError:
 * @GST_CALL_ERROR_FAILED: an unspecified failure; the message says what went wrong
 * @GST_CALL_ERROR_MISSING_PLUGIN: a GStreamer element needed for the call is not
 *   installed; the message names the element and the package that provides it
 * @GST_CALL_ERROR_NEGOTIATION: offer/answer negotiation failed (no common codec,
 *   a description webrtcbin refused, ...)
 * @GST_CALL_ERROR_ICE: ICE could not connect the peers
 * @GST_CALL_ERROR_DTLS: the DTLS handshake failed or the fingerprint did not match
 * @GST_CALL_ERROR_INVALID_STATE: the operation is not allowed in the current
 *   signaling or call state
 * @GST_CALL_ERROR_SIGNALING: the signaling channel failed or sent something
 *   that is not understood
 * @GST_CALL_ERROR_INVALID_ARGUMENT: an argument given at run time (an SDP, a
 *   candidate, a pipeline description) could not be used
 * @GST_CALL_ERROR_CLOSED: the object was closed; no further operation is possible
 * @GST_CALL_ERROR_CONNECTION_LOST: the connection of an active call was lost
 *   and could not be re-established within [property@Call:reconnect-timeout]
 *   seconds, or the signaling channel needed to re-establish it closed.
 *   Since: 0.1
 *
 * Error codes in the `GST_CALL_ERROR` domain.
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_ERROR_FAILED,
  GST_CALL_ERROR_MISSING_PLUGIN,
  GST_CALL_ERROR_NEGOTIATION,
  GST_CALL_ERROR_ICE,
  GST_CALL_ERROR_DTLS,
  GST_CALL_ERROR_INVALID_STATE,
  GST_CALL_ERROR_SIGNALING,
  GST_CALL_ERROR_INVALID_ARGUMENT,
  GST_CALL_ERROR_CLOSED,
  GST_CALL_ERROR_CONNECTION_LOST,
} GstCallError;

GST_CALL_AVAILABLE_IN_0_1
GQuark gst_call_error_quark (void);

G_END_DECLS
