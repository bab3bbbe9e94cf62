import {
  isStrongPassword,
  LIMITS,
  missingPasswordCriteria,
  type PasswordCriterion,
  passwordCriteriaMet,
} from '@prodify/contract';

/** The screens' words for the contract's password rule (ADR 0006): the original's texts. */
export const REGISTER_STRONG = 'Strong';
export const REGISTER_WEAK = 'Weak: Use 8+ chars, upper/lowercase, number, and symbol';

/** Register: 'Strong' only when all five criteria hold. */
export function registerStrengthMessage(password: string): string {
  return isStrongPassword(password) ? REGISTER_STRONG : REGISTER_WEAK;
}

export type SettingsStrength = 'Weak' | 'Medium' | 'Strong';

/** Settings: 2 or fewer criteria is Weak, 3 is Medium, 4 or more is Strong (advisory only). */
export function settingsStrength(password: string): SettingsStrength {
  const met = passwordCriteriaMet(password);
  if (met <= 2) return 'Weak';
  if (met === 3) return 'Medium';
  return 'Strong';
}

export interface StrengthLabel {
  level: 'weak' | 'medium' | 'strong';
  text: string;
}

/** The live label of a new password: register's message, or settings' 'Strength: …'. */
export function strengthLabel(screen: 'register' | 'settings', password: string): StrengthLabel {
  if (screen === 'settings') {
    const strength = settingsStrength(password);
    return {
      level: strength.toLowerCase() as StrengthLabel['level'],
      text: `Strength: ${strength}`,
    };
  }
  const text = registerStrengthMessage(password);
  return { level: text === REGISTER_STRONG ? 'strong' : 'weak', text };
}

/**
 * The criteria the server would refuse `password` for, so that the form can say so before
 * submit: register needs only the length (the other four are advice there, as in the
 * original), settings needs all five (ADR 0006).
 */
export function refusedCriteria(
  screen: 'register' | 'settings',
  password: string,
): PasswordCriterion[] {
  const missing = missingPasswordCriteria(password);
  return screen === 'settings' ? missing : missing.filter((criterion) => criterion === 'length');
}

const CRITERION_TEXT: Record<PasswordCriterion, string> = {
  length: `${LIMITS.passwordMin}+ characters`,
  upper: 'an upper-case letter',
  lower: 'a lower-case letter',
  digit: 'a number',
  symbol: 'a symbol',
};

const LIST = new Intl.ListFormat('en', { type: 'conjunction' });

/** 'Missing: a number and a symbol'; empty when nothing is missing. */
export function missingText(missing: readonly PasswordCriterion[]): string {
  return missing.length ? `Missing: ${LIST.format(missing.map((c) => CRITERION_TEXT[c]))}` : '';
}
