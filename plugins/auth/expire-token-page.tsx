import { MessagePage } from './message-page.tsx';

export default function ExpireTokenPage() {
  return (
    <MessagePage
      section="expireToken"
      links={[
        ['expireToken.newLink', 'resetPassword'],
        ['expireToken.backToLogin', 'login'],
      ]}
    />
  );
}
