import { Button, HStack } from '@chakra-ui/react';
import { CalendarPlus, Download } from 'lucide-react';

/** "Add to calendar": Google and Outlook links and the .ics download of a booking. */
export function CalendarLinks({
  links,
}: {
  links: { google?: string | null; outlook?: string | null; ics?: string | null } | null | undefined;
}) {
  if (!links || (!links.google && !links.outlook && !links.ics)) return null;
  return (
    <HStack gap={2} wrap="wrap" role="group" aria-label="Add to calendar">
      {links.google ? (
        <Button asChild size="sm" variant="outline">
          <a href={links.google} target="_blank" rel="noopener noreferrer">
            <CalendarPlus aria-hidden /> Google Calendar
          </a>
        </Button>
      ) : null}
      {links.outlook ? (
        <Button asChild size="sm" variant="outline">
          <a href={links.outlook} target="_blank" rel="noopener noreferrer">
            <CalendarPlus aria-hidden /> Outlook
          </a>
        </Button>
      ) : null}
      {links.ics ? (
        <Button asChild size="sm" variant="outline">
          <a href={links.ics} download>
            <Download aria-hidden /> Download .ics
          </a>
        </Button>
      ) : null}
    </HStack>
  );
}
