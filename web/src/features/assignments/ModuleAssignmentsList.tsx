import { useQuery } from '@apollo/client/react';
import { Heading, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { CourseAssignmentsDocument } from './assignmentDocuments';

/** A module's video assignments on the learner's module page (nothing when it has none). */
export function ModuleAssignmentsList({ courseId, moduleId }: { courseId: string; moduleId: string }) {
  const { data } = useQuery(CourseAssignmentsDocument, { variables: { courseId } });
  const assignments = (data?.courseAssignments ?? []).filter((a) => a.moduleId === moduleId);
  if (!assignments.length) return null;
  return (
    <Stack gap={3} data-testid="module-assignment-list">
      <Heading as="h2" size="lg">
        Video assignments
      </Heading>
      {assignments.map((a) => (
        <LinkBox key={a.id} borderWidth="1px" borderRadius="l2" p={4}>
          <LinkOverlay asChild>
            <RouterLink to={`/assignments/${a.id}`}>
              <Text fontWeight="medium">{a.title}</Text>
            </RouterLink>
          </LinkOverlay>
          {a.dueAt ? (
            <Text fontSize="sm" color="fg.muted">
              Due {new Date(a.dueAt as string).toLocaleDateString()}
            </Text>
          ) : null}
        </LinkBox>
      ))}
    </Stack>
  );
}
