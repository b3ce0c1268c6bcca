import { useMutation } from '@apollo/client/react';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Field,
  Heading,
  Input,
  Link,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PageIntro } from '../../ui/PageIntro';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useCurrentUser } from '../auth';
import { CONTACT_EMAIL, INFO_PAGES } from '../misc';
import { ContactSendMutationDocument } from './contact';
import {
  CONTACT_MAX,
  emptyContact,
  outcomeOf,
  toContactInput,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from './contactForm';

const content = INFO_PAGES.contact;

/** /contact: the contact form (to the staff inbox, /admin/messages) next to the contact details. */
export default function ContactPage() {
  useDocumentTitle(content.title);
  return (
    <Container maxW="5xl" py={{ base: '10', md: '16' }}>
      <Stack gap="10">
        <PageIntro title={content.title} intro={content.intro} />
        <SimpleGrid columns={{ base: 1, md: 5 }} gap="10" alignItems="start">
          <Box gridColumn={{ md: 'span 3' }}>
            <ContactForm />
          </Box>
          <Stack gap="6" gridColumn={{ md: 'span 2' }}>
            {content.sections.map((section) => (
              <Stack as="section" gap="2" key={section.heading}>
                <Heading as="h2" size="md">
                  {section.heading}
                </Heading>
                {section.paragraphs.map((paragraph) => (
                  <Text key={paragraph}>{paragraph}</Text>
                ))}
              </Stack>
            ))}
            <Text color="fg.muted">
              Prefer email? Write to{' '}
              <Link href={`mailto:${CONTACT_EMAIL}`} color="brand.fg">
                {CONTACT_EMAIL}
              </Link>
              .
            </Text>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

function ContactForm() {
  const { user } = useCurrentUser();
  const [values, setValues] = useState<ContactValues>(() => emptyContact());
  const [errors, setErrors] = useState<ContactErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [send, { loading }] = useMutation(ContactSendMutationDocument);
  const successRef = useRef<HTMLDivElement>(null);

  // A signed-in member's name and address fill the empty fields once the session is known.
  useEffect(() => {
    if (!user) return;
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.displayName;
    setValues((current) => ({
      ...current,
      name: current.name || name || '',
      email: current.email || user.email || '',
    }));
  }, [user]);

  useEffect(() => {
    if (sentTo) successRef.current?.focus();
  }, [sentTo]);

  const bind = (field: ContactField) => ({
    name: field,
    value: values[field],
    maxLength: CONTACT_MAX[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const found = validateContact(values);
    setErrors(found);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    try {
      const { data } = await send({ variables: { input: toContactInput(values) } });
      const payload = data?.contactSend;
      if (payload?.received) {
        setSentTo(values.email.trim());
        return;
      }
      const outcome = outcomeOf(payload?.userErrors ?? []);
      setErrors(outcome.fieldErrors);
      setFormError(
        outcome.formError ?? (Object.keys(outcome.fieldErrors).length ? null : 'Please try again.'),
      );
    } catch (error) {
      setFormError(
        `Your message could not be sent: ${error instanceof Error ? error.message : 'please try again.'}`,
      );
    }
  };

  if (sentTo) {
    return (
      <Card.Root>
        <Card.Body>
          <Stack gap="4" align="start">
            <Alert.Root status="success" ref={successRef} tabIndex={-1} role="status">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Thank you, your message was sent</Alert.Title>
                <Alert.Description>
                  We will answer at {sentTo}, usually within two business days.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
            <Button
              variant="outline"
              onClick={() => {
                setValues((current) => ({ ...emptyContact(), name: current.name, email: current.email }));
                setSentTo(null);
              }}
            >
              Send another message
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={onSubmit} aria-labelledby="contact-form-title" noValidate>
          <Stack gap="4">
            <Heading as="h2" size="lg" id="contact-form-title">
              Send us a message
            </Heading>
            {formError ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{formError}</Alert.Title>
              </Alert.Root>
            ) : null}
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root invalid={!!errors.name} required>
                <Field.Label>
                  Name <Field.RequiredIndicator />
                </Field.Label>
                <Input autoComplete="name" {...bind('name')} />
                <Field.ErrorText>{errors.name}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!errors.email} required>
                <Field.Label>
                  Email <Field.RequiredIndicator />
                </Field.Label>
                <Input type="email" autoComplete="email" {...bind('email')} />
                <Field.ErrorText>{errors.email}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
            <Field.Root invalid={!!errors.subject} required>
              <Field.Label>
                Subject <Field.RequiredIndicator />
              </Field.Label>
              <Input {...bind('subject')} />
              <Field.ErrorText>{errors.subject}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.message} required>
              <Field.Label>
                Message <Field.RequiredIndicator />
              </Field.Label>
              <Textarea rows={7} {...bind('message')} />
              {errors.message ? (
                <Field.ErrorText>{errors.message}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  For an order or a download, include your username and the order or resource name.
                </Field.HelperText>
              )}
            </Field.Root>
            {/* The honeypot: off screen and hidden from assistive technology; bots fill it in. */}
            <Box
              aria-hidden="true"
              position="absolute"
              left="-10000px"
              top="auto"
              width="1px"
              height="1px"
              overflow="hidden"
            >
              <label htmlFor="contact-website">Website (leave this empty)</label>
              <input
                id="contact-website"
                name="website"
                type="text"
                tabIndex={-1}
                autoComplete="off"
                value={values.website}
                onChange={(event) => setValues((current) => ({ ...current, website: event.target.value }))}
              />
            </Box>
            <Button type="submit" loading={loading} loadingText="Sending…" alignSelf="start">
              Send message
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
