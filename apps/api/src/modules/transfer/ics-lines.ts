import { TRANSFER_LIMITS } from '@prodify/contract';

/** A file the iCalendar import refuses: the import answers 400 with its reason and adds nothing. */
export class CalendarParseError extends Error {}

/** Properties whose value is a date or date-time (a bare `YYYYMMDD` there means a DATE). */
const DATE_PROPERTIES = new Set(['DTSTART', 'DTEND', 'DUE', 'EXDATE', 'RDATE', 'RECURRENCE-ID']);
const BARE_DATES = /^\d{8}(,\d{8})*$/;
const NAME = /^[A-Za-z0-9-]+/;

/**
 * An iCalendar text checked line by line before any parser sees it (ADR 0420), and the same
 * text unfolded and tidied for the parser. It stops at the first limit with the reason:
 * content lines (`TRANSFER_LIMITS.icsLines`, each at most `icsLineChars` once unfolded), BEGIN/END
 * nesting (`icsDepth`) and balance, components (`icsComponents`) and properties in one
 * component (`icsProperties`). A `DTSTART:20260101` without `VALUE=DATE`, which real files
 * carry, is read as the DATE it is.
 */
type CalendarLimits = Record<
  'icsLines' | 'icsLineChars' | 'icsDepth' | 'icsComponents' | 'icsProperties',
  number
>;

export function checkedCalendarText(
  input: string,
  limits: CalendarLimits = TRANSFER_LIMITS,
): string {
  const text = input.replace(/^\ufeff/, '');
  if (text.trim() === '') throw new CalendarParseError('Not a valid iCalendar file: it is empty.');
  const lines: string[] = [];
  const stack: { name: string; properties: number }[] = [];
  let components = 0;
  let closed = false;
  const fail = (line: number, why: string): never => {
    throw new CalendarParseError(`Not a valid iCalendar file: line ${line} ${why}.`);
  };
  let current: string | undefined;
  let currentLine = 0;
  const finish = () => {
    if (current === undefined) return;
    const line = current;
    current = undefined;
    if (line.trim() === '') return;
    if (closed) fail(currentLine, 'comes after END:VCALENDAR');
    const name = NAME.exec(line)?.[0]?.toUpperCase();
    const colon = line.indexOf(':');
    if (!name || colon < 0) fail(currentLine, 'is not NAME:VALUE');
    const value = line.slice(colon + 1).trim();
    if (name === 'BEGIN') {
      const component = value.toUpperCase();
      if (stack.length === 0 && component !== 'VCALENDAR') {
        fail(currentLine, `begins ${component.slice(0, 30)}, not VCALENDAR`);
      }
      if (stack.length >= limits.icsDepth) {
        fail(currentLine, `nests components more than ${limits.icsDepth} deep`);
      }
      components++;
      if (components > limits.icsComponents) {
        throw new CalendarParseError(
          `This file holds more than ${limits.icsComponents} components: split it into smaller files.`,
        );
      }
      stack.push({ name: component, properties: 0 });
    } else if (name === 'END') {
      const top = stack.pop();
      if (!top || top.name !== value.toUpperCase()) {
        fail(currentLine, `ends ${value.slice(0, 30)}, which is not open`);
      }
      if (stack.length === 0) closed = true;
    } else {
      const top = stack[stack.length - 1];
      if (!top) fail(currentLine, 'is outside BEGIN:VCALENDAR');
      else if (++top.properties > limits.icsProperties) {
        fail(currentLine, `is one property too many: a component may have ${limits.icsProperties}`);
      }
      if (DATE_PROPERTIES.has(name as string) && BARE_DATES.test(value)) {
        const head = line.slice(0, colon);
        if (!/;VALUE=/i.test(head)) {
          lines.push(`${head};VALUE=DATE:${value}`);
          return;
        }
      }
    }
    lines.push(line);
  };
  let lineNumber = 0;
  for (const raw of text.split(/\r\n|\n|\r/)) {
    lineNumber++;
    if (lineNumber > limits.icsLines) {
      throw new CalendarParseError(
        `This file has more than ${limits.icsLines} lines: split it into smaller files.`,
      );
    }
    if ((raw.startsWith(' ') || raw.startsWith('\t')) && current !== undefined) {
      current += raw.slice(1);
    } else {
      finish();
      current = raw;
      currentLine = lineNumber;
    }
    if (current !== undefined && current.length > limits.icsLineChars) {
      fail(currentLine, `is longer than ${limits.icsLineChars} characters`);
    }
  }
  finish();
  if (stack.length > 0) {
    throw new CalendarParseError(
      `Not a valid iCalendar file: ${stack[stack.length - 1]?.name} is never ended.`,
    );
  }
  if (!closed) throw new CalendarParseError('Not a valid iCalendar file: no BEGIN:VCALENDAR.');
  return lines.join('\r\n');
}
