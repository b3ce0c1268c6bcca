import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/** One failed sign-in, keyed by account ("user:<name>") or client ("ip:<addr>"). */
@Entity({ tableName: 'login_attempts' })
@Index({ properties: ['key', 'createdAt'] })
export class LoginAttempt {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'string', length: 300 })
  key!: string;

  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
