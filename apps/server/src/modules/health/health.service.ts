import { pingDb, type Db } from '../../db/client';

/** Whether the database answers: the health route's only question. */
export const databaseIsUp = (db: Db) => pingDb(db);
