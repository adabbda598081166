// A WHIP and WHEP endpoint whose WebRTC side is werift (a WebRTC stack in
// TypeScript, from npm), not libgstcall: a tiny SFU. A client publishes
// with WHIP; the RTP it sends (VP8, Opus) is relayed to every WHEP viewer.
// The HTTP part follows RFC 9725 (POST -> 201 + Location + ETag, PATCH
// with trickle-ice-sdpfrag, DELETE). HTTP and ICE use 127.0.0.1 only and
// no STUN server is ever contacted.
//
//   node server.mjs      prints "listening on PORT", then serves:
//   POST /whip  ingest: counts RTP packets and VP8 frames (marker bit)
//   POST /whep  plays what the WHIP publishers send
//   GET /state  JSON: live sessions, packets and frames received (WHIP) or
//               sent (WHEP) per session and kind, the werift connection
//               state of every session, deleted ids
//   Exits when its stdin closes.
//
// SPDX-License-Identifier: LGPL-2.1-or-later

import { randomUUID } from "node:crypto";
import http from "node:http";
import werift from "werift";

const { RTCPeerConnection, RTCRtpCodecParameters, MediaStreamTrack, useNACK, usePLI } = werift;

const LOOPBACK = "127.0.0.1";

function newPeerConnection() {
  return new RTCPeerConnection({
    // werift's default is a public Google STUN server: none at all here.
    iceServers: [],
    // werift never gathers loopback addresses by itself: gather none from
    // the interfaces, add 127.0.0.1 and bind the ICE sockets to it.
    iceUseIpv4: false,
    iceUseIpv6: false,
    iceAdditionalHostAddresses: [LOOPBACK],
    iceInterfaceAddresses: { udp4: LOOPBACK },
    // Only ever check pairs towards loopback, whatever the offer says.
    iceFilterCandidatePair: (pair) => pair.remoteCandidate.host.startsWith("127."),
    bundlePolicy: "max-bundle",
    codecs: {
      video: [new RTCRtpCodecParameters({
        mimeType: "video/VP8", clockRate: 90000, rtcpFeedback: [useNACK(), usePLI()],
      })],
      audio: [new RTCRtpCodecParameters({
        mimeType: "audio/opus", clockRate: 48000, channels: 2,
      })],
    },
    // No header extensions: relayed packets carry none of the publisher's.
    headerExtensions: { video: [], audio: [] },
  });
}

const sessions = new Map(); // id -> { pc, etag, kind: "whip" | "whep", tracks }
const packets = {}; // id -> { video: n, audio: n }
const frames = {};
const states = {}; // id -> werift connectionState, kept after DELETE
const deleted = [];

function count(table, id, kind) {
  table[id][kind] = (table[id][kind] ?? 0) + 1;
}

// Asks every publisher for a key frame (a viewer joined or lost one).
function requestKeyFrames() {
  for (const session of sessions.values()) {
    if (session.kind !== "whip") continue;
    for (const transceiver of session.pc.getTransceivers()) {
      const track = transceiver.receiver.tracks[0];
      if (transceiver.kind === "video" && track?.ssrc)
        transceiver.receiver.sendRtcpPLI(track.ssrc).catch(() => {});
    }
  }
}

function relay(rtp, kind) {
  const buffer = rtp.serialize();
  for (const [id, session] of sessions) {
    if (session.kind !== "whep" || !session.tracks[kind]) continue;
    // writeRtp takes a copy of a Buffer: each viewer's sender rewrites
    // SSRC, payload type, sequence numbers and timestamps in its own.
    session.tracks[kind].writeRtp(buffer);
    count(packets, id, kind);
    if (kind === "audio" || rtp.header.marker) count(frames, id, kind);
  }
}

