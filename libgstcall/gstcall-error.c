/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcall-error.h"

/**
 * gst_call_error_quark:
 *
 * Returns the quark of the `GST_CALL_ERROR` domain.
 *
 * Returns: the error domain quark
 *
 * Since: 0.1
 */
G_DEFINE_QUARK (gst-call-error-quark, gst_call_error)
