import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { Certificate } from '../certificates';
import { Course } from '../courses';
import { CourseModule } from '../courses';
import { QuestionOption } from '../courses';
import { QuizShowAnswers } from '../courses';
import { Enrollment } from './enrollment.entity';
import { QuizAttempt } from './quiz-attempt.entity';

@ObjectType({
  description: 'One step of a course in learning order: its lessons, then its quizzes, module by module.',
})
export class CourseStep {
  @Field(() => String, { description: 'lesson or quiz: which query opens it (`lesson` or `quiz`).' })
  kind!: 'lesson' | 'quiz';

  @Field(() => ID, { description: 'The id of the lesson or quiz.' })
  id!: string;

  @Field(() => ID, { description: 'The id of its module.' })
  moduleId!: string;

  @Field({ description: 'The title of the lesson or quiz.' })
  title!: string;

  @Field({ description: 'A lesson marked complete, or a quiz passed, by the learner.' })
  completed!: boolean;
}

@ObjectType({ description: "A learner's progress through one course." })
export class CourseProgress {
  @Field(() => Int, { description: 'Lessons of the course the learner marked complete.' })
  completedLessons!: number;

  @Field(() => Int, { description: 'Lessons in the course.' })
  totalLessons!: number;

  @Field(() => Int, { description: 'Quizzes of the course the learner passed.' })
  passedQuizzes!: number;

  @Field(() => Int, { description: 'Quizzes in the course.' })
  totalQuizzes!: number;

  @Field(() => Int, {
    description:
      'Completed lessons and passed quizzes over all of them, in percent rounded to a whole number (0–100; 0 for an empty course).',
  })
  percent!: number;

  @Field({ description: 'Every lesson complete and every quiz passed (or the course was completed before).' })
  completed!: boolean;

  @Field(() => CourseStep, {
    nullable: true,
    description:
      "Where 'Continue learning' leads: the first lesson not complete or quiz not passed; the first step " +
      'when everything is done; null for a course without lessons and quizzes.',
  })
  nextStep!: CourseStep | null;
}

@ObjectType({ description: 'A lesson with its content, for enrolled learners, its instructor and staff.' })
export class LessonContent {
  @Field(() => ID, { description: 'The lesson id (a UUID).' })
  id!: string;

  @Field({ description: 'Its title.' })
  title!: string;

  @Field(() => Int, { description: 'Its place in its module, from 0 (ascending).' })
  position!: number;

  @Field(() => Int, { description: 'Its length in whole minutes (0 when not given).' })
  durationMinutes!: number;

  @Field(() => String, {
    nullable: true,
    description:
      'An embeddable video URL (YouTube links are embed links); null when the lesson has no video.',
  })
  videoUrl!: string | null;

  @Field({
    description:
      'Plain text: paragraphs separated by blank lines; never HTML (render it as text). May be empty.',
  })
  body!: string;

  @Field(() => CourseModule, { description: 'Its module (syllabus view).' })
  module!: CourseModule;

  @Field(() => Course, { description: 'Its course.' })
  course!: Course;

  @Field(() => ID, {
    nullable: true,
    description: 'The lesson before this one in the course (across modules); null for the first lesson.',
  })
  previousLessonId!: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'The lesson after this one in the course (across modules); null for the last lesson.',
  })
  nextLessonId!: string | null;

  @Field(() => CourseStep, {
    nullable: true,
    description: 'The step before this one in learning order (a lesson or a quiz); null for the first step.',
  })
  previous!: CourseStep | null;

  @Field(() => CourseStep, {
    nullable: true,
    description: 'The step after this one in learning order (a lesson or a quiz); null for the last step.',
  })
  next!: CourseStep | null;

  @Field({ description: 'Marked complete by the viewer (see lessonComplete).' })
  completed!: boolean;
}

@ObjectType({ description: 'A lesson in a learner’s module view: title, length and whether I completed it.' })
export class ModuleLesson {
  @Field(() => ID, { description: 'The lesson id; open it with the `lesson` query.' })
  id!: string;

  @Field({ description: 'Its title.' })
  title!: string;

  @Field(() => Int, { description: 'Its place in the module, from 0 (ascending).' })
  position!: number;

  @Field(() => Int, { description: 'Its length in whole minutes.' })
  durationMinutes!: number;

  @Field({ description: 'Marked complete by the viewer.' })
  completed!: boolean;
}

@ObjectType({
  description: 'A quiz in a learner’s module view: its size, pass mark and whether I passed it.',
})
export class ModuleQuiz {
  @Field(() => ID, { description: 'The quiz id; open it with the `quiz` query.' })
  id!: string;

