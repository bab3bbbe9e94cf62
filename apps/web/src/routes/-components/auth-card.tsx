import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTitle } from '../../lib/use-title';

/** The frame of the login and register forms; its title is the page's too. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useTitle(title);
  return (
    <main className="centered-page auth-page" id="main">
      <div className="card auth-card">
        <h1 className="auth-title">{title}</h1>
        {children}
        <Link to="/" className="back-link">
          ← Back to Home
        </Link>
      </div>
    </main>
  );
}
