import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TOAST_MS } from '@nirmaan/shared/constants';

export type ToastVariant = 'success' | 'danger' | 'warning' | 'info';
interface ToastState { id: number; message: string; variant: ToastVariant }
type ShowToast = (message: string, variant?: ToastVariant) => void;

const ToastContext = createContext<ShowToast>(() => undefined);

/**
 * Toasts appear top-end, auto-hide after 3 seconds and take the variant's colour (the spec's Login screen).
 * Plain Bootstrap toast markup: react-bootstrap's Toast and its transition code would sit in the
 * first bundle, which every visitor downloads (the bundle budget, docs/architecture.md).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastState[]>([]);
  const show = useCallback<ShowToast>((message, variant = 'success') => {
    setToasts((list) => [...list, { id: Date.now() + Math.random(), message, variant }]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toast-container app-toasts position-fixed top-0 end-0 p-3">
        {toasts.map((t) => <ToastItem key={t.id} toast={t} onClose={dismiss} />)}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onClose }: { toast: ToastState; onClose: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onClose]);
  const { t } = useLingui();
  const lightText = toast.variant === 'success' || toast.variant === 'danger';
  return (
    <div className={`toast show toast-enter border-0 text-bg-${toast.variant}`}>
      <div className="d-flex align-items-center">
        <div className="toast-body flex-grow-1" role="status">{toast.message}</div>
        <button
          type="button"
          className={`btn-close me-2 ${lightText ? 'btn-close-white' : ''}`}
          aria-label={t`Close`}
          onClick={() => onClose(toast.id)}
        />
      </div>
    </div>
  );
}

export const useToast = () => useContext(ToastContext);
