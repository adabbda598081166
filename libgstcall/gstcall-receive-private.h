/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>

#include "gstcall-enums.h"

G_BEGIN_DECLS

/* What a transport does with the media of a remote stream. Both run on a
 * streaming thread. */
typedef struct {
  /* A decoder was found: @decoded is its output pad inside @branch, and
   * @convert (floating, not yet in any bin) turns its media into a form any
   * sink takes (gst_call_media_make_convert_bin()). The callback adds
   * @convert to a bin and links @decoded to it. */
  void (*decoded) (GstElement       *branch,
                   GstCallMediaKind  kind,
                   GstElement       *convert,
                   GstPad           *decoded,
                   gpointer          user_data);
  /* The stream cannot be received (a missing depayloader or decoder:
   * GST_CALL_ERROR_MISSING_PLUGIN naming the element and its package).
   * Takes @error. */
  void (*error)   (GError           *error,
                   gpointer          user_data);
} GstCallReceiveCallbacks;

/* The media kind of remote RTP caps (their "media" field; audio unless it
 * says video). */
GstCallMediaKind gst_call_receive_kind_from_caps (const GstCaps *caps);

/* Streaming thread: builds the decode branch of the remote RTP stream on
 * @remote_rtp_pad (depayloader and decoder chosen by decodebin, decoders
 * tried hardware first in the order of the default GstCallCodecs, the next
 * one when one fails), adds it to @pipeline, starts it and links the pad to
 * it. @callbacks must outlive the branch; @user_data is freed with
 * @user_data_free (nullable) when the branch goes.
 *
 * Returns: (transfer none): the branch bin, owned by @pipeline: everything
 * received on the stream passes through its "sink" pad. */
GstElement *gst_call_receive_add_branch (GstBin                        *pipeline,
                                         GstPad                        *remote_rtp_pad,
                                         GstCallMediaKind               kind,
                                         const GstCallReceiveCallbacks *callbacks,
                                         gpointer                       user_data,
                                         GDestroyNotify                 user_data_free);

/* Makes @decodebin try decoders in the order of the default GstCallCodecs
 * (hardware first, GST_CALL_DECODERS, application preferences) and skip the
 * ones that failed their probe or are excluded. */
void        gst_call_receive_configure_decodebin (GstElement *decodebin);

/* The GST_CALL_ERROR_MISSING_PLUGIN error for a remote @kind stream of
 * @caps that nothing takes: RTP without a depayloader, or encoded media
 * without a decoder, naming the element and its Debian package. */
GError     *gst_call_receive_missing_plugin_error (GstCallMediaKind  kind,
                                                   const GstCaps    *caps);

G_END_DECLS
