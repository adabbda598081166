// One Chromium peer of bench/network: sends its fake camera (the clip) or
// receives and reads back the frame numbers, speaking the signaling
// protocol of GstCallSignalingServer (docs/signaling-protocol.md).
// Copyright (C) 2026 The libgstcall authors
// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Query: role=send|receive, ws=ws://HOST:PORT/ws, room, duration (s of call
// after connected, sender), luma (file:// URL of the clip's luma planes,
// receiver), width, height, fps, frames (the clip's).
// The barcode and the PSNR are those of bench/network_clip.py: keep them in
// step. Results in window.benchResult once window.benchDone is true; times
// are ms since the epoch.
'use strict';

const params = new URLSearchParams(location.search);
const role = params.get('role');
const WIDTH = Number(params.get('width'));
const HEIGHT = Number(params.get('height'));
const FPS = Number(params.get('fps'));
const FRAMES = Number(params.get('frames'));
const CELLS = 20;
const NUMBER_BITS = 12;
const CHECK_BITS = 6;

window.benchLog = '';
window.benchDone = false;
const result = { frames: [] };

function now() {
  return performance.timeOrigin + performance.now();
}

function log(message) {
  window.benchLog += `${(now() / 1000).toFixed(3)} ${message}\n`;
  document.getElementById('log').textContent = window.benchLog;
}

function finish(error) {
  if (window.benchDone)
    return;
  if (error) {
    result.error = error;
    log(`error: ${error}`);
  }
  window.benchResult = result;
  window.benchDone = true;
}

function checkCode(number) {
  return (number * 37 + 11) % (1 << CHECK_BITS);
}

// The number stamped in a luma plane (bench/network_clip.py read_number), or -1.
function readNumber(luma, stride, width, height) {
  const top = Math.floor(height / 40);
  const bottom = Math.floor(3 * height / 40);
  const bits = [];
  for (let cell = 0; cell < CELLS; cell++) {
    const left = Math.floor((cell + 0.25) * width / CELLS);
    const right = Math.max(left + 1, Math.floor((cell + 0.75) * width / CELLS));
    let sum = 0;
    for (let row = top; row < bottom; row++)
      for (let column = left; column < right; column++)
        sum += luma[row * stride + column];
    bits.push(sum / ((bottom - top) * (right - left)) > 128 ? 1 : 0);
  }
  if (bits[0] !== 1 || bits[1] !== 0)
    return -1;
  let number = 0;
  for (let i = 2; i < 2 + NUMBER_BITS; i++)
    number = number << 1 | bits[i];
  let check = 0;
  for (let i = 2 + NUMBER_BITS; i < CELLS; i++)
    check = check << 1 | bits[i];
  return check === checkCode(number) && number < FRAMES ? number : -1;
}

// PSNR of the luma below the barcode against the clip's frame
// (bench/network_clip.py psnr), a smaller frame scaled up, nearest neighbour.
function psnr(luma, stride, width, height, reference, number) {
  const band = Math.floor(HEIGHT / 10);
  const base = number * WIDTH * HEIGHT;
  const columns = new Int32Array(WIDTH);
  for (let column = 0; column < WIDTH; column++)
    columns[column] = Math.floor(column * width / WIDTH);
  let sum = 0;
  for (let row = band; row < HEIGHT; row++) {
    const source = Math.floor(row * height / HEIGHT) * stride;
    const target = base + row * WIDTH;
    for (let column = 0; column < WIDTH; column++) {
      const difference = luma[source + columns[column]] - reference[target + column];
      sum += difference * difference;
    }
  }
  const mse = sum / ((HEIGHT - band) * WIDTH);
  return mse === 0 ? 99 : Math.min(99, 10 * Math.log10(255 * 255 / mse));
}

// Calls onFrame(time, luma, stride, width, height) for every frame of a
// track, luma null when the frame is not YUV.
async function watch(track, onFrame) {
  const processor = new MediaStreamTrackProcessor({ track, maxBufferSize: 30 });
  const reader = processor.readable.getReader();
  let buffer = null;
  for (;;) {
    const { value: frame, done } = await reader.read();
    if (done)
      return;
    const time = now();
    try {
      const width = frame.visibleRect.width;
      const height = frame.visibleRect.height;
      const size = frame.allocationSize();
      if (!buffer || buffer.length < size)
        buffer = new Uint8Array(size);
      const layout = await frame.copyTo(buffer);
      if (['I420', 'I420A', 'I422', 'I444', 'NV12'].includes(frame.format))
        onFrame(time, buffer.subarray(layout[0].offset), layout[0].stride, width, height);
      else
        onFrame(time, null, 0, width, height);
    } finally {
      frame.close();
    }
  }
}

