/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>
#include <glib/gi18n-lib.h>

G_BEGIN_DECLS

GST_DEBUG_CATEGORY_EXTERN (gst_call_debug);
#define GST_CAT_DEFAULT gst_call_debug

/* Initialises GStreamer (if the application did not), the debug category
 * and the translation domain. Safe to call many times from any thread. */
void gst_call_ensure_initialized (void);

/* Starts making the process's DTLS certificate on a short-lived thread of
 * its own, once per process; see gstcall-private.c. Safe to call many times
 * from any thread, after GStreamer is initialised. Whoever calls it must
 * call gst_call_join_dtls_certificate() before it goes away. */
void     gst_call_prepare_dtls_certificate  (void);
/* Waits for that thread, if it still runs, and frees it. */
void     gst_call_join_dtls_certificate     (void);
/* TRUE once that thread has finished (the certificate exists). */
gboolean gst_call_dtls_certificate_is_ready (void);

/* Gives the free memory of the process's malloc heaps back to the system
 * (glibc's malloc_trim(); nothing elsewhere); see gstcall-private.c. For
 * after a pipeline is freed. Any thread. */
void     gst_call_release_free_memory       (void);

/* GstCallContextProxy: carries work from GStreamer threads to the
 * GMainContext that was thread-default when an object was created.
 *
 * It holds a weak reference to the object, set once on the creating thread;
 * GStreamer callbacks get the proxy (never the object) as user data, so a
 * callback racing with the object's disposal only ever touches the proxy.
 * Work invoked after the object is gone is dropped. */
typedef struct _GstCallContextProxy GstCallContextProxy;

typedef void (*GstCallContextFunc) (gpointer object,
                                    gpointer data);

GstCallContextProxy *gst_call_context_proxy_new    (gpointer object);
/* The same, for an object that belongs to @context rather than to the
 * thread-default context (one made on a GStreamer thread for another). */
GstCallContextProxy *gst_call_context_proxy_new_for_context (gpointer      object,
                                                             GMainContext *context);
GstCallContextProxy *gst_call_context_proxy_ref    (GstCallContextProxy *proxy);
void                 gst_call_context_proxy_unref  (GstCallContextProxy *proxy);
GMainContext        *gst_call_context_proxy_get_context (GstCallContextProxy *proxy);
void                 gst_call_context_proxy_invoke (GstCallContextProxy *proxy,
                                                    GstCallContextFunc   func,
                                                    gpointer             data,
                                                    GDestroyNotify       data_free);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GstCallContextProxy, gst_call_context_proxy_unref)

/* Whether @uri is a sip: URI with a host (GstCallSipSignaller). */
gboolean gst_call_sip_check_uri (const char  *uri,
                                 GError     **error);

G_END_DECLS
