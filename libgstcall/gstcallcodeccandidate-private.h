/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "gstcallcodeccandidate.h"

G_BEGIN_DECLS

/* Candidates are made by GstCallCodecs when it lists or selects elements. */
GstCallCodecCandidate *gst_call_codec_candidate_new (const char            *element_name,
                                                     GstCallCodec           codec,
                                                     GstCallCodecDirection  direction,
                                                     const char            *family,
                                                     gboolean               hardware,
                                                     guint                  rank,
                                                     const char            *reason);
void gst_call_codec_candidate_set_status (GstCallCodecCandidate *self,
                                          GstCallCodecStatus     status,
                                          const char            *message);

G_END_DECLS
