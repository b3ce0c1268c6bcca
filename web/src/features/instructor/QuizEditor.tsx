import {
  Badge,
  Box,
  Button,
  Checkbox,
  Field,
  Heading,
  HStack,
  IconButton,
  Input,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { ArrowDown, ArrowUp, Check, Pencil, Plus, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ConfirmButton, plural, useCourseMutation } from '../courses';
import {
  blankOptions,
  type DraftOption,
  draftOptions,
  moveId,
  newOptionKey,
  optionsForKind,
  QUESTION_KINDS,
  type QuestionKind,
  toggleCorrect,
} from './authoring';
import {
  QuizCreateMutationDocument,
  QuizDeleteMutationDocument,
  QuizQuestionCreateMutationDocument,
  QuizQuestionDeleteMutationDocument,
  QuizQuestionsReorderMutationDocument,
  QuizQuestionUpdateMutationDocument,
  QuizUpdateMutationDocument,
} from './authoringDocuments';
import type { QuizShowAnswers } from '../../gql/graphql';
import type { CurriculumModule } from './curriculum';

type CurriculumQuiz = CurriculumModule['quizzes'][number];
type CurriculumQuestion = CurriculumQuiz['questions'][number];

const MAX_OPTIONS = 10;

/** When learners see the correct answers (the quiz's showAnswers); which were wrong is always shown. */
const SHOW_ANSWERS_OPTIONS: [QuizShowAnswers, string][] = [
  ['AFTER_PASSING', 'After passing'],
  ['AFTER_LAST_ATTEMPT', 'After passing or the last attempt'],
  ['NEVER', 'Never'],
];
const SHOW_ANSWERS_SUMMARY: Record<QuizShowAnswers, string> = {
  AFTER_PASSING: 'answers shown after passing',
  AFTER_LAST_ATTEMPT: 'answers shown after passing or the last attempt',
  NEVER: 'answers never shown',
};

/** The quizzes of a module: settings, and their questions with answers. */
export function QuizzesEditor({ module }: { module: CurriculumModule }) {
  return (
    <Stack gap={3}>
      <Heading as="h3" size="sm" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        Quizzes
      </Heading>
      {module.quizzes.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No quiz in this module. Learners must pass every quiz to complete the course.
        </Text>
      ) : (
        module.quizzes.map((quiz) => <QuizPanel key={quiz.id} quiz={quiz} module={module} />)
      )}
      <AddQuizForm moduleId={module.id} />
    </Stack>
  );
}

function AddQuizForm({ moduleId }: { moduleId: string }) {
  const create = useCourseMutation(QuizCreateMutationDocument, 'Quiz not added');
  const [title, setTitle] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await create.run({ moduleId, title }, 'Quiz added')) setTitle('');
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Add a quiz">
      <HStack align="flex-end" gap={2}>
        <Field.Root invalid={Boolean(create.fieldError('title'))} flex="1">
          <Field.Label fontSize="sm">New quiz title</Field.Label>
          <Input
            size="sm"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="e.g. Module check"
          />
          <Field.ErrorText>{create.fieldError('title')}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" size="sm" variant="outline" loading={create.loading}>
          <Plus aria-hidden /> Add quiz
        </Button>
      </HStack>
    </form>
  );
}

