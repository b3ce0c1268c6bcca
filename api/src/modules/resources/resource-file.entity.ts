import { BigIntType, Entity, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Resource } from './resource.entity';

/** A file of a resource, stored in the private area of the app's storage; `storageKey` is never exposed. */
@ObjectType({ description: 'A file of a resource (name, size and type; downloads need an entitlement).' })
@Entity({ tableName: 'resource_files' })
export class ResourceFile {
  [OptionalProps]?: 'position' | 'createdAt';

  @Field(() => ID, {
    description: 'The file’s id: GET /api/resources/<resourceId>/download?fileId=<id> downloads it.',
  })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Resource, { deleteRule: 'cascade' })
  resource!: Resource;

  /** Its key in the private area (a folder or the bucket's `private/` prefix). Never a GraphQL field. */
  @Property({ type: 'string', length: 300 })
  storageKey!: string;

  @Field({ description: 'The file name as uploaded (sanitised), used for the download.' })
  @Property({ type: 'string', length: 255 })
  fileName!: string;

  @Field(() => Int, { description: 'Size in bytes.' })
  @Property({ type: new BigIntType('number') })
  sizeBytes!: number;

  @Field({ description: 'The MIME type detected at upload, e.g. application/pdf.' })
  @Property({ type: 'string', length: 120 })
  contentType!: string;

  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
