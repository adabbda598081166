// The page of `gst-call serve`: a call with the app that served it.
//
// 1. POST /call?offer=app|browser asks the app for a call; it answers with a
//    room of its signaling server where it waits.
// 2. The page joins that room over a WebSocket (docs/signaling-protocol.md)
//    and the offer comes from the app (default) or from the page
//    (?offer=browser).
// 3. Remote video and audio play; the camera and microphone, if the browser
//    gives them, are sent back (?size=WIDTHxHEIGHT asks for a camera size).
//    Statistics come from getStats() every second.
// 4. A chat over data channels: the page opens a channel labelled "page"
//    before the offer or answer (so the description carries the data
//    section) and takes the channels the app opens ("chat"). What the app
//    sends is shown, text as text, binary as a byte count and hex; typed
//    lines go to the channel chosen, "/hex 48690a" as those bytes.
// 5. A call whose connection was lost comes back: the app re-establishes it
//    with an offer carrying new ICE credentials and a new DTLS fingerprint
//    (webrtcbin cannot restart ICE). Chromium does not take a new
//    fingerprint on the same RTCPeerConnection, so the page closes it and
//    answers from a new one with the same camera and microphone. The app
//    also makes that offer when the page offered the call (?offer=browser):
//    the page never re-offers on its own.
//
// The state is also kept in window.gstCallStatus, which tests read.

'use strict';

const params = new URLSearchParams(window.location.search);
const offerer = params.get('offer') === 'browser' ? 'browser' : 'app';
const token = params.get('token');
// ?size=WIDTHxHEIGHT: the camera size asked for (default 640x480).
const [cameraWidth, cameraHeight] = (params.get('size') || '640x480').split('x').map(Number);

const status = {
  callId: null,
  offerer,
  signalingState: 'connecting',
  connectionState: 'new',
  iceConnectionState: 'new',
  localMedia: null,
  framesDecoded: 0,
  framesPresented: 0,
  framesEncoded: 0,
  audioPacketsReceived: 0,
  audioSamplesReceived: 0,
  videoKbpsIn: 0,
  videoKbpsOut: 0,
  audioKbpsIn: 0,
  audioKbpsOut: 0,
  rttMs: null,
  firstFrameMs: null,
  // Label -> { openedBy: 'page' | 'app', state, sent, received: [{ text } or
  // { size, hex }], the last MAX_KEPT_MESSAGES only }.
  channels: {},
  // Connections re-established on a new RTCPeerConnection, and when the
  // last one decoded its first frame (performance.now() milliseconds).
  reconnections: 0,
  reconnectedFrameMs: null,
  error: null,
};
window.gstCallStatus = status;

const $ = (id) => document.getElementById(id);

function show(id, text) {
  $(id).textContent = text;
}

function fail(message) {
  if (!status.error) {
    status.error = message;
  }
  const element = $('error');
  element.textContent = message;
  element.hidden = false;
}

let ws = null;
let pc = null;
let localStream = null;
let remoteDescriptionSet = false;
let offered = false;
const pendingCandidates = [];
const channels = new Map(); // label -> RTCDataChannel
let pageChannels = 0;

function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN) {
    ws.send(JSON.stringify(message));
  }
}

function setSignalingState(state) {
  status.signalingState = state;
  show('signaling-state', state);
}

function noteFirstFrame() {
  if (status.firstFrameMs === null) {
    // Milliseconds since the navigation started: page load to first frame.
    status.firstFrameMs = Math.round(performance.now());
    show('first-frame', `${status.firstFrameMs} ms after the page started loading`);
  }
}

