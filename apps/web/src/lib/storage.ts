/** The session values the browser keeps between visits (localStorage). */
export const STORAGE_KEYS = {
  token: 'token',
  username: 'username',
  isDemo: 'is_demo',
  isImpersonated: 'is_impersonated',
  loginRedirect: 'login_redirect_path',
  language: 'language',
  /** Set when the language was chosen here (?lang= or the switch) and is not yet saved for the user. */
  languagePending: 'language_pending',
  /** Hidden notices per username (JSON), kept also for read-only sessions whose writes are not sent. */
  hiddenNotifications: 'hidden_notifications',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function read(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lasts for this page only.
  }
}

export const storage = {
  getToken: (): string | null => read(STORAGE_KEYS.token),
  getUsername: (): string | null => read(STORAGE_KEYS.username),
  isDemo: (): boolean => read(STORAGE_KEYS.isDemo) === 'true',
  isImpersonated: (): boolean => read(STORAGE_KEYS.isImpersonated) === 'true',
  getLanguage: (): string | null => read(STORAGE_KEYS.language),
  setLanguage: (language: string): void => write(STORAGE_KEYS.language, language),
  isLanguagePending: (): boolean => read(STORAGE_KEYS.languagePending) === 'true',
  setLanguagePending: (pending: boolean): void =>
    write(STORAGE_KEYS.languagePending, pending ? 'true' : null),
  getHiddenNotifications: (): string | null => read(STORAGE_KEYS.hiddenNotifications),
  setHiddenNotifications: (json: string): void => write(STORAGE_KEYS.hiddenNotifications, json),

  /** Stores a fresh session after a successful login. */
  setSession(token: string, username: string): void {
    write(STORAGE_KEYS.token, token);
    write(STORAGE_KEYS.username, username);
  },

  setSessionFlags(flags: { isDemo: boolean; isImpersonated: boolean }): void {
    write(STORAGE_KEYS.isDemo, String(flags.isDemo));
    write(STORAGE_KEYS.isImpersonated, String(flags.isImpersonated));
  },

  /** Forgets the whole session (logout, 401); the language choice stays. */
  clearSession(): void {
    write(STORAGE_KEYS.token, null);
    write(STORAGE_KEYS.username, null);
    write(STORAGE_KEYS.isDemo, null);
    write(STORAGE_KEYS.isImpersonated, null);
  },

  /** Remembers where a signed-out visitor wanted to go, to return there after login. */
  setLoginRedirect: (path: string): void => write(STORAGE_KEYS.loginRedirect, path),
  clearLoginRedirect: (): void => write(STORAGE_KEYS.loginRedirect, null),

  /** Reads and forgets the stored return path. */
  takeLoginRedirect(): string | null {
    const path = read(STORAGE_KEYS.loginRedirect);
    write(STORAGE_KEYS.loginRedirect, null);
    return path;
  },
};
