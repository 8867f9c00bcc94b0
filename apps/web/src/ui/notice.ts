/**
 * Toasts and alerts raised from code that the first screen loads (the API client, the route guard).
 * antd-mobile's Toast and Dialog bring react-spring and the popup machinery with them (~20 KiB gzip), so
 * they are fetched the first time one is shown rather than before the home screen's first paint (issue 11).
 */
const kit = () => import('./noticeKit');

/** A centred toast, as every API refusal and success message is shown (SPEC.md §8). */
export function showToast(content: string): void {
  void kit().then(({ Toast }) => Toast.show({ content, position: 'center' }));
}

/** A question with two buttons; resolves true when the first is chosen. */
export async function showConfirm(
  content: string,
  confirmText: string,
  cancelText: string,
): Promise<boolean> {
  const { Dialog } = await kit();
  return Dialog.confirm({ content, confirmText, cancelText });
}

/** An alert with one button. */
export function showAlert(content: string, confirmText: string): void {
  void kit().then(({ Dialog }) => Dialog.alert({ content, confirmText }));
}
