import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The two multipart operations s3rver 3 lacks (it answers both with 405 MethodNotAllowed), in front
 * of its own handler: ListParts (`GET /<bucket>/<key>?uploadId=…`) and AbortMultipartUpload
 * (`DELETE /<bucket>/<key>?uploadId=…`), answered from the parts s3rver stores for an upload
 * (`<directory>/<bucket>/._S3rver_uploads/<uploadId>/<partNumber>` and its `.md5`). Every other
 * request goes to s3rver. Path-style requests only (the test clients use them); no paging (all parts
 * in one answer, after `part-number-marker` when given). The tus S3 store needs ListParts to learn
 * an upload's offset and to resume it, AbortMultipartUpload to remove an unfinished one.
 */
export function withMultipartParts(directory: string, s3rver: Handler): Handler {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const uploadId = url.searchParams.get('uploadId');
    const [, bucket, ...key] = url.pathname.split('/');
    const listing = req.method === 'GET' && !url.searchParams.has('partNumber');
    if (!uploadId || !bucket || key.length === 0 || !(listing || req.method === 'DELETE')) {
      s3rver(req, res);
      return;
    }
    const dir = path.join(directory, bucket, '._S3rver_uploads', path.basename(uploadId));
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
