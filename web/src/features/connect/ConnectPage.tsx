import { useQuery } from '@apollo/client/react';
import {
  Box,
  Button,
  Checkbox,
  Container,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { SearchX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CatalogSearchForm } from '../../ui/CatalogSearchForm';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { usePagedConnection } from '../../ui/usePagedConnection';
import {
  activeFilterCount,
  type ConnectFilters,
  EMPTY_FILTERS,
  filtersFromParams,
  filtersToParams,
  toInstructorsVariables,
} from './connectFilters';
import { ConnectInstructorsQueryDocument, ConnectOptionsQueryDocument } from './connectDocuments';
import { NearFilter } from './NearFilter';
import { InstructorCard } from './InstructorCard';
import { useBookerTimeZone } from './useBookerTimeZone';
import { RenderedTimeZone } from '../../ui/RenderedTimeZone';

const PAGE_SIZE = 12;

/** /connect (also /connect-updated and /connect-old): find an instructor, filters in the URL. */
export default function ConnectPage() {
  useDocumentTitle('Connect with an instructor');
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const latestParams = useRef(params);
  useEffect(() => {
    latestParams.current = params;
  }, [params]);
  const update = (change: Partial<ConnectFilters>) => {
    const next = filtersToParams({ ...filtersFromParams(latestParams.current), ...change });
    latestParams.current = next;
    setParams(next, { replace: true });
  };
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  const [timeZone] = useBookerTimeZone();

  const variables = { first: PAGE_SIZE, ...toInstructorsVariables(filters) };
  const filterKey = JSON.stringify(variables);
  const { query, pager, connection } = usePagedConnection(
    ConnectInstructorsQueryDocument,
    'instructors',
    variables,
    {
      errorTitle: 'More instructors could not be loaded',
      filterKey,
    },
  );
  const refreshing = query.loading && !query.data;

  return (
    <Box>
      <RenderedTimeZone zone={timeZone} />
      <Box
        bgGradient="to-br"
        gradientFrom="brand.700"
        gradientTo="brand.600"
        color="white"
        py={{ base: 8, md: 12 }}
      >
        <Container maxW="7xl">
          <Stack gap={2}>
            <Heading as="h1" size={{ base: '2xl', md: '4xl' }}>
              Connect with an instructor
            </Heading>
            <Text color="whiteAlpha.900" maxW="3xl">
              Private lessons, group classes and free consultations with dance teachers — online or near you.
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container maxW="7xl" py={{ base: 6, md: 8 }}>
        <Stack gap={8}>
          <CatalogSearchForm
            label="Search instructors"
            placeholder="Name, style or anything in their profile…"
            value={filters.search}
            onSearch={(search) => update({ search })}
          />
          <Flex gap={8} align="flex-start" direction={{ base: 'column', md: 'row' }}>
            <Box as="aside" aria-label="Instructor filters" w={{ base: 'full', md: '64' }} flexShrink={0}>
              <FilterPanel filters={filters} onChange={update} />
            </Box>
            <Stack flex="1" minW={0} w="full" gap={5}>
              <Text fontWeight="medium" aria-live="polite" data-testid="instructor-count" minH="6">
                {connection
                  ? refreshing
                    ? 'Searching…'
                    : `${connection.totalCount} ${connection.totalCount === 1 ? 'instructor' : 'instructors'}`
                  : ''}
              </Text>
              <ConnectionListFrame
                connection={connection}
                loading={query.loading}
                error={query.error}
                pager={pager}
                loadingLabel="Loading instructors…"
                errorTitle="The instructors could not be loaded"
                emptyIcon={<SearchX />}
                emptyTitle="No instructors match your search"
                emptyDescription="Try other words, or clear the filters to see every instructor."
              >
                {(nodes) => (
                  <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={6} opacity={refreshing ? 0.6 : 1}>
                    {nodes.map((node) => (
                      <InstructorCard key={node.id} instructor={node} timeZone={timeZone} />
                    ))}
                  </SimpleGrid>
                )}
              </ConnectionListFrame>
              {connection &&
              connection.nodes.length === 0 &&
              (filters.search || activeFilterCount(filters)) ? (
                <Button variant="outline" alignSelf="center" onClick={clear}>
                  Clear search and filters
                </Button>
              ) : null}
            </Stack>
          </Flex>
        </Stack>
      </Container>
    </Box>
  );
}

function FilterSelect({
  label,
  name,
  value,
  placeholder,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  placeholder: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm" bg="bg">
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** A text or number box applied when it loses focus or Enter is pressed. */
function CommitInput({
  label,
  name,
  value,
  type = 'text',
  onCommit,
}: {
  label: string;
  name: string;
  value: string;
  type?: 'text' | 'number';
  onCommit: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        size="sm"
        bg="bg"
        name={name}
        type={type}
        {...(type === 'number' ? { min: 0, step: '1', inputMode: 'decimal' as const } : {})}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => onCommit(text.trim())}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onCommit(text.trim());
        }}
      />
    </Field.Root>
  );
}

