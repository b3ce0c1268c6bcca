/** The demo curriculum store: four sellers' stores, resources of every type, reviews. */

export const DEMO_RESOURCE_CATEGORIES = [
  {
    name: 'Lesson Plans',
    slug: 'lesson-plans',
    description: 'Ready-to-teach class plans and term outlines.',
  },
  { name: 'Music & Audio', slug: 'music-audio', description: 'Class music, counts and warm-up tracks.' },
  { name: 'Choreography', slug: 'choreography', description: 'Routines, notation and demonstration videos.' },
  { name: 'Assessment', slug: 'assessment', description: 'Worksheets, rubrics and progress trackers.' },
];

/** Store sellers beyond the demo accounts (same demo password). */
export const DEMO_STORE_SELLERS = [
  { username: 'studio', firstName: 'Stella', lastName: 'Studio' },
  { username: 'rhythm', firstName: 'Remy', lastName: 'Rhythm' },
];

export const DEMO_SELLER_PROFILES: Record<string, { storeName: string; bio: string; payoutStatus: string }> =
  {
    seller: {
      storeName: "Sam's Dance Resources",
      bio: 'Lesson plans and worksheets from twenty years of teaching studio classes.',
      payoutStatus: 'active',
    },
    multi: {
      storeName: 'Max Moves Curriculum',
      bio: 'Hip hop and street dance material for teen classes.',
      payoutStatus: 'pending',
    },
    studio: {
      storeName: 'Barre & Beyond',
      bio: 'Ballet class music and syllabus support for young dancers.',
      payoutStatus: 'active',
    },
    rhythm: {
      storeName: 'Rhythm Lab',
      bio: 'Tap, swing and Latin teaching packs.',
      payoutStatus: 'not_started',
    },
  };

export interface DemoResource {
  title: string;
  description: string;
  type: string;
  danceStyle: string;
  ageGroup: string;
  skillLevel: string;
  category: string;
  priceCents: number;
  seller: string;
  status?: 'draft' | 'published' | 'rejected';
  rejectionReason?: string;
  featured?: boolean;
  downloads: number;
  file: { name: string; contentType: string };
  /** Reviews as [username, rating, body]; each reviewer is granted the resource. */
  reviews?: [string, number, string][];
}

