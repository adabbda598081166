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

#ifndef _GST_CALL_EXTERN
#define _GST_CALL_EXTERN extern
#endif

#ifdef GST_CALL_COMPILATION
#define GST_CALL_EXPORT __attribute__((visibility ("default"))) _GST_CALL_EXTERN
#else
#define GST_CALL_EXPORT _GST_CALL_EXTERN
#endif

/**
 * GST_CALL_AVAILABLE_IN_ALL:
 *
 * Marks a symbol that is part of the libgstcall API since its first release.
 */
#define GST_CALL_AVAILABLE_IN_ALL GST_CALL_EXPORT
