import { DeleteObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { type TusDataStore, tusFileStoreModule, tusS3StoreModule } from './tus-modules';

/** An upload not finished within this long expires: tus answers 410 and the cleanup job removes it. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** Where the tus uploads of lesson videos are kept while they come in and until processed. */
export interface VideoUploadStore {
  datastore: TusDataStore;
  /** The local file of a finished upload (FileStore), or null when it is in the bucket (S3Store). */
  localFile(id: string): string | null;
  /** Removes an upload, finished or not, with everything the store keeps of it; nothing when gone. */
  remove(id: string): Promise<void>;
}

/** tus answers a missing upload with 404 (`{ status_code }`): already gone, which is what we wanted. */
const isGone = (error: unknown) => (error as { status_code?: number }).status_code === 404;

const stores = new WeakMap<Config, Promise<VideoUploadStore>>();

/**
 * The tus datastore for a configuration: files in `DATA_DIR/video-uploads` by default, the S3
 * bucket (multipart uploads; objects named by the upload id, a UUID, beside `public/` and `private/`)
 * when S3 is configured. One per configuration,
 * shared by the upload route and the processing job.
 */
export function videoUploadStore(config: Config): Promise<VideoUploadStore> {
  let store = stores.get(config);
  if (!store) {
    store = create(config);
    stores.set(config, store);
  }
  return store;
}

async function create(config: Config): Promise<VideoUploadStore> {
  const s3 = config.s3;
  if (s3) {
    const { S3Store } = await tusS3StoreModule();
    const clientConfig = {
      region: s3.region,
      endpoint: s3.endpoint,
      credentials: s3.credentials,
      forcePathStyle: s3.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    } as const;
    const datastore = new S3Store({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
      // Expiry is the cleanup job's (lesson_videos), not bucket lifecycle tags.
      useTags: false,
      s3ClientConfig: { bucket: s3.bucket, ...clientConfig },
    });
    const client = new S3Client(clientConfig);
    return {
      datastore,
      localFile: () => null,
      async remove(id) {
        // The store's remove aborts the multipart upload, then deletes the object and its `.info`;
        // once the upload was completed, S3 answers the abort with NoSuchUpload and the store gives
        // up (404) before deleting — the original and its `.info` would stay in the bucket. So the
        // objects of the upload (with an unfinished part's `.part`, which the store never deletes)
        // are deleted here too; deleting a missing key is no error.
        try {
          await datastore.remove(id);
        } catch (error) {
          if (!isGone(error)) throw error;
        }
        await client.send(
          new DeleteObjectsCommand({
            Bucket: s3.bucket,
            Delete: { Objects: [id, `${id}.info`, `${id}.part`].map((Key) => ({ Key })), Quiet: true },
          }),
        );
      },
    };
  }
  {
    const directory = path.join(config.dataDir, 'video-uploads');
    fs.mkdirSync(directory, { recursive: true });
    const { FileStore } = await tusFileStoreModule();
    const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
    return {
      datastore,
      localFile: (id) => path.join(directory, id),
      async remove(id) {
        try {
          await datastore.remove(id);
        } catch (error) {
          if (!isGone(error)) throw error;
        }
      },
    };
  }
}
