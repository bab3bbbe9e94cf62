import { createFileRoute } from '@tanstack/react-router';
import { RegisterForm } from '../features/auth/register-form';
import { clearStorage } from '../lib/tokens';
import { AuthCard } from './-components/auth-card';

export const Route = createFileRoute('/register')({
  // Visiting /register clears local storage (the original app signs out there); a hover preload must not.
  beforeLoad: ({ context, preload }) => {
    if (preload) return;
    clearStorage();
    context.queryClient.clear();
  },
  component: () => (
    <AuthCard title="Register">
      <RegisterForm />
    </AuthCard>
  ),
});
