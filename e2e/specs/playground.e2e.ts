import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, useBrowser } from '../support/browser';
import { apiSignIn } from '../support/two-step';

const b = useBrowser();

// QA's first step: signed in on the site, open the playground. Its schema introspection and its
// welcome query run at the same time, on the server `npm start` starts.
describe('the GraphQL playground at /graphql', () => {
  it('lists the schema in its docs pane and answers the welcome query with the session', async () => {
    const page = await b.page();
    const login = await apiSignIn(page, (path) => path, {
      username: 'admin',
      password: DEMO_PASSWORD,
    });
    expect(login.status()).toBe(200);

    await page.goto('/graphql');
    await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
    const docs = page.locator('.graphiql-doc-explorer');
    await docs.getByText('Root Types').waitFor();
    await docs.getByText('mutation: Mutation').waitFor();
    await page.getByRole('button', { name: 'Execute query (Ctrl-Enter)' }).click();
    const result = page.locator('.result-window');
    await result.getByText('"username": "admin"').waitFor();
    expect(await result.innerText()).not.toContain('Internal server error');

    // Everyone else's requests keep working afterwards.
    const member = await b.page();
    const signIn = await member.request.post('/api/login', {
      data: { username: 'member', password: DEMO_PASSWORD },
    });
    expect(signIn.status()).toBe(200);
    const me = await member.request.get('/api/user');
    expect(me.status()).toBe(200);
    expect((await me.json()).username).toBe('member');
  });
});
