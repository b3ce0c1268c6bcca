import { useMutation, useQuery } from '@apollo/client/react';
import { Button, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import {
  CourseRequiresAssignmentsDocument,
  SetCourseRequireAssignmentsDocument,
} from './assignmentDocuments';
import { reportResult } from './userErrorToast';

/** The course's assignment rule (certificate only once assignments are passed) and the way to the reviews. */
export function CourseAssignmentsSettings({ courseId }: { courseId: string }) {
  const { data } = useQuery(CourseRequiresAssignmentsDocument, { variables: { courseId } });
  const [save, { loading }] = useMutation(SetCourseRequireAssignmentsDocument, {
    refetchQueries: [{ query: CourseRequiresAssignmentsDocument, variables: { courseId } }],
  });
  const on = data?.courseRequiresAssignments ?? false;
  return (
    <Stack gap={3}>
      <Switch.Root
        checked={on}
        disabled={!data || loading}
        onCheckedChange={async (d) => {
          const res = await save({ variables: { courseId, required: d.checked } });
          reportResult(res.data?.setCourseRequireAssignments.userErrors, 'Not saved');
        }}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>
          Require assignments for the certificate
          <Text as="span" display="block" fontSize="sm" color="fg.muted" fontWeight="normal">
            The certificate is issued only once every video assignment of the course is passed.
          </Text>
        </Switch.Label>
      </Switch.Root>
      <HStack>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={`/instructor/courses/${courseId}/reviews`}>Reviews waiting</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}