function QuizPanel({ quiz, module }: { quiz: CurriculumQuiz; module: CurriculumModule }) {
  const update = useCourseMutation(QuizUpdateMutationDocument, 'Quiz not saved');
  const remove = useCourseMutation(QuizDeleteMutationDocument, 'Quiz not deleted');
  const reorder = useCourseMutation(QuizQuestionsReorderMutationDocument, 'Question not moved');
  const [title, setTitle] = useState(quiz.title);
  const [passMark, setPassMark] = useState(String(quiz.passMarkPercent));
  const [attempts, setAttempts] = useState(String(quiz.attemptsAllowed));
  const [showAnswers, setShowAnswers] = useState<QuizShowAnswers>(quiz.showAnswers);
  const [lessonId, setLessonId] = useState(quiz.lessonId ?? '');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const questionIds = quiz.questions.map((q) => q.id);

  function saveSettings(event: FormEvent) {
    event.preventDefault();
    const number = (text: string) =>
      text.trim() === '' || !Number.isFinite(Number(text)) ? -1 : Math.round(Number(text));
    void update.run(
      {
        quizId: quiz.id,
        title,
        passMarkPercent: number(passMark),
        attemptsAllowed: number(attempts),
        showAnswers,
        lessonId: lessonId || null,
      },
      'Quiz saved',
    );
  }

  return (
    <Box
      borderWidth="1px"
      borderRadius="l2"
      p={4}
      bg="bg.subtle"
      as="section"
      aria-label={`Quiz: ${quiz.title}`}
      data-testid="quiz-panel"
    >
      <Stack gap={4}>
        <HStack justify="space-between" wrap="wrap">
          <HStack gap={2}>
            <Badge colorPalette="orange">Quiz</Badge>
            <Text fontWeight="semibold">{quiz.title}</Text>
            <Text fontSize="sm" color="fg.muted">
              {plural(quiz.questions.length, 'question')} · pass at {quiz.passMarkPercent}% ·{' '}
              {quiz.attemptsAllowed ? plural(quiz.attemptsAllowed, 'attempt') : 'unlimited attempts'} ·{' '}
              {SHOW_ANSWERS_SUMMARY[quiz.showAnswers]}
            </Text>
          </HStack>
          <ConfirmButton
            size="xs"
            variant="ghost"
            colorPalette="red"
            title={`Delete the quiz "${quiz.title}"?`}
            description="Its questions and your students' attempts are deleted too."
            onConfirm={async () => Boolean(await remove.run({ quizId: quiz.id }, 'Quiz deleted'))}
          >
            Delete quiz
          </ConfirmButton>
        </HStack>

        <form onSubmit={saveSettings} noValidate aria-label={`Quiz settings of ${quiz.title}`}>
          <SimpleGrid columns={{ base: 1, md: 5 }} gap={3} alignItems="end">
            <Field.Root invalid={Boolean(update.fieldError('title'))}>
              <Field.Label fontSize="sm">Quiz title</Field.Label>
              <Input size="sm" bg="bg" value={title} onChange={(e) => setTitle(e.target.value)} />
              <Field.ErrorText>{update.fieldError('title')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(update.fieldError('passMarkPercent'))}>
              <Field.Label fontSize="sm">Pass mark (%)</Field.Label>
              <Input
                size="sm"
                bg="bg"
                inputMode="numeric"
                value={passMark}
                onChange={(e) => setPassMark(e.target.value)}
              />
              <Field.ErrorText>{update.fieldError('passMarkPercent')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(update.fieldError('attemptsAllowed'))}>
              <Field.Label fontSize="sm">Attempts allowed (0 = unlimited)</Field.Label>
              <Input
                size="sm"
                bg="bg"
                inputMode="numeric"
                value={attempts}
                onChange={(e) => setAttempts(e.target.value)}
              />
              <Field.ErrorText>{update.fieldError('attemptsAllowed')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(update.fieldError('showAnswers'))}>
              <Field.Label fontSize="sm">Show answers</Field.Label>
              <NativeSelect.Root size="sm" bg="bg">
                <NativeSelect.Field
                  value={showAnswers}
                  onChange={(e) => setShowAnswers(e.target.value as QuizShowAnswers)}
                >
                  {SHOW_ANSWERS_OPTIONS.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{update.fieldError('showAnswers')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(update.fieldError('lessonId'))}>
              <Field.Label fontSize="sm">After lesson</Field.Label>
              <NativeSelect.Root size="sm" bg="bg">
                <NativeSelect.Field value={lessonId} onChange={(e) => setLessonId(e.target.value)}>
                  <option value="">End of the module</option>
                  {module.lessons.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.title}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{update.fieldError('lessonId')}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <HStack justify="flex-end" mt={3}>
            <Button type="submit" size="xs" variant="outline" bg="bg" loading={update.loading}>
              Save quiz settings
            </Button>
          </HStack>
        </form>

        <Stack gap={2}>
          {quiz.questions.map((question, index) =>
            editing === question.id ? (
              <QuestionEditor
                key={question.id}
                quizId={quiz.id}
                question={question}
                number={index + 1}
                onDone={() => setEditing(null)}
              />
            ) : (
              <HStack
                key={question.id}
                borderWidth="1px"
                borderRadius="l2"
                bg="bg"
                px={3}
                py={2}
                gap={3}
                align="flex-start"
                data-testid="question-item"
              >
                <Text color="fg.muted" fontSize="sm" pt={0.5}>
                  {index + 1}.
                </Text>
                <Stack gap={1} flex="1">
                  <Text fontWeight="medium">{question.prompt}</Text>
                  <List.Root variant="plain" fontSize="sm" gap={0.5}>
                    {question.options.map((o) => {
                      const correct = question.correctOptionIds.includes(o.id);
                      return (
                        <List.Item
                          key={o.id}
                          color={correct ? 'green.fg' : 'fg.muted'}
                          display="flex"
                          gap={1.5}
                          alignItems="center"
                        >
                          {correct ? <Check size={14} aria-label="Correct" /> : <X size={14} aria-hidden />}
                          {o.text}
                        </List.Item>
                      );
                    })}
                  </List.Root>
                </Stack>
                <Badge size="sm" variant="outline">
                  {QUESTION_KINDS.find((k) => k.value === question.kind)?.label ?? question.kind}
                </Badge>
                <HStack gap={0}>
                  <IconButton
                    aria-label={`Move question ${index + 1} up`}
                    size="xs"
                    variant="ghost"
                    disabled={index === 0 || reorder.loading}
                    onClick={() =>
                      void reorder.run({ quizId: quiz.id, questionIds: moveId(questionIds, index, -1) })
                    }
                  >
                    <ArrowUp />
                  </IconButton>
                  <IconButton
                    aria-label={`Move question ${index + 1} down`}
                    size="xs"
                    variant="ghost"
                    disabled={index === questionIds.length - 1 || reorder.loading}
                    onClick={() =>
                      void reorder.run({ quizId: quiz.id, questionIds: moveId(questionIds, index, 1) })
                    }
                  >
                    <ArrowDown />
                  </IconButton>
                  <IconButton
                    aria-label={`Edit question ${index + 1}`}
                    size="xs"
                    variant="ghost"
                    onClick={() => setEditing(question.id)}
                  >
                    <Pencil />
                  </IconButton>
                </HStack>
              </HStack>
            ),
          )}
          {adding ? (
            <QuestionEditor
              quizId={quiz.id}
              number={quiz.questions.length + 1}
              onDone={() => setAdding(false)}
            />
          ) : (
            <Box>
              <Button size="sm" variant="outline" bg="bg" onClick={() => setAdding(true)}>
                <Plus aria-hidden /> Add question
              </Button>
            </Box>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

/** Writes a new question, or edits a saved one (kind, prompt, options and answers, explanation). */
function QuestionEditor({
  quizId,
  question,
  number,
  onDone,
}: {
  quizId: string;
  question?: CurriculumQuestion;
  number: number;
  onDone: () => void;
}) {
  const create = useCourseMutation(QuizQuestionCreateMutationDocument, 'Question not added');
  const update = useCourseMutation(QuizQuestionUpdateMutationDocument, 'Question not saved');
  const remove = useCourseMutation(QuizQuestionDeleteMutationDocument, 'Question not deleted');
  const [kind, setKind] = useState<QuestionKind>((question?.kind as QuestionKind) ?? 'single');
  const [prompt, setPrompt] = useState(question?.prompt ?? '');
  const [options, setOptions] = useState<DraftOption[]>(() =>
    question ? draftOptions(question.options, question.correctOptionIds) : blankOptions('single'),
  );
  const [explanation, setExplanation] = useState(question?.explanation ?? '');
  const saving = question ? update : create;
  const errorOf = (field: string) => saving.fieldError(field);
  const otherErrors = saving.userErrors.filter(
    (e) => !['prompt', 'options', 'kind', 'explanation'].includes(e.field ?? ''),
  );

  function changeKind(next: QuestionKind) {
    setKind(next);
    setOptions((current) => optionsForKind(next, current));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = {
      kind,
      prompt,
      options: options.map((o) => ({ id: o.id ?? null, text: o.text, correct: o.correct })),
      explanation: explanation.trim() || null,
    };
    const done = question
      ? await update.run({ questionId: question.id, ...input }, 'Question saved')
      : await create.run({ quizId, ...input }, 'Question added');
    if (done) onDone();
  }

  const single = kind !== 'multiple';
  return (
    <Box borderWidth="2px" borderColor="brand.emphasized" borderRadius="l2" bg="bg" p={4}>
      <form onSubmit={submit} noValidate aria-label={question ? `Edit question ${number}` : 'New question'}>
        <Stack gap={4}>
          <HStack justify="space-between">
            <Text fontWeight="semibold">{question ? `Question ${number}` : 'New question'}</Text>
            <NativeSelect.Root size="sm" width="auto">
              <NativeSelect.Field
                aria-label="Question kind"
                value={kind}
                onChange={(e) => changeKind(e.target.value as QuestionKind)}
              >
                {QUESTION_KINDS.map((k) => (
                  <option key={k.value} value={k.value}>
                    {k.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
          <Field.Root invalid={Boolean(errorOf('prompt'))}>
            <Field.Label>Question</Field.Label>
            <Textarea rows={2} value={prompt} onChange={(e) => setPrompt(e.target.value)} />
            <Field.ErrorText>{errorOf('prompt')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errorOf('options'))}>
            <Field.Label>
              {single ? 'Options (mark the one correct answer)' : 'Options (mark every correct answer)'}
            </Field.Label>
            <Stack gap={2} width="full">
              {options.map((option, index) => (
                <HStack key={option.key} gap={2}>
                  <Checkbox.Root
                    checked={option.correct}
                    onCheckedChange={(d) =>
                      setOptions((current) => toggleCorrect(kind, current, index, d.checked === true))
                    }
                    aria-label={`Option ${index + 1} is correct`}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                  </Checkbox.Root>
                  <Input
                    size="sm"
                    aria-label={`Option ${index + 1}`}
                    value={option.text}
                    readOnly={kind === 'true_false'}
                    onChange={(e) =>
                      setOptions((current) =>
                        current.map((o, i) => (i === index ? { ...o, text: e.target.value } : o)),
                      )
                    }
                  />
                  {kind !== 'true_false' ? (
                    <IconButton
                      aria-label={`Remove option ${index + 1}`}
                      size="xs"
                      variant="ghost"
                      disabled={options.length <= 2}
                      onClick={() => setOptions((current) => current.filter((_, i) => i !== index))}
                    >
                      <X />
                    </IconButton>
                  ) : null}
                </HStack>
              ))}
              {kind !== 'true_false' && options.length < MAX_OPTIONS ? (
                <Box>
                  <Button
                    size="xs"
                    variant="ghost"
                    onClick={() =>
                      setOptions((current) => [...current, { key: newOptionKey(), text: '', correct: false }])
                    }
                  >
                    <Plus aria-hidden /> Add option
                  </Button>
                </Box>
              ) : null}
            </Stack>
            <Field.ErrorText>{errorOf('options')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errorOf('explanation'))}>
            <Field.Label>Explanation (shown with the result)</Field.Label>
            <Textarea rows={2} value={explanation} onChange={(e) => setExplanation(e.target.value)} />
            <Field.ErrorText>{errorOf('explanation')}</Field.ErrorText>
          </Field.Root>
          {otherErrors.length ? (
            <Text color="fg.error" fontSize="sm">
              {otherErrors.map((e) => e.message).join(' ')}
            </Text>
          ) : null}
          <HStack justify="space-between">
            {question ? (
              <ConfirmButton
                size="sm"
                variant="ghost"
                colorPalette="red"
                title="Delete this question?"
                onConfirm={async () => {
                  const done = await remove.run({ questionId: question.id }, 'Question deleted');
                  if (done) onDone();
                  return Boolean(done);
                }}
              >
                Delete question
              </ConfirmButton>
            ) : (
              <span />
            )}
            <HStack gap={2}>
              <Button size="sm" variant="ghost" onClick={onDone}>
                Cancel
              </Button>
              <Button type="submit" size="sm" loading={saving.loading}>
                {question ? 'Save question' : 'Add question'}
              </Button>
            </HStack>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}
