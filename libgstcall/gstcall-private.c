/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcall-private.h"

GST_DEBUG_CATEGORY (gst_call_debug);

void
gst_call_ensure_initialized (void)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized)) {
    if (!gst_is_initialized ())
      gst_init (NULL, NULL);
    GST_DEBUG_CATEGORY_INIT (gst_call_debug, "gstcall", 0, "libgstcall");
    bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
    bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
    g_once_init_leave (&initialized, 1);
  }
}

struct _GstCallContextProxy {
  gatomicrefcount ref_count;
  GMainContext *context;
  GWeakRef object;
};

GstCallContextProxy *
gst_call_context_proxy_new (gpointer object)
{
  GstCallContextProxy *proxy = g_new0 (GstCallContextProxy, 1);

  g_atomic_ref_count_init (&proxy->ref_count);
  proxy->context = g_main_context_ref_thread_default ();
  g_weak_ref_init (&proxy->object, object);

  return proxy;
}

GstCallContextProxy *
gst_call_context_proxy_ref (GstCallContextProxy *proxy)
{
  g_atomic_ref_count_inc (&proxy->ref_count);
  return proxy;
}

void
gst_call_context_proxy_unref (GstCallContextProxy *proxy)
{
  if (g_atomic_ref_count_dec (&proxy->ref_count)) {
    g_weak_ref_clear (&proxy->object);
    g_main_context_unref (proxy->context);
    g_free (proxy);
  }
}

GMainContext *
gst_call_context_proxy_get_context (GstCallContextProxy *proxy)
{
  return proxy->context;
}

typedef struct {
  GstCallContextProxy *proxy;
  GstCallContextFunc func;
  gpointer data;
  GDestroyNotify data_free;
} ProxyInvocation;

static void
proxy_invocation_free (gpointer user_data)
{
  ProxyInvocation *invocation = user_data;

  if (invocation->data_free)
    invocation->data_free (invocation->data);
  gst_call_context_proxy_unref (invocation->proxy);
  g_free (invocation);
}

static gboolean
proxy_invocation_run (gpointer user_data)
{
  ProxyInvocation *invocation = user_data;
  g_autoptr (GObject) object = g_weak_ref_get (&invocation->proxy->object);

  if (object)
    invocation->func (object, invocation->data);

  return G_SOURCE_REMOVE;
}

void
gst_call_context_proxy_invoke (GstCallContextProxy *proxy,
                               GstCallContextFunc   func,
                               gpointer             data,
                               GDestroyNotify       data_free)
{
  ProxyInvocation *invocation = g_new0 (ProxyInvocation, 1);
  GSource *source;

  invocation->proxy = gst_call_context_proxy_ref (proxy);
  invocation->func = func;
  invocation->data = data;
  invocation->data_free = data_free;

  /* Always through an idle source, even on the owner thread: handlers never
   * run re-entrantly inside a GStreamer or library call. */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, proxy_invocation_run, invocation,
                         proxy_invocation_free);
  g_source_set_static_name (source, "[gstcall] context proxy");
  g_source_attach (source, proxy->context);
  g_source_unref (source);
}
