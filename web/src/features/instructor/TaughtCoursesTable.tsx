import { Badge, Button, HStack, Link, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { MyTaughtCoursesQuery } from '../../gql/graphql';
import { coursePath, coursePriceLabel } from '../courses';

export type TaughtCourse = MyTaughtCoursesQuery['myTaughtCourses'][number];

const editPath = (id: string) => `/instructor/courses/${encodeURIComponent(id)}`;

/** My courses with their status and figures, and links to edit and view each. */
export function TaughtCoursesTable({ rows, compact = false }: { rows: TaughtCourse[]; compact?: boolean }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Course</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            {!compact && <Table.ColumnHeader>Price</Table.ColumnHeader>}
            {!compact && <Table.ColumnHeader textAlign="end">Lessons</Table.ColumnHeader>}
            <Table.ColumnHeader textAlign="end">Enrollments</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Completions</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map(({ course, enrollmentCount, completionCount }) => (
            <Table.Row key={course.id}>
              <Table.Cell>
                <Link asChild color="brand.fg" fontWeight="medium">
                  <RouterLink to={editPath(course.id)}>{course.title}</RouterLink>
                </Link>
                {course.danceStyle ? (
                  <Text fontSize="xs" color="fg.muted">
                    {course.danceStyle.name}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={course.published ? 'green' : 'yellow'} variant="subtle">
                  {course.published ? 'Published' : 'Draft'}
                </Badge>
              </Table.Cell>
              {!compact && <Table.Cell whiteSpace="nowrap">{coursePriceLabel(course.priceCents)}</Table.Cell>}
              {!compact && <Table.Cell textAlign="end">{course.lessonCount}</Table.Cell>}
              <Table.Cell textAlign="end">{enrollmentCount}</Table.Cell>
              <Table.Cell textAlign="end">{completionCount}</Table.Cell>
              <Table.Cell textAlign="end">
                <HStack gap={1} justify="flex-end">
                  <Button asChild size="xs" variant="outline">
                    <RouterLink to={editPath(course.id)}>Edit</RouterLink>
                  </Button>
                  <Button asChild size="xs" variant="ghost">
                    <RouterLink to={coursePath(course)}>View</RouterLink>
                  </Button>
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
