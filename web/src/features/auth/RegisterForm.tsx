import { Button, Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { RegisterInput } from '../../gql/graphql';
import { useRegister } from './useRegister';
import { useSignupChallenge } from './useSignupChallenge';

type RegisterField = Exclude<keyof RegisterInput, 'storeInvite' | 'altcha'>;

const EMPTY_FORM: Record<RegisterField, string> = {
  username: '',
  password: '',
  email: '',
  firstName: '',
  lastName: '',
};

/**
 * The registration form. Shared by the auth page and /register. `email`: prefilled (a store
 * purchase invitation's link); `storeInvite`: that invitation's token, sent with the registration
 * (the server claims the purchase when the email typed is the one it was issued for).
 */
export function RegisterForm({ email = '', storeInvite }: { email?: string; storeInvite?: string } = {}) {
  const { register, loading } = useRegister();
  const challenge = useSignupChallenge();
  const [submitting, setSubmitting] = useState(false);
  const [values, setValues] = useState({ ...EMPTY_FORM, email });
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);

  const bind = (field: RegisterField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      if (fieldError?.field === field) setFieldError(null);
    },
  });

  const errorOf = (field: RegisterField) => (fieldError?.field === field ? fieldError.message : undefined);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    const failure = await register({ ...values, username: values.username.trim(), storeInvite }, challenge);
    setSubmitting(false);
    setFieldError(
      failure?.field && failure.message ? { field: failure.field, message: failure.message } : null,
    );
  };

  return (
    <form onSubmit={onSubmit} aria-label="Create an account" noValidate>
      <Stack gap="4">
        <Field.Root invalid={Boolean(errorOf('username'))}>
          <Field.Label>Username</Field.Label>
          <Input autoComplete="username" {...bind('username')} />
          <Field.ErrorText>{errorOf('username')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errorOf('password'))}>
          <Field.Label>Password</Field.Label>
          <Input type="password" autoComplete="new-password" {...bind('password')} />
          <Field.ErrorText>{errorOf('password')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errorOf('email'))}>
          <Field.Label>Email</Field.Label>
          <Input type="email" autoComplete="email" {...bind('email')} />
          <Field.ErrorText>{errorOf('email')}</Field.ErrorText>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root invalid={Boolean(errorOf('firstName'))}>
            <Field.Label>First name</Field.Label>
            <Input autoComplete="given-name" {...bind('firstName')} />
            <Field.ErrorText>{errorOf('firstName')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errorOf('lastName'))}>
            <Field.Label>Last name</Field.Label>
            <Input autoComplete="family-name" {...bind('lastName')} />
            <Field.ErrorText>{errorOf('lastName')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        {challenge.widget}
        <Button type="submit" loading={loading || submitting} loadingText="Creating account..." width="full">
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
