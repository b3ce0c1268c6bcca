import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A platform-wide setting (`platformFeePercent` …): a key and its JSON value. */
@Entity({ tableName: 'platform_settings' })
export class PlatformSetting {
  [OptionalProps]?: 'updatedAt';

  @PrimaryKey({ type: 'string', length: 80 })
  key!: string;

  @Property({ type: 'json' })
  value!: unknown;

  @Property({ type: 'Date', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
