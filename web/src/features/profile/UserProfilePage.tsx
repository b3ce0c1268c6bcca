import { useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { Avatar } from '../../ui/Avatar';
import { useCurrentUser } from '../auth';
import { RoleBadges } from './RoleBadges';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

const UserProfileQueryDocument = graphql(`
  query UserProfile($id: ID!) {
    user(id: $id) {
      id
      username
      displayName
      role
      roles
      profileImageUrl
    }
  }
`);

export default function UserProfilePage() {
  const { userId = '' } = useParams<{ userId: string }>();
  const { user: me } = useCurrentUser();
  const { data, loading, error } = useQuery(UserProfileQueryDocument, {
    variables: { id: userId },
    skip: !userId,
  });
  const profile = data?.user;

  useDocumentTitle(profile ? profile.displayName : loading ? 'Profile' : 'User not found');

  if (loading && !data) {
    return <PageSpinner label="Loading profile..." />;
  }

  if (error && !data) {
    return (
      <Container maxW="2xl" py={12}>
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>This profile could not be loaded</Alert.Title>
            <Alert.Description>{error.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Container>
    );
  }

  if (!profile) {
    return (
      <Container maxW="2xl" py={16}>
        <Stack gap={4} align="center" textAlign="center">
          <Heading as="h1" size="2xl">
            User not found
          </Heading>
          <Text color="fg.muted">
            There is no member with this profile address. The link may be mistyped, or the account may no
            longer exist.
          </Text>
          <Button asChild variant="outline">
            <RouterLink to="/">Back to home</RouterLink>
          </Button>
        </Stack>
      </Container>
    );
  }

  const isMe = me?.id === profile.id;

  return (
    <Container maxW="2xl" py={{ base: 8, md: 12 }}>
      <Card.Root variant="outline">
        <Card.Body>
          <Stack gap={4} align="center" textAlign="center">
            <Avatar
              src={profile.profileImageUrl}
              username={profile.username}
              name={profile.displayName}
              size="2xl"
            />
            <Stack gap={0}>
              <Heading as="h1" size="2xl">
                {profile.displayName}
              </Heading>
              <Text color="fg.muted">@{profile.username}</Text>
            </Stack>
            {/* Roles are private: the server shows them to the owner and admins only (null for others). */}
            {profile.roles && <RoleBadges user={profile} />}
            {isMe && (
              <Button asChild size="sm" variant="outline">
                <RouterLink to="/profile/edit">Edit profile</RouterLink>
              </Button>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
