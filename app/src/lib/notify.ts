import type { ParseKeys } from 'i18next';
import type { ToastOptions } from 'react-toastify/unstyled';
import { i18n } from '../i18n/i18n';
import { toast } from './toast';

export type MessageKey = ParseKeys;

function show(kind: 'success' | 'info' | 'warning' | 'error' | 'default', key: MessageKey, options?: ToastOptions) {
  // The key doubles as the toast id, so a repeated message is not stacked twice.
  const settings: ToastOptions = { toastId: key, ...options };
  const text = i18n.t(key);
  if (kind === 'default') toast(text, settings);
  else toast[kind](text, settings);
}

/** Toasts by i18n key (spec section 4: loading, success, info, warning, error, default). */
export const notify = {
  show: (key: MessageKey, options?: ToastOptions) => show('default', key, options),
  success: (key: MessageKey, options?: ToastOptions) => show('success', key, options),
  info: (key: MessageKey, options?: ToastOptions) => show('info', key, options),
  warning: (key: MessageKey, options?: ToastOptions) => show('warning', key, options),
  error: (key: MessageKey, options?: ToastOptions) => show('error', key, options),
  /** A loading toast; settle it with `notify.settle` and the id returned. */
  loading: (key: MessageKey, options?: ToastOptions) => {
    const id = options?.toastId ?? key;
    toast.loading(i18n.t(key), { ...options, toastId: id });
    return id;
  },
  settle: (id: string | number, kind: 'success' | 'error', key: MessageKey) =>
    toast.update(id, { render: i18n.t(key), type: kind, isLoading: false, autoClose: TOAST_AUTO_CLOSE_MS }),
  dismiss: (id?: string | number) => toast.dismiss(id),
};

/** Spec section 9: toasts close after 4000 ms, at most 3 visible, 356 px wide. */
export const TOAST_AUTO_CLOSE_MS = 4000;
export const TOAST_LIMIT = 3;
export const TOAST_WIDTH_PX = 356;
