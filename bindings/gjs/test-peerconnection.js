// GstCall.PeerConnection from GJS: a full loopback call with promises.
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Run with `gjs -m test-peerconnection.js` (meson test --suite bindings).
// Exits 0 when both peers reached connection-state CONNECTED and received
// decoded remote audio and video; non-zero on any failure or after 20 s.
//
// This test is the proof of libgstcall's threading contract. GJS can only
// run JavaScript on the thread that owns the JS context. Raw webrtcbin emits
// on-negotiation-needed, on-ice-candidate and pad-added, and replies to its
// GstPromises, on GStreamer threads: in GJS those handlers never run and
// promises built on them never resolve (measured here with GJS 1.74.2: a JS
// handler of raw webrtcbin's on-negotiation-needed is not run, GJS logs
// "JS ERROR: too much recursion" from the foreign thread instead; GJS may
// also block such a call with "Attempting to run a JS callback on a
// different thread", a critical, fatal under G_DEBUG=fatal-criticals).
// GstPeerConnection delivers every signal, notify and async result on the
// main context it was created on, so the plain promise-based code below just
// works. Media buffers are counted without JS callbacks on streaming threads:
// decoded remote media goes into appsinks, drained from a main-loop timeout.

import GLib from 'gi://GLib';
import Gio from 'gi://Gio';
import GObject from 'gi://GObject';
import Gst from 'gi://Gst?version=1.0';
import GstApp from 'gi://GstApp?version=1.0';
import GstCall from 'gi://GstCall?version=1.0';
import System from 'system';

const VIDEO_SOURCE = 'videotestsrc is-live=true pattern=ball ! ' +
    'capsfilter caps=video/x-raw,width=320,height=240,framerate=30/1';
const AUDIO_SOURCE = 'audiotestsrc is-live=true ! ' +
    'capsfilter caps=audio/x-raw,rate=48000,channels=2';
// Test calls never leave this machine's loopback interface.
const ICE_ADDRESS = '127.0.0.1';
const TIMEOUT_MS = 20000;
const MIN_VIDEO_FRAMES = 30;
const MIN_AUDIO_BUFFERS = 50;

const {CallMediaKind, CallSdpType, CallPeerConnectionState, CallSignalingState} = GstCall;

Gio._promisify(GstCall.PeerConnection.prototype, 'create_offer_async', 'create_offer_finish');
Gio._promisify(GstCall.PeerConnection.prototype, 'create_answer_async', 'create_answer_finish');
Gio._promisify(GstCall.PeerConnection.prototype,
    'set_local_description_async', 'set_local_description_finish');
Gio._promisify(GstCall.PeerConnection.prototype,
    'set_remote_description_async', 'set_remote_description_finish');
Gio._promisify(GstCall.PeerConnection.prototype, 'get_stats_async', 'get_stats_finish');

Gst.init(null);

function assert(condition, message) {
    if (!condition)
        throw new Error(`assertion failed: ${message}`);
}

class Peer {
    constructor(name, signaller, offerer, onFailure) {
        this.name = name;
        this.signaller = signaller;
        this.offerer = offerer;
        this.onFailure = onFailure;
        // GObject construction plus GInitable.init(), which throws the
        // construction error: no constructor takes ice-local-addresses.
        this.pc = new GstCall.PeerConnection({ice_local_addresses: [ICE_ADDRESS]});
        this.pc.init(null);
        this.offer = null;
        this.answer = null;
        this.connected = false;
        this.candidatesSent = 0;
        this.candidatesReceived = 0;
        this.remoteKinds = [];
        this.sinks = [];
        this.buffers = {[CallMediaKind.VIDEO]: 0, [CallMediaKind.AUDIO]: 0};
        this.handlers = [];

        this._connect(this.pc, 'negotiation-needed', () => {
            if (this.offerer && this.offer === null) {
                this.offer = '';
                this._step('offer', this._sendOffer());
            }
        });
        this._connect(this.pc, 'ice-candidate', (pc, mlineIndex, candidate) => {
            assert(candidate.startsWith('candidate:'), `candidate ${candidate}`);
            assert(candidate.includes(` ${ICE_ADDRESS} `), `candidate on ${ICE_ADDRESS}: ${candidate}`);
            this.candidatesSent++;
            this.signaller.send_candidate(mlineIndex, candidate);
        });
        this._connect(this.pc, 'notify::connection-state', pc => {
            if (pc.connection_state === CallPeerConnectionState.CONNECTED)
                this.connected = true;
        });
        this._connect(this.pc, 'track', (pc, track) => this._onTrack(track));
        this._connect(this.pc, 'error', (pc, error) => {
            this.onFailure(new Error(`${this.name}: media error: ${error.message}`));
        });
        this._connect(signaller, 'description-received', (s, type, sdp) => {
            if (type === CallSdpType.OFFER)
                this.offer = sdp;
            else
                this.answer = sdp;
            this._step('remote description', this._applyRemote(type, sdp));
        });
        this._connect(signaller, 'candidate-received', (s, mlineIndex, candidate) => {
            this.candidatesReceived++;
            this.pc.add_ice_candidate(mlineIndex, candidate);
        });
    }

