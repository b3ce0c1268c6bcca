import { useQuery } from '@apollo/client/react';
import { Field, NativeSelect } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { graphql } from '../../gql';

const InstructorLearningCoursesQueryDocument = graphql(`
  query InstructorLearningCourses {
    instructorLearningCourses {
      id
      title
    }
  }
`);

/** The `course` URL parameter of the instructor's learner lists. */
export function useCourseFilterParam(): [string, (courseId: string) => void] {
  const [params, setParams] = useSearchParams();
  const courseId = params.get('course') ?? '';
  const setCourseId = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('course', value);
    else next.delete('course');
    setParams(next, { replace: true });
  };
  return [courseId, setCourseId];
}

/** A select of the courses I teach (staff: all courses), "All courses" first. */
export function InstructorCourseFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (courseId: string) => void;
}) {
  const { data } = useQuery(InstructorLearningCoursesQueryDocument);
  const courses = data?.instructorLearningCourses ?? [];
  return (
    <Field.Root maxW={{ md: 'sm' }}>
      <Field.Label>Course</Field.Label>
      <NativeSelect.Root bg="bg">
        <NativeSelect.Field name="course" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">All courses</option>
          {value && !courses.some((c) => c.id === value) ? (
            <option value={value}>Selected course</option>
          ) : null}
          {courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.title}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
