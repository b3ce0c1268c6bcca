import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  assertValidKey,
  type ByteRange,
  PUBLIC_CACHE_CONTROL,
  type DownloadUrlOptions,
  type Storage,
  type StoredObject,
  StorageNotFoundError,
} from './storage';

/** How long the readiness check waits for the bucket. */
const CHECK_TIMEOUT_MS = 5000;

export interface S3StorageOptions {
  client: S3Client;
  /** Signs download URLs: a client whose endpoint browsers reach (default `client`). */
  presignClient?: S3Client;
  bucket: string;
  /** The area's prefix in the bucket, e.g. `public/`. */
  prefix: string;
  /**
   * Public area: where browsers load its objects (S3_PUBLIC_URL, else `/uploads`, served by the app
   * from the bucket). Null for the private area.
   */
  publicBaseUrl: string | null;
}

/** What the AWS SDK throws for a missing key or bucket (GetObject: NoSuchKey; Head*: a bare 404). */
function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** A key as CopyObject's `CopySource` wants it: URL-encoded, the slashes kept. */
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/**
 * One area of files under a prefix of an S3-compatible bucket (AWS SDK v3), shared by every replica
 * of the app on any machine. Reads stream from the bucket; private files reach browsers through
 * short-lived presigned URLs after the app's access check (`downloadUrl`).
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly presignClient: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly publicBaseUrl: string | null;

  constructor(options: S3StorageOptions) {
    this.client = options.client;
    this.presignClient = options.presignClient ?? options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix;
    this.publicBaseUrl = options.publicBaseUrl;
  }

  private objectKey(key: string): string {
    assertValidKey(key);
    return this.prefix + key;
  }

  /** Public objects carry their cache lifetime, so a CDN or S3_PUBLIC_URL serves them cached. */
  private objectHeaders(contentType: string | undefined) {
    return {
      ContentType: contentType ?? 'application/octet-stream',
      ...(this.publicBaseUrl !== null ? { CacheControl: PUBLIC_CACHE_CONTROL } : {}),
    };
  }

  async put(key: string, data: Buffer, options: { contentType?: string } = {}): Promise<string> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ...this.objectHeaders(options.contentType),
      }),
    );
    return key;
  }

  /**
   * Streams the file in parts (lib-storage: one PutObject below 5 MB, a multipart upload above, each
   * part retried on its own), never holding a large video in memory.
   */
  async putFile(key: string, file: string, options: { contentType?: string } = {}): Promise<string> {
    const body = fs.createReadStream(file);
    try {
      await new Upload({
        client: this.client,
        params: {
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Body: body,
          ...this.objectHeaders(options.contentType),
        },
      }).done();
    } finally {
      body.destroy();
    }
    return key;
  }

  async read(key: string, range?: ByteRange): Promise<StoredObject> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // With a range, the whole size is after the slash of `Content-Range: bytes 0-9/1234`.
      const total = object.ContentRange ? Number(object.ContentRange.split('/')[1]) : NaN;
      return {
        body: object.Body as Readable,
        size: Number.isFinite(total) ? total : (object.ContentLength ?? 0),
        lastModified: object.LastModified ?? new Date(0),
        etag: object.ETag ?? '',
      };
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /**
   * A server-side copy, then the source's deletion (S3 has no rename). Targets are fresh random
   * keys, so the copy never replaces a file.
   */
  async move(from: string, to: string): Promise<void> {
    const source = this.objectKey(from);
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(to),
          CopySource: `${this.bucket}/${encodeKey(source)}`,
        }),
      );
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(from);
      throw error;
    }
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: source }));
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  publicUrl(key: string): string {
    if (this.publicBaseUrl === null) throw new Error('Files of the private area have no public URL');
    assertValidKey(key);
    return `${this.publicBaseUrl}/${key}`;
  }

  /** Also `/uploads/<key>`: the app serves the public area there whatever S3_PUBLIC_URL says. */
  keyOfPublicUrl(url: string): string | null {
    if (this.publicBaseUrl === null) return null;
    const base = [`${this.publicBaseUrl}/`, '/uploads/'].find((b) => url.startsWith(b));
    if (!base) return null;
    const key = url.slice(base.length);
    try {
      assertValidKey(key);
      return key;
    } catch {
      return null;
    }
  }

  /**
   * A presigned GET (signed here, no request to S3) that answers with the file name and type the app
   * chose, so the browser saves it as it would from the app.
   */
  async downloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    return getSignedUrl(
      this.presignClient,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        ResponseContentDisposition: options.contentDisposition,
        ResponseContentType: options.contentType,
        ResponseCacheControl: 'private, no-store',
      }),
      { expiresIn: options.expiresInSeconds },
    );
  }

  /** HeadBucket: the bucket exists and these credentials may use it. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
        abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
    } catch (error) {
      const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      const status = e.$metadata?.httpStatusCode;
      throw new Error(
        `The S3 bucket "${this.bucket}" does not answer: ${
          status === 404 ? 'no such bucket' : status === 403 ? 'access denied' : e.name || e.message
        }`,
        { cause: error },
      );
    }
  }
}
