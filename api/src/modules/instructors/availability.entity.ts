import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { User } from '../users';
import { OverrideKind } from './instructors.enums';

/** 'HH:mm:ss' as PostgreSQL returns a `time` → 'HH:mm' ('24:00:00' → '24:00'). */
export function hhmm(value: string): string {
  return value.slice(0, 5);
}

/**
 * One range of an instructor's weekly hours: wall-clock times in the instructor's zone on an ISO
 * weekday (1 = Monday … 7 = Sunday). Several ranges a day; `availabilityRulesSet` replaces them.
 */
@ObjectType({
  description:
    'A range of an instructor’s weekly working hours (wall-clock times in the instructor’s time zone).',
})
@Entity({ tableName: 'availability_rules' })
@Index({ properties: ['instructor', 'weekday'] })
export class AvailabilityRule {
  [OptionalProps]?: 'startTime' | 'endTime';

  @Field(() => ID, { description: 'The rule’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  instructor!: User;

  @Field(() => Int, { description: 'ISO weekday: 1 = Monday … 7 = Sunday.' })
  @Property({ type: 'smallint' })
  weekday!: number;

  /** `time` as PostgreSQL returns it ('HH:mm:ss'); the graph shows 'HH:mm'. */
  @Property({ type: 'string', columnType: 'time', fieldName: 'start_time' })
  start!: string;

  @Property({ type: 'string', columnType: 'time', fieldName: 'end_time' })
  end!: string;

  @Field({ description: 'Start, wall-clock time ‘HH:mm’ in the instructor’s zone.' })
  get startTime(): string {
    return hhmm(this.start);
  }

  @Field({
    description:
      'End (after the start), wall-clock time ‘HH:mm’ in the instructor’s zone; 24:00 is midnight.',
  })
  get endTime(): string {
    return hhmm(this.end);
  }
}

/**
 * A date in the instructor's zone whose hours differ from the week: `off` (the whole day when the
 * times are null, else that range) or `extra` hours.
 */
@ObjectType({
  description:
    'A date whose hours differ from the weekly hours: time off (all day or a range) or extra hours.',
})
@Entity({ tableName: 'availability_overrides' })
@Index({ properties: ['instructor', 'date'] })
export class AvailabilityOverride {
  [OptionalProps]?: 'start' | 'end' | 'note' | 'createdAt' | 'startTime' | 'endTime';

  @Field(() => ID, { description: 'The override’s id (for availabilityOverrideRemove).' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  instructor!: User;

  @Field({ description: 'The date ‘yyyy-MM-dd’ in the instructor’s time zone.' })
  @Property({ type: 'string', columnType: 'date' })
  date!: string;

  @Field(() => OverrideKind, { description: 'EXTRA (added hours) or OFF (time off).' })
  @Property({ type: 'string', length: 10 })
  kind!: OverrideKind;

  @Property({ type: 'string', columnType: 'time', fieldName: 'start_time', nullable: true })
  start?: string | null;

  @Property({ type: 'string', columnType: 'time', fieldName: 'end_time', nullable: true })
  end?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Start ‘HH:mm’ (instructor’s zone); null for a whole day off.',
  })
  get startTime(): string | null {
    return this.start ? hhmm(this.start) : null;
  }

  @Field(() => String, {
    nullable: true,
    description: 'End ‘HH:mm’ (instructor’s zone; 24:00 is midnight); null for a whole day off.',
  })
  get endTime(): string | null {
    return this.end ? hhmm(this.end) : null;
  }

  @Field({ description: 'A note for the instructor (e.g. “Holiday”), up to 200 characters; may be empty.' })
  @Property({ type: 'string', length: 200, default: '' })
  note: string = '';

  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
