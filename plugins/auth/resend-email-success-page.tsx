import { MessagePage } from './message-page.tsx';

export default function ResendEmailSuccessPage() {
  return <MessagePage section="resendEmailSuccess" links={[['resendEmailSuccess.backToLogin', 'login']]} />;
}
