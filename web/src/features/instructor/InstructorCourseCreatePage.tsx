import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { CourseForm, courseInputOf, useCourseMutation } from '../courses';
import { CourseCreateMutationDocument } from './authoringDocuments';
import { InstructorOnly } from './InstructorOnly';

/** /instructor/courses/create: a new draft course; then on to its editor for modules and lessons. */
export default function InstructorCourseCreatePage() {
  useDocumentTitle('Create a course');
  const navigate = useNavigate();
  const create = useCourseMutation(CourseCreateMutationDocument, 'Course not created');

  return (
    <InstructorOnly>
      <Stack gap={6} maxW="4xl" mx="auto">
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Create a course
          </Heading>
          <Text color="fg.muted">
            Start with the details. The course stays a draft — only you and staff see it — until you publish
            it.
          </Text>
        </Stack>
        <Card.Root variant="outline">
          <Card.Body>
            <CourseForm
              submitLabel="Create course"
              submitting={create.loading}
              userErrors={create.userErrors}
              onSubmit={async (values) => {
                const payload = await create.run(courseInputOf(values), 'Course created');
                if (payload?.course) navigate(`/instructor/courses/${encodeURIComponent(payload.course.id)}`);
              }}
            />
          </Card.Body>
        </Card.Root>
      </Stack>
    </InstructorOnly>
  );
}
