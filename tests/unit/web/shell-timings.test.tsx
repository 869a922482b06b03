// @vitest-environment jsdom
// Spec section 9 timings with fake timers: notifications close after 3000 ms (toast() 5000 ms), at
// most 10 at once, identical ones grouped, paused while hovered; the loading bar waits 200 ms before
// it shows, runs 2000 ms, and is gone 500 + 400 ms after the navigation ends.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect, useRef } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { ToastProvider, useNotify } from '../../../web/app/components/ui/Toasts.tsx';
import { LoadingBar } from '../../../web/app/components/ui/LoadingBar.tsx';
import { createI18n } from '../../../web/app/i18n/index.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

let api: ReturnType<typeof useNotify>;
function Grab() {
  api = useNotify();
  return null;
}

/** A page that gives a notice as it opens (its effect runs before the notices' own). */
function GreetOnArrival() {
  const { notify } = useNotify();
  const given = useRef(false);
  useEffect(() => {
    if (given.current) return;
    given.current = true;
    notify('info', 'Vítejte zpět.');
  });
  return <p>welcome</p>;
}

/** The notices inside the app's router, as in root.tsx: they belong to a page (issue 40, item 24). */
function renderToasts() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <I18nextProvider i18n={createI18n('cs')}>
            <ToastProvider>
              <Grab />
              <Outlet />
            </ToastProvider>
          </I18nextProvider>
        ),
        children: [
          { index: true, element: <p>home</p> },
          { path: 'kosik', element: <p>cart</p> },
          { path: 'pokladna', element: <p>checkout</p> },
          { path: 'kosik-2', element: <p>cart 2</p> },
          { path: 'vitejte', element: <GreetOnArrival /> },
        ],
      },
    ],
    { initialEntries: ['/kosik'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const items = () => screen.queryAllByRole('status').filter((element) => element.tagName === 'LI');

describe('notifications', () => {
  it('close after 3000 ms; toast() after 5000 ms', () => {
    renderToasts();
    act(() => api.notify('success', 'Uloženo'));
    act(() => api.toast('info', 'Odkaz zkopírován'));
    act(() => void vi.advanceTimersByTime(2999));
    expect(items()).toHaveLength(2);
    act(() => void vi.advanceTimersByTime(1));
    expect(items().map((item) => item.textContent)).toEqual([expect.stringContaining('Odkaz zkopírován')]);
    act(() => void vi.advanceTimersByTime(1999));
    expect(items()).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(items()).toHaveLength(0);
  });

  it('shows at most 10 and groups identical ones with a count', () => {
    renderToasts();
    act(() => {
      for (let i = 1; i <= 12; i += 1) api.notify('info', `Zpráva ${i}`);
      api.notify('info', 'Zpráva 12');
    });
    const shown = items();
    expect(shown).toHaveLength(10);
    expect(shown[0].textContent).toContain('Zpráva 3');
    expect(shown[9].textContent).toContain('×2');
  });

  it('pauses while the pointer is over it and closes with the rest of its time after', () => {
    renderToasts();
    act(() => api.notify('success', 'Přidáno do košíku'));
    act(() => void vi.advanceTimersByTime(1000));
    fireEvent.mouseEnter(items()[0]);
    act(() => void vi.advanceTimersByTime(10_000));
    expect(items()).toHaveLength(1);
    fireEvent.mouseLeave(items()[0]);
    act(() => void vi.advanceTimersByTime(1999));
    expect(items()).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(items()).toHaveLength(0);
  });

  it('end when the shopper goes to another page; one given for the page the app goes to next is shown there, and ends when she leaves it', async () => {
    const router = renderToasts();
    act(() => api.notify('success', 'Voucher jsme uplatnili.'));
    fireEvent.mouseEnter(items()[0]);
    // a filter or sort on the same page keeps it
    await act(async () => {
      await router.navigate('/kosik?razeni=cena');
    });
    expect(items()).toHaveLength(1);
    await act(async () => {
      await router.navigate('/pokladna');
    });
    expect(items()).toHaveLength(0);
    act(() => api.notify('success', 'Přihlášení proběhlo úspěšně.', { nextPage: true }));
    await act(async () => {
      await router.navigate('/');
    });
    expect(items().map((item) => item.textContent)).toEqual([expect.stringContaining('Přihlášení proběhlo úspěšně.')]);
    await act(async () => {
      await router.navigate('/kosik-2');
    });
    expect(items()).toHaveLength(0);
    // a notice the new page gives as it opens is that page's
    await act(async () => {
      await router.navigate('/vitejte');
    });
    expect(items().map((item) => item.textContent)).toEqual([expect.stringContaining('Vítejte zpět.')]);
  });

  it('can carry one action button', () => {
    renderToasts();
    const onClick = vi.fn();
    act(() => api.toast('info', 'Je k dispozici nová verze obchodu.', { action: { label: 'Načíst novou verzi', onClick } }));
    fireEvent.click(screen.getByRole('button', { name: 'Načíst novou verzi' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('loading bar', () => {
  function renderRouter() {
    let release: () => void = () => {};
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <LoadingBar />
              <Link to="/slow">slow</Link>
              <Link to="/fast">fast</Link>
              <Outlet />
            </>
          ),
          children: [
            { index: true, element: <p>home</p> },
            { path: 'fast', loader: () => null, element: <p>fast page</p> },
            { path: 'slow', loader: () => new Promise<null>((resolve) => (release = () => resolve(null))), element: <p>slow page</p> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    return { router, release: () => release() };
  }
  const bar = () => document.querySelector('.loading-bar') as HTMLElement | null;

  it('a navigation under 200 ms never shows it', async () => {
    const { router } = renderRouter();
    await act(async () => {
      await router.navigate('/fast');
    });
    act(() => void vi.advanceTimersByTime(1000));
    expect(bar()).toBeNull();
  });

  it('shows after 200 ms (running for 2000 ms), hides 500 + 400 ms after the page arrives', async () => {
    const { router, release } = renderRouter();
    await act(async () => {
      void router.navigate('/slow');
      await Promise.resolve();
    });
    act(() => void vi.advanceTimersByTime(199));
    expect(bar()).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(bar()?.className).toContain('loading-bar--running');
    expect(bar()?.style.transitionDuration).toBe('2000ms');
    expect(bar()?.style.background).toBe('rgb(10, 80, 150)');
    await act(async () => {
      release();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('slow page')).toBeTruthy();
    expect(bar()?.className).toContain('loading-bar--finishing');
    expect(bar()?.style.transitionDuration).toBe('500ms');
    act(() => void vi.advanceTimersByTime(899));
    expect(bar()).not.toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(bar()).toBeNull();
  });
});
