import '@fontsource/dm-serif-display/latin-400.css';
import './styles/index.css';
import './landing/landing.css';
import { isLandingPath, mountLanding } from './landing/landing-dom';

/**
 * The entry point. A first visit to /landing is served without React (landing/landing-dom.ts);
 * every other path, and any step away from the landing page, loads the app (app.tsx).
 */
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
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
