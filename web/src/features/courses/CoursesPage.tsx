import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Container,
  Drawer,
  EmptyState,
  Field,
  Flex,
  Heading,
  HStack,
  NativeSelect,
  Portal,
  SimpleGrid,
  Skeleton,
  Spinner,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { SearchX, SlidersHorizontal } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { graphql } from '../../gql';
import { CatalogResults, useCatalogParams } from '../../ui/CatalogResults';
import { CATALOG_FORM_ID, NoScriptFiltersForm } from '../../ui/CatalogNoScript';
import { CatalogSearchForm } from '../../ui/CatalogSearchForm';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useLoadMore } from '../../ui/useLoadMore';
import { CourseCard } from './CourseCard';
import {
  activeFilterCount,
  type CatalogFilters,
  COURSE_SORTS,
  type CourseSortValue,
  effectiveSort,
  filtersFromParams,
  filtersToParams,
  plural,
  toCourseFilter,
} from './courseFormat';
import { useCourseOptions } from './useCourseOptions';

const CatalogCoursesQueryDocument = graphql(`
  query CatalogCourses($first: Int, $after: String, $filter: CourseFilter, $sort: CourseSort) {
    courses(first: $first, after: $after, filter: $filter, sort: $sort) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ...CourseCard_course
        }
      }
    }
  }
`);

export const CATALOG_PAGE_SIZE = 12;
/** The aside holding the filter panel (the phones' early filter dialog copies it). */
const FILTERS_ID = 'course-filters';

/** /courses: the catalogue of certification courses with filters, search and sorting (all in the URL). */
export default function CoursesPage() {
  useDocumentTitle('Certification courses');
  const { params, setParams, asked, shown } = useCatalogParams();
  const filters = filtersFromParams(params);

  // The latest URL parameters: a debounced search must not undo a filter chosen meanwhile.
  const latestParams = useRef(params);
  useEffect(() => {
    latestParams.current = params;
  }, [params]);

  const update = (change: Partial<CatalogFilters>) => {
    const next = filtersToParams({ ...filtersFromParams(latestParams.current), ...change });
    latestParams.current = next;
    setParams(next, { replace: true });
  };

  const [drawerOpen, setDrawerOpen] = useState(false);
  const filterCount = activeFilterCount(filters);

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
              Certification courses
            </Heading>
            <Text color="whiteAlpha.900" maxW="3xl">
              Learn from working dance teachers: video lessons, quizzes and a certificate when you finish.
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container maxW="7xl" py={{ base: 6, md: 8 }}>
        {/* Marked for the page's entry, which applies the filters before the app (ssr/earlyFilters.ts). */}
        <Stack gap={6} data-catalog="courses">
          <SearchBar
            filters={filters}
            onChange={update}
            onOpenFilters={() => setDrawerOpen(true)}
            filterCount={filterCount}
          />
          <Flex gap={8} align="flex-start">
            <Box
              as="aside"
              id={FILTERS_ID}
              aria-label="Course filters"
              display={{ base: 'none', md: 'block' }}
              w="64"
              flexShrink={0}
            >
              <FilterPanel filters={filters} onChange={update} />
            </Box>
            <CatalogResults flex="1" minW={0} asked={asked} shown={shown}>
              {/* The cards' titles are h3: on phones the filters (and their h2) are in a drawer. */}
              <VisuallyHidden as="h2">Courses</VisuallyHidden>
              <CourseResults
                filters={filters}
                onClear={() => setParams(new URLSearchParams(), { replace: true })}
              />
            </CatalogResults>
          </Flex>
        </Stack>
      </Container>

      <Drawer.Root
        open={drawerOpen}
        onOpenChange={(d) => setDrawerOpen(d.open)}
        placement="start"
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <Drawer.Title>Filters</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <FilterPanel filters={filters} onChange={update} heading={false} />
              </Drawer.Body>
              <Drawer.Footer>
                <Button onClick={() => setDrawerOpen(false)} w="full">
                  Show courses
                </Button>
              </Drawer.Footer>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Box>
  );
}

