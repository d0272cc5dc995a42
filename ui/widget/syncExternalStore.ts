/**
 * wouter's `use-sync-external-store/shim` (vite.config.ts aliases it here): React 18+ and
 * preact/compat have useSyncExternalStore, which the shim only falls back from (0.3 kB less on the
 * first screen).
 */
export { useSyncExternalStore } from 'react';
