/** Demo catalogue: six courses over several dance styles, each with modules, lessons and a quiz. */
export interface SeedQuestion {
  prompt: string;
  kind: 'single' | 'multiple' | 'true_false';
  options: string[];
  correct: number[];
  explanation?: string;
}
export interface SeedModule {
  title: string;
  lessons: { title: string; videoUrl?: string; minutes: number; body: string }[];
  quiz?: { title: string; passMark: number; attempts: number; questions: SeedQuestion[] };
}
export interface SeedCourse {
  title: string;
  summary: string;
  description: string;
  priceCents: number;
  danceStyle: string;
  skillLevel: string;
  ageGroup: string;
  category: string;
  memberOnly?: boolean;
  modules: SeedModule[];
}

export const DEMO_CATEGORIES = [
  { name: 'Teaching Methods', slug: 'teaching-methods', description: 'How to plan, run and assess classes.' },
  { name: 'Technique', slug: 'technique', description: 'Style-specific technique for teachers.' },
  {
    name: 'Safe Practice',
    slug: 'safe-practice',
    description: 'Injury prevention, safeguarding and healthy studios.',
  },
];

const TF = ['True', 'False'];

export const DEMO_COURSES: SeedCourse[] = [
  {
    title: 'Foundations of Teaching Dance',
    summary: 'A free starter course on planning and leading your first dance classes.',
    description:
      'Learn how to structure a class, warm up safely, give clear feedback and keep every student engaged. This free course is the first step towards DRX certification.',
    priceCents: 0,
    danceStyle: 'Contemporary',
    skillLevel: 'Beginner',
    ageGroup: 'All Ages',
    category: 'Teaching Methods',
    modules: [
      {
        title: 'Planning a class',
        lessons: [
          {
            title: 'The shape of a great class',
            videoUrl: 'https://www.youtube.com/watch?v=2Vv-BfVoq4g',
            minutes: 8,
            body: 'Every class has three parts: warm-up, development and cool-down.\n\nPlan each part with a clear goal and a time budget.',
          },
          {
            title: 'Warm-ups that work',
            minutes: 6,
            body: 'A warm-up raises the heart rate, mobilises joints and focuses attention.\n\nStart gently and build intensity over ten minutes.',
          },
        ],
      },
      {
        title: 'Leading the room',
        lessons: [
          {
            title: 'Giving feedback',
            videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
            minutes: 7,
            body: 'Feedback should be specific, timely and kind.\n\nPraise effort as well as results.',
          },
        ],
        quiz: {
          title: 'Foundations check',
          passMark: 60,
          attempts: 3,
          questions: [
            {
              prompt: 'What are the three parts of a class?',
              kind: 'single',
              options: ['Warm-up, development, cool-down', 'Stretch, jump, rest', 'Music, costume, stage'],
              correct: [0],
              explanation: 'Warm-up, development and cool-down give every class its shape.',
            },
            {
              prompt: 'Good feedback is… (choose all that apply)',
              kind: 'multiple',
              options: ['Specific', 'Timely', 'Vague', 'Kind'],
              correct: [0, 1, 3],
            },
            {
              prompt: 'A warm-up should start at full intensity.',
              kind: 'true_false',
              options: TF,
              correct: [1],
            },
          ],
        },
      },
    ],
  },
  {
    title: 'Teaching Classical Ballet: Grades 1–3',
    summary: 'Syllabus, barre work and progressions for young ballet students.',
    description:
      'A structured guide to teaching the first ballet grades: posture, positions, barre and centre work, and how to prepare students for their first exams.',
    priceCents: 14900,
    danceStyle: 'Ballet',
    skillLevel: 'Intermediate',
    ageGroup: 'Children (5-8)',
    category: 'Technique',
    modules: [
      {
        title: 'Posture and positions',
        lessons: [
          {
            title: 'Alignment for young bodies',
            minutes: 10,
            body: 'Stack the joints: ankles, knees, hips, shoulders.',
          },
          {
            title: 'The five positions',
            minutes: 12,
            body: 'Teach turnout from the hips, never forced from the feet.',
          },
        ],
      },
      {
        title: 'Barre work',
        lessons: [{ title: 'Pliés and tendus', minutes: 14, body: 'Slow, even counts build control.' }],
        quiz: {
          title: 'Ballet basics quiz',
          passMark: 70,
          attempts: 2,
          questions: [
            {
              prompt: 'Turnout should come from…',
              kind: 'single',
              options: ['The hips', 'The feet', 'The knees'],
              correct: [0],
            },
            {
              prompt: 'Pliés are usually the first exercise at the barre.',
              kind: 'true_false',
              options: TF,
              correct: [0],
            },
          ],
        },
      },
    ],
  },
  {
    title: 'Hip Hop Choreography for Teens',
    summary: 'Build routines teens love: grooves, musicality and staging.',
    description:
      'From foundational grooves to full routines, learn to choreograph and teach hip hop for teenage groups.',
    priceCents: 9900,
    danceStyle: 'Hip Hop',
    skillLevel: 'Intermediate',
    ageGroup: 'Teen (13-17)',
    category: 'Technique',
    modules: [
      {
        title: 'Grooves and bounce',
        lessons: [
          { title: 'Bounce and rock', minutes: 9, body: 'The bounce drives every hip hop groove.' },
          { title: 'Musicality', minutes: 11, body: 'Hit accents, ride the bass, play with silence.' },
        ],
        quiz: {
          title: 'Groove check',
          passMark: 50,
          attempts: 0,
          questions: [
            {
              prompt: 'Which element drives most grooves?',
              kind: 'single',
              options: ['Bounce', 'Spins'],
              correct: [0],
            },
          ],
        },
      },
    ],
  },
  {
    title: 'Latin and Ballroom for Adult Beginners',
    summary: 'Teach social partner dancing with confidence.',
    description:
      'Cha-cha, rumba and waltz basics for adult social classes, with lead-and-follow teaching tips.',
    priceCents: 7900,
    danceStyle: 'Latin',
    skillLevel: 'Beginner',
    ageGroup: 'Adult (18+)',
    category: 'Teaching Methods',
    modules: [
      {
        title: 'Partnering basics',
        lessons: [
          { title: 'Frame and connection', minutes: 10, body: 'A good frame makes leading easy.' },
          { title: 'Cha-cha basic', minutes: 8, body: 'Two, three, cha-cha-cha.' },
        ],
        quiz: {
          title: 'Partnering quiz',
          passMark: 60,
          attempts: 3,
          questions: [
            { prompt: 'A strong frame helps the lead.', kind: 'true_false', options: TF, correct: [0] },
          ],
        },
      },
    ],
  },
  {
    title: 'Tap Rhythms and Musicality',
    summary: 'Sounds, rhythms and teaching tap to mixed-level groups.',
    description: 'Shuffles, flaps and time steps, plus games that build rhythm in any class.',
    priceCents: 6900,
    danceStyle: 'Tap',
    skillLevel: 'Mixed Levels',
    ageGroup: 'All Ages',
    category: 'Technique',
    memberOnly: true,
    modules: [
      {
        title: 'Basic sounds',
        lessons: [
          { title: 'Shuffles and flaps', minutes: 9, body: 'Clear, light sounds first; speed later.' },
        ],
        quiz: {
          title: 'Tap sounds quiz',
          passMark: 70,
          attempts: 3,
          questions: [
            {
              prompt: 'How many sounds does a flap make?',
              kind: 'single',
              options: ['One', 'Two', 'Three'],
              correct: [1],
            },
          ],
        },
      },
    ],
  },
  {
    title: 'Safe Dance Practice and Injury Prevention',
    summary: 'Keep students safe: anatomy, conditioning and safeguarding.',
    description:
      'The essentials every dance teacher needs: safe stretching, conditioning, first response and safeguarding.',
    priceCents: 12900,
    danceStyle: 'Modern',
    skillLevel: 'Advanced',
    ageGroup: 'All Ages',
    category: 'Safe Practice',
    modules: [
      {
        title: 'Anatomy for teachers',
        lessons: [
          {
            title: 'Joints and ranges of motion',
            minutes: 15,
            body: 'Know the limits before you stretch them.',
          },
          { title: 'Conditioning', minutes: 12, body: 'Strength supports flexibility.' },
        ],
        quiz: {
          title: 'Safe practice quiz',
          passMark: 80,
          attempts: 2,
          questions: [
            {
              prompt: 'Which are safe stretching habits? (choose all)',
              kind: 'multiple',
              options: ['Warm up first', 'Bounce into stretches', 'Breathe steadily'],
              correct: [0, 2],
            },
          ],
        },
      },
    ],
  },
];

export const DEMO_TEMPLATE = {
  name: 'DRX Classic',
  heading: 'Certificate of Completion',
  body: 'This certifies that {{studentName}} has successfully completed {{courseTitle}} on {{issuedOn}}.',
  signatoryName: 'Ines Instructor',
  signatoryTitle: 'Lead Instructor, DRX',
  accentColor: '#6b46c1',
};
