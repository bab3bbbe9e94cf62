import { createFileRoute } from '@tanstack/react-router';
import { LoginForm } from '../features/auth/login-form';
import { AuthCard } from './-components/auth-card';

export const Route = createFileRoute('/login')({
  component: () => (
    <AuthCard title="Login">
      <LoginForm />
    </AuthCard>
  ),
});
