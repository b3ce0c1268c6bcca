import { Card, Heading, Stack, Switch, Text } from '@chakra-ui/react';
import { useCourseMutation } from '../courses';
import { InstructorProfileUpdateMutationDocument } from '../instructor-connect';

/**
 * The instructor's "Accept inquiries from members" switch (InstructorProfile.acceptsInquiries),
 * saved at once. Clients with a booking may always write about it.
 */
export function AcceptInquiriesSetting({ acceptsInquiries }: { acceptsInquiries: boolean }) {
  const save = useCourseMutation(InstructorProfileUpdateMutationDocument, 'Setting not saved');
  return (
    <Card.Root as="section" aria-labelledby="inquiries-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="inquiries-heading">
          Messages
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap={2}>
          <Switch.Root
            checked={acceptsInquiries}
            disabled={save.loading}
            onCheckedChange={(d) =>
              void save.run(
                { acceptsInquiries: d.checked },
                d.checked ? 'Members can message you' : 'Inquiries turned off',
              )
            }
          >
            <Switch.HiddenInput name="acceptsInquiries" />
            <Switch.Control />
            <Switch.Label>Accept inquiries from members</Switch.Label>
          </Switch.Root>
          <Text textStyle="sm" color="fg.muted">
            When on, members can write to you from your public profile. Clients who booked you can always
            message you about their booking, and you can always answer.
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
