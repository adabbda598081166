/* gst-call: messages on data channels, printed and typed
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <gio/gunixinputstream.h>
#include <glib/gi18n.h>

#include "gst-call-chat.h"

/* What of a message is printed: the first characters of text, the first
 * bytes of binary data. */
#define SHOWN_CHARACTERS 1000
#define SHOWN_BYTES 16
/* Longest line of standard input taken. */
#define MAX_LINE_BYTES (256 * 1024)

typedef struct _ChatCall ChatCall;

typedef struct {
  ChatCall *chat_call;
  GstCallDataChannel *channel;
  gboolean said_open;
} ChatChannel;

struct _ChatCall {
  GstCallToolChat *chat;
  GstCall *call;
  char *name;
  GPtrArray *channels; /* ChatChannel */
};

struct _GstCallToolChat {
  GPtrArray *calls; /* ChatCall */
  GInputStream *stdin_stream;
  GDataInputStream *lines;
  GCancellable *cancellable;
};

static void
chat_channel_free (gpointer data)
{
  ChatChannel *chat_channel = data;

  g_signal_handlers_disconnect_by_data (chat_channel->channel, chat_channel);
  g_object_unref (chat_channel->channel);
  g_free (chat_channel);
}

static void
chat_call_free (gpointer data)
{
  ChatCall *chat_call = data;

  g_signal_handlers_disconnect_by_data (chat_call->call, chat_call);
  g_ptr_array_unref (chat_call->channels);
  g_object_unref (chat_call->call);
  g_free (chat_call->name);
  g_free (chat_call);
}

/* Appends @text, one line: controls escaped, at most SHOWN_CHARACTERS. */
static void
append_printable (GString    *out,
                  const char *text,
                  gsize       size)
{
  g_autofree char *valid = g_utf8_make_valid (text, (gssize) size);
  guint characters = 0;

  for (const char *p = valid; *p; p = g_utf8_next_char (p), characters++) {
    gunichar c = g_utf8_get_char (p);

    if (characters == SHOWN_CHARACTERS) {
      g_string_append_printf (out, _("… (%" G_GSIZE_FORMAT " bytes)"), size);
      return;
    }
    if (c == '\n')
      g_string_append (out, "\\n");
    else if (c == '\t')
      g_string_append (out, "\\t");
    else if (c == '\\')
      g_string_append (out, "\\\\");
    else if (g_unichar_iscntrl (c) || c == 0x2028 || c == 0x2029)
      g_string_append_printf (out, "\\u%04x", c);
    else
      g_string_append_unichar (out, c);
  }
}

char *
gst_call_tool_chat_describe (GBytes   *data,
                             gboolean  is_text)
{
  gsize size = 0;
  const guint8 *bytes = g_bytes_get_data (data, &size);
  GString *out = g_string_new (NULL);

  if (is_text) {
    g_string_append (out, _("text: "));
    append_printable (out, (const char *) bytes, size);
  } else {
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "binary, %" G_GSIZE_FORMAT
                                              " byte: ", "binary, %" G_GSIZE_FORMAT
                                              " bytes: ", size), size);
    for (gsize i = 0; i < MIN (size, SHOWN_BYTES); i++)
      g_string_append_printf (out, "%02x", bytes[i]);
    if (size > SHOWN_BYTES)
      g_string_append (out, "…");
  }
  return g_string_free (out, FALSE);
}

static void
say (ChatChannel *chat_channel,
     const char  *what)
{
  printf (_("%s: channel “%s”: %s\n"), chat_channel->chat_call->name,
          gst_call_data_channel_get_label (chat_channel->channel), what);
  fflush (stdout);
}

static void
say_open (ChatChannel *chat_channel)
{
  if (chat_channel->said_open)
    return;
  chat_channel->said_open = TRUE;
  say (chat_channel, _("open"));
}

static void
on_channel_open (GstCallDataChannel *channel,
                 ChatChannel        *chat_channel)
{
  say_open (chat_channel);
}

