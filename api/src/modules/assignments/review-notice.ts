import type { EntityManager } from '@mikro-orm/postgresql';
import { notificationsSuppressed, notifyInApp, notify, publicSiteUrl } from '../notifications';

/** What the learner is told of a review. */
export interface ReviewNotice {
  learnerId: string;
  assignmentId: string;
  assignmentTitle: string;
  courseTitle: string;
  verdict: 'PASSED' | 'RESUBMIT';
  note: string | null;
}

/** The subject and text of the review mail (and the in-app line). */
export function reviewNoticeContent(
  n: ReviewNotice,
  siteUrl: string,
): { subject: string; text: string; link: string } {
  const link = `/assignments/${n.assignmentId}`;
  const subject =
    n.verdict === 'PASSED'
      ? `Passed: ${n.assignmentTitle} (${n.courseTitle})`
      : `Please submit again: ${n.assignmentTitle} (${n.courseTitle})`;
  const text =
    (n.verdict === 'PASSED'
      ? `Your video for "${n.assignmentTitle}" in "${n.courseTitle}" was passed.\n`
      : `Your instructor asks you to submit "${n.assignmentTitle}" in "${n.courseTitle}" again.\n`) +
    (n.note ? `\nTheir note: ${n.note}\n` : '') +
    `\nSee the comments on your video: ${siteUrl}${link}\n`;
  return { subject, text, link };
}

/**
 * Tells the learner of a review: a mail (kind `assignments`, through `notify`: the outbox and the
 * learner's preference) and an in-app notification, both in the review's transaction.
 */
export async function sendReviewNotice(em: EntityManager, n: ReviewNotice): Promise<void> {
  if (notificationsSuppressed()) return;
  const { subject, text, link } = reviewNoticeContent(n, publicSiteUrl());
  await notify(em, { userId: n.learnerId, kind: 'assignments', subject, text });
  await notifyInApp(em, { userId: n.learnerId, title: subject, body: n.note ?? '', link });
}
