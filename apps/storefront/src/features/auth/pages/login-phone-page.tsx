import { LoginWithCode } from './login-page';

/** /login/phone: the code sign-in with the phone tab first. */
export function Component() {
  return <LoginWithCode method="phone" />;
}