    _connect(object, signal, handler) {
        const id = object.connect(signal, (...args) => {
            try {
                handler(...args);
            } catch (error) {
                this.onFailure(new Error(`${this.name}: ${signal}: ${error.message}`));
            }
        });
        this.handlers.push([object, id]);
    }

    _step(what, promise) {
        promise.catch(error => {
            this.onFailure(new Error(`${this.name}: ${what}: ${error.message}`));
        });
    }

    addMedia() {
        for (const [kind, description] of [[CallMediaKind.VIDEO, VIDEO_SOURCE],
            [CallMediaKind.AUDIO, AUDIO_SOURCE]]) {
            const track = this.pc.add_track_from_description(kind, description);
            assert(track.get_kind() === kind && !track.is_remote(), 'local track');
        }
    }

    async _sendOffer() {
        const sdp = await this.pc.create_offer_async(null);
        this.offer = sdp;
        // Sent only once applied, as in the W3C API: the answer must not
        // overtake the offer being applied.
        assert(await this.pc.set_local_description_async(CallSdpType.OFFER, sdp, null),
            'set local offer');
        this.signaller.send_description(CallSdpType.OFFER, sdp);
    }

    async _applyRemote(type, sdp) {
        assert(await this.pc.set_remote_description_async(type, sdp, null),
            'set remote description');
        if (type !== CallSdpType.OFFER)
            return;
        const answer = await this.pc.create_answer_async(null);
        this.answer = answer;
        // null: apply the answer just created.
        assert(await this.pc.set_local_description_async(CallSdpType.ANSWER, null, null),
            'set local answer');
        this.signaller.send_description(CallSdpType.ANSWER, answer);
    }

    _onTrack(track) {
        assert(track.is_remote(), 'remote track');
        assert(track.get_pad() !== null, 'track pad');
        const kind = track.get_kind();
        this.remoteKinds.push(kind);

        const sink = new GstApp.AppSink({sync: false, async: false, emit_signals: false});
        assert(track.set_sink(sink), 'set_sink');
        assert(track.get_pad().is_linked(), 'track pad linked');
        this.sinks.push([kind, sink]);
    }

    // Main thread: takes what the appsinks received so far.
    drainSinks() {
        for (const [kind, sink] of this.sinks) {
            while (sink.try_pull_sample(0) !== null)
                this.buffers[kind]++;
        }
    }

    close() {
        for (const [object, id] of this.handlers)
            object.disconnect(id);
        this.handlers = [];
        this.sinks = [];
        this.pc.close();
        assert(this.pc.connection_state === CallPeerConnectionState.CLOSED, 'closed');
    }
}

