/** The five criteria both the register and the settings screens count (spec §5). */
export interface PasswordCriteria {
  length: boolean;
  upper: boolean;
  lower: boolean;
  digit: boolean;
  symbol: boolean;
}

export const MIN_STRONG_LENGTH = 8;

export function passwordCriteria(password: string): PasswordCriteria {
  return {
    length: password.length >= MIN_STRONG_LENGTH,
    upper: /[A-Z]/.test(password),
    lower: /[a-z]/.test(password),
    digit: /[0-9]/.test(password),
    // Anything that is neither a letter nor a digit counts as a symbol (spaces included).
    symbol: /[^A-Za-z0-9]/.test(password),
  };
}

export function criteriaMet(password: string): number {
  return Object.values(passwordCriteria(password)).filter(Boolean).length;
}

export const REGISTER_STRONG = 'Strong';
export const REGISTER_WEAK = 'Weak: Use 8+ chars, upper/lowercase, number, and symbol';

/** Register: 'Strong' only when all five criteria hold. */
export function registerStrengthMessage(password: string): string {
  return criteriaMet(password) === 5 ? REGISTER_STRONG : REGISTER_WEAK;
}

export type SettingsStrength = 'Weak' | 'Medium' | 'Strong';

/** Settings: 2 or fewer criteria is Weak, 3 is Medium, 4 or more is Strong (advisory only). */
export function settingsStrength(password: string): SettingsStrength {
  const met = criteriaMet(password);
  if (met <= 2) return 'Weak';
  if (met === 3) return 'Medium';
  return 'Strong';
}
