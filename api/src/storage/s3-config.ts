/** S3-compatible object storage for uploaded files (S3_* variables; see docs/operations.md). */
export interface S3Config {
  /** S3_BUCKET: the bucket; public files under `public/`, private ones under `private/`. */
  bucket: string;
  /** S3_ENDPOINT: an S3-compatible server (MinIO, R2, …); unset for AWS S3 itself. */
  endpoint: string | undefined;
  /** S3_REGION (else AWS_REGION; `us-east-1` with S3_ENDPOINT, where most servers ignore it). */
  region: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; unset: the AWS SDK's own chain (env, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` URLs. Default: on with S3_ENDPOINT (MinIO needs it). */
  forcePathStyle: boolean;
  /**
   * S3_PUBLIC_URL: where browsers load public images from, e.g. a CDN in front of the bucket's
   * `public/` prefix (`https://cdn.example.com` serving `<bucket>/public/<key>` at `/<key>`). Unset: the
   * app serves them at `/uploads/<key>`, streamed from the bucket.
   */
  publicUrl: string | undefined;
  /**
   * S3_PRESIGN_ENDPOINT: the endpoint as browsers reach it, for presigned download URLs, when it
   * differs from S3_ENDPOINT (in docker compose the app reaches `http://minio:9000`, a browser
   * `http://localhost:9000`). Default: S3_ENDPOINT.
   */
  presignEndpoint: string | undefined;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function httpUrl(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`${name} must be a URL such as https://s3.example.com, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must start with http:// or https://, got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * S3_PUBLIC_URL: an https:// URL (the pages' Content-Security-Policy loads images from the app's own
 * origin and from https: origins only) or a path of the app's own origin (a proxy in front routes it).
 */
function publicUrlFrom(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (value.startsWith('/') && !value.startsWith('//')) return value.replace(/\/+$/, '');
  const url = httpUrl('S3_PUBLIC_URL', value);
  if (url && !url.startsWith('https://')) {
    throw new Error(
      `S3_PUBLIC_URL must be an https:// URL or a path such as /media (pages load images over https only), got "${raw}"`,
    );
  }
  return url;
}

/**
 * The S3 settings, or undefined when S3_BUCKET is unset (files stay on the local disk). Incomplete
 * or contradictory settings stop the start with a message naming the variable to fix, rather than
 * fall back to the local disk on one machine and fail on the next.
 */
export function s3ConfigFrom(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env.S3_BUCKET?.trim() || undefined;
  if (!bucket) {
    const stray = [
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
      'S3_PUBLIC_URL',
      'S3_PRESIGN_ENDPOINT',
    ].filter((name) => env[name]);
    if (stray.length) {
      throw new Error(
        `${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not: set S3_BUCKET ` +
          'to keep files in object storage, or unset the S3_* variables to keep them on the local disk',
      );
    }
    return undefined;
  }
  if (!BUCKET.test(bucket)) {
    throw new Error(
      `S3_BUCKET must be a bucket name (3–63 lowercase letters, digits, dots and hyphens), got "${bucket}"`,
    );
  }
  const endpoint = httpUrl('S3_ENDPOINT', env.S3_ENDPOINT);
  const region = env.S3_REGION?.trim() || env.AWS_REGION?.trim() || (endpoint ? 'us-east-1' : undefined);
  if (!region) {
    throw new Error(
      'S3_REGION must be set with S3_BUCKET for AWS S3 (the bucket’s region, e.g. eu-central-1)',
    );
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error(
      `${accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} must be set too: give both keys, ` +
        'or neither to use the AWS SDK’s own credentials (AWS_* variables, an instance role)',
    );
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  if (pathStyle && !['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'].includes(pathStyle)) {
    throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got "${env.S3_FORCE_PATH_STYLE}"`);
  }
  return {
    bucket,
    endpoint,
    region,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: pathStyle ? ['1', 'true', 'yes', 'on'].includes(pathStyle) : Boolean(endpoint),
    publicUrl: publicUrlFrom(env.S3_PUBLIC_URL),
    presignEndpoint: httpUrl('S3_PRESIGN_ENDPOINT', env.S3_PRESIGN_ENDPOINT),
  };
}
