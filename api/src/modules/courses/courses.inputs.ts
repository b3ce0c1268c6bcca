import { Field, ID, InputType, Int } from 'type-graphql';
import { QuizShowAnswers } from './quiz.entity';

// Courses

@InputType()
export class CourseCreateInput {
  @Field({ description: 'Up to 200 characters; the slug is derived from it.' })
  title!: string;

  @Field(() => String, { nullable: true, description: 'Up to 500 characters.' })
  summary?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => Int, { nullable: true, description: 'US cents, 0 or more (default 0: free).' })
  priceCents?: number | null;

  @Field(() => ID, { nullable: true })
  danceStyleId?: string | null;

  @Field(() => String, { nullable: true, description: 'One of referenceLists.skillLevels.' })
  skillLevel?: string | null;

  @Field(() => String, { nullable: true, description: 'One of referenceLists.ageGroups.' })
  ageGroup?: string | null;

  @Field(() => ID, { nullable: true })
  categoryId?: string | null;

  @Field(() => String, { nullable: true, description: 'An http(s) URL or a /uploads path.' })
  coverImageUrl?: string | null;

  @Field(() => Boolean, { nullable: true })
  memberOnly?: boolean | null;

  @Field(() => ID, {
    nullable: true,
    description: 'A certificate template (see certificateTemplates); empty or null uses the default.',
  })
  certificateTemplateId?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'Staff only: create the course on behalf of this instructor (default: me).',
  })
  instructorId?: string | null;
}

@InputType({ description: 'Changes the given fields; a field left out is kept, null clears it.' })
export class CourseUpdateInput {
  @Field(() => ID)
  courseId!: string;

  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => String, { nullable: true })
  summary?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => Int, { nullable: true })
  priceCents?: number | null;

  @Field(() => ID, { nullable: true })
  danceStyleId?: string | null;

  @Field(() => String, { nullable: true })
  skillLevel?: string | null;

  @Field(() => String, { nullable: true })
  ageGroup?: string | null;

  @Field(() => ID, { nullable: true })
  categoryId?: string | null;

  @Field(() => String, { nullable: true })
  coverImageUrl?: string | null;

  @Field(() => Boolean, { nullable: true })
  memberOnly?: boolean | null;

  @Field(() => ID, {
    nullable: true,
    description: 'A certificate template (see certificateTemplates); empty or null goes back to the default.',
  })
  certificateTemplateId?: string | null;
}

@InputType()
export class CoursePublishInput {
  @Field(() => ID)
  courseId!: string;

  @Field({ description: 'true publishes, false takes the course out of the catalogue.' })
  published!: boolean;
}

@InputType()
export class CourseDeleteInput {
  @Field(() => ID)
  courseId!: string;
}

@InputType()
export class CourseAssignInstructorInput {
  @Field(() => ID)
  courseId!: string;

  @Field(() => ID, { description: 'A user with the instructor role.' })
  instructorId!: string;
}

// Modules

@InputType()
export class ModuleCreateInput {
  @Field(() => ID)
  courseId!: string;

  @Field()
  title!: string;
}

@InputType()
export class ModuleUpdateInput {
  @Field(() => ID)
  moduleId!: string;

  @Field()
  title!: string;
}

@InputType()
export class ModuleDeleteInput {
  @Field(() => ID)
  moduleId!: string;
}

@InputType()
export class ModulesReorderInput {
  @Field(() => ID)
  courseId!: string;

  @Field(() => [ID], { description: 'Every module id of the course, in the new order.' })
  moduleIds!: string[];
}

// Lessons

@InputType()
export class LessonCreateInput {
  @Field(() => ID)
  moduleId!: string;

  @Field()
  title!: string;

  @Field(() => String, { nullable: true, description: 'YouTube watch and short links become embed links.' })
  videoUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'Plain text; paragraphs separated by blank lines.' })
  body?: string | null;

  @Field(() => Int, { nullable: true })
  durationMinutes?: number | null;
}

@InputType()
export class LessonUpdateInput {
  @Field(() => ID)
  lessonId!: string;

  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => String, { nullable: true, description: 'Empty or null removes the video.' })
  videoUrl?: string | null;

  @Field(() => String, { nullable: true })
  body?: string | null;

  @Field(() => Int, { nullable: true })
  durationMinutes?: number | null;
}

