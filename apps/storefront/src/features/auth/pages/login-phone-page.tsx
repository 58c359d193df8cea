import { LoginWithCode } from './login-page';

/** The code flow's posts (ask for a code, ask again, type it): code-flow-action.ts. */
export { codeFlowAction as action } from '../code-flow-action';

/** /login/phone: the code sign-in with the phone tab first. */
export function Component() {
  return <LoginWithCode method="phone" />;
}
