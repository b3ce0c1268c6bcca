import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useEffect } from 'react';
import { savePendingToast, takePendingToast, type PendingToast } from './pendingToast';

/**
 * The app's notifications (spec section 9): at most 5 at once, 5 s each, bottom-end,
 * F8 moves focus to the notification region.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 5,
  duration: 5000,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});

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
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            {toast.closable !== false ? <Toast.CloseTrigger /> : null}
          </Toast.Root>
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
