// Toast notifications: auto-close after 3000 ms (5000 ms for toast()), at most 10 at once,
// identical messages grouped, paused while the pointer is over them (spec sections 4 and 9). A notice
// belongs to its page and ends when the shopper goes to another (the voucher's, given in the cart,
// covered the checkout's summary); one that announces where she is being taken is shown there.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { MAX_NOTIFICATIONS, NOTIFICATION_TIMEOUT_MS, TOAST_TIMEOUT_MS } from '../../../../schema/rules/index.ts';

type Kind = 'success' | 'error' | 'info';
type Action = { label: string; onClick: () => void };
/** `page`: the path the notice belongs to; null while it waits for the page it announces. */
type Notice = { id: number; kind: Kind; text: string; count: number; timeout: number; action?: Action; page: string | null };
/**
 * `action`: one button in the notice (e.g. the build check's reload). `nextPage`: the notice is about
 * the page the app navigates to right after it (signed in, registered): it is shown there, and ends
 * when the shopper leaves that page.
 */
type NotifyOptions = { timeout?: number; action?: Action; nextPage?: boolean };
type Notify = (kind: Kind, text: string, options?: NotifyOptions) => void;

const NotifyContext = createContext<{ notify: Notify; toast: Notify }>({ notify: () => {}, toast: () => {} });

export function useNotify() {
  return useContext(NotifyContext);
}

function NoticeItem({ notice, onClose }: { notice: Notice; onClose: (id: number) => void }) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(notice.timeout);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onClose(notice.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, notice.id, notice.count, onClose]);
  return (
    <li
      className={`toast toast--${notice.kind}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <span>{notice.text}</span>
      {notice.count > 1 && <span className="toast__count">×{notice.count}</span>}
      {notice.action ? (
        <button type="button" className="toast__action" onClick={notice.action.onClick}>
          {notice.action.label}
        </button>
      ) : null}
      <button type="button" className="toast__close" aria-label={t('notifications.close')} onClick={() => onClose(notice.id)}>
        ×
      </button>
    </li>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);
  const { pathname } = useLocation();
  // the page a notice is given on, set while rendering: a new page's own first effects run before
  // this component's, and a notice they give is that page's
  const page = useRef(pathname);
  page.current = pathname;
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    // another page: the old page's notices end, the ones that announced this page are now its own
    setNotices((all) => all.filter((n) => n.page === null || n.page === pathname).map((n) => (n.page === null ? { ...n, page: pathname } : n)));
  }, [pathname]);
  const close = useCallback((id: number) => setNotices((all) => all.filter((n) => n.id !== id)), []);
  const push = useCallback((kind: Kind, text: string, timeout: number, options?: NotifyOptions) => {
    const notice = { kind, text, timeout, action: options?.action, page: options?.nextPage ? null : page.current };
    setNotices((all) => {
      const same = all.find((n) => n.kind === kind && n.text === text && n.page === notice.page);
      if (same) return all.map((n) => (n === same ? { ...n, count: n.count + 1 } : n));
      return [...all, { ...notice, id: nextId.current++, count: 1 }].slice(-MAX_NOTIFICATIONS);
    });
  }, []);
  const value = {
    notify: (kind: Kind, text: string, options?: NotifyOptions) => push(kind, text, options?.timeout ?? NOTIFICATION_TIMEOUT_MS, options),
    toast: (kind: Kind, text: string, options?: NotifyOptions) => push(kind, text, options?.timeout ?? TOAST_TIMEOUT_MS, options),
  };
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <ol className="toasts" aria-label={t('notifications.region')} aria-live="polite">
        {notices.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} onClose={close} />
        ))}
      </ol>
    </NotifyContext.Provider>
  );
}
