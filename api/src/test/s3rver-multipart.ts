import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** s3rver's one account (its `DUMMY_ACCOUNT`), the owner and initiator of every upload. */
const ACCOUNT = '<ID>123456789000</ID><DisplayName>S3rver</DisplayName>';

/** Where s3rver keeps a bucket's unfinished multipart uploads, one folder per upload id. */
export const uploadsDirectory = (directory: string, bucket: string) =>
  path.join(directory, bucket, '._S3rver_uploads');

/**
 * The three multipart operations s3rver 3 lacks (it answers ListParts and AbortMultipartUpload with
 * 405 MethodNotAllowed, ListMultipartUploads with 501 NotImplemented), in front of its own handler:
 * ListParts (`GET /<bucket>/<key>?uploadId=…`), AbortMultipartUpload
 * (`DELETE /<bucket>/<key>?uploadId=…`) and ListMultipartUploads (`GET /<bucket>?uploads`), answered
 * from what s3rver stores for an upload (`<directory>/<bucket>/._S3rver_uploads/<uploadId>/`: `key`,
 * written when the upload is initiated — its time is the upload's `Initiated` — and each
 * `<partNumber>` with its `.md5`). Every other request goes to s3rver. Path-style requests only (the
 * test clients use them). ListParts does not page (all parts in one answer, after
 * `part-number-marker` when given). The tus S3 store needs ListParts to learn an upload's offset and
 * to resume it, AbortMultipartUpload to remove an unfinished one, ListMultipartUploads to find the
 * expired ones (`deleteExpired`).
 */
export function withMultipartParts(directory: string, s3rver: Handler): Handler {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const uploadId = url.searchParams.get('uploadId');
    const [, bucket, ...key] = url.pathname.split('/');
    if (req.method === 'GET' && url.searchParams.has('uploads') && bucket && key.join('') === '') {
      listUploads(directory, bucket, url.searchParams, res);
      return;
    }
    const listing = req.method === 'GET' && !url.searchParams.has('partNumber');
    if (!uploadId || !bucket || key.length === 0 || !(listing || req.method === 'DELETE')) {
      s3rver(req, res);
      return;
    }
    const dir = path.join(uploadsDirectory(directory, bucket), path.basename(uploadId));
    if (!fs.existsSync(path.join(dir, 'key'))) {
      res.writeHead(404, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code>` +
          `<Message>The specified upload does not exist.</Message></Error>`,
      );
      return;
    }
    if (req.method === 'DELETE') {
      fs.rmSync(dir, { recursive: true, force: true });
      res.writeHead(204).end();
      return;
    }
    const marker = Number(url.searchParams.get('part-number-marker') ?? 0);
    const parts = fs
      .readdirSync(dir)
      .filter((name) => /^\d+$/.test(name) && Number(name) > marker)
      // A part whose checksum is not written yet is still coming in.
      .filter((name) => fs.existsSync(path.join(dir, `${name}.md5`)))
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => {
        const file = path.join(dir, String(n));
        const stat = fs.statSync(file);
        const md5 = fs.readFileSync(`${file}.md5`, 'utf8');
        return (
          `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified>` +
          `<ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`
        );
      });
    const objectKey = decodeURIComponent(key.join('/'));
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="${XMLNS}">` +
        `<Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(objectKey)}</Key>` +
        `<UploadId>${escapeXml(uploadId)}</UploadId><PartNumberMarker>${marker}</PartNumberMarker>` +
        `<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  };
}

interface PendingUpload {
  key: string;
  uploadId: string;
  initiated: Date;
}

/**
 * ListMultipartUploads as S3 answers it: the bucket's unfinished uploads sorted by key, then by
 * initiation time; `prefix`; after `key-marker` (with `upload-id-marker`: that key's uploads after
 * that one, then the next keys); at most `max-uploads` (1000) with `IsTruncated` and the next
 * markers. No `delimiter` (no common prefixes; s3rver is asked for nothing the store does not use).
 */
function listUploads(directory: string, bucket: string, query: URLSearchParams, res: ServerResponse) {
  if (query.has('delimiter')) {
    res.writeHead(501, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NotImplemented</Code>` +
        `<Message>The test server lists multipart uploads without a delimiter.</Message></Error>`,
    );
    return;
  }
  const root = uploadsDirectory(directory, bucket);
  const prefix = query.get('prefix') ?? '';
  const keyMarker = query.get('key-marker') ?? '';
  const uploadIdMarker = query.get('upload-id-marker') ?? '';
  const maxUploads = Math.min(Number(query.get('max-uploads') ?? 1000) || 1000, 1000);
  const all: PendingUpload[] = (fs.existsSync(root) ? fs.readdirSync(root) : [])
    .map((uploadId) => path.join(root, uploadId, 'key'))
    .filter((file) => fs.existsSync(file))
    .map((file) => ({
      key: fs.readFileSync(file, 'utf8'),
      uploadId: path.basename(path.dirname(file)),
      initiated: fs.statSync(file).mtime,
    }))
    .filter((u) => u.key.startsWith(prefix))
    .sort(
      (a, b) =>
        (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) ||
        a.initiated.getTime() - b.initiated.getTime() ||
        (a.uploadId < b.uploadId ? -1 : 1),
    );
  let start = 0;
  if (keyMarker) {
    const markerAt = uploadIdMarker
      ? all.findIndex((u) => u.key === keyMarker && u.uploadId === uploadIdMarker)
      : -1;
    start = markerAt >= 0 ? markerAt + 1 : all.findIndex((u) => u.key > keyMarker);
    if (start < 0) start = all.length;
  }
  const page = all.slice(start, start + maxUploads);
  const truncated = start + page.length < all.length;
  const last = page.at(-1);
  const uploads = page.map(
    (u) =>
      `<Upload><Key>${escapeXml(u.key)}</Key><UploadId>${escapeXml(u.uploadId)}</UploadId>` +
      `<Initiator>${ACCOUNT}</Initiator><Owner>${ACCOUNT}</Owner><StorageClass>STANDARD</StorageClass>` +
      `<Initiated>${u.initiated.toISOString()}</Initiated></Upload>`,
  );
  res.writeHead(200, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult xmlns="${XMLNS}">` +
      `<Bucket>${escapeXml(bucket)}</Bucket><KeyMarker>${escapeXml(keyMarker)}</KeyMarker>` +
      `<UploadIdMarker>${escapeXml(uploadIdMarker)}</UploadIdMarker>` +
      (truncated && last
        ? `<NextKeyMarker>${escapeXml(last.key)}</NextKeyMarker>` +
          `<NextUploadIdMarker>${escapeXml(last.uploadId)}</NextUploadIdMarker>`
        : '') +
      (prefix ? `<Prefix>${escapeXml(prefix)}</Prefix>` : '') +
      `<MaxUploads>${maxUploads}</MaxUploads><IsTruncated>${truncated}</IsTruncated>` +
      `${uploads.join('')}</ListMultipartUploadsResult>`,
  );
}
