/**
 * What Stripe still needs from a connected account, in plain words for the payee (the keys of
 * `requirements.currently_due` and `requirements.disabled_reason`: Stripe's Connect docs, "Handle
 * verification"). Keys not listed here are spelled out from their last parts.
 */

const EXACT: Record<string, string> = {
  external_account: 'A bank account for your payouts',
  'tos_acceptance.date': 'Accept Stripe’s terms of service',
  'tos_acceptance.ip': 'Accept Stripe’s terms of service',
  business_type: 'Whether you sell as an individual or a company',
  'business_profile.url': 'Your website or a short description of what you offer',
  'business_profile.product_description': 'Your website or a short description of what you offer',
  'business_profile.mcc': 'Your business category',
  'business_profile.support_phone': 'A support phone number',
  'individual.verification.document': 'A photo ID (passport, driving licence or ID card)',
  'individual.verification.additional_document': 'A document that proves your address',
  'individual.id_number': 'Your full Social Security number or tax ID',
  'individual.ssn_last_4': 'The last 4 digits of your Social Security number',
  'individual.email': 'Your email address',
  'individual.phone': 'Your phone number',
  'company.tax_id': 'Your company’s tax ID',
  'company.name': 'Your company’s legal name',
  'company.phone': 'Your company’s phone number',
  'company.owners_provided': 'Who owns your company',
  'company.directors_provided': 'Who directs your company',
  'company.executives_provided': 'Who runs your company',
};

const PREFIX: [RegExp, string][] = [
  [/^individual\.(first_name|last_name)$/, 'Your legal name'],
  [/^individual\.dob\./, 'Your date of birth'],
  [/^individual\.address\./, 'Your home address'],
  [/^company\.address\./, 'Your company’s address'],
  [/^company\.verification\./, 'A document that verifies your company'],
  [/^representative\./, 'Details of the person who represents your company'],
  [/^(owners|directors|executives|person_[^.]+)\./, 'Details of the people behind your company'],
];

const words = (key: string) => {
  const text = key.split('.').slice(-2).join(' ').replace(/_/g, ' ').trim();
  return text ? text[0].toUpperCase() + text.slice(1) : key;
};

/** One requirement key in plain words. */
export function requirementInWords(key: string): string {
  if (EXACT[key]) return EXACT[key];
  for (const [pattern, text] of PREFIX) if (pattern.test(key)) return text;
  return words(key);
}

/** The requirement keys in plain words, each said once, in Stripe's order. */
export function requirementsInWords(keys: readonly string[]): string[] {
  return [...new Set(keys.map(requirementInWords))];
}

/** Why Stripe holds the account back (`requirements.disabled_reason`) in plain words; null for none. */
export function disabledReasonInWords(reason: string | null | undefined): string | null {
  if (!reason) return null;
  if (reason === 'requirements.past_due' || reason === 'action_required.requested_capabilities') {
    return 'Stripe has paused this account until it gets the details listed here.';
  }
  if (reason === 'requirements.pending_verification') {
    return 'Stripe is checking the details you gave; this usually takes from a few minutes to a couple of days.';
  }
  if (reason === 'under_review' || reason === 'listed') {
    return 'Stripe is reviewing this account; it will contact you if it needs anything.';
  }
  if (reason.startsWith('rejected.')) {
    return 'Stripe has rejected this account, so it cannot receive money. Please contact DRX support.';
  }
  if (reason === 'platform_paused')
    return 'DRX has paused transfers to this account. Please contact DRX support.';
  return 'Stripe is holding this account back for now.';
}
