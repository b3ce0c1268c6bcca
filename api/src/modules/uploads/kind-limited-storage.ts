import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DomainError } from '../../graphql/errors';
import { sanitizeFileName } from './file-name';
import type { UploadLimits } from './upload-limits';
import { UploadSizeGuard } from './upload-size-guard';

/**
 * A multer storage engine for one request: writes each file to `dir` under a random name and
 * stops reading it as soon as its UploadSizeGuard refuses it (the limit of its kind, or unknown
 * content), so no more than the limit ever reaches the disk. The partial file is removed before
 * multer hears of the refusal; `refused` settles with the first refusal, so the route can answer
 * without waiting for the rest of the body, once `settled()` says no write is under way.
 */
export class KindLimitedStorage implements StorageEngine {
  private active = 0;
  private idle: (() => void)[] = [];
  private refuse!: (error: DomainError) => void;
  /** The first refusal of a file of this request (never settles when there is none). */
  readonly refused = new Promise<DomainError>((resolve) => {
    this.refuse = resolve;
  });

  constructor(
    private readonly dir: string,
    private readonly limits: UploadLimits,
    /** The only content types accepted (message attachments); null accepts every known kind. */
    private readonly onlyTypes: readonly string[] | null = null,
  ) {}

  _handleFile(
    _req: Request,
    file: Express.Multer.File,
    callback: (error?: unknown, info?: Partial<Express.Multer.File>) => void,
  ): void {
    this.active++;
    const filename = randomBytes(16).toString('hex');
    const target = path.join(this.dir, filename);
    const field = file.fieldname === 'thumbnail' ? 'thumbnail' : 'files';
    const guard = new UploadSizeGuard(
      field,
      sanitizeFileName(file.originalname),
      file.mimetype,
      this.limits,
      this.onlyTypes,
    );
    let refusal: DomainError | null = null;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        refusal = guard.take(chunk);
        done(refusal, refusal ? undefined : chunk);
      },
    });
    const source = file.stream;
    const onSourceError = (error: Error) => counter.destroy(error);
    source.once('error', onSourceError);
    source.pipe(counter);
    pipeline(counter, fs.createWriteStream(target, { flags: 'wx' })).then(
      () => {
        source.removeListener('error', onSourceError);
        this.finish();
        callback(null, { destination: this.dir, filename, path: target, size: guard.received });
      },
      async (error: unknown) => {
        source.removeListener('error', onSourceError);
        // Not another byte of this file is kept: the rest of it is read past, not written.
        source.unpipe(counter);
        source.resume();
        await fs.promises.rm(target, { force: true }).catch(() => undefined);
        this.finish();
        callback(refusal ?? error);
        if (refusal) this.refuse(refusal);
      },
    );
  }

  _removeFile(_req: Request, file: Express.Multer.File, callback: (error: Error | null) => void): void {
    fs.promises.rm(file.path, { force: true }).then(
      () => callback(null),
      (error: Error) => callback(error),
    );
  }

  /** Resolves once no file of the request is being written. */
  settled(): Promise<void> {
    if (this.active === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private finish(): void {
    this.active--;
    if (this.active === 0) this.idle.splice(0).forEach((resolve) => resolve());
  }
}
