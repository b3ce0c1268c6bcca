import { createContext } from 'react';
import type { GuestCartInput, GuestCartItem } from './guestCart';

/** The guest-mode flag and the guest cart, shared by the header, the cart page and the add buttons. */
export interface GuestModeValue {
  guestModeEnabled: boolean;
  setGuestModeEnabled: (enabled: boolean) => void;
  guestCart: GuestCartItem[];
  addGuestItem: (input: GuestCartInput) => boolean;
  setGuestQuantity: (id: string, quantity: number) => boolean;
  removeGuestItem: (id: string) => boolean;
  /** Removes the given lines (e.g. those transferred to the member's cart). */
  removeGuestItems: (ids: string[]) => boolean;
  clearGuestCart: () => boolean;
}

export const GuestModeContext = createContext<GuestModeValue | null>(null);
