import { Box, Button, Collapsible, HStack, Stack, Table, Text } from '@chakra-ui/react';
import {
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaLoadingIndicator,
  MediaMuteButton,
  MediaPipButton,
  MediaPlayButton,
  MediaSeekBackwardButton,
  MediaTimeDisplay,
  MediaTimeRange,
  MediaVolumeRange,
} from 'media-chrome/react';
import { MediaCaptionsMenu, MediaCaptionsMenuButton } from 'media-chrome/react/menu';
import { PlayCircle } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { clampTempo, DEFAULT_TEMPO } from './countIn';
import {
  isLooping,
  loopAction,
  loopFrom,
  type LoopState,
  NO_LOOP,
  repeated,
  setLoopEnd,
  setLoopStart,
  tapLoop,
} from './loopController';
import { MarkerList } from './MarkerList';
import { visibleMarkers } from './markers';
import { MarkerTimeline } from './MarkerTimeline';
import { nonceMediaChrome } from './mediaChromeNonce';
import { PracticeControls } from './PracticeControls';
import { actionOfKey, isTyping, MEDIA_SHORTCUTS, type PracticeAction, PRACTICE_SHORTCUTS } from './shortcuts';
import { clampSpeed, speedLabel, stepSpeed } from './speed';
import { formatTime, spokenTime } from './time';
import type { PracticePlayerProps, PracticeSettings, PracticeSnapshot } from './types';
import { useCountIn } from './useCountIn';
import { useCuesAboveControls } from './useCuesAboveControls';
import { useVideoSource } from './useVideoSource';
import { playedRanges, playedSeconds } from './watched';

nonceMediaChrome();

/** Seconds between saves while playing. */
export const SAVE_INTERVAL_MS = 5000;

/** A saved position is offered for resuming when it is this far from both ends (seconds). */
const RESUME_MARGIN = 3;

/**
 * The practice player: media-chrome's controls (play, seek bar, time, volume, captions,
 * picture-in-picture, fullscreen) over a video fed by hls.js or a plain file, and the practice
 * controls (mirror, speed with pitch kept, A–B loop with its counter, step markers, back 5 s, an
 * 8-count count-in before each repeat, quality). Keyboard: PRACTICE_SHORTCUTS.
 */
