// The thin top bar shown while a page loads (#0a5096, 1 px; timings from spec section 9).
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { LOADING_BAR } from '../../../../schema/rules/index.ts';

export function LoadingBar() {
  const busy = useNavigation().state !== 'idle';
  const [phase, setPhase] = useState<'hidden' | 'running' | 'finishing'>('hidden');
  useEffect(() => {
    if (busy) {
      // Fast navigations never show the bar.
      const timer = setTimeout(() => setPhase('running'), LOADING_BAR.throttleMs);
      return () => clearTimeout(timer);
    }
    if (phase === 'running') {
      setPhase('finishing');
      const timer = setTimeout(() => setPhase('hidden'), LOADING_BAR.hideDelayMs + LOADING_BAR.resetDelayMs);
      return () => clearTimeout(timer);
    }
  }, [busy]); // eslint-disable-line react-hooks/exhaustive-deps
  if (phase === 'hidden') return null;
  return (
    <div
      className={`loading-bar loading-bar--${phase}`}
      style={{
        background: LOADING_BAR.color,
        height: `${LOADING_BAR.heightPx}px`,
        transitionDuration: `${phase === 'running' ? LOADING_BAR.durationMs : LOADING_BAR.hideDelayMs}ms`,
      }}
      role="progressbar"
      aria-hidden="true"
    />
  );
}
