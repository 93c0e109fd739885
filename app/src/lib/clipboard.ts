/**
 * Copies text: the Clipboard API where the page may use it, else the old selection trick
 * (some web views deny the API without saying so).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy copy
  }
  return legacyCopy(text);
}

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  area.style.pointerEvents = 'none';
  document.body.append(area);
  area.select();
  try {
    // Deprecated, but the only way left when the Clipboard API is missing.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
