/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The chat host (SPEC.md §7: chat calls go to a separate host); unset means the same origin as the app. */
  readonly VITE_CHAT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
