import { useMutation, useQuery } from '@apollo/client/react';
import { Switch, Text } from '@chakra-ui/react';
import { graphql } from '../../gql';
import { toaster } from '../../ui/toaster';

const CourseRequireWatchingDocument = graphql(`
  query CourseRequireWatching($id: ID!) {
    course(id: $id) {
      id
      requireWatching
    }
  }
`);

const SetCourseRequireWatchingDocument = graphql(`
  mutation SetCourseRequireWatching($courseId: ID!, $requireWatching: Boolean!) {
    setCourseRequireWatching(courseId: $courseId, requireWatching: $requireWatching) {
      course {
        id
        requireWatching
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** The instructor's switch: learners must watch 90% of a lesson's video before completing it. */
export function RequireWatchingSwitch({ courseId }: { courseId: string }) {
  const { data } = useQuery(CourseRequireWatchingDocument, { variables: { id: courseId } });
  const [save, { loading }] = useMutation(SetCourseRequireWatchingDocument);
  const on = data?.course?.requireWatching ?? false;
  return (
    <Switch.Root
      checked={on}
      disabled={!data?.course || loading}
      onCheckedChange={async (d) => {
        const res = await save({ variables: { courseId, requireWatching: d.checked } });
        const error = res.data?.setCourseRequireWatching.userErrors[0];
        if (error) toaster.create({ type: 'error', title: 'Not saved', description: error.message });
      }}
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>
        Require watching
        <Text as="span" display="block" fontSize="sm" color="fg.muted" fontWeight="normal">
          Learners complete a lesson with a player video only after watching 90% of it.
        </Text>
      </Switch.Label>
    </Switch.Root>
  );
}
