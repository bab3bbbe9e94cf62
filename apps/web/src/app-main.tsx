import '@fontsource/dm-serif-display/latin-400.css';
import './styles/index.css';
import './landing/landing.css';
import { startApp } from './app';

/**
 * The entry of index.html, served for every path but /landing: the app is imported statically,
 * so the page's HTML preloads it (`<link rel="modulepreload">`) instead of discovering it after
 * a first script has run. A first visit to /landing gets landing.html (src/landing-main.tsx) instead,
 * which runs without React. See docs/decisions/0200 and 0500.
 */
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
startApp(container);
