import type { Db } from '../db/client.ts';

/**
 * A statement built once per database and prepared by name: a page's reads run it with new parameters, without
 * building its SQL again, and PostgreSQL plans it once per connection instead of once per page.
 */
export function preparedPerDb<P>(build: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byDb.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
