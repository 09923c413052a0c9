import { NewPasswordForm } from './new-password-form.tsx';

export default function CreatePasswordPage() {
  return <NewPasswordForm titleKey="newPassword.createTitle" />;
}
