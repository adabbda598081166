// Follow the peer's video from GJS: GstCall.CallTrack's frames-decoded
// property counts decoded frames and is notified on this thread, so no
// handler ever has to run on one of GStreamer's streaming threads.
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Run with `gjs -m remote-frames.js`. Prints the peer's frame rate once a
// second and exits 0 once 60 frames were decoded (20 s at most).

import GLib from 'gi://GLib';
import Gio from 'gi://Gio';
import Gst from 'gi://Gst?version=1.0';
import GstCall from 'gi://GstCall?version=1.0';
import System from 'system';

Gio._promisify(GstCall.Call.prototype, 'dial_async', 'dial_finish');
Gio._promisify(GstCall.Call.prototype, 'answer_async', 'answer_finish');

const WANTED_FRAMES = 60;

function newCall() {
    const call = GstCall.Call.new();
    call.ice_local_addresses = ['127.0.0.1']; // both ends are on this machine
    call.send_audio = false;
    call.video_width = 320;
    call.video_height = 240;
    const source = Gst.ElementFactory.make('videotestsrc', null);
    source.is_live = true;
    call.set_video_source(source);
    return call;
}

// Resolves with the number of frames once WANTED_FRAMES of the peer's video
// were decoded.
function countRemoteFrames(call) {
    return new Promise(resolve => {
        call.connect('remote-track', (_call, track) => {
            if (track.kind !== GstCall.CallMediaKind.VIDEO)
                return;
            let lastFrames = 0, lastTime = GLib.get_monotonic_time();
            // Notified on this thread: at once for the first frame, then at
            // most ten times a second.
            track.connect('notify::frames-decoded', () => {
                const frames = track.frames_decoded, now = GLib.get_monotonic_time();
                if (now - lastTime >= GLib.USEC_PER_SEC) {
                    const fps = (frames - lastFrames) * GLib.USEC_PER_SEC / (now - lastTime);
                    print(`${frames} frames decoded, ${fps.toFixed(1)} frames/s`);
                    lastFrames = frames;
                    lastTime = now;
                }
                if (frames >= WANTED_FRAMES)
                    resolve(frames);
            });
        });
    });
}

async function main() {
    const [ours, theirs] = GstCall.CallLoopbackSignaller.new_pair();
    const call = newCall(), peer = newCall();
    call.set_signaller(ours);
    peer.set_signaller(theirs);
    peer.connect('incoming-call', () => {
        peer.answer_async(null).catch(error => printerr(`answer failed: ${error.message}`));
    });
    const frames = countRemoteFrames(call);
    await call.dial_async(null, null);
    const timeout = new Promise((_resolve, reject) => {
        GLib.timeout_add_seconds(GLib.PRIORITY_DEFAULT, 20, () => {
            reject(new Error('the peer\'s video was not decoded within 20 s'));
            return GLib.SOURCE_REMOVE;
        });
    });
    const count = await Promise.race([frames, timeout]);
    call.hangup();
    return count;
}

Gst.init(null);
const loop = new GLib.MainLoop(null, false);
let exitCode = 1;
main().then(count => {
    print(`the peer's video: ${count} frames decoded`);
    exitCode = 0;
}).catch(error => {
    printerr(`failed: ${error.message}`);
}).finally(() => loop.quit());
loop.run();
System.exit(exitCode);
