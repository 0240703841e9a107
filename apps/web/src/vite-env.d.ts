/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The chat host (docs/api-contract.md: chat calls go to a separate host); unset means the same origin as the app. */
  readonly VITE_CHAT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** A Lingui catalogue, compiled by @lingui/vite-plugin when imported. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