function loadReference(url) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('GET', url);
    request.responseType = 'arraybuffer';
    request.onload = () => resolve(new Uint8Array(request.response));
    request.onerror = () => reject(new Error(`cannot load ${url}`));
    request.send();
  });
}

const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
let socket = null;
let peerId = null;
let pendingCandidates = [];

function send(message) {
  if (peerId)
    message.to = peerId;
  socket.send(JSON.stringify(message));
}

pc.onicecandidate = (event) => {
  send({
    type: 'candidate',
    mline_index: event.candidate ? event.candidate.sdpMLineIndex : 0,
    candidate: event.candidate ? event.candidate.candidate : null,
  });
};

pc.onconnectionstatechange = () => {
  log(`connection ${pc.connectionState}`);
  if (pc.connectionState === 'connected' && !result.connected) {
    result.connected = now();
    window.benchConnected = true;
    if (role === 'send') {
      setTimeout(() => {
        result.hangup = now();
        send({ type: 'bye' });
        pc.close();
        finish();
      }, Number(params.get('duration')) * 1000);
    }
  } else if (pc.connectionState === 'failed') {
    finish('the connection failed');
  }
};

async function addCandidates() {
  for (const candidate of pendingCandidates)
    await pc.addIceCandidate(candidate);
  pendingCandidates = [];
}

async function onMessage(message) {
  if (message.type === 'joined') {
    log(`joined, ${message.peers.length} peer(s) in the room`);
    if (role !== 'send')
      return;
    if (message.peers.length === 0) {
      socket.close();
      setTimeout(join, 250);
      return;
    }
    peerId = message.peers[0];
    result.dial = now();
    await pc.setLocalDescription(await pc.createOffer());
    send({ type: 'offer', sdp: pc.localDescription.sdp });
  } else if (message.type === 'offer') {
    peerId = message.from;
    await pc.setRemoteDescription({ type: 'offer', sdp: message.sdp });
    await addCandidates();
    await pc.setLocalDescription(await pc.createAnswer());
    send({ type: 'answer', sdp: pc.localDescription.sdp });
  } else if (message.type === 'answer') {
    await pc.setRemoteDescription({ type: 'answer', sdp: message.sdp });
    await addCandidates();
  } else if (message.type === 'candidate') {
    const candidate = message.candidate === null ? null
      : { candidate: message.candidate, sdpMLineIndex: message.mline_index };
    if (!candidate)
      return;
    if (pc.remoteDescription)
      await pc.addIceCandidate(candidate);
    else
      pendingCandidates.push(candidate);
  } else if (message.type === 'bye') {
    log('bye');
    pc.close();
    finish();
  } else if (message.type === 'error') {
    finish(`signaling: ${message.message}`);
  }
}

function join() {
  socket = new WebSocket(`${params.get('ws')}?room=${params.get('room')}`);
  socket.onopen = () => socket.send(JSON.stringify({ type: 'join', room: params.get('room') }));
  socket.onmessage = (event) => {
    onMessage(JSON.parse(event.data)).catch((error) => finish(`${error}`));
  };
  socket.onerror = () => {
    if (!peerId && role === 'send')
      setTimeout(join, 250);  // the receiver's server is not up yet
  };
}

async function startSender() {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { width: { ideal: WIDTH }, height: { ideal: HEIGHT }, frameRate: { ideal: FPS } },
    audio: true,
  });
  const video = stream.getVideoTracks()[0];
  log(`camera ${JSON.stringify(video.getSettings())}`);
  // capture times: the frames of the camera track as they come
  watch(video.clone(), (time, luma, stride, width, height) => {
    const number = luma ? readNumber(luma, stride, width, height) : -1;
    if (number >= 0 && !window.benchDone)
      result.frames.push([number, time]);
  }).catch((error) => log(`camera frames: ${error}`));
  for (const track of stream.getTracks())
    pc.addTrack(track, stream);
  join();
}

async function startReceiver() {
  const reference = await loadReference(params.get('luma'));
  log(`reference: ${reference.length} bytes`);
  let processing = 0;
  pc.ontrack = (event) => {
    if (event.track.kind !== 'video')
      return;
    watch(event.track, (time, luma, stride, width, height) => {
      if (window.benchDone)
        return;
      const started = now();
      const number = luma ? readNumber(luma, stride, width, height) : -1;
      const quality = number >= 0 ? psnr(luma, stride, width, height, reference, number) : null;
      result.frames.push([number, time, width, height, quality]);
      processing += now() - started;
      result.processing_ms = processing / result.frames.length;
    }).catch((error) => log(`remote frames: ${error}`));
  };
  join();
}

(role === 'send' ? startSender() : startReceiver()).catch((error) => finish(`${error}`));