static void
on_channel_message (GstCallDataChannel *channel,
                    GBytes             *data,
                    gboolean            is_text,
                    ChatChannel        *chat_channel)
{
  g_autofree char *description = gst_call_tool_chat_describe (data, is_text);

  say (chat_channel, description);
}

static void
on_channel_error (GstCallDataChannel *channel,
                  const GError       *error,
                  ChatChannel        *chat_channel)
{
  g_autofree char *text = g_strdup_printf (_("error: %s"), error->message);

  say (chat_channel, text);
}

static void
on_channel_close (GstCallDataChannel *channel,
                  ChatChannel        *chat_channel)
{
  say (chat_channel, _("closed"));
}

static void
watch_channel (ChatCall           *chat_call,
               GstCallDataChannel *channel)
{
  ChatChannel *chat_channel = g_new0 (ChatChannel, 1);

  chat_channel->chat_call = chat_call;
  chat_channel->channel = g_object_ref (channel);
  g_ptr_array_add (chat_call->channels, chat_channel);
  g_signal_connect (channel, "open", G_CALLBACK (on_channel_open), chat_channel);
  g_signal_connect (channel, "message", G_CALLBACK (on_channel_message), chat_channel);
  g_signal_connect (channel, "error", G_CALLBACK (on_channel_error), chat_channel);
  g_signal_connect (channel, "close", G_CALLBACK (on_channel_close), chat_channel);
  if (gst_call_data_channel_get_ready_state (channel) == GST_CALL_DATA_CHANNEL_STATE_OPEN)
    say_open (chat_channel);
}

static void
on_data_channel (GstCall            *call,
                 GstCallDataChannel *channel,
                 ChatCall           *chat_call)
{
  printf (_("%s: the peer opened channel “%s”\n"), chat_call->name,
          gst_call_data_channel_get_label (channel));
  fflush (stdout);
  watch_channel (chat_call, channel);
}

static ChatCall *
find_call (GstCallToolChat *chat,
           GstCall         *call)
{
  for (guint i = 0; i < chat->calls->len; i++) {
    ChatCall *chat_call = chat->calls->pdata[i];

    if (chat_call->call == call)
      return chat_call;
  }
  return NULL;
}

void
gst_call_tool_chat_add_call (GstCallToolChat *chat,
                             GstCall         *call,
                             const char      *name)
{
  ChatCall *chat_call = g_new0 (ChatCall, 1);

  chat_call->chat = chat;
  chat_call->call = g_object_ref (call);
  chat_call->name = g_strdup (name);
  chat_call->channels = g_ptr_array_new_with_free_func (chat_channel_free);
  g_ptr_array_add (chat->calls, chat_call);
  g_signal_connect (call, "data-channel", G_CALLBACK (on_data_channel), chat_call);
}

gboolean
gst_call_tool_chat_open_channel (GstCallToolChat *chat,
                                 GstCall         *call,
                                 GError         **error)
{
  ChatCall *chat_call = find_call (chat, call);
  g_autoptr (GstCallDataChannel) channel = NULL;

  g_return_val_if_fail (chat_call != NULL, FALSE);

  channel = gst_call_create_data_channel (call, GST_CALL_TOOL_CHAT_LABEL, NULL, error);
  if (!channel)
    return FALSE;
  watch_channel (chat_call, channel);
  return TRUE;
}

void
gst_call_tool_chat_remove_call (GstCallToolChat *chat,
                                GstCall         *call)
{
  ChatCall *chat_call = find_call (chat, call);

  if (chat_call)
    g_ptr_array_remove_fast (chat->calls, chat_call);
}

/* "/hex 48 69 0a": the bytes; NULL with @error for a bad one, NULL without
 * it for a line that is not a /hex line. */
