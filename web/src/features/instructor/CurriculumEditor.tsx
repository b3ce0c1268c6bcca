import {
  Accordion,
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Field,
  Heading,
  HStack,
  IconButton,
  Input,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { ArrowDown, ArrowUp, BookOpen, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { CourseCurriculumFragment } from '../../gql/graphql';
import { toYouTubeEmbedUrl } from '../../lib/youtube';
import { ConfirmButton, formatMinutes, plural, useCourseMutation } from '../courses';
import { moveId } from './authoring';
import {
  LessonCreateMutationDocument,
  LessonDeleteMutationDocument,
  LessonsReorderMutationDocument,
  LessonUpdateMutationDocument,
  ModuleCreateMutationDocument,
  ModuleDeleteMutationDocument,
  ModulesReorderMutationDocument,
  ModuleUpdateMutationDocument,
} from './authoringDocuments';
import type { CurriculumLesson, CurriculumModule } from './curriculum';
import { QuizzesEditor } from './QuizEditor';
import { lessonVideoSource, RequireWatchingSwitch, StepMarkerEditor } from '../practice-player';
import { LessonVideoUpload } from '../videos';
import { CourseAssignmentsSettings, ModuleAssignmentsEditor } from '../assignments';

/** Modules with their lessons and quizzes: add, rename, move and delete, all saved at once. */
export function CurriculumEditor({ course }: { course: CourseCurriculumFragment }) {
  const modules = course.curriculum;
  const ids = modules.map((m) => m.id);
  return (
    <Stack gap={5}>
      {modules.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l3">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <BookOpen />
            </EmptyState.Indicator>
            <EmptyState.Title>No modules yet</EmptyState.Title>
            <EmptyState.Description>
              Add a first module below, then its lessons. A course needs at least one lesson to be published.
            </EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        modules.map((module, index) => (
          <ModuleCard key={module.id} courseId={course.id} module={module} index={index} moduleIds={ids} />
        ))
      )}
      <AddModuleForm courseId={course.id} />
      <RequireWatchingSwitch courseId={course.id} />
      <CourseAssignmentsSettings courseId={course.id} />
    </Stack>
  );
}

function AddModuleForm({ courseId }: { courseId: string }) {
  const create = useCourseMutation(ModuleCreateMutationDocument, 'Module not added');
  const [title, setTitle] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await create.run({ courseId, title }, 'Module added')) setTitle('');
  }
  return (
    <Card.Root variant="subtle" asChild>
      <form onSubmit={submit} noValidate aria-label="Add a module">
        <Card.Body>
          <HStack align="flex-end" gap={3}>
            <Field.Root invalid={Boolean(create.fieldError('title'))} flex="1">
              <Field.Label>New module title</Field.Label>
              <Input
                bg="bg"
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                placeholder="e.g. Warm-up and alignment"
              />
              <Field.ErrorText>{create.fieldError('title')}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" loading={create.loading}>
              <Plus aria-hidden /> Add module
            </Button>
          </HStack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

function MoveButtons({
  label,
  index,
  count,
  onMove,
  disabled,
}: {
  label: string;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  disabled?: boolean;
}) {
  return (
    <HStack gap={1}>
      <IconButton
        aria-label={`Move ${label} up`}
        size="xs"
        variant="ghost"
        disabled={disabled || index === 0}
        onClick={() => onMove(-1)}
      >
        <ArrowUp />
      </IconButton>
      <IconButton
        aria-label={`Move ${label} down`}
        size="xs"
        variant="ghost"
        disabled={disabled || index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDown />
      </IconButton>
    </HStack>
  );
}

function ModuleCard({
  courseId,
  module,
  index,
  moduleIds,
}: {
  courseId: string;
  module: CurriculumModule;
  index: number;
  moduleIds: string[];
}) {
  const rename = useCourseMutation(ModuleUpdateMutationDocument, 'Module not renamed');
  const remove = useCourseMutation(ModuleDeleteMutationDocument, 'Module not deleted');
  const reorder = useCourseMutation(ModulesReorderMutationDocument, 'Modules not moved');
  const [title, setTitle] = useState(module.title);
  const [shownTitle, setShownTitle] = useState(module.title);
  if (module.title !== shownTitle) {
    setShownTitle(module.title);
    setTitle(module.title);
  }
  const minutes = module.lessons.reduce((n, l) => n + l.durationMinutes, 0);

  return (
    <Card.Root
      variant="outline"
      as="section"
      aria-label={`Module ${index + 1}: ${module.title}`}
      data-testid="module-card"
    >
      <Card.Header pb={2}>
        <Stack gap={3}>
          <HStack justify="space-between" wrap="wrap" gap={2}>
            <HStack gap={2}>
              <Badge colorPalette="brand" variant="solid">
                Module {index + 1}
              </Badge>
              <Text fontSize="sm" color="fg.muted">
                {plural(module.lessons.length, 'lesson')} · {plural(module.quizzes.length, 'quiz', 'quizzes')}
                {minutes ? ` · ${formatMinutes(minutes)}` : ''}
              </Text>
            </HStack>
            <HStack gap={1}>
              <MoveButtons
                label="module"
                index={index}
                count={moduleIds.length}
                disabled={reorder.loading}
                onMove={(delta) =>
                  void reorder.run({ courseId, moduleIds: moveId(moduleIds, index, delta) }, 'Module moved')
                }
              />
              <ConfirmButton
                size="xs"
                variant="ghost"
                colorPalette="red"
                title={`Delete the module "${module.title}"?`}
                description="Its lessons and quizzes are deleted too, with your students' progress in them."
                onConfirm={async () => Boolean(await remove.run({ moduleId: module.id }, 'Module deleted'))}
              >
                Delete module
              </ConfirmButton>
            </HStack>
          </HStack>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void rename.run({ moduleId: module.id, title }, 'Module renamed');
            }}
          >
            <HStack align="flex-end" gap={2}>
              <Field.Root invalid={Boolean(rename.fieldError('title'))} flex="1">
                <Field.Label srOnly>Module title</Field.Label>
                <Input
                  aria-label="Module title"
                  fontWeight="semibold"
                  fontSize="lg"
                  value={title}
                  onChange={(e) => setTitle(e.target.value)}
                />
                <Field.ErrorText>{rename.fieldError('title')}</Field.ErrorText>
              </Field.Root>
              {title !== module.title ? (
                <Button type="submit" size="sm" loading={rename.loading}>
                  Rename
                </Button>
              ) : null}
            </HStack>
          </form>
        </Stack>
      </Card.Header>
      <Card.Body pt={2}>
        <Stack gap={6}>
          <Stack gap={3}>
            <Heading as="h3" size="sm" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
              Lessons
            </Heading>
            {module.lessons.length ? (
              <Accordion.Root collapsible variant="enclosed" size="sm">
                {module.lessons.map((lesson, lessonIndex) => (
                  <LessonItem
                    key={lesson.id}
                    lesson={lesson}
                    index={lessonIndex}
                    moduleId={module.id}
                    lessonIds={module.lessons.map((l) => l.id)}
                  />
                ))}
              </Accordion.Root>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                No lessons in this module yet.
              </Text>
            )}
            <AddLessonForm moduleId={module.id} />
          </Stack>
          <QuizzesEditor module={module} />
          <ModuleAssignmentsEditor courseId={courseId} moduleId={module.id} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function AddLessonForm({ moduleId }: { moduleId: string }) {
  const create = useCourseMutation(LessonCreateMutationDocument, 'Lesson not added');
  const [title, setTitle] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await create.run({ moduleId, title }, 'Lesson added')) setTitle('');
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Add a lesson">
      <HStack align="flex-end" gap={2}>
        <Field.Root invalid={Boolean(create.fieldError('title'))} flex="1">
          <Field.Label fontSize="sm">New lesson title</Field.Label>
          <Input
            size="sm"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="e.g. Pliés and tendus"
          />
          <Field.ErrorText>{create.fieldError('title')}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" size="sm" variant="outline" loading={create.loading}>
          <Plus aria-hidden /> Add lesson
        </Button>
      </HStack>
    </form>
  );
}

