import {
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../storage/s3-config';
import { uploadsDirectory, withMultipartParts } from './s3rver-multipart';

/** s3rver's fixed keys: it refuses other key ids (but does not verify SigV4 signatures; MinIO does). */
const KEY_ID = 'S3RVER';
const SECRET = 'S3RVER';

export interface TestS3 {
  /** Settings for `startTestApp({ s3 })` or `new S3Storage(…)`: this server, one empty bucket. */
  config: S3Config;
  /** A client of its own, to look into the bucket as an operator would. */
  client: S3Client;
  /** The keys in the bucket under `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** An object's bytes. */
  bytes(key: string): Promise<Buffer>;
  /** The unfinished multipart uploads (ListMultipartUploads, every page), sorted by key. */
  multipartUploads(): Promise<{ key: string; uploadId: string; initiated: Date }[]>;
  /** Makes a multipart upload look initiated at `at` (what ListMultipartUploads answers). */
  backdateMultipartUpload(uploadId: string, at: Date): void;
  close(): Promise<void>;
}

/**
 * An S3-compatible server in this process (s3rver: S3's REST API over a temporary folder; it checks
 * key ids and the expiry of presigned URLs; ListParts, AbortMultipartUpload and ListMultipartUploads
 * added in front of it,
 * `s3rver-multipart.ts`), on a free port of 127.0.0.1, with an empty bucket.
 */
export async function startS3Server(bucket = 'drx-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-s3-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  // s3rver's handler behind the multipart listing it lacks (the tus S3 store resumes with it).
  const server = http.createServer(withMultipartParts(directory, s3rver.callback()));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const config: S3Config = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: KEY_ID, secretAccessKey: SECRET },
    forcePathStyle: true,
    publicUrl: undefined,
    presignEndpoint: undefined,
  };
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: config.credentials,
    forcePathStyle: true,
  });
  return {
    config,
    client,
    async keys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async bytes(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async multipartUploads() {
      const uploads: { key: string; uploadId: string; initiated: Date }[] = [];
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListMultipartUploadsCommand({
            Bucket: bucket,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
        for (const u of page.Uploads ?? [])
          uploads.push({ key: u.Key!, uploadId: u.UploadId!, initiated: u.Initiated! });
        if (!page.IsTruncated) return uploads;
        keyMarker = page.NextKeyMarker;
        uploadIdMarker = page.NextUploadIdMarker;
      }
    },
    backdateMultipartUpload(uploadId, at) {
      fs.utimesSync(path.join(uploadsDirectory(directory, bucket), path.basename(uploadId), 'key'), at, at);
    },
    async close() {
      client.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
