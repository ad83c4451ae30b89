/**
 * The app's toasts (3 seconds, 65px from the top). antd's message code loads on the first
 * toast, so pages that never toast (e.g. /login before a failure) do not pay for it.
 * Exports: `toastError(text)`, `toastSuccess(text)`.
 */
type MessageApi = typeof import('antd/es/message').default;

let messageApi: Promise<MessageApi> | null = null;

function loadMessage(): Promise<MessageApi> {
  messageApi ??= import('antd/es/message').then(({ default: message }) => {
    message.config({ top: 65, duration: 3, maxCount: 3 });
    return message;
  });
  return messageApi;
}

export function toastError(text: string) {
  void loadMessage().then((message) => message.error({ content: text, duration: 3 }));
}

export function toastSuccess(text: string) {
  void loadMessage().then((message) => message.success({ content: text, duration: 3 }));
}
