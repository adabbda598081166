// A complete call in a few lines of GJS: two GstCall.Call objects in this
// process, connected through the loopback signaller, with promises.
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Run with `gjs -m loopback-call.js`. Prints the states, connects, waits
// for the peer's video and audio (10 s at most) and hangs up; exits 0 when
// video and audio frames arrived from the peer.

import GLib from 'gi://GLib';
import Gio from 'gi://Gio';
import Gst from 'gi://Gst?version=1.0';
import GstCall from 'gi://GstCall?version=1.0';
import System from 'system';

// dial_async/dial_finish become one method returning a promise.
Gio._promisify(GstCall.Call.prototype, 'dial_async', 'dial_finish');
Gio._promisify(GstCall.Call.prototype, 'answer_async', 'answer_finish');
Gio._promisify(GstCall.Call.prototype, 'get_stats_async', 'get_stats_finish');

// GstCall.CallState.ACTIVE is 2: its name from its value.
const stateNames = Object.fromEntries(Object.entries(GstCall.CallState)
    .filter(([, value]) => typeof value === 'number')
    .map(([name, value]) => [value, name.toLowerCase()]));

const sleep = milliseconds => new Promise(resolve => {
    GLib.timeout_add(GLib.PRIORITY_DEFAULT, milliseconds, () => {
        resolve();
        return GLib.SOURCE_REMOVE;
    });
});

async function loopbackCall() {
    const [ours, theirs] = GstCall.CallLoopbackSignaller.new_pair(); // or a WebSocket signaller
    const call = GstCall.Call.new(), peer = GstCall.Call.new();
    for (const c of [call, peer])
        c.ice_local_addresses = ['127.0.0.1']; // both ends are on this machine
    call.set_signaller(ours);
    peer.set_signaller(theirs);
    peer.connect('incoming-call', () => {
        peer.answer_async(null).catch(error => printerr(`answer failed: ${error.message}`));
    });
    call.connect('notify::state', () => {
        print(`call is ${stateNames[call.state]}`);
    });

    await call.dial_async(null, null); // rejects with a GLib.Error on failure
    const frames = {video: 0, audio: 0};
    for (let i = 0; i < 100; i++) { // until the peer's media is decoded, 10 s at most
        // Typed statistics, as a browser's getStats().
        const stats = await call.get_stats_async(null);
        frames.video = frames.audio = 0;
        for (const stream of stats.get_inbound_streams()) {
            const kind = stream.kind === GstCall.CallMediaKind.VIDEO ? 'video' : 'audio';
            frames[kind] += stream.frames_decoded;
        }
        if (frames.video > 0 && frames.audio > 0)
            break;
        await sleep(100); // the main loop runs on: media flows
    }
    call.hangup();
    return frames;
}

Gst.init(null);
const loop = new GLib.MainLoop(null, false);
let exitCode = 1;
loopbackCall().then(({video, audio}) => {
    print(`received ${video} video frames and ${audio} audio frames`);
    exitCode = video > 0 && audio > 0 ? 0 : 1;
}).catch(error => {
    printerr(`call failed: ${error.message}`);
}).finally(() => loop.quit());
loop.run();
System.exit(exitCode);
