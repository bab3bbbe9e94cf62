import { describe, expect, it } from 'vitest';
import { highlightPieces, matchRanges, snippetAround } from './highlight';

describe('highlight', () => {
  it('finds every term, case- and accent-insensitively, merging overlaps', () => {
    expect(matchRanges('Café au lait, CAFE noir', ['cafe'])).toEqual([
      [0, 4],
      [14, 18],
    ]);
    expect(matchRanges('planning plan', ['plan', 'planning'])).toEqual([
      [0, 8],
      [9, 13],
    ]);
    expect(matchRanges('nothing here', ['zzz'])).toEqual([]);
  });

  it('cuts the text into matching and other pieces', () => {
    expect(highlightPieces('Meet Zoë at noon', ['zoe', 'NOON'])).toEqual([
      { text: 'Meet ', match: false },
      { text: 'Zoë', match: true },
      { text: ' at ', match: false },
      { text: 'noon', match: true },
    ]);
    expect(highlightPieces('abc', [])).toEqual([{ text: 'abc', match: false }]);
  });

  it('keeps offsets right around characters that fold to several or none', () => {
    // 'ﬁ' (one UTF-16 unit) folds to itself; an emoji is two units.
    expect(highlightPieces('😀 crème', ['creme'])).toEqual([
      { text: '😀 ', match: false },
      { text: 'crème', match: true },
    ]);
  });

  it('shows the text around the first match', () => {
    const text = `${'a '.repeat(200)}needle ${'b '.repeat(200)}`;
    const snippet = snippetAround(text, ['needle'], 60);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('needle');
    expect(snippetAround('short text', ['x'])).toBe('short text');
  });
});
