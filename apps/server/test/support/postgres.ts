import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const adminPool = (url: string) => new pg.Pool({ connectionString: url, max: 1 });
export const templateName = () => `nirmaan_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
export const testDatabaseName = () => `nirmaan_t_${randomBytes(6).toString('hex')}`;