export default function PracticePlayer({
  src,
  poster,
  captions = [],
  thumbnails,
  title = 'Lesson video',
  markers = [],
  initialState,
  onSave,
  onLeave,
  onTimeUpdate,
}: PracticePlayerProps) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const playerBox = useRef<HTMLDivElement | null>(null);
  const captionsMenuId = `captions-menu-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  // The browser draws caption cues over the video's bottom: keep them above the control bar.
  useCuesAboveControls(videoRef, playerBox, captions.map((c) => c.src).join('\n'));
  const { levels, level, setLevel, error } = useVideoSource(videoRef, src);
  const [mirror, setMirror] = useState(initialState?.mirror ?? false);
  const [speed, setSpeed] = useState(clampSpeed(initialState?.speed ?? 1));
  const [loop, setLoop] = useState<LoopState>(() => loopFrom(initialState?.loopA, initialState?.loopB));
  const [countIn, setCountIn] = useState(initialState?.countIn ?? false);
  const [bpm, setBpm] = useState(clampTempo(initialState?.countInBpm ?? DEFAULT_TEMPO));
  const [duration, setDuration] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const savedPosition = initialState?.positionSeconds ?? 0;
  const [resumeOffered, setResumeOffered] = useState(savedPosition > RESUME_MARGIN);
  const counting = useCountIn();

  // The latest of everything, for the event handlers and timers below.
  const latest = useRef({ mirror, speed, loop, countIn, bpm, onSave, onLeave, onTimeUpdate });
  latest.current = { mirror, speed, loop, countIn, bpm, onSave, onLeave, onTimeUpdate };

  // This visit's plays (one) and loops set, for the instructor's stats.
  const counts = useRef({ plays: 0, loopsSet: 0 });

  const snapshot = useCallback((): PracticeSnapshot => {
    const video = videoRef.current;
    const s = latest.current;
    return {
      mirror: s.mirror,
      speed: s.speed,
      loopA: s.loop.a,
      loopB: s.loop.b,
      countIn: s.countIn,
      countInBpm: s.bpm,
      positionSeconds: video ? video.currentTime : 0,
      durationSeconds: video && Number.isFinite(video.duration) ? video.duration : 0,
      watchedSeconds: video ? playedSeconds(video.played) : 0,
      watchedRanges:
        video && Number.isFinite(video.duration) ? playedRanges(video.played, video.duration) : [],
      playCount: counts.current.plays,
      loopSetCount: counts.current.loopsSet,
    };
  }, []);

  // Speed with the pitch kept (no chipmunk voices at 2×, no growl at 0.5×).
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.preservesPitch = true;
    video.playbackRate = speed;
    video.defaultPlaybackRate = speed;
  }, [speed]);

  // A setting changed: save (not on the first render).
  const settingsKey = `${mirror}|${speed}|${loop.a}|${loop.b}|${countIn}|${bpm}`;
  const firstSettings = useRef(settingsKey);
  const lastLoop = useRef(`${loop.a}|${loop.b}`);
  useEffect(() => {
    if (settingsKey === firstSettings.current) return;
    firstSettings.current = settingsKey;
    // A new A–B loop (both ends, not the one saved before): one more for the stats.
    const { a, b } = latest.current.loop;
    const loopKey = `${a}|${b}`;
    if (a !== null && b !== null && loopKey !== lastLoop.current) counts.current.loopsSet += 1;
    lastLoop.current = loopKey;
    latest.current.onSave?.(snapshot(), 'settings');
  }, [settingsKey, snapshot]);

  // Every 5 s while playing; on pause.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let timer: number | undefined;
    const onPlay = () => {
      counts.current.plays = 1;
      window.clearInterval(timer);
      timer = window.setInterval(() => latest.current.onSave?.(snapshot(), 'interval'), SAVE_INTERVAL_MS);
    };
    const onPause = () => {
      window.clearInterval(timer);
      if (video.currentTime > 0) latest.current.onSave?.(snapshot(), 'pause');
    };
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    return () => {
      window.clearInterval(timer);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
    };
  }, [snapshot]);

  // On leaving (another page, a closed tab, a phone's app switch).
  useEffect(() => {
    const leave = () => {
      const video = videoRef.current;
      if (video && video.currentTime > 0) latest.current.onLeave?.(snapshot());
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      leave(); // the page within the app changes (the component unmounts)
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [snapshot]);

  const seek = useCallback((seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = Math.max(0, seconds);
  }, []);

  // The loop: at B, back to A (after the count-in when it is on), one more on the counter.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !isLooping(loop)) return;
    let frame = 0;
    const check = () => {
      const current = latest.current.loop;
      if (!video.paused && loopAction(current, video.currentTime) === 'repeat' && current.a !== null) {
        const next = repeated(current);
        latest.current.loop = next;
        setLoop(next);
        setAnnouncement(`Loop ${next.count}`);
        if (latest.current.countIn) {
          video.pause();
          video.currentTime = current.a;
          counting.start(latest.current.bpm, () => void video.play());
        } else {
          video.currentTime = current.a;
        }
      }
      frame = window.requestAnimationFrame(check);
    };
    frame = window.requestAnimationFrame(check);
    return () => window.cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restarts when the loop's ends change
  }, [loop.a, loop.b, counting.start]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onMeta = () => setDuration(Number.isFinite(video.duration) ? video.duration : 0);
    const onTime = () => latest.current.onTimeUpdate?.(video.currentTime);
    const onPlaying = () => setResumeOffered(false);
    video.addEventListener('loadedmetadata', onMeta);
    video.addEventListener('durationchange', onMeta);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('playing', onPlaying);
    return () => {
      video.removeEventListener('loadedmetadata', onMeta);
      video.removeEventListener('durationchange', onMeta);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('playing', onPlaying);
    };
  }, []);

  const changeSpeed = useCallback((next: number) => {
    const value = clampSpeed(next);
    setSpeed(value);
    setAnnouncement(`Speed ${speedLabel(value)}`);
  }, []);

  const setLoopAndSay = useCallback((next: LoopState) => {
    setLoop(next);
    if (next.a === null) setAnnouncement('Loop cleared');
    else if (next.b === null) setAnnouncement(`Loop start at ${spokenTime(next.a)}`);
    else setAnnouncement(`Looping from ${spokenTime(next.a)} to ${spokenTime(next.b)}`);
  }, []);

  const now = () => videoRef.current?.currentTime ?? 0;
  const act = (action: PracticeAction) => {
    switch (action) {
      case 'mirror':
        setMirror((m) => {
          setAnnouncement(m ? 'Mirror off' : 'Mirror on');
          return !m;
        });
        break;
      case 'slower':
        changeSpeed(stepSpeed(latest.current.speed, -1));
        break;
      case 'faster':
        changeSpeed(stepSpeed(latest.current.speed, 1));
        break;
      case 'loopStart':
        setLoopAndSay(setLoopStart(latest.current.loop, now()));
        break;
      case 'loopEnd':
        setLoopAndSay(setLoopEnd(latest.current.loop, now()));
        break;
      case 'loopClear':
        counting.cancel();
        setLoopAndSay(NO_LOOP);
        break;
      case 'back5':
        seek(now() - 5);
        break;
      case 'countIn':
        setCountIn((c) => {
          setAnnouncement(c ? 'Count-in off' : 'Count-in on');
          return !c;
        });
        break;
    }
  };
  const actRef = useRef(act);
  actRef.current = act;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return;
      const action = actionOfKey(event);
      if (!action) return;
      event.preventDefault();
      actRef.current(action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const resume = () => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = savedPosition;
    setResumeOffered(false);
    void video.play().catch(() => undefined);
  };

  const shownMarkers = visibleMarkers(markers, duration);

  return (
    <Stack gap="3" data-testid="practice-player">
      <Box ref={playerBox} position="relative" borderRadius="md" overflow="hidden" bg="black">
        <MediaController
          hotkeys="nom noarrowleft"
          style={{ width: '100%', aspectRatio: '16 / 9', display: 'block' }}
        >
          <video
            slot="media"
            ref={videoRef}
            poster={poster ?? undefined}
            playsInline
            preload="metadata"
            aria-label={title}
            data-mirrored={mirror ? 'true' : 'false'}
            style={{ transform: mirror ? 'scaleX(-1)' : 'none', width: '100%', height: '100%' }}
          >
            {captions.map((c) => (
              <track key={c.src} kind="captions" src={c.src} srcLang={c.srclang} label={c.label} />
            ))}
            {thumbnails ? <track kind="metadata" label="thumbnails" src={thumbnails} default /> : null}
          </video>
          <MediaLoadingIndicator slot="centered-chrome" noAutohide />
          {counting.beat !== null && (
            <Box
              slot="centered-chrome"
              fontSize={{ base: '5xl', md: '7xl' }}
              fontWeight="bold"
              color="white"
              textShadow="0 0 12px black"
              aria-hidden
              data-testid="count-in-beat"
            >
              {counting.beat}
            </Box>
          )}
          {captions.length ? (
            <MediaCaptionsMenu id={captionsMenuId} hidden anchor="auto" aria-label="Captions" />
          ) : null}
          <MediaControlBar>
            <MediaPlayButton />
            <MediaSeekBackwardButton seekOffset={5} />
            {/* Its built-in preview shows the `thumbnails` track's tile and the time while hovering. */}
            <MediaTimeRange />
            <MediaTimeDisplay showDuration />
            <MediaMuteButton />
            <MediaVolumeRange />
            {captions.length ? (
              <MediaCaptionsMenuButton invokeTarget={captionsMenuId} aria-label="Captions" />
            ) : null}
            <MediaPipButton />
            <MediaFullscreenButton />
          </MediaControlBar>
        </MediaController>
      </Box>
      <MarkerTimeline
        player={playerBox}
        markers={shownMarkers}
        duration={duration}
        loopA={loop.a}
        loopB={loop.b}
        onSeek={seek}
      />
      {error && (
        <Text color="fg.error" role="alert">
          {error}
        </Text>
      )}
      {resumeOffered && (
        <HStack>
          <Button size="sm" colorPalette="teal" onClick={resume}>
            <PlayCircle /> Resume at {formatTime(savedPosition)}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setResumeOffered(false)}>
            Start from the beginning
          </Button>
        </HStack>
      )}
      <PracticeControls
        mirror={mirror}
        onMirror={() => act('mirror')}
        speed={speed}
        onSpeed={changeSpeed}
        onStepSpeed={(d) => act(d < 0 ? 'slower' : 'faster')}
        loop={loop}
        onLoopTap={() => {
          if (isLooping(loop)) counting.cancel();
          setLoopAndSay(tapLoop(loop, now()));
        }}
        onBack5={() => act('back5')}
        countIn={countIn}
        onCountIn={setCountIn}
        bpm={bpm}
        onBpm={setBpm}
        levels={levels}
        level={level}
        onLevel={setLevel}
      />
      <MarkerList
        markers={shownMarkers}
        duration={duration}
        onSeek={seek}
        onLoop={(a, b) => {
          setLoopAndSay({ a, b, count: 0 });
          seek(a);
        }}
      />
      <Box srOnly aria-live="polite" aria-atomic="true" data-testid="player-announcer">
        {counting.beat !== null ? String(counting.beat) : announcement}
      </Box>
      <Collapsible.Root>
        <Collapsible.Trigger asChild>
          <Button size="xs" variant="plain" alignSelf="flex-start">
            Keyboard shortcuts
          </Button>
        </Collapsible.Trigger>
        <Collapsible.Content>
          <Table.Root size="sm" maxW="md">
            <Table.Body>
              {[...PRACTICE_SHORTCUTS, ...MEDIA_SHORTCUTS].map((s) => (
                <Table.Row key={s.keys}>
                  <Table.Cell>
                    <Text as="kbd" fontFamily="mono">
                      {s.keys}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{s.text}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Collapsible.Content>
      </Collapsible.Root>
    </Stack>
  );
}

export type { PracticePlayerProps, PracticeSettings, PracticeSnapshot };
