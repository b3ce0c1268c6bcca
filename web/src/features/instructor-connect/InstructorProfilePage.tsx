import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Field,
  Grid,
  Heading,
  HStack,
  Input,
  Link,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { MyInstructorProfileFragment } from '../../gql/graphql';
import { toYouTubeEmbedUrl } from '../../lib/youtube';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useZipLookup, zipLookupHint } from '../../ui/useZipLookup';
import { useCourseMutation } from '../courses';
import { AcceptInquiriesSetting } from '../messages';
import { parseLanguages } from './connectForm';
import { normalizeStatus, profileStatusLabel, profileStatusPalette } from './bookingFormat';
import { ChipMultiSelect } from './ChipMultiSelect';
import {
  InstructorProfileUpdateMutationDocument,
  MyInstructorProfileQueryDocument,
} from './connectDocuments';
import { ConnectNav } from './ConnectNav';
import { InstructorConnectOnly } from './InstructorConnectOnly';
import { SessionTypesSection } from './SessionTypesSection';

const HEADLINE_MAX = 120;
const BIO_MAX = 5000;

/** /connect/profile: the instructor's public Connect profile and their session types. */
export default function InstructorProfilePage() {
  useDocumentTitle('My instructor profile');
  return (
    <InstructorConnectOnly>
      <Stack gap={6} maxW="4xl" mx="auto" py={{ base: 6, md: 10 }} px={4}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            My instructor profile
          </Heading>
          <Text color="fg.muted">
            What clients see on Connect: who you are, what you teach, where, and the sessions they can book.
          </Text>
        </Stack>
        <ConnectNav />
        <ProfileContent />
      </Stack>
    </InstructorConnectOnly>
  );
}

function ProfileContent() {
  const query = useQuery(MyInstructorProfileQueryDocument, { fetchPolicy: 'cache-and-network' });
  if (!query.data && query.loading) return <PageSpinner label="Loading your profile…" minHeight="12rem" />;
  if (!query.data) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>
          Your profile could not be loaded{query.error ? `: ${query.error.message}` : ''}
        </Alert.Title>
      </Alert.Root>
    );
  }
  const profile = query.data.myInstructorProfile;
  const lists = query.data.referenceLists;
  return (
    <Stack gap={8}>
      <ProfileStatus profile={profile} />
      <ProfileForm key={profile.id} profile={profile} lists={lists} />
      <AcceptInquiriesSetting acceptsInquiries={profile.acceptsInquiries} />
      <SessionTypesSection profile={profile} sessionTypes={profile.sessionTypes} />
    </Stack>
  );
}