function FilterPanel({
  filters,
  onChange,
}: {
  filters: ConnectFilters;
  onChange: (change: Partial<ConnectFilters>) => void;
}) {
  const { data } = useQuery(ConnectOptionsQueryDocument);
  const lists = data?.referenceLists;
  const asOptions = (values: readonly string[] | undefined) =>
    (values ?? []).map((v) => ({ value: v, label: v }));
  return (
    <Stack gap={4}>
      <HStack justify="space-between">
        <Heading as="h2" size="md">
          Filters
        </Heading>
        {activeFilterCount(filters) ? (
          <Button
            size="xs"
            variant="ghost"
            onClick={() => onChange({ ...EMPTY_FILTERS, search: filters.search })}
          >
            Clear filters
          </Button>
        ) : null}
      </HStack>
      <FilterSelect
        label="Dance style"
        name="style"
        value={filters.style}
        placeholder="All styles"
        options={asOptions(lists?.danceStyles)}
        onChange={(style) => onChange({ style })}
      />
      <FilterSelect
        label="Skill level"
        name="level"
        value={filters.level}
        placeholder="All levels"
        options={asOptions(lists?.skillLevels)}
        onChange={(level) => onChange({ level })}
      />
      <FilterSelect
        label="Age group"
        name="age"
        value={filters.ageGroup}
        placeholder="All ages"
        options={asOptions(lists?.ageGroups)}
        onChange={(ageGroup) => onChange({ ageGroup })}
      />
      <FilterSelect
        label="Online or in person"
        name="mode"
        value={filters.mode}
        placeholder="Online or in person"
        options={[
          { value: 'online', label: 'Online' },
          { value: 'in_person', label: 'In person' },
        ]}
        onChange={(mode) => onChange({ mode: mode as ConnectFilters['mode'] })}
      />
      <CommitInput label="City" name="city" value={filters.city} onCommit={(city) => onChange({ city })} />
      <NearFilter near={filters.near} radius={filters.radius} onChange={onChange} />
      <HStack gap={2} align="flex-end">
        <CommitInput
          label="Min price ($)"
          name="min"
          type="number"
          value={filters.minPrice}
          onCommit={(minPrice) => onChange({ minPrice })}
        />
        <CommitInput
          label="Max price ($)"
          name="max"
          type="number"
          value={filters.maxPrice}
          onCommit={(maxPrice) => onChange({ maxPrice })}
        />
      </HStack>
      <Checkbox.Root
        checked={filters.thisWeek}
        onCheckedChange={(details) => onChange({ thisWeek: details.checked === true })}
      >
        <Checkbox.HiddenInput name="week" />
        <Checkbox.Control />
        <Checkbox.Label>Available this week</Checkbox.Label>
      </Checkbox.Root>
    </Stack>
  );
}
