import type { ComponentProps, ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** The only links kept: the web and e-mail. Everything else (javascript:, data:, relative) goes. */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

export function safeUrl(url: string): string | undefined {
  try {
    // No base: a relative or protocol-less URL throws and is dropped.
    const parsed = new URL(url.trim());
    return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

type Level = 1 | 2 | 3 | 4 | 5 | 6;
type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

const ALIGN_CLASS: Record<string, string> = {
  left: 'align-left',
  center: 'align-center',
  right: 'align-right',
};

/** A table cell's alignment as a class (no inline style: the CSP allows none). */
function alignClass(style: ComponentProps<'td'>['style']): string | undefined {
  const align = style?.textAlign;
  return typeof align === 'string' ? ALIGN_CLASS[align] : undefined;
}

function components(headingBase: Level): Components {
  // The note's own headings sit under the heading of the note (its title).
  const heading = (level: Level) => {
    const Tag = `h${Math.min(6, level + headingBase - 1)}` as HeadingTag;
    return ({ children }: { children?: ReactNode }) => <Tag dir="auto">{children}</Tag>;
  };
  // Each block takes the direction of its own first letters: a Hebrew or Arabic paragraph
  // reads right to left, an English one beside it left to right.
  return {
    p: ({ children }) => <p dir="auto">{children}</p>,
    li: ({ children, className }) => (
      <li dir="auto" className={className}>
        {children}
      </li>
    ),
    blockquote: ({ children }) => <blockquote dir="auto">{children}</blockquote>,
    h1: heading(1),
    h2: heading(2),
    h3: heading(3),
    h4: heading(4),
    h5: heading(5),
    h6: heading(6),
    a: ({ href, children }) =>
      href ? (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow">
          {children}
        </a>
      ) : (
        <span className="md-dropped-link">{children}</span>
      ),
    // Pictures are not loaded from elsewhere (the CSP forbids it, and it would tell that
    // server when the note is read): a link to the picture stands in their place.
    img: ({ src, alt }) => {
      const href = typeof src === 'string' ? src : undefined;
      const label = `Image: ${alt || 'untitled'}`;
      return href ? (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow">
          {label}
        </a>
      ) : (
        <span>{label}</span>
      );
    },
    // A task list's boxes are read-only here; they say what they show.
    input: ({ type, checked }) =>
      type === 'checkbox' ? (
        <input
          type="checkbox"
          checked={!!checked}
          disabled
          aria-label={checked ? 'Done' : 'To do'}
        />
      ) : null,
    th: ({ children, style }) => (
      <th dir="auto" className={alignClass(style)}>
        {children}
      </th>
    ),
    td: ({ children, style }) => (
      <td dir="auto" className={alignClass(style)}>
        {children}
      </td>
    ),
    table: ({ children }) => (
      <div className="md-table">
        <table>{children}</table>
      </div>
    ),
  };
}

const BY_BASE = new Map<Level, Components>();

interface MarkdownTextProps {
  text: string;
  /** The level of the text's top headings (`#`): one below the heading of what it belongs to. */
  headingBase: Level;
  className?: string;
}

/**
 * A note's text as Markdown (GFM: headings, lists, task lists, links, code, tables), safely:
 * raw HTML shows as the text it is, only http(s) and mailto links are kept (opening in a new
 * tab with rel="noopener noreferrer nofollow"), and nothing needs an inline script or style.
 */
export function MarkdownText({ text, headingBase, className }: MarkdownTextProps) {
  let mapped = BY_BASE.get(headingBase);
  if (!mapped) {
    mapped = components(headingBase);
    BY_BASE.set(headingBase, mapped);
  }
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <Markdown remarkPlugins={[remarkGfm]} urlTransform={safeUrl} components={mapped}>
        {text}
      </Markdown>
    </div>
  );
}
