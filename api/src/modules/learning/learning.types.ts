import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { Certificate } from '../certificates/certificate.entity';
import { Course } from '../courses/course.entity';
import { CourseModule } from '../courses/course-module.entity';
import { QuestionOption } from '../courses/quiz-question.entity';
import { QuizShowAnswers } from '../courses/quiz.entity';
import { Enrollment } from './enrollment.entity';
import { QuizAttempt } from './quiz-attempt.entity';

@ObjectType({
  description: 'One step of a course in learning order: its lessons, then its quizzes, module by module.',
})
export class CourseStep {
  @Field(() => String, { description: 'lesson or quiz' })
  kind!: 'lesson' | 'quiz';

  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  moduleId!: string;

  @Field()
  title!: string;

  @Field({ description: 'A lesson marked complete, or a quiz passed, by the learner.' })
  completed!: boolean;
}

@ObjectType({ description: "A learner's progress through one course." })
export class CourseProgress {
  @Field(() => Int)
  completedLessons!: number;

  @Field(() => Int)
  totalLessons!: number;

  @Field(() => Int)
  passedQuizzes!: number;

  @Field(() => Int)
  totalQuizzes!: number;

  @Field(() => Int, { description: 'Completed lessons and passed quizzes over all of them, 0–100.' })
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
  @Field(() => ID)
  id!: string;

  @Field()
  title!: string;

  @Field(() => Int)
  position!: number;

  @Field(() => Int)
  durationMinutes!: number;

  @Field(() => String, {
    nullable: true,
    description: 'An embeddable video URL (YouTube links are embed links).',
  })
  videoUrl!: string | null;

  @Field({ description: 'Plain text: paragraphs separated by blank lines; never HTML.' })
  body!: string;

  @Field(() => CourseModule)
  module!: CourseModule;

  @Field(() => Course)
  course!: Course;

  @Field(() => ID, {
    nullable: true,
    description: 'The lesson before this one in the course (across modules).',
  })
  previousLessonId!: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'The lesson after this one in the course (across modules).',
  })
  nextLessonId!: string | null;

  @Field(() => CourseStep, { nullable: true, description: 'The step before this one (a lesson or a quiz).' })
  previous!: CourseStep | null;

  @Field(() => CourseStep, { nullable: true, description: 'The step after this one (a lesson or a quiz).' })
  next!: CourseStep | null;

  @Field({ description: 'Marked complete by the viewer.' })
  completed!: boolean;
}

@ObjectType()
export class ModuleLesson {
  @Field(() => ID)
  id!: string;

  @Field()
  title!: string;

  @Field(() => Int)
  position!: number;

  @Field(() => Int)
  durationMinutes!: number;

  @Field()
  completed!: boolean;
}

@ObjectType()
export class ModuleQuiz {
  @Field(() => ID)
  id!: string;

  @Field()
  title!: string;

  @Field(() => Int)
  passMarkPercent!: number;

  @Field(() => Int)
  questionCount!: number;

  @Field({ description: 'Passed by the viewer.' })
  passed!: boolean;
}

@ObjectType({ description: 'A module of a course as a learner sees it: lessons and quizzes with progress.' })
export class ModuleContent {
  @Field(() => ID)
  id!: string;

  @Field()
  title!: string;

  @Field(() => Int)
  position!: number;

  @Field(() => Course)
  course!: Course;

  @Field(() => [ModuleLesson])
  lessons!: ModuleLesson[];

  @Field(() => [ModuleQuiz])
  quizzes!: ModuleQuiz[];

  @Field(() => ID, { nullable: true })
  previousModuleId!: string | null;

  @Field(() => ID, { nullable: true })
  nextModuleId!: string | null;
}

@ObjectType({ description: 'A quiz question without its correct answers or explanation.' })
export class QuestionForLearner {
  @Field(() => ID)
  id!: string;

  @Field()
  prompt!: string;

  @Field(() => String, { description: 'single, multiple or true_false' })
  kind!: string;

  @Field(() => [QuestionOption])
  options!: QuestionOption[];
}

@ObjectType({
  description: 'A quiz as a learner takes it: questions without answers, and my attempts so far.',
})
export class QuizForLearner {
  @Field(() => ID)
  id!: string;

  @Field()
  title!: string;

  @Field(() => Int)
  passMarkPercent!: number;

