import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  CloseButton,
  Container,
  Dialog,
  Field,
  Grid,
  Heading,
  HStack,
  Input,
  Portal,
  Stack,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import { Lock, Plus, Star, Trash2 } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { CertificateTemplateFieldsFragment } from '../../gql/graphql';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { canEnterAdminArea, hasRole, useCurrentUser } from '../auth';
import { CertificateView } from './CertificateView';
import {
  HEX_COLOUR,
  PLACEHOLDER_HELP,
  type Placeholder,
  sampleMergeFields,
  TEMPLATE_PLACEHOLDERS,
  unknownPlaceholders,
} from './certificateText';
import {
  CertificateTemplatesQueryDocument,
  type TemplateInput,
  type TemplateUserError,
  useCertificateTemplateMutations,
} from './useCertificateTemplates';

type Template = CertificateTemplateFieldsFragment;

const BLANK: TemplateInput = {
  name: '',
  heading: 'Certificate of Completion',
  body: 'This certifies that {{studentName}} has successfully completed {{courseTitle}} on {{issuedOn}}.',
  signatoryName: '',
  signatoryTitle: '',
  accentColor: '#6b46c1',
};

const LIMITS: Record<keyof TemplateInput, number> = {
  name: 120,
  heading: 200,
  body: 2000,
  signatoryName: 120,
  signatoryTitle: 120,
  accentColor: 7,
};

function inputOf(template: Template): TemplateInput {
  return {
    name: template.name,
    heading: template.heading,
    body: template.body,
    signatoryName: template.signatoryName,
    signatoryTitle: template.signatoryTitle,
    accentColor: template.accentColor,
  };
}

/**
 * /certificate-templates — the layouts certificates are printed from. Staff create, edit, delete
 * and choose the default; instructors may look; a live preview shows the template with sample data.
 */
