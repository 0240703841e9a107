import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';

export type Page = LazyExoticComponent<ComponentType> & { preload: () => void; load: () => Promise<unknown> };

/**
 * A route's page, downloaded when first shown, or earlier when a link to it is hovered or focused
 * (`preload`). Declarative routes rather than a data router: the data router's code would put the
 * landing page over its JavaScript budget (decision 004).
 */
export const page = (load: () => Promise<{ Component: ComponentType }>): Page => {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => (loading ??= load().then((m) => ({ default: m.Component })));
  return Object.assign(lazy(start), { preload: () => void start().catch(() => undefined), load: start });
};

/** The page of `pathname` in a route table (React Router matches case-insensitively). */
export const pageAt = (table: [path: string, Page][], pathname: string) =>
  table.find(([path]) => matchPath({ path, caseSensitive: false }, pathname))?.[1];
