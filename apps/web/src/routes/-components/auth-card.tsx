import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTitle } from '../../lib/use-title';

/** Each form links to the other: who has no account registers, who has one logs in. */
const OTHER = {
  Login: { question: 'No account yet?', to: '/register', label: 'Register' },
  Register: { question: 'Already have an account?', to: '/login', label: 'Login' },
} as const;

/** The frame of the login and register forms; its title is the page's too. */
export function AuthCard({
  title,
  children,
}: {
  title: 'Login' | 'Register';
  children: ReactNode;
}) {
  useTitle(title);
  const other = OTHER[title];
  return (
    <main className="centered-page auth-page" id="main">
      <div className="card auth-card">
        <h1 className="auth-title">{title}</h1>
        {children}
        <p className="auth-switch">
          {other.question} <Link to={other.to}>{other.label}</Link>
        </p>
        <Link to="/" className="back-link">
          ← Back to Home
        </Link>
      </div>
    </main>
  );
}