  @Field(() => Int, { description: 'Attempts a learner has; 0 means unlimited.' })
  attemptsAllowed!: number;

  @Field(() => QuizShowAnswers, { description: 'When an attempt’s result shows the correct answers.' })
  showAnswers!: QuizShowAnswers;

  @Field(() => Int)
  attemptsUsed!: number;

  @Field(() => Int, { nullable: true, description: 'null means unlimited.' })
  attemptsLeft!: number | null;

  @Field(() => Int, { nullable: true })
  bestScorePercent!: number | null;

  @Field()
  passed!: boolean;

  @Field({ description: 'Whether the viewer may submit now (enrolled, not passed yet, attempts left).' })
  canSubmit!: boolean;

  @Field(() => [QuestionForLearner])
  questions!: QuestionForLearner[];

  @Field(() => [QuizAttempt], { description: 'My attempts, newest first.' })
  attempts!: QuizAttempt[];

  @Field(() => CourseModule)
  module!: CourseModule;

  @Field(() => Course)
  course!: Course;
}

@ObjectType({
  description:
    'The result of one question of a submitted attempt: whether my answer was right, and the correct ' +
    "answer only when the quiz's showAnswers allows it for this attempt.",
})
export class QuestionResult {
  @Field(() => ID)
  questionId!: string;

  @Field({ description: 'My answer was exactly the correct set of options.' })
  correct!: boolean;

  @Field(() => [ID])
  chosenOptionIds!: string[];

  @Field(() => [ID], {
    nullable: true,
    description: 'The correct options; null while the answers are withheld (QuizSubmitPayload.answersShown).',
  })
  correctOptionIds!: string[] | null;

  @Field(() => String, {
    nullable: true,
    description: 'Shown for a correct answer, and for any answer once the answers are shown.',
  })
  explanation!: string | null;
}

@ObjectType()
export class EnrollmentConnection extends Connection(Enrollment, 'Enrollment') {}

@ObjectType()
export class QuizAttemptConnection extends Connection(QuizAttempt, 'QuizAttempt') {}

@InputType()
export class CourseEnrollInput {
  @Field(() => ID)
  courseId!: string;
}

@InputType()
export class EnrollmentGrantInput {
  @Field(() => ID)
  courseId!: string;

  @Field(() => ID)
  userId!: string;
}

@InputType()
export class LessonProgressInput {
  @Field(() => ID)
  lessonId!: string;
}

@InputType()
export class QuizAnswerInput {
  @Field(() => ID)
  questionId!: string;

  @Field(() => [ID], { description: 'The chosen options: one for single and true_false questions.' })
  optionIds!: string[];
}

@InputType()
export class QuizSubmitInput {
  @Field(() => ID)
  quizId!: string;

  @Field(() => [QuizAnswerInput], { description: 'One answer for every question of the quiz.' })
  answers!: QuizAnswerInput[];
}

@ObjectType()
export class EnrollmentPayload {
  @Field(() => Enrollment, { nullable: true })
  enrollment?: Enrollment | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class LessonProgressPayload {
  @Field(() => LessonContent, { nullable: true })
  lesson?: LessonContent | null;

  @Field(() => Course, { nullable: true, description: 'The course, for its updated viewerProgress.' })
  course?: Course | null;

  @Field({ description: 'The course is complete after this change.' })
  courseCompleted!: boolean;

  @Field(() => Certificate, { nullable: true, description: 'The certificate of the completed course.' })
  certificate?: Certificate | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class QuizSubmitPayload {
  @Field(() => QuizAttempt, { nullable: true })
  attempt?: QuizAttempt | null;

  @Field(() => [QuestionResult])
  results!: QuestionResult[];

  @Field({
    description:
      "The results carry the correct answers: the quiz's showAnswers allows it for this attempt " +
      '(AFTER_PASSING: it passed; AFTER_LAST_ATTEMPT: it passed or no attempt is left; NEVER: never).',
  })
  answersShown!: boolean;

  @Field(() => QuizForLearner, { nullable: true, description: 'The quiz after this attempt.' })
  quiz?: QuizForLearner | null;

  @Field(() => Course, { nullable: true, description: 'The course, for its updated viewerProgress.' })
  course?: Course | null;

  @Field({ description: 'The course is complete after this attempt.' })
  courseCompleted!: boolean;

  @Field(() => Certificate, { nullable: true, description: 'The certificate of the completed course.' })
  certificate?: Certificate | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}
