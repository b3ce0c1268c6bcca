import { Card, Field, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { CourseForm, courseInputOf, useCourseMutation } from '../courses';
import { CourseCreateMutationDocument } from '../instructor';
import { InstructorSelect } from './InstructorSelect';

/** /admin/course-creator: staff create a draft course on behalf of an instructor. */
export default function AdminCourseCreatorPage() {
  useDocumentTitle('Course creator');
  const navigate = useNavigate();
  const create = useCourseMutation(CourseCreateMutationDocument, 'Course not created', ['AdminCourses']);
  const [instructorId, setInstructorId] = useState('');
  const instructorError = create.fieldError('instructorId');

  return (
    <Stack gap={6} maxW="4xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Course creator
        </Heading>
        <Text color="fg.muted">
          Create a draft course for an instructor. It appears among their courses, where they (or you) add
          modules and lessons and publish it.
        </Text>
      </Stack>
      <Card.Root variant="outline">
        <Card.Body>
          <CourseForm
            submitLabel="Create course"
            submitting={create.loading}
            userErrors={create.userErrors}
            extraFields={['instructorId']}
            onSubmit={async (values) => {
              const payload = await create.run(
                { ...courseInputOf(values), instructorId: instructorId || null },
                'Course created',
              );
              if (payload?.course) navigate(`/instructor/courses/${encodeURIComponent(payload.course.id)}`);
            }}
          >
            <Field.Root invalid={Boolean(instructorError)}>
              <Field.Label>Instructor</Field.Label>
              <InstructorSelect
                label="Instructor"
                value={instructorId}
                onChange={setInstructorId}
                placeholder="Me (the course is mine)"
              />
              {instructorError ? (
                <Field.ErrorText>{instructorError}</Field.ErrorText>
              ) : (
                <Field.HelperText>Users with the instructor role.</Field.HelperText>
              )}
            </Field.Root>
          </CourseForm>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
