/** A refused token, a failed token command, a 401/403 from the revision: the user must fix their auth (exit 2). */
export class CloudRunAuthError extends Error {
  override readonly name = "CloudRunAuthError";
}

/** What the request carried, to say what to run next. */
export interface AuthSent {
  hasToken: boolean;
  hasHeaders: boolean;
}

/**
 * A 401 or 403 is Cloud Run's front end (or the service) refusing who we are, not the revision's capacity: the
 * message names authentication and what to run. null: no request was refused so.
 */
export function authRefusal(
  failedStatuses: Readonly<Record<string, number>>,
  started: number,
  sent: AuthSent,
): string | null {
  const unauthorized = failedStatuses["401"] ?? 0;
  const forbidden = failedStatuses["403"] ?? 0;
  if (unauthorized + forbidden === 0) return null;
  const status = unauthorized >= forbidden ? 401 : 403;
  const next = sent.hasToken
    ? "the token --token-command printed was refused: check that its account has roles/run.invoker on the service and that the command prints an identity token (gcloud auth print-identity-token), not an access token"
    : sent.hasHeaders
      ? "the headers given were refused: a private Cloud Run service needs an identity token: add --token-command 'gcloud auth print-identity-token'"
      : "a private Cloud Run service (the default) needs an identity token: add --token-command 'gcloud auth print-identity-token' (your account needs roles/run.invoker on the service)";
  return `the revision answered ${status} to ${unauthorized + forbidden} of ${started} request${started === 1 ? "" : "s"}: authentication is the likely cause. Next step: ${next}`;
}