export const DEMO_RESOURCES: DemoResource[] = [
  {
    title: 'Ballet Basics Lesson Plan Pack',
    description: 'Twelve weekly lesson plans for a first ballet term: barre, centre and simple allegro.',
    type: 'document',
    danceStyle: 'Ballet',
    ageGroup: 'Children (5-8)',
    skillLevel: 'Beginner',
    category: 'Lesson Plans',
    priceCents: 1200,
    seller: 'seller',
    featured: true,
    downloads: 120,
    file: { name: 'ballet-basics-lesson-plans.pdf', contentType: 'application/pdf' },
    reviews: [
      ['member', 5, 'Clear plans that my six-year-olds loved.'],
      ['instructor', 4, 'Solid structure; I added my own music.'],
    ],
  },
  {
    title: 'Hip Hop Warm-Up Mix',
    description: 'A 30-minute warm-up track at 95 BPM with counted intros for teen classes.',
    type: 'audio',
    danceStyle: 'Hip Hop',
    ageGroup: 'Teen (13-17)',
    skillLevel: 'Mixed Levels',
    category: 'Music & Audio',
    priceCents: 800,
    seller: 'multi',
    featured: true,
    downloads: 340,
    file: { name: 'hip-hop-warm-up.mp3', contentType: 'audio/mpeg' },
    reviews: [['member', 4, 'Great energy for the start of class.']],
  },
  {
    title: 'Contemporary Floorwork Tutorial',
    description: 'A step-by-step video on safe floorwork transitions, spirals and rolls.',
    type: 'video',
    danceStyle: 'Contemporary',
    ageGroup: 'Adult (18+)',
    skillLevel: 'Intermediate',
    category: 'Choreography',
    priceCents: 2500,
    seller: 'seller',
    featured: true,
    downloads: 75,
    file: { name: 'contemporary-floorwork.mp4', contentType: 'video/mp4' },
    reviews: [['instructor', 5, 'The best breakdown of floorwork I have seen.']],
  },
  {
    title: 'Tap Rhythm Notation Posters',
    description: 'Printable posters of basic tap steps with rhythm notation for the studio wall.',
    type: 'image',
    danceStyle: 'Tap',
    ageGroup: 'All Ages',
    skillLevel: 'Beginner',
    category: 'Lesson Plans',
    priceCents: 500,
    seller: 'rhythm',
    featured: true,
    downloads: 60,
    file: { name: 'tap-notation-posters.png', contentType: 'image/png' },
    reviews: [
      ['member', 3, 'Nice designs, a little small when printed.'],
      ['multi', 4, 'Useful for my younger tap class.'],
    ],
  },
  {
    title: 'Jazz Combination Cue Cards',
    description: 'Short text cue cards for twenty classic jazz combinations, with counts.',
    type: 'text',
    danceStyle: 'Jazz',
    ageGroup: 'Pre-Teen (9-12)',
    skillLevel: 'Intermediate',
    category: 'Choreography',
    priceCents: 600,
    seller: 'studio',
    downloads: 45,
    file: { name: 'jazz-cue-cards.txt', contentType: 'text/plain' },
  },
  {
    title: 'Student Progress Tracker Spreadsheet',
    description: 'Track attendance, exam readiness and technique goals for a whole class.',
    type: 'spreadsheet',
    danceStyle: 'Other',
    ageGroup: 'All Ages',
    skillLevel: 'Mixed Levels',
    category: 'Assessment',
    priceCents: 900,
    seller: 'seller',
    downloads: 210,
    file: {
      name: 'progress-tracker.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    reviews: [['member', 5, 'Saves me hours every term.']],
  },
  {
    title: 'Swing Dance Social Games Kit',
    description: 'Partner-rotation games and icebreakers for swing socials and beginner classes.',
    type: 'other',
    danceStyle: 'Swing',
    ageGroup: 'Adult (18+)',
    skillLevel: 'Beginner',
    category: 'Lesson Plans',
    priceCents: 700,
    seller: 'rhythm',
    downloads: 30,
    file: { name: 'swing-games-kit.zip', contentType: 'application/zip' },
  },
  {
    title: 'Ballet Class Piano Music Volume 1',
    description: 'Piano recordings for barre and centre: pliés, tendus, adagio and petit allegro.',
    type: 'audio',
    danceStyle: 'Ballet',
    ageGroup: 'All Ages',
    skillLevel: 'Mixed Levels',
    category: 'Music & Audio',
    priceCents: 1500,
    seller: 'studio',
    downloads: 400,
    file: { name: 'ballet-piano-vol1.mp3', contentType: 'audio/mpeg' },
    reviews: [
      ['member', 5, 'Beautiful playing and perfect tempos.'],
      ['instructor', 5, 'I use it every single class.'],
    ],
  },
  {
    title: 'Latin Rhythms Assessment Rubric',
    description: 'A marking rubric for cha-cha, samba and rumba with timing and posture criteria.',
    type: 'document',
    danceStyle: 'Latin',
    ageGroup: 'Teen (13-17)',
    skillLevel: 'Advanced',
    category: 'Assessment',
    priceCents: 0,
    seller: 'rhythm',
    downloads: 150,
    file: { name: 'latin-rubric.pdf', contentType: 'application/pdf' },
  },
  {
    title: 'Breakdance Footwork Drills',
    description: 'Video drills for six-step, three-step and CC variations with slow-motion breakdowns.',
    type: 'video',
    danceStyle: 'Breakdance',
    ageGroup: 'Teen (13-17)',
    skillLevel: 'Intermediate',
    category: 'Choreography',
    priceCents: 1800,
    seller: 'multi',
    downloads: 90,
    file: { name: 'breakdance-footwork.mp4', contentType: 'video/mp4' },
    reviews: [['member', 2, 'Good drills but the video is quite dark.']],
  },
  {
    title: 'Toddler Creative Movement Activities',
    description: 'Forty short movement games with props for toddlers, each with a simple song.',
    type: 'document',
    danceStyle: 'Modern',
    ageGroup: 'Toddler (2-4)',
    skillLevel: 'Beginner',
    category: 'Lesson Plans',
    priceCents: 1000,
    seller: 'studio',
    downloads: 5,
    file: { name: 'toddler-activities.pdf', contentType: 'application/pdf' },
  },
  {
    title: 'Ballroom Competition Choreography Notes',
    description: 'Professional waltz and foxtrot choreography notes with alignment and footwork.',
    type: 'text',
    danceStyle: 'Ballroom',
    ageGroup: 'Adult (18+)',
    skillLevel: 'Professional',
    category: 'Choreography',
    priceCents: 3500,
    seller: 'seller',
    downloads: 12,
    file: { name: 'ballroom-choreography.txt', contentType: 'text/plain' },
  },
  {
    title: 'Folk Dance Around the World Slides',
    description: 'Image slides introducing ten folk dances, their costumes and their music.',
    type: 'image',
    danceStyle: 'Folk',
    ageGroup: 'Senior (55+)',
    skillLevel: 'Beginner',
    category: 'Lesson Plans',
    priceCents: 400,
    seller: 'rhythm',
    downloads: 20,
    file: { name: 'folk-slides.png', contentType: 'image/png' },
  },
  {
    title: 'Hip Hop Choreography Planner',
    description: 'A draft planner for building eight-count routines; not yet published.',
    type: 'spreadsheet',
    danceStyle: 'Hip Hop',
    ageGroup: 'Teen (13-17)',
    skillLevel: 'Intermediate',
    category: 'Choreography',
    priceCents: 500,
    seller: 'multi',
    status: 'draft',
    downloads: 0,
    file: { name: 'choreo-planner.csv', contentType: 'text/csv' },
  },
  {
    title: 'Unlicensed Pop Song Compilation',
    description: 'A compilation of chart songs for class.',
    type: 'audio',
    danceStyle: 'Jazz',
    ageGroup: 'All Ages',
    skillLevel: 'Mixed Levels',
    category: 'Music & Audio',
    priceCents: 300,
    seller: 'seller',
    status: 'rejected',
    rejectionReason: 'The recordings are not licensed for resale.',
    downloads: 0,
    file: { name: 'pop-compilation.mp3', contentType: 'audio/mpeg' },
  },
];
