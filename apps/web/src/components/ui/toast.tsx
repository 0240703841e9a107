import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { TOAST_MS } from '@nirmaan/shared/constants';

export type ToastVariant = 'success' | 'danger' | 'warning' | 'info';
interface ToastState { id: number; message: string; variant: ToastVariant }
type ShowToast = (message: string, variant?: ToastVariant) => void;

const ToastContext = createContext<ShowToast>(() => undefined);

/** Toasts appear top-end, auto-hide after 3 seconds and take the variant's colour (SPEC.md §2 Login). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastState[]>([]);
  const show = useCallback<ShowToast>((message, variant = 'success') => {
    setToasts((list) => [...list, { id: Date.now() + Math.random(), message, variant }]);
  }, []);
  const dismiss = (id: number) => setToasts((list) => list.filter((t) => t.id !== id));
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <ToastContainer position="top-end" className="p-3 position-fixed" style={{ zIndex: 1090 }}>
        {toasts.map((t) => (
          <Toast key={t.id} bg={t.variant} autohide delay={TOAST_MS} onClose={() => dismiss(t.id)}>
            <Toast.Body className={t.variant === 'warning' || t.variant === 'info' ? 'text-dark' : 'text-white'} role="status">
              {t.message}
            </Toast.Body>
          </Toast>
        ))}
      </ToastContainer>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
