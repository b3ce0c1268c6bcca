import { prerenderStatic } from '@apollo/client/react/ssr';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { AdminRefundDueRowFragment } from '../../gql/graphql';
import { system } from '../../theme';
import { MeQueryDocument } from '../auth/useCurrentUser';
import AdminRefundsPage from './AdminRefundsPage';
import { AdminRefundsDueQueryDocument } from './adminRefundsDocuments';
import { attemptsLabel } from './refundsFormat';

const me = (role: string) => ({
  request: { query: MeQueryDocument },
  result: {
    data: {
      me: {
        __typename: 'User',
        id: 'u1',
        username: role,
        role,
        roles: [role],
        firstName: 'Ada',
        lastName: 'Admin',
        profileImageUrl: null,
        displayName: 'Ada Admin',
        email: `${role}@drx.test`,
      },
    },
  },
});

function refund(id: string, extra: Partial<AdminRefundDueRowFragment>): AdminRefundDueRowFragment {
  return {
    __typename: 'RefundDue',
    id,
    orderNumber: `DRX-20261205-000${id}`,
    amountCents: 4900,
    paymentProvider: 'stripe',
    attempts: 0,
    lastError: null,
    lastAttemptAt: null,
    dueSince: '2026-12-01T09:30:00.000Z',
    buyer: {
      __typename: 'User',
      id: `b${id}`,
      username: `buyer${id}`,
      displayName: `Buyer ${id}`,
      email: `buyer${id}@drx.test`,
    },
    ...extra,
  } as AdminRefundDueRowFragment;
}

const list = (nodes: AdminRefundDueRowFragment[]): MockLink.MockedResponse => ({
  request: { query: AdminRefundsDueQueryDocument, variables: { first: 25 } },
  result: {
    data: {
      adminRefundsDue: {
        __typename: 'RefundDueConnection',
        totalCount: nodes.length,
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
        nodes,
      },
    },
  },
});

async function render(role: string, mocks: MockLink.MockedResponse[]): Promise<string> {
  const { result } = await prerenderStatic({
    tree: (
      <MockedProvider mocks={[me(role), ...mocks]}>
        <ChakraProvider value={system}>
          <MemoryRouter>
            <AdminRefundsPage />
          </MemoryRouter>
        </ChakraProvider>
      </MockedProvider>
    ),
    renderFunction: renderToString,
  });
  return result;
}

const text = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

/** The text of each "Retry now" button (its hidden part included: what a screen reader says). */
const retryButtons = (html: string) =>
  [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)]
    .map((m) => text(m[1]).trim())
    .filter((label) => label.startsWith('Retry now'));

describe('AdminRefundsPage', () => {
  const due = [
    refund('1', {
      attempts: 3,
      lastError: 'This PaymentIntent (pi_1) does not have a successful charge to refund.',
      lastAttemptAt: '2026-12-05T10:15:00.000Z',
      amountCents: 2_500_000_000,
    }),
    refund('2', { buyer: null }),
  ];

  it('lists each refund due with its order, buyer, amount, attempts, last error and since', async () => {
    const page = text(await render('admin', [list(due)]));
    expect(page).toContain('Refunds due');
    expect(page).toContain('2 refunds due');
    for (const header of ['Order', 'Buyer', 'Amount', 'Attempts', 'Last error', 'Since']) {
      expect(page).toContain(header);
    }
    expect(page).toContain('DRX-20261205-0001');
    expect(page).toContain('buyer1');
    expect(page).toContain('buyer1@drx.test');
    expect(page).toContain('$25,000,000.00');
    expect(page).toContain('3 failed tries');
    expect(page).toContain('does not have a successful charge to refund');
    expect(page).toContain('Dec 1, 2026');
    // a refund not tried yet, of an account that no longer exists
    expect(page).toContain('DRX-20261205-0002');
    expect(page).toContain('No failed tries yet');
    expect(page).toContain('$49.00');
  });

  it('gives every row its own Retry now button, named for its order', async () => {
    expect(retryButtons(await render('admin', [list(due)]))).toEqual([
      'Retry now : the refund of DRX-20261205-0001',
      'Retry now : the refund of DRX-20261205-0002',
    ]);
  });

  it('says when no refund is due', async () => {
    const html = await render('admin', [list([])]);
    expect(text(html)).toContain('No refund is due');
    expect(retryButtons(html)).toEqual([]);
  });

  it('shows curriculum officers a notice instead of the list (admins only)', async () => {
    const html = await render('curriculum_officer', []);
    expect(text(html)).toContain('Only administrators can see and retry refunds due.');
    expect(text(html)).not.toContain('Last error');
    expect(retryButtons(html)).toEqual([]);
  });

  it('counts the failed tries in words', () => {
    expect([0, 1, 2].map(attemptsLabel)).toEqual(['No failed tries yet', '1 failed try', '2 failed tries']);
  });
});
