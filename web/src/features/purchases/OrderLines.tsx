import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { BookOpen, Download } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import type { OrderDetailsFragment } from '../../gql/graphql';
import { lineKindLabel, orderLinePath } from './licenceFormat';
import { LineLicences } from './LineLicences';
import { formatCents, isAppPath } from './orderFormat';

type OrderLine = OrderDetailsFragment['lines'][number];

/**
 * The lines of an order: title (to the item), kind (a resource's licences), quantity × unit price
 * and line total; with `actions`, the way to use what was bought — Open course, or Download while
 * the buyer is entitled; with `giveLicences`, a resource line's licences given to colleagues and
 * the form to give the ones left. A booked session's title leads to /my-bookings, or with `staff`
 * to /admin/bookings.
 */
export function OrderLines({
  lines,
  actions = true,
  giveLicences = false,
  staff = false,
}: {
  lines: readonly OrderLine[];
  actions?: boolean;
  giveLicences?: boolean;
  staff?: boolean;
}) {
  return (
    <Stack as="ul" gap={3} listStyleType="none" aria-label="Order lines">
      {lines.map((line) => {
        const path = orderLinePath(line, { staff });
        return (
          <Stack as="li" key={line.id} gap={2} data-testid="order-line">
            <HStack gap={3} justify="space-between" align="center" wrap="wrap">
              <Stack gap={0} flex="1" minW="12rem">
                {isAppPath(path) ? (
                  <Link asChild fontWeight="medium">
                    <RouterLink to={path}>{line.title}</RouterLink>
                  </Link>
                ) : (
                  <Link href={path} fontWeight="medium">
                    {line.title}
                  </Link>
                )}
                <Text fontSize="sm" color="fg.muted" data-testid="order-line-kind">
                  {lineKindLabel(line)} · {line.quantity} × {formatCents(line.unitPriceCents)}
                </Text>
              </Stack>
              <HStack gap={3}>
                {actions && line.itemType === 'course' && line.courseUrl ? (
                  <Button asChild size="xs" variant="outline">
                    {isAppPath(line.courseUrl) ? (
                      <RouterLink to={line.courseUrl} aria-label={`Open course ${line.title}`}>
                        <BookOpen size={14} aria-hidden /> Open course
                      </RouterLink>
                    ) : (
                      <a href={line.courseUrl} aria-label={`Open course ${line.title}`}>
                        <BookOpen size={14} aria-hidden /> Open course
                      </a>
                    )}
                  </Button>
                ) : null}
                {actions && line.downloadUrl ? (
                  <Button asChild size="xs" variant="outline">
                    <a href={line.downloadUrl} download aria-label={`Download ${line.title}`}>
                      <Download size={14} aria-hidden /> Download
                    </a>
                  </Button>
                ) : null}
                <Text fontWeight="semibold" minW="5rem" textAlign="end">
                  {formatCents(line.lineTotalCents)}
                </Text>
              </HStack>
            </HStack>
            {giveLicences && line.itemType === 'resource' ? (
              <LineLicences line={line} title={line.title} />
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}
