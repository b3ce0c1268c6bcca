import { toaster } from '../../ui/toaster';

/** Shows a mutation's first userError (and returns false), or the success toast (and returns true). */
export function reportResult(
  errors: readonly { message: string }[] | undefined,
  failTitle: string,
  success?: string,
): boolean {
  if (errors?.length) {
    toaster.create({ type: 'error', title: failTitle, description: errors[0].message });
    return false;
  }
  if (success) toaster.create({ type: 'success', title: success });
  return true;
}
