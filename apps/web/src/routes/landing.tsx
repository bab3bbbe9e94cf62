import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { mountLanding } from '../landing/landing-dom';

export const Route = createFileRoute('/landing')({
  component: LandingPage,
});

/** The same landing page a first visit gets without React, mounted here when the app is up. */
function LandingPage() {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const router = useRouter();

  useEffect(() => {
    if (!ref.current) return;
    return mountLanding(ref.current, {
      onNavigate: (to) => void navigate({ to }),
      onIntent: (to) => void router.preloadRoute({ to }).catch(() => undefined),
    });
  }, [navigate, router]);

  return <div ref={ref} className="landing-host" />;
}
