import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  type Agent,
  addToCart,
  clearCart,
  db,
  json,
  type Name,
  newKey,
  resourceOf,
  signIn,
} from './orders-fixtures.test';

// A receipt shows the buyer's email only where the graph shows `User.email`: to the buyer and to
// admins — not to a curriculum officer, who may read the order but not the buyer's private fields.
let t: TestApp;
let as: Record<Name, Agent>;
let idOf: Record<Name, string>;

beforeAll(async () => {
  t = await startTestApp();
  ({ as, idOf } = await signIn(t));
});
afterAll(() => t?.close());

describe('receipt privacy', () => {
  it('shows the buyer’s email to the buyer and admins, not to a curriculum officer', async () => {
    const [{ email }] = await db(t).execute<{ email: string }[]>('select email from users where id = ?', [
      idOf.member,
    ]);
    expect(email).toContain('@');
    await clearCart(t, idOf.member);
    const resource = await resourceOf(t, null, idOf.member);
    await addToCart(t, as.member, 'resource', resource.id);
    const paid = await as.member.post('/api/simple-checkout').set(json).send({ idempotencyKey: newKey() });
    expect(paid.status).toBe(200);
    const id = paid.body.order.id;

    // the graph: the officer reads the order and its buyer, but not the buyer's email
    const buyerEmail = `query($id: ID!) { order(id: $id) { buyer { id email } } }`;
    const viaGraph = await t.gql(as.officer, buyerEmail, { id });
    expect(viaGraph.data.order.buyer).toEqual({ id: idOf.member, email: null });
    expect((await t.gql(as.admin, buyerEmail, { id })).data.order.buyer.email).toBe(email);

    const receipt = (agent: Agent) => agent.get(`/api/orders/${id}/receipt`);
    const mine = await receipt(as.member);
    expect(mine.status).toBe(200);
    expect(mine.text).toContain(`&lt;${email}&gt;`);
    const admin = await receipt(as.admin);
    expect(admin.status).toBe(200);
    expect(admin.text).toContain(`&lt;${email}&gt;`);
    const officer = await receipt(as.officer);
    expect(officer.status).toBe(200);
    expect(officer.text).toContain(paid.body.order.number);
    expect(officer.text).toContain('Billed to ');
    expect(officer.text).not.toContain(email);
    expect(officer.text).not.toContain('&lt;');
  });
});
