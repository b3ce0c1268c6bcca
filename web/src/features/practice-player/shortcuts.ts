/** What a key does in the practice player. */
export type PracticeAction =
  'mirror' | 'slower' | 'faster' | 'loopStart' | 'loopEnd' | 'loopClear' | 'back5' | 'countIn';

/** The keys, as documented to the learner (the player's "Keyboard shortcuts" list). */
export const PRACTICE_SHORTCUTS: { keys: string; action: PracticeAction; text: string }[] = [
  { keys: 'M', action: 'mirror', text: 'Mirror the picture' },
  { keys: '[', action: 'slower', text: 'Slower' },
  { keys: ']', action: 'faster', text: 'Faster' },
  { keys: 'A', action: 'loopStart', text: 'Loop start here' },
  { keys: 'B', action: 'loopEnd', text: 'Loop end here' },
  { keys: 'L', action: 'loopClear', text: 'Clear the loop' },
  { keys: '←', action: 'back5', text: 'Back 5 seconds' },
  { keys: 'I', action: 'countIn', text: 'Count-in on or off' },
];

/** media-chrome's own keys, which it handles (listed with ours). */
export const MEDIA_SHORTCUTS = [
  { keys: 'Space / K', text: 'Play or pause' },
  { keys: '→', text: 'Forward 10 seconds' },
  { keys: 'F', text: 'Fullscreen' },
  { keys: 'C', text: 'Captions' },
  { keys: '↑ ↓', text: 'Volume' },
];

/** The action of a key press; null for other keys, or with Ctrl, Alt or Meta held. */
export function actionOfKey(event: {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}): PracticeAction | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  switch (event.key) {
    case 'm':
    case 'M':
      return 'mirror';
    case '[':
      return 'slower';
    case ']':
      return 'faster';
    case 'a':
    case 'A':
      return 'loopStart';
    case 'b':
    case 'B':
      return 'loopEnd';
    case 'l':
    case 'L':
      return 'loopClear';
    case 'ArrowLeft':
      return 'back5';
    case 'i':
    case 'I':
      return 'countIn';
    default:
      return null;
  }
}

/** Whether a key press is typing in a field (shortcuts stay out of its way). */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  return Boolean(element.closest('input, textarea, select, [contenteditable="true"]'));
}
