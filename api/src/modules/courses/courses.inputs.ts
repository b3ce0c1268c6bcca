import { Field, ID, InputType, Int } from 'type-graphql';
import { QuizShowAnswers } from './quiz.entity';

// Courses

@InputType({ description: 'A new course; it is created unpublished (a draft).' })
export class CourseCreateInput {
  @Field({ description: 'Required, 1–200 characters after trimming; the slug is derived from it.' })
  title!: string;

  @Field(() => String, { nullable: true, description: 'Up to 500 characters; null: empty.' })
  summary?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Plain text, up to 20 000 characters; null: empty.',
  })
  description?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'US cents, a whole number from 0 to 10 000 000 ($100,000.00); null or left out: 0 (free).',
  })
  priceCents?: number | null;

  @Field(() => ID, {
    nullable: true,
    description: 'A DanceStyle id (see danceStyles); null or empty: none. An unknown id is INVALID_INPUT.',
  })
  danceStyleId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'One of referenceLists.skillLevels, exactly; null or empty: none.',
  })
  skillLevel?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'One of referenceLists.ageGroups, exactly; null or empty: none.',
  })
  ageGroup?: string | null;

  @Field(() => ID, {
    nullable: true,
    description:
      'A CourseCategory id (see courseCategories); null or empty: none. An unknown id is INVALID_INPUT.',
  })
  categoryId?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'An http(s) URL or a path on this site starting with / (e.g. /uploads/…), up to 500 characters; null or empty: none.',
  })
  coverImageUrl?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Open to members only, at no extra cost (see Course.memberOnly); null or left out: false.',
  })
  memberOnly?: boolean | null;

  @Field(() => ID, {
    nullable: true,
    description: 'A certificate template (see certificateTemplates); empty or null uses the default.',
  })
  certificateTemplateId?: string | null;

  @Field(() => ID, {
    nullable: true,
    description:
      'Staff only: create the course on behalf of this user, who must have the instructor role ' +
      '(default: me). Anyone else naming another user gets FORBIDDEN.',
  })
  instructorId?: string | null;
}

@InputType({
  description:
    'Changes the given fields of a course; a field left out is kept. What null does is said per field.',
})
export class CourseUpdateInput {
  @Field(() => ID, { description: 'The course to change (its id).' })
  courseId!: string;

  @Field(() => String, {
    nullable: true,
    description:
      '1–200 characters after trimming (null or empty is INVALID_INPUT); a new title gives a new slug.',
  })
  title?: string | null;

  @Field(() => String, { nullable: true, description: 'Up to 500 characters; null or empty clears it.' })
  summary?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Plain text, up to 20 000 characters; null or empty clears it.',
  })
  description?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'US cents, a whole number from 0 to 10 000 000; null makes the course free (0).',
  })
  priceCents?: number | null;

  @Field(() => ID, {
    nullable: true,
    description: 'A DanceStyle id; null or empty clears it. An unknown id is INVALID_INPUT.',
  })
  danceStyleId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'One of referenceLists.skillLevels, exactly; null or empty clears it.',
  })
  skillLevel?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'One of referenceLists.ageGroups, exactly; null or empty clears it.',
  })
  ageGroup?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'A CourseCategory id; null or empty clears it. An unknown id is INVALID_INPUT.',
  })
  categoryId?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'An http(s) URL or a path on this site starting with /, up to 500 characters; null or empty clears it.',
  })
  coverImageUrl?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Members only (see Course.memberOnly); null keeps it.',
  })
  memberOnly?: boolean | null;

  @Field(() => ID, {
    nullable: true,
    description: 'A certificate template (see certificateTemplates); empty or null goes back to the default.',
  })
  certificateTemplateId?: string | null;
}

@InputType({ description: 'Publishes a course or takes it back to a draft.' })
export class CoursePublishInput {
  @Field(() => ID, { description: 'The course (its id).' })
  courseId!: string;

  @Field({ description: 'true publishes, false takes the course out of the catalogue.' })
  published!: boolean;
}

@InputType({ description: 'The course to delete.' })
export class CourseDeleteInput {
  @Field(() => ID, { description: 'The course (its id).' })
  courseId!: string;
}

@InputType({ description: 'A course and its new instructor.' })
export class CourseAssignInstructorInput {
  @Field(() => ID, { description: 'The course (its id).' })
  courseId!: string;

  @Field(() => ID, { description: 'A user id; the user must have the instructor role.' })
  instructorId!: string;
}

// Modules

@InputType({ description: 'A new module, added after the course’s last module.' })
export class ModuleCreateInput {
  @Field(() => ID, { description: 'The course (its id).' })
  courseId!: string;

  @Field({ description: 'Required, 1–200 characters after trimming.' })
  title!: string;
}