static GBytes *
parse_hex_line (const char  *line,
                GError     **error)
{
  g_autoptr (GByteArray) bytes = NULL;
  const char *p;

  if (!g_str_has_prefix (line, "/hex") || (line[4] != '\0' && !g_ascii_isspace (line[4])))
    return NULL;
  bytes = g_byte_array_new ();
  for (p = line + 4; *p;) {
    if (g_ascii_isspace (*p)) {
      p++;
      continue;
    }
    if (!g_ascii_isxdigit (p[0]) || !g_ascii_isxdigit (p[1])) {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("“/hex” takes pairs of hexadecimal digits, e.g. /hex 48690a"));
      return NULL;
    }
    g_byte_array_append (bytes, (guint8[]) { (guint8) (g_ascii_xdigit_value (p[0]) << 4 |
                                                       g_ascii_xdigit_value (p[1])) }, 1);
    p += 2;
  }
  if (bytes->len == 0) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                 _("“/hex” takes pairs of hexadecimal digits, e.g. /hex 48690a"));
    return NULL;
  }
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

static void
send_line (GstCallToolChat *chat,
           const char      *line)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = parse_hex_line (line, &error);
  guint sent = 0;

  if (error) {
    fprintf (stderr, _("Not sent: %s\n"), error->message);
    return;
  }
  if (!bytes && !g_utf8_validate (line, -1, NULL)) {
    fprintf (stderr, _("Not sent: the line is not valid UTF-8 text\n"));
    return;
  }

  for (guint i = 0; i < chat->calls->len; i++) {
    ChatCall *chat_call = chat->calls->pdata[i];

    for (guint j = 0; j < chat_call->channels->len; j++) {
      ChatChannel *chat_channel = chat_call->channels->pdata[j];
      g_autoptr (GError) send_error = NULL;
      gboolean ok;

      if (gst_call_data_channel_get_ready_state (chat_channel->channel) !=
          GST_CALL_DATA_CHANNEL_STATE_OPEN)
        continue;
      ok = bytes ? gst_call_data_channel_send_bytes (chat_channel->channel, bytes, &send_error)
                 : gst_call_data_channel_send_string (chat_channel->channel, line, &send_error);
      if (ok) {
        sent++;
      } else {
        g_autofree char *text = g_strdup_printf (_("not sent: %s"), send_error->message);

        say (chat_channel, text);
      }
    }
  }
  if (sent == 0)
    fprintf (stderr, _("Not sent: no data channel is open\n"));
}

static void read_next_line (GstCallToolChat *chat);

static void
on_line_read (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  GstCallToolChat *chat = user_data;
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  g_autofree char *line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source),
                                                               result, &length, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (error) {
    fprintf (stderr, _("Cannot read standard input: %s\n"), error->message);
    return;
  }
  if (!line)
    return; /* end of input: the calls go on */
  if (length > MAX_LINE_BYTES) {
    fprintf (stderr, _("Not sent: a line is limited to %u bytes\n"), MAX_LINE_BYTES);
  } else {
    if (length > 0 && line[length - 1] == '\r')
      line[--length] = '\0';
    if (length > 0)
      send_line (chat, line);
  }
  read_next_line (chat);
}

static void
read_next_line (GstCallToolChat *chat)
{
  g_data_input_stream_read_line_async (chat->lines, G_PRIORITY_DEFAULT, chat->cancellable,
                                       on_line_read, chat);
}

GstCallToolChat *
gst_call_tool_chat_new (gboolean read_stdin)
{
  GstCallToolChat *chat = g_new0 (GstCallToolChat, 1);

  chat->calls = g_ptr_array_new_with_free_func (chat_call_free);
  if (read_stdin) {
    chat->cancellable = g_cancellable_new ();
    chat->stdin_stream = g_unix_input_stream_new (0, FALSE);
    chat->lines = g_data_input_stream_new (chat->stdin_stream);
    read_next_line (chat);
  }
  return chat;
}

void
gst_call_tool_chat_free (GstCallToolChat *chat)
{
  if (chat->cancellable) {
    GMainContext *context = g_main_context_ref_thread_default ();

    g_cancellable_cancel (chat->cancellable);
    /* The read in flight returns (cancelled) before the stream goes. */
    while (g_input_stream_has_pending (G_INPUT_STREAM (chat->lines)))
      g_main_context_iteration (context, TRUE);
    g_main_context_unref (context);
  }
  g_clear_object (&chat->lines);
  g_clear_object (&chat->stdin_stream);
  g_clear_object (&chat->cancellable);
  g_ptr_array_unref (chat->calls);
  g_free (chat);
}
