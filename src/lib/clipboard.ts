/**
 * `copyText(text)`: the clipboard API where there is one, else a selected text area and
 * execCommand('copy') (older web views, pages not on https). Rejects when neither copied.
 */
export async function copyText(text: string) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}
