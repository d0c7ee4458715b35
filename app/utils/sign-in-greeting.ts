/**
 * The toast after a sign-in (decision 0237): "Welcome to KamerNest, {name}!" the first time an
 * account signs in, "Welcome back, {name}" after.
 */
export function signInGreeting(signedIn: { firstSignIn: boolean; name: string }) {
  return {
    title: signedIn.firstSignIn ? "common:toast.welcomeFirst" : "common:toast.welcomeBack",
    params: { name: signedIn.name },
  };
}
