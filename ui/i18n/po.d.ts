/** A Lingui catalog, compiled from .po by @lingui/vite-plugin. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
