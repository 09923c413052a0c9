import { MessagePage } from './message-page.tsx';

export default function ResetPasswordFailedPage() {
  return (
    <MessagePage
      section="resetPasswordFailed"
      withSupportContact
      links={[
        ['resetPasswordFailed.newLink', 'resetPassword'],
        ['resetPasswordFailed.backToLogin', 'login'],
      ]}
    />
  );
}
