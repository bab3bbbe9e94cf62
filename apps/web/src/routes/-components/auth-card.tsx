import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** The frame of the login and register forms. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
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