async function main() {
    const start = GLib.get_monotonic_time();
    let failure = null;
    const loop = new GLib.MainLoop(null, false);
    const fail = error => {
        if (!failure)
            failure = error;
        loop.quit();
    };

    const [signallerA, signallerB] = GstCall.CallLoopbackSignaller.new_pair();
    const offerer = new Peer('offerer', signallerA, true, fail);
    const answerer = new Peer('answerer', signallerB, false, fail);
    answerer.addMedia();
    offerer.addMedia();

    let connectedMs = null;
    let timeoutId = GLib.timeout_add(GLib.PRIORITY_DEFAULT, TIMEOUT_MS, () => {
        timeoutId = 0;
        fail(new Error(connectedMs === null
            ? `timed out after ${TIMEOUT_MS} ms waiting for both peers to connect`
            : `timed out after ${TIMEOUT_MS} ms waiting for remote media`));
        return GLib.SOURCE_REMOVE;
    });
    const pollId = GLib.timeout_add(GLib.PRIORITY_DEFAULT, 20, () => {
        try {
            if (connectedMs === null && offerer.connected && answerer.connected)
                connectedMs = (GLib.get_monotonic_time() - start) / 1000;
            offerer.drainSinks();
            answerer.drainSinks();
            if (connectedMs !== null &&
                [offerer, answerer].every(peer =>
                    peer.buffers[CallMediaKind.VIDEO] >= MIN_VIDEO_FRAMES &&
                    peer.buffers[CallMediaKind.AUDIO] >= MIN_AUDIO_BUFFERS))
                loop.quit();
        } catch (error) {
            fail(error);
        }
        return GLib.SOURCE_CONTINUE;
    });

    loop.run();
    if (timeoutId)
        GLib.source_remove(timeoutId);
    GLib.source_remove(pollId);

    try {
        if (failure)
            throw failure;
        const mediaMs = (GLib.get_monotonic_time() - start) / 1000;
        print(`GJS loopback: connected after ${connectedMs.toFixed(0)} ms, media both ways ` +
            `after ${mediaMs.toFixed(0)} ms; offerer received ` +
            `${offerer.buffers[CallMediaKind.VIDEO]} video frames and ` +
            `${offerer.buffers[CallMediaKind.AUDIO]} audio buffers, answerer ` +
            `${answerer.buffers[CallMediaKind.VIDEO]} and ` +
            `${answerer.buffers[CallMediaKind.AUDIO]}`);

        for (const peer of [offerer, answerer]) {
            assert(peer.pc.connection_state === CallPeerConnectionState.CONNECTED,
                `${peer.name} connected`);
            assert(peer.pc.signaling_state === CallSignalingState.STABLE,
                `${peer.name} stable`);
            assert(peer.remoteKinds.length === 2 &&
                peer.remoteKinds.includes(CallMediaKind.VIDEO) &&
                peer.remoteKinds.includes(CallMediaKind.AUDIO),
            `${peer.name} got one remote video and one remote audio track`);
        }
        assert(offerer.candidatesSent > 0 && answerer.candidatesSent > 0, 'candidates gathered');
        assert(answerer.candidatesReceived === offerer.candidatesSent, 'offerer candidates trickled');
        assert(offerer.candidatesReceived === answerer.candidatesSent, 'answerer candidates trickled');
        assert(offerer.offer === answerer.offer && offerer.answer === answerer.answer,
            'descriptions went through the signaller');
        assert(offerer.offer.includes('a=group:BUNDLE'), 'BUNDLE offered');

        // Typed statistics, as a browser's getStats(): a promise, settled on
        // this thread.
        const stats = await offerer.pc.get_stats_async(null);
        const video = stats.get_inbound_streams().find(s => s.kind === CallMediaKind.VIDEO);
        assert(video && video.frames_decoded > 0 && video.decoder,
            'the offerer decoded video, per its statistics');
        const sent = stats.get_outbound_streams().find(s => s.kind === CallMediaKind.VIDEO);
        assert(sent && sent.bytes_sent > 0 && sent.encoder && sent.codec === 'VP8',
            'the offerer sent VP8 video, per its statistics');
        assert(stats.candidate_pair && stats.candidate_pair.local_candidate_type === 'host',
            'a host candidate pair');
    } finally {
        offerer.close();
        answerer.close();
        System.gc();
    }
}

let status = 0;
let done = false;
main().catch(error => {
    printerr(`FAIL: ${error.message}`);
    status = 1;
}).finally(() => {
    done = true;
});
// main() runs its own loop; settle the last promise callbacks.
const context = GLib.MainContext.default();
while (!done)
    context.iteration(true);
if (status === 0)
    print('PASS');
System.exit(status);
