import { describe, expect, it } from 'vitest';
import { signInByApi, useBrowser } from '../support/browser';
import { pdfText } from '../support/pdf-text';

const b = useBrowser();

const COURSE = 'Foundations of Teaching Dance'; // free, taught by the demo instructor

describe('certificates', () => {
  it('an instructor issues a certificate; the student views and downloads it; anyone verifies it; revoking shows the reason', async () => {
    // A new member enrolls in the instructor's free course through the API.
    const member = await b.page();
    const username = `certstudent${Date.now().toString(36)}`;
    const registered = await member.request.post('/api/register', {
      data: { username, password: 'grand-jete-2026', firstName: 'Carla', lastName: 'Certified' },
    });
    expect(registered.status()).toBe(201);

    const instructor = await b.page();
    await signInByApi(instructor, 'instructor');
    const courses = await instructor.request.post('/graphql', {
      data: { query: '{ certificateIssueCourses { id title } }' },
    });
    const course = (
      (await courses.json()).data.certificateIssueCourses as { id: string; title: string }[]
    ).find((c) => c.title === COURSE);
    expect(course).toBeTruthy();
    const enrolled = await member.request.post('/api/enrollments', { data: { courseId: course!.id } });
    expect(enrolled.status()).toBe(201);

    // The instructor issues the certificate by hand.
    await instructor.goto('/instructor/certificates/issue');
    await instructor.getByRole('heading', { name: 'Issue a certificate' }).waitFor();
    await instructor.getByLabel('Course').selectOption(course!.id);
    await instructor.getByLabel('Find a student').fill(username);
    await instructor.getByRole('button', { name: 'Issue certificate to Carla Certified' }).click();
    await instructor.getByText(/Certificate issued: DRX-\d{4}-[A-Z0-9]{8} for Carla Certified/).waitFor();
    await instructor.getByRole('link', { name: 'View the certificate' }).click();
    await instructor.waitForURL(/\/certificates\/[0-9a-f-]{36}$/);
    const certificatePath = new URL(instructor.url()).pathname;
    const certificateId = certificatePath.split('/').pop()!;

    // The student opens it and downloads the PDF.
    await member.goto(certificatePath);
    await member.getByRole('heading', { name: COURSE }).waitFor();
    const view = member.getByTestId('certificate-view');
    await view.getByText('Carla Certified').first().waitFor();
    const number = (await member
      .getByText(/^DRX-\d{4}-[A-Z0-9]{8}$/)
      .first()
      .textContent())!.trim();
    expect(number).toMatch(/^DRX-\d{4}-[23456789A-HJ-NP-Z]{8}$/);
    const download = member.getByRole('link', { name: 'Download PDF' });
    expect(await download.getAttribute('href')).toBe(`/api/certificates/${certificateId}/pdf`);
    const pdf = await member.request.get(`/api/certificates/${certificateId}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toBe(`attachment; filename="DRX-certificate-${number}.pdf"`);
    const body = await pdf.body();
    expect(body.subarray(0, 4).toString()).toBe('%PDF');
    const text = pdfText(body);
    expect(text).toContain('Carla Certified');
    expect(text).toContain(COURSE);
    expect(text).toContain(`/verify/${number}`);

    // A signed-out visitor verifies the number.
    const visitor = await b.page();
    await visitor.goto(`/verify/${number}`);
    await visitor.getByRole('heading', { name: 'Valid certificate' }).waitFor();
    await visitor.getByText('Carla Certified').first().waitFor();
    await visitor.getByText('Ines Instructor').waitFor();

    // The instructor revokes it with a reason.
    await instructor.goto(`/instructor/certificates?search=${number}`);
    await instructor.getByText('1 certificate', { exact: true }).waitFor();
    await instructor.getByRole('button', { name: `Revoke ${number}` }).click();
    await instructor.getByLabel('Reason').fill('Issued to the wrong student');
    await instructor.getByRole('button', { name: 'Revoke certificate' }).click();
    await instructor.getByText('Certificate revoked').first().waitFor();

    // The verification page and the student's page show it revoked, with the reason.
    await visitor.reload();
    await visitor.getByRole('heading', { name: 'This certificate has been revoked' }).waitFor();
    await visitor.getByText('Reason: Issued to the wrong student').waitFor();
    await member.reload();
    await member.getByText('Reason: Issued to the wrong student').waitFor();
  });

  it('staff reissue a certificate with a corrected name: the old number is revoked and links the new one', async () => {
    // A new member with a misspelt name, enrolled in the free course, gets a certificate from the instructor.
    const member = await b.page();
    const username = `reissue${Date.now().toString(36)}`;
    const registered = await member.request.post('/api/register', {
      data: { username, password: 'grand-jete-2026', firstName: 'Mira', lastName: 'Mispelt' },
    });
    expect(registered.status()).toBe(201);
    const userId = (await registered.json()).id as string;
    const admin = await b.page();
    await signInByApi(admin, 'admin');
    const gql = async (query: string, variables: Record<string, unknown> = {}) =>
      (await (await admin.request.post('/graphql', { data: { query, variables } })).json()).data;
    const { certificateIssueCourses } = await gql('{ certificateIssueCourses { id title } }');
    const course = (certificateIssueCourses as { id: string; title: string }[]).find(
      (c) => c.title === COURSE,
    )!;
    const issued = await gql(
      `mutation($input: CertificateIssueInput!) { certificateIssue(input: $input) { certificate { number } } }`,
      { input: { courseId: course.id, userId } },
    );
    const oldNumber = issued.certificateIssue.certificate.number as string;

    // Staff reissue it from the certificates page with the corrected name.
    await admin.goto(`/admin/certificates?search=${oldNumber}`);
    await admin.getByText('1 certificate', { exact: true }).waitFor();
    await admin.getByRole('button', { name: `Reissue ${oldNumber}` }).click();
    const name = admin.getByLabel('Name on the certificate');
    expect(await name.inputValue()).toBe('Mira Mispelt');
    await name.fill('Mira Misspelt');
    await admin.getByLabel('Reason').fill('Name correction');
    await admin.getByRole('button', { name: 'Reissue certificate' }).click();
    const toast = admin.getByText(/^Certificate reissued as DRX-\d{4}-[A-Z0-9]{8}$/).first();
    await toast.waitFor();
    const newNumber = ((await toast.textContent()) ?? '').replace('Certificate reissued as ', '').trim();
    expect(newNumber).not.toBe(oldNumber);

    // The old number verifies as revoked, with the reason, and links the new one, which is valid.
    const visitor = await b.page();
    await visitor.goto(`/verify/${oldNumber}`);
    await visitor.getByRole('heading', { name: 'This certificate has been revoked' }).waitFor();
    await visitor.getByText(`Reason: Reissued as ${newNumber}: Name correction`).waitFor();
    await visitor.getByRole('link', { name: newNumber }).click();
    await visitor.waitForURL(`**/verify/${newNumber}`);
    await visitor.getByRole('heading', { name: 'Valid certificate' }).waitFor();
    await visitor.getByText('Mira Misspelt').first().waitFor();
    await visitor.getByRole('link', { name: oldNumber }).waitFor();
  });

  it('says so for an unknown number, and checks another number from the form', async () => {
    const visitor = await b.page();
    await visitor.goto('/verify/DRX-2026-AAAAAAAA');
    await visitor.getByRole('heading', { name: 'No certificate with this number' }).waitFor();
    await visitor.getByLabel('Check another certificate').fill(' drx-2026-bbbbbbbb ');
    await visitor.getByRole('button', { name: 'Verify' }).click();
    await visitor.waitForURL('**/verify/DRX-2026-BBBBBBBB');
    await visitor.getByRole('heading', { name: 'No certificate with this number' }).waitFor();
  });
});
