import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../components/button';
import { RegisterForm } from '../features/auth/register-form';
import { forgetSavedQueries } from '../features/offline/saved-queries';
import { clearStorage, getAccess, getRefresh } from '../lib/tokens';
import { AuthCard } from './-components/auth-card';

/** Tokens are stored: someone is signed in on this browser. */
const signedIn = () => Boolean(getAccess() || getRefresh());

export const Route = createFileRoute('/register')({
  // Visiting /register clears local storage (the original app signs out there); a hover
  // preload must not. Someone signed in is asked first (ADR 0517): cleared once they say so.
  beforeLoad: ({ context, preload }) => {
    if (preload || signedIn()) return;
    clearStorage();
    void forgetSavedQueries();
    context.queryClient.clear();
  },
  component: RegisterPage,
});

function RegisterPage() {
  const [asking, setAsking] = useState(signedIn);
  const queryClient = useQueryClient();
  const signOut = () => {
    clearStorage();
    void forgetSavedQueries();
    queryClient.clear();
    setAsking(false);
  };
  return (
    <AuthCard title="Register">
      {asking ? (
        <div className="auth-asking">
          <p className="auth-question">
            You are signed in on this browser. Registering a new account signs you out here first.
          </p>
          <Button icon={<LogOut size={16} aria-hidden="true" />} onClick={signOut}>
            Sign out and register
          </Button>
          <Link to="/" className="btn btn-secondary">
            <span>Stay signed in</span>
          </Link>
        </div>
      ) : (
        <RegisterForm />
      )}
    </AuthCard>
  );
}
