/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The backend's origin when it is not this app's own (proxied) one, e.g. http://localhost:8080. */
  readonly VITE_CHAT_API_BASE?: string;
  /** The chat's address for launcher.html (the widget, served by the chat server): http://localhost:8080/chat/ by default. */
  readonly VITE_CHAT_URL?: string;
  /** The chat channel to open; `demo` on the reference server. */
  readonly VITE_CHAT_CHANNEL?: string;
}
