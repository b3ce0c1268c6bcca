export interface NamedUser {
  firstName?: string | null;
  username?: string | null;
}

/** The name shown for a user in the header: first name, else username, else 'Guest'. */
export function displayNameOf(user: NamedUser | null | undefined): string {
  const firstName = user?.firstName?.trim();
  if (firstName) return firstName;
  const username = user?.username?.trim();
  if (username) return username;
  return 'Guest';
}