function LessonItem({
  lesson,
  index,
  moduleId,
  lessonIds,
}: {
  lesson: CurriculumLesson;
  index: number;
  moduleId: string;
  lessonIds: string[];
}) {
  const reorder = useCourseMutation(LessonsReorderMutationDocument, 'Lesson not moved');
  return (
    <Accordion.Item value={lesson.id} data-testid="lesson-item">
      <HStack pe={2}>
        <Accordion.ItemTrigger flex="1">
          <HStack flex="1" gap={3}>
            <Text color="fg.muted" fontSize="sm" minW="5">
              {index + 1}.
            </Text>
            <Text fontWeight="medium" flex="1" textAlign="start">
              {lesson.title}
            </Text>
            {lesson.videoUrl || lesson.hostedVideo ? <Badge size="sm">Video</Badge> : null}
            {lesson.durationMinutes ? (
              <Text fontSize="xs" color="fg.muted">
                {formatMinutes(lesson.durationMinutes)}
              </Text>
            ) : null}
          </HStack>
          <Accordion.ItemIndicator />
        </Accordion.ItemTrigger>
        <MoveButtons
          label={`lesson ${lesson.title}`}
          index={index}
          count={lessonIds.length}
          disabled={reorder.loading}
          onMove={(delta) =>
            void reorder.run({ moduleId, lessonIds: moveId(lessonIds, index, delta) }, 'Lesson moved')
          }
        />
      </HStack>
      <Accordion.ItemContent>
        <Accordion.ItemBody>
          <LessonForm
            key={`${lesson.id}-${lesson.title}-${lesson.videoUrl}-${lesson.durationMinutes}-${lesson.body.length}`}
            lesson={lesson}
          />
          <LessonStepMarkers lesson={lesson} />
        </Accordion.ItemBody>
      </Accordion.ItemContent>
    </Accordion.Item>
  );
}

