"""Write the game's sound effects (spoker/gui/assets/sounds/*.wav) from code.

Every effect is synthesised here with numpy: a few partials under an
envelope, filtered noise for the click of a ball on wood, and a fixed-seed
generator for the sparkle, so running the script again writes the same
bytes. The files are 22050 Hz, 16-bit, mono WAV, each under 0.6 s, peak
normalised below full scale and faded in and out (no click at either end).
Which effect plays when is :mod:`spoker.gui.models.sounds`'s business; the
player is :mod:`spoker.gui.audio`.

Run from the repository root: ``python3 scripts/make_sounds.py`` (``--check``
compares the shipped files with what the script makes, writing nothing;
``--out DIR`` writes elsewhere).
"""

from __future__ import annotations

import argparse
import io
import sys
import wave
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "spoker" / "gui" / "assets" / "sounds"

RATE = 22050  # samples a second: plenty for effects this short and soft, half a CD's size
FADE_IN = 0.002  # seconds: a 2 ms ramp, too short to soften an attack, long enough to stop a click
FADE_OUT = 0.05  # seconds: a release, so a tone still sounding ends softly, not cut
LONGEST = 0.6  # seconds: every effect is at most this long

Signal = NDArray[np.float64]


def silence(seconds: float) -> Signal:
    return np.zeros(round(seconds * RATE))


def times(seconds: float) -> Signal:
    return np.arange(round(seconds * RATE)) / RATE


