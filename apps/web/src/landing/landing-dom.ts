import deskUrl from './assets/desk.svg';
import stickerUrl from './assets/sticker.svg';
import { TYPEWRITER_START, type TypewriterState, typewriterStep } from './typewriter';

/**
 * The landing page, built with plain DOM calls. A first visit to /landing renders it without
 * React (React DOM alone is over 60 kB gzip, the budget for this page), and the React route
 * for /landing mounts the very same thing, so there is one landing page. See
 * docs/decisions/0200-web-landing-without-react.md.
 */

export const PRODUCT_NAME = 'Prodify';
export const TAGLINE =
  'Streamline your productivity with all-in-one AI note taking, a calendar and a to-do list.';

export const RAIN = {
  drops: 100,
  leftPercent: [0, 100],
  durationSeconds: [1, 2.5],
  delaySeconds: [0, 2],
} as const;

export const DESK_ALT =
  'A cozy desk with pink drawers, a laptop, a lamp, a vase of flowers and a mint chair';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export function isLandingPath(pathname: string): boolean {
  return pathname === '/landing' || pathname === '/landing/';
}

export interface LandingOptions {
  /** A sticker was clicked: navigate without a page load. Unset: the links load normally. */
  onNavigate?: (path: '/login' | '/register') => void;
  /** The pointer or the focus is on a sticker: a good time to load what comes next. */
  onIntent?: (path: '/login' | '/register') => void;
}

type Attrs = Record<string, string>;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  children: Array<Node | string> = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

const between = ([min, max]: readonly [number, number]) => min + Math.random() * (max - min);

function rain(): HTMLElement {
  const box = el('div', { class: 'rain', 'aria-hidden': 'true' });
  for (let i = 0; i < RAIN.drops; i++) {
    const drop = el('span', { class: 'drop' });
    // CSSOM properties, not style attributes: allowed by a strict style-src CSP.
    drop.style.left = `${between(RAIN.leftPercent).toFixed(2)}%`;
    drop.style.animationDuration = `${between(RAIN.durationSeconds).toFixed(2)}s`;
    drop.style.animationDelay = `${between(RAIN.delaySeconds).toFixed(2)}s`;
    box.append(drop);
  }
  return box;
}

function sticker(path: '/login' | '/register', label: string, options: LandingOptions) {
  const link = el('a', { class: 'sticker', href: path }, [
    el('img', { src: stickerUrl, alt: '', width: '168', height: '84' }),
    el('span', { class: 'sticker-label' }, [label]),
  ]);
  if (options.onNavigate) {
    const navigate = options.onNavigate;
    link.addEventListener('click', (event) => {
      // Let the browser handle new tabs and windows.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
        return;
      }
      event.preventDefault();
      navigate(path);
    });
  }
  if (options.onIntent) {
    const intent = options.onIntent;
    link.addEventListener('pointerenter', () => intent(path));
    link.addEventListener('focus', () => intent(path));
  }
  return link;
}

/** Renders the landing page into `container`; returns a function that removes it. */
export function mountLanding(container: HTMLElement, options: LandingOptions = {}): () => void {
  // The typed text and its caret (the text's right border) sit at the start of a box that the
  // whole name, invisible, keeps at its full width: typing moves nothing on the page (no layout
  // shift), centred or not.
  const typed = el('span', { class: 'typed', 'data-testid': 'typed-title' });
  const title = el('h1', { class: 'landing-title' }, [
    el('span', { class: 'sr-only' }, [PRODUCT_NAME]),
    el('span', { class: 'typed-box', 'aria-hidden': 'true' }, [
      el('span', { class: 'typed-ghost' }, [PRODUCT_NAME]),
      typed,
    ]),
  ]);

  const root = el('div', { class: 'landing' }, [
    rain(),
    el('header', { class: 'landing-top' }, [
      el('nav', { class: 'stickers', 'aria-label': 'Account' }, [
        sticker('/login', 'Login', options),
        sticker('/register', 'Register', options),
      ]),
    ]),
    el('main', { class: 'landing-main', id: 'main' }, [
      el('div', { class: 'landing-copy' }, [title, el('p', { class: 'tagline' }, [TAGLINE])]),
      el('img', { class: 'desk', src: deskUrl, alt: DESK_ALT, width: '520', height: '420' }),
    ]),
  ]);

  // The typing title (the landing page's animation, ADR 0200): one timer at a time, stopped under reduced motion.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let state: TypewriterState = TYPEWRITER_START;
  const motion = window.matchMedia(REDUCED_MOTION);

  const tick = () => {
    const { delay, next } = typewriterStep(state, PRODUCT_NAME.length);
    timer = setTimeout(() => {
      state = next;
      typed.textContent = PRODUCT_NAME.slice(0, state.shown);
      tick();
    }, delay);
  };

  const applyMotion = () => {
    clearTimeout(timer);
    if (motion.matches) {
      typed.textContent = PRODUCT_NAME;
    } else {
      state = TYPEWRITER_START;
      typed.textContent = '';
      tick();
    }
  };

  motion.addEventListener('change', applyMotion);
  applyMotion();
  container.replaceChildren(root);
  document.title = PRODUCT_NAME;

  return () => {
    clearTimeout(timer);
    motion.removeEventListener('change', applyMotion);
    root.remove();
  };
}
