/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcall-private.h"

#ifdef HAVE_MALLOC_TRIM
#include <malloc.h>
#endif

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

/* The DTLS certificate of webrtcbin's transports.
 *
 * GStreamer 1.22's dtls plugin makes one certificate per process (an RSA
 * 2048 key, 100 to 800 ms of CPU here) when the first dtlsdec element is
 * created, under a g_once: webrtcbin creates its dtlsdec while it makes the
 * first offer or answer, so without help every first call of a process
 * waits for the key on the critical path. Creating (and dropping) a dtlsdec
 * on a thread of our own as soon as a call or peer connection exists makes
 * the key in the background. The plugin's g_once makes it race-free: a
 * webrtcbin that gets there first makes the key itself and our thread only
 * waits for it; one that comes while our thread works waits for our key.
 * The certificate is the plugin's default one, exactly what webrtcbin would
 * have used.
 *
 * The thread ends as soon as the key exists. It must not outlive the
 * objects that started it: a process tearing down (OpenSSL's exit handler,
 * gst_deinit() from a binding) while the key is being made would crash.
 * So every GstCall and GstPeerConnection joins it when finalized, which
 * waits only if the key is still being made. */
static GMutex dtls_lock;
static gboolean dtls_started;
static GThread *dtls_thread; /* dtls_lock; until joined */
static gint dtls_certificate_ready; /* atomic */

static gpointer
make_dtls_certificate (gpointer data)
{
  GstElement *dtlsdec = gst_element_factory_make ("dtlsdec", NULL);

  if (dtlsdec) {
    gst_object_unref (gst_object_ref_sink (dtlsdec));
    GST_DEBUG ("DTLS certificate ready");
  } else {
    GST_INFO ("no dtlsdec element: no DTLS certificate made in advance");
  }
  g_atomic_int_set (&dtls_certificate_ready, 1);
  return NULL;
}

void
gst_call_prepare_dtls_certificate (void)
{
  g_autoptr (GError) error = NULL;

  g_mutex_lock (&dtls_lock);
  if (!dtls_started) {
    dtls_started = TRUE;
    GST_DEBUG ("making the DTLS certificate in the background");
    dtls_thread = g_thread_try_new ("gstcall-dtls", make_dtls_certificate, NULL, &error);
    if (!dtls_thread)
      GST_WARNING ("could not start making the DTLS certificate: %s", error->message);
  }
  g_mutex_unlock (&dtls_lock);
}

void
gst_call_join_dtls_certificate (void)
{
  GThread *thread;

  g_mutex_lock (&dtls_lock);
  thread = g_steal_pointer (&dtls_thread);
  g_mutex_unlock (&dtls_lock);
  if (thread)
    g_thread_join (thread);
}

gboolean
gst_call_dtls_certificate_is_ready (void)
{
  return g_atomic_int_get (&dtls_certificate_ready);
}

/* The memory of a freed pipeline.
 *
 * glibc keeps what a process frees in its heaps (one per thread that
 * allocates at once, up to eight per core) and gives memory back to the
 * system by itself only from the top of a heap. A peer connection's
 * pipeline runs many threads that allocate and free megabytes (encoders,
 * decoders, buffer pools, the ICE agent); the next transport of a call that
 * comes back runs new threads, which rarely fill the same holes of the same
 * heaps. Measured with tools/soak-outage (glibc 2.36, a cut every 25 s):
 * after six new transports the memory in use was still 14 MiB, the
 * threads 22 and the heaps 16, no GstObject had accumulated, but 34 MiB
 * lay free in the heaps and the RSS had grown from 44 to 76 MiB.
 *
 * malloc_trim(0) gives back every whole free page of every heap (madvise).
 * Called once per freed pipeline it keeps the RSS flat after the first new
 * transport or two (44 to 48-54 MiB over the same six, the rest being
 * pages that still hold something). It runs where the pipeline is freed
 * and takes 2 to 9 ms there on those heaps; it grows with the number of
 * free chunks in the process (0.2 s for 32 MiB freed in a thousand pieces
 * in tests/test-peerconnection.c). */
void
gst_call_release_free_memory (void)
{
#ifdef HAVE_MALLOC_TRIM
  gint64 start = g_get_monotonic_time ();
  int released = malloc_trim (0);

  GST_DEBUG ("malloc_trim: %s in %" G_GINT64_FORMAT " µs",
             released ? "memory given back" : "nothing to give back",
             g_get_monotonic_time () - start);
#endif
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
gst_call_context_proxy_new_for_context (gpointer      object,
                                        GMainContext *context)
{
  GstCallContextProxy *proxy = g_new0 (GstCallContextProxy, 1);

  g_atomic_ref_count_init (&proxy->ref_count);
  proxy->context = g_main_context_ref (context);
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
