// A chat between two GstCall.Call objects in this process, without media,
// in GJS: the caller opens a data channel, the peer answers every message
// it receives, and the caller hangs up once it heard back (10 s at most).
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Run with `gjs -m data-channel.js`; exits 0 when the peer's answer arrived.

import GLib from 'gi://GLib';
import Gst from 'gi://Gst?version=1.0';
import GstCall from 'gi://GstCall?version=1.0';
import System from 'system';

Gst.init(null);
const decoder = new TextDecoder();
const [ours, theirs] = GstCall.CallLoopbackSignaller.new_pair(); // or a WebSocket signaller
const call = GstCall.Call.new(), peer = GstCall.Call.new();
for (const c of [call, peer]) {
    c.ice_local_addresses = ['127.0.0.1']; // both ends are on this machine
    c.send_video = c.send_audio = false; // no media: a chat
}
call.set_signaller(ours);
peer.set_signaller(theirs);
peer.connect('incoming-call', () => peer.answer_async(null, null));

// The peer's end arrives here; every handler runs on the main context.
peer.connect('data-channel', (_peer, channel) => {
    print(`the peer opened ${channel.label}`);
    channel.connect('message', (_channel, data, isText) => {
        if (isText) // data is a GLib.Bytes; text is UTF-8
            channel.send_string(`you said: ${decoder.decode(data.toArray())}`);
    });
});

// Made before dialling: the offer carries it. Options as webrtcbin's, e.g.
// Gst.Structure.new_from_string('options, ordered=false, max-retransmits=0').
const channel = call.create_data_channel('chat', null);
const loop = new GLib.MainLoop(null, false);
let reply = null;
channel.connect('open', () => channel.send_string('hello'));
channel.connect('message', (_channel, data) => {
    reply = decoder.decode(data.toArray());
    print(`received: ${reply}`);
    loop.quit();
});
call.dial_async(null, null, null);
GLib.timeout_add_seconds(GLib.PRIORITY_DEFAULT, 10, () => loop.quit()); // 10 s at most
loop.run();
call.hangup(); // closes the channel on both sides
System.exit(reply === 'you said: hello' ? 0 : 1);
