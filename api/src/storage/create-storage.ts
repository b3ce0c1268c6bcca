import { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { LocalStorage } from './local-storage';
import type { S3Config } from './s3-config';
import { S3Storage } from './s3-storage';
import type { AppStorage } from './storage';

/** An S3 request that has not answered in this long fails (and is retried by the SDK). */
const REQUEST_TIMEOUT_MS = 30_000;
const CONNECTION_TIMEOUT_MS = 5_000;

function s3Client(s3: S3Config, endpoint: string | undefined): S3Client {
  return new S3Client({
    endpoint,
    region: s3.region,
    credentials: s3.credentials,
    forcePathStyle: s3.forcePathStyle,
    requestHandler: { requestTimeout: REQUEST_TIMEOUT_MS, connectionTimeout: CONNECTION_TIMEOUT_MS },
    // Checksums only where S3 requires them: S3-compatible servers (MinIO releases, s3rver, R2)
    // do not all accept the newer default CRC32 headers on every request.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

interface Created {
  storage: AppStorage;
  clients: S3Client[];
}

function create(config: Config): Created {
  const s3 = config.s3;
  if (!s3) {
    return {
      storage: {
        public: new LocalStorage(config.uploadsDir, '/uploads'),
        private: new LocalStorage(config.privateDir, null),
      },
      clients: [],
    };
  }
  const client = s3Client(s3, s3.endpoint);
  const presignClient = s3.presignEndpoint ? s3Client(s3, s3.presignEndpoint) : client;
  const area = (prefix: string, publicBaseUrl: string | null) =>
    new S3Storage({ client, presignClient, bucket: s3.bucket, prefix, publicBaseUrl });
  return {
    storage: { public: area('public/', s3.publicUrl ?? '/uploads'), private: area('private/', null) },
    clients: [...new Set([client, presignClient])],
  };
}

const created = new WeakMap<Config, Created>();

/**
 * The app's file storage for a configuration: S3 when S3_BUCKET is set (config.s3), else folders on
 * the local disk (UPLOADS_DIR, PRIVATE_DIR). One per configuration object, so the app, its job
 * handlers (JobContext.config) and the seeders share one S3 client and its connections.
 */
export function storageFor(config: Config): AppStorage {
  let entry = created.get(config);
  if (!entry) {
    entry = create(config);
    created.set(config, entry);
  }
  return entry.storage;
}

/** Closes the S3 clients of `config`'s storage (the app's shutdown); a later use makes new ones. */
export function closeStorage(config: Config): void {
  const entry = created.get(config);
  created.delete(config);
  for (const client of entry?.clients ?? []) client.destroy();
}