  @Field({ description: 'Its title.' })
  title!: string;

  @Field(() => Int, { description: 'Score needed to pass, in percent (1–100).' })
  passMarkPercent!: number;

  @Field(() => Int, { description: 'How many questions it has.' })
  questionCount!: number;

  @Field({ description: 'Passed by the viewer.' })
  passed!: boolean;
}

@ObjectType({ description: 'A module of a course as a learner sees it: lessons and quizzes with progress.' })
export class ModuleContent {
  @Field(() => ID, { description: 'The module id (a UUID).' })
  id!: string;

  @Field({ description: 'Its title.' })
  title!: string;

  @Field(() => Int, { description: 'Its place in the course, from 0 (ascending).' })
  position!: number;

  @Field(() => Course, { description: 'Its course.' })
  course!: Course;

  @Field(() => [ModuleLesson], { description: 'Its lessons, in order, with my progress.' })
  lessons!: ModuleLesson[];

  @Field(() => [ModuleQuiz], { description: 'Its quizzes, in order, with my results.' })
  quizzes!: ModuleQuiz[];

  @Field(() => ID, {
    nullable: true,
    description: 'The module before this one in the course; null for the first.',
  })
  previousModuleId!: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'The module after this one in the course; null for the last.',
  })
  nextModuleId!: string | null;
}

@ObjectType({ description: 'A quiz question without its correct answers or explanation.' })
export class QuestionForLearner {
  @Field(() => ID, { description: 'The question id; send it in QuizAnswerInput.questionId.' })
  id!: string;

  @Field({ description: 'The question text.' })
  prompt!: string;

  @Field(() => String, {
    description:
      'single (choose one option), multiple (choose one or more) or true_false (choose True or False).',
  })
  kind!: string;

  @Field(() => [QuestionOption], { description: 'Its answer options, in order.' })
  options!: QuestionOption[];
}

@ObjectType({
  description: 'A quiz as a learner takes it: questions without answers, and my attempts so far.',
})
export class QuizForLearner {
  @Field(() => ID, { description: 'The quiz id (a UUID).' })
  id!: string;

  @Field({ description: 'Its title.' })
  title!: string;

  @Field(() => Int, { description: 'Score needed to pass, in percent (1–100).' })
  passMarkPercent!: number;

  @Field(() => Int, { description: 'Attempts a learner has; 0 means unlimited.' })
  attemptsAllowed!: number;

  @Field(() => QuizShowAnswers, { description: 'When an attempt’s result shows the correct answers.' })
  showAnswers!: QuizShowAnswers;

  @Field(() => Int, { description: 'How many attempts the viewer has submitted.' })
  attemptsUsed!: number;

  @Field(() => Int, {
    nullable: true,
    description: 'Attempts the viewer has left (0 or more); null means unlimited.',
  })
  attemptsLeft!: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'The viewer’s best score in percent (0–100); null before the first attempt.',
  })
  bestScorePercent!: number | null;

  @Field({ description: 'One of the viewer’s attempts passed.' })
  passed!: boolean;

  @Field({ description: 'Whether the viewer may submit now (enrolled, not passed yet, attempts left).' })
  canSubmit!: boolean;

  @Field(() => [QuestionForLearner], { description: 'Its questions, in order, without their answers.' })
  questions!: QuestionForLearner[];

  @Field(() => [QuizAttempt], { description: 'My attempts, newest first.' })
  attempts!: QuizAttempt[];

  @Field(() => CourseModule, { description: 'Its module (syllabus view).' })
  module!: CourseModule;

  @Field(() => Course, { description: 'Its course.' })
  course!: Course;
}

@ObjectType({
  description:
    'The result of one question of a submitted attempt: whether my answer was right, and the correct ' +
    "answer only when the quiz's showAnswers allows it for this attempt.",
})
export class QuestionResult {
  @Field(() => ID, { description: 'The question (its id).' })
  questionId!: string;

  @Field({ description: 'My answer was exactly the correct set of options.' })
  correct!: boolean;

  @Field(() => [ID], { description: 'The options I chose, each once, in the question’s option order.' })
  chosenOptionIds!: string[];

  @Field(() => [ID], {
    nullable: true,
    description:
      'The correct options, in the question’s option order; null while the answers are withheld (QuizSubmitPayload.answersShown).',
  })
  correctOptionIds!: string[] | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The question’s explanation, given for a correct answer, and for any answer once the answers are shown; null otherwise or when it has none.',
  })
  explanation!: string | null;
}

