import { BigIntType, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from '../users';
import type { UploadKind } from './file-kind';

export type UploadPurpose = 'resource' | 'message';

/**
 * A file received by POST /api/upload and not yet (or already) attached to a resource. Resource
 * files live in the private area of the storage under `pending/…` until `resourceCreate` /
 * `resourceUpdate` consumes them; thumbnails (`public`) live in the public area (served at /uploads).
 */
@Entity({ tableName: 'uploads' })
@Index({ properties: ['owner', 'createdAt'] })
export class Upload {
  [OptionalProps]?: 'public' | 'purpose' | 'createdAt' | 'consumedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  owner!: User;

  /** Its key in the private area (files) or the public area (thumbnails) of the storage. */
  @Property({ type: 'string', length: 300 })
  storageKey!: string;

  @Property({ type: 'string', length: 255 })
  fileName!: string;

  @Property({ type: new BigIntType('number') })
  sizeBytes!: number;

  /** From the sniffed kind, never from the client. */
  @Property({ type: 'string', length: 120 })
  contentType!: string;

  @Property({ type: 'string', length: 20 })
  kind!: UploadKind;

  /** What it was uploaded for: a resource's file or thumbnail, or a message attachment (`?purpose=message`). */
  @Property({ type: 'string', length: 20, default: 'resource' })
  purpose: UploadPurpose = 'resource';

  /** True for thumbnails (served from /uploads); resource files are never public. */
  @Property({ type: 'boolean', default: false })
  public: boolean = false;

  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', nullable: true })
  consumedAt?: Date | null;
}
