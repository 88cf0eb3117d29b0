const FLASH_KEY = 'ticklist:flash';

/**
 * A message to show once after a full page load: a sign-out that must reload the app (deleting the
 * account) still says what happened. Kept in sessionStorage, so only this tab sees it.
 */
export function setFlash(message: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    // Storage may be unavailable (private mode): the message is a courtesy, not the outcome.
  }
}

/** The message left for this load, read once. */
export function takeFlash(): string | null {
  try {
    const message = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    return message;
  } catch {
    return null;
  }
}