@InputType({ description: 'A module’s new title.' })
export class ModuleUpdateInput {
  @Field(() => ID, { description: 'The module (its id).' })
  moduleId!: string;

  @Field({ description: 'Required, 1–200 characters after trimming.' })
  title!: string;
}

@InputType({ description: 'The module to delete.' })
export class ModuleDeleteInput {
  @Field(() => ID, { description: 'The module (its id).' })
  moduleId!: string;
}

@InputType({ description: 'A course’s modules in their new order.' })
export class ModulesReorderInput {
  @Field(() => ID, { description: 'The course (its id).' })
  courseId!: string;

  @Field(() => [ID], { description: 'Every module id of the course, each once, in the new order.' })
  moduleIds!: string[];
}

// Lessons

@InputType({ description: 'A new lesson, added after the module’s last lesson.' })
export class LessonCreateInput {
  @Field(() => ID, { description: 'The module (its id).' })
  moduleId!: string;

  @Field({ description: 'Required, 1–200 characters after trimming.' })
  title!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'An http(s) URL, up to 500 characters; YouTube watch and short links become embed links. Null or empty: no video.',
  })
  videoUrl?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Plain text, up to 50 000 characters; paragraphs separated by blank lines. Null: empty.',
  })
  body?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Length in whole minutes, 0–1440; null or left out: 0.',
  })
  durationMinutes?: number | null;
}

@InputType({ description: 'Changes the given fields of a lesson; a field left out is kept.' })
export class LessonUpdateInput {
  @Field(() => ID, { description: 'The lesson (its id).' })
  lessonId!: string;

  @Field(() => String, {
    nullable: true,
    description: '1–200 characters after trimming (null or empty is INVALID_INPUT).',
  })
  title?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'An http(s) URL, up to 500 characters (YouTube links become embed links); empty or null removes the video.',
  })
  videoUrl?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Plain text, up to 50 000 characters; null or empty clears it.',
  })
  body?: string | null;

  @Field(() => Int, { nullable: true, description: 'Length in whole minutes, 0–1440; null sets 0.' })
  durationMinutes?: number | null;
}

@InputType({ description: 'The lesson to delete.' })
export class LessonDeleteInput {
  @Field(() => ID, { description: 'The lesson (its id).' })
  lessonId!: string;
}

@InputType({ description: 'A module’s lessons in their new order.' })
export class LessonsReorderInput {
  @Field(() => ID, { description: 'The module (its id).' })
  moduleId!: string;

  @Field(() => [ID], { description: 'Every lesson id of the module, each once, in the new order.' })
  lessonIds!: string[];
}

// Quizzes

@InputType({
  description: 'A new quiz, added after the module’s last quiz; add questions with quizQuestionCreate.',
})
export class QuizCreateInput {
  @Field(() => ID, { description: 'The module (its id).' })
  moduleId!: string;

  @Field({ description: 'Required, 1–200 characters after trimming.' })
  title!: string;

  @Field(() => Int, {
    nullable: true,
    description: 'Score needed to pass, a whole percentage 1–100 (default 70).',
  })
  passMarkPercent?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Attempts per learner, a whole number 0–100; 0 means unlimited (default 3).',
  })
  attemptsAllowed?: number | null;

  @Field(() => QuizShowAnswers, { nullable: true, description: 'Default AFTER_PASSING.' })
  showAnswers?: QuizShowAnswers | null;

  @Field(() => ID, {
    nullable: true,
    description:
      'A lesson of the same module the quiz follows (INVALID_INPUT otherwise); null or empty: none.',
  })
  lessonId?: string | null;
}

@InputType({ description: 'Changes the given settings of a quiz; a field left out is kept.' })
export class QuizUpdateInput {
  @Field(() => ID, { description: 'The quiz (its id).' })
  quizId!: string;

  @Field(() => String, {
    nullable: true,
    description: '1–200 characters after trimming (null or empty is INVALID_INPUT).',
  })
  title?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'A whole percentage 1–100 (null is INVALID_INPUT). Earlier attempts keep their result.',
  })
  passMarkPercent?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'A whole number 0–100, 0 meaning unlimited (null is INVALID_INPUT).',
  })
  attemptsAllowed?: number | null;

  @Field(() => QuizShowAnswers, {
    nullable: true,
    description: 'When learners see the correct answers; null keeps it.',
  })
  showAnswers?: QuizShowAnswers | null;

  @Field(() => ID, {
    nullable: true,
    description:
      'A lesson of the same module the quiz follows (INVALID_INPUT otherwise); null or empty detaches it.',
  })
  lessonId?: string | null;
}

@InputType({ description: 'The quiz to delete.' })
export class QuizDeleteInput {
  @Field(() => ID, { description: 'The quiz (its id).' })
  quizId!: string;
}

