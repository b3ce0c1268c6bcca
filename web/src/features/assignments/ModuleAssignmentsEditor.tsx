import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { CourseAssignmentsQuery } from '../../gql/graphql';
import {
  AssignmentCreateDocument,
  AssignmentRemoveDocument,
  AssignmentUpdateDocument,
  CourseAssignmentsDocument,
} from './assignmentDocuments';
import { AssignmentForm, type AssignmentFormValues } from './AssignmentForm';
import { reportResult } from './userErrorToast';

type Assignment = CourseAssignmentsQuery['courseAssignments'][number];

function AssignmentRow({ assignment, courseId }: { assignment: Assignment; courseId: string }) {
  const [editing, setEditing] = useState(false);
  const refetchQueries = [{ query: CourseAssignmentsDocument, variables: { courseId } }];
  const [update] = useMutation(AssignmentUpdateDocument, { refetchQueries });
  const [remove, removing] = useMutation(AssignmentRemoveDocument, { refetchQueries });

  async function save(values: AssignmentFormValues) {
    const res = await update({ variables: { input: { id: assignment.id, ...values } } });
    const done = reportResult(
      res.data?.assignmentUpdate.userErrors,
      'Assignment not saved',
      'Assignment saved',
    );
    if (done) setEditing(false);
    return done;
  }

  if (editing) {
    return (
      <Box borderWidth="1px" borderRadius="l2" p={3}>
        <AssignmentForm
          initial={assignment}
          submitLabel="Save assignment"
          onSubmit={save}
          onCancel={() => setEditing(false)}
        />
      </Box>
    );
  }
  return (
    <HStack
      borderWidth="1px"
      borderRadius="l2"
      p={3}
      justify="space-between"
      align="start"
      data-testid="assignment-row"
    >
      <Stack gap={1}>
        <Text fontWeight="medium">{assignment.title}</Text>
        {assignment.instructions ? (
          <Text fontSize="sm" color="fg.muted">
            {assignment.instructions}
          </Text>
        ) : null}
        <Badge alignSelf="start" variant="subtle">
          {assignment.dueDaysAfterEnrollment
            ? `Due ${assignment.dueDaysAfterEnrollment} days after enrolment`
            : 'No due date'}
        </Badge>
      </Stack>
      <HStack>
        <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
          Edit
        </Button>
        <Button
          size="xs"
          variant="ghost"
          colorPalette="red"
          loading={removing.loading}
          onClick={async () => {
            if (!window.confirm(`Remove the assignment "${assignment.title}" and its submissions?`)) return;
            const res = await remove({ variables: { id: assignment.id } });
            reportResult(res.data?.assignmentRemove.userErrors, 'Not removed', 'Assignment removed');
          }}
        >
          Remove
        </Button>
      </HStack>
    </HStack>
  );
}

/** A module's video assignments in the curriculum editor: the list, edit, remove and "Add assignment". */
export function ModuleAssignmentsEditor({ courseId, moduleId }: { courseId: string; moduleId: string }) {
  const { data } = useQuery(CourseAssignmentsDocument, { variables: { courseId } });
  const [adding, setAdding] = useState(false);
  const [create] = useMutation(AssignmentCreateDocument, {
    refetchQueries: [{ query: CourseAssignmentsDocument, variables: { courseId } }],
  });
  const assignments = (data?.courseAssignments ?? []).filter((a) => a.moduleId === moduleId);

  async function add(values: AssignmentFormValues) {
    const res = await create({ variables: { input: { moduleId, ...values } } });
    const done = reportResult(
      res.data?.assignmentCreate.userErrors,
      'Assignment not added',
      'Assignment added',
    );
    if (done) setAdding(false);
    return done;
  }

  return (
    <Stack gap={3} data-testid="module-assignments">
      <Heading as="h4" size="sm">
        Video assignments
      </Heading>
      {assignments.map((a) => (
        <AssignmentRow key={a.id} assignment={a} courseId={courseId} />
      ))}
      {adding ? (
        <Box borderWidth="1px" borderRadius="l2" p={3}>
          <AssignmentForm submitLabel="Add assignment" onSubmit={add} onCancel={() => setAdding(false)} />
        </Box>
      ) : (
        <Button size="sm" variant="outline" alignSelf="start" onClick={() => setAdding(true)}>
          Add assignment
        </Button>
      )}
    </Stack>
  );
}