function ProfileStatus({ profile }: { profile: MyInstructorProfileFragment }) {
  const status = normalizeStatus(profile.status);
  const publicLink = (
    <Link asChild fontWeight="medium">
      <RouterLink to={`/instructors/${profile.id}`}>
        View my public profile <ExternalLink aria-hidden size={14} />
      </RouterLink>
    </Link>
  );
  return (
    <Alert.Root
      status={status === 'approved' ? 'success' : status === 'suspended' ? 'error' : 'info'}
      data-testid="profile-status"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <HStack gap={2}>
            <span>Profile status:</span>
            <Badge colorPalette={profileStatusPalette(profile.status)}>
              {profileStatusLabel(profile.status)}
            </Badge>
            {profile.featured ? <Badge colorPalette="yellow">Featured</Badge> : null}
          </HStack>
        </Alert.Title>
        <Alert.Description>
          <Stack gap={1} mt={1}>
            <Text>
              {status === 'approved'
                ? 'Clients find you on Connect once you have at least one active session type and open hours.'
                : status === 'suspended'
                  ? `Your profile is hidden from clients${profile.statusReason ? `: ${profile.statusReason}` : '.'}`
                  : 'An administrator reviews new profiles; you can prepare everything meanwhile. Clients see you once you are approved.'}
            </Text>
            {publicLink}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

interface Lists {
  danceStyles: string[];
  skillLevels: string[];
  ageGroups: string[];
}

function ProfileForm({ profile, lists }: { profile: MyInstructorProfileFragment; lists: Lists }) {
  const [headline, setHeadline] = useState(profile.headline);
  const [bio, setBio] = useState(profile.bio);
  const [styles, setStyles] = useState<string[]>(profile.styles);
  const [levels, setLevels] = useState<string[]>(profile.levels);
  const [ageGroups, setAgeGroups] = useState<string[]>(profile.ageGroups);
  const [languages, setLanguages] = useState(profile.languages.join(', '));
  const [teachesOnline, setTeachesOnline] = useState(profile.teachesOnline);
  const [teachesInPerson, setTeachesInPerson] = useState(profile.teachesInPerson);
  const [city, setCity] = useState(profile.city ?? '');
  const [state, setState] = useState(profile.state ?? '');
  const [zip, setZip] = useState(profile.zip ?? '');
  const [introVideoUrl, setIntroVideoUrl] = useState(profile.introVideoUrl ?? '');
  // Typing a US ZIP code fills city and state (editable) and tells the time zone there.
  const zipLookup = useZipLookup(zip, (place) => {
    setCity(place.city);
    setState(place.state);
  });
  const zipZone = zipLookup.status === 'found' ? zipLookup.place.timeZone : null;
  const save = useCourseMutation(InstructorProfileUpdateMutationDocument, 'Profile not saved');
  const errorOf = save.fieldError;
  const videoLooksLikeYouTube = !introVideoUrl.trim() || toYouTubeEmbedUrl(introVideoUrl) !== introVideoUrl;

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    await save.run(
      {
        headline: headline.trim(),
        bio: bio.trim(),
        styles,
        levels,
        ageGroups,
        languages: parseLanguages(languages),
        teachesOnline,
        teachesInPerson,
        city: city.trim() || null,
        state: state.trim() || null,
        zip: zip.trim() || null,
        introVideoUrl: introVideoUrl.trim() || null,
      },
      'Profile saved',
    );
  }

  return (
    <Card.Root as="form" onSubmit={submit} aria-label="Public profile">
      <Card.Header>
        <Heading as="h2" size="lg">
          Public profile
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap={5}>
          <Field.Root invalid={Boolean(errorOf('headline'))}>
            <Field.Label>Headline</Field.Label>
            <Input
              name="headline"
              value={headline}
              maxLength={HEADLINE_MAX}
              placeholder="e.g. Salsa and bachata teacher for adult beginners"
              onChange={(e) => setHeadline(e.target.value)}
            />
            {errorOf('headline') ? (
              <Field.ErrorText>{errorOf('headline')}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                One line under your name on Connect ({HEADLINE_MAX} characters at most).
              </Field.HelperText>
            )}
          </Field.Root>
          <Field.Root invalid={Boolean(errorOf('bio'))}>
            <Field.Label>About me</Field.Label>
            <Textarea name="bio" value={bio} rows={6} onChange={(e) => setBio(e.target.value)} />
            {errorOf('bio') ? (
              <Field.ErrorText>{errorOf('bio')}</Field.ErrorText>
            ) : (
              <Field.HelperText>{BIO_MAX - bio.length} characters left</Field.HelperText>
            )}
          </Field.Root>
          <ChipMultiSelect
            label="Dance styles"
            options={lists.danceStyles}
            value={styles}
            onChange={setStyles}
            error={errorOf('styles')}
          />
          <ChipMultiSelect
            label="Skill levels"
            options={lists.skillLevels}
            value={levels}
            onChange={setLevels}
            error={errorOf('levels')}
          />
          <ChipMultiSelect
            label="Age groups"
            options={lists.ageGroups}
            value={ageGroups}
            onChange={setAgeGroups}
            error={errorOf('ageGroups')}
          />
          <Field.Root invalid={Boolean(errorOf('languages'))}>
            <Field.Label>Languages</Field.Label>
            <Input
              name="languages"
              value={languages}
              placeholder="English, Spanish"
              onChange={(e) => setLanguages(e.target.value)}
            />
            {errorOf('languages') ? (
              <Field.ErrorText>{errorOf('languages')}</Field.ErrorText>
            ) : (
              <Field.HelperText>Separated by commas.</Field.HelperText>
            )}
          </Field.Root>
          <Stack gap={2}>
            <Text fontWeight="medium">Where I teach</Text>
            <HStack gap={6} wrap="wrap">
              <Checkbox.Root
                checked={teachesOnline}
                onCheckedChange={(d) => setTeachesOnline(d.checked === true)}
              >
                <Checkbox.HiddenInput name="teachesOnline" />
                <Checkbox.Control />
                <Checkbox.Label>Online (video call)</Checkbox.Label>
              </Checkbox.Root>
              <Checkbox.Root
                checked={teachesInPerson}
                onCheckedChange={(d) => setTeachesInPerson(d.checked === true)}
              >
                <Checkbox.HiddenInput name="teachesInPerson" />
                <Checkbox.Control />
                <Checkbox.Label>In person</Checkbox.Label>
              </Checkbox.Root>
            </HStack>
            {errorOf('teachesOnline') ? (
              <Text color="fg.error" fontSize="sm">
                {errorOf('teachesOnline')}
              </Text>
            ) : null}
          </Stack>
          {teachesInPerson ? (
            <Grid templateColumns={{ base: '1fr', sm: '1fr 2fr 1fr' }} gap={4}>
              <Field.Root invalid={Boolean(errorOf('zip'))}>
                <Field.Label>ZIP code</Field.Label>
                <Input
                  name="zip"
                  value={zip}
                  maxLength={10}
                  inputMode="numeric"
                  autoComplete="postal-code"
                  onChange={(e) => setZip(e.target.value)}
                />
                {errorOf('zip') ? (
                  <Field.ErrorText>{errorOf('zip')}</Field.ErrorText>
                ) : (
                  <Field.HelperText aria-live="polite">
                    {zipLookupHint(zipLookup) ?? 'A US ZIP code fills in the city and state.'}
                    {zipZone && zipZone !== profile.timeZone ? (
                      <>
                        {' '}
                        It is in the {zipZone.replaceAll('_', ' ')} time zone; your schedule uses{' '}
                        {profile.timeZone.replaceAll('_', ' ')} —{' '}
                        <Link asChild>
                          <RouterLink to="/instructor/settings">change it in Settings</RouterLink>
                        </Link>
                        .
                      </>
                    ) : null}
                  </Field.HelperText>
                )}
              </Field.Root>
              <Field.Root required invalid={Boolean(errorOf('city'))}>
                <Field.Label>
                  City <Field.RequiredIndicator />
                </Field.Label>
                <Input name="city" value={city} maxLength={100} onChange={(e) => setCity(e.target.value)} />
                {errorOf('city') ? <Field.ErrorText>{errorOf('city')}</Field.ErrorText> : null}
              </Field.Root>
              <Field.Root invalid={Boolean(errorOf('state'))}>
                <Field.Label>State</Field.Label>
                <Input
                  name="state"
                  value={state}
                  maxLength={100}
                  onChange={(e) => setState(e.target.value)}
                />
                {errorOf('state') ? <Field.ErrorText>{errorOf('state')}</Field.ErrorText> : null}
              </Field.Root>
            </Grid>
          ) : null}
          <Field.Root invalid={Boolean(errorOf('introVideoUrl')) || !videoLooksLikeYouTube}>
            <Field.Label>Intro video</Field.Label>
            <Input
              name="introVideoUrl"
              type="url"
              value={introVideoUrl}
              placeholder="https://www.youtube.com/watch?v=…"
              maxLength={500}
              onChange={(e) => setIntroVideoUrl(e.target.value)}
            />
            {errorOf('introVideoUrl') ? (
              <Field.ErrorText>{errorOf('introVideoUrl')}</Field.ErrorText>
            ) : !videoLooksLikeYouTube ? (
              <Field.ErrorText>This does not look like a YouTube video link.</Field.ErrorText>
            ) : (
              <Field.HelperText>A YouTube link; it plays on your public profile.</Field.HelperText>
            )}
          </Field.Root>
          <HStack gap={3}>
            <Button type="submit" loading={save.loading} loadingText="Saving…">
              Save profile
            </Button>
            <Text fontSize="sm" color="fg.muted">
              Time zone and booking defaults are in{' '}
              <Link asChild>
                <RouterLink to="/instructor/settings">Settings</RouterLink>
              </Link>
              .
            </Text>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
