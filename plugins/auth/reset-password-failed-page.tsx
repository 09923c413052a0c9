import { MessagePage } from './message-page.tsx';

export default function ResetPasswordFailedPage() {
  return (
    <MessagePage
      section="resetPasswordFailed"
      links={[
        ['newLink', 'resetPassword'],
        ['backToLogin', 'login'],
      ]}
    />
  );
}
