import { describe, expect, it } from 'vitest';
import { clampTempo, countInDurationMs, countInSchedule } from './countIn';
import {
  isLooping,
  loopAction,
  loopButtonLabel,
  loopFrom,
  NO_LOOP,
  repeated,
  tapLoop,
} from './loopController';
import { markerPercent, markerSpan, markerText, visibleMarkers } from './markers';
import { clampSpeed, speedLabel, stepSpeed } from './speed';
import { formatTime, parseTime, spokenTime } from './time';
import { isWatched, playedSeconds } from './watched';

describe('time formatting', () => {
  it('formats and parses', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(42.9)).toBe('0:42');
    expect(formatTime(192)).toBe('3:12');
    expect(formatTime(3723)).toBe('1:02:03');
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(parseTime('1:10')).toBe(70);
    expect(parseTime('42')).toBe(42);
    expect(parseTime('0:42.5')).toBe(42.5);
    expect(parseTime('1:02:03')).toBe(3723);
    expect(parseTime('1:75')).toBeNull();
    expect(parseTime('-3')).toBeNull();
    expect(parseTime('')).toBeNull();
    expect(spokenTime(192)).toBe('3 minutes 12 seconds');
    expect(spokenTime(60)).toBe('1 minute');
  });
});

describe('speed steps', () => {
  it('steps within 0.25–2', () => {
    expect(stepSpeed(1, 1)).toBe(1.25);
    expect(stepSpeed(1, -1)).toBe(0.75);
    expect(stepSpeed(0.25, -1)).toBe(0.25);
    expect(stepSpeed(2, 1)).toBe(2);
    expect(stepSpeed(0.6, -1)).toBe(0.5);
    expect(stepSpeed(0.6, 1)).toBe(0.75);
    expect(clampSpeed(5)).toBe(2);
    expect(clampSpeed(0)).toBe(0.25);
    expect(speedLabel(0.5)).toBe('0.5×');
  });
});

describe('A–B loop controller', () => {
  it('sets A, then B, then clears', () => {
    const a = tapLoop(NO_LOOP, 10);
    expect(a).toEqual({ a: 10, b: null, count: 0 });
    expect(loopButtonLabel(a)).toBe('Set loop end (B)');
    const ab = tapLoop(a, 14);
    expect(ab).toEqual({ a: 10, b: 14, count: 0 });
    expect(isLooping(ab)).toBe(true);
    expect(tapLoop(ab, 20)).toEqual(NO_LOOP);
  });

  it('orders the ends and ignores a B on top of A', () => {
    expect(tapLoop(tapLoop(NO_LOOP, 14), 10)).toEqual({ a: 10, b: 14, count: 0 });
    expect(tapLoop(tapLoop(NO_LOOP, 10), 10.2)).toEqual({ a: 10, b: null, count: 0 });
  });

  it('repeats at B and counts', () => {
    const ab = { a: 10, b: 14, count: 0 };
    expect(loopAction(ab, 12)).toBeNull();
    expect(loopAction(ab, 14.05)).toBe('repeat');
    expect(loopAction(ab, 30)).toBeNull();
    expect(loopAction({ a: 10, b: null, count: 0 }, 14)).toBeNull();
    expect(repeated(repeated(ab)).count).toBe(2);
  });

  it('restores a saved loop only when whole', () => {
    expect(loopFrom(3, 7)).toEqual({ a: 3, b: 7, count: 0 });
    expect(loopFrom(3, null)).toEqual(NO_LOOP);
    expect(loopFrom(7, 3)).toEqual(NO_LOOP);
  });
});

describe('count-in schedule', () => {
  it('gives 8 beats at the tempo', () => {
    const beats = countInSchedule(120);
    expect(beats).toHaveLength(8);
    expect(beats.map((b) => b.atMs)).toEqual([0, 500, 1000, 1500, 2000, 2500, 3000, 3500]);
    expect(beats.map((b) => b.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(beats[0].accent).toBe(true);
    expect(beats[1].accent).toBe(false);
    expect(countInDurationMs(120)).toBe(4000);
    expect(countInSchedule(60)[1].atMs).toBe(1000);
    expect(clampTempo(1000)).toBe(240);
    expect(clampTempo(Number.NaN)).toBe(120);
  });
});

describe('step markers', () => {
  const markers = [
    { label: 'Turn', atSeconds: 70 },
    { label: 'Basic step', atSeconds: 42 },
    { label: 'Past the end', atSeconds: 500 },
  ];
  it('sorts, labels and places them', () => {
    expect(visibleMarkers(markers, 120).map((m) => m.label)).toEqual(['Basic step', 'Turn']);
    expect(markerText(markers[1])).toBe('Basic step 0:42');
    expect(markerPercent(markers[1], 84)).toBe(50);
  });
  it('spans a step to the next marker or the end', () => {
    expect(markerSpan(markers, 1, 120)).toEqual({ a: 42, b: 70 });
    expect(markerSpan(markers, 0, 120)).toEqual({ a: 70, b: 120 });
    expect(markerSpan(markers, 2, 120)).toBeNull();
  });
});

describe('watched share', () => {
  it('adds played ranges and counts 90%', () => {
    const ranges = [
      [0, 30],
      [50, 95],
    ];
    const played = { length: 2, start: (i: number) => ranges[i][0], end: (i: number) => ranges[i][1] };
    expect(playedSeconds(played)).toBe(75);
    expect(isWatched(89, 100)).toBe(false);
    expect(isWatched(90, 100)).toBe(true);
    expect(isWatched(5, 0)).toBe(false);
  });
});

describe('keyboard shortcuts and sources', () => {
  it('maps the documented keys', async () => {
    const { actionOfKey, PRACTICE_SHORTCUTS } = await import('./shortcuts');
    expect(actionOfKey({ key: 'm' })).toBe('mirror');
    expect(actionOfKey({ key: '[' })).toBe('slower');
    expect(actionOfKey({ key: ']' })).toBe('faster');
    expect(actionOfKey({ key: 'ArrowLeft' })).toBe('back5');
    expect(actionOfKey({ key: 'm', ctrlKey: true })).toBeNull();
    expect(actionOfKey({ key: 'x' })).toBeNull();
    for (const s of PRACTICE_SHORTCUTS) expect(s.text).not.toBe('');
  });
  it('tells HLS from files and names quality levels', async () => {
    const { qualityLevels, sourceKind } = await import('./source');
    expect(sourceKind('https://x.test/v/master.m3u8?sig=1')).toBe('hls');
    expect(sourceKind('/files/clip.MP4')).toBe('file');
    expect(sourceKind('https://www.youtube.com/embed/abc')).toBeNull();
    expect(qualityLevels([{ height: 360 }, { height: 720 }]).map((l) => l.label)).toEqual([
      'Auto',
      '720p',
      '360p',
    ]);
  });
  it('sets loop ends by key', async () => {
    const { setLoopEnd, setLoopStart } = await import('./loopController');
    expect(setLoopEnd(setLoopStart(NO_LOOP, 3), 6)).toEqual({ a: 3, b: 6, count: 0 });
    expect(setLoopEnd(NO_LOOP, 6)).toEqual({ a: 0, b: 6, count: 0 });
  });
});