async function post(request, body, kind) {
  const id = randomUUID().replaceAll("-", "");
  const pc = newPeerConnection();
  const session = { pc, etag: `"${randomUUID().slice(0, 8)}"`, kind, tracks: {} };
  sessions.set(id, session);
  packets[id] = {};
  frames[id] = {};
  states[id] = pc.connectionState;
  pc.connectionStateChange.subscribe((state) => { states[id] = state; });

  if (kind === "whep") {
    // Send-only transceivers: werift pairs them with the receive-only
    // m-lines of the offer by kind.
    for (const mediaKind of ["video", "audio"]) {
      const track = new MediaStreamTrack({ kind: mediaKind });
      const transceiver = pc.addTransceiver(track, { direction: "sendonly" });
      session.tracks[mediaKind] = track;
      if (mediaKind === "video")
        transceiver.sender.onPictureLossIndication.subscribe(requestKeyFrames);
    }
    pc.connectionStateChange.subscribe((state) => {
      if (state === "connected") requestKeyFrames();
    });
  }

  await pc.setRemoteDescription({ type: "offer", sdp: body });
  if (kind === "whip") {
    // werift made a receiver track per a=ssrc of the offer. Its onTrack
    // event needs an a=msid line, which webrtcbin 1.22 does not write (it
    // puts msid in a=ssrc lines): read the tracks from the transceivers.
    for (const transceiver of pc.getTransceivers()) {
      for (const track of transceiver.receiver.tracks) {
        track.onReceiveRtp.subscribe((rtp) => {
          count(packets, id, track.kind);
          // VP8: the marker bit ends a frame; Opus: one frame a packet.
          if (track.kind === "audio" || rtp.header.marker) count(frames, id, track.kind);
          relay(rtp, track.kind);
        });
      }
    }
  }
  // Resolves once ICE gathering is done: the answer has our candidates.
  await pc.setLocalDescription(await pc.createAnswer());
  return {
    status: 201,
    headers: {
      "Content-Type": "application/sdp",
      Location: `${request.url}/${id}`,
      ETag: session.etag,
    },
    body: pc.localDescription.sdp,
  };
}

async function patch(request, body, session) {
  if (![undefined, "*", session.etag].includes(request.headers["if-match"]))
    return { status: 412 };
  let mid;
  for (const line of body.split(/\r?\n/)) {
    if (line.startsWith("a=mid:")) {
      mid = line.slice(6);
    } else if (line.startsWith("a=candidate:")) {
      try {
        await session.pc.addIceCandidate({ candidate: line.slice(2), sdpMid: mid });
      } catch (error) {
        console.error("candidate refused:", error.message);
      }
    }
  }
  return { status: 204 };
}

async function remove(id, session) {
  sessions.delete(id);
  session.tracks.video?.stop();
  session.tracks.audio?.stop();
  await session.pc.close();
  states[id] = session.pc.connectionState;
  deleted.push(id);
  return { status: 200 };
}

async function handle(request, body) {
  const [, kind, id, extra] = request.url.split("/");
  if (request.method === "GET" && kind === "state" && id === undefined) {
    return {
      status: 200,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ sessions: [...sessions.keys()], packets, frames, states, deleted }),
    };
  }
  if (!["whip", "whep"].includes(kind) || extra !== undefined) return { status: 404 };
  if (id === undefined) {
    if (request.method !== "POST") return { status: 405 };
    if (request.headers["content-type"] !== "application/sdp") return { status: 415 };
    return post(request, body, kind);
  }
  const session = sessions.get(id);
  if (!session || session.kind !== kind) return { status: 404 };
  if (request.method === "PATCH") return patch(request, body, session);
  if (request.method === "DELETE") return remove(id, session);
  return { status: 405 };
}

const server = http.createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    handle(request, Buffer.concat(chunks).toString())
      .catch((error) => {
        console.error(`${request.method} ${request.url}:`, error);
        return { status: 500 };
      })
      .then(({ status, headers = {}, body }) => {
        response.writeHead(status, headers);
        response.end(body);
      });
  });
});

server.listen(0, LOOPBACK, () => {
  console.log(`listening on ${server.address().port}`);
});

// Until the test closes our stdin.
process.stdin.resume();
process.stdin.on("end", async () => {
  for (const [id, session] of sessions) await remove(id, session);
  server.close();
  process.exit(0);
});
