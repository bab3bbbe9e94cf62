import { describe, expect, it } from 'vitest';
import { countWords, detectLanguage, termMaker, words } from './language';

describe('words', () => {
  it('lower-cases, keeps inner apostrophes and accents, drops punctuation and emoji', () => {
    expect(words("Don’t stop — café naïve, l'été! 🎉 3.5%")).toEqual([
      "don't",
      'stop',
      'café',
      'naïve',
      "l'été",
      '3',
      '5',
    ]);
  });

  it('ignores chat attachment placeholders', () => {
    expect(words('look <file_gif> <Media omitted> here')).toEqual(['look', 'here']);
  });

  it('uses the platform word segmenter for scripts without spaces', () => {
    const tokens = words('会議は月曜日です');
    expect(tokens.length).toBeGreaterThan(1);
    expect(tokens.join('')).toBe('会議は月曜日です');
  });
});

describe('countWords', () => {
  it('counts runs of non-spaces that hold a letter or a digit', () => {
    expect(countWords('Buy milk, eggs and 2 loaves — now!')).toBe(7);
    expect(countWords('  (hello)   world… ')).toBe(2);
    expect(countWords('Réunion à 8 h')).toBe(4);
    expect(countWords('🎉 🎉 -- ...')).toBe(0);
    expect(countWords('')).toBe(0);
    expect(countWords('x'.repeat(100_000))).toBe(1);
  });
});

describe('detectLanguage', () => {
  it('recognizes common Latin-script languages by their stopwords', () => {
    expect(
      detectLanguage(
        words('The meeting was moved to Friday because of the test and we will ship it then'),
      ),
    ).toBe('en');
    expect(
      detectLanguage(
        words(
          'La réunion est déplacée à vendredi parce que le test ne passe pas et nous le ferons',
        ),
      ),
    ).toBe('fr');
    expect(
      detectLanguage(
        words(
          'Das Treffen wurde auf Freitag verschoben, weil der Test nicht läuft und wir es dann machen',
        ),
      ),
    ).toBe('de');
    expect(
      detectLanguage(
        words('La reunión se movió al viernes porque la prueba no pasa y lo haremos entonces'),
      ),
    ).toBe('es');
  });

  it('falls back to English when there is nothing to go on', () => {
    expect(detectLanguage([])).toBe('en');
    expect(detectLanguage(words('🎉 42'))).toBe('en');
  });
});

describe('termMaker', () => {
  it('drops English stopwords and fillers and stems what is left', () => {
    const en = termMaker('en');
    expect(
      en.terms(words("Hey, we're meeting about the meetings and I'll be running late lol")),
    ).toEqual(['meet', 'meet', 'run', 'late']);
  });

  it('keeps numbers, drops one-letter words, and clips giant tokens', () => {
    const en = termMaker('en');
    expect(en.terms(['a', '7', 'x', 'q2'])).toEqual(['7', 'q2']);
    const [giant] = en.terms(['y'.repeat(100_000)]);
    expect(giant!.length).toBeLessThanOrEqual(40);
  });

  it('does not stem other languages but drops their stopwords', () => {
    const fr = termMaker('fr');
    expect(fr.terms(words('Les parents ont voté la sortie des enfants'))).toEqual([
      'parents',
      'voté',
      'sortie',
      'enfants',
    ]);
  });
});
