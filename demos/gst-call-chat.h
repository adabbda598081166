/* gst-call: messages on data channels, printed and typed
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gstcall/gstcall.h>

G_BEGIN_DECLS

/* The label of the channel gst-call opens itself. */
#define GST_CALL_TOOL_CHAT_LABEL "chat"

typedef struct _GstCallToolChat GstCallToolChat;

/* Prints what peers send on the data channels of the calls added (text as
 * text, binary as its size and first bytes in hex) and, with @read_stdin,
 * sends every line of standard input on every open channel: as text, or a
 * line "/hex 48690a" as those bytes. */
GstCallToolChat *gst_call_tool_chat_new         (gboolean          read_stdin);
void             gst_call_tool_chat_free        (GstCallToolChat  *chat);

/* Watches the channels of @call, those it opens and those its peer opens;
 * printed lines start with @name ("call 3"). */
void             gst_call_tool_chat_add_call    (GstCallToolChat  *chat,
                                                 GstCall          *call,
                                                 const char       *name);

/* Opens a reliable, ordered channel labelled GST_CALL_TOOL_CHAT_LABEL on
 * @call, added before. */
gboolean         gst_call_tool_chat_open_channel (GstCallToolChat *chat,
                                                  GstCall         *call,
                                                  GError         **error);

/* Forgets @call and its channels (nothing more is printed about them). */
void             gst_call_tool_chat_remove_call (GstCallToolChat  *chat,
                                                 GstCall          *call);

/* "text: ..." or "binary, N bytes: 0a1b…": one line whatever the peer sent
 * (controls escaped, invalid UTF-8 replaced, long text cut). */
char            *gst_call_tool_chat_describe    (GBytes           *data,
                                                 gboolean          is_text);

G_END_DECLS
