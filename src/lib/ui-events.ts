/**
 * App-wide UI requests that a feature may make without importing the layout:
 * - `openServiceModal()`: open the layout's 运营咨询 (contact service) dialog, e.g. pay type 9.
 * - `openChangePasswordModal()`: open the layout's 修改密码 dialog.
 * - `openPriceTableModal()`: open the layout's 价格表 dialog.
 * - `openInstallSheet()`: open the layout's sheet with the steps to install the app.
 * The layout registers handlers with `onUiEvent(name, handler)`.
 */
export type UiEventName = 'service' | 'changePassword' | 'priceTable' | 'install';

const handlers = new Map<UiEventName, Set<() => void>>();

export function onUiEvent(name: UiEventName, handler: () => void): () => void {
  const set = handlers.get(name) ?? new Set();
  set.add(handler);
  handlers.set(name, set);
  return () => {
    set.delete(handler);
  };
}

function emit(name: UiEventName) {
  handlers.get(name)?.forEach((handler) => handler());
}

export const openServiceModal = () => emit('service');
export const openChangePasswordModal = () => emit('changePassword');
export const openPriceTableModal = () => emit('priceTable');
export const openInstallSheet = () => emit('install');
