import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import {
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { savePendingToast, takePendingToast, type PendingToast } from './pendingToast';
import { endSwipe, moveSwipe, startSwipe, type ToastSwipe } from './toastSwipe';

/**
 * The app's notifications (spec section 9): at most 5 at once, 5 s each, bottom-end,
 * F8 moves focus to the notification region; a swipe of 50 px to the right dismisses one
 * (toastSwipe.ts), as do Escape on a focused toast and its close button.
 *
 * The spec's "removal delay after dismissal" (1,000,000 ms) is how long its client keeps a dismissed
 * toast in memory, unmounted once its exit animation ends. This library's `removeDelay` is something
 * else: how long a dismissed toast stays mounted, holding its place in the stack (other toasts keep
 * their distance from it) and one of the 5 places (new toasts wait in a queue). At 1,000,000 ms a
 * dismissed toast would leave a gap for 16 minutes and, after 5 dismissals, no new toast would
 * show; so it keeps the library's default, the length of the exit animation.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 5,
  duration: 5000,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});

/** Swallows the click that ends a swipe (it is no press on the toast's buttons). */
function swallowNextClick(element: HTMLElement): void {
  const swallow = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
  };
  element.addEventListener('click', swallow, { capture: true, once: true });
  // The click, when there is one, comes in the same task as the pointerup.
  setTimeout(() => element.removeEventListener('click', swallow, { capture: true }), 0);
}

/**
 * A toast's root that follows a swipe to the right and dismisses the toast when let go 50 px or
 * more away (it then slides out to the right); a shorter swipe springs back.
 */
function SwipeableToastRoot({ id, children }: { id: string; children: ReactNode }) {
  const swipe = useRef<ToastSwipe | null>(null);
  const [offset, setOffset] = useState<number | null>(null);
  const [swipedAway, setSwipedAway] = useState(false);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || swipedAway) return;
    swipe.current = startSwipe(event.clientX, event.clientY, event.pointerType);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const before = swipe.current;
    if (!before) return;
    const next = moveSwipe(before, event.clientX, event.clientY);
    swipe.current = next;
    if (next?.offset == null) return;
    if (before.offset === null) event.currentTarget.setPointerCapture?.(event.pointerId);
    setOffset(next.offset);
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const outcome = endSwipe(swipe.current);
    swipe.current = null;
    if (!outcome) return;
    const element = event.currentTarget;
    if (element.hasPointerCapture?.(event.pointerId)) element.releasePointerCapture(event.pointerId);
    swallowNextClick(element);
    setOffset(null);
    if (outcome === 'dismiss') {
      setSwipedAway(true);
      toaster.dismiss(id);
    }
  };
  const onPointerCancel = () => {
    swipe.current = null;
    setOffset(null);
  };

  const style: CSSProperties | undefined =
    offset !== null
      ? ({ '--x': `${offset}px`, transition: 'none', userSelect: 'none' } as CSSProperties)
      : swipedAway
        ? ({ '--x': '110%' } as CSSProperties)
        : undefined;
  return (
    <Toast.Root
      width={{ md: 'sm' }}
      // Vertical moves still scroll the page; horizontal ones are the swipe's.
      touchAction="pan-y"
      style={style}
      data-swiping={offset !== null ? '' : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    >
      {children}
    </Toast.Root>
  );
}

/**
 * Shows the parked toast once the toast region beside it is mounted and listening. The toast is
 * created in a task after the mount: one created during the region's first commit is dropped.
 */
function PendingToastOnMount(): null {
  useEffect(() => {
    const timer = setTimeout(showPendingToast, 50);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

/**
 * Renders the toasts of {@link toaster}; mount once, at the root of the app. It also shows a
 * toast parked before a full page redirect (sign-in, registration).
 */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <SwipeableToastRoot id={toast.id!}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            {toast.closable !== false ? <Toast.CloseTrigger /> : null}
          </SwipeableToastRoot>
        )}
      </ChakraToaster>
      <PendingToastOnMount />
    </Portal>
  );
}

/** Parks a toast to be shown after the next full page load (see {@link showPendingToast}). */
export function queueToastForNextPage(toast: PendingToast): void {
  savePendingToast(toast);
}

/** Shows the toast parked before a full page redirect, if there is one. Call once after load. */
export function showPendingToast(): void {
  const pending = takePendingToast();
  if (!pending) return;
  toaster.create({
    title: pending.title,
    description: pending.description,
    type: pending.type ?? 'success',
    closable: true,
  });
}
