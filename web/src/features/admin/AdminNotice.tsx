import { Alert } from '@chakra-ui/react';

/** A page-level message in place of content the user may not see, or that failed to load. */
export function AdminNotice({
  title,
  description,
  status = 'info',
}: {
  title: string;
  description?: string;
  status?: 'info' | 'warning' | 'error';
}) {
  return (
    <Alert.Root status={status}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {description ? <Alert.Description>{description}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}

export const ADMINS_ONLY_USERS = 'Only administrators can manage users.';