function createPeerConnection() {
  // No STUN or TURN server: the app is on this host or this network.
  pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle', iceServers: [] });

  pc.onicecandidate = (event) => {
    if (event.candidate && event.candidate.candidate) {
      send({
        type: 'candidate',
        mline_index: event.candidate.sdpMLineIndex || 0,
        candidate: event.candidate.candidate,
      });
    } else if (!event.candidate) {
      send({ type: 'candidate', mline_index: 0, candidate: null });
    }
  };

  pc.onconnectionstatechange = () => {
    status.connectionState = pc.connectionState;
    const element = $('connection-state');
    element.textContent = pc.connectionState;
    element.className = `state-${pc.connectionState}`;
  };
  pc.oniceconnectionstatechange = () => {
    status.iceConnectionState = pc.iceConnectionState;
  };

  pc.ontrack = (event) => {
    const stream = event.streams[0] || new MediaStream([event.track]);
    if (event.track.kind === 'video') {
      const video = $('remote-video');
      video.srcObject = stream;
      // Muted, so allowed without a gesture; do not rely on autoplay alone.
      video.play().catch(() => {});
      if (video.requestVideoFrameCallback) {
        const onFrame = (now, metadata) => {
          noteFirstFrame();
          status.framesPresented = metadata.presentedFrames;
          video.requestVideoFrameCallback(onFrame);
        };
        video.requestVideoFrameCallback(onFrame);
      }
    } else {
      $('remote-audio').srcObject = stream;
    }
  };

  pc.ondatachannel = (event) => addChannel(event.channel, 'app');
}

// ---------------------------------------------------------------------------
// The chat: data channels in both directions

const MAX_KEPT_MESSAGES = 100;
const MAX_SHOWN_TEXT = 2000;
const SHOWN_BYTES = 16;

function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// "/hex 48 69 0a" -> Uint8Array, or null when the line is not one.
function parseHex(line) {
  const match = /^\/hex\s+([0-9a-fA-F\s]*)$/.exec(line);
  if (!match) {
    return null;
  }
  const digits = match[1].replace(/\s+/g, '');
  if (digits.length === 0 || digits.length % 2 !== 0) {
    throw new Error('/hex takes pairs of hexadecimal digits, e.g. /hex 48690a');
  }
  const bytes = new Uint8Array(digits.length / 2);
  for (let i = 0; i < bytes.length; i++) {
    bytes[i] = parseInt(digits.substr(i * 2, 2), 16);
  }
  return bytes;
}

function chatLine(className, text) {
  const log = $('chat-log');
  const item = document.createElement('li');
  item.className = className;
  item.textContent = text;
  log.append(item);
  while (log.children.length > 500) {
    log.firstElementChild.remove();
  }
  log.scrollTop = log.scrollHeight;
}

function describe(data) {
  if (typeof data === 'string') {
    return data.length > MAX_SHOWN_TEXT
      ? `${data.slice(0, MAX_SHOWN_TEXT)}… (${data.length} characters)` : data;
  }
  const bytes = new Uint8Array(data);
  const more = bytes.length > SHOWN_BYTES ? '…' : '';
  return `${bytes.length} bytes: ${toHex(bytes.subarray(0, SHOWN_BYTES))}${more}`;
}

function updateChatControls() {
  const select = $('chat-channel');
  const chosen = select.value;
  select.replaceChildren();
  for (const [label, channel] of channels) {
    if (channel.readyState === 'open') {
      const option = document.createElement('option');
      option.value = label;
      option.textContent = `${label} (opened by ${status.channels[label].openedBy})`;
      select.append(option);
    }
  }
  if ([...select.options].some((option) => option.value === chosen)) {
    select.value = chosen;
  }
  const none = select.options.length === 0;
  $('chat-text').disabled = none;
  $('chat-send').disabled = none;
}

function addChannel(channel, openedBy) {
  const label = channel.label;
  channel.binaryType = 'arraybuffer';
  channels.set(label, channel);
  const record = { openedBy, state: channel.readyState, sent: 0, received: [] };
  status.channels[label] = record;
  const setState = () => {
    record.state = channel.readyState;
    updateChatControls();
  };
  channel.onopen = () => {
    setState();
    chatLine('event', `channel ${label} (opened by ${openedBy}) is open`);
  };
  channel.onclose = () => {
    setState();
    chatLine('event', `channel ${label} closed`);
  };
  channel.onerror = (event) => {
    const error = event.error ? event.error.message : 'error';
    chatLine('event', `channel ${label}: ${error}`);
  };
  channel.onmessage = (event) => {
    const message = typeof event.data === 'string'
      ? { text: event.data }
      : { size: event.data.byteLength, hex: toHex(new Uint8Array(event.data)) };
    record.received.push(message);
    if (record.received.length > MAX_KEPT_MESSAGES) {
      record.received.shift();
    }
    chatLine('from-app', `app on ${label}: ${describe(event.data)}`);
  };
  if (channel.readyState === 'open') {
    channel.onopen();
  }
  updateChatControls();
}

