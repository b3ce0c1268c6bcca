import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Lesson } from '../courses';
import { User } from '../users';

/**
 * A learner's practice in one lesson's video: where they are, how far and how much they watched,
 * and their settings (mirror, speed, A–B loop, count-in). One row per learner and lesson, written
 * by `PracticeService.save` with one upsert (SQL), read here.
 */
@Entity({ tableName: 'lesson_practice_states' })
@Unique({ properties: ['user', 'lesson'] })
export class PracticeStateRow {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Lesson, { deleteRule: 'cascade' })
  lesson!: Lesson;

  @Property({ type: 'double' })
  positionSeconds!: number;

  @Property({ type: 'double' })
  furthestSeconds!: number;

  @Property({ type: 'double' })
  watchedSeconds!: number;

  @Property({ type: 'double' })
  durationSeconds!: number;

  @Property({ type: 'Date', nullable: true })
  watchedAt?: Date | null;

  /** The video's 100 buckets of 1%, '1' where the learner played it on any device (OR-ed by each save). */
  @Property({ type: 'string', columnType: 'bit(100)' })
  watchedBits!: string;

  /** Plays started (one a lesson-page visit that played the video). */
  @Property({ type: 'integer' })
  plays!: number;

  @Property({ type: 'boolean' })
  mirror!: boolean;

  @Property({ type: 'double' })
  speed!: number;

  @Property({ type: 'double', nullable: true })
  loopA?: number | null;

  @Property({ type: 'double', nullable: true })
  loopB?: number | null;

  @Property({ type: 'boolean' })
  countIn!: boolean;

  @Property({ type: 'integer' })
  countInBpm!: number;

  @Property({ type: 'Date' })
  updatedAt!: Date;
}