export default function CertificateTemplatesPage() {
  useDocumentTitle('Certificate templates');
  const { user, loading } = useCurrentUser();
  if (loading || user === undefined) return <PageSpinner />;
  const staff = canEnterAdminArea(user);
  const mayRead = staff || hasRole(user, 'instructor');

  return (
    <Container maxW="7xl" py={{ base: 8, md: 10 }}>
      <Stack gap={6}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Certificate templates
          </Heading>
          <Text color="fg.muted">
            Each course prints its certificate from its own template, or from the default one. Texts may use
            placeholders such as {'{{studentName}}'}, filled in on each certificate.
          </Text>
        </Stack>
        {mayRead ? (
          <TemplatesWorkspace staff={staff} />
        ) : (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>You are not allowed to see certificate templates.</Alert.Title>
              <Alert.Description>
                Templates are managed by DRX staff and can be viewed by instructors.{' '}
                <RouterLink to="/my-certifications">See your certificates</RouterLink>.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
      </Stack>
    </Container>
  );
}

function TemplatesWorkspace({ staff }: { staff: boolean }) {
  const { data, loading, error } = useQuery(CertificateTemplatesQueryDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const [params, setParams] = useSearchParams();
  const templates = data?.certificateTemplates;
  const requested = params.get('template');
  const selected: Template | 'new' | null = useMemo(() => {
    if (!templates) return null;
    if (requested === 'new' && staff) return 'new';
    return templates.find((t) => t.id === requested) ?? templates[0] ?? (staff ? 'new' : null);
  }, [templates, requested, staff]);

  const select = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('template', id);
    setParams(next, { replace: true });
  };

  if (error && !templates) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The templates could not be loaded</Alert.Title>
          <Alert.Description>{error.message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (loading && !templates) return <PageSpinner label="Loading templates..." minHeight="16rem" />;

  return (
    <Stack gap={6}>
      <Stack gap={3} as="nav" aria-label="Templates">
        {staff ? null : (
          <Alert.Root status="info" size="sm">
            <Lock size={16} aria-hidden />
            <Alert.Title>Read only: DRX staff manage the templates.</Alert.Title>
          </Alert.Root>
        )}
        <Wrap as="ul" gap={3} listStyleType="none">
          {(templates ?? []).map((t) => {
            const current = selected !== 'new' && selected?.id === t.id;
            return (
              <Box as="li" key={t.id}>
                <Button
                  variant="outline"
                  h="auto"
                  py={2.5}
                  px={3}
                  minW="14rem"
                  justifyContent="flex-start"
                  textAlign="start"
                  bg={current ? 'brand.subtle' : 'bg'}
                  borderColor={current ? 'brand.solid' : 'border'}
                  aria-current={current ? 'true' : undefined}
                  onClick={() => select(t.id)}
                >
                  <HStack gap={3} w="full" align="flex-start">
                    <Box
                      w="3"
                      h="3"
                      mt="1.5"
                      borderRadius="full"
                      flexShrink={0}
                      style={{ background: t.accentColor }}
                    />
                    <Stack gap={0.5} flex="1" minW="0">
                      <HStack gap={2}>
                        <Text fontWeight="semibold" truncate>
                          {t.name}
                        </Text>
                        {t.isDefault ? (
                          <Badge colorPalette="brand" size="sm">
                            Default
                          </Badge>
                        ) : null}
                      </HStack>
                      <Text fontSize="xs" color="fg.muted" fontWeight="normal">
                        Used by {t.certificateCount} certificate{t.certificateCount === 1 ? '' : 's'}
                      </Text>
                    </Stack>
                  </HStack>
                </Button>
              </Box>
            );
          })}
          {staff ? (
            <Box as="li">
              <Button
                onClick={() => select('new')}
                variant={selected === 'new' ? 'solid' : 'outline'}
                h="full"
                minH="3.5rem"
                borderStyle={selected === 'new' ? undefined : 'dashed'}
              >
                <Plus size={16} aria-hidden /> New template
              </Button>
            </Box>
          ) : null}
        </Wrap>
      </Stack>

      {selected === null ? (
        <Text color="fg.muted">There are no templates yet.</Text>
      ) : (
        // Keyed so switching templates starts the form from the saved values.
        <TemplateEditor
          key={selected === 'new' ? 'new' : selected.id}
          template={selected === 'new' ? null : selected}
          staff={staff}
          onSaved={select}
          onDeleted={() => {
            const next = new URLSearchParams(params);
            next.delete('template');
            setParams(next, { replace: true });
          }}
        />
      )}
    </Stack>
  );
}

function errorFor(errors: TemplateUserError[], field: keyof TemplateInput): string | undefined {
  return errors.find((e) => e.field === field)?.message;
}

function TemplateEditor({
  template,
  staff,
  onSaved,
  onDeleted,
}: {
  template: Template | null;
  staff: boolean;
  onSaved: (id: string) => void;
  onDeleted: () => void;
}) {
  const [values, setValues] = useState<TemplateInput>(template ? inputOf(template) : BLANK);
  const { save, deleteTemplate, makeDefault, userErrors, saving, deleting, settingDefault } =
    useCertificateTemplateMutations();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const sample = useMemo(() => sampleMergeFields(), []);
  const readOnly = !staff;

  const set = (field: keyof TemplateInput, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const dirty = template ? JSON.stringify(inputOf(template)) !== JSON.stringify(values) : true;

  /** Client-side hints (the server checks the same and has the last word). */
  const hint = (field: keyof TemplateInput): string | undefined => {
    const value = values[field];
    if (value.length > LIMITS[field]) return `At most ${LIMITS[field]} characters (${value.length} now)`;
    if (field === 'heading' || field === 'body') {
      const unknown = unknownPlaceholders(value);
      if (unknown.length) {
        return `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((p) => `{{${p}}}`).join(', ')}`;
      }
    }
    if (field === 'accentColor' && !HEX_COLOUR.test(value)) return 'Use a #rrggbb colour such as #6b46c1';
    return undefined;
  };

  function insertPlaceholder(name: Placeholder) {
    const token = `{{${name}}}`;
    const area = bodyRef.current;
    const start = area?.selectionStart ?? values.body.length;
    const end = area?.selectionEnd ?? values.body.length;
    const body = values.body.slice(0, start) + token + values.body.slice(end);
    set('body', body);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    const id = await save(template?.id ?? null, values);
    if (id && !template) onSaved(id);
  }

  const fieldProps = (field: keyof TemplateInput) => {
    const message = errorFor(userErrors, field) ?? hint(field);
    return { invalid: Boolean(message), message };
  };

  const textField = (field: keyof TemplateInput, label: string, required = false) => {
    const { invalid, message } = fieldProps(field);
    return (
      <Field.Root required={required} invalid={invalid} readOnly={readOnly}>
        <Field.Label>
          {label} {required ? <Field.RequiredIndicator /> : null}
        </Field.Label>
        <Input name={field} value={values[field]} onChange={(e) => set(field, e.target.value)} bg="bg" />
        {message ? <Field.ErrorText>{message}</Field.ErrorText> : null}
      </Field.Root>
    );
  };

  const colour = fieldProps('accentColor');
  const body = fieldProps('body');

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 24rem) minmax(0, 1fr)' }} gap={6} alignItems="start">
      <Card.Root variant="outline" as="form" onSubmit={submit} aria-label="Template">
        <Card.Header>
          <HStack justify="space-between" gap={2} wrap="wrap">
            <Heading as="h2" size="lg">
              {template ? (readOnly ? template.name : `Edit “${template.name}”`) : 'New template'}
            </Heading>
            {template?.isDefault ? <Badge colorPalette="brand">Default</Badge> : null}
          </HStack>
        </Card.Header>
        <Card.Body>
          <Stack gap={4}>
            {userErrors.some((e) => !e.field || !(e.field in LIMITS)) ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{userErrors.find((e) => !e.field || !(e.field in LIMITS))?.message}</Alert.Title>
              </Alert.Root>
            ) : null}
            {textField('name', 'Name', true)}
            {textField('heading', 'Heading', true)}
            <Field.Root required invalid={body.invalid} readOnly={readOnly}>
              <Field.Label>
                Body <Field.RequiredIndicator />
              </Field.Label>
              <Textarea
                ref={bodyRef}
                name="body"
                rows={5}
                value={values.body}
                onChange={(e) => set('body', e.target.value)}
                bg="bg"
              />
              {body.message ? (
                <Field.ErrorText>{body.message}</Field.ErrorText>
              ) : (
                <Field.HelperText>{readOnly ? 'Placeholders:' : 'Insert a placeholder:'}</Field.HelperText>
              )}
              <Wrap gap={1.5} mt={1}>
                {TEMPLATE_PLACEHOLDERS.map((name) => (
                  <Button
                    key={name}
                    size="2xs"
                    variant="subtle"
                    fontFamily="mono"
                    title={PLACEHOLDER_HELP[name]}
                    onClick={() => insertPlaceholder(name)}
                    disabled={readOnly}
                    type="button"
                  >
                    {`{{${name}}}`}
                  </Button>
                ))}
              </Wrap>
            </Field.Root>
            {textField('signatoryName', 'Signatory name')}
            {textField('signatoryTitle', 'Signatory title')}
            <Field.Root invalid={colour.invalid} readOnly={readOnly}>
              <Field.Label>Accent colour</Field.Label>
              <HStack gap={2}>
                <Input
                  type="color"
                  aria-label="Pick the accent colour"
                  value={HEX_COLOUR.test(values.accentColor) ? values.accentColor : '#6b46c1'}
                  onChange={(e) => set('accentColor', e.target.value)}
                  disabled={readOnly}
                  w="14"
                  p="1"
                  bg="bg"
                />
                <Input
                  name="accentColor"
                  value={values.accentColor}
                  onChange={(e) => set('accentColor', e.target.value)}
                  fontFamily="mono"
                  maxW="10rem"
                  bg="bg"
                />
              </HStack>
              {colour.message ? <Field.ErrorText>{colour.message}</Field.ErrorText> : null}
            </Field.Root>
          </Stack>
        </Card.Body>
        {staff ? (
          <Card.Footer flexDirection="column" alignItems="flex-start">
            <Wrap gap={2}>
              <Button type="submit" loading={saving} loadingText="Saving…" disabled={!dirty}>
                {template ? 'Save changes' : 'Create template'}
              </Button>
              {template && !template.isDefault ? (
                <Button
                  variant="outline"
                  type="button"
                  onClick={() => void makeDefault(template.id)}
                  loading={settingDefault}
                >
                  <Star size={16} aria-hidden /> Set as default
                </Button>
              ) : null}
              {template ? (
                <Button
                  variant="ghost"
                  colorPalette="red"
                  type="button"
                  onClick={() => setConfirmDelete(true)}
                  disabled={template.isDefault || template.certificateCount > 0}
                  title={
                    template.isDefault
                      ? 'Make another template the default first'
                      : template.certificateCount > 0
                        ? 'Certificates use this template'
                        : undefined
                  }
                >
                  <Trash2 size={16} aria-hidden /> Delete
                </Button>
              ) : null}
            </Wrap>
            {template && (template.isDefault || template.certificateCount > 0) ? (
              <Text fontSize="xs" color="fg.muted">
                {template.isDefault
                  ? 'The default template cannot be deleted.'
                  : `Used by ${template.certificateCount} certificate${template.certificateCount === 1 ? '' : 's'}, so it cannot be deleted.`}
              </Text>
            ) : null}
          </Card.Footer>
        ) : null}
      </Card.Root>

      <Stack gap={2} position={{ lg: 'sticky' }} top={{ lg: '6' }}>
        <HStack justify="space-between">
          <Heading as="h2" size="md">
            Live preview
          </Heading>
          <Text fontSize="xs" color="fg.muted">
            Sample data; merged values are underlined
          </Text>
        </HStack>
        <CertificateView
          template={values}
          fields={sample}
          verificationUrl={`${window.location.origin}/verify/${sample.certificateNumber}`}
          highlightMerged
          label="Preview of the certificate"
        />
      </Stack>

      {template ? (
        <Dialog.Root
          open={confirmDelete}
          onOpenChange={(d) => setConfirmDelete(d.open)}
          role="alertdialog"
          placement="center"
        >
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content>
                <Dialog.Header>
                  <Dialog.Title>Delete “{template.name}”?</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Text>Courses that use it will print their certificates from the default template.</Text>
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">Cancel</Button>
                  </Dialog.ActionTrigger>
                  <Button
                    colorPalette="red"
                    loading={deleting}
                    onClick={async () => {
                      if (await deleteTemplate(template.id)) {
                        setConfirmDelete(false);
                        onDeleted();
                      }
                    }}
                  >
                    Delete template
                  </Button>
                </Dialog.Footer>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" />
                </Dialog.CloseTrigger>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      ) : null}
    </Grid>
  );
}
