import { useQuery } from '@apollo/client/react';
import { NativeSelect } from '@chakra-ui/react';
import { CourseInstructorCandidatesQueryDocument } from './adminCourseDocuments';

export interface InstructorOption {
  id: string;
  username: string;
  displayName: string;
  firstName?: string | null;
  lastName?: string | null;
}

/** "Ines Instructor (@instructor)". */
export function instructorLabel(user: InstructorOption): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.displayName;
  return `${name} (@${user.username})`;
}

/** A select of the users with the instructor role (staff only). */
export function InstructorSelect({
  value,
  onChange,
  current,
  placeholder,
  disabled,
  label,
  size = 'md',
}: {
  value: string;
  onChange: (id: string) => void;
  /** The present instructor, listed even when they no longer hold the role. */
  current?: InstructorOption | null;
  placeholder?: string;
  disabled?: boolean;
  label?: string;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { data, loading } = useQuery(CourseInstructorCandidatesQueryDocument);
  const candidates = data?.courseInstructorCandidates ?? [];
  const options =
    current && !candidates.some((c) => c.id === current.id) ? [current, ...candidates] : candidates;
  return (
    <NativeSelect.Root size={size} disabled={disabled || (loading && !data)}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((u) => (
          <option key={u.id} value={u.id}>
            {instructorLabel(u)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
