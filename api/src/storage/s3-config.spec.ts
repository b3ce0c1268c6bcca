import { describe, expect, it } from 'vitest';
import { s3ConfigFrom } from './s3-config';

const MINIO = {
  S3_BUCKET: 'drx',
  S3_ENDPOINT: 'http://minio:9000/',
  S3_ACCESS_KEY_ID: 'drx',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('S3 settings', () => {
  it('are off without S3_BUCKET: files stay on the local disk', () => {
    expect(s3ConfigFrom({})).toBeUndefined();
  });

  it('read a MinIO setup: region us-east-1 and path-style URLs by default', () => {
    expect(s3ConfigFrom(MINIO)).toEqual({
      bucket: 'drx',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'drx', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicUrl: undefined,
      presignEndpoint: undefined,
    });
    expect(s3ConfigFrom({ ...MINIO, S3_FORCE_PATH_STYLE: 'false' })?.forcePathStyle).toBe(false);
    expect(
      s3ConfigFrom({ ...MINIO, S3_PRESIGN_ENDPOINT: 'http://localhost:9000', S3_PUBLIC_URL: '/media/' }),
    ).toMatchObject({ presignEndpoint: 'http://localhost:9000', publicUrl: '/media' });
  });

  it('read AWS S3 with the SDK’s own credentials (an instance role) and a CDN', () => {
    expect(
      s3ConfigFrom({
        S3_BUCKET: 'drx-files',
        S3_REGION: 'eu-central-1',
        S3_PUBLIC_URL: 'https://cdn.drx.dance/',
      }),
    ).toEqual({
      bucket: 'drx-files',
      endpoint: undefined,
      region: 'eu-central-1',
      credentials: undefined,
      forcePathStyle: false,
      publicUrl: 'https://cdn.drx.dance',
      presignEndpoint: undefined,
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_ENDPOINT is set but S3_BUCKET is not'],
    [
      { S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' },
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set but S3_BUCKET is not',
    ],
    [{ S3_BUCKET: 'drx' }, 'S3_REGION must be set with S3_BUCKET for AWS S3'],
    [{ ...MINIO, S3_SECRET_ACCESS_KEY: '' }, 'S3_SECRET_ACCESS_KEY must be set too'],
    [{ ...MINIO, S3_ACCESS_KEY_ID: '' }, 'S3_ACCESS_KEY_ID must be set too'],
    [{ ...MINIO, S3_BUCKET: 'My_Bucket' }, 'S3_BUCKET must be a bucket name'],
    [{ ...MINIO, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must start with http:// or https://'],
    [{ ...MINIO, S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT must be a URL'],
    [{ ...MINIO, S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE must be true or false'],
    [
      { ...MINIO, S3_PUBLIC_URL: 'http://cdn.example.com' },
      'S3_PUBLIC_URL must be an https:// URL or a path',
    ],
  ])('stop the start for incomplete or wrong settings (%o)', (env, message) => {
    expect(() => s3ConfigFrom(env)).toThrow(message);
  });
});
