import { Alert, Button, Card, Container, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { Pencil } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { graphql } from '../../gql';
import { Avatar } from '../../ui/Avatar';
import { memberSince } from './profileFormat';
import { RoleBadges } from './RoleBadges';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { PageSpinner } from '../../ui/PageSpinner';
import { DeveloperSection } from '../api-tokens';
import { EmailSection } from './EmailSection';
import { EmailVerifiedBadge } from './EmailVerifiedBadge';
import { PasskeysSection } from '../passkeys';
import { PasswordSection } from './PasswordSection';
import { SessionsSection } from './SessionsSection';
import { YourDataSection } from '../privacy';
import { LinkedIdentitiesSection } from '../identities';
import { TwoStepSection } from '../two-step';

export const ProfilePageQueryDocument = graphql(`
  query ProfilePage {
    me {
      id
      username
      displayName
      firstName
      lastName
      email
      emailVerified
      role
      roles
      profileImageUrl
      createdAt
    }
  }
`);

export default function ProfilePage() {
  const { data, loading, error } = useQuery(ProfilePageQueryDocument);
  const me = data?.me;

  useDocumentTitle('My profile');

  if (loading && !data) {
    return <PageSpinner label="Loading profile..." />;
  }

  if (!me) {
    return (
      <Container maxW="2xl" py={12}>
        <Alert.Root status={error ? 'error' : 'info'}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{error ? 'Your profile could not be loaded' : 'You are not signed in'}</Alert.Title>
            <Alert.Description>{error ? error.message : 'Sign in to see your profile.'}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        {!error && (
          <Button asChild mt={4}>
            <RouterLink to="/auth">Sign In</RouterLink>
          </Button>
        )}
      </Container>
    );
  }

  const fullName = [me.firstName, me.lastName].filter(Boolean).join(' ');
  const since = memberSince(me.createdAt);

  return (
    <Container maxW="3xl" py={{ base: 8, md: 12 }}>
      <Stack gap={6}>
        <Card.Root variant="outline">
          <Card.Body>
            <Stack
              direction={{ base: 'column', sm: 'row' }}
              gap={6}
              align={{ base: 'center', sm: 'flex-start' }}
            >
              <Avatar
                src={me.profileImageUrl}
                username={me.username}
                name={fullName || me.displayName}
                size="xl"
              />
              <Stack
                gap={3}
                flex="1"
                textAlign={{ base: 'center', sm: 'left' }}
                align={{ base: 'center', sm: 'flex-start' }}
              >
                <Stack gap={0}>
                  <Heading as="h1" size="2xl">
                    {me.displayName}
                  </Heading>
                  <Text color="fg.muted">@{me.username}</Text>
                </Stack>
                <RoleBadges user={me} />
                <Button asChild size="sm" variant="outline">
                  <RouterLink to="/profile/edit">
                    <Pencil aria-hidden="true" />
                    Edit profile
                  </RouterLink>
                </Button>
              </Stack>
            </Stack>
          </Card.Body>
          <Card.Footer borderTopWidth="1px" pt={6}>
            <DataList.Root orientation="horizontal" gap={3} w="full">
              <DataList.Item>
                <DataList.ItemLabel>Name</DataList.ItemLabel>
                <DataList.ItemValue>{fullName || '—'}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Username</DataList.ItemLabel>
                <DataList.ItemValue>{me.username}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Email</DataList.ItemLabel>
                <DataList.ItemValue>
                  {me.email ? (
                    <HStack gap={2} wrap="wrap">
                      <span>{me.email}</span>
                      <EmailVerifiedBadge verified={Boolean(me.emailVerified)} />
                    </HStack>
                  ) : (
                    '—'
                  )}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Member since</DataList.ItemLabel>
                <DataList.ItemValue>{since || '—'}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          </Card.Footer>
        </Card.Root>
        <EmailSection email={me.email ?? null} verified={Boolean(me.emailVerified)} />
        <PasswordSection username={me.username} />
        <PasskeysSection username={me.username} />
        <TwoStepSection />
        <SessionsSection />
        <LinkedIdentitiesSection />
        <DeveloperSection />
        <YourDataSection username={me.username} />
      </Stack>
    </Container>
  );
}