@ObjectType({ description: 'A page of enrollments (Relay connection); totalCount counts every match.' })
export class EnrollmentConnection extends Connection(Enrollment, 'Enrollment') {}

@ObjectType({ description: 'A page of quiz attempts (Relay connection); totalCount counts every match.' })
export class QuizAttemptConnection extends Connection(QuizAttempt, 'QuizAttempt') {}

@InputType({ description: 'The course to enroll in.' })
export class CourseEnrollInput {
  @Field(() => ID, { description: 'The course (its id; a slug is not accepted).' })
  courseId!: string;
}

@InputType({ description: 'A course and the user to give access to it.' })
export class EnrollmentGrantInput {
  @Field(() => ID, { description: 'The course (its id); drafts too.' })
  courseId!: string;

  @Field(() => ID, { description: 'The user to enroll (a user id).' })
  userId!: string;
}

@InputType({ description: 'The lesson whose completion mark changes.' })
export class LessonProgressInput {
  @Field(() => ID, { description: 'The lesson (its id).' })
  lessonId!: string;
}

@InputType({ description: 'My answer to one question.' })
export class QuizAnswerInput {
  @Field(() => ID, { description: 'The question (QuestionForLearner.id).' })
  questionId!: string;

  @Field(() => [ID], {
    description:
      'The chosen option ids (QuestionOption.id), at least one: exactly one for single and true_false ' +
      'questions; repeated ids count once.',
  })
  optionIds!: string[];
}

@InputType({ description: 'A quiz attempt: my answers to every question.' })
export class QuizSubmitInput {
  @Field(() => ID, { description: 'The quiz (its id).' })
  quizId!: string;

  @Field(() => [QuizAnswerInput], {
    description: 'One answer for every question of the quiz, each question once (any order).',
  })
  answers!: QuizAnswerInput[];
}

const USER_ERRORS = 'Expected failures (code, field, message); empty when it succeeded.';

@ObjectType({ description: 'The result of courseEnroll or enrollmentGrant.' })
export class EnrollmentPayload {
  @Field(() => Enrollment, {
    nullable: true,
    description: 'The enrollment (new, or the one that already existed); null when userErrors is not empty.',
  })
  enrollment?: Enrollment | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of lessonComplete or lessonIncomplete.' })
export class LessonProgressPayload {
  @Field(() => LessonContent, {
    nullable: true,
    description: 'The lesson with its new completion mark; null when userErrors is not empty.',
  })
  lesson?: LessonContent | null;

  @Field(() => Course, {
    nullable: true,
    description: 'The course, for its updated viewerProgress; null when userErrors is not empty.',
  })
  course?: Course | null;

  @Field({
    description:
      'lessonComplete: every lesson is complete and every quiz passed after this change (also when the ' +
      'course was completed before). Always false for lessonIncomplete and with userErrors.',
  })
  courseCompleted!: boolean;

  @Field(() => Certificate, {
    nullable: true,
    description:
      'The certificate of the completed course (issued now, or the one the learner already has) when courseCompleted; null otherwise.',
  })
  certificate?: Certificate | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of quizSubmit: the stored attempt and the result of each question.' })
export class QuizSubmitPayload {
  @Field(() => QuizAttempt, {
    nullable: true,
    description: 'The stored attempt with its score; null when userErrors is not empty (nothing was stored).',
  })
  attempt?: QuizAttempt | null;

  @Field(() => [QuestionResult], {
    description: 'One result per question, in the quiz’s question order; empty with userErrors.',
  })
  results!: QuestionResult[];

  @Field({
    description:
      "The results carry the correct answers: the quiz's showAnswers allows it for this attempt " +
      '(AFTER_PASSING: it passed; AFTER_LAST_ATTEMPT: it passed or no attempt is left; NEVER: never).',
  })
  answersShown!: boolean;

  @Field(() => QuizForLearner, {
    nullable: true,
    description:
      'The quiz after this attempt (attempts used and left, passed); null when userErrors is not empty.',
  })
  quiz?: QuizForLearner | null;

  @Field(() => Course, {
    nullable: true,
    description: 'The course, for its updated viewerProgress; null when userErrors is not empty.',
  })
  course?: Course | null;

  @Field({
    description:
      'This attempt passed and every lesson of the course is complete and every quiz passed (the course is complete).',
  })
  courseCompleted!: boolean;

  @Field(() => Certificate, {
    nullable: true,
    description:
      'The certificate of the completed course (issued now, or the one the learner already has) when courseCompleted; null otherwise.',
  })
  certificate?: Certificate | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}
