/** "1 licence", "3 licences": how many licences a resource line bought (its quantity). */
export function licenceLabel(count: number): string {
  return `${count} ${count === 1 ? 'licence' : 'licences'}`;
}

/** A resource line of quantity N is N licences: the buyer's own and N − 1 to give. */
export function licencesToGive(quantity: number, given: number): number {
  return Math.max(0, quantity - 1 - given);
}
