import { Badge, Button, HStack, IconButton, Input, NativeSelect, Switch, Text, Wrap } from '@chakra-ui/react';
import { FlipHorizontal2, Minus, Plus, Repeat, Undo2 } from 'lucide-react';
import { clampTempo, MAX_TEMPO, MIN_TEMPO } from './countIn';
import { isLooping, loopButtonLabel, type LoopState } from './loopController';
import type { QualityLevel } from './source';
import { MAX_SPEED, MIN_SPEED, SPEED_STEPS, speedLabel } from './speed';
import { formatTime } from './time';

/** The practice controls under the video: mirror, speed, A–B loop, back 5 s, count-in, quality. */
export function PracticeControls(props: {
  mirror: boolean;
  onMirror: () => void;
  speed: number;
  onSpeed: (speed: number) => void;
  onStepSpeed: (direction: -1 | 1) => void;
  loop: LoopState;
  onLoopTap: () => void;
  onBack5: () => void;
  countIn: boolean;
  onCountIn: (on: boolean) => void;
  bpm: number;
  onBpm: (bpm: number) => void;
  levels: QualityLevel[];
  level: number;
  onLevel: (index: number) => void;
}) {
  const { loop } = props;
  return (
    <Wrap gap="2" align="center" role="toolbar" aria-label="Practice controls">
      <Button
        size="sm"
        variant={props.mirror ? 'solid' : 'outline'}
        aria-pressed={props.mirror}
        onClick={props.onMirror}
        title="Mirror (M)"
      >
        <FlipHorizontal2 /> Mirror
      </Button>
      <HStack gap="1" role="group" aria-label="Speed">
        <IconButton
          size="sm"
          variant="outline"
          aria-label="Slower ([)"
          disabled={props.speed <= MIN_SPEED}
          onClick={() => props.onStepSpeed(-1)}
        >
          <Minus />
        </IconButton>
        <NativeSelect.Root size="sm" width="24">
          <NativeSelect.Field
            aria-label="Playback speed"
            value={String(props.speed)}
            onChange={(e) => props.onSpeed(Number(e.currentTarget.value))}
          >
            {(SPEED_STEPS.includes(props.speed as (typeof SPEED_STEPS)[number])
              ? SPEED_STEPS
              : [...SPEED_STEPS, props.speed].sort((x, y) => x - y)
            ).map((s) => (
              <option key={s} value={String(s)}>
                {speedLabel(s)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <IconButton
          size="sm"
          variant="outline"
          aria-label="Faster (])"
          disabled={props.speed >= MAX_SPEED}
          onClick={() => props.onStepSpeed(1)}
        >
          <Plus />
        </IconButton>
      </HStack>
      <Button
        size="sm"
        variant={isLooping(loop) ? 'solid' : 'outline'}
        onClick={props.onLoopTap}
        title="A / B / L"
      >
        <Repeat /> {loopButtonLabel(loop)}
      </Button>
      {loop.a !== null && (
        <Text fontSize="sm" color="fg.muted" data-testid="loop-range">
          A {formatTime(loop.a)}
          {loop.b !== null && ` – B ${formatTime(loop.b)}`}
        </Text>
      )}
      {isLooping(loop) && (
        <Badge colorPalette="teal" data-testid="loop-count">
          Loop {loop.count}
        </Badge>
      )}
      <Button size="sm" variant="outline" onClick={props.onBack5} title="Back 5 seconds (←)">
        <Undo2 /> 5 s
      </Button>
      <Switch.Root size="sm" checked={props.countIn} onCheckedChange={(d) => props.onCountIn(d.checked)}>
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>Count-in</Switch.Label>
      </Switch.Root>
      {props.countIn && (
        <HStack gap="1">
          <Text fontSize="sm" aria-hidden>
            Tempo
          </Text>
          <Input
            size="sm"
            width="20"
            type="number"
            min={MIN_TEMPO}
            max={MAX_TEMPO}
            defaultValue={props.bpm}
            onBlur={(e) => {
              const bpm = clampTempo(Number(e.currentTarget.value));
              e.currentTarget.value = String(bpm);
              props.onBpm(bpm);
            }}
            aria-label="Count-in tempo (beats per minute)"
          />
          <Text fontSize="sm" color="fg.muted">
            bpm
          </Text>
        </HStack>
      )}
      {props.levels.length > 1 && (
        <NativeSelect.Root size="sm" width="28">
          <NativeSelect.Field
            aria-label="Quality"
            value={String(props.level)}
            onChange={(e) => props.onLevel(Number(e.currentTarget.value))}
          >
            {props.levels.map((l) => (
              <option key={l.index} value={String(l.index)}>
                {l.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </Wrap>
  );
}
