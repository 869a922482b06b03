// Offers a reload when a newer build is out (toast with a button), and makes the next navigation a
// full page load, so the shopper gets the new code without losing what is on the screen now.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { useNotify } from '../components/ui/Toasts.tsx';
import { startBuildCheck } from './build-check.ts';

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string };
  }
}

export function BuildCheck() {
  const { t } = useTranslation();
  const { toast } = useNotify();
  const [newBuild, setNewBuild] = useState(false);
  const location = useLocation();
  const seenPath = useRef(location.pathname + location.search);

  useEffect(() => {
    const currentBuildId = window.__reactRouterManifest?.version;
    if (!currentBuildId) return;
    return startBuildCheck({ currentBuildId, onNewBuild: () => setNewBuild(true) });
  }, []);

  useEffect(() => {
    if (!newBuild) return;
    toast('info', t('shell.newBuild'), { action: { label: t('shell.reload'), onClick: () => window.location.reload() } });
  }, [newBuild]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const path = location.pathname + location.search;
    if (path === seenPath.current) return;
    seenPath.current = path;
    // the router has already moved to the new address: load it from the server with the new build
    if (newBuild) window.location.reload();
  }, [location.pathname, location.search, newBuild]);

  return null;
}