@InputType()
export class LessonDeleteInput {
  @Field(() => ID)
  lessonId!: string;
}

@InputType()
export class LessonsReorderInput {
  @Field(() => ID)
  moduleId!: string;

  @Field(() => [ID], { description: 'Every lesson id of the module, in the new order.' })
  lessonIds!: string[];
}

// Quizzes

@InputType()
export class QuizCreateInput {
  @Field(() => ID)
  moduleId!: string;

  @Field()
  title!: string;

  @Field(() => Int, { nullable: true, description: '1–100 (default 70).' })
  passMarkPercent?: number | null;

  @Field(() => Int, { nullable: true, description: '0 means unlimited (default 3).' })
  attemptsAllowed?: number | null;

  @Field(() => QuizShowAnswers, { nullable: true, description: 'Default AFTER_PASSING.' })
  showAnswers?: QuizShowAnswers | null;

  @Field(() => ID, { nullable: true, description: 'A lesson of the same module the quiz follows.' })
  lessonId?: string | null;
}

@InputType()
export class QuizUpdateInput {
  @Field(() => ID)
  quizId!: string;

  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => Int, { nullable: true })
  passMarkPercent?: number | null;

  @Field(() => Int, { nullable: true })
  attemptsAllowed?: number | null;

  @Field(() => QuizShowAnswers, { nullable: true })
  showAnswers?: QuizShowAnswers | null;

  @Field(() => ID, { nullable: true })
  lessonId?: string | null;
}

@InputType()
export class QuizDeleteInput {
  @Field(() => ID)
  quizId!: string;
}

@InputType({ description: 'An answer option; ids are made by the server (send the id to keep one).' })
export class QuestionOptionInput {
  @Field(() => ID, { nullable: true, description: 'An existing option of this question to keep.' })
  id?: string | null;

  @Field()
  text!: string;

  @Field()
  correct!: boolean;
}

@InputType()
export class QuizQuestionCreateInput {
  @Field(() => ID)
  quizId!: string;

  @Field(() => String, { description: 'single, multiple or true_false' })
  kind!: string;

  @Field()
  prompt!: string;

  @Field(() => [QuestionOptionInput], {
    description: '2–10 options; for true_false exactly two (named True and False, in that order).',
  })
  options!: QuestionOptionInput[];

  @Field(() => String, { nullable: true })
  explanation?: string | null;
}

@InputType()
export class QuizQuestionUpdateInput {
  @Field(() => ID)
  questionId!: string;

  @Field(() => String, { nullable: true })
  kind?: string | null;

  @Field(() => String, { nullable: true })
  prompt?: string | null;

  @Field(() => [QuestionOptionInput], { nullable: true, description: 'The complete new list of options.' })
  options?: QuestionOptionInput[] | null;

  @Field(() => String, { nullable: true })
  explanation?: string | null;
}

@InputType()
export class QuizQuestionDeleteInput {
  @Field(() => ID)
  questionId!: string;
}

@InputType()
export class QuizQuestionsReorderInput {
  @Field(() => ID)
  quizId!: string;

  @Field(() => [ID], { description: 'Every question id of the quiz, in the new order.' })
  questionIds!: string[];
}

// Categories and dance styles

@InputType()
export class CourseCategoryCreateInput {
  @Field({ description: 'Unique, up to 80 characters; the slug is derived from it.' })
  name!: string;

  @Field(() => String, { nullable: true })
  description?: string | null;
}

@InputType()
export class CourseCategoryUpdateInput {
  @Field(() => ID)
  categoryId!: string;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;
}

@InputType()
export class CourseCategoryDeleteInput {
  @Field(() => ID)
  categoryId!: string;
}

@InputType()
export class DanceStyleCreateInput {
  @Field({ description: 'Unique, up to 60 characters.' })
  name!: string;
}

@InputType()
export class DanceStyleUpdateInput {
  @Field(() => ID)
  danceStyleId!: string;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => Int, { nullable: true, description: 'Order in lists (smaller first).' })
  position?: number | null;
}

@InputType()
export class DanceStyleDeleteInput {
  @Field(() => ID)
  danceStyleId!: string;
}