def hz(note: str) -> float:
    """The frequency of a note name (``A4`` is 440 Hz, ``Eb5``, ``F#3``), equal temperament."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[note[0]]
    rest = note[1:]
    if rest[0] in "#b":
        steps += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    return 440.0 * 2.0 ** ((steps + 12 * (int(rest) - 4)) / 12)


def tone(
    freq: float,
    seconds: float,
    partials: Sequence[tuple[float, float, float]],
    attack: float = 0.004,
    release: float = 0.03,
) -> Signal:
    """A struck tone: each partial (ratio to ``freq``, amplitude, decay time in
    seconds) a sine dying away exponentially, all under a short linear attack,
    and damped to silence over its last ``release`` seconds (a tone cut off
    while it still sounds would click)."""
    t = times(seconds)
    out = np.zeros_like(t)
    for ratio, amp, decay in partials:
        out += amp * np.sin(2 * np.pi * freq * ratio * t) * np.exp(-t / decay)
    damp = np.clip((seconds - t) / release, 0.0, 1.0)
    return out * np.minimum(1.0, t / attack) * np.sin(np.pi / 2 * damp) ** 2


# Partials of the instruments: a mallet on a wooden bar (marimba-like: its
# partials at 1, 4 and ~10 times the note, the high ones dying fast), a small
# bell (inharmonic, bright), and a soft organ-like pad (harmonics at 1/n).
MARIMBA = ((1.0, 1.0, 0.16), (4.0, 0.28, 0.035), (9.9, 0.08, 0.012))
BELL = ((1.0, 1.0, 0.22), (2.76, 0.45, 0.09), (5.4, 0.22, 0.04), (8.93, 0.1, 0.02))
WARM = ((1.0, 1.0, 0.25), (2.0, 0.42, 0.16), (3.0, 0.2, 0.1), (4.0, 0.08, 0.06))


def mix(length: float, *parts: tuple[float, Signal]) -> Signal:
    """The signals added, each from its start time (seconds), in ``length`` seconds."""
    out = silence(length)
    for start, signal in parts:
        i = round(start * RATE)
        n = min(len(signal), len(out) - i)
        out[i : i + n] += signal[:n]
    return out


def together(signals: Iterable[Signal]) -> Signal:
    """Signals of one length sounding at once."""
    return np.sum(np.stack(list(signals)), axis=0)


def lowpass(signal: Signal, cutoff: float) -> Signal:
    """A one-pole low-pass filter (the noise of a knock made dull)."""
    a = np.exp(-2 * np.pi * cutoff / RATE)
    out = np.empty_like(signal)
    y = 0.0
    for i, x in enumerate(signal):
        y = (1 - a) * x + a * y
        out[i] = y
    return out


def noise(seconds: float, seed: int) -> Signal:
    return np.random.default_rng(seed).standard_normal(round(seconds * RATE))


# -- the effects --------------------------------------------------------------
def place() -> Signal:
    """A marble set down on wood: a dull knock (low-passed noise, a few
    damped modes of the board) under the short bright tick of the glass."""
    length = 0.22
    t = times(length)
    knock = lowpass(noise(length, seed=1), 900.0) * np.exp(-t / 0.012) * 3.0
    wood = together(
        amp * np.sin(2 * np.pi * f * t) * np.exp(-t / d)
        for f, amp, d in ((190.0, 1.0, 0.045), (420.0, 0.6, 0.03), (1130.0, 0.25, 0.015))
    )
    tick = 0.22 * np.sin(2 * np.pi * 3150.0 * t) * np.exp(-t / 0.005)
    return (knock + wood + tick) * np.minimum(1.0, t / 0.0015)


def draw() -> Signal:
    """A ball taken from the bag: a soft rising blip with a faint rattle."""
    length = 0.2
    t = times(length)
    freq = 520.0 + 380.0 * np.minimum(1.0, t / 0.07)  # rises a sixth, then holds
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    blip = np.sin(phase) * np.exp(-t / 0.06) * np.minimum(1.0, t / 0.01)
    rattle = mix(
        length,
        *((start, lowpass(noise(0.03, seed=2 + k), 2500.0) * np.exp(-times(0.03) / 0.004) * 0.6)
          for k, start in enumerate((0.0, 0.035, 0.06)))
    )
    return blip + rattle


def challenge() -> Signal:
    """A challenge opened: two bell strokes a fourth apart, asking a question."""
    return mix(0.5, (0.0, tone(hz("E5"), 0.5, BELL)), (0.12, 0.9 * tone(hz("A5"), 0.38, BELL)))


def arpeggio(notes: Sequence[str], step: float, length: float, partials: Sequence[tuple[float, float, float]]) -> Signal:
    return mix(length, *((i * step, tone(hz(n), length - i * step, partials)) for i, n in enumerate(notes)))


def won() -> Signal:
    """A challenge won: a rising major arpeggio on the wooden bars."""
    return arpeggio(("C5", "E5", "G5", "C6"), 0.075, 0.55, MARIMBA)


def lost() -> Signal:
    """A challenge lost: a falling minor arpeggio, lower and softer."""
    return 0.8 * arpeggio(("G4", "Eb4", "C4"), 0.1, 0.55, MARIMBA)


def tied() -> Signal:
    """A tie: an open fifth struck together, neither major nor minor."""
    return mix(0.4, (0.0, tone(hz("C5"), 0.4, MARIMBA)), (0.0, tone(hz("G5"), 0.4, MARIMBA)))


def straight_flush() -> Signal:
    """A straight flush: a sparkle of quick high bell notes from a pentatonic
    scale (fixed seed), over a rising shimmer."""
    length = 0.6
    rng = np.random.default_rng(5)
    scale = ("C6", "D6", "E6", "G6", "A6", "C7", "D7", "E7")
    strokes = []
    for k in range(11):
        start = k * 0.042
        note = scale[min(len(scale) - 1, k * 3 // 4 + int(rng.integers(0, 2)))]  # climbing, not quite evenly
        strokes.append((start, 0.5 * tone(hz(note), length - start, ((1.0, 1.0, 0.07), (2.76, 0.3, 0.03)))))
    t = times(length)
    shimmer = 0.12 * np.sin(2 * np.pi * hz("C6") * t) * np.sin(np.pi * t / length) ** 2
    return mix(length, *strokes) + shimmer + 0.5 * mix(length, (0.0, tone(hz("C5"), length, MARIMBA)))


def end() -> Signal:
    """The end of the game: a warm cadence, dominant then tonic (G to C)."""
    length = 0.6
    # The first chord gives way as the second comes in (their releases overlap).
    chord1 = together(tone(hz(n), 0.25, WARM, attack=0.02, release=0.07) for n in ("G3", "B3", "D4"))
    chord2 = together(tone(hz(n), 0.42, WARM, attack=0.02, release=0.08) for n in ("C4", "E4", "G4", "C5"))
    return mix(length, (0.0, 0.8 * chord1), (0.18, chord2))


EFFECTS: dict[str, tuple[Callable[[], Signal], float]] = {
    # name: (synthesis, peak as a fraction of full scale: the loudness of each against the others)
    "draw": (draw, 0.45),
    "place": (place, 0.6),
    "challenge": (challenge, 0.7),
    "won": (won, 0.75),
    "tied": (tied, 0.65),
    "lost": (lost, 0.6),
    "straight_flush": (straight_flush, 0.8),
    "end": (end, 0.75),
}
"""Every effect the game names (spoker.gui.models.sounds.EFFECTS), in that order."""


def finish(signal: Signal, peak: float) -> NDArray[np.int16]:
    """The effect as 16-bit samples: faded in and out (no click at either
    end), its highest sample at ``peak`` of full scale (below clipping)."""
    n = len(signal)
    assert 0 < n <= LONGEST * RATE and 0 < peak < 1, (n, peak)
    fade_in, fade_out = round(FADE_IN * RATE), round(FADE_OUT * RATE)
    envelope = np.ones(n)
    envelope[:fade_in] = np.linspace(0.0, 1.0, fade_in, endpoint=False)
    envelope[n - fade_out :] = np.cos(np.linspace(0.0, np.pi / 2, fade_out)) ** 2
    shaped = signal * envelope
    scaled = shaped * (peak * 32767 / np.max(np.abs(shaped)))
    return np.round(scaled).astype(np.int16)


def wav_bytes(samples: NDArray[np.int16]) -> bytes:
    """A mono 16-bit WAV file of ``samples`` at :data:`RATE` (nothing else in its header)."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.astype("<i2").tobytes())
    return buffer.getvalue()


def make(name: str) -> NDArray[np.int16]:
    """The samples of one effect."""
    synth, peak = EFFECTS[name]
    return finish(synth(), peak)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to write (default: %(default)s)")
    parser.add_argument("--check", action="store_true", help="compare the files in --out with what this makes")
    options = parser.parse_args(argv)
    folder: Path = options.out
    differ = []
    total = 0
    for name in EFFECTS:
        data = wav_bytes(make(name))
        total += len(data)
        path = folder / f"{name}.wav"
        if options.check:
            if not path.is_file() or path.read_bytes() != data:
                differ.append(path.name)
            continue
        folder.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    if differ:
        print(f"differ from what the script makes: {', '.join(differ)}", file=sys.stderr)
        return 1
    verb = "checked" if options.check else "wrote"
    print(f"{verb} {len(EFFECTS)} effects, {total:,} bytes, in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
