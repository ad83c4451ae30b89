/**
 * The app's toasts (3 seconds, 65px below the top of the safe area). antd's message code loads on the first
 * toast, so pages that never toast (e.g. /login before a failure) do not pay for it.
 * Exports: `toastError(text)`, `toastSuccess(text)`. A toast with the same text as one still shown
 * replaces it (keyed by its text), so a page whose two requests fail offline shows one notice, not two.
 */
type MessageApi = typeof import('antd/es/message').default;

let messageApi: Promise<MessageApi> | null = null;

function loadMessage(): Promise<MessageApi> {
  // AntdProvider renders the toasts (theme, and styles that hold on the oldest supported engines).
  messageApi ??= Promise.all([import('antd/es/message'), import('@/components/AntdProvider')]).then(
    ([{ default: message }]) => {
      // below the top bar, which is itself below the notch of an installed app (env(safe-area-inset-top))
      message.config({ top: 'calc(65px + env(safe-area-inset-top, 0px))', duration: 3, maxCount: 3 });
      return message;
    },
    (error: unknown) => {
      // offline before the first toast: this one is lost (the offline notice says why); the next tries again
      messageApi = null;
      throw error;
    },
  );
  return messageApi;
}

function show(kind: 'error' | 'success', text: string) {
  loadMessage().then(
    (message) => message[kind]({ key: text, content: text, duration: 3 }),
    (error: unknown) => console.warn('toast not shown', text, error),
  );
}

export const toastError = (text: string) => show('error', text);

export const toastSuccess = (text: string) => show('success', text);
