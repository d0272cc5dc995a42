/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The backend's origin when it is not this app's own (proxied) one, e.g. http://localhost:8080. */
  readonly VITE_CHAT_API_BASE?: string;
  /** The chat channel to open; `demo` on the reference server. */
  readonly VITE_CHAT_CHANNEL?: string;
}
