import { useContext } from 'react';
import { GuestModeContext, type GuestModeValue } from './GuestModeContext';

/** The guest-mode flag and the guest cart. Using it outside {@link GuestModeProvider} is an error. */
export function useGuestMode(): GuestModeValue {
  const value = useContext(GuestModeContext);
  if (!value) throw new Error('useGuestMode must be used within a GuestModeProvider');
  return value;
}
