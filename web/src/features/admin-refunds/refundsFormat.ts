/** "No failed tries yet", "1 failed try", "3 failed tries". */
export function attemptsLabel(attempts: number): string {
  if (attempts <= 0) return 'No failed tries yet';
  return `${attempts} failed ${attempts === 1 ? 'try' : 'tries'}`;
}