function openChannel() {
  pageChannels += 1;
  const label = pageChannels === 1 ? 'page' : `page-${pageChannels}`;
  addChannel(pc.createDataChannel(label), 'page');
}

// Sends @data (a string or a Uint8Array) on the channel labelled @label.
function chatSend(label, data) {
  const channel = channels.get(label);
  if (!channel || channel.readyState !== 'open') {
    throw new Error(`channel ${label} is not open`);
  }
  channel.send(data);
  status.channels[label].sent += 1;
  chatLine('from-page', `you on ${label}: ${describe(typeof data === 'string' ? data : data.buffer)}`);
}

// For scripts (the interop test): send a string or a Uint8Array.
window.gstCallChat = { send: chatSend, open: () => openChannel() };

function onChatSubmit(event) {
  event.preventDefault();
  const input = $('chat-text');
  const line = input.value;
  if (!line) {
    return;
  }
  try {
    const bytes = parseHex(line);
    chatSend($('chat-channel').value, bytes === null ? line : bytes);
    input.value = '';
  } catch (error) {
    chatLine('event', `not sent: ${error.message}`);
  }
}

function addLocalMedia() {
  if (localStream) {
    // Audio first, then video: the order of the app's media sections. A
    // new offer on the same connection finds them sent already.
    const sent = new Set(pc.getSenders().map((sender) => sender.track));
    for (const kind of ['audio', 'video']) {
      for (const track of localStream.getTracks().filter((t) => t.kind === kind)) {
        if (!sent.has(track)) {
          pc.addTrack(track, localStream);
        }
      }
    }
  }
  // Whatever we do not send, we still want to receive.
  const sending = new Set(pc.getTransceivers()
    .filter((t) => t.sender.track).map((t) => t.sender.track.kind));
  for (const kind of ['audio', 'video']) {
    const present = pc.getTransceivers().some((t) =>
      t.receiver.track && t.receiver.track.kind === kind);
    if (!sending.has(kind) && !present) {
      pc.addTransceiver(kind, { direction: 'recvonly' });
    }
  }
}

async function makeOffer() {
  if (offered) {
    return;
  }
  offered = true;
  addLocalMedia();
  const offer = await pc.createOffer();
  await pc.setLocalDescription(offer);
  send({ type: 'offer', sdp: pc.localDescription.sdp });
}

async function flushCandidates() {
  while (pendingCandidates.length) {
    await pc.addIceCandidate(pendingCandidates.shift());
  }
}

// What identifies the transport a description sets up: the ICE username
// fragment and the DTLS fingerprint of its first media section (or of the
// session).
function transportIdentity(sdp) {
  const firstSection = sdp.split(/\r?\nm=/).slice(0, 2).join('\n');
  const find = (name) => {
    const match = firstSection.match(new RegExp(`^a=${name}:(.*)$`, 'm'));
    return match ? match[1].trim() : '';
  };
  return `${find('ice-ufrag')} ${find('fingerprint')}`;
}

// A new offer for a call that was set up, with another transport: the app
// re-establishes a lost connection. Starts over on a new RTCPeerConnection.
function reconnectIfNew(sdp) {
  if (!remoteDescriptionSet || !pc.remoteDescription ||
      transportIdentity(pc.remoteDescription.sdp) === transportIdentity(sdp)) {
    return;
  }
  pc.close();
  remoteDescriptionSet = false;
  pendingCandidates.length = 0;
  status.reconnections += 1;
  status.reconnectedFrameMs = null;
  // The new connection's statistics start from zero.
  status.framesDecoded = 0;
  status.audioPacketsReceived = 0;
  status.audioSamplesReceived = 0;
  for (const key of Object.keys(previous)) {
    delete previous[key];
  }
  show('connection-state', 'reconnecting');
  createPeerConnection();
  fastStats();
}

