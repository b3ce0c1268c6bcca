import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

// Outside production loadConfig keeps a generated session secret in DATA_DIR; tests that do not
// pass SESSION_SECRET point DATA_DIR at a temporary directory so nothing is written to the repo.
let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-config-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

const SECRET = { SESSION_SECRET: 'test-secret' };

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    // given no variables except a session secret (so nothing is written to ./.data)
    // when the configuration is loaded
    const config = loadConfig({ ...SECRET });
    // then it listens on 4000 and keeps its data under ./.data
    expect(config.port).toBe(4000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.production).toBe(false);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('.data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.uploadsDir).toBe(path.join(path.resolve('.data'), 'uploads'));
    expect(config.seed).toBe(true);
    expect(config.trustProxy).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.sessionSecret).toBe('test-secret');
  });

  it('takes a query cost budget per minute beyond 65535, up to what the counter holds', () => {
    expect(loadConfig({ ...SECRET }).queryCostPerMinute).toBe(200_000);
    expect(loadConfig({ ...SECRET, QUERY_COST_PER_MINUTE: '20000000' }).queryCostPerMinute).toBe(20_000_000);
    expect(loadConfig({ ...SECRET, QUERY_COST_PER_MINUTE: '0' }).queryCostPerMinute).toBe(0);
    expect(() => loadConfig({ ...SECRET, QUERY_COST_PER_MINUTE: '2147483648' })).toThrow(
      'QUERY_COST_PER_MINUTE must be an integer between 0 and 2147483647, got "2147483648"',
    );
  });

  it('takes a request limit per minute beyond 65535, up to what the counter holds', () => {
    expect(loadConfig({ ...SECRET }).rateLimitPerMinute).toBe(600);
    expect(loadConfig({ ...SECRET, RATE_LIMIT_PER_MINUTE: '1000000' }).rateLimitPerMinute).toBe(1_000_000);
    expect(() => loadConfig({ ...SECRET, RATE_LIMIT_PER_MINUTE: '2147483648' })).toThrow(
      'RATE_LIMIT_PER_MINUTE must be an integer between 0 and 2147483647, got "2147483648"',
    );
  });

  it('treats empty strings like unset variables', () => {
    const config = loadConfig({
      ...SECRET,
      PORT: '',
      DATA_DIR: '',
      DATABASE_URL: '',
      SEED: '',
      TRUST_PROXY: '',
    });
    expect(config.port).toBe(4000);
    expect(config.dataDir).toBe(path.resolve('.data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seed).toBe(true);
    expect(config.trustProxy).toBe(false);
  });

  it('resolves DATA_DIR and puts uploads under it unless UPLOADS_DIR is set', () => {
    const relative = loadConfig({ ...SECRET, DATA_DIR: 'some/dir' });
    expect(relative.dataDir).toBe(path.resolve('some/dir'));
    expect(relative.uploadsDir).toBe(path.resolve('some/dir', 'uploads'));
    const own = loadConfig({ ...SECRET, DATA_DIR: '/var/drx', UPLOADS_DIR: '/srv/files' });
    expect(own.dataDir).toBe('/var/drx');
    expect(own.uploadsDir).toBe('/srv/files');
  });

  it('reads PORT, DATABASE_URL, SEED and TRUST_PROXY', () => {
    const config = loadConfig({
      ...SECRET,
      PORT: '8080',
      DATABASE_URL: 'postgresql://db/drx',
      SEED: 'false',
      TRUST_PROXY: 'yes',
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.databaseUrl).toBe('postgresql://db/drx');
    expect(config.seed).toBe(false);
    expect(config.trustProxy).toBe(true);
  });

  it('seeds demo data on the embedded database, and with DATABASE_URL only when SEED=true is set', () => {
    expect(loadConfig({ ...SECRET }).seed).toBe(true);
    expect(loadConfig({ ...SECRET, DATABASE_URL: 'postgresql://db/drx' }).seed).toBe(false);
    expect(loadConfig({ ...SECRET, DATABASE_URL: 'postgresql://db/drx', SEED: '' }).seed).toBe(false);
    expect(loadConfig({ ...SECRET, DATABASE_URL: 'postgresql://db/drx', SEED: 'true' }).seed).toBe(true);
    expect(loadConfig({ ...SECRET, SEED: 'false' }).seed).toBe(false);
  });

  it('queues the demo videos with the seed unless DEMO_VIDEOS=false', () => {
    expect(loadConfig({ ...SECRET }).demoVideos).toBe(true);
    expect(loadConfig({ ...SECRET, DEMO_VIDEOS: 'false' }).demoVideos).toBe(false);
    expect(loadConfig({ ...SECRET, SEED: 'false', DEMO_VIDEOS: 'true' }).demoVideos).toBe(false);
  });

  it('runs ffmpeg and ffprobe 10 steps below the server (VIDEO_NICE, 0–19)', () => {
    expect(loadConfig({ ...SECRET }).videoNice).toBe(10);
    expect(loadConfig({ ...SECRET, VIDEO_NICE: '0' }).videoNice).toBe(0);
    expect(loadConfig({ ...SECRET, VIDEO_NICE: '19' }).videoNice).toBe(19);
    expect(() => loadConfig({ ...SECRET, VIDEO_NICE: '20' })).toThrow(
      /VIDEO_NICE must be an integer between 0 and 19/,
    );
    expect(() => loadConfig({ ...SECRET, VIDEO_NICE: '-5' })).toThrow(/VIDEO_NICE/);
  });

  it('never seeds in production, and refuses SEED=true there', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: tmp, SESSION_SECRET: 'x' };
    expect(loadConfig({ ...production }).seed).toBe(false);
    expect(loadConfig({ ...production, DATABASE_URL: 'postgresql://db/drx' }).seed).toBe(false);
    expect(loadConfig({ ...production, SEED: 'false' }).seed).toBe(false);
    expect(() => loadConfig({ ...production, SEED: 'true' })).toThrow(
      'SEED=true cannot be used with NODE_ENV=production',
    );
    expect(() => loadConfig({ ...production, DATABASE_URL: 'postgresql://db/drx', SEED: '1' })).toThrow(
      /published password/,
    );
  });

  it('takes test payments without a Stripe key outside production, in production only with PAYMENTS_TEST_MODE', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: tmp, SESSION_SECRET: 'x' };
    expect(loadConfig({ ...SECRET }).paymentsTestMode).toBe(true);
    expect(loadConfig({ ...SECRET, PAYMENTS_TEST_MODE: 'false' }).paymentsTestMode).toBe(false);
    expect(loadConfig({ ...production }).paymentsTestMode).toBe(false);
    expect(loadConfig({ ...production, PAYMENTS_TEST_MODE: '' }).paymentsTestMode).toBe(false);
    expect(loadConfig({ ...production, PAYMENTS_TEST_MODE: 'true' }).paymentsTestMode).toBe(true);
  });

  it('asks a challenge after 3 registrations per address and hour unless REGISTRATION_CHALLENGE_AFTER says otherwise', () => {
    expect(loadConfig({ ...SECRET }).registrationChallengeAfter).toBe(3);
    expect(loadConfig({ ...SECRET, REGISTRATION_CHALLENGE_AFTER: '0' }).registrationChallengeAfter).toBe(0);
    expect(() => loadConfig({ ...SECRET, REGISTRATION_CHALLENGE_AFTER: 'some' })).toThrow(
      'REGISTRATION_CHALLENGE_AFTER must be an integer between 0 and 65535, got "some"',
    );
  });

  it('caps registrations at 200 per address and hour unless REGISTRATION_LIMIT says otherwise', () => {
    expect(loadConfig({ ...SECRET }).registrationLimit).toBe(200);
    expect(loadConfig({ ...SECRET, REGISTRATION_LIMIT: '3' }).registrationLimit).toBe(3);
    expect(loadConfig({ ...SECRET, REGISTRATION_LIMIT: '0' }).registrationLimit).toBe(0);
    expect(() => loadConfig({ ...SECRET, REGISTRATION_LIMIT: 'many' })).toThrow(
      'REGISTRATION_LIMIT must be an integer between 0 and 65535, got "many"',
    );
  });

  it.each(['abc', '-1', '65536', '80.5'])('refuses PORT=%s', (port) => {
    expect(() => loadConfig({ ...SECRET, PORT: port })).toThrow(
      `PORT must be an integer between 0 and 65535, got "${port}"`,
    );
  });

  it('runs one process unless WEB_CONCURRENCY asks for more', () => {
    expect(loadConfig({ ...SECRET }).workers).toBe(1);
    expect(loadConfig({ ...SECRET, WEB_CONCURRENCY: '2' }).workers).toBe(2);
    expect(loadConfig({ ...SECRET, WEB_CONCURRENCY: '0' }).workers).toBe(1);
    expect(() => loadConfig({ ...SECRET, WEB_CONCURRENCY: 'two' })).toThrow(
      'WEB_CONCURRENCY must be an integer between 0 and 65535, got "two"',
    );
  });

  it('refuses production without SESSION_SECRET, and writes no secret file', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp })).toThrow(
      'SESSION_SECRET must be set when NODE_ENV=production',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp, SESSION_SECRET: '' })).toThrow(
      /SESSION_SECRET/,
    );
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('marks the cookie Secure in production unless COOKIE_SECURE says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tmp, SESSION_SECRET: 'x' }).cookieSecure).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp, SESSION_SECRET: 'x' }).cookieSecure).toBe(
      true,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp, SESSION_SECRET: 'x', COOKIE_SECURE: 'false' })
        .cookieSecure,
    ).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp, SESSION_SECRET: 'x', COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
  });

  it('accepts production with a SESSION_SECRET and uses it', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp, SESSION_SECRET: 's3cret-value' });
    expect(config.production).toBe(true);
    expect(config.sessionSecret).toBe('s3cret-value');
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('outside production without SESSION_SECRET, generates a secret in DATA_DIR and reuses it', () => {
    // given an empty data directory
    const dataDir = path.join(tmp, 'data');
    // when the configuration is loaded twice
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    // then a long random secret is kept (private to its owner) and reused after a restart
    expect(first.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    const file = path.join(dataDir, '.session-secret');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.sessionSecret);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    // and another data directory gets another secret
    expect(loadConfig({ DATA_DIR: path.join(tmp, 'other') }).sessionSecret).not.toBe(first.sessionSecret);
  });
  it('serves the demo store outside production unless DEMO_STORE=false, and never in production', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: tmp, SESSION_SECRET: 'x' };
    // given no DEMO_STORE outside production, then the demo store is on at the port's /demo-store
    const local = loadConfig({ ...SECRET, PORT: '4100' });
    expect(local.demoStore).toBe(true);
    expect(local.demoStoreUrl).toBe('http://127.0.0.1:4100/demo-store');
    expect(loadConfig({ ...SECRET, DEMO_STORE_URL: 'http://127.0.0.1:9/demo-store/' }).demoStoreUrl).toBe(
      'http://127.0.0.1:9/demo-store',
    );
    // and DEMO_STORE=false turns it off
    const off = loadConfig({ ...SECRET, DEMO_STORE: 'false' });
    expect(off.demoStore).toBe(false);
    expect(off.demoStoreUrl).toBeUndefined();
    // in production it is off, and asking for it is refused at boot
    expect(loadConfig({ ...production }).demoStore).toBe(false);
    expect(loadConfig({ ...production }).demoStoreUrl).toBeUndefined();
    expect(() => loadConfig({ ...production, DEMO_STORE: 'true' })).toThrow(
      'DEMO_STORE=true cannot be used with NODE_ENV=production',
    );
  });

  it('reads STORE_SECRETS_KEY as 64 hex characters or base64 and refuses anything else', () => {
    const bytes = Buffer.alloc(32, 7);
    const hex = loadConfig({ ...SECRET, DATA_DIR: tmp, STORE_SECRETS_KEY: bytes.toString('hex') });
    expect(hex.storeSecretsKey?.equals(bytes)).toBe(true);
    const b64 = loadConfig({ ...SECRET, DATA_DIR: tmp, STORE_SECRETS_KEY: bytes.toString('base64') });
    expect(b64.storeSecretsKey?.equals(bytes)).toBe(true);
    for (const bad of [
      'abc',
      'zz'.repeat(32),
      Buffer.alloc(16).toString('hex'),
      Buffer.alloc(31).toString('base64'),
    ]) {
      expect(() => loadConfig({ ...SECRET, DATA_DIR: tmp, STORE_SECRETS_KEY: bad })).toThrow(
        /STORE_SECRETS_KEY must be 32 bytes/,
      );
    }
    // a given key writes no key file
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('outside production without STORE_SECRETS_KEY, generates a key in DATA_DIR on first use and reuses it', () => {
    const dataDir = path.join(tmp, 'data');
    // when the configuration is loaded, nothing is written yet
    const first = loadConfig({ ...SECRET, DATA_DIR: dataDir });
    expect(fs.existsSync(path.join(dataDir, '.store-secrets-key'))).toBe(false);
    // then the first use generates a 32-byte key, kept private to its owner
    const key = first.storeSecretsKey;
    expect(key?.length).toBe(32);
    const file = path.join(dataDir, '.store-secrets-key');
    expect(fs.readFileSync(file, 'utf8')).toBe(key?.toString('hex'));
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    // and it is the same key after a restart (and when the config is copied)
    expect(loadConfig({ ...SECRET, DATA_DIR: dataDir }).storeSecretsKey?.equals(key!)).toBe(true);
    expect({ ...first }.storeSecretsKey?.equals(key!)).toBe(true);
    // a broken key file is refused rather than silently replaced
    fs.writeFileSync(file, 'not a key');
    expect(() => loadConfig({ ...SECRET, DATA_DIR: dataDir }).storeSecretsKey).toThrow(/32-byte key/);
  });

  it('in production without STORE_SECRETS_KEY has no key and writes no key file', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp, SESSION_SECRET: 'x' });
    expect(config.storeSecretsKey).toBeUndefined();
    expect(fs.readdirSync(tmp)).toEqual([]);
  });
});
