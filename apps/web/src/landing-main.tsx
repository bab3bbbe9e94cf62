import '@fontsource/dm-serif-display/latin-400.css';
import './styles/index.css';
import './landing/landing.css';
import { isLandingPath, mountLanding } from './landing/landing-dom';

/**
 * The entry of landing.html, which the API serves for /landing: the landing page without React
 * (landing/landing-dom.ts). A step away from it loads the app (app.tsx) in place. Every other
 * path gets index.html (app-main.tsx); should this page be opened at another path, it loads the
 * app too.
 */
const container = document.getElementById('root');
if (!container) throw new Error('landing.html has no #root');
const root = container;

const loadApp = () => import('./app');

if (isLandingPath(window.location.pathname)) {
  let leaving = false;
  const unmount = mountLanding(root, {
    onIntent: () => void loadApp(),
    onNavigate: (path) => {
      if (leaving) return;
      leaving = true;
      root.setAttribute('aria-busy', 'true');
      void loadApp().then(({ startApp }) => {
        unmount();
        root.removeAttribute('aria-busy');
        window.history.pushState(null, '', path);
        startApp(root);
      });
    },
  });
} else {
  void loadApp().then(({ startApp }) => startApp(root));
}
