/** The bell's badge: nothing at 0 (no badge), 1–9, then "9+". */
export function bellBadgeText(unread: number): string {
  if (unread <= 0) return '';
  return unread > 9 ? '9+' : String(unread);
}

/** The bell's accessible name: "Notifications, 3 unread", or just "Notifications" with none unread. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}
