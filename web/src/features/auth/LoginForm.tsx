import { Button, Field, HStack, Input, Link, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PasskeySignIn } from '../passkeys';
import { SecondStepForm } from '../two-step';
import { useLogin } from './useLogin';

/** The sign-in form (username and password, "Forgot password?"). Shared by the auth page. */
export function LoginForm() {
  const { login, loading } = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // Two-step sign-in: after a right password, the code step (also where a reset or a provider sends).
  const [secondStep, setSecondStep] = useState(
    () => new URLSearchParams(window.location.search).get('step') === 'code',
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void login({ username: username.trim(), password }).then((outcome) => {
      if (outcome === 'second-step') setSecondStep(true);
    });
  };

  if (secondStep) return <SecondStepForm onStartOver={() => setSecondStep(false)} />;

  return (
    <form onSubmit={onSubmit} aria-label="Sign in" noValidate>
      <Stack gap="4">
        <Field.Root>
          <Field.Label>Username</Field.Label>
          <Input
            name="username"
            autoComplete="username webauthn"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </Field.Root>
        <Field.Root>
          <HStack justify="space-between" w="full">
            <Field.Label>Password</Field.Label>
            <Link asChild textStyle="sm" colorPalette="blue" variant="underline">
              <RouterLink to="/forgot-password">Forgot password?</RouterLink>
            </Link>
          </HStack>
          <Input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field.Root>
        <Button type="submit" loading={loading} loadingText="Signing in..." width="full">
          Sign In
        </Button>
        <PasskeySignIn />
      </Stack>
    </form>
  );
}
