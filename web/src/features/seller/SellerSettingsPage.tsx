import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Card,
  Field,
  Fieldset,
  Heading,
  Input,
  Link,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { type PlaceValue, ZipCityStateFields } from '../../ui/ZipCityStateFields';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useCourseMutation } from '../courses';
import { useCurrentUser } from '../auth';
import { SellerOnly } from './SellerOnly';
import { MyStoreQueryDocument, StoreProfileUpdateMutationDocument } from './sellerDocuments';

const STORE_NAME_MAX = 120;
const STORE_BIO_MAX = 2000;
const LOGO_URL_MAX = 500;

/** /seller/settings: my store's public name, bio, logo and location (a ZIP code fills city and state). */
export default function SellerSettingsPage() {
  useDocumentTitle('Seller settings');
  return (
    <SellerOnly>
      <Stack gap={6} maxW="3xl" mx="auto">
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Seller settings
          </Heading>
          <Text color="fg.muted">How your store appears to buyers in the curriculum store.</Text>
        </Stack>
        <StoreForm />
      </Stack>
    </SellerOnly>
  );
}

function StoreForm() {
  const query = useQuery(MyStoreQueryDocument, { fetchPolicy: 'cache-and-network' });
  if (!query.data && query.loading) return <PageSpinner label="Loading your store…" minHeight="8rem" />;
  if (!query.data) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>
          Your store could not be loaded{query.error ? `: ${query.error.message}` : ''}
        </Alert.Title>
      </Alert.Root>
    );
  }
  const store = query.data.myStore;
  return <StoreFormFields key={store?.id ?? 'new'} initial={store} />;
}

function StoreFormFields({
  initial,
}: {
  initial: {
    id: string;
    storeName: string;
    bio: string;
    logoUrl?: string | null;
    zip?: string | null;
    city?: string | null;
    state?: string | null;
  } | null;
}) {
  const { user } = useCurrentUser();
  const [storeName, setStoreName] = useState(initial?.storeName ?? '');
  const [bio, setBio] = useState(initial?.bio ?? '');
  const [logoUrl, setLogoUrl] = useState(initial?.logoUrl ?? '');
  const [place, setPlace] = useState<PlaceValue>({
    zip: initial?.zip ?? '',
    city: initial?.city ?? '',
    state: initial?.state ?? '',
  });
  const save = useCourseMutation(StoreProfileUpdateMutationDocument, 'Store not saved', ['MyStore']);
  const storeId = initial?.id ?? user?.id;

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    await save.run(
      {
        storeName,
        bio,
        logoUrl: logoUrl.trim() || null,
        zip: place.zip.trim() || null,
        city: place.city.trim() || null,
        state: place.state.trim() || null,
      },
      'Store saved',
    );
  }

  return (
    <Card.Root as="form" onSubmit={submit}>
      <Card.Body>
        <Stack gap={5}>
          {!initial ? (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>Name your store to open it in the curriculum store.</Alert.Title>
            </Alert.Root>
          ) : null}
          <Field.Root required invalid={Boolean(save.fieldError('storeName'))}>
            <Field.Label>
              Store name <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="storeName"
              value={storeName}
              maxLength={STORE_NAME_MAX}
              onChange={(e) => setStoreName(e.target.value)}
            />
            {save.fieldError('storeName') ? (
              <Field.ErrorText>{save.fieldError('storeName')}</Field.ErrorText>
            ) : (
              <Field.HelperText>2 to {STORE_NAME_MAX} characters.</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root invalid={Boolean(save.fieldError('bio'))}>
            <Field.Label>Bio</Field.Label>
            <Textarea name="bio" value={bio} rows={5} onChange={(e) => setBio(e.target.value)} />
            {save.fieldError('bio') ? (
              <Field.ErrorText>{save.fieldError('bio')}</Field.ErrorText>
            ) : (
              <Field.HelperText>{STORE_BIO_MAX - bio.length} characters left</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root invalid={Boolean(save.fieldError('logoUrl'))}>
            <Field.Label>Logo address</Field.Label>
            <Input
              name="logoUrl"
              type="url"
              value={logoUrl}
              placeholder="https://…"
              maxLength={LOGO_URL_MAX}
              onChange={(e) => setLogoUrl(e.target.value)}
            />
            {save.fieldError('logoUrl') ? (
              <Field.ErrorText>{save.fieldError('logoUrl')}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                An image on the web (https://…); leave empty for the default image.
              </Field.HelperText>
            )}
          </Field.Root>
          <Fieldset.Root>
            <Fieldset.Legend>Location</Fieldset.Legend>
            <ZipCityStateFields
              value={place}
              onChange={setPlace}
              errorOf={(field) => save.fieldError(field)}
              helperText="Optional. A US ZIP code fills in the city and state."
            />
          </Fieldset.Root>
          <Stack direction="row" gap={3} align="center">
            <Button type="submit" loading={save.loading} loadingText="Saving…">
              Save store
            </Button>
            {storeId && initial ? (
              <Link asChild fontSize="sm">
                <RouterLink to={`/sellers/${storeId}`}>View my store</RouterLink>
              </Link>
            ) : null}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