async function onOffer(sdp) {
  reconnectIfNew(sdp);
  await pc.setRemoteDescription({ type: 'offer', sdp });
  remoteDescriptionSet = true;
  addLocalMedia();
  const answer = await pc.createAnswer();
  await pc.setLocalDescription(answer);
  send({ type: 'answer', sdp: pc.localDescription.sdp });
  await flushCandidates();
}

async function onAnswer(sdp) {
  await pc.setRemoteDescription({ type: 'answer', sdp });
  remoteDescriptionSet = true;
  await flushCandidates();
}

async function onCandidate(message) {
  const candidate = message.candidate === null
    ? null
    : { candidate: message.candidate, sdpMLineIndex: message.mline_index };
  if (candidate === null) {
    return; // end of candidates: nothing to do for the browser
  }
  if (remoteDescriptionSet) {
    await pc.addIceCandidate(candidate);
  } else {
    pendingCandidates.push(candidate);
  }
}

async function onMessage(event) {
  let message;
  try {
    message = JSON.parse(event.data);
  } catch (error) {
    fail(`The server sent something that is not JSON: ${error}`);
    return;
  }
  switch (message.type) {
    case 'joined':
      setSignalingState(`in room ${message.peer_id ? 'as peer ' + message.peer_id : ''}`);
      if (offerer === 'browser' && message.peers.length > 0) {
        await makeOffer();
      }
      break;
    case 'peer-joined':
      if (offerer === 'browser') {
        await makeOffer();
      }
      break;
    case 'offer':
      await onOffer(message.sdp);
      break;
    case 'answer':
      await onAnswer(message.sdp);
      break;
    case 'candidate':
      await onCandidate(message);
      break;
    case 'bye':
      setSignalingState('the app hung up');
      hangUp(false);
      break;
    case 'peer-left':
      setSignalingState('the app left');
      break;
    case 'error':
      fail(`Signaling error: ${message.message}`);
      break;
    default:
      break;
  }
}

function hangUp(tellPeer) {
  if (tellPeer) {
    send({ type: 'bye' });
  }
  if (pc) {
    pc.close();
    status.connectionState = 'closed';
    show('connection-state', 'closed');
  }
  if (ws) {
    ws.close();
  }
}

function kbps(bytes, previousBytes, seconds) {
  return previousBytes === undefined || seconds <= 0
    ? 0 : Math.round((bytes - previousBytes) * 8 / 1000 / seconds);
}

const previous = {};

