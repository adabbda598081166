# The deterministic clip of bench/network: frames with their number stamped
# in, the same for every sender, and what a receiver needs to read them back.
# Copyright (C) 2026 The libgstcall authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The clip: WIDTH x HEIGHT I420 at FPS, FRAMES frames, made by a seeded
generator (a textured background panning along a loop, moving textured
discs, slowly changing colour): natural enough that an encoder has real
work, the same bytes on every machine. Every frame carries its number in a
barcode across the top tenth of the picture: CELLS cells, each black or
white, readable after lossy coding and scaling:

    cells 0-1: 1, 0 (marker); cells 2-13: the frame number (12 bits, most
    significant first); cells 14-19: (number * 37 + 11) mod 64 (check)

network-page.js reads the same code in the browser; keep them in step.
Quality is the PSNR of the luma below the barcode against the clip's frame
of the same number (a smaller received frame is scaled up first, nearest
neighbour)."""

import os

import numpy

WIDTH, HEIGHT, FPS, FRAMES = 640, 360, 30, 600
CELLS = 20
NUMBER_BITS = 12
CHECK_BITS = 6
HEADER = f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F{FPS}:1 Ip A1:1 C420jpeg XYSCSS=420JPEG\n".encode()
FRAME_HEADER = b"FRAME\n"
Y_SIZE = WIDTH * HEIGHT
FRAME_SIZE = Y_SIZE * 3 // 2
SEED = 20260517


def band_height(height):
    return height // 10


def check_code(number):
    return (number * 37 + 11) % (1 << CHECK_BITS)


def code_bits(number):
    bits = [1, 0]
    bits += [(number >> (NUMBER_BITS - 1 - i)) & 1 for i in range(NUMBER_BITS)]
    check = check_code(number)
    bits += [(check >> (CHECK_BITS - 1 - i)) & 1 for i in range(CHECK_BITS)]
    return bits


def read_number(luma):
    """The frame number stamped in a luma plane (2-D array), or -1."""
    height, width = luma.shape
    top, bottom = height // 40, 3 * height // 40
    bits = []
    for cell in range(CELLS):
        left = int((cell + 0.25) * width / CELLS)
        right = max(left + 1, int((cell + 0.75) * width / CELLS))
        bits.append(1 if luma[top:bottom, left:right].mean() > 128 else 0)
    if bits[:2] != [1, 0]:
        return -1
    number = 0
    for bit in bits[2:2 + NUMBER_BITS]:
        number = number << 1 | bit
    check = 0
    for bit in bits[2 + NUMBER_BITS:]:
        check = check << 1 | bit
    return number if check == check_code(number) and number < FRAMES else -1


def _texture(random, height, width, scales):
    """Smooth noise: random grids of several sizes, scaled up and summed."""
    total = numpy.zeros((height, width))
    for cell, weight in scales:
        grid = random.random_sample((height // cell + 2, width // cell + 2))
        total += weight * numpy.kron(grid, numpy.ones((cell, cell)))[:height, :width]
    total -= total.min()
    return total / total.max()


def _smooth(plane, passes=2):
    for _ in range(passes):
        plane = (plane + numpy.roll(plane, 1, 0) + numpy.roll(plane, -1, 0)
                 + numpy.roll(plane, 1, 1) + numpy.roll(plane, -1, 1)) / 5
    return plane


def generate(path):
    """Writes the clip as Y4M (what Chromium's fake camera reads) and
    PATH.luma, the luma planes alone (what the browser compares against)."""
    random = numpy.random.RandomState(SEED)
    background = _smooth(_texture(random, HEIGHT * 2, WIDTH * 2,
                                  [(64, 0.5), (16, 0.3), (4, 0.15), (1, 0.05)]))
    discs = []
    for _ in range(4):
        radius = random.randint(30, 70)
        pattern = _smooth(_texture(random, 2 * radius, 2 * radius, [(8, 0.6), (2, 0.4)]), 1)
        discs.append((radius, pattern, random.random_sample(4) * 2 * numpy.pi,
                      0.5 + random.random_sample(2)))
    ys, xs = numpy.mgrid[0:HEIGHT // 2, 0:WIDTH // 2]
    band = band_height(HEIGHT)
    cell_width = WIDTH // CELLS
    temporary = path + ".part"
    with open(temporary, "wb") as clip, open(path + ".luma.part", "wb") as luma_file:
        clip.write(HEADER)
        for number in range(FRAMES):
            phase = 2 * numpy.pi * number / FRAMES
            # the background pans along a closed loop: the clip repeats smoothly
            x0 = int(WIDTH / 2 + WIDTH / 2 * numpy.sin(phase))
            y0 = int(HEIGHT / 2 + HEIGHT / 2 * numpy.sin(2 * phase))
            luma = 40 + 170 * background[y0:y0 + HEIGHT, x0:x0 + WIDTH]
            for radius, pattern, offsets, speeds in discs:
                cx = int(WIDTH / 2 + (WIDTH / 2 - radius) * numpy.sin(speeds[0] * 3 * phase
                                                                       + offsets[0]))
                cy = int(HEIGHT / 2 + (HEIGHT / 2 - radius) * numpy.sin(speeds[1] * 2 * phase
                                                                         + offsets[1]))
                top, left = cy - radius, cx - radius
                window = luma[max(top, 0):top + 2 * radius, max(left, 0):left + 2 * radius]
                sub = pattern[max(-top, 0):max(-top, 0) + window.shape[0],
                              max(-left, 0):max(-left, 0) + window.shape[1]]
                yy, xx = numpy.mgrid[0:sub.shape[0], 0:sub.shape[1]]
                inside = ((yy + max(-top, 0) - radius) ** 2
                          + (xx + max(-left, 0) - radius) ** 2) < radius ** 2
                window[inside] = 20 + 215 * sub[inside]
            luma = numpy.clip(luma, 16, 235).astype(numpy.uint8)
            luma[:band, :] = 16
            for cell, bit in enumerate(code_bits(number)):
                if bit:
                    luma[:band, cell * cell_width:(cell + 1) * cell_width] = 235
            u = (128 + 40 * numpy.sin(xs / 40 + phase) * numpy.cos(ys / 30)).astype(numpy.uint8)
            v = (128 + 40 * numpy.cos(ys / 50 - phase) * numpy.sin(xs / 60)).astype(numpy.uint8)
            u[:band // 2, :] = 128
            v[:band // 2, :] = 128
            clip.write(FRAME_HEADER)
            clip.write(luma.tobytes())
            clip.write(u.tobytes())
            clip.write(v.tobytes())
            luma_file.write(luma.tobytes())
    os.replace(path + ".luma.part", path + ".luma")
    os.replace(temporary, path)


def ensure(path):
    """The clip at PATH, made unless it is there already."""
    if not (os.path.exists(path) and os.path.exists(path + ".luma")
            and os.path.getsize(path) == len(HEADER) + FRAMES * (len(FRAME_HEADER) + FRAME_SIZE)):
        generate(path)
    return path


class Clip:
    """Random access to the frames of the clip at PATH."""

    def __init__(self, path):
        self.frames = numpy.memmap(path, dtype=numpy.uint8, mode="r", offset=len(HEADER),
                                   shape=(FRAMES, len(FRAME_HEADER) + FRAME_SIZE))

    def i420(self, number):
        return self.frames[number % FRAMES, len(FRAME_HEADER):].tobytes()

    def luma(self, number):
        return self.frames[number % FRAMES, len(FRAME_HEADER):len(FRAME_HEADER) + Y_SIZE] \
            .reshape(HEIGHT, WIDTH)


def psnr(received, reference):
    """PSNR (dB) of a received luma plane against the clip's, below the
    barcode; a smaller frame is scaled up (nearest neighbour)."""
    height, width = received.shape
    if (height, width) != reference.shape:
        rows = (numpy.arange(HEIGHT) * height // HEIGHT)
        columns = (numpy.arange(WIDTH) * width // WIDTH)
        received = received[rows][:, columns]
    band = band_height(HEIGHT)
    difference = received[band:].astype(numpy.int32) - reference[band:].astype(numpy.int32)
    mse = float(numpy.mean(difference * difference))
    return 99.0 if mse == 0 else min(99.0, 10 * numpy.log10(255 * 255 / mse))
