// The test's visitor as the fake API sees them: signed in when the test said so (render-app's
// `signIn()`). The real API reads the session cookie; Node's fetch in the tests carries none.
export const testVisitor = { signedIn: false };