async function updateStats() {
  if (!pc || pc.connectionState === 'closed') {
    return;
  }
  const connection = pc;
  const report = await connection.getStats();
  if (connection !== pc) {
    return; // replaced meanwhile
  }
  const now = performance.now();
  const seconds = previous.at ? (now - previous.at) / 1000 : 0;
  const current = { at: now };

  report.forEach((stat) => {
    if (stat.type === 'inbound-rtp' && stat.kind === 'video') {
      status.framesDecoded = stat.framesDecoded || 0;
      current.videoIn = stat.bytesReceived;
    } else if (stat.type === 'inbound-rtp' && stat.kind === 'audio') {
      status.audioPacketsReceived = stat.packetsReceived || 0;
      status.audioSamplesReceived = stat.totalSamplesReceived || 0;
      current.audioIn = stat.bytesReceived;
    } else if (stat.type === 'outbound-rtp' && stat.kind === 'video') {
      status.framesEncoded = stat.framesEncoded || 0;
      current.videoOut = stat.bytesSent;
    } else if (stat.type === 'outbound-rtp' && stat.kind === 'audio') {
      current.audioOut = stat.bytesSent;
    } else if (stat.type === 'candidate-pair' && stat.nominated &&
               stat.state === 'succeeded' && stat.currentRoundTripTime !== undefined) {
      status.rttMs = Math.round(stat.currentRoundTripTime * 1000 * 10) / 10;
    }
  });

  status.videoKbpsIn = kbps(current.videoIn, previous.videoIn, seconds);
  status.audioKbpsIn = kbps(current.audioIn, previous.audioIn, seconds);
  status.videoKbpsOut = kbps(current.videoOut, previous.videoOut, seconds);
  status.audioKbpsOut = kbps(current.audioOut, previous.audioOut, seconds);
  Object.assign(previous, current);

  if (status.framesDecoded > 0) {
    noteFirstFrame();
    if (status.reconnections > 0 && status.reconnectedFrameMs === null) {
      status.reconnectedFrameMs = Math.round(performance.now());
    }
  }
  show('video-kbps-in', `${status.videoKbpsIn} kbit/s`);
  show('audio-kbps-in', `${status.audioKbpsIn} kbit/s`);
  show('video-kbps-out', `${status.videoKbpsOut} kbit/s`);
  show('audio-kbps-out', `${status.audioKbpsOut} kbit/s`);
  show('frames-decoded', `${status.framesDecoded} decoded`);
  show('frames-encoded', `${status.framesEncoded} encoded`);
  show('audio-samples', `${status.audioSamplesReceived} (${status.audioPacketsReceived} packets)`);
  show('rtt', status.rttMs === null ? '–' : `${status.rttMs} ms`);
}

async function start() {
  show('offerer', offerer);
  const other = offerer === 'browser' ? 'app' : 'browser';
  const switchLink = $('switch-offer');
  const switchParams = new URLSearchParams(params);
  switchParams.set('offer', other);
  switchLink.href = `?${switchParams}`;
  switchLink.textContent = `Let the ${other} offer`;
  $('hangup').onclick = () => hangUp(true);
  $('chat-form').onsubmit = onChatSubmit;

  try {
    localStream = await navigator.mediaDevices.getUserMedia({
      audio: true,
      video: { width: cameraWidth || 640, height: cameraHeight || 480 },
    });
    $('local-video').srcObject = localStream;
    status.localMedia = 'camera and microphone';
  } catch (error) {
    // Receive only: the browser gave no camera or microphone.
    status.localMedia = `none (${error.name})`;
  }

  const query = new URLSearchParams({ offer: offerer });
  if (token !== null) {
    query.set('token', token);
  }
  const response = await fetch(`/call?${query}`, { method: 'POST' });
  if (!response.ok) {
    fail(`The app refused the call: ${(await response.text()).trim()}`);
    setSignalingState('refused');
    return;
  }
  const call = await response.json();
  status.callId = call.call;
  show('call-id', String(call.call));

  createPeerConnection();
  // Before the offer or the answer: the description then has a data section.
  openChannel();
  $('chat-open').onclick = () => {
    if (pc && pc.connectionState !== 'closed') {
      openChannel();
    }
  };
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  ws = new WebSocket(`${scheme}://${window.location.host}/ws?room=${encodeURIComponent(call.room)}`);
  ws.onopen = () => {
    setSignalingState('joining');
    const join = { type: 'join', room: call.room };
    if (token !== null) {
      join.token = token;
    }
    send(join);
  };
  ws.onmessage = (event) => {
    onMessage(event).catch((error) => fail(`${error}`));
  };
  ws.onclose = () => {
    if (status.signalingState !== 'the app hung up') {
      setSignalingState('closed');
    }
  };

  fastStats();
  setInterval(() => updateStats().catch(() => {}), 1000);
}

// Statistics every 100 ms until the connection's first frame (its time is
// measured), then every second.
function fastStats() {
  const connection = pc;
  const fast = setInterval(() => {
    updateStats().catch(() => {});
    if (pc !== connection || status.framesDecoded > 0) {
      clearInterval(fast);
    }
  }, 100);
}

start().catch((error) => fail(`${error}`));
