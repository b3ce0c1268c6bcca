import { BookOpenCheck, CalendarHeart, Crown, GraduationCap, type LucideIcon } from 'lucide-react';

/** The four areas of DRX, as presented on the home and about pages. */
export interface ProductArea {
  title: string;
  summary: string;
  details: string[];
  to: string;
  cta: string;
  icon: LucideIcon;
}

export const PRODUCT_AREAS: readonly ProductArea[] = [
  {
    title: 'Certification courses',
    summary:
      'Structured courses built by experienced teachers, organised into modules and lessons you can take at your own pace.',
    details: [
      'Modules and video lessons for every level',
      'Quizzes that check understanding before you move on',
      'A certificate when you complete the course',
    ],
    to: '/courses',
    cta: 'Browse courses',
    icon: GraduationCap,
  },
  {
    title: 'Curriculum store',
    summary:
      'Lesson plans, syllabi, music guides and class materials written by teachers and sold directly by the sellers who made them.',
    details: [
      'Filter by dance style, age group and skill level',
      'Instant download after purchase',
      'Open your own store and sell what you have made',
    ],
    to: '/curriculum',
    cta: 'Explore curriculum',
    icon: BookOpenCheck,
  },
  {
    title: 'Connect',
    summary:
      'Find instructors for private lessons, workshops, choreography or mentoring, and book a time that suits you both.',
    details: [
      'Instructor profiles with styles and experience',
      'Book sessions online',
      'Keep track of every booking in one place',
    ],
    to: '/connect',
    cta: 'Find an instructor',
    icon: CalendarHeart,
  },
  {
    title: 'Membership',
    summary:
      'A subscription for educators who want to keep growing, with member benefits across courses and the curriculum store.',
    details: [
      'Choose the plan that fits your teaching',
      'Member benefits across courses and the curriculum store',
      'Manage your membership from your account',
    ],
    to: '/subscription',
    cta: 'See membership plans',
    icon: Crown,
  },
];
