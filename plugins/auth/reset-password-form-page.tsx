import { NewPasswordForm } from './new-password-form.tsx';

export default function ResetPasswordFormPage() {
  return <NewPasswordForm titleKey="newPassword.resetTitle" />;
}