function LessonForm({ lesson }: { lesson: CurriculumLesson }) {
  const update = useCourseMutation(LessonUpdateMutationDocument, 'Lesson not saved');
  const remove = useCourseMutation(LessonDeleteMutationDocument, 'Lesson not deleted');
  const [title, setTitle] = useState(lesson.title);
  const [videoUrl, setVideoUrl] = useState(lesson.videoUrl ?? '');
  const [duration, setDuration] = useState(String(lesson.durationMinutes || ''));
  const [body, setBody] = useState(lesson.body);
  const embed = videoUrl.trim() ? toYouTubeEmbedUrl(videoUrl.trim()) : '';

  function submit(event: FormEvent) {
    event.preventDefault();
    const minutes = duration.trim() === '' ? 0 : Number(duration);
    void update.run(
      {
        lessonId: lesson.id,
        title,
        videoUrl: videoUrl.trim() || null,
        body,
        durationMinutes: Number.isFinite(minutes) ? Math.round(minutes) : -1,
      },
      'Lesson saved',
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit lesson ${lesson.title}`}>
      <Stack gap={4}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={4}>
          <Field.Root invalid={Boolean(update.fieldError('title'))} gridColumn={{ md: 'span 2' }}>
            <Field.Label>Lesson title</Field.Label>
            <Input value={title} onChange={(e) => setTitle(e.target.value)} />
            <Field.ErrorText>{update.fieldError('title')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(update.fieldError('durationMinutes'))}>
            <Field.Label>Duration (minutes)</Field.Label>
            <Input inputMode="numeric" value={duration} onChange={(e) => setDuration(e.target.value)} />
            <Field.ErrorText>{update.fieldError('durationMinutes')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={Boolean(update.fieldError('videoUrl'))}>
          <Field.Label>Video URL</Field.Label>
          <Input
            type="url"
            value={videoUrl}
            onChange={(e) => setVideoUrl(e.target.value)}
            placeholder="https://www.youtube.com/watch?v=…"
          />
          {update.fieldError('videoUrl') ? (
            <Field.ErrorText>{update.fieldError('videoUrl')}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              YouTube links are saved as embed links{embed && embed !== videoUrl.trim() ? `: ${embed}` : '.'}
            </Field.HelperText>
          )}
        </Field.Root>
        <LessonVideoUpload lessonId={lesson.id} video={lesson.hostedVideo} />
        <Field.Root invalid={Boolean(update.fieldError('body'))}>
          <Field.Label>Lesson text</Field.Label>
          <Textarea
            value={body}
            onChange={(e) => setBody(e.target.value)}
            rows={6}
            placeholder="What the lesson teaches. Separate paragraphs with a blank line."
          />
          <Field.ErrorText>{update.fieldError('body')}</Field.ErrorText>
        </Field.Root>
        {update.userErrors.some((e) => !e.field || e.field === 'lessonId') ? (
          <Text color="fg.error" fontSize="sm">
            {update.userErrors.map((e) => e.message).join(' ')}
          </Text>
        ) : null}
        <HStack justify="space-between">
          <ConfirmButton
            size="sm"
            variant="ghost"
            colorPalette="red"
            title={`Delete the lesson "${lesson.title}"?`}
            description="Students' progress in this lesson is deleted too."
            onConfirm={async () => Boolean(await remove.run({ lessonId: lesson.id }, 'Lesson deleted'))}
          >
            Delete lesson
          </ConfirmButton>
          <Box>
            <Button type="submit" size="sm" loading={update.loading}>
              Save lesson
            </Button>
          </Box>
        </HStack>
      </Stack>
    </form>
  );
}

/**
 * The step-marker editor, for a lesson whose video plays in the practice player (an uploaded video
 * once processed, or a file or HLS link).
 */
function LessonStepMarkers({ lesson }: { lesson: Parameters<typeof lessonVideoSource>[0] & { id: string } }) {
  const video = lessonVideoSource(lesson);
  return video?.kind === 'player' ? <StepMarkerEditor lessonId={lesson.id} video={video} /> : null;
}
