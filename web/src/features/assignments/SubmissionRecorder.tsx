import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Circle, Square, Video } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useRecorder } from './useRecorder';

/** "Record with camera": a live preview, record / stop, then "Submit recording" hands the WebM over. */
export function SubmissionRecorder({
  disabled,
  onRecorded,
}: {
  disabled: boolean;
  onRecorded: (b: Blob) => void;
}) {
  const rec = useRecorder();
  const preview = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (preview.current) preview.current.srcObject = rec.stream;
  }, [rec.stream]);

  return (
    <Stack gap={2}>
      {rec.state === 'idle' ? (
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          disabled={disabled}
          onClick={() => void rec.openCamera()}
        >
          <Video aria-hidden /> Record with camera
        </Button>
      ) : null}
      {rec.stream ? (
        <Box maxW="md" borderRadius="l2" overflow="hidden" bg="black">
          <video
            ref={preview}
            autoPlay
            muted
            playsInline
            aria-label="Camera preview"
            style={{ width: '100%' }}
          />
        </Box>
      ) : null}
      <HStack>
        {rec.state === 'previewing' ? (
          <Button size="sm" colorPalette="red" onClick={rec.start}>
            <Circle aria-hidden /> Start recording
          </Button>
        ) : null}
        {rec.state === 'recording' ? (
          <Button size="sm" onClick={rec.stop}>
            <Square aria-hidden /> Stop
          </Button>
        ) : null}
        {rec.state === 'recorded' && rec.recording ? (
          <>
            <Button
              size="sm"
              disabled={disabled}
              onClick={() => {
                onRecorded(rec.recording!);
                rec.reset();
              }}
            >
              Submit recording
            </Button>
            <Button size="sm" variant="ghost" onClick={rec.reset}>
              Discard
            </Button>
          </>
        ) : null}
      </HStack>
      {rec.error ? (
        <Text fontSize="sm" color="fg.error">
          {rec.error}
        </Text>
      ) : null}
    </Stack>
  );
}
