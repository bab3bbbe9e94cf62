import { describe, expect, it } from 'vitest';
import { lead3, longest3, textRank } from './baselines';

const CHAT = [
  'Amanda: hi',
  'Jerry: hey, what are you up to this weekend?',
  'Amanda: baking cookies for the school fair on Saturday morning',
  'Jerry: nice',
  'Amanda: I can bring you some on Sunday if you want',
  'Jerry: yes please!',
].join('\r\n');

describe('baselines', () => {
  it('Lead-3 takes the first three units', () => {
    expect(lead3(CHAT)).toBe(
      'Amanda: hi Jerry: hey, what are you up to this weekend? Amanda: baking cookies for the school fair on Saturday morning',
    );
  });

  it('Longest-3 takes the three longest units, in their original order', () => {
    expect(longest3(CHAT)).toBe(
      'Jerry: hey, what are you up to this weekend? Amanda: baking cookies for the school fair on Saturday morning Amanda: I can bring you some on Sunday if you want',
    );
  });

  it('TextRank returns three sentences of the text in their original order', () => {
    const text =
      'The bridge opened in 1961. The bridge carries 40,000 cars a day. Engineers inspected the bridge cables last year. The cables of the bridge showed rust. Lunch was served. The city will repair the bridge cables in spring.';
    const picked = textRank(text).split(/(?<=\.) /);
    expect(picked).toHaveLength(3);
    const positions = picked.map((s) => text.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(picked).not.toContain('Lunch was served.');
  });
});
