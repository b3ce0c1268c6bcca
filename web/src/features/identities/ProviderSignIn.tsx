import { useQuery } from '@apollo/client/react';
import { Alert, Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { LogIn } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { RETURN_TO_PARAM, safeReturnTo } from '../auth';
import { SignInProvidersQueryDocument } from './identityDocuments';
import { oidcProblem, providerStartHref } from './oidcMessages';

/**
 * "Continue with <provider>" on /auth and /register when the site has an identity provider (and
 * nothing when it has none), with what went wrong when a provider sign-in came back here. A plain
 * link: the browser goes to the provider and back (api/src/modules/identities/oidc.routes.ts).
 */
export function ProviderSignIn() {
  const { data } = useQuery(SignInProvidersQueryDocument);
  const [searchParams] = useSearchParams();
  const providers = data?.signInProviders ?? [];
  if (!providers.length) return null;
  const returnTo = safeReturnTo(searchParams.get(RETURN_TO_PARAM));
  const problem = oidcProblem(searchParams.get('oidc'), providers[0].name);

  return (
    <Stack gap="4" mb="6">
      {problem && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      )}
      {providers.map((provider) => (
        <Button key={provider.id} asChild variant="outline" w="full">
          <a href={providerStartHref(provider.startUrl, returnTo)}>
            <LogIn aria-hidden />
            Continue with {provider.name}
          </a>
        </Button>
      ))}
      <HStack>
        <Separator flex="1" />
        <Text flexShrink="0" textStyle="sm" color="fg.muted">
          or
        </Text>
        <Separator flex="1" />
      </HStack>
    </Stack>
  );
}
