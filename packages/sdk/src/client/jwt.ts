/** Reads the `exp` claim (seconds) of a three-part token without verifying it. */
export function readTokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    const exp = (claims as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the token's `exp` has passed, `skewSeconds` early. Unreadable tokens are not judged. */
export function isTokenExpired(token: string, nowMs: number, skewSeconds: number): boolean {
  const exp = readTokenExpiry(token);
  return exp !== undefined && nowMs / 1000 >= exp - skewSeconds;
}
