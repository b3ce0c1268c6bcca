import { describe, expect, it } from 'vitest';
import { ROLE_DESCRIPTIONS, roleDescription, roleRows } from './roleDescriptions';

const SPEC_ROLES = [
  'user',
  'admin',
  'instructor',
  'student',
  'seller',
  'booking',
  'booking_provider',
  'booking_client',
  'curriculum_officer',
  'curriculum_admin',
  'moderator',
];

describe('roleDescription', () => {
  it('describes every role value of the spec in one line', () => {
    for (const role of SPEC_ROLES) {
      const text = roleDescription(role);
      expect(text.length).toBeGreaterThan(10);
      expect(text).not.toContain('\n');
    }
    expect(Object.keys(ROLE_DESCRIPTIONS).sort()).toEqual([...SPEC_ROLES].sort());
  });

  it('says what admins and officers may do', () => {
    expect(roleDescription('admin')).toMatch(/^Everything/);
    expect(roleDescription('curriculum_officer')).toMatch(/admin area/);
  });

  it('has a neutral line for unknown values, including object keys', () => {
    expect(roleDescription('wizard')).toBe('No description yet.');
    expect(roleDescription('toString')).toBe('No description yet.');
  });
});

describe('roleRows', () => {
  it('keeps the order of the role list and fills in zero counts', () => {
    expect(
      roleRows(
        ['user', 'admin', 'seller'],
        [
          { role: 'seller', count: 2 },
          { role: 'admin', count: 1 },
        ],
      ),
    ).toEqual([
      { role: 'user', count: 0 },
      { role: 'admin', count: 1 },
      { role: 'seller', count: 2 },
    ]);
  });

  it('appends counted roles that are not in the list', () => {
    expect(roleRows(['user'], [{ role: 'legacy', count: 3 }])).toEqual([
      { role: 'user', count: 0 },
      { role: 'legacy', count: 3 },
    ]);
  });
});
