import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { openVisit } from './journey.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * A browser test file's own stage: a server on fresh demo data and one browser; `page()` opens a page in a
 * context of its own (its own cookies), so a customer and a vendor can act side by side.
 */
export interface Stage {
  server: RunningServer;
  browser: Browser;
  page(): Promise<Page>;
  close(): Promise<void>;
}

/** `env`: extra server settings (a local payment gateway's, for one). */
export async function openStage(env: Record<string, string> = {}): Promise<Stage> {
  const server = await startServer(env);
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (err) {
    await server.stop();
    throw err;
  }
  return {
    server,
    browser,
    page: async () => (await openVisit(browser, undefined, { baseUrl: server.url })).context.newPage(),
    close: async () => {
      await browser.close();
      await server.stop();
    },
  };
}
