import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { CertificateTemplate } from '../../modules/certificates';
import {
  Course,
  CourseCategory,
  CourseModule,
  slugify,
  toYouTubeEmbedUrl,
  DanceStyle,
  Lesson,
  Quiz,
  QuizQuestion,
} from '../../modules/courses';
import { User } from '../../modules/users';
import { DEMO_CATEGORIES, DEMO_COURSES, DEMO_TEMPLATE } from './demo-courses.data';

/** The demo catalogue, taught by the demo instructor (and one course by `multi`). */
export async function seedDemoCourses(em: EntityManager): Promise<void> {
  const instructor = await em.findOneOrFail(User, { usernameKey: 'instructor' });
  const multi = await em.findOne(User, { usernameKey: 'multi' });
  const styles = new Map((await em.find(DanceStyle, {})).map((s) => [s.name, s]));

  em.create(CertificateTemplate, { ...DEMO_TEMPLATE, isDefault: true });
  const categories = new Map(
    DEMO_CATEGORIES.map((c) => [c.name, em.create(CourseCategory, { ...c })] as const),
  );

  DEMO_COURSES.forEach((data, index) => {
    const course = em.create(Course, {
      title: data.title,
      slug: slugify(data.title),
      summary: data.summary,
      description: data.description,
      priceCents: data.priceCents,
      danceStyle: styles.get(data.danceStyle) ?? null,
      skillLevel: data.skillLevel,
      ageGroup: data.ageGroup,
      category: categories.get(data.category) ?? null,
      instructor: index === 2 && multi ? multi : instructor,
      published: true,
      memberOnly: data.memberOnly ?? false,
      // Newest first in the catalogue follows the list order.
      createdAt: new Date(Date.now() - index * 60_000),
    });
    data.modules.forEach((m, mi) => {
      const module = em.create(CourseModule, { course, title: m.title, position: mi });
      m.lessons.forEach((l, li) =>
        em.create(Lesson, {
          module,
          title: l.title,
          position: li,
          videoUrl: l.videoUrl ? toYouTubeEmbedUrl(l.videoUrl) : null,
          durationMinutes: l.minutes,
          body: l.body,
        }),
      );
      if (m.quiz) {
        const quiz = em.create(Quiz, {
          module,
          title: m.quiz.title,
          passMarkPercent: m.quiz.passMark,
          attemptsAllowed: m.quiz.attempts,
          position: 0,
        });
        m.quiz.questions.forEach((q, qi) => {
          const options = q.options.map((text) => ({ id: randomUUID().slice(0, 8), text }));
          em.create(QuizQuestion, {
            quiz,
            prompt: q.prompt,
            kind: q.kind,
            options,
            correctOptionIds: q.correct.map((i) => options[i].id),
            explanation: q.explanation ?? null,
            position: qi,
          });
        });
      }
    });
  });
  await em.flush();
}
