import { MessagePage } from './message-page.tsx';

export default function ResetPasswordFailedPage() {
  return (
    <MessagePage
      section="resetPasswordFailed"
      links={[
        ['resetPasswordFailed.newLink', 'resetPassword'],
        ['resetPasswordFailed.backToLogin', 'login'],
      ]}
    />
  );
}
