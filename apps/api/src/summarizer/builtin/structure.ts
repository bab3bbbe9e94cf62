import { countWords } from './language';
import { breakLongSentence, splitParagraphs } from './sentences';

/**
 * Reads a note's layout (title, headings, lists, chat turns, hard-wrapped prose) and turns it into
 * the sentence-sized units the ranker scores. Summaries are built from these units' `text`.
 */

export type UnitKind = 'sentence' | 'item' | 'turn';

export interface Unit {
  /** Position in the note, 0-based, in reading order. */
  index: number;
  /** What the summary shows: the sentence, a list item without its marker, "Speaker: message". */
  text: string;
  /** What is scored: `text` without the speaker prefix. */
  body: string;
  /** Words in `body`. */
  words: number;
  kind: UnitKind;
  speaker?: string;
  /** Units from the same paragraph, item or chat turn share a group (adjacent picks join up). */
  group: number;
  /** Index of the paragraph/list/chat block, for the position cue. */
  block: number;
  /** First unit of its paragraph or block. */
  leading: boolean;
  /** A ticked check-box item ("- [x] pay the bill"): done, so less worth summarizing. */
  done: boolean;
  /** The nearest heading above the unit, if any. */
  section?: string;
}

export interface NoteStructure {
  title?: string;
  units: Unit[];
  /** True when the note is a chat transcript ("Name: message" lines from repeating speakers). */
  isChat: boolean;
  /** Number of sentence-like pieces in the whole note (title and headings included). */
  sentenceCount: number;
}

const MD_HEADING_RE = /^\s{0,3}#{1,6}\s+(.*?)[\s#]*$/;
const RULE_RE = /^\s*(?:[-*_=]\s*){3,}$/;
const BULLET_RE =
  /^\s*(?:[-*+•◦▪‣·–—»>]|\(?\d{1,3}[.)]|\(?[a-z][.)]|\(?[ivx]{1,4}\)|\[[ xX✓✔]\])\s+(.*)$/;
const CHECKBOX_RE = /^\[([ xX✓✔])\]\s*(.*)$/;
const TURN_RE =
  /^\s*(?:[[(]?\d{1,2}[:.]\d{2}(?:[:.]\d{2})?\s*(?:[AaPp]\.?[Mm]\.?)?[\])]?\s*[-–—]?\s*)?([\p{Lu}@][\p{L}\p{M}\p{N}'’._-]*(?:\s[\p{L}\p{M}'’._-]+){0,2}|[Mm]e)\s*:\s+(\S.*)$/u;
