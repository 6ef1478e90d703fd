import { TOAST_ERROR_MS, TOAST_MS } from '@balcao/shared';
import type { AlertColor } from '@mui/material/Alert';
import { useSyncExternalStore } from 'react';
import { errorMessage } from '../api/error-message';

interface Toast {
  id: number;
  severity: AlertColor;
  message: string;
  duration: number;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function show(severity: AlertColor, message: string) {
  const duration = severity === 'error' ? TOAST_ERROR_MS : TOAST_MS;
  // Three at most on screen: a burst of failures should not bury the page.
  toasts = [...toasts, { id: nextId++, severity, message, duration }].slice(-3);
  emit();
}

export function dismissToast(id: number) {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** Callable from anywhere (socket handlers, mutations): toasts are not tied to a component. */
export const toast = {
  success: (message: string) => show('success', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
  error: (message: string) => show('error', message),
  apiError: (error: unknown) => show('error', errorMessage(error)),
};

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
}
