import { Box, Image } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { avatarCandidates, initialAvatarState, nextAvatarState, type AvatarState } from './avatarSources';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl';

export interface AvatarProps {
  src?: string | null;
  username?: string | null;
  name?: string | null;
  size?: AvatarSize;
}

const SIZES: Record<AvatarSize, string> = {
  xs: '24px',
  sm: '32px',
  md: '40px',
  lg: '56px',
  xl: '96px',
  '2xl': '128px',
};

/**
 * A round user picture. While the picture loads a neutral circle shows; if it fails the
 * avatar retries once under the other uploads folder, then shows a locally drawn initials
 * avatar (when a name or username exists) or the default user image.
 */
export function Avatar({ src, username, name, size = 'md' }: AvatarProps) {
  // A new picture, name or username starts the state machine afresh.
  const identity = `${src ?? ''}\u0000${username ?? ''}\u0000${name ?? ''}`;
  return <AvatarImage key={identity} src={src} username={username} name={name} size={size} />;
}

function AvatarImage({ src, username, name, size }: Required<Pick<AvatarProps, 'size'>> & AvatarProps) {
  const [now] = useState(() => Date.now());
  const candidates = useMemo(
    () => avatarCandidates({ src, username, name, now }),
    [src, username, name, now],
  );
  const [state, setState] = useState<AvatarState>(() => initialAvatarState(candidates));
  const current = candidates[state.index] ?? candidates[candidates.length - 1];
  const label = name?.trim() || username?.trim();
  const boxSize = SIZES[size];

  return (
    <Box
      position="relative"
      flexShrink={0}
      boxSize={boxSize}
      borderRadius="full"
      overflow="hidden"
      bg="gray.200"
      _dark={{ bg: 'gray.700' }}
      data-avatar-status={state.status}
      data-avatar-source={current.kind}
    >
      <Image
        src={current.url}
        alt={label ? `${label}'s avatar` : 'User avatar'}
        htmlWidth={parseInt(SIZES[size], 10)}
        htmlHeight={parseInt(SIZES[size], 10)}
        decoding="async"
        boxSize="full"
        objectFit="cover"
        // The first picture shows as the browser paints it, also in server HTML before the app has
        // started (no load event reaches it then); one tried after a failed one fades in.
        opacity={state.status === 'loading' && state.index > 0 ? 0 : 1}
        transition="opacity 0.15s ease-in"
        onLoad={() => setState((s) => nextAvatarState(s, 'load', candidates))}
        onError={() => setState((s) => nextAvatarState(s, 'error', candidates))}
      />
    </Box>
  );
}
