import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { addedToast } from '../features/cart';
import { toaster } from '../ui/toaster';
import { onEarlyAdd } from './earlyCart';
import { releaseEarlyInput } from './earlyInput';

/**
 * Rendered after a page's content, inside its loading boundary (router.tsx), on the server and in
 * the browser alike: its effect runs once React has adopted that page (a boundary hydrates after
 * the frame around it), and a button pressed before is pressed again then (earlyInput.ts). An item
 * the entry added to the guest cart before (earlyCart.ts) gets the toast the app's own add shows, and
 * a member's cart dropdown the entry opened becomes the app's own (earlyInput.ts hands it over).
 */
export function PageReady(): null {
  const navigate = useNavigate();
  useEffect(() => {
    onEarlyAdd((add) =>
      toaster.create(addedToast(add.title, add.alreadyInCart, () => void navigate('/cart'))),
    );
    releaseEarlyInput();
  }, [navigate]);
  return null;
}
