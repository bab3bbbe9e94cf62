/**
 * Where a malformed JSON text first breaks the grammar (RFC 8259), as a character offset: the
 * text's length when it ends too early. V8's own messages give a position only sometimes
 * ("Unexpected token ',', "[1,,2]" is not valid JSON" has none), and a user needs a line and a
 * column. Only asked after JSON.parse failed; iterative, so nesting costs no stack.
 */
export function jsonErrorOffset(text: string): number {
  const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const stack: string[] = [];
  type Expect = 'value' | 'valueOrClose' | 'key' | 'keyOrClose' | 'colon' | 'after' | 'end';
  let expect = 'value' as Expect;
  let i = 0;
  const afterValue = () => {
    expect = stack.length === 0 ? 'end' : 'after';
  };
  /** The end of a string starting at `i` (its closing quote's index + 1), or -1 at an error. */
  const stringEnd = (): number => {
    let j = i + 1;
    while (j < text.length) {
      const c = text.charCodeAt(j);
      if (c === 0x22) return j + 1;
      if (c < 0x20) return -j - 1;
      if (c === 0x5c) {
        const next = text[j + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(j + 2, j + 6))) return -(j + 1) - 1;
          j += 6;
          continue;
        }
        if (next === undefined || !'"\\/bfnrt'.includes(next)) return -(j + 1) - 1;
        j += 2;
        continue;
      }
      j++;
    }
    return -text.length - 1;
  };
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i++;
      continue;
    }
    switch (expect) {
      case 'end':
        return i;
      case 'colon':
        if (ch !== ':') return i;
        i++;
        expect = 'value';
        continue;
      case 'after':
        if (ch === ',') {
          expect = stack[stack.length - 1] === '{' ? 'key' : 'value';
          i++;
          continue;
        }
        if (
          (ch === '}' && stack[stack.length - 1] === '{') ||
          (ch === ']' && stack[stack.length - 1] === '[')
        ) {
          stack.pop();
          i++;
          afterValue();
          continue;
        }
        return i;
      case 'key':
      case 'keyOrClose': {
        if (ch === '}' && expect === 'keyOrClose') {
          stack.pop();
          i++;
          afterValue();
          continue;
        }
        if (ch !== '"') return i;
        const end = stringEnd();
        if (end < 0) return -end - 1;
        i = end;
        expect = 'colon';
        continue;
      }
      case 'value':
      case 'valueOrClose': {
        if (ch === ']' && expect === 'valueOrClose') {
          stack.pop();
          i++;
          afterValue();
          continue;
        }
        if (ch === '{' || ch === '[') {
          stack.push(ch);
          i++;
          expect = ch === '{' ? 'keyOrClose' : 'valueOrClose';
          continue;
        }
        if (ch === '"') {
          const end = stringEnd();
          if (end < 0) return -end - 1;
          i = end;
          afterValue();
          continue;
        }
        const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, i));
        if (literal) {
          i += literal.length;
          afterValue();
          continue;
        }
        NUMBER.lastIndex = i;
        const number = NUMBER.exec(text);
        if (!number) return i;
        i += number[0].length;
        afterValue();
        continue;
      }
    }
  }
  return text.length;
}
