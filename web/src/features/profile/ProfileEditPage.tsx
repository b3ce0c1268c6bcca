import {
  Alert,
  Button,
  Card,
  Container,
  Field,
  Heading,
  Input,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useCurrentUser, type CurrentUser } from '../auth';
import { Avatar } from '../../ui/Avatar';
import { PROFILE_IMAGE_ACCEPT } from './profileImageRules';
import { useProfileImageUpload } from './useProfileImageUpload';
import { useProfileUpdate, type ProfileUserError } from './useProfileUpdate';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { PageSpinner } from '../../ui/PageSpinner';
import { NotificationSettings } from '../notifications';

export default function ProfileEditPage() {
  const { user, loading } = useCurrentUser();

  useDocumentTitle('Edit profile');

  if (loading || user === undefined) {
    return <PageSpinner label="Loading profile..." />;
  }

  if (!user) {
    return (
      <Container maxW="2xl" py={12}>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>Sign in to edit your profile.</Alert.Title>
        </Alert.Root>
        <Button asChild mt={4}>
          <RouterLink to="/auth">Sign In</RouterLink>
        </Button>
      </Container>
    );
  }

  return (
    <Container maxW="2xl" py={{ base: 8, md: 12 }}>
      <Stack gap={6}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Edit profile
          </Heading>
          <Text color="fg.muted">Update your name and the picture other members see.</Text>
        </Stack>
        <ProfileImageCard user={user} />
        {/* Keyed by user so the form starts from the saved values. */}
        <ProfileNameForm key={user.id} user={user} />
        <NotificationSettings />
      </Stack>
    </Container>
  );
}

function ProfileImageCard({ user }: { user: CurrentUser }) {
  const { upload, uploading, error } = useProfileImageUpload();

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    await upload(file);
    input.value = ''; // allow choosing the same file again
  }

  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');

  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Stack direction={{ base: 'column', sm: 'row' }} gap={6} align="center">
          <Avatar
            src={user.profileImageUrl}
            username={user.username}
            name={fullName || user.displayName}
            size="xl"
          />
          <Field.Root invalid={Boolean(error)} disabled={uploading} flex="1">
            <Field.Label>Profile image</Field.Label>
            <Input
              type="file"
              name="image"
              accept={PROFILE_IMAGE_ACCEPT}
              onChange={handleChange}
              p={1.5}
              h="auto"
            />
            {uploading ? (
              <Field.HelperText>
                <Spinner size="xs" me={2} /> Uploading…
              </Field.HelperText>
            ) : (
              <Field.HelperText>
                PNG, JPEG or WebP, up to 5 MB. The new picture is saved as soon as you choose it.
              </Field.HelperText>
            )}
            {error && <Field.ErrorText>{error}</Field.ErrorText>}
          </Field.Root>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function ProfileNameForm({ user }: { user: CurrentUser }) {
  const { update, loading, userErrors } = useProfileUpdate();
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await update({ firstName: firstName.trim(), lastName: lastName.trim() });
  }

  const fieldError = (field: string) => userErrors.find((e) => e.field === field)?.message;
  const formErrors = userErrors.filter(
    (e: ProfileUserError) => e.field !== 'firstName' && e.field !== 'lastName',
  );

  return (
    <Card.Root variant="outline" asChild>
      <form onSubmit={handleSubmit} noValidate aria-labelledby="profile-name-heading">
        <Card.Header>
          <Card.Title as="h2" id="profile-name-heading">
            Your name
          </Card.Title>
        </Card.Header>
        <Card.Body>
          <Stack gap={4}>
            {formErrors.length > 0 && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Content>
                  {formErrors.map((e, index) => (
                    <Alert.Description key={`${e.code}-${index}`}>{e.message}</Alert.Description>
                  ))}
                </Alert.Content>
              </Alert.Root>
            )}
            <Stack direction={{ base: 'column', sm: 'row' }} gap={4}>
              <Field.Root invalid={Boolean(fieldError('firstName'))}>
                <Field.Label>First name</Field.Label>
                <Input
                  name="firstName"
                  autoComplete="given-name"
                  value={firstName}
                  onChange={(e) => setFirstName(e.target.value)}
                />
                <Field.ErrorText>{fieldError('firstName')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(fieldError('lastName'))}>
                <Field.Label>Last name</Field.Label>
                <Input
                  name="lastName"
                  autoComplete="family-name"
                  value={lastName}
                  onChange={(e) => setLastName(e.target.value)}
                />
                <Field.ErrorText>{fieldError('lastName')}</Field.ErrorText>
              </Field.Root>
            </Stack>
          </Stack>
        </Card.Body>
        <Card.Footer justifyContent="flex-end" gap={3}>
          <Button asChild variant="ghost">
            <RouterLink to="/profile">Back to profile</RouterLink>
          </Button>
          <Button type="submit" loading={loading} loadingText="Saving…">
            Save changes
          </Button>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}
