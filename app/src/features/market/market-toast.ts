import type { ReactNode } from 'react';
import type { ToastOptions } from 'react-toastify/unstyled';
import { toast } from '../../lib/toast';
import { marketText, type MarketTextKey, type MarketTextValues } from './market-texts';

type Kind = 'success' | 'info' | 'warning' | 'error';

function show(kind: Kind, key: MarketTextKey, values?: MarketTextValues, options?: ToastOptions) {
  const text = marketText(key, values);
  // The text doubles as the toast id: the same message is not stacked twice.
  return toast[kind](text, { toastId: `market:${text}`, ...options });
}

/** Toasts with market texts (the app's `notify` knows only the entry chunk's keys). */
export const marketToast = {
  success: (key: MarketTextKey, values?: MarketTextValues, options?: ToastOptions) => show('success', key, values, options),
  info: (key: MarketTextKey, values?: MarketTextValues, options?: ToastOptions) => show('info', key, values, options),
  warning: (key: MarketTextKey, values?: MarketTextValues, options?: ToastOptions) => show('warning', key, values, options),
  error: (key: MarketTextKey, values?: MarketTextValues, options?: ToastOptions) => show('error', key, values, options),
  /** A toast with its own content (a text and an action). */
  custom: (kind: Kind, id: string, content: ReactNode, options?: ToastOptions) =>
    toast[kind](content, { toastId: `market:${id}`, ...options }),
};
