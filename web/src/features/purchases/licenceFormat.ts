/** "1 licence", "3 licences": quantity N of a resource is N licences (one is the buyer's). */
export function licenceLabel(count: number): string {
  return `${count} ${count === 1 ? 'licence' : 'licences'}`;
}

/** What a line's quantity says under its title: "Course" or "Resource · 3 licences". */
export function lineKindLabel(line: {
  itemType: string;
  quantity: number;
  licences?: number | null;
}): string {
  if (line.itemType === 'course') return 'Course';
  return `Resource · ${licenceLabel(line.licences ?? line.quantity)}`;
}

/** "1 licence left to give", "2 licences left to give". */
export function licencesLeftLabel(left: number): string {
  return `${licenceLabel(left)} left to give`;
}
