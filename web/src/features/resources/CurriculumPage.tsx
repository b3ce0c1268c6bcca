import { useQuery } from '@apollo/client/react';
import {
  Box,
  Button,
  Container,
  EmptyState,
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
import { useEffect, useRef, useState } from 'react';
import { graphql } from '../../gql';
import { CatalogResults, useCatalogParams } from '../../ui/CatalogResults';
import { CATALOG_FORM_ID, NoScriptFiltersForm } from '../../ui/CatalogNoScript';
import { CatalogSearchForm } from '../../ui/CatalogSearchForm';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ResourceCard } from './ResourceCard';
import { ResourceCardSkeleton } from './ResourceCardSkeleton';
import { ResourceGrid } from './ResourceGrid';
import {
  activeFilterCount,
  effectiveSort,
  filtersFromParams,
  filtersToParams,
  RESOURCE_SORTS,
  resourceTypeLabel,
  type StoreFilters,
  toResourceFilter,
} from './resourceFormat';
import { useStoreOptions } from './useStoreOptions';

const FeaturedResourcesQueryDocument = graphql(`
  query FeaturedResources {
    resources(first: 4, filter: { featured: true }, sort: RATING) {
      nodes {
        ...ResourceCard_resource
      }
    }
  }
`);

/** /curriculum: the curriculum store with a featured row, filters, search and sorting (all in the URL). */
export default function CurriculumPage() {
  useDocumentTitle('Curriculum store');
  const { params, setParams, asked, shown } = useCatalogParams();
  const filters = filtersFromParams(params);
  const latestParams = useRef(params);
  useEffect(() => {
    latestParams.current = params;
  }, [params]);
  const update = (change: Partial<StoreFilters>) => {
    const next = filtersToParams({ ...filtersFromParams(latestParams.current), ...change });
    latestParams.current = next;
    setParams(next, { replace: true });
  };
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  const browsing = !filters.search && activeFilterCount(filters) === 0;

  return (
    <Box>
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
              Curriculum store
            </Heading>
            <Text color="whiteAlpha.900" maxW="3xl">
              Lesson plans, class music, videos and worksheets made by dance teachers, for dance teachers.
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container maxW="7xl" py={{ base: 6, md: 8 }}>
        {/* Marked for the page's entry, which applies the filters before the app (ssr/earlyFilters.ts). */}
        <Stack gap={8} data-catalog="curriculum">
          {browsing ? <FeaturedRow /> : null}
          <SearchBar filters={filters} onChange={update} />
          <Flex gap={8} align="flex-start" direction={{ base: 'column', md: 'row' }}>
            <Box as="aside" aria-label="Resource filters" w={{ base: 'full', md: '64' }} flexShrink={0}>
              <FilterPanel filters={filters} onChange={update} />
            </Box>
            <CatalogResults flex="1" minW={0} w="full" asked={asked} shown={shown}>
              <ResourceGrid
                filter={toResourceFilter(filters)}
                sort={effectiveSort(filters)}
                empty={
                  <>
                    <EmptyState.Title>No resources match your search</EmptyState.Title>
                    <EmptyState.Description>
                      Try other words, or clear the filters to see every resource.
                    </EmptyState.Description>
                    <Button variant="outline" onClick={clear}>
                      Clear search and filters
                    </Button>
                  </>
                }
              />
            </CatalogResults>
          </Flex>
        </Stack>
      </Container>
    </Box>
  );
}

function FeaturedRow() {
  const { data, loading } = useQuery(FeaturedResourcesQueryDocument);
  const nodes = data?.resources.nodes ?? [];
  // While loading, the row keeps its place (the search and the grid below do not jump down).
  if (!nodes.length && !loading) return null;
  return (
    <Stack as="section" aria-labelledby="featured-heading" gap={4}>
      <Heading as="h2" size="xl" id="featured-heading">
        Featured resources
      </Heading>
      {nodes.length ? (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={6} data-testid="featured-resources">
          {nodes.map((node) => (
            <ResourceCard key={node.id} resource={node} />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={6} aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <ResourceCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function SearchBar({
  filters,
  onChange,
}: {
  filters: StoreFilters;
  onChange: (change: Partial<StoreFilters>) => void;
}) {
  const sort = effectiveSort(filters);
  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap={3} align={{ md: 'flex-end' }}>
      <CatalogSearchForm
        label="Search resources"
        placeholder="Lesson plans, warm-up music, tap posters…"
        value={filters.search}
        onSearch={(search) => onChange({ search })}
      />
      <Field.Root flex="1">
        <Field.Label>Sort by</Field.Label>
        <NativeSelect.Root bg="bg">
          <NativeSelect.Field
            name="sort"
            form={CATALOG_FORM_ID}
            value={sort}
            onChange={(e) => onChange({ sort: e.target.value as StoreFilters['sort'] })}
          >
            {RESOURCE_SORTS.filter((s) => s.value !== 'RELEVANCE' || filters.search).map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </Stack>
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
        <NativeSelect.Field
          name={name}
          form={CATALOG_FORM_ID}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
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

/** Price bounds are applied when the box loses focus or Enter is pressed. */
function PriceInput({
  label,
  name,
  value,
  onCommit,
}: {
  label: string;
  name: string;
  value: string;
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
        form={CATALOG_FORM_ID}
        type="number"
        min={0}
        step="1"
        inputMode="decimal"
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
  filters: StoreFilters;
  onChange: (change: Partial<StoreFilters>) => void;
}) {
  const options = useStoreOptions();
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
            onClick={() =>
              onChange({
                type: '',
                danceStyleId: '',
                ageGroup: '',
                skillLevel: '',
                categoryId: '',
                minPrice: '',
                maxPrice: '',
              })
            }
          >
            Clear filters
          </Button>
        ) : null}
      </HStack>
      <FilterSelect
        label="Type"
        name="type"
        value={filters.type}
        placeholder="All types"
        options={options.resourceTypes.map((t) => ({ value: t, label: resourceTypeLabel(t) }))}
        onChange={(type) => onChange({ type })}
      />
      <FilterSelect
        label="Dance style"
        name="style"
        value={filters.danceStyleId}
        placeholder="All styles"
        options={options.danceStyles.map((s) => ({ value: s.id, label: s.name }))}
        onChange={(danceStyleId) => onChange({ danceStyleId })}
      />
      <FilterSelect
        label="Age group"
        name="age"
        value={filters.ageGroup}
        placeholder="All ages"
        options={options.ageGroups.map((a) => ({ value: a, label: a }))}
        onChange={(ageGroup) => onChange({ ageGroup })}
      />
      <FilterSelect
        label="Skill level"
        name="level"
        value={filters.skillLevel}
        placeholder="All levels"
        options={options.skillLevels.map((l) => ({ value: l, label: l }))}
        onChange={(skillLevel) => onChange({ skillLevel })}
      />
      <FilterSelect
        label="Category"
        name="category"
        value={filters.categoryId}
        placeholder="All categories"
        options={options.categories.map((c) => ({ value: c.id, label: c.name }))}
        onChange={(categoryId) => onChange({ categoryId })}
      />
      <HStack gap={2} align="flex-end">
        <PriceInput
          label="Min price ($)"
          name="min"
          value={filters.minPrice}
          onCommit={(minPrice) => onChange({ minPrice })}
        />
        <PriceInput
          label="Max price ($)"
          name="max"
          value={filters.maxPrice}
          onCommit={(maxPrice) => onChange({ maxPrice })}
        />
      </HStack>
      <NoScriptFiltersForm />
    </Stack>
  );
}
