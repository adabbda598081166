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

#include "gstcall-version.h"

#ifndef _GST_CALL_EXTERN
#define _GST_CALL_EXTERN extern
#endif

#ifdef GST_CALL_COMPILATION
#define GST_CALL_EXPORT __attribute__((visibility ("default"))) _GST_CALL_EXTERN
#else
#define GST_CALL_EXPORT _GST_CALL_EXTERN
#endif

/* The scheme of GLib, libadwaita and libsoup: an application defines
 * GST_CALL_VERSION_MIN_REQUIRED to the oldest libgstcall it supports (it
 * then gets deprecation warnings only for what was deprecated up to that
 * version) and GST_CALL_VERSION_MAX_ALLOWED to the newest one it may use
 * (it then gets a warning for anything newer). Every public symbol carries
 * a GST_CALL_AVAILABLE_IN_x_y or GST_CALL_DEPRECATED_IN_x_y_FOR mark. */

#if defined(GST_CALL_DISABLE_DEPRECATION_WARNINGS) || defined(GST_CALL_COMPILATION)
#define _GST_CALL_DEPRECATED          GST_CALL_EXPORT
#define _GST_CALL_DEPRECATED_FOR(f)   GST_CALL_EXPORT
#define _GST_CALL_UNAVAILABLE(maj,min) GST_CALL_EXPORT
#else
#define _GST_CALL_DEPRECATED          G_DEPRECATED GST_CALL_EXPORT
#define _GST_CALL_DEPRECATED_FOR(f)   G_DEPRECATED_FOR (f) GST_CALL_EXPORT
#define _GST_CALL_UNAVAILABLE(maj,min) G_UNAVAILABLE (maj, min) GST_CALL_EXPORT
#endif

/**
 * GST_CALL_VERSION_0_1:
 *
 * A macro that evaluates to the 0.1 version of libgstcall, in a format
 * that can be used by the C pre-processor.
 *
 * Since: 0.1
 */
#define GST_CALL_VERSION_0_1 (G_ENCODE_VERSION (0, 1))

/* The version of the headers, in the same encoding. */
#define _GST_CALL_VERSION_CURRENT \
  (G_ENCODE_VERSION (GST_CALL_MAJOR_VERSION, GST_CALL_MINOR_VERSION))

/**
 * GST_CALL_VERSION_MIN_REQUIRED:
 *
 * A macro that should be defined by the user prior to including the
 * gstcall.h header.
 *
 * The definition should be one of the predefined version macros:
 * %GST_CALL_VERSION_0_1, ...
 *
 * This macro defines the lower bound for the libgstcall API to use: using
 * API deprecated in or before that version gives compiler warnings.
 *
 * Defaults to the version of the headers.
 *
 * Since: 0.1
 */
#ifndef GST_CALL_VERSION_MIN_REQUIRED
#define GST_CALL_VERSION_MIN_REQUIRED (_GST_CALL_VERSION_CURRENT)
#endif

/**
 * GST_CALL_VERSION_MAX_ALLOWED:
 *
 * A macro that should be defined by the user prior to including the
 * gstcall.h header.
 *
 * The definition should be one of the predefined version macros:
 * %GST_CALL_VERSION_0_1, ...
 *
 * This macro defines the upper bound for the libgstcall API to use: using
 * API added after that version gives compiler warnings.
 *
 * Defaults to the version of the headers.
 *
 * Since: 0.1
 */
#ifndef GST_CALL_VERSION_MAX_ALLOWED
#define GST_CALL_VERSION_MAX_ALLOWED (_GST_CALL_VERSION_CURRENT)
#endif

#if GST_CALL_VERSION_MAX_ALLOWED < GST_CALL_VERSION_MIN_REQUIRED
#error "GST_CALL_VERSION_MAX_ALLOWED must be >= GST_CALL_VERSION_MIN_REQUIRED"
#endif
#if GST_CALL_VERSION_MIN_REQUIRED < GST_CALL_VERSION_0_1
#error "GST_CALL_VERSION_MIN_REQUIRED must be >= GST_CALL_VERSION_0_1"
#endif

/**
 * GST_CALL_DEPRECATED:
 *
 * Marks a symbol as deprecated, whatever the version.
 *
 * Since: 0.1
 */
#define GST_CALL_DEPRECATED _GST_CALL_DEPRECATED

/**
 * GST_CALL_DEPRECATED_FOR:
 * @f: the symbol to use instead
 *
 * Marks a symbol as deprecated in favour of @f, whatever the version.
 *
 * Since: 0.1
 */
#define GST_CALL_DEPRECATED_FOR(f) _GST_CALL_DEPRECATED_FOR (f)

/**
 * GST_CALL_AVAILABLE_IN_0_1:
 *
 * Marks a symbol as part of the libgstcall API since 0.1: using it warns
 * when %GST_CALL_VERSION_MAX_ALLOWED is older than 0.1.
 *
 * Since: 0.1
 */
#if GST_CALL_VERSION_MAX_ALLOWED < GST_CALL_VERSION_0_1
#define GST_CALL_AVAILABLE_IN_0_1 _GST_CALL_UNAVAILABLE (0, 1)
#else
#define GST_CALL_AVAILABLE_IN_0_1 GST_CALL_EXPORT
#endif

/**
 * GST_CALL_DEPRECATED_IN_0_1:
 *
 * Marks a symbol as deprecated since 0.1: using it warns when
 * %GST_CALL_VERSION_MIN_REQUIRED is 0.1 or newer.
 *
 * Since: 0.1
 */
/**
 * GST_CALL_DEPRECATED_IN_0_1_FOR:
 * @f: the symbol to use instead
 *
 * Marks a symbol as deprecated since 0.1 in favour of @f: using it warns
 * when %GST_CALL_VERSION_MIN_REQUIRED is 0.1 or newer.
 *
 * Since: 0.1
 */
#if GST_CALL_VERSION_MIN_REQUIRED >= GST_CALL_VERSION_0_1
#define GST_CALL_DEPRECATED_IN_0_1        GST_CALL_DEPRECATED
#define GST_CALL_DEPRECATED_IN_0_1_FOR(f) GST_CALL_DEPRECATED_FOR (f)
#else
#define GST_CALL_DEPRECATED_IN_0_1        GST_CALL_EXPORT
#define GST_CALL_DEPRECATED_IN_0_1_FOR(f) GST_CALL_EXPORT
#endif
