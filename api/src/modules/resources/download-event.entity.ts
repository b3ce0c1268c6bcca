import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from '../users';
import { ResourceFile } from './resource-file.entity';
import { Resource } from './resource.entity';

/** One download of a resource file. */
@Entity({ tableName: 'download_events' })
export class DownloadEvent {
  [OptionalProps]?: 'file' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Resource, { deleteRule: 'cascade' })
  resource!: Resource;

  @ManyToOne(() => ResourceFile, { nullable: true, deleteRule: 'set null' })
  file?: ResourceFile | null;

  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
