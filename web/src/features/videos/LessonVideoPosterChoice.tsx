import { useMutation } from '@apollo/client/react';
import { Box, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { LessonHostedVideoFragment } from '../../gql/graphql';
import { toaster } from '../../ui/toaster';
import { ChooseLessonVideoPosterMutationDocument } from './videoDocuments';

/**
 * The poster choice in the editor: the candidate frames processing extracted, as radio buttons
 * (keyboard: arrows), the chosen one marked; choosing saves at once (chooseLessonVideoPoster).
 */
export function LessonVideoPosterChoice({
  video,
  onChanged,
}: {
  video: Pick<LessonHostedVideoFragment, 'id' | 'posterChoice' | 'posterCandidateUrls'>;
  onChanged: () => void;
}) {
  const [choose, choosing] = useMutation(ChooseLessonVideoPosterMutationDocument);
  if (!video.posterCandidateUrls.length) return null;

  async function pick(candidate: number) {
    const { data } = await choose({ variables: { videoId: video.id, candidate } });
    const errors = data?.chooseLessonVideoPoster.userErrors ?? [];
    if (errors.length)
      toaster.create({ title: 'Poster not changed', description: errors[0].message, type: 'error' });
    else onChanged();
  }

  return (
    <Stack gap={1} as="fieldset" data-testid="poster-choice">
      <Text as="legend" fontWeight="medium" fontSize="sm" mb={1}>
        Poster frame
      </Text>
      <HStack gap={2} flexWrap="wrap">
        {video.posterCandidateUrls.map((url, i) => {
          const chosen = video.posterChoice === i;
          return (
            <Box
              as="label"
              key={url.split('?')[0]}
              borderWidth="3px"
              borderColor={chosen ? 'teal.500' : 'transparent'}
              borderRadius="l2"
              cursor="pointer"
              _focusWithin={{ outline: '2px solid', outlineColor: 'teal.600', outlineOffset: '2px' }}
              data-chosen={chosen ? 'true' : 'false'}
            >
              <input
                type="radio"
                name={`poster-${video.id}`}
                checked={chosen}
                disabled={choosing.loading}
                onChange={() => void pick(i)}
                aria-label={`Poster frame ${i + 1} of ${video.posterCandidateUrls.length}`}
                style={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
              />
              <Image src={url} alt="" w="28" borderRadius="l1" display="block" />
            </Box>
          );
        })}
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {video.posterChoice === null
          ? 'The default frame is shown until you choose one.'
          : 'Shown before the video plays.'}
      </Text>
    </Stack>
  );
}
