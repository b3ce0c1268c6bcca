import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM, loadConfig } from '../../config';

const BASE = { SESSION_SECRET: 'test-secret' };

describe('mail settings (SMTP_URL, MAIL_FROM)', () => {
  it('keeps mail in the outbox by default, from DRX <no-reply@drx.local>', () => {
    const config = loadConfig({ ...BASE });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe(DEFAULT_MAIL_FROM);
    expect(DEFAULT_MAIL_FROM).toBe('DRX <no-reply@drx.local>');
    expect(loadConfig({ ...BASE, SMTP_URL: '', MAIL_FROM: '' }).smtpUrl).toBeUndefined();
  });

  it('takes smtp:// and smtps:// URLs and a sender', () => {
    const config = loadConfig({
      ...BASE,
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'Studio <hi@x.org>',
    });
    expect(config.smtpUrl).toBe('smtps://u:p@mail.example.com:465');
    expect(config.mailFrom).toBe('Studio <hi@x.org>');
    expect(loadConfig({ ...BASE, SMTP_URL: 'smtp://localhost:25' }).smtpUrl).toBe('smtp://localhost:25');
  });

  it('refuses an SMTP_URL that is not an SMTP URL', () => {
    expect(() => loadConfig({ ...BASE, SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...BASE, SMTP_URL: 'https://mail.example.com' })).toThrow(
      /smtp:\/\/ or smtps:\/\//,
    );
  });
});
