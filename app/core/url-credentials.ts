// Credentials typed into a server URL (`http://user:key@host/v1`, `?api_key=…`) must not reach
// localStorage, where saved settings live in clear text. These find and strip them; the caller
// keeps the typed URL in memory for this session and saves only the stripped one.

/** Query parameters that carry a secret by name (compared lower-case, `-` read as `_`). */
const SECRET_PARAMS = new Set([
  'api_key',
  'apikey',
  'key',
  'token',
  'access_token',
  'auth',
  'authorization',
  'password',
  'pass',
  'secret',
  'client_secret',
  'x_api_key',
  'sig',
  'signature',
]);

const isSecretParam = (name: string) => SECRET_PARAMS.has(name.toLowerCase().replace(/-/g, '_'));

function parse(url: string): URL | null {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url.trim())) return null;
  try {
    return new URL(url.trim());
  } catch {
    return null;
  }
}

/** What secrets `url` carries, in words ("a user name and password", "the api_key parameter"). */
export function findUrlCredentials(url: string): string[] {
  const u = parse(url);
  if (!u) return [];
  const found: string[] = [];
  if (u.username || u.password) found.push(u.password ? 'a user name and password' : 'a user name');
  for (const name of new Set(u.searchParams.keys()))
    if (isSecretParam(name)) found.push(`the ${name} parameter`);
  return found;
}

/** `url` without user info and secret query parameters; anything not a URL is returned as is. */
export function stripUrlCredentials(url: string): string {
  const u = parse(url);
  if (!u || findUrlCredentials(url).length === 0) return url;
  u.username = '';
  u.password = '';
  for (const name of [...u.searchParams.keys()]) if (isSecretParam(name)) u.searchParams.delete(name);
  return u.toString();
}

/** A copy of `value` with every URL string in it stripped (settings objects before saving). */
export function scrubCredentials<T>(value: T): T {
  if (typeof value === 'string') return stripUrlCredentials(value) as T;
  if (Array.isArray(value)) return value.map(scrubCredentials) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = scrubCredentials(v);
    return out as T;
  }
  return value;
}
