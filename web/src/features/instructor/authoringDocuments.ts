import { graphql } from '../../gql';

/**
 * The authoring view of a course (lesson bodies, videos, quiz answers): only its instructor and
 * staff may read `curriculum`. Every content mutation answers with it, so the edit page's cached
 * course updates itself.
 */
export const CourseCurriculumFragment = graphql(`
  fragment CourseCurriculum on Course {
    id
    published
    lessonCount
    totalDurationMinutes
    curriculum {
      id
      title
      position
      lessons {
        id
        title
        position
        videoUrl
        body
        durationMinutes
        hostedVideo {
          ...LessonHostedVideo
        }
      }
      quizzes {
        id
        title
        position
        passMarkPercent
        attemptsAllowed
        showAnswers
        lessonId
        questions {
          id
          kind
          prompt
          options {
            id
            text
          }
          correctOptionIds
          explanation
          position
        }
      }
    }
  }
`);

export const InstructorCourseQueryDocument = graphql(`
  query InstructorCourse($id: ID!) {
    instructorCourse(id: $id) {
      id
      slug
      title
      summary
      description
      priceCents
      skillLevel
      ageGroup
      coverImageUrl
      memberOnly
      published
      updatedAt
      danceStyle {
        id
        name
      }
      category {
        id
        name
      }
      certificateTemplate {
        id
        name
      }
      instructor {
        id
        username
        displayName
      }
      ...CourseCurriculum
    }
  }
`);

export const CourseCreateMutationDocument = graphql(`
  mutation CourseCreate($input: CourseCreateInput!) {
    courseCreate(input: $input) {
      course {
        id
        slug
        title
        published
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const CourseUpdateMutationDocument = graphql(`
  mutation CourseUpdate($input: CourseUpdateInput!) {
    courseUpdate(input: $input) {
      course {
        id
        slug
        title
        summary
        description
        priceCents
        skillLevel
        ageGroup
        coverImageUrl
        memberOnly
        updatedAt
        danceStyle {
          id
          name
        }
        category {
          id
          name
        }
        certificateTemplate {
          id
          name
        }
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const CoursePublishMutationDocument = graphql(`
  mutation CoursePublish($input: CoursePublishInput!) {
    coursePublish(input: $input) {
      course {
        id
        published
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const CourseDeleteMutationDocument = graphql(`
  mutation CourseDelete($input: CourseDeleteInput!) {
    courseDelete(input: $input) {
      deletedCourseId
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const ModuleCreateMutationDocument = graphql(`
  mutation ModuleCreate($input: ModuleCreateInput!) {
    moduleCreate(input: $input) {
      module {
        id
      }
      course {
        ...CourseCurriculum
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const ModuleUpdateMutationDocument = graphql(`
  mutation ModuleUpdate($input: ModuleUpdateInput!) {
    moduleUpdate(input: $input) {
      course {
        ...CourseCurriculum
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const ModuleDeleteMutationDocument = graphql(`
  mutation ModuleDelete($input: ModuleDeleteInput!) {
    moduleDelete(input: $input) {
      deletedId
      course {
        ...CourseCurriculum
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const ModulesReorderMutationDocument = graphql(`
  mutation ModulesReorder($input: ModulesReorderInput!) {
    modulesReorder(input: $input) {
      course {
        ...CourseCurriculum
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const LessonCreateMutationDocument = graphql(`
  mutation LessonCreate($input: LessonCreateInput!) {
    lessonCreate(input: $input) {
      lesson {
        id
      }
      course {
        ...CourseCurriculum
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const LessonUpdateMutationDocument = graphql(`
  mutation LessonUpdate($input: LessonUpdateInput!) {
    lessonUpdate(input: $input) {
      course {
        ...CourseCurriculum
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const LessonDeleteMutationDocument = graphql(`
  mutation LessonDelete($input: LessonDeleteInput!) {
    lessonDelete(input: $input) {
      deletedId
      course {
        ...CourseCurriculum
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const LessonsReorderMutationDocument = graphql(`
  mutation LessonsReorder($input: LessonsReorderInput!) {
    lessonsReorder(input: $input) {
      course {
        ...CourseCurriculum
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const QuizCreateMutationDocument = graphql(`
  mutation QuizCreate($input: QuizCreateInput!) {
    quizCreate(input: $input) {
      quiz {
        id
      }
      course {
        ...CourseCurriculum
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const QuizUpdateMutationDocument = graphql(`
  mutation QuizUpdate($input: QuizUpdateInput!) {
    quizUpdate(input: $input) {
      course {
        ...CourseCurriculum
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const QuizDeleteMutationDocument = graphql(`
  mutation QuizDelete($input: QuizDeleteInput!) {
    quizDelete(input: $input) {
      deletedId
      course {
        ...CourseCurriculum
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const QuizQuestionCreateMutationDocument = graphql(`
  mutation QuizQuestionCreate($input: QuizQuestionCreateInput!) {
    quizQuestionCreate(input: $input) {
      question {
        id
      }
      course {
        ...CourseCurriculum
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const QuizQuestionUpdateMutationDocument = graphql(`
  mutation QuizQuestionUpdate($input: QuizQuestionUpdateInput!) {
    quizQuestionUpdate(input: $input) {
      course {
        ...CourseCurriculum
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const QuizQuestionDeleteMutationDocument = graphql(`
  mutation QuizQuestionDelete($input: QuizQuestionDeleteInput!) {
    quizQuestionDelete(input: $input) {
      deletedId
      course {
        ...CourseCurriculum
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const QuizQuestionsReorderMutationDocument = graphql(`
  mutation QuizQuestionsReorder($input: QuizQuestionsReorderInput!) {
    quizQuestionsReorder(input: $input) {
      course {
        ...CourseCurriculum
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const MyTaughtCoursesQueryDocument = graphql(`
  query MyTaughtCourses {
    myTaughtCourses {
      enrollmentCount
      completionCount
      course {
        id
        slug
        title
        published
        priceCents
        coverImageUrl
        lessonCount
        updatedAt
        danceStyle {
          id
          name
        }
      }
    }
  }
`);
