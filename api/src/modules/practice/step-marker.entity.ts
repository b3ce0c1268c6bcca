import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, Float, ObjectType } from 'type-graphql';
import { Lesson } from '../courses';

/** A step the instructor marks in a lesson's video ("Basic step" at 0:42); ordered by time. */
@ObjectType({ description: 'A step marked in a lesson’s video by its instructor: "Basic step" at 42 s.' })
@Entity({ tableName: 'lesson_step_markers' })
@Unique({ properties: ['lesson', 'position'] })
export class StepMarker {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Lesson, { deleteRule: 'cascade' })
  lesson!: Lesson;

  @Field({ description: 'What the step is called, 1–80 characters ("Basic step").' })
  @Property({ type: 'string', length: 80 })
  label!: string;

  @Field(() => Float, { description: 'Where it starts in the video, in seconds (≥ 0).' })
  @Property({ type: 'double' })
  atSeconds!: number;

  /** Its place among the lesson's markers, from 0 (by time). */
  @Property({ type: 'integer' })
  position!: number;
}