const TERMINAL_RE = /[.!?…:;。！？]["'”’)\]]*$/u;

type LineKind = 'blank' | 'heading' | 'item' | 'turn' | 'plain';

interface Line {
  kind: LineKind;
  raw: string;
  /** For items: the text without the marker; for turns: the message; otherwise the trimmed line. */
  content: string;
  speaker?: string;
  done?: boolean;
  indent: number;
  isTitle?: boolean;
}

function classify(raw: string): Line {
  const indent = raw.length - raw.trimStart().length;
  const trimmed = raw.trim();
  if (!trimmed || RULE_RE.test(trimmed)) return { kind: 'blank', raw, content: '', indent };
  const md = MD_HEADING_RE.exec(raw);
  if (md) return { kind: 'heading', raw, content: md[1]!.trim(), indent };
  const bullet = BULLET_RE.exec(raw);
  if (bullet) {
    let content = bullet[1]!.trim();
    let done = /^\s*\[[xX✓✔]\]/.test(trimmed);
    const box = CHECKBOX_RE.exec(content);
    if (box) {
      done = box[1] !== ' ';
      content = box[2]!.trim();
    }
    if (content) return { kind: 'item', raw, content, done, indent };
  }
  const turn = TURN_RE.exec(raw);
  if (turn) return { kind: 'turn', raw, content: turn[2]!.trim(), speaker: turn[1]!, indent };
  return { kind: 'plain', raw, content: trimmed, indent };
}

const wordCount = countWords;

/** A short line with no end punctuation that introduces what follows ("Decisions:", "What went well"). */
function looksLikeHeading(line: Line, next: Line | undefined): boolean {
  if (line.kind !== 'plain' && line.kind !== 'turn') return false;
  const text = line.raw.trim();
  if (line.kind === 'turn') return false;
  const words = wordCount(text);
  if (words === 0 || words > 6) return false;
  if (/:$/.test(text)) return true;
  if (TERMINAL_RE.test(text)) return false;
  // A short last line is the end of the note, not the heading of nothing.
  return next !== undefined && (next.kind === 'blank' || next.kind === 'item');
}

/** Chat transcripts: several "Name: message" lines, at least two speakers, one of them repeating. */
function detectChat(lines: Line[]): boolean {
  const content = lines.filter((l) => l.kind !== 'blank');
  const turns = content.filter((l) => l.kind === 'turn');
  if (turns.length < 3 || turns.length < content.length * 0.5) return false;
  const counts = new Map<string, number>();
  for (const t of turns) counts.set(t.speaker!, (counts.get(t.speaker!) ?? 0) + 1);
  return counts.size >= 2 && [...counts.values()].some((c) => c >= 2);
}

/**
 * Hard-wrapped prose (an e-mail or a text editor's fixed width): every line but the last runs close
 * to the same width. A brain dump with one thought per line has ragged lengths and stays split.
 */
function isWrapped(run: Line[]): boolean {
  if (run.length < 2) return false;
  const lengths = run.slice(0, -1).map((l) => l.content.length);
  const width = Math.max(...run.map((l) => l.content.length));
  if (width < 50) return false;
  const full = lengths.filter((n) => n >= width * 0.7).length;
  if (full < lengths.length * 0.75) return false;
  // At least one line must break mid-sentence, or there is nothing to join.
  return run.some(
    (l, i) =>
      i < run.length - 1 &&
      !TERMINAL_RE.test(l.content) &&
      /^[\p{Ll}\p{N}(,"'“‘]/u.test(run[i + 1]!.content),
  );
}

export function parseNote(input: string): NoteStructure {
  const lines = input.replace(/\r\n?/g, '\n').split('\n').map(classify);

  const isChat = detectChat(lines);

  // The title: a short first line without end punctuation (or a Markdown heading). Outside
  // chats, "Book notes: Deep Work" is a title too, not a speaker and a message.
  let title: string | undefined;
  const firstIdx = lines.findIndex((l) => l.kind !== 'blank');
  if (firstIdx >= 0) {
    const first = lines[firstIdx]!;
    // …unless it is the first of a series of such lines ("Mon: …", "Tue: …").
    if (first.kind === 'turn' && !isChat && lines[firstIdx + 1]?.kind === 'blank') {
      first.kind = 'plain';
      first.content = first.raw.trim();
    }
    const afterFirst = lines.slice(firstIdx + 1).some((l) => l.kind !== 'blank');
    const next = lines[firstIdx + 1];
    // A longer first line that runs on into the next one is wrapped prose, not a title.
    const standsAlone =
      next === undefined || next.kind !== 'plain' || wordCount(first.content) <= 6;
    if (
      afterFirst &&
      (first.kind === 'heading' ||
        (first.kind === 'plain' &&
          standsAlone &&
          wordCount(first.content) <= 12 &&
          !/[.!?…]$/u.test(first.content)))
    ) {
      title = first.content.replace(/:$/, '');
      first.kind = 'heading';
      first.isTitle = true;
    }
  }
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (looksLikeHeading(l, lines[i + 1])) l.kind = 'heading';
  }

  // Outside chats, "Label: text" lines are ordinary lines: the label stays part of the sentence.
  if (!isChat) {
    for (const l of lines) {
      if (l.kind !== 'turn') continue;
      l.kind = 'plain';
      l.content = l.raw.trim();
      delete l.speaker;
    }
  }

  interface Paragraph {
    text: string;
    kind: UnitKind;
    speaker?: string;
    done: boolean;
    block: number;
    firstInBlock: boolean;
    section?: string;
  }
  const paragraphs: Paragraph[] = [];
  let sentenceCount = 0;
  let section: string | undefined;
  let block = 0;
  let blockHasUnits = false;

  const emit = (
    text: string,
    kind: UnitKind,
    extra: { speaker?: string; done?: boolean } = {},
  ): void => {
    paragraphs.push({
      text,
      kind,
      ...(extra.speaker ? { speaker: extra.speaker } : {}),
      done: extra.done ?? false,
      block,
      firstInBlock: !blockHasUnits,
      ...(section ? { section } : {}),
    });
    blockHasUnits = true;
  };

  const newBlock = () => {
    if (blockHasUnits) block++;
    blockHasUnits = false;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    switch (line.kind) {
      case 'blank':
        newBlock();
        break;
      case 'heading':
        newBlock();
        sentenceCount++;
        if (!line.isTitle) section = line.content.replace(/:$/, '');
        break;
      case 'item': {
        // Indented lines that follow an item and are not items themselves continue it.
        let text = line.content;
        while (
          i + 1 < lines.length &&
          lines[i + 1]!.kind === 'plain' &&
          lines[i + 1]!.indent > line.indent
        ) {
          text += ` ${lines[++i]!.content}`;
        }
        emit(text, 'item', { done: line.done ?? false });
        break;
      }
      case 'turn': {
        let text = line.content;
        // In a chat, a line without a speaker continues the previous message.
        while (i + 1 < lines.length && lines[i + 1]!.kind === 'plain')
          text += ` ${lines[++i]!.content}`;
        emit(text, 'turn', { speaker: line.speaker! });
        break;
      }
      case 'plain': {
        let end = i;
        while (end + 1 < lines.length && lines[end + 1]!.kind === 'plain') end++;
        const run = lines.slice(i, end + 1);
        if (isWrapped(run)) {
          emit(run.map((l) => l.content).join(' '), 'sentence');
        } else {
          for (const l of run) emit(l.content, 'sentence');
        }
        i = end;
        break;
      }
    }
  }

  // Short chat turns stay whole ("Amanda: I baked cookies. Do you want some?"); everything else
  // is split into sentences, all paragraphs in one pass of the segmenter.
  const keepWhole = paragraphs.map((p) => p.kind === 'turn' && wordCount(p.text) <= 30);
  const split = splitParagraphs(paragraphs.map((p, i) => (keepWhole[i] ? '' : p.text)));
  const units: Unit[] = [];
  paragraphs.forEach((p, group) => {
    const sentences = keepWhole[group] ? [p.text] : split[group]!;
    let leading = p.firstInBlock;
    for (const s of sentences) {
      for (const piece of breakLongSentence(s)) {
        sentenceCount++;
        units.push({
          index: units.length,
          text: p.speaker ? `${p.speaker}: ${piece}` : piece,
          body: piece,
          words: countWords(piece),
          kind: p.kind,
          ...(p.speaker ? { speaker: p.speaker } : {}),
          group,
          block: p.block,
          leading,
          done: p.done,
          ...(p.section ? { section: p.section } : {}),
        });
        leading = false;
      }
    }
  });

  return { ...(title ? { title } : {}), units, isChat, sentenceCount };
}
