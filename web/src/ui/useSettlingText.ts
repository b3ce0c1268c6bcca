import { useEffect, useRef, useState } from 'react';

const SETTLE_MS = 300;

/**
 * A text box over a value kept elsewhere (usually the URL): the box shows what is typed and
 * `onSettle` gets it shortly after typing stops (`settleNow` at once, e.g. on Enter); when the value
 * changes from outside (back button, a link) the box shows it.
 */
export function useSettlingText(value: string, onSettle: (text: string) => void, delayMs = SETTLE_MS) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onText = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSettle(next), delayMs);
  };
  const settleNow = () => {
    clearTimeout(timer.current);
    onSettle(text);
  };
  return { text, onText, settleNow };
}
