/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>

G_BEGIN_DECLS

/* The GStreamer plugin and the Debian package providing @factory_name, or
 * NULL when the element is not one libgstcall knows about. */
const char *gst_call_plugin_for_element  (const char *factory_name);
const char *gst_call_package_for_element (const char *factory_name);

/* Sets a GST_CALL_ERROR_MISSING_PLUGIN error naming the element, its plugin
 * and the package to install. */
void        gst_call_set_missing_element_error (GError    **error,
                                                const char *factory_name);

/* Checks that every element of the NULL-terminated @factory_names is
 * installed; fails on the first missing one. */
gboolean    gst_call_check_elements (const char * const *factory_names,
                                     GError            **error);

/* gst_element_factory_make() that reports a missing element as a GError. */
GstElement *gst_call_make_element   (const char  *factory_name,
                                     const char  *name,
                                     GError     **error);

G_END_DECLS
