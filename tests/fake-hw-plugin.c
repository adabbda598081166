/* Fake hardware encoders for tests.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "fake-hw-plugin.h"

static gint flaky_errors;
static GMutex flaky_lock;
static gint64 flaky_last_error_time; /* flaky_lock */

typedef struct {
  GstBin parent_instance;
  guint frames;
  gboolean failed;
} FakeHwEnc;

typedef struct {
  GstBinClass parent_class;
  gboolean fail_on_start;
  guint fail_after_frames;
} FakeHwEncClass;

#define FAKE_HW_ENC_GET_CLASS(obj) (G_TYPE_INSTANCE_GET_CLASS ((obj), fake_hw_enc_get_type (), FakeHwEncClass))

GType fake_hw_enc_get_type (void);
GType fake_va_vp8_enc_get_type (void);
GType fake_va_broken_vp8_enc_get_type (void);
GType fake_va_flaky_vp8_enc_get_type (void);

G_DEFINE_TYPE (FakeHwEnc, fake_hw_enc, GST_TYPE_BIN)

static GstStaticPadTemplate sink_template =
    GST_STATIC_PAD_TEMPLATE ("sink", GST_PAD_SINK, GST_PAD_ALWAYS,
                             GST_STATIC_CAPS ("video/x-raw, format=(string)I420"));
static GstStaticPadTemplate src_template =
    GST_STATIC_PAD_TEMPLATE ("src", GST_PAD_SRC, GST_PAD_ALWAYS,
                             GST_STATIC_CAPS ("video/x-vp8"));

guint
fake_hw_flaky_error_count (void)
{
  return (guint) g_atomic_int_get (&flaky_errors);
}

gint64
fake_hw_flaky_last_error_time (void)
{
  gint64 time;

  g_mutex_lock (&flaky_lock);
  time = flaky_last_error_time;
  g_mutex_unlock (&flaky_lock);
  return time;
}

static GstFlowReturn
fake_hw_enc_chain (GstPad    *pad,
                   GstObject *parent,
                   GstBuffer *buffer)
{
  FakeHwEnc *self = (FakeHwEnc *) parent;
  FakeHwEncClass *klass = FAKE_HW_ENC_GET_CLASS (self);

  if (klass->fail_after_frames && ++self->frames > klass->fail_after_frames) {
    gst_buffer_unref (buffer);
    if (!self->failed) {
      self->failed = TRUE;
      g_mutex_lock (&flaky_lock);
      flaky_last_error_time = g_get_monotonic_time ();
      g_mutex_unlock (&flaky_lock);
      g_atomic_int_inc (&flaky_errors);
      GST_ELEMENT_ERROR (self, RESOURCE, FAILED, (FAKE_FLAKY_MESSAGE),
                         ("after %u frames", klass->fail_after_frames));
    }
    return GST_FLOW_ERROR;
  }
  return gst_proxy_pad_chain_default (pad, parent, buffer);
}

static GstStateChangeReturn
fake_hw_enc_change_state (GstElement     *element,
                          GstStateChange  transition)
{
  FakeHwEncClass *klass = FAKE_HW_ENC_GET_CLASS (element);

  if (transition == GST_STATE_CHANGE_READY_TO_PAUSED && klass->fail_on_start) {
    GST_ELEMENT_ERROR (element, RESOURCE, OPEN_READ, (FAKE_BROKEN_MESSAGE), (NULL));
    return GST_STATE_CHANGE_FAILURE;
  }
  return GST_ELEMENT_CLASS (fake_hw_enc_parent_class)->change_state (element, transition);
}

static void
fake_hw_enc_class_init (FakeHwEncClass *klass)
{
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);

  element_class->change_state = fake_hw_enc_change_state;
  gst_element_class_add_static_pad_template (element_class, &sink_template);
  gst_element_class_add_static_pad_template (element_class, &src_template);
}

static void
fake_hw_enc_init (FakeHwEnc *self)
{
  GstElement *encoder = gst_element_factory_make ("vp8enc", NULL);
  g_autoptr (GstPad) encoder_sink = gst_element_get_static_pad (encoder, "sink");
  g_autoptr (GstPad) encoder_src = gst_element_get_static_pad (encoder, "src");
  GstElementClass *element_class = GST_ELEMENT_GET_CLASS (self);
  GstPad *sink;

  g_object_set (encoder, "deadline", (gint64) 1, "cpu-used", 8, "lag-in-frames", 0, NULL);
  gst_bin_add (GST_BIN (self), encoder);

  sink = gst_ghost_pad_new_from_template ("sink", encoder_sink,
                                          gst_element_class_get_pad_template (element_class,
                                                                              "sink"));
  gst_pad_set_chain_function (sink, fake_hw_enc_chain);
  gst_element_add_pad (GST_ELEMENT (self), sink);
  gst_element_add_pad (GST_ELEMENT (self),
                       gst_ghost_pad_new_from_template ("src", encoder_src,
                                                        gst_element_class_get_pad_template (element_class,
                                                                                            "src")));
}

#define DEFINE_FAKE_ENCODER(TypeName, type_name, long_name, on_start, after_frames) \
  typedef FakeHwEnc TypeName; \
  typedef FakeHwEncClass TypeName##Class; \
  G_DEFINE_TYPE (TypeName, type_name, fake_hw_enc_get_type ()) \
  static void type_name##_class_init (TypeName##Class *klass) \
  { \
    klass->fail_on_start = (on_start); \
    klass->fail_after_frames = (after_frames); \
    gst_element_class_set_static_metadata (GST_ELEMENT_CLASS (klass), long_name, \
                                           "Codec/Encoder/Video/Hardware", \
                                           "A VP8 encoder pretending to be hardware", \
                                           "The libgstcall authors"); \
  } \
  static void type_name##_init (TypeName *self) {}

DEFINE_FAKE_ENCODER (FakeVaVp8Enc, fake_va_vp8_enc, "Fake VA VP8 encoder", FALSE, 0)
DEFINE_FAKE_ENCODER (FakeVaBrokenVp8Enc, fake_va_broken_vp8_enc,
                     "Fake VA VP8 encoder that fails to start", TRUE, 0)
DEFINE_FAKE_ENCODER (FakeVaFlakyVp8Enc, fake_va_flaky_vp8_enc,
                     "Fake VA VP8 encoder that fails mid-stream", FALSE, FAKE_FLAKY_FRAMES)

static gboolean
plugin_init (GstPlugin *plugin)
{
  return gst_element_register (plugin, "vafakevp8enc", GST_RANK_NONE,
                               fake_va_vp8_enc_get_type ()) &&
         gst_element_register (plugin, "vabrokenvp8enc", GST_RANK_NONE,
                               fake_va_broken_vp8_enc_get_type ()) &&
         gst_element_register (plugin, "vaflakyvp8enc", GST_RANK_NONE,
                               fake_va_flaky_vp8_enc_get_type ());
}

void
fake_hw_plugin_register (void)
{
  static gsize registered;

  if (g_once_init_enter (&registered)) {
    gboolean ok = gst_plugin_register_static (GST_VERSION_MAJOR, GST_VERSION_MINOR,
                                              "gstcallfakehw",
                                              "Fake hardware encoders for libgstcall tests",
                                              plugin_init, "1.0", "LGPL",
                                              "libgstcall", "libgstcall",
                                              "https://gstreamer.freedesktop.org");

    g_assert_true (ok);
    g_once_init_leave (&registered, 1);
  }
}