@InputType({ description: 'An answer option; ids are made by the server (send the id to keep one).' })
export class QuestionOptionInput {
  @Field(() => ID, {
    nullable: true,
    description:
      'An existing option of this question to keep (so earlier attempts still name it); null, or an id ' +
      'that is not one of its options, makes a new option.',
  })
  id?: string | null;

  @Field({
    description:
      'The option text, 1–300 characters after trimming, different from the other options regardless of ' +
      'case. Ignored for true_false, whose options are always True and False.',
  })
  text!: string;

  @Field({ description: 'Whether this option is a correct answer.' })
  correct!: boolean;
}

@InputType({ description: 'A new question, added after the quiz’s last question.' })
export class QuizQuestionCreateInput {
  @Field(() => ID, { description: 'The quiz (its id).' })
  quizId!: string;

  @Field(() => String, { description: 'single, multiple or true_false (anything else is INVALID_INPUT).' })
  kind!: string;

  @Field({ description: 'The question text, required, 1–2000 characters after trimming.' })
  prompt!: string;

  @Field(() => [QuestionOptionInput], {
    description:
      '2–10 options; for true_false exactly two (named True and False, in that order). single and ' +
      'true_false need exactly one correct option, multiple at least one.',
  })
  options!: QuestionOptionInput[];

  @Field(() => String, {
    nullable: true,
    description: 'Shown to learners with their result, up to 2000 characters; null or empty: none.',
  })
  explanation?: string | null;
}

@InputType({ description: 'Changes the given parts of a question; a field left out is kept.' })
export class QuizQuestionUpdateInput {
  @Field(() => ID, { description: 'The question (its id).' })
  questionId!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'single, multiple or true_false; null keeps it. A new kind without new options is checked against the current options.',
  })
  kind?: string | null;

  @Field(() => String, {
    nullable: true,
    description: '1–2000 characters after trimming (null or empty is INVALID_INPUT).',
  })
  prompt?: string | null;

  @Field(() => [QuestionOptionInput], {
    nullable: true,
    description: 'The complete new list of options (same rules as on create); null keeps them.',
  })
  options?: QuestionOptionInput[] | null;

  @Field(() => String, {
    nullable: true,
    description: 'Up to 2000 characters; null or empty clears it.',
  })
  explanation?: string | null;
}

@InputType({ description: 'The question to delete.' })
export class QuizQuestionDeleteInput {
  @Field(() => ID, { description: 'The question (its id).' })
  questionId!: string;
}

@InputType({ description: 'A quiz’s questions in their new order.' })
export class QuizQuestionsReorderInput {
  @Field(() => ID, { description: 'The quiz (its id).' })
  quizId!: string;

  @Field(() => [ID], { description: 'Every question id of the quiz, each once, in the new order.' })
  questionIds!: string[];
}

// Categories and dance styles

@InputType({ description: 'A new course category.' })
export class CourseCategoryCreateInput {
  @Field({
    description:
      'Required, 1–80 characters after trimming, unique regardless of case (a name giving the slug of ' +
      'another category is taken too); the slug is derived from it.',
  })
  name!: string;

  @Field(() => String, { nullable: true, description: 'Up to 1000 characters; null or empty: none.' })
  description?: string | null;
}

@InputType({ description: 'Changes the given fields of a category; a field left out is kept.' })
export class CourseCategoryUpdateInput {
  @Field(() => ID, { description: 'The category (its id).' })
  categoryId!: string;

  @Field(() => String, {
    nullable: true,
    description:
      '1–80 characters, unique regardless of case (null or empty is INVALID_INPUT); a new name gives a new slug.',
  })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Up to 1000 characters; null or empty clears it.' })
  description?: string | null;
}

@InputType({ description: 'The category to delete.' })
export class CourseCategoryDeleteInput {
  @Field(() => ID, { description: 'The category (its id).' })
  categoryId!: string;
}

@InputType({ description: 'A new dance style, added at the end of the list.' })
export class DanceStyleCreateInput {
  @Field({ description: 'Required, 1–60 characters after trimming, unique regardless of case.' })
  name!: string;
}

@InputType({ description: 'Changes the given fields of a dance style; a field left out is kept.' })
export class DanceStyleUpdateInput {
  @Field(() => ID, { description: 'The dance style (its id).' })
  danceStyleId!: string;

  @Field(() => String, {
    nullable: true,
    description: '1–60 characters, unique regardless of case (null or empty is INVALID_INPUT).',
  })
  name?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Order in lists (smaller first), a whole number 0–10 000; null keeps it.',
  })
  position?: number | null;
}

@InputType({ description: 'The dance style to delete.' })
export class DanceStyleDeleteInput {
  @Field(() => ID, { description: 'The dance style (its id).' })
  danceStyleId!: string;
}