function SearchBar({
  filters,
  onChange,
  onOpenFilters,
  filterCount,
}: {
  filters: CatalogFilters;
  onChange: (change: Partial<CatalogFilters>) => void;
  onOpenFilters: () => void;
  filterCount: number;
}) {
  const sort = effectiveSort(filters);
  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap={3} align={{ md: 'flex-end' }}>
      <CatalogSearchForm
        label="Search courses"
        placeholder="Ballet syllabus, choreography, injury prevention…"
        value={filters.search}
        onSearch={(search) => onChange({ search })}
      />
      <HStack gap={3} align="flex-end" flex="1">
        <Field.Root flex="1">
          <Field.Label>Sort by</Field.Label>
          <NativeSelect.Root bg="bg">
            <NativeSelect.Field
              name="sort"
              form={CATALOG_FORM_ID}
              value={sort}
              onChange={(e) => onChange({ sort: e.target.value as CourseSortValue })}
            >
              {COURSE_SORTS.filter((s) => s.value !== 'RELEVANCE' || filters.search).map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {/* Before the app, the entry opens a copy of the aside's panel (ssr/earlyFilterDialog.ts). */}
        <Button
          variant="outline"
          bg="bg"
          display={{ base: 'inline-flex', md: 'none' }}
          onClick={onOpenFilters}
          data-early-filters={FILTERS_ID}
          data-early-filters-apply="Show courses"
        >
          <SlidersHorizontal size={16} aria-hidden />
          Filters
          {filterCount ? (
            <Badge colorPalette="brand" variant="solid" size="sm">
              {filterCount}
            </Badge>
          ) : null}
        </Button>
      </HStack>
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
      <NativeSelect.Root bg="bg" size="sm">
        <NativeSelect.Field
          name={name}
          form={CATALOG_FORM_ID}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{placeholder}</option>
          {/* A value from the URL shows even before (or without) the list. */}
          {value && !options.some((o) => o.value === value) ? <option value={value}>{value}</option> : null}
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

function FilterPanel({
  filters,
  onChange,
  heading = true,
}: {
  filters: CatalogFilters;
  onChange: (change: Partial<CatalogFilters>) => void;
  /** Off in the drawer, whose title already says Filters. */
  heading?: boolean;
}) {
  const options = useCourseOptions();
  const count = activeFilterCount(filters);
  return (
    <Stack gap={4}>
      <HStack
        justify={heading ? 'space-between' : 'flex-end'}
        minH={heading ? undefined : count ? undefined : 0}
      >
        {heading ? (
          <Heading as="h2" size="md" id={`${FILTERS_ID}-heading`}>
            Filters
          </Heading>
        ) : null}
        {count ? (
          <Button
            size="xs"
            variant="ghost"
            data-filter-clear=""
            onClick={() =>
              onChange({ danceStyleId: '', skillLevel: '', ageGroup: '', categoryId: '', price: '' })
            }
          >
            Clear filters
          </Button>
        ) : null}
      </HStack>
      <FilterSelect
        label="Dance style"
        name="style"
        value={filters.danceStyleId}
        placeholder="All styles"
        options={options.danceStyles.map((s) => ({ value: s.id, label: s.name }))}
        onChange={(danceStyleId) => onChange({ danceStyleId })}
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
        label="Age group"
        name="age"
        value={filters.ageGroup}
        placeholder="All ages"
        options={options.ageGroups.map((a) => ({ value: a, label: a }))}
        onChange={(ageGroup) => onChange({ ageGroup })}
      />
      <FilterSelect
        label="Category"
        name="category"
        value={filters.categoryId}
        placeholder="All categories"
        options={options.categories.map((c) => ({ value: c.id, label: c.name }))}
        onChange={(categoryId) => onChange({ categoryId })}
      />
      <FilterSelect
        label="Price"
        name="price"
        value={filters.price}
        placeholder="Free and paid"
        options={[
          { value: 'free', label: 'Free' },
          { value: 'paid', label: 'Paid' },
        ]}
        onChange={(price) => onChange({ price: price as CatalogFilters['price'] })}
      />
      {heading ? <NoScriptFiltersForm /> : null}
    </Stack>
  );
}

function CourseResults({ filters, onClear }: { filters: CatalogFilters; onClear: () => void }) {
  const filter = toCourseFilter(filters);
  const sort = effectiveSort(filters);
  const coursesQuery = useQuery(CatalogCoursesQueryDocument, {
    variables: { first: CATALOG_PAGE_SIZE, filter, sort },
  });
  const { data, previousData, loading, error } = coursesQuery;
  const pager = useLoadMore(coursesQuery, 'courses', {
    errorTitle: 'More courses could not be loaded',
    filterKey: JSON.stringify([filter, sort]),
  });
  const connection = (data ?? previousData)?.courses;
  const refreshing = loading && !data;

  if (error && !connection) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The courses could not be loaded</Alert.Title>
          <Alert.Description>{error.message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  if (!connection) {
    return (
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={6} aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Stack key={i} gap={3}>
            <Skeleton aspectRatio={16 / 9} borderRadius="l2" />
            <Skeleton height="5" width="80%" />
            <Skeleton height="4" width="50%" />
          </Stack>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap={5}>
      <HStack gap={3} minH="6">
        <Text fontWeight="medium" aria-live="polite" data-testid="course-count">
          {refreshing ? 'Searching…' : plural(connection.totalCount, 'course')}
        </Text>
        {refreshing && <Spinner size="sm" color="brand.solid" />}
      </HStack>
      {connection.edges.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <SearchX />
            </EmptyState.Indicator>
            <EmptyState.Title>No courses match your search</EmptyState.Title>
            <EmptyState.Description>
              Try other words, or clear the filters to see every course.
            </EmptyState.Description>
            <Button variant="outline" onClick={onClear}>
              Clear search and filters
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={6} opacity={refreshing ? 0.6 : 1}>
          {connection.edges.map(({ node }) => (
            <CourseCard key={node.id} course={node} />
          ))}
        </SimpleGrid>
      )}
      <LoadMoreButton pager={pager} disabled={refreshing} />
    </Stack>
  );
}
