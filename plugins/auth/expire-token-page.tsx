import { MessagePage } from './message-page.tsx';

export default function ExpireTokenPage() {
  return (
    <MessagePage
      section="expireToken"
      links={[
        ['newLink', 'resetPassword'],
        ['backToLogin', 'login'],
      ]}
    />
  );
}
